(* The .npy format's headers and descriptors, for Nx_array.Npy. A header
   is read the way numpy reads it: its text is decoded, tokenized and
   parsed as Python 3.11 does (Parser/tokenizer.c), evaluated as
   ast.literal_eval does, then checked as numpy's _read_array_header and
   read_array do. Each rule below was checked against numpy with python3;
   test/cli/gen_npy_cases.py keeps the cases. This module depends on
   nothing but the standard library and Dtype. *)

type version = V1 | V2 | V3

let magic = "\x93NUMPY"
let max_header_chars = 10_000
let max_dims = 64

(* Python's limits: the tokenizer's bracket depth (MAXLEVEL) and the digits
   of a decimal integer literal (sys.int_info.default_max_str_digits). *)
let max_nesting = 200
let max_decimal_digits = 4300

(* The preamble: magic, major and minor version, header length. *)
let preamble_bytes = function V1 -> 10 | V2 | V3 -> 12

(* A UTF-8 character has at most 4 bytes. *)
let max_header_bytes = function V1 | V2 -> max_header_chars | V3 -> 4 * max_header_chars
let prefix_bytes = preamble_bytes V3 + max_header_bytes V3

type header = { descr : string; fortran_order : bool; shape : int array }

exception Refused of string

let refuse fmt = Printf.ksprintf (fun s -> raise (Refused s)) fmt

(* {1 Decoding} *)

(* The header as UTF-8: versions 1.0 and 2.0 are latin-1, 3.0 is UTF-8. *)
let decode version s =
  if String.contains s '\000' then refuse "its header contains a NUL byte";
  let text, chars =
    match version with
    | V1 | V2 ->
        let b = Buffer.create (String.length s) in
        String.iter (fun c -> Buffer.add_utf_8_uchar b (Uchar.of_char c)) s;
        (Buffer.contents b, String.length s)
    | V3 ->
        if not (String.is_valid_utf_8 s) then
          refuse "its header is not UTF-8, which version 3.0 headers are";
        let rec count i n =
          if i >= String.length s then n
          else count (i + Uchar.utf_decode_length (String.get_utf_8_uchar s i)) (n + 1)
        in
        (s, count 0 0)
  in
  if chars > max_header_chars then
    refuse "its header has %d characters; numpy reads at most %d" chars max_header_chars;
  text

(* What compile() does to a source string: "\r\n" and "\r" become "\n". *)
let translate_newlines s =
  let b = Buffer.create (String.length s) in
  String.iteri
    (fun i c ->
      if c <> '\r' then Buffer.add_char b c
      else if i + 1 >= String.length s || s.[i + 1] <> '\n' then Buffer.add_char b '\n')
    s;
  Buffer.contents b

(* ast.literal_eval strips leading spaces and tabs. *)
let lstrip s =
  let i = ref 0 in
  while !i < String.length s && (s.[!i] = ' ' || s.[!i] = '\t') do incr i done;
  String.sub s !i (String.length s - !i)

(* {1 Tokens} *)

type literal = { bytes : bool; formatted : bool; value : string }

type token =
  | Int of int option  (* [None]: past [max_int] *)
  | Float
  | Imaginary
  | Str of literal
  | Name of string
  | Op of char  (* { } ( ) [ ] , : + - *)
  | Ellipsis
  | Newline
  | End

let syntax fmt = Printf.ksprintf (fun s -> refuse "its header is not a Python literal: %s" s) fmt

(* [retry] reads as numpy's second attempt on a version 1.0 or 2.0 header
   whose first one failed: Python's tokenize module drops each [L] name
   right after a number (Python 2's long integers), then untokenize
   rewrites the layout: the blanks before a line's first token become
   spaces and a last line of blanks goes. *)
type lexer = {
  text : string;
  retry : bool;
  first_newline : int;
  mutable pos : int;
  mutable level : int;  (* brackets open *)
  mutable atbol : bool;
  mutable blank : bool;  (* the logical line so far has no token *)
  mutable after_number : bool;
}

let peek lx k = if lx.pos + k < String.length lx.text then lx.text.[lx.pos + k] else '\000'
let at_end lx = lx.pos >= String.length lx.text
let is_digit c = c >= '0' && c <= '9'
let is_letter c = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c = '_'
let is_identifier_char c = is_letter c || is_digit c || Char.code c >= 0x80

let continuation lx =
  lx.pos <- lx.pos + 1;
  if peek lx 0 <> '\n' then syntax "a character after a line continuation";
  lx.pos <- lx.pos + 1;
  if at_end lx then syntax "the text ends after a line continuation"

(* The indentation at the start of a line: Python's column (tabs to
   multiples of 8, a form feed back to 0, the column at the first
   backslash when the line is continued) must be 0 at bracket level 0. *)
let begin_line lx =
  lx.atbol <- false;
  let col = ref 0 and cont = ref 0 and line_start = ref lx.pos in
  let rec go () =
    match peek lx 0 with
    | ' ' -> incr col; lx.pos <- lx.pos + 1; go ()
    | '\t' -> col := ((!col / 8) + 1) * 8; lx.pos <- lx.pos + 1; go ()
    | '\x0c' -> col := 0; lx.pos <- lx.pos + 1; go ()
    | '\\' ->
        if !cont = 0 then cont := !col;
        continuation lx;
        line_start := lx.pos;
        go ()
    | _ -> ()
  in
  go ();
  let col = if !cont <> 0 then !cont else !col in
  lx.blank <- (peek lx 0 = '#' || peek lx 0 = '\n');
  if (not lx.blank) && lx.level = 0 then
    if not lx.retry then (if col <> 0 then syntax "an unexpected indent")
    else if (not (at_end lx)) && lx.pos > !line_start && !line_start > lx.first_newline then
      syntax "an unexpected indent"

(* The value of digit [c] in bases up to 16; 16 for what is not one. *)
let digit_value c =
  match c with
  | '0' .. '9' -> Char.code c - 48
  | 'a' .. 'f' -> Char.code c - 87
  | 'A' .. 'F' -> Char.code c - 55
  | _ -> 16

(* An integer literal's digits, without underscores, in [radix]; [None]
   past [max_int]. *)
let int_value radix digits =
  String.fold_left
    (fun acc c ->
      match acc with
      | Some a when a <= (max_int - digit_value c) / radix -> Some ((a * radix) + digit_value c)
      | _ -> None)
    (Some 0) digits

(* A number, as Python's tokenizer reads it; a name character right
   after one is an error ([L] excepted when [retry]). *)
let number lx =
  let start = lx.pos in
  let advance () = lx.pos <- lx.pos + 1 in
  let verify_end () =
    let c = peek lx 0 in
    if is_identifier_char c && not (lx.retry && c = 'L' && not (is_identifier_char (peek lx 1)))
    then syntax "an invalid number literal"
  in
  let rec digits_tail () =
    while is_digit (peek lx 0) do advance () done;
    if peek lx 0 = '_' then begin
      advance ();
      if not (is_digit (peek lx 0)) then syntax "an invalid decimal literal";
      digits_tail ()
    end
  in
  let digits a b = String.concat "" (String.split_on_char '_' (String.sub lx.text a (b - a))) in
  let imaginary_or_float () =
    match peek lx 0 with
    | 'j' | 'J' -> advance (); verify_end (); Imaginary
    | _ -> verify_end (); Float
  in
  let exponent () =
    (match peek lx 0 with
     | 'e' | 'E' ->
         advance ();
         if peek lx 0 = '+' || peek lx 0 = '-' then advance ();
         if not (is_digit (peek lx 0)) then syntax "an invalid decimal literal";
         digits_tail ()
     | _ -> ());
    imaginary_or_float ()
  in
  let fraction () = advance (); if is_digit (peek lx 0) then digits_tail (); exponent () in
  (* After a decimal integer part: a fraction, an exponent, an imaginary
     unit, or the end of an integer. *)
  let after_integer integer =
    match peek lx 0 with
    | '.' -> fraction ()
    | 'e' | 'E' -> exponent ()
    | 'j' | 'J' -> advance (); verify_end (); Imaginary
    | _ -> verify_end (); integer ()
  in
  let radix_literal radix is_radix_digit =
    advance (); advance ();
    let first = lx.pos in
    let rec go () =
      if peek lx 0 = '_' then advance ();
      if not (is_radix_digit (peek lx 0)) then syntax "an invalid base-%d literal" radix;
      while is_radix_digit (peek lx 0) do advance () done;
      if peek lx 0 = '_' then go ()
    in
    go ();
    if is_digit (peek lx 0) then syntax "an invalid digit in a base-%d literal" radix;
    verify_end ();
    Int (int_value radix (digits first lx.pos))
  in
  match peek lx 0, peek lx 1 with
  | '0', ('x' | 'X') ->
      radix_literal 16 (fun c -> digit_value c < 16)
  | '0', ('o' | 'O') -> radix_literal 8 (fun c -> digit_value c < 8)
  | '0', ('b' | 'B') -> radix_literal 2 (fun c -> digit_value c < 2)
  | '0', _ ->
      (* Zeros: another digit makes a float's integer part, or a leading
         zero, which Python refuses. *)
      advance ();
      let rec zeros () =
        if peek lx 0 = '_' then begin
          advance ();
          if not (is_digit (peek lx 0)) then syntax "an invalid decimal literal"
        end;
        if peek lx 0 = '0' then (advance (); zeros ())
      in
      zeros ();
      let nonzero = is_digit (peek lx 0) in
      if nonzero then digits_tail ();
      after_integer (fun () ->
          if nonzero then syntax "a decimal literal with a leading zero";
          Int (Some 0))
  | '.', _ -> fraction ()
  | _ ->
      digits_tail ();
      after_integer (fun () ->
          let d = digits start lx.pos in
          if String.length d > max_decimal_digits then
            syntax "an integer literal of more than %d digits" max_decimal_digits;
          Int (int_value 10 d))

(* Adds code point [u] as UTF-8; a lone surrogate, which Python strings
   may hold, as U+FFFD: it equals none of the ASCII names numpy checks. *)
let add_code_point b u =
  Buffer.add_utf_8_uchar b (if Uchar.is_valid u then Uchar.of_int u else Uchar.rep)

(* The value of a string literal's body, as Python decodes its escapes. *)
let unescape ~bytes body =
  let b = Buffer.create (String.length body) in
  let n = String.length body in
  let hex i k =
    if i + k > n then None
    else
      String.fold_left
        (fun acc c ->
          match acc with
          | Some a when digit_value c < 16 -> Some ((a * 16) + digit_value c)
          | _ -> None)
        (Some 0) (String.sub body i k)
  in
  let rec go i =
    if i < n then
      if body.[i] <> '\\' then (Buffer.add_char b body.[i]; go (i + 1))
      else
        let c = body.[i + 1] in
        let simple v = Buffer.add_char b v; go (i + 2) in
        match c with
        | '\n' -> go (i + 2)
        | '\\' | '\'' | '"' -> simple c
        | 'a' -> simple '\007' | 'b' -> simple '\b' | 'f' -> simple '\012'
        | 'n' -> simple '\n' | 'r' -> simple '\r' | 't' -> simple '\t' | 'v' -> simple '\011'
        | '0' .. '7' ->
            let j = ref (i + 1) and v = ref 0 in
            while !j < n && !j < i + 4 && body.[!j] >= '0' && body.[!j] <= '7' do
              v := (!v * 8) + Char.code body.[!j] - 48;
              incr j
            done;
            add_code_point b !v;
            go !j
        | 'x' | 'u' | 'U' when c = 'x' || not bytes ->
            let k = match c with 'x' -> 2 | 'u' -> 4 | _ -> 8 in
            (match hex (i + 2) k with
             | Some v when v <= 0x10FFFF -> add_code_point b v; go (i + 2 + k)
             | _ -> syntax "a bad \\%c escape in a string" c)
        | 'N' when not bytes ->
            refuse "its header has a \\N{...} escape in a string, which this reader does not read"
        | _ -> Buffer.add_char b '\\'; go (i + 1)
  in
  go 0;
  Buffer.contents b

(* A string literal; [lx.pos] is at its opening quote. *)
let string lx prefix =
  let p = String.lowercase_ascii prefix in
  let raw = String.contains p 'r' and bytes = String.contains p 'b' in
  let formatted = String.contains p 'f' in
  let q = peek lx 0 in
  let triple = peek lx 1 = q && peek lx 2 = q in
  let quotes = if triple then 3 else 1 in
  lx.pos <- lx.pos + quotes;
  let start = lx.pos in
  let rec body () =
    if at_end lx then syntax "an unterminated string";
    match peek lx 0 with
    | '\\' ->
        if lx.pos + 1 >= String.length lx.text then syntax "an unterminated string";
        lx.pos <- lx.pos + 2; body ()
    | c when c = q && ((not triple) || (peek lx 1 = q && peek lx 2 = q)) ->
        let s = String.sub lx.text start (lx.pos - start) in
        lx.pos <- lx.pos + quotes; s
    | '\n' when not triple -> syntax "an unterminated string"
    | _ -> lx.pos <- lx.pos + 1; body ()
  in
  let s = body () in
  if bytes && String.exists (fun c -> Char.code c >= 0x80) s then
    syntax "a non-ASCII character in a bytes literal";
  let value = if raw || formatted then s else unescape ~bytes s in
  Str { bytes; formatted; value }

let string_prefixes = [ "r"; "u"; "b"; "f"; "br"; "rb"; "fr"; "rf" ]

let name_or_string lx =
  let start = lx.pos in
  while is_letter (peek lx 0) || is_digit (peek lx 0) do lx.pos <- lx.pos + 1 done;
  let name = String.sub lx.text start (lx.pos - start) in
  let c = peek lx 0 in
  if (c = '\'' || c = '"') && List.mem (String.lowercase_ascii name) string_prefixes then
    string lx name
  else if Char.code c >= 0x80 then
    refuse "its header has a name with a character outside ASCII, which this reader does not read"
  else Name name

let rec next lx =
  if lx.atbol then begin_line lx;
  while peek lx 0 = ' ' || peek lx 0 = '\t' || peek lx 0 = '\x0c' do lx.pos <- lx.pos + 1 done;
  if at_end lx then (if lx.level > 0 then syntax "a bracket left open" else End)
  else
    match peek lx 0 with
    | '#' ->
        while (not (at_end lx)) && peek lx 0 <> '\n' do lx.pos <- lx.pos + 1 done;
        lx.after_number <- false;
        next lx
    | '\n' ->
        lx.pos <- lx.pos + 1;
        lx.atbol <- true;
        lx.after_number <- false;
        if lx.level = 0 && not lx.blank then Newline else next lx
    | '\\' -> continuation lx; next lx
    | c ->
        let tok = token lx c in
        (match tok with
         | Name "L" when lx.retry && lx.after_number -> next lx
         | Int _ | Float | Imaginary -> lx.after_number <- true; tok
         | _ -> lx.after_number <- false; tok)

and token lx c =
  let op () = lx.pos <- lx.pos + 1; Op c in
  match c with
  | '0' .. '9' -> number lx
  | '.' when is_digit (peek lx 1) -> number lx
  | '.' when peek lx 1 = '.' && peek lx 2 = '.' -> lx.pos <- lx.pos + 3; Ellipsis
  | '\'' | '"' -> string lx ""
  | c when is_letter c -> name_or_string lx
  | '{' | '(' | '[' ->
      if lx.level >= max_nesting then syntax "more than %d brackets nested" max_nesting;
      lx.level <- lx.level + 1;
      op ()
  | '}' | ')' | ']' ->
      if lx.level = 0 then syntax "an unmatched %C" c;
      lx.level <- lx.level - 1;
      op ()
  | ',' | ':' | '+' | '-' -> op ()
  | c when Char.code c >= 0x80 ->
      refuse "its header has a character outside ASCII outside a string"
  | c -> syntax "an unexpected %S" (String.make 1 c)

(* {1 Literals} *)

(* The values ast.literal_eval makes. Only strings and integers are
   needed in full; bytes, floats and complex numbers are refused wherever
   numpy looks, and may only stand where a later key replaces them. *)
type value =
  | V_int of int option
  | V_float
  | V_complex
  | V_str of string
  | V_bytes
  | V_bool of bool
  | V_none
  | V_ellipsis
  | V_tuple of value list
  | V_list of value list
  | V_set
  | V_dict of (value * value) list

type node =
  | Const of value
  | Formatted  (* an f-string: ast.literal_eval refuses it *)
  | Tuple of node list
  | List of node list
  | Set of node list
  | Dict of (node * node) list
  | Name_node of string
  | Call of node
  | Unary of char * node
  | Binary of char * node * node

type parser = { lx : lexer; mutable tok : token }

let advance p = p.tok <- next p.lx

let expect p c =
  if p.tok = Op c then advance p else syntax "a missing %C" c

let rec expr p =
  let rec more l =
    match p.tok with
    | Op ('+' | '-' as o) -> advance p; more (Binary (o, l, factor p))
    | _ -> l
  in
  more (factor p)

and factor p =
  match p.tok with
  | Op ('+' | '-' as o) -> advance p; Unary (o, factor p)
  | _ ->
      let rec calls a = if p.tok = Op '(' then (advance p; expect p ')'; calls (Call a)) else a in
      calls (atom p)

and atom p =
  let const v = advance p; Const v in
  match p.tok with
  | Int n -> const (V_int n)
  | Float -> const V_float
  | Imaginary -> const V_complex
  | Ellipsis -> const V_ellipsis
  | Name "True" -> const (V_bool true)
  | Name "False" -> const (V_bool false)
  | Name "None" -> const V_none
  | Name n -> advance p; Name_node n
  | Str _ -> strings p
  | Op '(' ->
      advance p;
      if p.tok = Op ')' then (advance p; Tuple [])
      else
        let e = expr p in
        if p.tok = Op ',' then Tuple (e :: rest p ')') else (expect p ')'; e)
  | Op '[' -> advance p; List (items p ']')
  | Op '{' -> advance p; braces p
  | Newline | End -> syntax "an unexpected end"
  | Op c -> syntax "an unexpected %C" c

(* Adjacent string literals, concatenated. *)
and strings p =
  let rec go acc = match p.tok with Str s -> advance p; go (s :: acc) | _ -> List.rev acc in
  let parts = go [] in
  let bytes = List.exists (fun s -> s.bytes) parts in
  if bytes && List.exists (fun s -> not s.bytes) parts then
    syntax "bytes and str literals concatenated";
  if List.exists (fun s -> s.formatted) parts then Formatted
  else if bytes then Const V_bytes
  else Const (V_str (String.concat "" (List.map (fun s -> s.value) parts)))

(* After the first item and its comma: the others, then [close]. *)
and rest p close =
  expect p ',';
  if p.tok = Op close then (advance p; []) else items p close

and items p close =
  if p.tok = Op close then (advance p; [])
  else
    let e = expr p in
    if p.tok = Op ',' then e :: rest p close else (expect p close; [ e ])

and braces p =
  if p.tok = Op '}' then (advance p; Dict [])
  else
    let k = expr p in
    if p.tok = Op ':' then begin
      advance p;
      let v = expr p in
      let rec pairs () =
        if p.tok = Op '}' then (advance p; [])
        else begin
          expect p ',';
          if p.tok = Op '}' then (advance p; [])
          else
            let k = expr p in
            expect p ':';
            let v = expr p in
            (k, v) :: pairs ()
        end
      in
      Dict ((k, v) :: pairs ())
    end
    else Set (if p.tok = Op ',' then k :: rest p '}' else (expect p '}'; [ k ]))

let parse lx =
  let p = { lx; tok = next lx } in
  let e = expr p in
  if p.tok = Op ',' then refuse "its header is a tuple, not a dict";
  while p.tok = Newline do advance p done;
  if p.tok <> End then syntax "more after the dict";
  e

(* ast.literal_eval: constants, containers, set(), a unary sign on a
   number, and a number plus or minus an imaginary one. *)
let malformed what = refuse "its header is not a Python literal: it has %s" what

let rec hashable = function
  | V_list _ | V_set | V_dict _ -> false
  | V_tuple l -> List.for_all hashable l
  | _ -> true

let check_hashable v =
  if not (hashable v) then refuse "its header has a list, set or dict as a set element or dict key"

let rec eval = function
  | Const v -> v
  | Formatted -> malformed "an f-string"
  | Tuple l -> V_tuple (List.map eval l)
  | List l -> V_list (List.map eval l)
  | Set l -> List.iter (fun n -> check_hashable (eval n)) l; V_set
  | Call (Name_node "set") -> V_set
  | Dict kvs ->
      V_dict (List.map (fun (k, v) -> let k = eval k in check_hashable k; (k, eval v)) kvs)
  | Binary (op, l, r) -> (
      let l = signed l and r = number r in
      match l, r with
      | (V_int _ | V_float), V_complex -> V_complex
      | _ -> malformed (Printf.sprintf "a %C between numbers that are not a complex one" op))
  | (Unary _ | Name_node _ | Call _) as n -> signed n

and number = function
  | Const (V_int _ | V_float | V_complex as v) -> v
  | Name_node n -> malformed (Printf.sprintf "the name %S" n)
  | Call _ -> malformed "a call"
  | _ -> malformed "a sign or a sum that is not of numbers"

and signed = function
  | Unary (op, n) -> (
      match number n with
      | V_int (Some i) when op = '-' -> V_int (Some (-i))
      | v -> v)
  | n -> number n

(* {1 Headers} *)

let keys = [ "descr"; "fortran_order"; "shape" ]

(* numpy's checks of the dict, in its order, and its limits on shapes. *)
let header_of_value = function
  | V_dict kvs ->
      let name = function V_str s when List.mem s keys -> Some s | _ -> None in
      if List.exists (fun (k, _) -> name k = None) kvs
         || List.exists (fun key -> not (List.exists (fun (k, _) -> name k = Some key) kvs)) keys
      then refuse "its header's keys are not exactly 'descr', 'fortran_order' and 'shape'";
      (* A key given twice: the last one counts. *)
      let get key = snd (List.find (fun (k, _) -> name k = Some key) (List.rev kvs)) in
      let shape =
        match get "shape" with
        | V_tuple dims ->
            Array.of_list
              (List.map
                 (function
                   | V_int (Some d) when d >= 0 -> d
                   | V_int (Some d) -> refuse "its shape has a negative dimension, %d" d
                   | V_int None -> refuse "its shape has a dimension past %d" max_int
                   | _ -> refuse "its shape is not a tuple of integers")
                 dims)
        | _ -> refuse "its shape is not a tuple"
      in
      let fortran_order =
        match get "fortran_order" with
        | V_bool b -> b
        | _ -> refuse "its fortran_order is not True or False"
      in
      let descr =
        match get "descr" with
        | V_str s -> s
        | V_list _ ->
            refuse
              "its descr is a list of fields (a structured array); this reader reads plain elements"
        | V_tuple _ ->
            refuse "its descr is a pair (a subarray type); this reader reads plain elements"
        | _ -> refuse "its descr is not a numpy type"
      in
      if Array.length shape > max_dims then
        refuse "its shape has %d dimensions; numpy allows at most %d" (Array.length shape) max_dims;
      ignore
        (Array.fold_left
           (fun acc d ->
             if d = 0 then acc
             else if acc > max_int / d then
               refuse "its shape has more than %d elements (zero dimensions left out)" max_int
             else acc * d)
           1 shape);
      { descr; fortran_order; shape }
  | _ -> refuse "its header is not a dict"

(* numpy reads a version 1.0 or 2.0 header a second time when the first
   reading fails (see [lexer]). That second reading goes through Python's
   tokenize module, which splits lines at "\n" only, unlike the parser:
   with a "\r" in the header, the second reading is not done here. *)
let parse_header_exn version s =
  let text = decode version s in
  let cr = String.contains text '\r' in
  let text = translate_newlines (lstrip text) in
  let first_newline = Option.value (String.index_opt text '\n') ~default:(String.length text) in
  let attempt retry =
    let lx =
      { text; retry; first_newline; pos = 0; level = 0; atbol = true; blank = true;
        after_number = false }
    in
    header_of_value (eval (parse lx))
  in
  try attempt false
  with Refused first when version <> V3 -> (
    match attempt true with
    | h when not cr -> h
    | _ ->
        refuse "its header has Python 2's L suffixes and a carriage return, which this reader \
                does not read together"
    | exception Refused _ -> raise (Refused first))

let le_int s off len =
  let v = ref 0 in
  for i = len - 1 downto 0 do v := (!v lsl 8) lor Char.code s.[off + i] done;
  !v

let of_prefix s =
  let n = String.length s in
  let m = String.length magic in
  try
    if String.sub s 0 (min n m) <> String.sub magic 0 (min n m) then
      refuse "not a .npy file: it does not start with numpy's magic string";
    if n < m + 2 then refuse "a .npy file cut short in its preamble (%d bytes)" n;
    let version =
      match Char.code s.[m], Char.code s.[m + 1] with
      | 1, 0 -> V1
      | 2, 0 -> V2
      | 3, 0 -> V3
      | major, minor ->
          refuse "its format version is %d.%d; numpy reads 1.0, 2.0 and 3.0" major minor
    in
    let pre = preamble_bytes version in
    if n < pre then refuse "a .npy file cut short in its preamble (%d bytes)" n;
    let len = le_int s (m + 2) (pre - m - 2) in
    if len > max_header_bytes version then
      refuse "its header has %d bytes; numpy reads at most %d characters" len max_header_chars;
    if pre + len > n then
      refuse "a .npy file cut short in its header (%d bytes announced, %d present)" len (n - pre);
    Ok (parse_header_exn version (String.sub s pre len), pre + len)
  with Refused msg -> Error msg

let elements h = Array.fold_left ( * ) 1 h.shape

(* The product of the dimensions that are not 0, times [size], and
   whether it passes [max_int] (each step checked: the product of the
   dimensions alone may pass it). *)
let data_bytes h ~size =
  let dims () = String.concat ", " (Array.to_list (Array.map string_of_int h.shape)) in
  if Array.exists (fun d -> d < 0) h.shape then
    Error (Printf.sprintf "its shape (%s) has a negative dimension" (dims ()))
  else
    let fits =
      Array.fold_left
        (fun acc d ->
          match acc with
          | Some n when d = 0 -> Some n
          | Some n when n <= max_int / d -> Some (n * d)
          | _ -> None)
        (Some size) h.shape
    in
    match fits with
    | None ->
        Error
          (Printf.sprintf "its elements (shape (%s)) of %d bytes are more than %d bytes" (dims ())
             size max_int)
    | Some _ -> Ok (elements h * size)

(* {1 Descriptors} *)

(* A descr's byte order ([true] for big-endian; the machine's for '=',
   '|' or none) and the rest. *)
let split_order descr =
  let n = String.length descr in
  let body () = String.sub descr 1 (n - 1) in
  if n = 0 then (Sys.big_endian, descr)
  else
    match descr.[0] with
    | '<' -> (false, body ())
    | '>' -> (true, body ())
    | '=' | '|' -> (Sys.big_endian, body ())
    | _ -> (Sys.big_endian, descr)

(* What numpy.dtype makes of a descr string (np.load reads a string descr
   with it): numpy 2's reading on Linux x86_64, where a C long and a
   pointer have 8 bytes. After an optional byte order, a one-character
   code ('f', 'e', 'B', '?', ...), or a kind and a size as C's strtol reads
   the rest whole in base 10 ('f4', 'f04', 'f +4'); without a byte order,
   also a type's name ('float32', 'half', 'bool', ...), which numpy refuses
   with one. The kinds and sizes of the dtypes numpy has: *)
let numpy_types =
  Dtype.
    [ (('b', 1), Any Bool); (('i', 1), Any Int8); (('u', 1), Any Uint8); (('i', 2), Any Int16);
      (('u', 2), Any Uint16); (('i', 4), Any Int32); (('u', 4), Any Uint32); (('i', 8), Any Int64);
      (('u', 8), Any Uint64); (('f', 2), Any Float16); (('f', 4), Any Float32);
      (('f', 8), Any Float64); (('c', 8), Any Complex64); (('c', 16), Any Complex128) ]

(* numpy's one-character codes of those (numpy.typecodes), C's types. *)
let numpy_codes =
  [ ('?', ('b', 1)); ('b', ('i', 1)); ('B', ('u', 1)); ('h', ('i', 2)); ('H', ('u', 2));
    ('i', ('i', 4)); ('I', ('u', 4)); ('l', ('i', 8)); ('L', ('u', 8)); ('q', ('i', 8));
    ('Q', ('u', 8)); ('n', ('i', 8)); ('N', ('u', 8)); ('p', ('i', 8)); ('P', ('u', 8));
    ('e', ('f', 2)); ('f', ('f', 4)); ('d', ('f', 8)); ('F', ('c', 8)); ('D', ('c', 16)) ]

(* numpy's names of those (numpy.sctypeDict's). *)
let numpy_names =
  [ ("bool", ('b', 1)); ("bool_", ('b', 1)); ("int8", ('i', 1)); ("byte", ('i', 1));
    ("uint8", ('u', 1)); ("ubyte", ('u', 1)); ("int16", ('i', 2)); ("short", ('i', 2));
    ("uint16", ('u', 2)); ("ushort", ('u', 2)); ("int32", ('i', 4)); ("intc", ('i', 4));
    ("uint32", ('u', 4)); ("uintc", ('u', 4)); ("int64", ('i', 8)); ("int", ('i', 8));
    ("int_", ('i', 8)); ("intp", ('i', 8)); ("long", ('i', 8)); ("longlong", ('i', 8));
    ("uint64", ('u', 8)); ("uint", ('u', 8)); ("uintp", ('u', 8)); ("ulong", ('u', 8));
    ("ulonglong", ('u', 8)); ("float16", ('f', 2)); ("half", ('f', 2));
    ("float32", ('f', 4)); ("single", ('f', 4)); ("float64", ('f', 8)); ("double", ('f', 8));
    ("float", ('f', 8)); ("complex64", ('c', 8)); ("csingle", ('c', 8));
    ("complex128", ('c', 16)); ("cdouble", ('c', 16)); ("complex", ('c', 16)) ]

(* The size C's strtol reads from the whole of [s] in base 10: white space,
   a sign, digits. [None] if it reads less than [s], or a size numpy
   refuses: not positive, or past 2^31. *)
let strtol_size s =
  let n = String.length s in
  let rec skip i =
    if i < n && String.contains " \t\n\011\012\r" s.[i] then skip (i + 1) else i
  in
  let i = skip 0 in
  let negative = i < n && s.[i] = '-' in
  let i = if i < n && (s.[i] = '+' || s.[i] = '-') then i + 1 else i in
  let digits = String.sub s i (n - i) in
  if negative || digits = "" || not (String.for_all (fun c -> '0' <= c && c <= '9') digits)
  then None
  else
    match int_of_string_opt digits with
    | Some v when v > 0 && v < 1 lsl 31 -> Some v
    | _ -> None

(* Python's white space (str.isspace), in UTF-8. *)
let python_spaces =
  [ " "; "\t"; "\n"; "\011"; "\012"; "\r"; "\x1c"; "\x1d"; "\x1e"; "\x1f"; "\xc2\x85";
    "\xc2\xa0"; "\xe1\x9a\x80"; "\xe2\x80\xa8"; "\xe2\x80\xa9"; "\xe2\x80\xaf";
    "\xe2\x81\x9f"; "\xe3\x80\x80" ]
  @ List.init 11 (fun i -> Printf.sprintf "\xe2\x80%c" (Char.chr (0x80 + i)))

let rec python_space_from s i =
  i = String.length s
  || List.exists
       (fun w ->
         let n = String.length w in
         i + n <= String.length s && String.sub s i n = w && python_space_from s (i + n))
       python_spaces

let is_order c = c = '<' || c = '>' || c = '|' || c = '='

(* numpy's reading of a plain type string: a one-character code, a kind
   and a size, or a name. *)
let plain_type descr =
  let big, body = split_order descr in
  let ordered = String.length body < String.length descr in
  match String.length body with
  | 0 -> None
  | 1 -> Option.map (fun t -> (t, big)) (List.assoc_opt body.[0] numpy_codes)
  | n -> (
      match strtol_size (String.sub body 1 (n - 1)) with
      | Some size -> Some ((body.[0], size), big)
      | None when ordered -> None
      | None -> Option.map (fun t -> (t, big)) (List.assoc_opt body numpy_names))

(* numpy's "comma string" [descr] of one type with no repeats, which starts
   with "()" or a byte order and "()": as numpy's _commastring reads it, a byte order, "()", spaces, a byte order, the
   type's characters, then Python white space to the end. The two orders
   must agree ('=' being the machine's); the machine's is no order. *)
let comma_string descr =
  let n = String.length descr in
  let o1, i = if is_order descr.[0] then (Some descr.[0], 1) else (None, 0) in
  let rec spaces j = if j < n && descr.[j] = ' ' then spaces (j + 1) else j in
  let j = spaces (i + 2) in
  let o2, j = if j < n && is_order descr.[j] then (Some descr.[j], j + 1) else (None, j) in
  let type_char c =
    match c with 'A' .. 'Z' | 'a' .. 'z' | '0' .. '9' | '.' | '?' -> true | _ -> false
  in
  let rec chars k = if k < n && type_char descr.[k] then chars (k + 1) else k in
  let k = chars j in
  let native c = if c = '=' then if Sys.big_endian then '>' else '<' else c in
  let order =
    match o1, o2 with
    | o, None | None, o -> Some o
    | Some a, Some b -> if native a = native b then Some (Some a) else None
  in
  match order with
  | Some order when python_space_from descr k ->
      (* The machine's order, or none, is no order; '>' on this machine. *)
      let foreign = match order with Some c -> c <> '|' && native c <> native '=' | None -> false in
      let t = String.sub descr j (k - j) in
      plain_type (if foreign then String.make 1 (Option.get order) ^ t else t)
  | _ -> None

(* numpy's kind and size of the type string [descr] (raw bytes included:
   ('V', 2) for '<V2'), with its byte order ([true] for big-endian). *)
let numpy_type descr =
  let n = String.length descr in
  let paren i = n >= i + 2 && descr.[i] = '(' && descr.[i + 1] = ')' in
  if paren 0 || (n > 3 && is_order descr.[0] && paren 1) then comma_string descr
  else plain_type descr

(* The names ml_dtypes registers, which have no byte order: numpy writes
   them as they are. *)
let ml_dtypes_names =
  Dtype.
    [ ("bfloat16", Any Bfloat16); ("float8_e4m3fn", Any Float8_e4m3fn);
      ("float8_e5m2", Any Float8_e5m2); ("float4_e2m1fn", Any Float4_e2m1fn);
      ("int4", Any Int4); ("uint4", Any Uint4) ]

let dtype_of_descr descr =
  match List.assoc_opt descr ml_dtypes_names with
  | Some dt -> Some (dt, false)
  | None -> (
      match numpy_type descr with
      | Some (t, big) -> Option.map (fun dt -> (dt, big)) (List.assoc_opt t numpy_types)
      | None -> None)

(* The bytes of one element in a file: ml_dtypes' sub-byte elements and
   Bit's take a byte each. *)
let file_size dt = max 1 (Dtype.bits dt / 8)

let same dt (Dtype.Any d) = Dtype.code d = Dtype.code dt

let reads_as (type v s) (dt : (v, s) Dtype.t) descr =
  match dtype_of_descr descr with
  | Some (d, big) when same dt d -> Some big
  | _ -> (
      (* Raw bytes or unsigned integers of the element's size, and
         float8_e5m2's '<f1' (no numpy type), for the ml_dtypes formats;
         numpy's bool for Bit. *)
      let raw_f1 = match split_order descr with _, "f1" -> true | _ -> false in
      match dt, numpy_type descr with
      | Bfloat16, Some ((('V' | 'u'), 2), big) -> Some big
      | (Float8_e4m3fn | Float8_e5m2 | Float4_e2m1fn | Int4 | Uint4), Some ((('V' | 'u'), 1), _) ->
          Some false
      | (Float8_e4m3fn | Float8_e5m2 | Float4_e2m1fn | Int4 | Uint4), _ when raw_f1 -> Some false
      | Bit, Some (('b', 1), _) -> Some false
      | _ -> None)

let descr ~big_endian dt =
  match List.find_opt (fun (_, d) -> same dt d) ml_dtypes_names with
  | Some (name, _) ->
      if big_endian && Dtype.bits dt > 8 then
        Error
          (Printf.sprintf
             "%s has no big-endian descr (numpy reads ml_dtypes' names in the machine's order)"
             (Dtype.name dt))
      else Ok name
  | None -> (
      (* Bit is written as numpy's bool, a byte per element. *)
      let code = if same dt (Dtype.Any Dtype.Bit) then Dtype.code Dtype.Bool else Dtype.code dt in
      match List.find_opt (fun (_, Dtype.Any d) -> Dtype.code d = code) numpy_types with
      | None -> assert false
      | Some ((kind, size), Dtype.Any d) ->
          let order = if Dtype.bits d = 8 then '|' else if big_endian then '>' else '<' in
          Ok (Printf.sprintf "%c%c%d" order kind size))

(* {1 Writing} *)

(* numpy's layout (_write_array_header and _wrap_header of
   numpy/lib/format.py): the dict; spaces so that the growth axis (the
   first, or the last in Fortran order) could grow to 21 digits
   (GROWTH_AXIS_MAX_DIGITS); then 1 to 64 spaces and a newline, so that
   the elements start at a multiple of 64 (64 spaces where none were
   needed); version 1.0 if its length fits 16 bits, else 2.0. *)
let to_string h =
  if Array.length h.shape > max_dims then
    invalid_arg (Printf.sprintf "%d dimensions, more than numpy's %d" (Array.length h.shape) max_dims);
  let shape =
    match h.shape with
    | [| n |] -> Printf.sprintf "(%d,)" n
    | s -> "(" ^ String.concat ", " (Array.to_list (Array.map string_of_int s)) ^ ")"
  in
  let dict =
    Printf.sprintf "{'descr': '%s', 'fortran_order': %s, 'shape': %s, }" h.descr
      (if h.fortran_order then "True" else "False") shape
  in
  let spare =
    match h.shape with
    | [||] -> 0
    | s ->
        let n = if h.fortran_order then s.(Array.length s - 1) else s.(0) in
        max 0 (21 - String.length (string_of_int n))
  in
  let pad version =
    let unpadded = preamble_bytes version + String.length dict + spare + 1 in
    dict ^ String.make (spare + 64 - (unpadded mod 64)) ' ' ^ "\n"
  in
  let v1 = pad V1 in
  let version, text = if String.length v1 <= 0xffff then (V1, v1) else (V2, pad V2) in
  let len = String.length text in
  let b = Buffer.create (len + 12) in
  Buffer.add_string b magic;
  (match version with
   | V1 -> Buffer.add_string b "\x01\x00"; Buffer.add_uint16_le b len
   | V2 | V3 -> Buffer.add_string b "\x02\x00"; Buffer.add_int32_le b (Int32.of_int len));
  Buffer.add_string b text;
  Buffer.contents b
