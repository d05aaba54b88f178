(* The tensors of an input file, of any of the formats the tool reads:
   safetensors, .npy, .npz, GGUF, PyTorch checkpoints or raw elements. The file is opened, mapped and
   checked whole (headers, directory, lengths) before anything is
   written; the tensors' elements are then read a piece at a time. *)

open Nx_array

type format =
  | Safetensors_file | Npy_file | Npz_file | Gguf_file | Torch_file | Checkpoint_dir | Raw_file

(* Whether the file [path] begins as torch.save's files do (Torch.sniff:
   a zip archive, a tar archive, the legacy format's magic number). A
   [.bin] file is a PyTorch checkpoint if it does, else raw elements. *)
let looks_like_torch path =
  (* The file's first bytes, as many as Torch.sniff needs, fewer if it is shorter. *)
  let head ic =
    let b = Bytes.create Torch.sniff_bytes in
    let rec fill k = match In_channel.input ic b k (Torch.sniff_bytes - k) with 0 -> k | n -> fill (k + n) in
    Bytes.sub_string b 0 (fill 0)
  in
  match In_channel.with_open_bin path head with
  | s -> Torch.sniff s
  | exception Sys_error _ -> false

(* Whether the directory [path] holds a PyTorch model and no safetensors
   checkpoint (the Hub's repositories often hold both: safetensors is
   read then, as transformers reads it). *)
let torch_dir path =
  match Sys.readdir path with
  | exception Sys_error _ -> false
  | entries ->
      let entries = List.map String.lowercase_ascii (Array.to_list entries) in
      let has sfx = List.exists (fun e -> Filename.check_suffix e sfx) entries in
      (not (has ".safetensors" || has ".safetensors.index.json"))
      && (has ".bin.index.json" || has ".bin" || has ".pt" || has ".pth")

let format_of path =
  let p = String.lowercase_ascii path in
  if Filename.check_suffix p ".bin.index.json" then Torch_file
  else if (try Sys.is_directory path with Sys_error _ -> false) && torch_dir path then Torch_file
  else if (try Sys.is_directory path with Sys_error _ -> false)
     || Filename.check_suffix p ".safetensors.index.json"
     || (p <> "" && p.[String.length p - 1] = '/')
  then Checkpoint_dir
  else if Filename.check_suffix p ".safetensors" then Safetensors_file
  else if Filename.check_suffix p ".npy" then Npy_file
  else if Filename.check_suffix p ".npz" then Npz_file
  else if Filename.check_suffix p ".gguf" then Gguf_file
  else if List.exists (Filename.check_suffix p) [ ".pt"; ".pth"; ".ckpt" ] then Torch_file
  else if Filename.check_suffix p ".bin" && looks_like_torch path then Torch_file
  else Raw_file

let format_name = function
  | Safetensors_file -> "safetensors" | Npy_file -> ".npy" | Npz_file -> ".npz"
  | Gguf_file -> "GGUF" | Torch_file -> "PyTorch" | Checkpoint_dir -> "checkpoint"
  | Raw_file -> "raw"

(* The elements of a tensor: a dtype, or the file's name of a type that
   has none here (a safetensors dtype string such as F8_E8M0, a .npy
   descriptor such as '<V2'), with the bytes if the tool can copy them,
   and why it cannot convert them. *)
type untyped = { type_name : string; bytes : buffer option; why : string; broken : bool }
(* [broken]: the member cannot be read at all (np.load raises on it);
   the others are elements the tool has no dtype for. *)
type elements = Typed of Dtype.any | Untyped of untyped

let refuse u = Cli_error.failed "%s" u.why

type tensor = {
  name : string;
  elements : elements;
  dims : int array;
  fortran_order : bool;
  file_bytes : int;  (* the elements' bytes in the file *)
  stored : string option;  (* the file's type, when the elements are decoded from it (GGUF blocks) *)
  iter : piece:int -> (Npy.any -> unit) -> unit;
      (* the elements in order, in pieces of at most [piece] elements (a
         multiple of 8): raises [Cli_error.Failed] *)
}

type t = {
  path : string;
  format : format;
  stats : Unix.stats;
  also : Unix.stats list;  (* the files read beside [path]: a checkpoint's shards *)
  tensors : tensor list;
  metadata : (string * string) list option;  (* a safetensors file's *)
  about : string;  (* more of the file, for inspect's heading: "" or ", ..." *)
  gguf_metadata : (string * Gguf.value) list;  (* a GGUF model's, without the split keys *)
  as_gguf : string -> Gguf.tensor option;
      (* the tensor [name] as a GGUF writer takes it, its bytes over the
         input's (a block tensor's blocks as they are), if GGUF holds it
         and the input is a safetensors file, a checkpoint or GGUF *)
  model : (string * string list) option;
      (* a model directory's path and its files read (shards, index), if
         the input is one (a checkpoint, or a PyTorch model given as a
         directory or an index): its other files go with a converted
         model *)
  unconvertible : string option;
      (* why safetensors' convert.py would not convert the input (shared
         tensors of a PyTorch input with no name to keep): inspect lists
         it, convert refuses it *)
}

let no_gguf _ = None

(* A safetensors tensor as GGUF holds it: a plain dtype of ggml's. *)
let gguf_of_safetensors = function
  | Safetensors.Tensor a -> (
      match Nx_array.dtype a with
      | Dtype.Float32 | Dtype.Float16 | Dtype.Bfloat16 | Dtype.Float64 | Dtype.Int8 | Dtype.Int16
      | Dtype.Int32 | Dtype.Int64 ->
          Some (Gguf.Tensor a)
      | _ -> None)
  | Safetensors.Raw _ -> None

let failed = Cli_error.failed

(* The regular file [path], opened without waiting on a pipe, and mapped;
   or, with [~read:true], read whole into memory (no mapping: a file
   truncated under the tool is an error, not a signal; memory is the
   file's size). *)
let map ?(read = false) path =
  let fd =
    try Unix.openfile path Unix.[ O_RDONLY; O_NONBLOCK; O_CLOEXEC ] 0
    with Unix.Unix_error (e, _, _) -> failed "cannot read %s: %s" path (Unix.error_message e)
  in
  let st = Unix.fstat fd in
  if st.st_kind <> Unix.S_REG then begin
    Unix.close fd;
    failed "%s is %s: nx-dtype reads regular files" path
      (if st.st_kind = Unix.S_DIR then "a directory" else "not a regular file")
  end;
  Fault.input path;
  let b =
    if st.st_size = 0 then Bigarray.Array1.create Bigarray.char Bigarray.c_layout 0
    else if read then begin
      let b = Bigarray.Array1.create Bigarray.char Bigarray.c_layout st.st_size in
      (try Npy_input.read_at fd path ~pos:0 b with e -> Unix.close fd; raise e);
      b
    end
    else
      try
        Bigarray.array1_of_genarray
          (Unix.map_file fd Bigarray.char Bigarray.c_layout false [| st.st_size |])
      with Unix.Unix_error (e, _, _) ->
        Unix.close fd;
        failed "cannot read %s: %s" path (Unix.error_message e)
  in
  Unix.close fd;
  (st, b)

(* Pieces of an array over the file's bytes: views, [piece] elements at a
   time. *)
let slices (type v s) (a : (v, s) Nx_array.t) ~piece f =
  let dt = dtype a and b = buffer a and n = size a in
  let rec go i =
    if i < n then begin
      let k = min piece (n - i) in
      let bytes = Bigarray.Array1.sub b (Dtype.bytes dt i) (Dtype.bytes dt k) in
      f (Npy.Any (of_buffer dt [| k |] bytes));
      go (i + k)
    end
  in
  go 0

(* {1 Raw files} *)

let raw path (Dtype.Any dt) ~byte_order b =
  let total = Bigarray.Array1.dim b and bits = Dtype.bits dt in
  let count =
    if bits >= 8 then begin
      if total mod (bits / 8) <> 0 then
        failed "%s: %d bytes is not a multiple of the %d-byte %s element" path total (bits / 8)
          (Dtype.name dt);
      total / (bits / 8)
    end
    else if total > max_int / (8 / bits) then failed "%s: too many %s elements" path (Dtype.name dt)
    else total * (8 / bits)
  in
  let iter ~piece f =
    match byte_order with
    | Little_endian -> slices (of_buffer dt [| count |] b) ~piece f
    | Big_endian ->
        (* Byte-swapped a piece at a time. *)
        let size = bits / 8 in
        let rec go i =
          if i < count then begin
            let k = min piece (count - i) in
            let s = Bytes.create (k * size) in
            for j = 0 to (k * size) - 1 do Bytes.unsafe_set s j b.{(i * size) + j} done;
            f (Npy.Any (of_string ~byte_order dt [| k |] (Bytes.unsafe_to_string s)));
            go (i + k)
          end
        in
        go 0
  in
  [ { name = Filename.remove_extension (Filename.basename path); elements = Typed (Dtype.Any dt);
      dims = [| count |]; fortran_order = false; stored = None; file_bytes = total; iter } ]

(* {1 .npy files and .npz members} *)

(* The dtype of elements of descriptor [descr], the caller's if given. *)
let npy_dtype ~what ?dtype descr =
  match dtype with
  | Some (Dtype.Any dt as d) -> (
      match Npy.descr_reads dt descr with
      | Some _ -> Ok d
      | None when Npy.dtype_of_descr descr <> None ->
          (* --from names the dtype of raw bytes ('<V2'): elements of a
             dtype of their own (an .npz's '<f4' members beside a
             bfloat16 one) keep it. *)
          Ok (fst (Option.get (Npy.dtype_of_descr descr)))
      | None -> Error (Printf.sprintf "%s: its elements %S are not %s elements" what descr (Dtype.name dt)))
  | None -> (
      match Npy.dtype_of_descr descr with
      | Some (d, _) -> Ok d
      | None -> Error descr)

(* A descriptor without its byte order: '<V2' is 'V2'. *)
let descr_body d =
  if d <> "" && String.contains "<>|=" d.[0] then String.sub d 1 (String.length d - 1) else d

(* A .npy tensor of header [h] whose elements' bytes are [available]:
   checked, then read by [iter], whose errors are prefixed with [path]
   (those of an archive's member name it). *)
let npy_tensor ~what ~path ?dtype ~name (h : Npy.header) ~available iter =
  let dims =
    if h.fortran_order then Array.of_list (List.rev (Array.to_list h.shape)) else h.shape
  in
  let object_array = descr_body h.descr = "O" in
  match npy_dtype ~what ?dtype h.descr with
  | Error _ when object_array ->
      (* Python objects, pickled: np.load refuses them (allow_pickle is
         False by default), and so does this tool. *)
      let why =
        Printf.sprintf "%s: its elements %S are Python objects, pickled, which np.load reads \
                        only with allow_pickle=True and nx-dtype never" what h.descr
      in
      { name; elements = Untyped { type_name = h.descr; bytes = None; why; broken = true }; dims;
        fortran_order = h.fortran_order; stored = None; file_bytes = 0; iter = (fun ~piece:_ _ -> ()) }
  | Error m when dtype <> None -> failed "%s" m
  | Error type_name ->
      let why =
        Printf.sprintf "%s: its elements %S are raw bytes or of no dtype nx-dtype has: name \
                        their dtype with --from DTYPE, or --from NAME=DTYPE for each (bfloat16 for '<V2', as \
                        ml_dtypes writes it)"
          what type_name
      in
      (* The bytes of a type string's elements ('<V2': 2), if it is one. *)
      let size =
        let t = descr_body type_name in
        let digits = String.sub t 1 (max 0 (String.length t - 1)) in
        if digits <> "" && String.for_all (fun c -> c >= '0' && c <= '9') digits then
          int_of_string_opt digits
        else None
      in
      let file_bytes =
        match Option.map (fun size -> Npy.data_bytes h ~size) size with
        | Some (Ok n) -> n
        | _ -> 0
      in
      { name; elements = Untyped { type_name; bytes = None; why; broken = false }; dims;
        fortran_order = h.fortran_order; stored = None; file_bytes; iter = (fun ~piece:_ _ -> ()) }
  | Ok (Dtype.Any dt as d) ->
      let size = max 1 (Dtype.bits dt / 8) in
      let need =
        match Npy.data_bytes h ~size with Ok n -> n | Error m -> failed "%s: %s" what m
      in
      let count = Array.fold_left ( * ) 1 h.shape in
      if need > available then
        failed "%s: %d elements of %s need %d bytes after the header, the file has %d" what count
          (Dtype.name dt) need available;
      let iter ~piece f =
        match iter ~dtype:d ~piece f with Ok () -> () | Error m -> failed "%s: %s" path m
      in
      { name; elements = Typed d; dims; fortran_order = h.fortran_order; stored = None; file_bytes = need; iter }

let npy path ~dtype_of b =
  let prefix = Bytes.create (min Npy.prefix_bytes (Bigarray.Array1.dim b)) in
  Bytes.iteri (fun i _ -> Bytes.unsafe_set prefix i b.{i}) prefix;
  let h, offset =
    match Npy.header_of_prefix (Bytes.unsafe_to_string prefix) with
    | Ok r -> r
    | Error m -> failed "%s: %s" path m
  in
  let name = Filename.remove_extension (Filename.basename path) in
  [ npy_tensor ~what:path ~path ?dtype:(dtype_of name) ~name h ~available:(Bigarray.Array1.dim b - offset)
      (fun ~dtype ~piece f -> Npy.iter_pieces ~dtype ~piece b f) ]

let npz path ~dtype_of b =
  let z = match Npy.Npz.of_buffer b with Ok z -> z | Error m -> failed "%s: %s" path m in
  List.map
    (fun (m : Npy.Npz.member) ->
      let what = Printf.sprintf "%s: member %S" path m.file_name in
      match m.contents with
      | Unreadable e ->
          (* Refused when selected; the others of the archive are read,
             as np.load reads them. *)
          { name = m.name;
            elements = Untyped { type_name = "unreadable"; bytes = None; why = path ^ ": " ^ e; broken = true };
            dims = [||]; fortran_order = false; stored = None; file_bytes = m.bytes; iter = (fun ~piece:_ _ -> ()) }
      | Not_npy -> (
          (* np.load gives such a member's bytes, not an array, if it can
             read them all: checked here (such members are small). *)
          match Npy.Npz.check z m.file_name with
          | Error e ->
              { name = m.name;
                elements =
                  Untyped { type_name = "unreadable"; bytes = None; why = path ^ ": " ^ e; broken = true };
                dims = [||]; fortran_order = false; stored = None; file_bytes = m.bytes;
                iter = (fun ~piece:_ _ -> ()) }
          | Ok () ->
              let why =
                Printf.sprintf "%s: its bytes are not a .npy file (np.load gives them as bytes)" what
              in
              { name = m.name;
                elements = Untyped { type_name = "not .npy"; bytes = None; why; broken = false };
                dims = [||]; fortran_order = false; stored = None; file_bytes = m.bytes;
                iter = (fun ~piece:_ _ -> ()) })
      | Array { header = h; offset; _ } -> (
          let t =
            npy_tensor ~what ~path ?dtype:(dtype_of m.name) ~name:m.name h
              ~available:(m.bytes - offset)
              (fun ~dtype ~piece f -> Npy.Npz.iter_pieces ~dtype ~piece z m.file_name f)
          in
          match t.elements with
          | Untyped u when not u.broken ->
              (* Elements of no dtype here ('<V2'): reading them is
                 checking their member's bytes and CRC-32. *)
              { t with
                iter =
                  (fun ~piece:_ _ ->
                    match Npy.Npz.check z m.file_name with
                    | Ok () -> ()
                    | Error e -> failed "%s: %s" path e) }
          | _ -> t))
    (Npy.Npz.members z)

(* {1 Safetensors files} *)

let safetensors_tensors path ~dtype_of st =
  let tensor (i : Safetensors.info) =
    let file_bytes = snd i.offsets - fst i.offsets in
    match Safetensors.get_tensor st i.name with
    | Safetensors.Tensor a ->
        let d = Dtype.Any (Nx_array.dtype a) in
        Option.iter
          (fun (Dtype.Any want) ->
            if Dtype.code want <> Dtype.code (Nx_array.dtype a) then
              failed "%s: tensor %S is %s (%s), not %s" path i.name i.dtype
                (Dtype.name (Nx_array.dtype a)) (Dtype.name want))
          (dtype_of i.name);
        { name = i.name; elements = Typed d; dims = i.shape; fortran_order = false; stored = None; file_bytes;
          iter = (fun ~piece f -> slices a ~piece f) }
    | Safetensors.Raw r ->
        let why =
          Printf.sprintf "%s: tensor %S is %s, which has no dtype in nx-dtype: only a \
                          .safetensors output can hold it (leave it out with --only)" path i.name
            i.dtype
        in
        { name = i.name; elements = Untyped { type_name = i.dtype; bytes = Some (buffer r.data); why; broken = false };
          dims = i.shape; fortran_order = false; stored = None; file_bytes; iter = (fun ~piece:_ _ -> ()) }
  in
  List.map tensor (Safetensors.tensors st)

let safetensors path ~dtype_of b =
  let st = match Safetensors.of_buffer b with Ok st -> st | Error m -> failed "%s: %s" path m in
  (safetensors_tensors path ~dtype_of st, Safetensors.metadata st, st)

(* {1 Checkpoints} *)

(* A directory or index of shards, each mapped (or read); the tensors of
   every shard, errors naming the shard. *)
let checkpoint ?(read = false) path ~dtype_of =
  let c = match Checkpoint.open_ ~read path with Ok c -> c | Error m -> failed "%s" m in
  let also =
    List.filter_map
      (fun f -> try Some (Unix.stat (Filename.concat (Checkpoint.dir c) f)) with Unix.Unix_error _ -> None)
      (Checkpoint.shards c
       @ match Checkpoint.index c with Some i -> [ i ] | None -> [])
  in
  let tensors =
    List.concat_map
      (fun (f, st) ->
        let p = Filename.concat (Checkpoint.dir c) f in
        Fault.input p;
        safetensors_tensors p ~dtype_of st)
      (Checkpoint.shard_files c)
  in
  let about =
    Printf.sprintf ", %d shard%s%s" (List.length (Checkpoint.shards c))
      (if List.length (Checkpoint.shards c) = 1 then "" else "s")
      (match Checkpoint.index c with Some i -> ", index " ^ i | None -> "")
  in
  (tensors, Checkpoint.metadata c, about, also, c)

(* {1 GGUF files} *)

let gguf ?(read = false) path =
  let m = match Gguf.Model.open_ ~read path with Ok m -> m | Error e -> failed "%s" e in
  List.iter (fun (p, _) -> Fault.input p) (Gguf.Model.shards m);
  let tensor (i : Gguf.info) =
    let path = Option.get (Gguf.Model.shard_of m i.name) in
    match Gguf.Model.get_tensor m i.name with
    | Gguf.Tensor a ->
        { name = i.name; elements = Typed (Dtype.Any (Nx_array.dtype a)); dims = i.dims;
          fortran_order = false; stored = None; file_bytes = i.bytes; iter = (fun ~piece f -> slices a ~piece f) }
    | Gguf.Blocks b when Gguf.dequantizes b.ggml_type ->
        (* Dequantized into float32 a piece of whole blocks at a time, as
           Gguf.get_as gives them. *)
        let g_ty = b.ggml_type in
        let values = i.bytes / g_ty.type_size * g_ty.block_size in
        let iter ~piece f =
          let blocks = max 1 (piece / g_ty.block_size) in
          let scratch = create Dtype.Float32 [| blocks * g_ty.block_size |] in
          let rec go blk =
            if blk * g_ty.block_size < values then begin
              let n = min blocks ((values / g_ty.block_size) - blk) in
              let src =
                of_buffer Dtype.Uint8 [| n * g_ty.type_size |]
                  (Bigarray.Array1.sub (buffer b.data) (blk * g_ty.type_size) (n * g_ty.type_size))
              in
              let dst =
                of_buffer Dtype.Float32 [| n * g_ty.block_size |]
                  (Bigarray.Array1.sub (buffer scratch) 0 (4 * n * g_ty.block_size))
              in
              Gguf.dequantize_into g_ty src dst;
              (* The blocks' mapped pages go once read. *)
              Private.release_mapped (buffer src);
              f (Npy.Any dst);
              go (blk + n)
            end
          in
          go 0
        in
        { name = i.name; elements = Typed (Dtype.Any Dtype.Float32); dims = i.dims;
          fortran_order = false; stored = Some g_ty.type_name; file_bytes = i.bytes; iter }
    | Gguf.Blocks _ ->
        let why =
          Printf.sprintf "%s: tensor %S is %s blocks, which nx-dtype does not dequantize (leave \
                          it out with --only)" path i.name i.ggml_type.type_name
        in
        { name = i.name;
          elements = Untyped { type_name = i.ggml_type.type_name; bytes = None; why; broken = false };
          dims = i.dims; fortran_order = false; stored = None; file_bytes = i.bytes; iter = (fun ~piece:_ _ -> ()) }
  in
  let shards = Gguf.Model.shards m in
  let about =
    let n = List.length (Gguf.Model.metadata m) in
    Printf.sprintf "%s, version %d, %d metadata key%s%s"
      (if List.length shards > 1 then Printf.sprintf ", %d shards" (List.length shards) else "")
      (Gguf.version (snd (List.hd shards))) n
      (if n = 1 then "" else "s")
      (match Gguf.Model.find m "general.architecture" with
       | Some (Gguf.String a) -> ", general.architecture=" ^ Text.quoted a
       | _ -> "")
  in
  let also =
    List.filter_map
      (fun (p, _) -> if p = path then None else try Some (Unix.stat p) with Unix.Unix_error _ -> None)
      shards
  in
  (List.map tensor (Gguf.Model.tensors m), about, also, m)

(* {1 PyTorch checkpoints} *)

(* The state dict of a checkpoint or of each shard of a model, as
   safetensors' convert.py takes it: shared tensors removed but the one
   _remove_duplicate_names keeps (the shards of a model are taken one at
   a time, as convert.py takes them), and the metadata it writes,
   {"format": "pt"} and each removed name with the name kept. Each
   tensor is read contiguous: over the file's bytes, or copied. *)
let torch_shards ~index shards =
  let tensor c file (name, (i : Torch.tensor_info)) =
    match Torch.dtype_of_torch i.dtype with
    | Some d ->
        let iter ~piece f =
          match Torch.array c i with
          | Ok (Torch.Array a) -> slices a ~piece f
          | Error e -> failed "%s: tensor %S: %s" file name e
        in
        { name; elements = Typed d; dims = i.shape; fortran_order = false; stored = None;
          file_bytes = Torch.nbytes i; iter }
    | None ->
        let why =
          Printf.sprintf "%s: tensor %S is %s, which has no dtype in nx-dtype (leave it out with \
                          --only)" file name i.dtype
        in
        { name; elements = Untyped { type_name = i.dtype; bytes = None; why; broken = false };
          dims = i.shape; fortran_order = false; stored = None; file_bytes = Torch.nbytes i;
          iter = (fun ~piece:_ _ -> ()) }
  in
  let per_shard =
    List.map
      (fun (file, c, sd) ->
        match Torch.duplicates sd with
        | Ok dups ->
            let removed = List.concat_map (fun (keep, r) -> List.map (fun n -> (n, keep)) r) dups in
            let gone = Hashtbl.create 16 in
            List.iter (fun (n, _) -> Hashtbl.replace gone n ()) removed;
            let kept = List.filter (fun (n, _) -> not (Hashtbl.mem gone n)) sd in
            (List.map (tensor c file) kept, removed, None)
        | Error e -> (List.map (tensor c file) sd, [], Some (Printf.sprintf "%s: %s" file e)))
      shards
  in
  let removed = List.concat_map (fun (_, r, _) -> r) per_shard in
  let formats =
    List.sort_uniq compare
      (List.map (fun (_, c, _) -> match Torch.format c with Torch.Zip -> "zip" | Legacy -> "legacy format" | Tar -> "tar format") shards)
  in
  let about =
    Printf.sprintf "%s, %s%s"
      (match index with
       | Some i ->
           Printf.sprintf ", %d shard%s, index %s" (List.length shards)
             (if List.length shards = 1 then "" else "s") i
       | None -> "")
      (String.concat " and " formats)
      (match removed with
       | [] -> ""
       | r -> Printf.sprintf ", %d shared tensor%s left out" (List.length r) (if List.length r = 1 then "" else "s"))
  in
  ( List.concat_map (fun (t, _, _) -> t) per_shard,
    Some (("format", "pt") :: removed),
    about,
    List.find_map (fun (_, _, u) -> u) per_shard )

(* A checkpoint file, mapped (or read). *)
let torch_file path b =
  let c = match Torch.of_buffer b with Ok c -> c | Error m -> failed "%s: %s" path m in
  let sd = match Torch.state_dict c with Ok sd -> sd | Error m -> failed "%s: %s" path m in
  torch_shards ~index:None [ (path, c, sd) ]

(* A model given as its directory or its index: each shard mapped (or
   read). *)
let torch_model ?(read = false) path =
  let m = match Torch.Model.open_ ~read path with Ok m -> m | Error e -> failed "%s" e in
  let dir = Torch.Model.dir m in
  let shards =
    List.map2
      (fun (f, c) (_, sd) ->
        let file = Filename.concat dir f in
        Fault.input file;
        (file, c, sd))
      (Torch.Model.shards m) (Torch.Model.state_dicts m)
  in
  let files = Option.to_list (Torch.Model.index m) @ List.map fst (Torch.Model.shards m) in
  let also =
    List.filter_map (fun f -> try Some (Unix.stat (Filename.concat dir f)) with Unix.Unix_error _ -> None) files
  in
  let tensors, metadata, about, unconvertible = torch_shards ~index:(Torch.Model.index m) shards in
  (tensors, metadata, about, unconvertible, also, (dir, files))

(* [open_ path] is the input [path], checked, mapped or with [~read:true]
   read into memory (--no-map). [dtype_of name] is --from
   for the tensor [name]: the dtype of a raw file's elements, of a .npy
   file's or a .npz member's raw bytes, or of a safetensors tensor (which
   must have it). *)
let open_ ?(dtype_of = fun _ -> None) ?read ~byte_order path =
  let format = format_of path in
  let raw_dtype () =
    match dtype_of (Filename.remove_extension (Filename.basename path)) with
    | Some d -> d
    | None -> Cli_error.fail "convert needs --from DTYPE, the dtype of the raw file %s" path
  in
  if format = Raw_file then ignore (raw_dtype ());
  let is_dir = try Sys.is_directory path with Sys_error _ -> false in
  let dir_stats () =
    try Unix.stat path
    with Unix.Unix_error (e, _, _) -> failed "cannot read %s: %s" path (Unix.error_message e)
  in
  if format = Checkpoint_dir then begin
    let stats = dir_stats () in
    let tensors, metadata, about, also, c = checkpoint ?read path ~dtype_of in
    let files = Option.to_list (Checkpoint.index c) @ Checkpoint.shards c in
    { path; format; stats; also; tensors; metadata; about; gguf_metadata = [];
      as_gguf = (fun n -> Option.bind (Checkpoint.find_tensor c n) gguf_of_safetensors);
      model = Some (Checkpoint.dir c, files); unconvertible = None }
  end
  else if format = Torch_file && (is_dir || Filename.check_suffix (String.lowercase_ascii path) ".json")
  then begin
    let stats = dir_stats () in
    let tensors, metadata, about, unconvertible, also, model = torch_model ?read path in
    { path; format; stats; also; tensors; metadata; about; gguf_metadata = []; as_gguf = no_gguf;
      model = Some model; unconvertible }
  end
  else if format = Gguf_file then begin
    let tensors, about, also, m = gguf ?read path in
    let stats = Unix.stat path in
    { path; format; stats; also; tensors; metadata = None; about;
      gguf_metadata = Gguf.Model.metadata m; as_gguf = Gguf.Model.find_tensor m; model = None;
      unconvertible = None }
  end
  else
  let stats, b = map ?read path in
  let tensors, metadata, about, as_gguf, unconvertible =
    match format with
    | Raw_file -> (raw path (raw_dtype ()) ~byte_order b, None, "", no_gguf, None)
    | Npy_file -> (npy path ~dtype_of b, None, "", no_gguf, None)
    | Npz_file -> (npz path ~dtype_of b, None, "", no_gguf, None)
    | Torch_file ->
        let tensors, metadata, about, unconvertible = torch_file path b in
        (tensors, metadata, about, no_gguf, unconvertible)
    | Gguf_file | Checkpoint_dir -> assert false (* opened above *)
    | Safetensors_file ->
        let tensors, metadata, st = safetensors path ~dtype_of b in
        (tensors, metadata, "", (fun n -> Option.bind (Safetensors.find_tensor st n) gguf_of_safetensors), None)
  in
  { path; format; stats; also = []; tensors; metadata; about; gguf_metadata = []; as_gguf;
    model = None; unconvertible }
