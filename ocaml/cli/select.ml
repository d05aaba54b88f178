(* --only REGEX: tensor names matched by a POSIX extended regular
   expression, as grep -E matches lines: somewhere in the name, unless
   anchored with ^ or $. The expression is translated into the syntax of
   OCaml's Str (which marks groups and alternatives with backslashes, and
   has no intervals). *)

(* The Str expression of the extended one [re]. *)
let to_str re =
  let b = Buffer.create (String.length re + 8) in
  let n = String.length re in
  (* A bracket expression, copied as it is: Str reads it as POSIX does, a
     ']' first in it being a member. *)
  let rec bracket i =
    Buffer.add_char b '[';
    let i = i + 1 in
    let i = if i < n && re.[i] = '^' then (Buffer.add_char b '^'; i + 1) else i in
    let i = if i < n && re.[i] = ']' then (Buffer.add_char b ']'; i + 1) else i in
    let rec body i =
      if i >= n then Cli_error.fail "--only %S: a '[' without its ']'" re
      else (
        Buffer.add_char b re.[i];
        if re.[i] = ']' then i + 1 else body (i + 1))
    in
    go (body i)
  and go i =
    if i < n then
      match re.[i] with
      | '\\' ->
          if i + 1 >= n then Cli_error.fail "--only %S ends with a backslash" re;
          (match re.[i + 1] with
           | ('(' | ')' | '|' | '{' | '}') as c -> Buffer.add_char b c
           | ('.' | '[' | ']' | '*' | '+' | '?' | '^' | '$' | '\\') as c ->
               Buffer.add_char b '\\'; Buffer.add_char b c
           | c -> Cli_error.fail "--only %S: the escape \\%c is not an extended regular expression's" re c);
          go (i + 2)
      | ('(' | ')' | '|') as c -> Buffer.add_char b '\\'; Buffer.add_char b c; go (i + 1)
      | '{' | '}' -> Cli_error.fail "--only %S: intervals ({m,n}) are not supported" re
      | '[' -> bracket i
      | c -> Buffer.add_char b c; go (i + 1)
  in
  go 0;
  Buffer.contents b

let compile re =
  let s = to_str re in
  match Str.regexp s with
  | r -> r
  | exception (Failure _ | Invalid_argument _) ->
      Cli_error.fail "--only %S is not a regular expression (unbalanced parentheses?)" re

let matches r name =
  match Str.search_forward r name 0 with _ -> true | exception Not_found -> false
