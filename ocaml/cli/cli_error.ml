(* Errors of the command line: a message on stderr and exit code 2. *)

exception Usage of string

let fail fmt = Printf.ksprintf (fun s -> raise (Usage s)) fmt

let dtype_of_name s =
  match Nx_array.Dtype.of_name (String.lowercase_ascii s) with
  | Some dt -> dt
  | None ->
      fail "unknown dtype %S (one of: %s)" s
        (String.concat ", "
           (List.map (fun (Nx_array.Dtype.Any dt) -> Nx_array.Dtype.name dt) Nx_array.Dtype.all))
