(** The file a command writes: never its input, and never a half-written
    replacement of a file that was there.

    A regular file, or a name not yet taken, is written to a new temporary
    file in the same directory, which {!commit} renames over it: until
    then the old file is untouched, and {!abort} (or a signal that ends
    the process: [SIGINT], [SIGTERM], [SIGHUP], [SIGQUIT], [SIGPIPE])
    removes the temporary file. The new file has the old one's permissions
    (and owner, when run as root), or those a new file gets under the
    umask. A symbolic link is followed, and the file it names replaced.

    A name of one of the process's descriptors ([/dev/stdout],
    [/dev/fd/N], [/proc/self/fd/N]) is written through that descriptor,
    from where it is (at the end if it appends, as after a shell's [>>]);
    another file that is not regular (a pipe, a device) is written in
    place. Neither is ever removed. *)

type t
(** The type for outputs being written. *)

val create : ?also:Unix.stats list -> input:Unix.stats -> string -> t
(** [create ~input path] is the output [path], ready to write. Several
    may be open at once (a command that writes a set of files).

    Raises [Cli_error.Failed] if [path] is the file that [input] or one of
    [also] (default [[]]) describes, a directory, a symbolic link to nothing or a regular file
    not writable, or if it cannot be created or opened. *)

val replaces : string -> bool
(** [replaces path] is [true] if {!create} would write [path] to a
    temporary file renamed over it (a regular file, or a name not yet
    taken), [false] if in place (a descriptor's name, a pipe, a device):
    a file that can be read again once written.

    Raises [Cli_error.Failed] as {!create} does for a directory or a
    symbolic link to nothing. *)

val descr : t -> Unix.file_descr
(** [descr o] is the descriptor on which [o]'s bytes are written. *)

val temp_of : t -> string option
(** [temp_of o] is the temporary file [o]'s bytes are written to, if
    {!commit} renames one into place. *)

val commit : t -> unit
(** [commit o] makes [o]'s bytes the file's: it closes [o],
    then renames the temporary file, synced to disk, over the target.

    Raises [Cli_error.Failed] if that fails, after {!abort}. *)

val abort : t -> unit
(** [abort o] closes [o] and removes its temporary file, if it has one.
    It never raises. *)

val fate : t -> string
(** [fate o] says, after {!abort}, what became of [o]'s file: whether it
    is unchanged, was not created, or has what was written before the
    error. *)

val temp : string -> string * Unix.file_descr
(** [temp path] is a new temporary file beside [path] and its descriptor,
    for a writer that renames it itself (Checkpoint.write): removed by the
    signal handlers above (and on SIGBUS) until {!release}. Its pages go
    to the disk while it is written, as {!create}'s do, so that the
    writer's sync before its rename finds few left.

    Raises [Cli_error.Failed] if it cannot be created. *)

val release : string -> unit
(** [release tmp] forgets [temp]'s file [tmp], renamed or removed, and
    stops sending its pages to the disk. *)
