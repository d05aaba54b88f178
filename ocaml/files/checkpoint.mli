(** Checkpoints as Hugging Face publishes them: a directory of one
    safetensors file, or of shards ([model-00001-of-00004.safetensors]
    ...) that an index names ([model.safetensors.index.json]: its
    ["weight_map"] gives each tensor's shard), read as one set of
    tensors, each mapped in its shard.

    Coming from Python: [safetensors.safe_open] of each shard after
    reading the index's [weight_map] by hand, or
    [transformers]' loading of a directory, is {!open_}; the tensors
    are then asked for by name wherever they are. *)

type t
(** The type for checkpoints, read. *)

val open_ : ?read:bool -> string -> (t, string) result
(** [open_ path] is the checkpoint at [path]: a directory, an index file
    ([*.safetensors.index.json]) or one [.safetensors] file. A directory's
    checkpoint is its [model.safetensors.index.json], else its one
    [*.safetensors.index.json], else its [model.safetensors] or its one
    [.safetensors] file. Each file is mapped ({!Safetensors.map_file}) or,
    with [~read:true], read into memory ({!Safetensors.read_file}).

    It is [Error msg], [msg] naming the file, if a file cannot be read
    or is not a safetensors file, if a directory holds none of the above
    (or several index files, or several [.safetensors] files without an
    index), or if the index and the shards disagree:
    {ul
    {- the index names a shard that is missing, or that is not a file
       name of the index's directory;}
    {- the index names a tensor that its shard lacks;}
    {- a shard holds a tensor that the index does not name, or names in
       another shard;}
    {- a tensor is in two shards, or twice in the index.}}
    Files of the directory that the index does not name are not read. *)

val open_dir : ?read:bool -> string -> (t, string) result
(** [open_dir dir] is {!open_} of the directory [dir]. *)

val open_index : ?read:bool -> string -> (t, string) result
(** [open_index path] is the checkpoint of the index file [path], its
    shards in its directory. *)

val of_file : ?read:bool -> string -> (t, string) result
(** [of_file path] is the checkpoint of the one safetensors file [path]. *)

val dir : t -> string
(** [dir c] is the directory of [c]'s files. *)

val index : t -> string option
(** [index c] is the file name of [c]'s index, if it has one. *)

val shards : t -> string list
(** [shards c] is the file names of [c]'s safetensors files, in the order
    of their names. *)

val shard_files : t -> (string * Safetensors.t) list
(** [shard_files c] is [c]'s files, read, with their file names. *)

val index_metadata : t -> (string * string) list
(** [index_metadata c] is the index's ["metadata"] object, its strings,
    numbers (as written: ["total_size"]) and booleans; [[]] without an
    index. *)

val metadata : t -> (string * string) list option
(** [metadata c] is the ["__metadata__"] of [c]'s first shard. *)

val tensors : t -> Safetensors.info list
(** [tensors c] is every tensor of [c], shard by shard, each shard's in
    the order of its bytes. *)

val find_info : t -> string -> Safetensors.info option
(** [find_info c name] is what its shard's header says of [name]. *)

val shard_of : t -> string -> string option
(** [shard_of c name] is the file name of the shard that holds [name]. *)

val file_of : t -> string -> Safetensors.t option
(** [file_of c name] is the shard that holds [name], read. *)

val find : ('v, 's) Dtype.t -> t -> string -> ('v, 's) Arrays.t option
(** [find dt c name] is {!Safetensors.find} in [name]'s shard. *)

val get : ('v, 's) Dtype.t -> t -> string -> ('v, 's) Arrays.t
(** [get] is like {!find} but raises [Invalid_argument] if there is no
    tensor [name] or its dtype is not [dt]. *)

val find_tensor : t -> string -> Safetensors.tensor option
(** [find_tensor c name] is {!Safetensors.find_tensor} in [name]'s
    shard. *)

val get_tensor : t -> string -> Safetensors.tensor
(** [get_tensor] is like {!find_tensor} but raises [Invalid_argument] if
    there is no tensor [name]. *)

val get_as :
  ?rounding:Arrays.rounding -> (float, 's) Dtype.t -> t -> string ->
  ((float, 's) Arrays.t, string) result
(** [get_as dt c name] is {!Safetensors.get_as} in [name]'s shard, its
    errors naming the shard's path. *)

val get_bigarray :
  ?rounding:Arrays.rounding -> ('a, 'b) Bigarray.kind -> t -> string ->
  (('a, 'b, Bigarray.c_layout) Bigarray.Genarray.t, string) result
(** [get_bigarray k c name] is {!Safetensors.get_bigarray} in [name]'s
    shard, its errors naming the shard's path. *)

(** {1:writing Writing} *)

val default_max_shard_size : int
(** [default_max_shard_size] is 5,000,000,000 bytes (5 GB, decimal): the
    Hub's recommended default. *)

val layout :
  ?max_shard_size:int -> Safetensors.stream list -> (string * Safetensors.stream list) list
(** [layout ~max_shard_size streams] is the shards {!write} writes, each
    a file name and its tensors: the greedy split of [huggingface_hub]'s
    [split_state_dict_into_shards_factory], in order, a tensor larger
    than [max_shard_size] (default {!default_max_shard_size}) in a shard
    of its own, else a new shard when the current one would pass the
    maximum. One shard is [model.safetensors]; [n] are
    [model-00001-of-0000n.safetensors] ....

    Raises [Invalid_argument] if [max_shard_size] is not positive, or a
    stream's dtype string is unknown. *)

val is_model_file : string -> bool
(** [is_model_file f] is [true] for the file names a checkpoint's
    safetensors files and index have, those {!write} writes and removes:
    [model.safetensors], [model-00001-of-00004.safetensors] ... and
    their [.index.json]. *)

val write :
  ?temp_file:(string -> string * Unix.file_descr) -> ?released:(string -> unit) -> ?sync:bool ->
  ?check:((string * string) list -> (unit, string) result) ->
  ?max_shard_size:int -> ?metadata:(string * string) list ->
  ?index_metadata:(string * string) list -> string -> Safetensors.stream list ->
  (unit, string) result
(** [write dir streams] writes [streams] as a checkpoint in the existing
    directory [dir], sharded as {!layout} says, each shard with
    [metadata] (default none), and, for more than one shard,
    [model.safetensors.index.json] as [huggingface_hub] writes it
    ([json.dump(index, f, indent=2)]: ["metadata"] with ["total_size"],
    the tensors' bytes, then [index_metadata]'s strings; ["weight_map"]
    in the tensors' order; non-ASCII characters escaped). Each file is
    written to a temporary file of [dir]; once all are written they are
    renamed into place, the index last; on a failure none is left. Then
    the files of [dir] that {!is_model_file} names and that this write
    did not write (an old index, shards of another count) are removed, as
    [save_torch_state_dict] removes them: an old index would hide the
    new files. [index_metadata]'s [total_size], if given, replaces the
    computed one, as huggingface_hub merges them.

    [temp_file path] (default: a new file beside [path], opened for
    writing) makes each temporary file, and [released tmp] (default:
    nothing) is called once [tmp] is renamed or removed: the way for a
    program to remove the temporary files of a write its signals end.
    With [sync] (default [false]) each file is synced to disk before it
    is closed, so that what is renamed into place is on the disk.
    [check files] (default: [Ok ()]), called once every file is written
    and before any is renamed, with each file's final path and its
    temporary file's, in order, may refuse them: with [Error msg] none
    is renamed, every temporary file is removed, and the result is
    [Error msg] (a program reads its output back so).

    The result is [Error msg], [msg] naming [dir], if [dir] is not a
    directory or a file cannot be written. Raises [Invalid_argument] as
    {!layout} does, if a tensor name or an [index_metadata] key appears
    twice, or as
    {!Safetensors.output} does. *)
