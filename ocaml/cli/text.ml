(* Text read from files, as the tool prints it: control characters
   escaped. *)

let is_control c = Char.code c < 0x20 || Char.code c = 0x7f
let has_control s = String.exists is_control s

let add_escaped ~quote b s =
  String.iter
    (fun c ->
      match c with
      | '\n' -> Buffer.add_string b "\\n"
      | '\r' -> Buffer.add_string b "\\r"
      | '\t' -> Buffer.add_string b "\\t"
      | ('"' | '\\') when quote -> Buffer.add_char b '\\'; Buffer.add_char b c
      | c when is_control c -> Printf.bprintf b "\\x%02x" (Char.code c)
      | c -> Buffer.add_char b c)
    s

let escaped s =
  if not (has_control s) then s
  else
    let b = Buffer.create (String.length s + 8) in
    add_escaped ~quote:false b s;
    Buffer.contents b

let quoted s =
  let b = Buffer.create (String.length s + 2) in
  Buffer.add_char b '"';
  add_escaped ~quote:true b s;
  Buffer.add_char b '"';
  Buffer.contents b

let printable s = if s = "" || has_control s then quoted s else s

let shortened n s =
  if String.length s <= n then s
  else
    (* Back to the start of the character at [n]: a byte 10xxxxxx
       continues one. *)
    let rec cut i = if i > 0 && Char.code s.[i] land 0xc0 = 0x80 then cut (i - 1) else i in
    String.sub s 0 (cut n) ^ "…"

let warn fmt = Printf.ksprintf (fun m -> Printf.eprintf "nx-dtype: %s\n%!" (escaped m)) fmt
