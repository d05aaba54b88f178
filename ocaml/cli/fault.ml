(* Files that change under the program: see fault_stubs.c. *)

external watch : unit -> unit = "nx_cli_fault_watch"
external add_temp : string -> int = "nx_cli_fault_add_temp"
external remove_temp : int -> unit = "nx_cli_fault_remove_temp"
external add_input : string -> int = "nx_cli_fault_add_input"

let temps : (string * int) list ref = ref []

let temp path = temps := (path, add_temp path) :: !temps

let forget_temp path =
  List.iter (fun (p, slot) -> if p = path then remove_temp slot) !temps;
  temps := List.filter (fun (p, _) -> p <> path) !temps

let input path = ignore (add_input path)
