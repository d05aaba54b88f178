(** numpy's [.npy] files and [.npz] archives: read by mapping the file,
    with arrays over its bytes where they are little-endian and stored,
    and written as numpy writes them.

    Coming from numpy: [np.load("a.npy")] is {!map_file} (then
    {!convert} for the values in one float dtype), [np.save] is
    {!write_file}; [np.load("a.npz")] is {!Npz.map_file}, its [files] are
    {!Npz.members} (each with its dtype and shape), [z["w"]] is
    {!Npz.read} or {!Npz.get_as}; [np.savez] and [np.savez_compressed]
    are {!Npz.write_file}.

    Errors: what a file can get wrong is a [result], its message naming
    the file (a mapped one's path) and the member of an archive; what
    the program got wrong (an array the format cannot hold) raises
    [Invalid_argument]. *)

type buffer = Arrays.buffer
(** The type for bytes. *)

type ('v, 's) nx_array = ('v, 's) Arrays.t
(** The type for arrays: {!Nx_array.t}. *)

type byte_order = Arrays.byte_order = Little_endian | Big_endian
(** The type for byte orders: {!Nx_array.byte_order}. *)

(** {1:format The format}

    A [.npy] file is numpy's file of one array: a preamble (a magic
    string, a format version, the header's length), a header, the text
    of a Python dict of three keys, and the elements:
    {ul
    {- ['descr'], the elements' type: a type string such as ['<f4']
       (little-endian float32) or ['>i8'], or the name of an ml_dtypes
       type such as ['bfloat16'] (see {!descriptors});}
    {- ['fortran_order'], whether the elements are in column-major
       order;}
    {- ['shape'], the dimensions, a tuple of integers.}}
    A [.npz] file is a zip archive of [.npy] files, one per array: numpy's
    [savez] stores them, [savez_compressed] deflates them; an array
    named [w] is the member [w.npy].

    This module reads headers as numpy's reader does (its
    [numpy/lib/format.py]: Python's literal syntax, then numpy's
    checks), versions 1.0, 2.0 and 3.0, and archives as Python's
    [zipfile] does, with their checks and some more (see
    {!Npz.of_buffer}). It writes what numpy writes: version 1.0 headers
    (2.0 past 65,535 bytes) padded so that the elements start at a
    multiple of 64, and archives laid out as [np.savez] lays them out
    (Zip64 extra fields in every local header, Zip64 records where
    sizes or offsets pass 2{^31} - 1). Nothing but the standard library
    and [unix] is used on the OCaml side; deflate, inflate and CRC-32 are
    zlib's, in Rust (the zlib-rs crate).

    {b Fortran order.} The elements of a [fortran_order] file are read
    as {!Nx_array.of_bigarray} reads a [fortran_layout] bigarray: the
    same elements in the same order in memory, with the dimensions
    reversed. A file of shape [(2, 3)] in Fortran order gives an array
    of dimensions [[|3; 2|]], the transpose of what numpy shows; writing
    an array with [~fortran_order:true] is the inverse. No element is
    moved either way. *)

(** {1:descriptors Descriptors}

    The descriptor of a dtype's elements is what numpy writes for them:
    numpy's type string ([<f8], [<f4], [<f2], [<c16], [<c8], [<i8] …
    [|i1], [<u8] … [|u1], [|b1]), in either byte order ([<] or [>]; [|]
    for a byte), or for the formats numpy has not, the name of the
    ml_dtypes type: ['bfloat16'], ['float8_e4m3fn'], ['float8_e5m2'],
    ['float4_e2m1fn'], ['int4'], ['uint4']. After [import ml_dtypes],
    [np.load] gives such a file's array that dtype (checked with numpy
    2.4.6 and ml_dtypes 0.7.0); without it numpy refuses the file.
    ml_dtypes' names have no byte order: their elements are
    little-endian, numpy's order on every machine it runs on today.

    ml_dtypes keeps a 4-bit element ([Int4], [Uint4], [Float4_e2m1fn])
    in a byte of its own, the value in the low nibble: so do these
    files, and reading keeps the low nibble of each byte. A [Bit]
    element is written as numpy's [bool], a byte [0] or [1]; a [|b1]
    file is read as [Bool], or as [Bit] when the caller names it (any
    non-zero byte a 1).

    [np.save] of an ml_dtypes array writes a descriptor that loses its
    type: ['<V2'] (raw bytes) for bfloat16, ['<V1'] or ['|V1'] for the
    one-byte formats, ['<f1'] for float8_e5m2 (which numpy then cannot
    read). Such files are read only when the caller names the dtype
    (the [_as] functions), as are unsigned integers of the element's
    size. *)

val descr : ?byte_order:byte_order -> ('v, 's) Dtype.t -> string
(** [descr ~byte_order dt] is the descriptor this module writes for
    [dt]'s elements in [byte_order] (default [Little_endian]).

    Raises [Invalid_argument] if [byte_order] is [Big_endian] and [dt] is
    [Bfloat16], whose descriptor has no byte order. *)

val dtype_of_descr : string -> (Dtype.any * byte_order) option
(** [dtype_of_descr d] is the dtype of the elements the descriptor [d]
    names and their byte order, if it names one of this library's
    dtypes as [numpy.dtype d] does (and so [np.load]), or is an ml_dtypes
    name ([bfloat16], [float8_e4m3fn], ...). numpy's strings are those
    of numpy 2 on Linux x86_64 (where a C [long] and a pointer have 8
    bytes): an optional byte order, [<], [>], or [=], [|] for the
    machine's, then
    {ul
    {- a kind and a size, as C's [strtol] reads the rest in base 10
       (['<f4'], ['f04'], ['f +4'], ['b1'], ['c16']);}
    {- or a one-character code: [?] (bool), [b], [B], [h], [H], [i], [I],
       [l], [L], [q], [Q], [n], [N], [p], [P] (integers of 1, 2, 4, 8, 8,
       8 and 8 bytes, signed in lower case), [e], [f], [d] (float16,
       float32, float64), [F], [D] (complex64, complex128);}
    {- or, with no byte order, a name: [bool], [bool_], [int8] ...
       [uint64], [byte], [ubyte], [short], [ushort], [intc], [uintc],
       [int], [int_], [intp], [long], [longlong] (8 bytes) and their
       unsigned [u] names, [float16] ... [float64], [half], [single],
       [double], [float], [complex64], [complex128], [csingle],
       [cdouble], [complex].}}
    [None] for raw bytes (['<V2']) and every other type. *)

val descr_reads : ('v, 's) Dtype.t -> string -> byte_order option
(** [descr_reads dt d] is the byte order of the descriptor [d]'s
    elements if they can be read as [dt]'s when the caller names [dt]:
    if [dtype_of_descr d] is [dt]; if [dt] is [Bfloat16] and [d] is
    raw bytes or unsigned integers of 2 bytes ([V2], [u2]); if [dt] is
    one of ml_dtypes' one-byte formats and [d] is [V1], [u1] or [f1];
    if [dt] is [Bit] and [d] is [b1]. *)

(** {1:headers Headers} *)

type header = {
  descr : string;  (** The elements' descriptor, as written. *)
  fortran_order : bool;  (** Whether the elements are in column-major order. *)
  shape : int array;  (** The dimensions; [[||]] for a single element. *)
}
(** The type for the headers of [.npy] files. *)

val magic : string
(** [magic] is ["\x93NUMPY"], the first bytes of every [.npy] file. *)

val max_dims : int
(** [max_dims] is 64, numpy's bound on the dimensions of an array. *)

val prefix_bytes : int
(** [prefix_bytes] is the most bytes of a file {!header_of_prefix}
    reads: the preamble and the longest header numpy reads (10,000
    characters, numpy's [max_header_size]). *)

val header_of_prefix : string -> (header * int, string) result
(** [header_of_prefix s] is the header of the [.npy] file whose first
    bytes are [s], and the offset of its elements; [s] is the file's
    first {!prefix_bytes} bytes, or the whole file if it is shorter. It
    is [Error msg] if numpy would refuse the header, [msg] saying why,
    and in the few cases this reader refuses what numpy reads:
    [\N{...}] escapes in strings, identifiers outside ASCII, a version
    1.0 or 2.0 header that numpy reads only after dropping Python 2's [L]
    suffixes and that holds a carriage return, and a shape past
    [max_int] (its dimensions, or the product of those that are not 0).
    Python's literal syntax is read in full: keys in any order and
    repeated (the last counts), either quote, string prefixes, escapes
    and implicit concatenation, integers in any base with underscores,
    comments, line continuations. *)

val header_to_string : header -> string
(** [header_to_string h] is the preamble and header numpy writes for
    [h]; the elements follow.

    Raises [Invalid_argument] if [h] has more than {!max_dims}
    dimensions. *)

val data_bytes : header -> size:int -> (int, string) result
(** [data_bytes h ~size] is the number of bytes of [h]'s elements if
    each has [size] bytes in the file, or [Error msg] if, zero
    dimensions left out, they would be more than [max_int] (numpy
    refuses such an array even when it is empty). *)

(** {1:arrays Arrays}

    The elements of a file that is little-endian, or of single bytes,
    are its array without a copy (its bytes are shared); others are
    converted into a new array. *)

type any = Any : ('v, 's) nx_array -> any (** *)
(** The type for arrays of any dtype. *)

val of_buffer : buffer -> (any, string) result
(** [of_buffer b] is the array of the [.npy] file whose bytes are [b],
    its dtype the one its descriptor names. It is [Error msg] if [b] is
    not a [.npy] file numpy reads ({!header_of_prefix}), or its
    descriptor names no dtype ({!dtype_of_descr}: raw bytes say to name
    the dtype, with {!of_buffer_as}), or its elements need more bytes
    than follow the header (numpy ignores bytes past them, and so does
    this reader). *)

val of_buffer_as : ('v, 's) Dtype.t -> buffer -> (('v, 's) nx_array, string) result
(** [of_buffer_as dt b] is like {!of_buffer} for a file whose elements
    {!descr_reads} reads as [dt]'s, and [Error] for another. *)

val of_string : string -> (any, string) result
(** [of_string s] is {!of_buffer} of a copy of [s]'s bytes. *)

val of_string_as : ('v, 's) Dtype.t -> string -> (('v, 's) nx_array, string) result
(** [of_string_as dt s] is {!of_buffer_as} of a copy of [s]'s bytes. *)

val map_file : string -> (any, string) result
(** [map_file path] is {!of_buffer} of the file [path], mapped
    ([Unix.map_file], privately: writing the array changes memory, not
    the file), the error message starting with [path]. Nothing but the
    header is read until the elements are.

    {b Warning.} As for {!Safetensors.map_file}: a program that
    truncates the file while it is mapped makes reading past the new end
    kill the process ([SIGBUS]). *)

val read_file : string -> (any, string) result
(** [read_file path] is {!of_buffer} of the file [path] read whole into
    new memory, without a mapping, as {!Safetensors.read_file} reads. *)

val map_file_as : ('v, 's) Dtype.t -> string -> (('v, 's) nx_array, string) result
(** [map_file_as dt path] is {!of_buffer_as} of the file [path],
    mapped. *)

val convert :
  ?rounding:Arrays.rounding -> (float, 's) Dtype.t -> any -> ((float, 's) nx_array, string) result
(** [convert dt a] is the float array [a] with its values in [dt]: [a]
    itself if it is of [dt], else a new array of its values each rounded
    {e once} into [dt] by the Stores rule with [rounding] (default
    [Nearest_even]), as {!Nx_array.cast} does. It is [Error msg] if [a]'s
    elements are not floats. The way to read a file whatever float dtype
    it holds: [Result.bind (Npy.map_file "w.npy") (Npy.convert Float32)]. *)

val to_bigarray :
  ?rounding:Arrays.rounding -> ('a, 'b) Bigarray.kind -> any ->
  (('a, 'b, Bigarray.c_layout) Bigarray.Genarray.t, string) result
(** [to_bigarray k a] is the float array [a] as a new bigarray of kind
    [k], each value converted by {!Nx_array.to_bigarray}. It is
    [Error msg] if [a]'s elements are not floats, or it has more than 16
    dimensions. *)

val iter_pieces :
  ?dtype:Dtype.any -> ?piece:int -> buffer -> (any -> unit) -> (unit, string) result
(** [iter_pieces ~dtype ~piece b f] calls [f] on the elements of the
    [.npy] file [b] in order, as one-dimensional arrays of at most
    [piece] elements (default 2{^20}; rounded down to a multiple of 8,
    at least 8): the way to read a file converted, with memory bounded
    by a piece. A piece is valid during the call only. [dtype], if
    given, names the dtype as the [_as] functions do. The result is
    {!of_buffer}'s errors. *)

(** {1:writing Writing}

    The writers lay a file out as numpy does. Each raises
    [Invalid_argument] if the array has more than {!max_dims}
    dimensions, or if [byte_order] is [Big_endian] for a [Bfloat16]
    array ({!descr}). *)

val to_string : ?byte_order:byte_order -> ?fortran_order:bool -> ('v, 's) nx_array -> string
(** [to_string ~byte_order ~fortran_order a] is the [.npy] file of [a]:
    its elements in [byte_order] (default [Little_endian]), and with
    [~fortran_order:true] (default [false]) its dimensions reversed and
    [fortran_order] [True] (see {!format}). *)

val write_file :
  ?byte_order:byte_order -> ?fortran_order:bool -> string -> ('v, 's) nx_array ->
  (unit, string) result
(** [write_file path a] writes {!to_string}'s bytes at [path], whole or
    not at all, as {!Safetensors.write_file} writes: to a new temporary
    file of the same directory, renamed to [path] on success. The result
    is [Error msg], [msg] starting with [path], if the file cannot be
    created or written. *)

type stream = {
  name : string;  (** Its name in an archive, without [.npy]. *)
  dtype : Dtype.any;
  dims : int array;
  fortran_order : bool;
  write : (buffer -> unit) -> unit;
      (** [write emit] gives the array's bytes in order, as calls of
          [emit] on pieces, each of whole elements (of whole bytes for
          elements of fewer than 8 bits), written before [emit]
          returns. *)
}
(** The type for arrays whose bytes are made while a file is written, so
    that no more than a piece need be in memory. *)

val stream : ?fortran_order:bool -> string -> ('v, 's) nx_array -> stream
(** [stream name a] is [a] named [name] as a stream of one piece, its
    bytes (not a copy). *)

val output : ?byte_order:byte_order -> Unix.file_descr -> stream -> unit
(** [output fd s] writes the [.npy] file of [s] to [fd], from where it
    is.

    Raises [Invalid_argument] as said above, or if [s] gives more or
    fewer bytes than its dimensions need, or pieces of partial elements;
    [Unix.Unix_error] if a write fails. *)

(** {1:npz Archives} *)

module Npz : sig
  type t
  (** The type for [.npz] archives, read: their central directory
      checked, their bytes in memory or mapped from the file. *)

  (** The type for what a member holds, as [np.load] sees it. *)
  type contents =
    | Array of { header : header; offset : int; dtype : Dtype.any option }
        (** A [.npy] file: its header (with the shape), the offset of its
            elements in the member, and the dtype its descriptor names
            ({!dtype_of_descr}), [None] for raw bytes (['<V2']) and other
            types, which the [_as] functions read. *)
    | Not_npy
        (** Bytes that do not begin with {!magic}, which [np.load] gives
            as they are, not as an array. *)
    | Unreadable of string
        (** First bytes that cannot be read (a deflate stream malformed
            within them), or a [.npy] header numpy refuses: why, naming
            the member. A stream malformed further on, or a CRC-32 that
            differs, is found by {!check} or when the elements are
            read. *)

  type member = {
    name : string;  (** The member's name without its [.npy] suffix. *)
    file_name : string;  (** The member's name in the archive. *)
    compressed : bool;  (** Whether it is deflated (else stored). *)
    bytes : int;  (** Its size: the [.npy] file's bytes. *)
    stored_bytes : int;  (** Its bytes in the archive. *)
    contents : contents;  (** What it holds, from its first bytes. *)
  }
  (** The type for an archive's members: what its directory says, and what
      the member's first bytes (its [.npy] header) say. *)

  val of_buffer : buffer -> (t, string) result
  (** [of_buffer b] is the archive whose bytes are [b], which stored
      members share. Only the archive's structure is read: its end
      records, its central directory and the local header of each
      member. It is [Error msg] if the archive is not one this reader
      reads, [msg] saying why:
      {ul
      {- there is no end of central directory record: one that, with
         its comment, ends the file, else (as Python's zipfile reads an
         archive with bytes after its end) the last whole one in the
         file's last 64 KiB and 22 bytes; or the Zip64 end record its
         locator points to is not there, or disagrees with the end
         record;}
      {- it does not begin with a local header, or with the end record
         of an empty archive: [np.load] takes nothing else for an
         archive (Python's zipfile alone reads bytes prepended to one);}
      {- it spans several disks;}
      {- the central directory does not end where the (Zip64) end
         record begins, does not hold the number of entries announced,
         or an entry runs past it;}
      {- an entry's name is neither ASCII nor UTF-8 flagged as such, or
         appears twice;}
      {- a member is encrypted (flag bit 0 or 6), holds compressed
         patched data (flag bit 5), needs a version of the format above
         6.3 to extract (zipfile's limit), or is compressed by a method
         other than stored (0) or deflated (8);}
      {- a size or offset says to see a Zip64 extra field that is not
         there or too short, or any record of an entry's extra field,
         Zip64 or not, runs past the field's end;}
      {- a stored member's sizes differ, or a deflated one of [n]
         bytes claims 1032 × ([n] + 2) bytes or more (deflate makes at
         most 1032 of a byte);}
      {- a member's local header is missing, runs into the central
         directory, or names another name or method;}
      {- a member's bytes run past the central directory's start, or
         overlap another member's.}}
      What is read from a member is checked when it is read (its CRC,
      its deflate stream, its [.npy] header). *)

  val of_string : string -> (t, string) result
  (** [of_string s] is {!of_buffer} of a copy of [s]'s bytes. *)

  val map_file : string -> (t, string) result
  (** [map_file path] is {!of_buffer} of the file [path], mapped as
      {!Npy.map_file} maps it, the error message starting with
      [path]. The errors of {!header}, {!read}, {!read_as} and
      {!iter_pieces} on such an archive start with [path] too, then
      name the member. *)

  val read_file : string -> (t, string) result
  (** [read_file path] is {!of_buffer} of the file [path] read whole into
      new memory, without a mapping, as {!Npy.read_file} reads; errors
      name [path] as {!map_file}'s do. *)

  val members : t -> member list
  (** [members z] is [z]'s members in the order of its central
      directory, each with its {!contents}: listing an archive's arrays,
      their dtypes and shapes, takes this one call. It reads each
      member's first bytes (inflating at most a [.npy] header's), not
      its elements, so a CRC-32 is checked only when they are read
      ({!read}, {!iter_pieces}). *)

  val header : t -> string -> (header * int, string) result
  (** [header z name] is the [.npy] header of the member [name] (or, if
      there is none, [name.npy]) and the offset of its elements in the
      member, as {!header_of_prefix} gives them, its first bytes read
      (and inflated). It is [Error msg] if there is no such member, or
      its bytes are not a [.npy] file's. *)

  val check : t -> string -> (unit, string) result
  (** [check z name] reads every byte of the member [name] (or
      [name.npy]), inflating it if it is deflated, and checks its CRC-32:
      [Ok ()] if [np.load] would read its bytes, whatever they hold (an
      array or not), [Error msg] as {!read} is for a missing member, a
      malformed deflate stream or a CRC-32 that differs. Memory is
      bounded by deflate's window. *)

  val read : ?crc:bool -> t -> string -> (any, string) result
  (** [read z name] is the array of the member [name] (or, if there is
      none, [name.npy]), as {!Npy.of_buffer} reads it: for a stored
      member of little-endian elements, an array over the archive's
      bytes, not a copy. With [~crc:true] (the default) the member's
      CRC-32 is checked, which reads all its bytes (an inflated member's
      always is). It is [Error msg] as {!Npy.of_buffer} is, or if the
      member is missing, its deflate stream is malformed or makes other
      than the bytes announced, or its CRC-32 differs. *)

  val read_as : ?crc:bool -> ('v, 's) Dtype.t -> t -> string -> (('v, 's) nx_array, string) result
  (** [read_as dt z name] is like {!read} for a member whose elements
      {!descr_reads} reads as [dt]'s, and [Error] for another. *)

  val get_as :
    ?rounding:Arrays.rounding -> (float, 's) Dtype.t -> t -> string ->
    ((float, 's) nx_array, string) result
  (** [get_as dt z name] is the float member [name] with its values in
      [dt], as {!Safetensors.get_as} gives a tensor: {!read}, then
      {!convert}. It is [Error msg] as {!read} is, or if the member's
      elements are not floats, [msg] naming it. *)

  val get_bigarray :
    ?rounding:Arrays.rounding -> ('a, 'b) Bigarray.kind -> t -> string ->
    (('a, 'b, Bigarray.c_layout) Bigarray.Genarray.t, string) result
  (** [get_bigarray k z name] is the float member [name] as a new
      bigarray of kind [k]: {!read}, then {!to_bigarray}. *)

  val iter_pieces :
    ?crc:bool -> ?dtype:Dtype.any -> ?piece:int -> t -> string -> (any -> unit) ->
    (unit, string) result
  (** [iter_pieces z name f] is {!Npy.iter_pieces} on the member [name],
      inflated a piece at a time if it is deflated: memory is bounded by
      a piece and deflate's window. The CRC-32 is checked at the end:
      pieces given before an [Error] may be wrong. *)

  (** {2:writing Writing}

      The writers lay an archive out as [np.savez] does; with
      [~compress:true] (default [false]) the members are deflated, as
      [np.savez_compressed] does (zlib-rs's deflate at zlib's level 6:
      not always zlib's bytes, the same elements). With [~zip64:true]
      (default [false]) the central directory and end records are Zip64
      ones, as they are anyway past 2{^31} - 1 bytes. Member names are the arrays' names
      with [.npy] added. Each raises [Invalid_argument] if a name is not
      UTF-8 or appears twice, or as {!Npy.output} does. *)

  val to_string :
    ?compress:bool -> ?zip64:bool -> ?byte_order:byte_order -> (string * any) list -> string
  (** [to_string arrays] is the [.npz] archive of [arrays]. *)

  val write_file :
    ?compress:bool -> ?zip64:bool -> ?byte_order:byte_order -> string -> (string * any) list ->
    (unit, string) result
  (** [write_file path arrays] writes {!to_string}'s bytes at [path],
      whole or not at all, as {!Npy.write_file} does. *)

  val write_streams :
    ?compress:bool -> ?zip64:bool -> ?byte_order:byte_order -> string -> stream list ->
    (unit, string) result
  (** [write_streams] is like {!write_file} with the arrays given as
      streams. An exception raised by a stream's [write] is raised
      again, after the temporary file is removed. *)

  val output :
    ?compress:bool -> ?zip64:bool -> ?byte_order:byte_order -> Unix.file_descr -> stream list ->
    unit
  (** [output fd streams] writes the archive of [streams] to [fd], which
      must be at its start. A regular file's local headers get their
      sizes and CRC written back once known; on a pipe each member's
      data is followed by a data descriptor that holds them.

      Raises as {!Npy.output} does. *)
end
