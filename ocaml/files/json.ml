(* Strict JSON (RFC 8259) for the headers of files: the grammar serde_json
   reads, which the safetensors reference uses, with nothing added: no
   comments, no trailing commas, no NaN, no byte order mark, whitespace
   only space, tab, LF and CR, strings in UTF-8 without raw control
   characters, no lone surrogate in a \u escape. *)

type t =
  | Null
  | Bool of bool
  | Number of string (* its text, as written *)
  | String of string
  | Array of t list
  | Object of (string * t) list (* in order, duplicate names kept *)

(* serde_json's recursion limit: 127 nested arrays or objects. *)
let max_depth = 127

exception Fail of int * string

let fail i fmt = Printf.ksprintf (fun m -> raise (Fail (i, m))) fmt

(* The position of the first byte of [s] that is not UTF-8, if any. *)
let invalid_utf_8 s =
  let n = String.length s in
  let rec go i =
    if i >= n then None
    else if i + 8 <= n && Int64.logand (String.get_int64_ne s i) 0x8080808080808080L = 0L then
      go (i + 8) (* eight ASCII bytes *)
    else if Char.code (String.unsafe_get s i) < 0x80 then go (i + 1)
    else
      let d = String.get_utf_8_uchar s i in
      if Uchar.utf_decode_is_valid d then go (i + Uchar.utf_decode_length d) else Some i
  in
  go 0

let is_ws = function ' ' | '\t' | '\n' | '\r' -> true | _ -> false
let is_digit c = '0' <= c && c <= '9'

let parse s =
  let n = String.length s in
  let pos = ref 0 in
  let peek () = if !pos < n then s.[!pos] else '\000' in
  let eof () = !pos >= n in
  let skip_ws () = while !pos < n && is_ws (String.unsafe_get s !pos) do incr pos done in
  let expect c =
    if eof () then fail !pos "end of header where %C is expected" c
    else if s.[!pos] <> c then fail !pos "%C where %C is expected" s.[!pos] c
    else incr pos
  in
  let hex4 () =
    if !pos + 4 > n then fail !pos "unfinished \\u escape";
    let v = ref 0 in
    for k = 0 to 3 do
      let c = s.[!pos + k] in
      let d =
        match c with
        | '0' .. '9' -> Char.code c - 48
        | 'a' .. 'f' -> Char.code c - 87
        | 'A' .. 'F' -> Char.code c - 55
        | _ -> fail (!pos + k) "%C in a \\u escape" c
      in
      v := (!v * 16) + d
    done;
    pos := !pos + 4;
    !v
  in
  let string () =
    expect '"';
    (* Most strings have no escape: taken whole. *)
    let start = !pos in
    let stop = ref start in
    while !stop < n && (let c = String.unsafe_get s !stop in c <> '"' && c <> '\\' && c >= ' ') do
      incr stop
    done;
    if !stop < n && s.[!stop] = '"' then (pos := !stop + 1; String.sub s start (!stop - start))
    else
    let b = Buffer.create 16 in
    Buffer.add_substring b s start (!stop - start);
    pos := !stop;
    let rec loop () =
      if eof () then fail !pos "unterminated string";
      let c = s.[!pos] in
      incr pos;
      match c with
      | '"' -> Buffer.contents b
      | '\\' ->
          if eof () then fail !pos "unterminated string";
          let e = s.[!pos] in
          incr pos;
          (match e with
          | '"' | '\\' | '/' -> Buffer.add_char b e
          | 'b' -> Buffer.add_char b '\b'
          | 'f' -> Buffer.add_char b '\012'
          | 'n' -> Buffer.add_char b '\n'
          | 'r' -> Buffer.add_char b '\r'
          | 't' -> Buffer.add_char b '\t'
          | 'u' ->
              let at = !pos - 2 in
              let u = hex4 () in
              let u =
                if u >= 0xDC00 && u <= 0xDFFF then fail at "lone low surrogate \\u%04x" u
                else if u >= 0xD800 && u <= 0xDBFF then begin
                  if not (!pos + 1 < n && s.[!pos] = '\\' && s.[!pos + 1] = 'u') then
                    fail at "lone high surrogate \\u%04x" u;
                  pos := !pos + 2;
                  let lo = hex4 () in
                  if lo < 0xDC00 || lo > 0xDFFF then fail at "lone high surrogate \\u%04x" u;
                  0x10000 + ((u - 0xD800) lsl 10) + (lo - 0xDC00)
                end
                else u
              in
              Buffer.add_utf_8_uchar b (Uchar.of_int u)
          | c -> fail (!pos - 1) "invalid escape \\%C" c);
          loop ()
      | c when Char.code c < 0x20 -> fail (!pos - 1) "control character %C in a string" c
      | c -> Buffer.add_char b c; loop ()
    in
    loop ()
  in
  let digits () =
    let start = !pos in
    while !pos < n && is_digit (String.unsafe_get s !pos) do incr pos done;
    if !pos = start then fail !pos "a digit is expected"
  in
  let number () =
    let start = !pos in
    if peek () = '-' then incr pos;
    if peek () = '0' then begin
      incr pos;
      if is_digit (peek ()) then fail !pos "a number with a leading zero"
    end
    else digits ();
    if peek () = '.' then (incr pos; digits ());
    let exponent = peek () = 'e' || peek () = 'E' in
    if exponent then begin
      incr pos;
      if peek () = '+' || peek () = '-' then incr pos;
      digits ()
    end;
    let text = String.sub s start (!pos - start) in
    (* serde_json refuses what overflows a double, even where ignored; a
       number of at most 300 characters and no exponent cannot. *)
    if (exponent || String.length text > 300)
       && Float.abs (float_of_string text) = Float.infinity
    then fail start "number out of range";
    Number text
  in
  let literal word v =
    let l = String.length word in
    if !pos + l <= n && String.sub s !pos l = word then (pos := !pos + l; v)
    else fail !pos "invalid literal"
  in
  let rec value depth =
    skip_ws ();
    if eof () then fail !pos "end of header where a value is expected";
    match s.[!pos] with
    | '{' -> Object (container depth '}' (fun () -> member depth))
    | '[' -> Array (container depth ']' (fun () -> value (depth + 1)))
    | '"' -> String (string ())
    | 't' -> literal "true" (Bool true)
    | 'f' -> literal "false" (Bool false)
    | 'n' -> literal "null" Null
    | '-' | '0' .. '9' -> number ()
    | c -> fail !pos "%C where a value is expected" c
  and member depth =
    let k = string () in
    skip_ws ();
    expect ':';
    (k, value (depth + 1))
  (* The items of an array or object, from its opening bracket at [pos]
     to its closing one [close]. *)
  and container : 'a. int -> char -> (unit -> 'a) -> 'a list =
   fun depth close item ->
    if depth >= max_depth then fail !pos "nested deeper than %d" max_depth;
    incr pos;
    skip_ws ();
    if peek () = close then (incr pos; [])
    else
      let rec loop acc =
        let acc = item () :: acc in
        skip_ws ();
        if peek () = ',' then begin
          incr pos;
          skip_ws ();
          if peek () = close then fail !pos "trailing comma";
          loop acc
        end
        else (expect close; List.rev acc)
      in
      loop []
  in
  match invalid_utf_8 s with
  | Some i -> Error (i, "invalid UTF-8")
  | None -> (
      match
        let v = value 0 in
        skip_ws ();
        if not (eof ()) then fail !pos "%C after the value" s.[!pos];
        v
      with
      | v -> Ok v
      | exception Fail (i, m) -> Error (i, m))

(* Strings written as serde_json writes them: '"', '\\' and the control
   characters escaped, the short escapes where JSON has one, everything
   else as it is. *)
let add_string b s =
  Buffer.add_char b '"';
  String.iter
    (function
      | '"' -> Buffer.add_string b "\\\""
      | '\\' -> Buffer.add_string b "\\\\"
      | '\b' -> Buffer.add_string b "\\b"
      | '\012' -> Buffer.add_string b "\\f"
      | '\n' -> Buffer.add_string b "\\n"
      | '\r' -> Buffer.add_string b "\\r"
      | '\t' -> Buffer.add_string b "\\t"
      | c when Char.code c < 0x20 -> Printf.bprintf b "\\u%04x" (Char.code c)
      | c -> Buffer.add_char b c)
    s;
  Buffer.add_char b '"'
