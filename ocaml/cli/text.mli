(** Text read from files, as the tool prints it.

    A tensor name, a metadata key or value, or a file name in a directory
    can hold any byte. Printed as it is, a newline forges a line of the
    output and an escape sequence drives the terminal; here they are
    escaped. Other bytes (UTF-8 among them) are left as they are. *)

val has_control : string -> bool
(** [has_control s] is [true] iff [s] holds a control character: a byte
    below 0x20, or 0x7f. *)

val escaped : string -> string
(** [escaped s] is [s] with each control character written as an escape:
    a backslash and [n], [r] or [t] for a newline, a carriage return or a
    tab, and a backslash, [x] and two hexadecimal digits for the others. *)

val quoted : string -> string
(** [quoted s] is [s] between double quotes, with control characters, the
    double quote and the backslash escaped (a backslash before each of
    the last two). *)

val printable : string -> string
(** [printable s] is [s] if it is not empty and holds no control
    character, else [quoted s]. *)

val shortened : int -> string -> string
(** [shortened n s] is [s] if it has at most [n] bytes, else its first
    bytes (at most [n], ending at a UTF-8 character's boundary) and
    an ellipsis. *)

val warn : ('a, unit, string, unit) format4 -> 'a
(** [warn fmt ...] prints [nx-dtype: ], the message [escaped], and a
    newline on stderr, flushed. *)
