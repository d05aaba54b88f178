(* Files that change under the program: see fault_stubs.c. *)

external watch : unit -> unit = "nx_cli_fault_watch"
external temp : string -> unit = "nx_cli_fault_add_temp"
external forget_temp : string -> unit = "nx_cli_fault_remove_temp"
external input : string -> unit = "nx_cli_fault_add_input"
