(* Errors of the command line: a message on stderr and exit code 2. A
   [Usage] error is followed by a pointer to --help; a [Failed] one (a file
   that cannot be read or written, data that does not fit) is not. *)

exception Usage of string
exception Failed of string

let fail fmt = Printf.ksprintf (fun s -> raise (Usage s)) fmt
let failed fmt = Printf.ksprintf (fun s -> raise (Failed s)) fmt

(* A message of the library's Invalid_argument in the tool's words: without
   the function it names ("Nx_array.cast: "), which is not the tool's. *)
let library m =
  let prefix = "Nx_array." in
  let m =
    if String.starts_with ~prefix m then
      match String.index_opt m ':' with
      | Some i when i + 2 <= String.length m -> String.sub m (i + 2) (String.length m - i - 2)
      | _ -> m
    else m
  in
  (* Dimensions as the tool prints them, Python's tuples: [|2; 16|] is
     (2, 16), [|5|] is (5,). *)
  Str.global_substitute (Str.regexp "\\[|\\([0-9; ]*\\)|\\]")
    (fun s ->
      let ds = String.split_on_char ';' (Str.matched_group 1 s) |> List.map String.trim in
      match List.filter (( <> ) "") ds with
      | [ d ] -> "(" ^ d ^ ",)"
      | ds -> "(" ^ String.concat ", " ds ^ ")")
    m

let dtype_of_name s =
  match Nx_array.Dtype.of_name (String.lowercase_ascii s) with
  | Some dt -> dt
  | None ->
      fail "unknown dtype %S (one of: %s)" s
        (String.concat ", "
           (List.map (fun (Nx_array.Dtype.Any dt) -> Nx_array.Dtype.name dt) Nx_array.Dtype.all))

(* After a write to a standard channel failed (a full disk, a closed
   pipe), what is left in its buffer goes to /dev/null (its descriptor
   [fd] made /dev/null's), so that at_exit's flush does not fail again
   with an uncaught exception. *)
let discard chan fd =
  (try
     let null = Unix.openfile "/dev/null" [ Unix.O_WRONLY ] 0 in
     Unix.dup2 null fd;
     Unix.close null
   with Unix.Unix_error _ -> ());
  try flush chan with Sys_error _ -> ()
