(** GGUF files, the weights of llama.cpp, ollama and the "-GGUF"
    repositories: read by mapping the file (or into memory by reads),
    with typed metadata and tensors over the file's bytes.

    A GGUF file (ggml's [docs/gguf.md]) is the magic ["GGUF"], a version
    (3, or 2, which older files use; both are read), a count of tensors
    and of metadata entries, the metadata (a key, a value type, a value),
    the tensor infos (a name, dimensions in ggml's order, a ggml type, an
    offset into the data section), then the data section, which starts at
    the first multiple of the alignment ([general.alignment], 32 when
    absent) after the infos. Everything is little-endian.

    Shapes: ggml lists dimensions from the contiguous one, [ne.(0)], the
    length of a row; numpy's shape, which gguf-py gives and this module
    gives as [dims], is the reverse. A tensor of [ne = [|4096; 32000|]]
    is 32,000 rows of 4,096 values: [dims = [|32000; 4096|]].

    The reader is checked against gguf-py 0.19's [GGUFReader] on files its
    [GGUFWriter] wrote (test/gguf). It refuses, saying what is wrong and
    where: another magic or version (a big-endian file among them), a
    value type, ggml type or bool byte (other than 0 and 1) that has no
    meaning, a key or tensor name twice, a string that is not UTF-8,
    arrays nested more than 64 deep (candle's bound), a
    [general.alignment] that is not a [U32] power of two of 8 or more
    (llama.cpp asks for a power of two, ggml's [docs/gguf.md] for a
    multiple of 8: 0, 4, 12 and 24 are refused), more than 4 dimensions, a
    dimension, offset or size more than an [int] holds, rows that are not
    whole blocks, an offset not a multiple of the alignment, two tensors
    that share a byte, and any string, array or tensor that runs past the
    end of the file. A dimension of 0 is read, as gguf-py reads it: a
    tensor of no values and no bytes, which shares no byte with another.
    Every count is checked against the bytes that follow it before
    anything of that size is made. test/gguf/test_malformed.ml is the
    catalogue of these refusals. *)

type buffer = Arrays.buffer
(** The type for bytes. *)

type ('v, 's) nx_array = ('v, 's) Arrays.t
(** The type for arrays: {!Nx_array.t}. *)

(** {1:types ggml types} *)

type ggml_type = {
  id : int;  (** Its number in files ([ggml.h]'s [ggml_type]). *)
  type_name : string;  (** ggml's name: ["F32"], ["Q4_K"], ["IQ4_XS"]. *)
  block_size : int;  (** Values per block: 1 for plain types, 32 or 256 for most others. *)
  type_size : int;  (** Bytes per block. *)
  dtype : Dtype.any option;
      (** The dtype of a plain type's elements ([F32], [F16], [BF16],
          [F64], [I8] to [I64]); [None] for block types. *)
}
(** The type for the facts of a ggml type. *)

val ggml_types : ggml_type list
(** [ggml_types] is every ggml type a file can hold, by id (ids 4, 5,
    31 to 33 and 36 to 38 are retired), as [ggml.h] defines them. *)

val ggml_type_of_id : int -> ggml_type option
(** [ggml_type_of_id n] is the ggml type numbered [n], if any. *)

val ggml_type_of_name : string -> ggml_type option
(** [ggml_type_of_name s] is the ggml type named [s] (["Q8_0"]), if any. *)

(** {1:values Metadata values} *)

type value_type =
  | U8 | I8 | U16 | I16 | U32 | I32 | F32 | Bool | String | Array | U64 | I64 | F64
(** The type for GGUF's value types, in the order of their codes (0 to
    12). *)

val value_type_name : value_type -> string
(** [value_type_name t] is [t]'s name in lower case: ["u32"], ["string"]. *)

type values
(** The type for arrays of values (GGUF's [Array]), over the file's bytes: a tokenizer's
    150,000 strings are not read until asked for. *)

type value =
  | Int of value_type * int  (** A [U8] to [I32] value, and its type. *)
  | Int64 of value_type * int64
      (** A [U64] or [I64] value, and its type; a [U64]'s bits, to read
          with [Int64.unsigned_to_int] and its kin. *)
  | Float of value_type * float  (** An [F32] or [F64] value, and its type. *)
  | Bool of bool
  | String of string
  | Array of values
(** The type for metadata values. *)

val array_type : values -> value_type
(** [array_type a] is the type of [a]'s elements. *)

val array_length : values -> int
(** [array_length a] is the number of [a]'s elements. *)

val array_get : values -> int -> value
(** [array_get a i] is [a]'s element [i]: read from the file's bytes,
    in constant time for scalars; strings and arrays find the position
    of every element the first time one is asked for.

    Raises [Invalid_argument] if [i] is not an index of [a]. *)

val array_to_list : values -> value list
(** [array_to_list a] is [a]'s elements in order. *)

val strings : values -> string array option
(** [strings a] is [a]'s elements if they are strings. *)

val array : value_type -> value list -> values
(** [array t vs] is the array of the values [vs], each of type [t], to
    write: [Array (array String [String "a"; String "b"])].

    Raises [Invalid_argument] if a value is of another type, or is not
    one of its type (see {!write_file}). *)

(** {1:reading Reading} *)

type t
(** The type for GGUF files, read. *)

val of_buffer : buffer -> (t, string) result
(** [of_buffer b] is the GGUF file whose bytes are [b], which its tensors
    share. It is [Error msg] if [b] is not a GGUF file this reader reads,
    [msg] saying why and where (see above). *)

val of_string : string -> (t, string) result
(** [of_string s] is {!of_buffer} of a copy of [s]'s bytes. *)

val map_file : string -> (t, string) result
(** [map_file path] is {!of_buffer} of the file [path], mapped privately
    as {!Safetensors.map_file} maps, with its warning: a file truncated by
    another program while it is mapped kills the process when read past
    its new end. Errors start with [path]. *)

val read_file : string -> (t, string) result
(** [read_file path] is {!of_buffer} of the file [path] read whole into
    new memory, as {!Safetensors.read_file} reads. *)

val version : t -> int
(** [version g] is [g]'s format version: 2 or 3. *)

val alignment : t -> int
(** [alignment g] is [g]'s alignment: [general.alignment], or 32. *)

val data_start : t -> int
(** [data_start g] is the position of [g]'s data section in the file. *)

val metadata : t -> (string * value) list
(** [metadata g] is [g]'s metadata in the file's order. *)

val find : t -> string -> value option
(** [find g key] is the value of [key], if [g] has it. *)

val find_string : t -> string -> string option
(** [find_string g key] is the value of [key] if it is a string. *)

val find_int : t -> string -> int option
(** [find_int g key] is the value of [key] if it is an integer of any
    type that an [int] holds. *)

val find_float : t -> string -> float option
(** [find_float g key] is the value of [key] if it is an [F32] or [F64]. *)

val find_bool : t -> string -> bool option
(** [find_bool g key] is the value of [key] if it is a bool. *)

val find_array : t -> string -> values option
(** [find_array g key] is the value of [key] if it is an array. *)

(** {1:tensors Tensors} *)

type info = {
  name : string;
  ggml_type : ggml_type;
  ne : int array;  (** The dimensions in ggml's order, [ne.(0)] the row. *)
  dims : int array;  (** The dimensions in numpy's order: [ne] reversed. *)
  offset : int;  (** Its bytes' offset in the data section. *)
  bytes : int;  (** The number of its bytes. *)
}
(** The type for what the file says of a tensor. *)

val tensors : t -> info list
(** [tensors g] is [g]'s tensor infos, in the file's order. *)

val find_info : t -> string -> info option
(** [find_info g name] is the info of the tensor [name], if any. *)

type tensor =
  | Tensor : ('v, 's) nx_array -> tensor
      (** A tensor of a plain type, as an array of its dtype and [dims]
          over the file's bytes (not a copy). *)
  | Blocks of {
      ggml_type : ggml_type;
      dims : int array;  (** The dimensions of its values, numpy's order. *)
      data : (int, Dtype.int8_unsigned_elt) nx_array;  (** Its bytes, over the file's. *)
    }
      (** A tensor of a block type, as its bytes. *)
(** The type for tensors. *)

val find_tensor : t -> string -> tensor option
(** [find_tensor g name] is the tensor [name], if [g] has one. *)

val get_tensor : t -> string -> tensor
(** [get_tensor] is like {!find_tensor} but raises [Invalid_argument] if
    there is no tensor [name]. *)

val dequantizes : ggml_type -> bool
(** [dequantizes t] is [true] for the block types {!get_as} and
    {!dequantize_into} dequantize (every block type but Q8_1 and
    Q8_K, which neither gguf-py 0.19 nor llama.cpp's [to_float]
    dequantizes). *)

val dequantize_into :
  ggml_type -> (int, Dtype.int8_unsigned_elt) nx_array -> (float, Dtype.float32_elt) nx_array ->
  unit
(** [dequantize_into t blocks dst] stores the values of [blocks], the
    bytes of whole blocks of type [t] (a {!Blocks} tensor's [data], or a
    run of its blocks), into [dst], as {!get_as} does: the way to
    dequantize a tensor a piece at a time.

    Raises [Invalid_argument] if [t] is not a type {!dequantizes} says,
    if [blocks] is not whole blocks, or if [dst] has not their number of
    values. *)

(** {2:quantizing Quantizing}

    Float32 rows into ggml's block types as llama.cpp quantizes them: the
    bytes of [ggml_quantize_chunk] (ggml's [ggml-quants.c], its portable C
    compiled for x86-64 without FMA contraction, the build of
    test/gguf/quantize's vectors), bit for bit: the same searches for
    scales, weighted by the importance matrix when there is one, in the
    same float32 operations. These are the bytes llama.cpp's
    [llama-quantize] writes, not those of a nearest rounding.

    The build matched is the one whose bytes do not depend on the
    processor: a build for the machine it runs on ([GGML_NATIVE], the
    default) lets the compiler fuse a product and a sum (as
    [x * id + 8.5f] in Q4_0) into one FMA on processors that have it,
    which rounds once where the C rounds twice and can change a code;
    gguf-py's quantizers, in numpy, agree with the build without FMA. *)

val quantizes : ggml_type -> bool
(** [quantizes t] is [true] for the block types {!quantize_into}
    quantizes. *)

val requires_imatrix : ggml_type -> bool
(** [requires_imatrix t] is [true] for the types {!quantizes} says that
    need an importance matrix (as ggml's
    [ggml_quantize_requires_imatrix]: IQ2_XXS, IQ2_XS and IQ1_S). *)

val quantize_into :
  ?imatrix:(float, Dtype.float32_elt) nx_array -> ?domains:int -> ggml_type -> n_per_row:int ->
  (float, Dtype.float32_elt) nx_array -> (int, Dtype.int8_unsigned_elt) nx_array ->
  (unit, string) result
(** [quantize_into ?imatrix t ~n_per_row src dst] stores into [dst] the
    blocks of type [t] of [src], rows of [n_per_row] values (its values
    in order, whatever its dimensions), as [ggml_quantize_chunk (t, src,
    dst, 0, nrows, n_per_row, imatrix)] does; [imatrix], one weight per
    value of a row, weighs each row's errors (llama-imatrix's mean squared
    activations; without one, each type's default weights, as ggml's).
    Rows are split across two domains when [src] is large, the machine
    has two cores and [domains] (default 2) is not below 2: the bytes are
    the same. The first call for an IQ type of a grid (IQ1 to IQ3) builds
    its tables, as ggml's [ggml_quantize_init] (milliseconds), once.

    It is [Error msg] if [src] holds a NaN or an infinity ([msg] naming
    its index; llama.cpp quantizes them into garbage, or aborts), if
    [imatrix] holds one or a negative value (naming its index), or if a
    row is one on which ggml aborts ([msg] naming it: an IQ type of a
    grid, IQ1 to IQ3, whose search finds no point of finite error, for
    large values or weighted squares past float32's range); then [dst]
    may be partly
    written.

    Raises [Invalid_argument] if [t] is not a type {!quantizes} says, if
    [n_per_row] is not a positive multiple of [t]'s block size, [src]
    not whole rows, [dst] not their bytes, [imatrix] not [n_per_row]
    values, or if [imatrix] is absent and {!requires_imatrix} [t]. *)

val get_as :
  ?rounding:Arrays.rounding -> (float, 's) Dtype.t -> t -> string ->
  ((float, 's) nx_array, string) result
(** [get_as dt g name] is the tensor [name] with its values in [dt]:

    - A float tensor ([F32], [F16], [BF16], [F64]): over the file's bytes
      if it is stored as [dt], else each value rounded once into [dt] (as
      {!Nx_array.cast}, by [rounding]).
    - A block tensor of [Q4_0], [Q4_1], [Q5_0], [Q5_1], [Q8_0], [Q2_K],
      [Q3_K], [Q4_K], [Q5_K], [Q6_K], [IQ2_XXS], [IQ2_XS], [IQ2_S],
      [IQ3_XXS], [IQ3_S], [IQ1_S], [IQ1_M], [IQ4_NL], [IQ4_XS], [TQ1_0],
      [TQ2_0], [MXFP4], [NVFP4], [Q1_0] or [Q2_0]: dequantized into float32 as gguf-py
      0.19's [quants.dequantize] and ggml's [to_float] compute it
      ([Q1_0] and [Q2_0], which gguf-py 0.19 lacks, as llama.cpp's
      [to_float], the reference their tests are checked against), bit
      for bit (their float32 operations in their order; NaNs and
      infinities from a NaN, infinite or large scale as theirs, payloads
      included), in a new array; then, if [dt] is not float32, each
      float32 value rounded once into [dt] (as {!Nx_array.cast}, by
      [rounding]; float64 holds them exactly).

    It is [Error msg] if there is no tensor [name], if it is an integer
    tensor, or if it is of a block type not above ([Q8_1], [Q8_K],
    which neither gguf-py 0.19 nor llama.cpp's [to_float] dequantizes), [msg]
    naming the type.

    {!Nx_array.Block.load_gguf} keeps Block's own dequantization of
    [Q8_0], [Q4_0], [MXFP4] and [NVFP4], from the exact values: for
    MXFP4 and NVFP4 it gives −0 where ggml gives +0, and for MXFP4's
    scale 0xff a NaN where ggml gives 2{^127}. *)

(** {1:writing Writing}

    The writers lay a file out as gguf-py 0.19's [GGUFWriter] does: for
    the same metadata and tensors in the same order, the same bytes. That
    is a version 3 header, the metadata, the tensor infos (each offset
    the sum of the padded sizes before it), zeros to the alignment, then
    each tensor's bytes followed by zeros to the alignment. The alignment
    is the metadata's [general.alignment], or 32.

    Each raises [Invalid_argument], before anything is written, if a key
    or tensor name appears twice or is not UTF-8; if a value is not one
    of its type (an [Int (U8, 256)], an [Int64 (U8, _)], a [Float] of an
    integer type, a [String] not in UTF-8); if [general.alignment] is not
    a [U32] power of two of 8 or more; or if a tensor is of a dtype GGUF has not (the
    float8 and 4-bit ones, unsigned integers, complex, bit), has more
    than 4 dimensions, rows that are not whole blocks, or, for [Blocks],
    a [ggml_type] that is not one of {!ggml_types} or other than the
    bytes its type and dimensions need. An [F32] value is
    written rounded to float32, to nearest. *)

val to_string : metadata:(string * value) list -> (string * tensor) list -> string
(** [to_string ~metadata tensors] is the GGUF file of [metadata] and
    [tensors], in their orders: a string of the file's size, its padding
    included (a [general.alignment] of 2{^30} makes a string of 2 GiB at
    least; {!write_file} and {!output} write padding from a buffer of
    64 KiB, whatever the alignment). *)

type stream = {
  name : string;
  ggml_type : ggml_type;
  dims : int array;  (** The dimensions of its values, numpy's order. *)
  write : (buffer -> unit) -> unit;
      (** [write emit] gives the tensor's bytes in order, as calls of
          [emit] on consecutive pieces, each written at once: [emit b]
          is done with [b] when it returns. *)
}
(** The type for tensors whose bytes are made while the file is written
    (quantized, say), so that no more than a piece of each need be in
    memory. *)

val stream : string -> tensor -> stream
(** [stream name t] is [t] named [name] as a stream of one piece, its
    bytes (not a copy).

    Raises [Invalid_argument] as the writers do for [t]. *)

val output_streams :
  ?progress:(int -> unit) -> Unix.file_descr -> metadata:(string * value) list -> stream list ->
  unit
(** [output_streams fd ~metadata streams] is like {!output} with tensors
    given as streams: the header, then each stream's bytes in turn, each
    padded to the alignment.

    Raises [Invalid_argument] as the writers do (before anything is
    written), or if a stream gives more or fewer bytes than its type and
    dimensions need (something is written then); an exception of a
    stream's [write] as it was raised; [Unix.Unix_error] if a write
    fails. *)

val write_file :
  string -> metadata:(string * value) list -> (string * tensor) list -> (unit, string) result
(** [write_file path ~metadata tensors] writes {!to_string}'s bytes at
    [path], whole or not at all, as {!Safetensors.write_file} writes: to
    a new temporary file of the same directory, renamed to [path] on
    success; the tensors' bytes are written from their arrays, not
    copied. The result is [Error msg], [msg] starting with [path], if the
    file cannot be created or written. *)

val output :
  ?progress:(int -> unit) -> Unix.file_descr -> metadata:(string * value) list ->
  (string * tensor) list -> unit
(** [output fd ~metadata tensors] writes {!to_string}'s bytes to [fd],
    from where it is, the tensors' bytes from their arrays: the way to
    write through a file the caller manages. [progress n] (default:
    nothing) is called after each tensor, [n] its bytes.

    Raises [Invalid_argument] as the writers do (before anything is
    written), and [Unix.Unix_error] if a write fails. *)

(** {1:split Split models}

    A model split as llama.cpp's [gguf-split] and gguf-py's
    [GGUFWriter] (its [split_max_tensors] and [split_max_size]) split
    one: files [PREFIX-00001-of-00003.gguf] to
    [PREFIX-00003-of-00003.gguf], each a GGUF file of some of the
    tensors. The first holds the metadata, then three keys: [split.no]
    (a [U16], the shard's number from 0), [split.count] (a [U16], the
    number of shards) and [split.tensors.count] (an [I32], the model's
    tensors); each other shard holds these three keys alone. *)

val split_path : string -> no:int -> count:int -> string
(** [split_path prefix ~no ~count] is the name of shard [no] (from 0) of
    [count], as llama.cpp's [llama_split_path] makes it:
    [split_path "m" ~no:0 ~count:3] is ["m-00001-of-00003.gguf"].

    Raises [Invalid_argument] unless [0 <= no < count <= 65535]. *)

val split_layout :
  ?max_tensors:int -> ?max_bytes:int -> ?small_first_shard:bool -> (string * tensor) list ->
  (string * tensor) list list
(** [split_layout tensors] is [tensors] in shards, in order, as gguf-py
    0.19's [GGUFWriter] splits them ([add_tensor_info]): a new shard
    begins at a tensor when the current one holds one already and
    holds [max_tensors] (default: no limit), or would pass [max_bytes]
    (default: no limit) with it, counting the tensors' bytes (not their
    padding, nor the headers; llama.cpp's [gguf-split] counts their
    bytes padded to 32). With [small_first_shard] (default [false]) the
    first shard holds no tensor (gguf-split's [--no-tensor-first-split]).

    Raises [Invalid_argument] if a limit is less than 1, or a tensor as
    the writers do. *)

val write_split :
  ?temp_file:(string -> string * Unix.file_descr) -> ?released:(string -> unit) -> ?sync:bool ->
  ?progress:(int -> unit) -> ?max_tensors:int -> ?max_bytes:int -> ?small_first_shard:bool -> string ->
  metadata:(string * value) list -> (string * tensor) list -> (string list, string) result
(** [write_split path ~metadata tensors] writes the shards of
    {!split_layout}, named after [path] less its extension
    ([out.gguf] is [out-00001-of-00003.gguf] ...), and is their paths in
    order. For the same metadata, tensors and limits, they are the bytes
    gguf-py 0.19's [GGUFWriter] writes in split mode: the first shard
    has [metadata], then [split.no], [split.count] and
    [split.tensors.count]; the others these three alone, and
    [general.alignment] if [metadata] gives one other than 32 (gguf-py
    leaves it out, and its reader then reads their tensors at the wrong
    place). A layout of one shard is written at [path] itself, without
    the split keys, as gguf-py writes it.

    Each shard is written to a temporary file beside it, made by
    [temp_file] (default: a new file, opened for writing); once all are
    written they are renamed into place; on a failure none is left (a
    shard's name that is a directory is refused before anything is
    written, and the shards renamed before a rename that fails are
    removed). And
    [released tmp] (default: nothing) is called once [tmp] is renamed
    or removed (see {!Checkpoint.write}); with [sync] (default [false])
    each shard is synced to disk before it is closed; [progress] is
    called as {!output} calls it.

    The result is [Error msg], [msg] starting with [path] or a shard's
    path, if a file cannot be created or written. Raises [Invalid_argument] as
    {!split_layout} and the writers do, if [metadata] has one of the
    three split keys (they are the writer's), or for more than 65535
    shards. *)

(** {2:model Reading a model} *)

(** A model, of one GGUF file or of all the shards of a split one, read
    as one set of metadata and tensors, each tensor in its shard. *)
module Model : sig
  type gguf = t
  (** The type for GGUF files. *)

  type t
  (** The type for models, read. *)

  val open_ : ?read:bool -> string -> (t, string) result
  (** [open_ path] is the model of the file [path]: a file that is no
      shard (no [split.count], or one of 0 or 1, as llama.cpp's loader
      reads it) alone, else every shard of the model [path] is a shard
      of, whichever it is. Each file is mapped ({!map_file}) or, with
      [~read:true], read into memory ({!read_file}).

      It is [Error msg], [msg] starting with the path of the file at
      fault, if a file cannot be read or is not a GGUF file; if a
      shard's [split.no] or [split.count] is not a [U16], or its
      [split.tensors.count] not an [I32]; if [split.no] is missing or
      not below [split.count]; if [path] is not named as its shard
      ([PREFIX-0000N-of-0000M.gguf] for [split.no] N - 1 of M); if a
      shard is missing (naming it and [path]); if a shard has another
      [split.count] (a shard of another model) or a [split.no] other
      than its name says; if a tensor is in two shards (naming both);
      or if a [split.tensors.count] is not the number of the shards'
      tensors. *)

  val shards : t -> (string * gguf) list
  (** [shards m] is [m]'s files, by [split.no], with their paths. *)

  val metadata : t -> (string * value) list
  (** [metadata m] is the metadata of [m]'s first file, in its order,
      without the split keys if [m] has several shards. *)

  val find : t -> string -> value option
  (** [find m key] is the value of [key] in {!metadata}. *)

  val tensors : t -> info list
  (** [tensors m] is every tensor info of [m], shard by shard, each
      shard's in its order. *)

  val find_info : t -> string -> info option
  (** [find_info m name] is what its shard says of the tensor [name]. *)

  val shard_of : t -> string -> string option
  (** [shard_of m name] is the path of the shard that holds [name]. *)

  val find_tensor : t -> string -> tensor option
  (** [find_tensor m name] is {!Gguf.find_tensor} in [name]'s shard. *)

  val get_tensor : t -> string -> tensor
  (** [get_tensor] is like {!find_tensor} but raises [Invalid_argument]
      if there is no tensor [name]. *)

  val get_as :
    ?rounding:Arrays.rounding -> (float, 's) Dtype.t -> t -> string ->
    ((float, 's) nx_array, string) result
  (** [get_as dt m name] is {!Gguf.get_as} in [name]'s shard, its errors
      starting with the shard's path. *)
end
