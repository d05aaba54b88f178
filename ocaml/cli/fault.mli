(** Files that change under the program.

    A read past the end of a mapped file that another process has
    truncated raises SIGBUS. Once {!watch} is called, that signal removes
    the temporary files registered by {!temp}, prints
    [nx-dtype: FILE changed while it was read] naming the inputs
    registered by {!input}, and exits with 2. *)

val watch : unit -> unit
(** [watch ()] installs the handler. *)

val temp : string -> unit
(** [temp path] registers the temporary file [path] for removal. *)

val forget_temp : string -> unit
(** [forget_temp path] unregisters [path] (renamed or removed). *)

val input : string -> unit
(** [input path] registers [path] as a mapped input, named by the
    message. Inputs stay registered until the program ends. *)
