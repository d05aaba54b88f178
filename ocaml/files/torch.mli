(** PyTorch checkpoints, the files of [torch.save] ([pytorch_model.bin],
    [.pt], [.pth], [.ckpt]): read without running anything, with tensors
    over the file's bytes.

    A checkpoint is a Python object pickled. Where Python's [pickle]
    imports and calls what the file names, this module interprets the
    pickle's opcodes as data: a small machine with a stack, a memo and
    marks, which knows the values of protocols 2 to 5 and, of the
    {e globals}, only those a checkpoint of tensors holds, each given its
    meaning here ({!globals}). Any other global is refused, naming it;
    so is a [REDUCE] (a call) of anything
    but these, and [NEWOBJ], [BUILD] of anything but a dict, [INST],
    [OBJ], the extension registry and protocol 5's out-of-band buffers,
    each when the machine meets it. Nothing is imported or called. [torch.load(weights_only=True)]
    (torch's [_weights_only_unpickler.py]) is the model: its allow-list,
    less what this module does not read.

    The formats:
    {ul
    {- since torch 1.6, a zip archive whose records are stored (not
       compressed) and aligned to 64 bytes: [ARCHIVE/data.pkl], the
       pickle; [ARCHIVE/data/KEY], each storage's bytes;
       [ARCHIVE/byteorder] (["little"] or ["big"]), [ARCHIVE/version] and
       others. [ARCHIVE] is the name of the first record's directory, as
       torch's [PyTorchStreamReader] takes it;}
    {- the legacy format ([_use_new_zipfile_serialization=False]): a
       stream of pickles, the magic number [0x1950a86a20f9469cfc6c], the
       protocol version 1001, a dict of system information, the object,
       the list of storage keys; then each storage, in that order, as an
       8-byte little-endian element count and its bytes;}
    {- the tar archive of torch before 0.4 (tarfile's PAX format), which
       torch 2.15 still reads: its member [storages] (a count, then each
       storage's pickled key, location and class, its element count and
       bytes, then the list of storage views: a view is a storage of its
       own over a run of another's elements, as torch slices it),
       [tensors] (a count, then each tensor's pickled key, storage key and
       class, its size, stride and offset as int64s) and [pickle], the
       object, whose persistent ids are those keys. [sys_info] is not
       read, as torch does not read it.}}

    A tensor is rebuilt as torch rebuilds it
    ([torch._utils._rebuild_tensor_v2] and its kin): a storage (a
    persistent id [('storage', class, key, location, numel)]), an offset
    in elements, a size and a stride. Every tensor is checked against its
    storage when it is read: no element past the storage's end, no
    negative size, stride or offset. *)

type buffer = Arrays.buffer
(** The type for bytes. *)

type ('v, 's) nx_array = ('v, 's) Arrays.t
(** The type for arrays: {!Nx_array.t}. *)

(** {1:dtypes Dtypes} *)

val dtypes : (string * Dtype.any option) list
(** [dtypes] is every dtype of torch a checkpoint can name (as [str(dtype)]
    names it, without ["torch."]), with the dtype of this library its
    elements are, if any: [float64], [float32], [float16], [bfloat16],
    [int64] to [int8], [uint8], [bool], [complex64] ([Complex64]),
    [complex128] ([Complex128]), [float8_e4m3fn], [float8_e5m2], [uint16],
    [uint32] and [uint64] have one; [float8_e4m3fnuz], [float8_e5m2fnuz],
    [float8_e8m0fnu], [float4_e2m1fn_x2], [complex32], [bcomplex32], the
    [bits] dtypes, the quantized ones ([qint8], [quint8], [qint32],
    [quint4x2], [quint2x4]) and the sub-byte [uint1] to [uint7], [int1]
    to [int7] have none. *)

val dtype_of_torch : string -> Dtype.any option
(** [dtype_of_torch name] is the dtype of the elements of torch's dtype
    [name] (["bfloat16"]), if this library has one (see {!dtypes}). *)

(** {1:values Values} *)

type storage = {
  key : string;  (** Its key: the record [data/KEY] of an archive. *)
  location : string;  (** Where it was saved from: ["cpu"], ["cuda:0"]. *)
  bytes : buffer;  (** Its bytes, over the file's (a copy if the record is deflated). *)
}
(** The type for storages: the bytes that tensors view. Tensors of one
    storage share its record, physically. *)

type tensor_info = {
  dtype : string;  (** Its torch dtype, as {!dtypes} names it. *)
  storage : storage;
  offset : int;  (** Its first element's index in the storage, in elements of [dtype]. *)
  shape : int array;  (** Its size. *)
  stride : int array;  (** The elements between neighbours, one per dimension. *)
  requires_grad : bool;
  parameter : bool;  (** Whether it was a [torch.nn.Parameter]. *)
}
(** The type for tensors as the checkpoint gives them. *)

type value =
  | Null  (** [None]. *)
  | Bool of bool
  | Int of int
  | Long of string
      (** An integer past an [int]: its bytes as the pickle holds
          them, two's complement, little-endian. *)
  | Float of float
  | String of string  (** A [str], in UTF-8 (or a Python 2 [str]'s bytes). *)
  | Bytes of string
  | Tuple of value list  (** A tuple, or a [torch.Size]. *)
  | List of value list
  | Dict of (value * value) list  (** A dict or [OrderedDict], in its order. *)
  | Tensor of tensor_info
  | Global of string
      (** A dtype or layout as a value: ["torch.float16"], ["torch.strided"]. *)
  | Device of string  (** A [torch.device]: ["cpu"], ["cuda:0"]. *)
(** The type for the values of a checkpoint. A container the pickle
    refers to several times is one value, shared. *)

(** {1:globals Globals}

    The globals read, with their meaning: [torch._utils._rebuild_tensor],
    [_rebuild_tensor_v2], [_rebuild_tensor_v3] (a tensor of a storage;
    its backward hooks must be empty, and its metadata set no [conj] or
    [neg] bit), [_rebuild_parameter] and [_rebuild_parameter_with_state]
    (a parameter, its state empty), [torch._tensor._rebuild_from_type_v2]
    (one of these, as a [torch.Tensor] or a [Parameter], its state
    empty), [collections.OrderedDict] (a dict; attributes set on it by
    [BUILD], such as a state dict's [_metadata], are dropped),
    [torch.Size] (a tuple), [torch.device], [torch.serialization._get_layout]
    (a layout as a value: tensors of any but [torch.strided] come through
    rebuild functions refused below), [_codecs.encode] (bytes, as protocol 2 pickles
    them), the storage classes ([torch.FloatStorage] to
    [torch.BFloat16Storage], the same under [torch.cuda],
    [torch.storage.UntypedStorage]), the tensor classes of the tar format
    ([torch.FloatTensor] and its kin, under [torch.cuda] too: data, never
    called), the dtypes of {!dtypes} as
    [torch.NAME], [torch.Tensor] and [torch.nn.parameter.Parameter].
    Quantized, sparse, nested, meta and subclass tensors are refused by
    the name of their rebuild function. *)

(** {1:reading Reading} *)

type t
(** The type for checkpoints, read: the object interpreted and every
    tensor checked against its storage. *)

type format =
  | Zip  (** The archive of torch >= 1.6. *)
  | Legacy  (** The stream of pickles of [_use_new_zipfile_serialization=False]. *)
  | Tar  (** The tar archive of torch before 0.4. *)
(** The type for the formats of [torch.save]. *)

val of_buffer : buffer -> (t, string) result
(** [of_buffer b] is the checkpoint whose bytes are [b], which its
    storages share. It is [Error msg] if [b] is not one this module reads,
    [msg] saying why and where (the record, and the byte of the pickle and
    its opcode):
    {ul
    {- a zip archive [Nx_array.Npy.Npz] would refuse (overlapping
       records among them), one whose first record is in no directory, a
       TorchScript archive ([constants.pkl]), no [data.pkl], no
       [version] (or [.data/version]) or one not 1 to 10 (torch's
       bounds), a [byteorder] neither ["little"] nor ["big"], a
       [data.pkl] whose CRC-32 is wrong;}
    {- in the legacy format, a magic number, protocol version or system
       information other than torch's, a big-endian writer, a storage key
       in no persistent id or twice, an element count other than its
       persistent id's, or storages that run past the end of the file
       (bytes after the last one are not read, as torch reads none);}
    {- in the tar format, a header whose checksum is wrong or that runs
       past the end, a member past the end or without the member
       [storages], [tensors] or [pickle] (or one that is not a file), a
       storage or tensor key twice, a view of a storage not there or
       past its elements, a tensor's storage not there, counts, sizes or
       offsets past the member's bytes, more than 64 dimensions, a
       persistent id that names no tensor or storage, or one of a
       module's class (a whole model saved);}
    {- in a pickle: a global that is not one of {!globals}, an opcode
       that is not data (above), an opcode whose argument runs past the
       end, a stack or memo entry that is not there, a protocol past 5, a
       string not in UTF-8, a dict key that cannot be one (a list, a dict,
       a tensor), objects nested more than 1000 deep (Python's recursion
       limit) or holding themselves, a pickle without its [STOP];}
    {- a persistent id that is not a storage, of a storage class that is
       quantized or unknown, whose record is not in the archive or has
       other than [numel] times its element size bytes;}
    {- a tensor whose elements reach past its storage, of a negative
       size, stride or offset, of more bytes than an [int] holds, with
       other than one stride per dimension.}} *)

val sniff_bytes : int
(** [sniff_bytes] is the number of a file's first bytes {!sniff} needs:
    512. *)

val sniff : string -> bool
(** [sniff s] is [true] if [s], a file's first {!sniff_bytes} bytes (or
    all of a shorter file), begin a [torch.save] file of one of the
    formats above: a zip archive, a tar archive's first header, or the
    legacy format's magic number pickled (in any protocol). Whether the
    file is read is {!of_buffer}'s verdict. *)

val of_string : string -> (t, string) result
(** [of_string s] is {!of_buffer} of a copy of [s]'s bytes. *)

val map_file : string -> (t, string) result
(** [map_file path] is {!of_buffer} of the file [path], mapped privately
    as {!Safetensors.map_file} maps, with its warning. Errors start with
    [path]. *)

val read_file : string -> (t, string) result
(** [read_file path] is {!of_buffer} of the file [path] read whole into
    new memory, as {!Safetensors.read_file} reads. *)

val format : t -> format
(** [format c] is [c]'s format. *)

val archive_name : t -> string option
(** [archive_name c] is the directory of a zip checkpoint's records
    (["archive"], or the saved file's name without its extension). *)

val byteorder : t -> [ `Little | `Big ]
(** [byteorder c] is the byte order of [c]'s storages. *)

val root : t -> value
(** [root c] is the object [c] holds. *)

val tensors : t -> (string * tensor_info) list
(** [tensors c] is every tensor in {!root}, each with the keys and indices
    that lead to it joined by ["."] (["optimizer.state.0.exp_avg"]), in
    the object's order. A container found at several places is listed at
    the first. *)

val state_dict : t -> ((string * tensor_info) list, string) result
(** [state_dict c] is the state dict in [c], as safetensors' [convert.py]
    finds one: the value of the key ["state_dict"] if {!root} has one,
    else the value of ["model"] if it is a dict, else {!root}. It is
    [Error msg] if that is not a dict of [str] keys and tensors. *)

(** {1:tensors Tensors} *)

type array = Array : ('v, 's) nx_array -> array
(** The type for arrays of any dtype. *)

val is_contiguous : tensor_info -> bool
(** [is_contiguous i] is [true] iff [i]'s elements are its storage's in
    row-major order from [offset], as torch's [is_contiguous] says:
    strides of dimensions of size 1 do not count, nor any of a tensor
    without elements. *)

val nbytes : tensor_info -> int
(** [nbytes i] is the number of bytes of [i]'s elements. *)

val array : t -> tensor_info -> (array, string) result
(** [array c i] is the tensor [i] of [c] as an array of its dtype and
    shape: over its storage's bytes (not a copy) if it is contiguous and
    [c] is little-endian, else a new array of its elements in row-major
    order. It is [Error msg] if its dtype has no dtype here (see
    {!dtypes}). *)

(** {1:shared Shared storages} *)

val shared : (string * tensor_info) list -> string list list
(** [shared named] is the names of [named] in groups of tensors that share
    bytes, as safetensors' [_find_shared_tensors] groups them: by storage
    (storages of no bytes apart), then split where the tensors, sorted by
    their first byte, stop overlapping; each group sorted, a tensor alone
    in its own. *)

val duplicates : (string * tensor_info) list -> ((string * string list) list, string) result
(** [duplicates named] is, for each group of {!shared} of more than one
    name, the name kept and those removed, as safetensors'
    [_remove_duplicate_names] chooses: the first name, in byte order, of
    a tensor that covers its whole storage. It is [Error msg] if a group,
    a lone tensor included, has no such tensor (safetensors raises
    there). *)

(** {1:models Models}

    A model as the Hub publishes one in PyTorch's files: a directory of
    one [pytorch_model.bin], or of shards
    ([pytorch_model-00001-of-00003.bin] ...) that an index names
    ([pytorch_model.bin.index.json], as for safetensors: its
    ["weight_map"] gives each tensor's shard), read as one state dict.

    Coming from Python: [transformers]' loading of a sharded [.bin]
    model, each shard [torch.load]ed after reading the index, is
    {!Model.open_}; the tensors are then asked for by name wherever they
    are. *)

module Model : sig
  type checkpoint = t
  (** The type for one file's checkpoint. *)

  type t
  (** The type for models, read: every shard's state dict checked
      against the index. *)

  val open_ : ?read:bool -> string -> (t, string) result
  (** [open_ path] is the model at [path]: a directory, an index file
      ([*.bin.index.json]) or one checkpoint file. A directory's model is
      its [pytorch_model.bin.index.json], else its one
      [*.bin.index.json], else its [pytorch_model.bin], else its one
      [.bin], [.pt] or [.pth] file. Each file is mapped ({!map_file}) or,
      with [~read:true], read into memory ({!read_file}), and its tensors
      are its {!state_dict}.

      It is [Error msg], [msg] naming the file, if a file cannot be read,
      is not a checkpoint {!of_buffer} reads or holds no state dict; if a
      directory holds none of the above (or several index files, or
      several checkpoint files without an index); or if the index and
      the shards disagree:
      {ul
      {- the index names a shard that is missing, or that is not a file
         name of the index's directory;}
      {- the index names a tensor that its shard lacks;}
      {- a shard holds a tensor that the index does not name, or names in
         another shard;}
      {- a tensor is in two shards, or twice in the index.}}
      Files of the directory that the index does not name are not read. *)

  val dir : t -> string
  (** [dir m] is the directory of [m]'s files. *)

  val index : t -> string option
  (** [index m] is the file name of [m]'s index, if it has one. *)

  val index_metadata : t -> (string * string) list
  (** [index_metadata m] is the index's ["metadata"] object, its strings,
      numbers (as written: ["total_size"]) and booleans; [[]] without an
      index. *)

  val shards : t -> (string * checkpoint) list
  (** [shards m] is [m]'s files, read, with their file names, in the
      order of their names. *)

  val state_dicts : t -> (string * (string * tensor_info) list) list
  (** [state_dicts m] is each shard's file name and {!state_dict}, in the
      order of {!shards}. Shared tensors are those of one shard:
      {!duplicates} of a shard's state dict. *)

  val tensors : t -> (string * tensor_info) list
  (** [tensors m] is every tensor of [m], shard by shard, each shard's
      in its state dict's order. *)

  val find : t -> string -> tensor_info option
  (** [find m name] is the tensor [name] of [m], if there is one. *)

  val shard_of : t -> string -> string option
  (** [shard_of m name] is the file name of the shard that holds
      [name]. *)

  val checkpoint_of : t -> string -> checkpoint option
  (** [checkpoint_of m name] is the shard that holds [name], read. *)

  val array : t -> string -> (array, string) result
  (** [array m name] is {!val-array} of the tensor [name] in its shard,
      its errors starting with the shard's path. It is [Error msg] if
      there is no tensor [name]. *)
end
