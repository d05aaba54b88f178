(** The [.npy] format: numpy's file of one array.

    A [.npy] file is a preamble (a magic string, a format version and the
    header's length), a header (the text of a Python dict naming the
    element type, the order and the shape) and the elements.

    Headers are read as numpy's own reader reads them
    ([numpy/lib/format.py]: [ast.literal_eval] of the text, then its
    checks), with the Python literal syntax that [ast.literal_eval]
    accepts: keys in any order and repeated (the last one counts), either
    quote, string prefixes, escapes and implicit concatenation, integers
    in any base with underscores, comments, line continuations, and for
    versions 1.0 and 2.0 the [L] suffix of Python 2's long integers. What
    numpy refuses is refused. A few things numpy reads are refused here,
    each with a message: [\N{...}] escapes in strings, identifiers outside
    ASCII, a dimension or an array size past [max_int], and a version 1.0
    or 2.0 header that numpy reads only after dropping [L] suffixes and
    that contains a carriage return.

    This module depends on nothing but the standard library. *)

(** {1:versions Versions} *)

(** The type for the format versions numpy reads. *)
type version =
  | V1  (** 1.0: a 16-bit header length, a latin-1 header. *)
  | V2  (** 2.0: a 32-bit header length, a latin-1 header. *)
  | V3  (** 3.0: a 32-bit header length, a UTF-8 header. *)

val magic : string
(** [magic] is ["\x93NUMPY"], the first bytes of every [.npy] file. *)

val max_header_chars : int
(** [max_header_chars] is 10000, numpy's bound on the characters of a
    header ([max_header_size]). *)

val max_dims : int
(** [max_dims] is 64, numpy's bound on the dimensions of an array. *)

(** {1:headers Headers} *)

type header = {
  descr : string;  (** The element type as written, e.g. ["<f4"]. *)
  fortran_order : bool;  (** Whether the elements are in column-major order. *)
  shape : int array;  (** The dimensions; [[||]] for a single element. *)
}
(** The type for the headers of arrays of plain elements. *)

val prefix_bytes : int
(** [prefix_bytes] is the most bytes of a file {!of_prefix} reads: the
    preamble and the longest header numpy reads. *)

val of_prefix : string -> (header * int, string) result
(** [of_prefix s] is the header of the [.npy] file whose first bytes are
    [s] and the offset of its elements, or a message saying why numpy would
    refuse the file (or, for the few cases listed above, why this module
    does). [s] is the file's first {!prefix_bytes} bytes, or the whole file
    if it is shorter. The shape's dimensions are non-negative, at most
    {!max_dims}, and the product of its non-zero ones is at most
    [max_int]. *)

val parse_header : version -> string -> (header, string) result
(** [parse_header v s] is the header whose bytes, after the preamble of a
    file of version [v], are [s], or a message as {!of_prefix} gives. *)

val elements : header -> int
(** [elements h] is the number of elements of [h]'s shape: 1 for [[||]]. *)

val data_bytes : header -> size:int -> (int, string) result
(** [data_bytes h ~size] is the bytes of [h]'s elements if each has [size]
    bytes, or a message if, zero dimensions left out, they would be more
    than [max_int] (numpy refuses such an array even when it is empty). *)

(** {1:elements Element types} *)

(** The type for the byte orders of elements. *)
type byte_order = Little_endian | Big_endian

type element = {
  kind : char;  (** numpy's kind: ['b'] bool, ['i'], ['u'], ['f'], ['c'] or ['V'] raw bytes. *)
  size : int;  (** Bytes per element. *)
  order : byte_order;  (** The byte order; the machine's for ['='], ['|'] or none. *)
}
(** The type for the plain element types a [descr] names. *)

val element : string -> element option
(** [element descr] is the element type [descr] names if it is a numpy
    type string of kind and size ([b1], [i1] … [i8], [u1] … [u8],
    [f2], [f4], [f8], [c8], [c16], [V1], [V2]) after an optional byte
    order ([<], [>], [=] or [|]). numpy ignores the byte order of [V]
    elements; here it is kept, for readers that know what the bytes
    hold. *)

(** {1:writing Writing} *)

val to_string : header -> string
(** [to_string h] is the preamble and header numpy writes for [h]: version
    1.0, padded with spaces and a newline so that the elements start at a
    multiple of 64 bytes.

    Raises [Invalid_argument] if [h] has more than {!max_dims}
    dimensions. *)
