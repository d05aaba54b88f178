(** Safetensors files, Hugging Face's format of model weights: read by
    mapping the file, with tensors over its bytes, and written atomically
    as the reference lays them out.

    Coming from Python's [safetensors]: [load_file] and [safe_open] are
    {!map_file}; [keys ()] is the names of {!tensors}; [get_tensor] is
    {!get} (the stored dtype), {!get_as} (any float tensor into the dtype
    asked for) or {!get_bigarray}; [metadata ()] is {!metadata};
    [save_file] is {!write_file}.

    Errors: what the file can get wrong is a [result], its message
    naming the file ({!map_file}), or the tensor ({!get_as}); what the
    program asserts, [get]'s tensor of that name and dtype, raises
    [Invalid_argument] when false, and {!find} is its [option] form. *)

type buffer = Arrays.buffer
(** The type for bytes. *)

type ('v, 's) nx_array = ('v, 's) Arrays.t
(** The type for arrays: {!Nx_array.t}. *)

(** {1:format The format}

    A safetensors file is an 8-byte little-endian unsigned integer [N],
    [N] bytes of UTF-8 JSON, the {e header}, then the {e data section}.
    The header is an object whose members are tensors, each
    [{"dtype": S, "shape": [d0, ...], "data_offsets": [begin, end]}] with
    offsets into the data section, and an optional member
    ["__metadata__"] holding an object of strings. Elements are
    row-major, little-endian; four-bit [F4] elements are packed two to a
    byte, element [2i] in the low nibble and [2i+1] in the high one, the
    packing of PyTorch's [float4_e2m1fn_x2] and of this library's
    [Float4_e2m1fn] arrays: an [F4] tensor is such an array, without a
    copy. A header's shape counts elements, not bytes: an [F4] tensor of
    shape [[|4; 6|]] holds 12 bytes. The format does not say how six-bit
    elements are packed: their tensors are given as bytes.

    The reference is Hugging Face's [safetensors] library (its Rust
    [safetensors/src/tensor.rs] and the Python package 0.8.0, against
    which the tests check). This module reads what it reads and writes
    what it writes, byte for byte, with the differences stated at
    {!of_buffer}. *)

(** {1:dtypes Dtype strings} *)

val dtype_strings : string list
(** [dtype_strings] is every dtype string of the format: ["BOOL"],
    ["F4"], ["F6_E2M3"], ["F6_E3M2"], ["U8"], ["I8"], ["F8_E5M2"],
    ["F8_E4M3"], ["F8_E8M0"], ["F8_E4M3FNUZ"], ["F8_E5M2FNUZ"], ["I16"],
    ["U16"], ["F16"], ["BF16"], ["I32"], ["U32"], ["F32"], ["C64"],
    ["F64"], ["I64"], ["U64"], in the reference's order. The writer lays
    tensors out from the last of this list to the first. *)

val dtype_of_string : string -> Dtype.any option
(** [dtype_of_string s] is the dtype of the elements the dtype string [s]
    names, if this library has one: [BOOL] is [Bool], [U8] to [U64] and
    [I8] to [I64] the integers of their width, [F16] [Float16], [BF16]
    [Bfloat16], [F32] [Float32], [F64] [Float64], [C64] [Complex64],
    [F8_E4M3] [Float8_e4m3fn] (no infinity, one NaN per sign), [F8_E5M2]
    [Float8_e5m2] and [F4] [Float4_e2m1fn]. [None] for [F6_E2M3],
    [F6_E3M2], [F8_E8M0], [F8_E4M3FNUZ] and [F8_E5M2FNUZ], and for a
    string the format does not define. *)

val dtype_to_string : ('v, 's) Dtype.t -> string option
(** [dtype_to_string dt] is the dtype string of [dt], if the format has
    one: [None] for [Int4], [Uint4], [Complex128] and [Bit]. *)

val dtype_string_bits : string -> int option
(** [dtype_string_bits s] is the width in bits of an element of the
    dtype string [s] (4 for [F4], 6 for [F6_E2M3] and [F6_E3M2]), if the
    format defines [s]. *)

(** {1:tensors Tensors} *)

type tensor =
  | Tensor : ('v, 's) nx_array -> tensor
      (** An array, of a dtype that has a dtype string. *)
  | Raw : {
      dtype : string;
      shape : int array;
      data : (int, Dtype.int8_unsigned_elt) nx_array;
    }
      -> tensor
      (** The bytes of a tensor whose dtype string has no dtype here
          ([F8_E8M0], the [F6] and the [FNUZ] formats): [data] is a
          one-dimensional [Uint8] array of [elements * bits / 8] bytes,
          elements being the product of [shape]. *)
(** The type for tensors of any dtype. *)

val tensor_dtype : tensor -> string
(** [tensor_dtype t] is [t]'s dtype string.

    Raises [Invalid_argument] if [t] is a [Tensor] of a dtype without
    one. *)

val tensor_shape : tensor -> int array
(** [tensor_shape t] is [t]'s shape (a fresh array). *)

(** {1:reading Reading} *)

type t
(** The type for safetensors files, read: their header parsed and
    checked, their data section in memory or mapped from the file. *)

type info = {
  name : string;
  dtype : string;  (** Its dtype string. *)
  shape : int array;  (** Its dimensions: [[||]] for a scalar. *)
  offsets : int * int;
      (** Its bytes [[begin, end)] in the data section, as the header
          gives them: they are at [begin + data_start t] in the file. *)
}
(** The type for what the header says of a tensor. *)

val of_buffer : buffer -> (t, string) result
(** [of_buffer b] is the safetensors file whose bytes are [b], which its
    tensors share: nothing is copied but the header, and only bytes of
    the header are read. It is [Error msg] if [b] is not a safetensors
    file as the reference reads one, [msg] saying what is wrong:
    {ul
    {- [b] has fewer than 8 bytes, or [N] is larger than 100,000,000 or
       than the bytes after the first 8;}
    {- the header is not UTF-8, or not JSON, or not an object;}
    {- ["__metadata__"] is not an object whose members are strings, or
       [null];}
    {- a tensor is not an object with a ["dtype"] that is a dtype
       string, a ["shape"] that is an array of integers and
       ["data_offsets"] that are two integers, each field once (other
       fields are ignored, as the reference does);}
    {- a number there has a fraction, an exponent or a sign, or is above
       [max_int] (the reference takes 64-bit unsigned integers; no
       larger dimension fits an OCaml [int], and no larger offset fits a
       file);}
    {- the product of a shape, taken from the left, overflows [max_int]
       (the reference's bound is [2{^64} - 1]);}
    {- the tensors' offsets, sorted, do not tile the data section from
       0: a hole, an overlap or an end before a beginning;}
    {- a tensor's elements times its dtype's bits is not a multiple of 8,
       or its bytes are not that number of bits divided by 8;}
    {- the data section does not end where the last tensor ends;}
    {- a tensor name or a metadata name appears twice (the reference
       keeps the last).}}
    Whitespace (space, tab, LF, CR) before and after the JSON value is
    accepted, as the reference accepts it. *)

val of_string : string -> (t, string) result
(** [of_string s] is [of_buffer] of a copy of [s]'s bytes. *)

val map_file : string -> (t, string) result
(** [map_file path] is the safetensors file at [path], mapped into
    memory ([Unix.map_file]): it reads the header and nothing else; a
    tensor's bytes are read from the file when its elements are. Writing
    a tensor's array changes the memory, never the file (the mapping is
    private). It is [Error msg] as {!of_buffer} is, with [msg] starting
    with [path], or if [path] cannot be opened or mapped, or is not a
    regular file.

    {b Warning.} If another program truncates the file while it is
    mapped, reading a tensor past the new end kills the process
    ([SIGBUS]), as it does every program that maps files.
    {!write_file} never truncates: it replaces a file by another; and
    {!read_file} does not map. *)

val read_file : string -> (t, string) result
(** [read_file path] is the safetensors file at [path], read whole into
    new memory by large sequential reads, without a mapping: the way to
    read a file on a network filesystem, where a mapping's page faults
    are slow, or one that another program may truncate (that is then an
    [Error], not a signal). It takes the file's size in memory at once;
    {!map_file} takes only what is read. It is [Error msg] as
    {!map_file} is, or if the file becomes shorter while it is read. *)

val tensors : t -> info list
(** [tensors st] is what the header says of each tensor, in the order of
    their bytes. *)

val find_info : t -> string -> info option
(** [find_info st name] is what the header says of the tensor [name], if
    there is one. *)

val metadata : t -> (string * string) list option
(** [metadata st] is the header's ["__metadata__"], in the header's order,
    or [None] if it has none (or it is [null]). It passes on as it is to
    a writer's optional argument, which keeps that difference:
    [write_file ?metadata:(metadata st) path tensors]. *)

val data_start : t -> int
(** [data_start st] is the position of the data section in the file:
    [8 + N]. *)

val find : ('v, 's) Dtype.t -> t -> string -> ('v, 's) nx_array option
(** [find dt st name] is the tensor [name] as an array over [st]'s bytes
    (not a copy), if there is one and its dtype is [dt]. *)

val get : ('v, 's) Dtype.t -> t -> string -> ('v, 's) nx_array
(** [get] is like {!find} but raises [Invalid_argument] if there is no
    tensor [name] or its dtype is not [dt]. *)

val get_as :
  ?rounding:Arrays.rounding -> (float, 's) Dtype.t -> t -> string ->
  ((float, 's) nx_array, string) result
(** [get_as dt st name] is the float tensor [name], whatever float dtype
    it is stored in ([F64], [F32], [F16], [BF16], [F8_E4M3], [F8_E5M2],
    [F4]), with its values in [dt]: over [st]'s bytes (not a copy) when it
    is stored as [dt], else a new array of its values each rounded {e once}
    into [dt] by the Stores rule with [rounding] (default
    [Nearest_even]), as {!Nx_array.cast} does. It is [Error msg] if there
    is no tensor [name] or it is not a float tensor (an integer, complex,
    [BOOL] or raw one), [msg] naming it. *)

val get_bigarray :
  ?rounding:Arrays.rounding -> ('a, 'b) Bigarray.kind -> t -> string ->
  (('a, 'b, Bigarray.c_layout) Bigarray.Genarray.t, string) result
(** [get_bigarray k st name] is the float tensor [name] as a new bigarray
    of kind [k], whatever float dtype it is stored in, each value
    converted by {!Nx_array.to_bigarray}: [get_bigarray Bigarray.float32
    st "w"] is a [BF16] tensor's values as float32, exactly. It is
    [Error msg] as {!get_as} is, or if the tensor has more than 16
    dimensions. *)

val find_tensor : t -> string -> tensor option
(** [find_tensor st name] is the tensor [name] over [st]'s bytes (not a
    copy), if there is one: a [Tensor] if its dtype string has a dtype,
    else a [Raw]. *)

val get_tensor : t -> string -> tensor
(** [get_tensor] is like {!find_tensor} but raises [Invalid_argument] if
    there is no tensor [name]. *)

(** {1:writing Writing}

    The writer lays a file out as the reference does: the header has the
    ["__metadata__"] first, if given, then the tensors in the order of
    their bytes, without spaces, and is padded with spaces to a multiple
    of 8 bytes; the tensors' bytes follow one another with no gap, sorted
    by dtype string, from the last of {!dtype_strings} to the first
    ([U64] first, [BOOL] last), then by name (byte order). Given the same
    tensors and at most one metadata pair (the reference writes pairs in
    a random order), the reference writes the same bytes; but with no
    tensor and [~metadata:[]], where the reference writes
    [{},"__metadata__":{}}], which it cannot read back, this module
    writes [{"__metadata__":{}}].

    A tensor can be written only if the reference can read it back:
    each writer raises [Invalid_argument] if

    {ul
    {- a name is ["__metadata__"], is not UTF-8, or appears twice, in the
       tensors or in the metadata;}
    {- a tensor's dtype has no dtype string ([Int4], [Uint4],
       [Complex128], [Bit]), or is [Float4_e2m1fn] with an odd number of
       elements;}
    {- a [Raw] or {!stream} tensor's dtype string is not one of
       {!dtype_strings}, or its elements times bits is not a multiple of
       8, or its bytes are not that many bits;}
    {- the header would be larger than 100,000,000 bytes.}}
    Then nothing is written. *)

type stream = {
  name : string;
  dtype : string;  (** A dtype string. *)
  shape : int array;
  write : (buffer -> unit) -> unit;
      (** [write emit] gives the tensor's bytes in order, as calls of
          [emit] on consecutive pieces, each written at once: [emit b]
          is done with [b] when it returns. *)
}
(** The type for tensors whose bytes are made while the file is written,
    so that no more than a piece of each need be in memory. *)

val stream : string -> tensor -> stream
(** [stream name t] is [t] named [name] as a stream of one piece, its
    bytes (not a copy): the way to write, beside streams that convert,
    tensors as they are.

    Raises [Invalid_argument] if [t] is a [Tensor] of a dtype without a
    dtype string. *)

val write_file :
  ?metadata:(string * string) list -> string -> (string * tensor) list ->
  (unit, string) result
(** [write_file ~metadata path tensors] writes [tensors] and [metadata]
    (none if absent) as a safetensors file at [path]. The header is
    written first, then each tensor's bytes from its array: nothing is
    copied. The file appears whole or not at all: it is written to a new
    temporary file of the same directory, which is renamed to [path] on
    success and removed on failure. An existing file at [path] is
    replaced, and the new one gets its permissions (not its owner);
    programs that had mapped or opened it keep reading the old one, so
    the tensors written may be those of a file read from [path]. A symbolic link is
    followed: the file it names is replaced, the link stays. A [path]
    that names one of the process's descriptors ([/dev/stdout],
    [/dev/stderr], [/dev/fd/N], [/proc/self/fd/N]) is written through
    that descriptor, from where it is (at the end if it appends, as
    after a shell's [>>]), whatever it has open; another [path] that is
    not a regular file (a pipe, a device) is written in place. There a
    failure leaves what was written. The file is not synced to
    disk.

    The result is [Error msg], [msg] starting with [path], if the file
    cannot be created or written ([path] a directory, a dangling link,
    a full disk, ...). Raises [Invalid_argument] as said above. *)

val write_streams :
  ?metadata:(string * string) list -> string -> stream list -> (unit, string) result
(** [write_streams] is like {!write_file} with tensors given as streams.

    Raises [Invalid_argument] as said above, or if a stream emits more or
    fewer bytes than its shape and dtype need; then the temporary file
    is removed. An exception raised by a stream's [write] is raised
    again, after that. *)

val output : ?metadata:(string * string) list -> Unix.file_descr -> stream list -> unit
(** [output ~metadata fd streams] writes the file of [streams] to [fd],
    from where it is: the way to write through a file the caller
    manages. It writes the header first, then the streams in turn.

    Raises [Invalid_argument] as {!write_streams} does (nothing is
    written if the tensors are refused, something may be if a stream
    misbehaves), an exception of a stream's [write] as it was raised,
    and [Unix.Unix_error] if a write fails. *)

val to_string : ?metadata:(string * string) list -> (string * tensor) list -> string
(** [to_string ~metadata tensors] is the bytes {!write_file} writes.

    Raises [Invalid_argument] as said above. *)
