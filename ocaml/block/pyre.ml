(* The regular expressions of Python's re module that quantization
   configs write (compressed-tensors' "re:" targets, transformers'
   modules_to_not_convert): literals, '.', escapes (\d \w \s and their
   negations, \. and other punctuation), bracket classes with ranges and
   negation, groups ( ) and (?: ), alternation, the quantifiers * + ?
   {m} {m,} {m,n} (lazy forms read as greedy: only whether a match
   exists is asked), and the anchors ^ and $. Anything else is refused:
   a config that needs more is not guessed at.

   [matches_prefix re s k] is re.match's question, with a continuation:
   whether [re] matches a prefix of [s] ending at a position [j] with
   [k j]. The backtracking is bounded by a number of steps, so that a
   hostile pattern cannot hang the program. *)

type node =
  | Set of (char -> bool)
  | Seq of node list
  | Alt of node list
  | Repeat of node * int * int option
  | Bol
  | Eol

exception Bad of string

let bad fmt = Printf.ksprintf (fun m -> raise (Bad m)) fmt

let is_digit c = '0' <= c && c <= '9'
let is_word c = is_digit c || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || c = '_'
let is_space c = c = ' ' || c = '\t' || c = '\n' || c = '\r' || c = '\012' || c = '\011'

(* The set of an escape [\c] outside or inside a class. *)
let escape_set c =
  match c with
  | 'd' -> is_digit | 'D' -> fun x -> not (is_digit x)
  | 'w' -> is_word | 'W' -> fun x -> not (is_word x)
  | 's' -> is_space | 'S' -> fun x -> not (is_space x)
  | 'n' -> ( = ) '\n' | 't' -> ( = ) '\t'
  | c when not (is_word c) -> ( = ) c
  | c -> bad "the escape \\%c is not supported" c

let parse re =
  let n = String.length re in
  let pos = ref 0 in
  let peek () = if !pos < n then Some re.[!pos] else None in
  let number () =
    let start = !pos in
    while !pos < n && is_digit re.[!pos] do incr pos done;
    if !pos = start then None
    else
      (* Python's re refuses a count of MAXREPEAT, 2^32 - 1, or more. *)
      match int_of_string_opt (String.sub re start (!pos - start)) with
      | Some c when c < 0xffff_ffff -> Some c
      | _ -> bad "the repetition count at %d is too large" start
  in
  let cls () =
    (* after '[' *)
    let neg = peek () = Some '^' in
    if neg then incr pos;
    let items = ref [] in
    let first = ref true in
    let rec loop () =
      match peek () with
      | None -> bad "a '[' without its ']'"
      | Some ']' when not !first -> incr pos
      | Some _ ->
          first := false;
          let one () =
            match re.[!pos] with
            | '\\' ->
                if !pos + 1 >= n then bad "a trailing backslash";
                let c = re.[!pos + 1] in
                pos := !pos + 2;
                (match c with
                 | 'd' | 'D' | 'w' | 'W' | 's' | 'S' -> `Set (escape_set c)
                 | 'n' -> `Char '\n' | 't' -> `Char '\t'
                 | c when not (is_word c) -> `Char c
                 | c -> bad "the escape \\%c is not supported" c)
            | c -> incr pos; `Char c
          in
          let a = one () in
          (match a with
           | `Char lo when !pos + 1 < n && re.[!pos] = '-' && re.[!pos + 1] <> ']' -> (
               incr pos;
               match one () with
               | `Char hi ->
                   if hi < lo then bad "the range %c-%c is reversed" lo hi;
                   items := (fun c -> lo <= c && c <= hi) :: !items
               | `Set _ -> bad "a range ends with a class escape")
           | `Char c -> items := ( = ) c :: !items
           | `Set p -> items := p :: !items);
          loop ()
    in
    loop ();
    let items = !items in
    let p c = List.exists (fun f -> f c) items in
    Set (if neg then fun c -> not (p c) else p)
  in
  let rec alt () =
    let first = seq () in
    if peek () = Some '|' then begin
      let rec more acc =
        if peek () = Some '|' then (incr pos; more (seq () :: acc)) else List.rev acc
      in
      Alt (more [ first ])
    end
    else first
  and seq () =
    let rec loop acc =
      match peek () with
      | None | Some '|' | Some ')' -> Seq (List.rev acc)
      | Some _ -> loop (quantified () :: acc)
    in
    loop []
  and quantified () =
    let a = atom () in
    let rec q a =
      let lazy_ () = if peek () = Some '?' then incr pos in
      match peek () with
      | Some '*' -> incr pos; lazy_ (); q (Repeat (a, 0, None))
      | Some '+' -> incr pos; lazy_ (); q (Repeat (a, 1, None))
      | Some '?' -> incr pos; lazy_ (); q (Repeat (a, 0, Some 1))
      | Some '{' -> (
          let save = !pos in
          incr pos;
          match number () with
          | None -> pos := save; a (* a literal '{', as Python reads it *)
          | Some lo ->
              let hi =
                if peek () = Some ',' then (incr pos; number ()) else Some lo
              in
              if peek () <> Some '}' then (pos := save; a)
              else begin
                incr pos;
                (match hi with Some h when h < lo -> bad "the interval {%d,%d} is reversed" lo h | _ -> ());
                lazy_ ();
                q (Repeat (a, lo, hi))
              end)
      | _ -> a
    in
    let r = q a in
    (match r with
     | Repeat (_, _, _) when (match peek () with Some ('*' | '+') -> true | _ -> false) ->
         bad "a quantifier after a quantifier"
     | _ -> ());
    r
  and atom () =
    match re.[!pos] with
    | '(' ->
        incr pos;
        if !pos + 1 < n && re.[!pos] = '?' then
          if re.[!pos + 1] = ':' then pos := !pos + 2
          else bad "the group (?%c is not supported" re.[!pos + 1];
        let a = alt () in
        if peek () <> Some ')' then bad "a '(' without its ')'";
        incr pos;
        a
    | '[' -> incr pos; cls ()
    | '.' -> incr pos; Set (fun c -> c <> '\n')
    | '^' -> incr pos; Bol
    | '$' -> incr pos; Eol
    | '\\' ->
        if !pos + 1 >= n then bad "a trailing backslash";
        let c = re.[!pos + 1] in
        pos := !pos + 2;
        (match c with
         | 'A' -> Bol | 'Z' -> Eol
         | c -> Set (escape_set c))
    | ('*' | '+' | '?') as c -> bad "nothing to repeat before %C" c
    | c -> incr pos; Set (( = ) c)
  in
  match
    let a = alt () in
    if !pos < n then bad "an unbalanced ')'";
    a
  with
  | a -> Ok a
  | exception Bad m -> Error m

exception Too_long

let max_steps = 1_000_000

let matches_prefix re s k =
  let n = String.length s in
  let steps = ref 0 in
  let rec m node i k =
    incr steps;
    if !steps > max_steps then raise Too_long;
    match node with
    | Set p -> i < n && p s.[i] && k (i + 1)
    | Seq [] -> k i
    | Seq [ x ] -> m x i k
    | Seq (x :: r) -> m x i (fun j -> m (Seq r) j k)
    | Alt l -> List.exists (fun x -> m x i k) l
    | Bol -> i = 0 && k i
    (* Python's $ also matches before a final newline. *)
    | Eol -> (i = n || (i = n - 1 && s.[i] = '\n')) && k i
    | Repeat (x, lo, hi) ->
        let rec rep c i =
          (c >= lo && k i)
          || (match hi with Some h when c >= h -> false | _ -> true)
             && m x i (fun j -> if j = i && c >= lo then false else rep (c + 1) j)
        in
        rep 0 i
  in
  match m re 0 k with b -> Ok b | exception Too_long -> Error "the pattern takes too long to match"
