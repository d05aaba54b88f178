(* Checkpoints as Hugging Face publishes them: one safetensors file, or
   shards named by a model.safetensors.index.json, read as one. *)

module S = Safetensors

type t = {
  dir : string;
  index : string option;
  shards : (string * S.t) list;  (* file name (relative to [dir]), file *)
  where : (string, string * S.t) Hashtbl.t;  (* tensor -> its shard *)
  order : (string * S.info) list;  (* every tensor, shard by shard *)
  index_metadata : (string * string) list;
}

let ( let* ) = Result.bind
let errorf fmt = Printf.ksprintf (fun m -> Error m) fmt

let open_index ?(read = false) path =
  let* ix = Shard_index.read path in
  let* shards = Shard_index.open_shards ix (if read then S.read_file else S.map_file) in
  let* () =
    Shard_index.check ix
      (List.map (fun (f, st) -> (f, List.map (fun (i : S.info) -> i.name) (S.tensors st))) shards)
  in
  let where = Hashtbl.create 256 in
  List.iter
    (fun (f, st) -> List.iter (fun (i : S.info) -> Hashtbl.replace where i.name (f, st)) (S.tensors st))
    shards;
  let order = List.concat_map (fun (_, st) -> List.map (fun (i : S.info) -> (i.name, i)) (S.tensors st)) shards in
  Ok
    { dir = Shard_index.dir ix; index = Some (Filename.basename path); shards; where; order;
      index_metadata = Shard_index.metadata_strings ix }

let of_file ?(read = false) path =
  let* st = (if read then S.read_file else S.map_file) path in
  let f = Filename.basename path in
  let where = Hashtbl.create 256 in
  List.iter (fun (i : S.info) -> Hashtbl.replace where i.name (f, st)) (S.tensors st);
  Ok
    { dir = Filename.dirname path; index = None; shards = [ (f, st) ]; where;
      order = List.map (fun (i : S.info) -> (i.name, i)) (S.tensors st); index_metadata = [] }

let is_dir p = try Sys.is_directory p with Sys_error _ -> false

let open_dir ?read dir =
  match
    Shard_index.choose dir ~index:"model.safetensors.index.json"
      ~index_suffix:".safetensors.index.json" ~file:"model.safetensors"
      ~is_model:(fun e -> Filename.check_suffix e ".safetensors") ~what:".safetensors"
  with
  | Ok (`Index p) -> open_index ?read p
  | Ok (`File p) -> of_file ?read p
  | Error m -> Error m

let open_ ?read path =
  if is_dir path then open_dir ?read path
  else if Filename.check_suffix path ".json" then open_index ?read path
  else of_file ?read path

let dir c = c.dir
let index c = c.index
let shards c = List.map fst c.shards
let shard_files c = c.shards

let index_metadata c = c.index_metadata
let metadata c = match c.shards with (_, st) :: _ -> S.metadata st | [] -> None
let tensors c = List.map snd c.order
let shard_of c name = Option.map fst (Hashtbl.find_opt c.where name)
let file_of c name = Option.map snd (Hashtbl.find_opt c.where name)
let find_info c name = Option.bind (file_of c name) (fun st -> S.find_info st name)

(* [f] of the shard of [name], its errors naming the shard's path. *)
let with_file c name f =
  match Hashtbl.find_opt c.where name with
  | Some (file, st) ->
      Result.map_error (fun m -> Filename.concat c.dir file ^ ": " ^ m) (f st)
  | None -> errorf "no tensor %S" name

let find dt c name = Option.bind (file_of c name) (fun st -> S.find dt st name)

let get dt c name =
  match file_of c name with
  | Some st -> S.get dt st name
  | None -> invalid_arg (Printf.sprintf "Nx_array.Checkpoint.get: no tensor %S" name)

let find_tensor c name = Option.bind (file_of c name) (fun st -> S.find_tensor st name)

let get_tensor c name =
  match file_of c name with
  | Some st -> S.get_tensor st name
  | None -> invalid_arg (Printf.sprintf "Nx_array.Checkpoint.get_tensor: no tensor %S" name)

let get_as ?rounding dt c name = with_file c name (fun st -> S.get_as ?rounding dt st name)
let get_bigarray ?rounding k c name = with_file c name (fun st -> S.get_bigarray ?rounding k st name)

(* {1 Writing} *)

let default_max_shard_size = 5_000_000_000

(* The bytes of a stream's tensor. *)
let stream_bytes (s : S.stream) =
  match S.dtype_string_bits s.dtype with
  | Some bits -> (Array.fold_left ( * ) 1 s.shape * bits + 7) / 8
  | None -> invalid_arg (Printf.sprintf "Nx_array.Checkpoint.write: unknown dtype string %S" s.dtype)

(* huggingface_hub's split_state_dict_into_shards_factory: in order, a
   tensor larger than the maximum alone, else a new shard when the
   current one would pass it. *)
let split ~max_shard_size streams =
  let shards = ref [] and current = ref [] and size = ref 0 in
  List.iter
    (fun s ->
      let n = stream_bytes s in
      if n > max_shard_size then shards := [ s ] :: !shards
      else begin
        if !size + n > max_shard_size then begin
          shards := List.rev !current :: !shards;
          current := [];
          size := 0
        end;
        current := s :: !current;
        size := !size + n
      end)
    streams;
  if !current <> [] then shards := List.rev !current :: !shards;
  List.rev !shards

(* JSON as Python's json.dump writes it with its defaults: non-ASCII
   characters as \u escapes (surrogate pairs past the BMP). *)
let ascii_string b s =
  Buffer.add_char b '"';
  let n = String.length s in
  let rec go i =
    if i < n then begin
      let d = String.get_utf_8_uchar s i in
      let u = Uchar.to_int (Uchar.utf_decode_uchar d) in
      (match u with
       | 0x22 -> Buffer.add_string b "\\\""
       | 0x5c -> Buffer.add_string b "\\\\"
       | 0x0a -> Buffer.add_string b "\\n"
       | 0x0d -> Buffer.add_string b "\\r"
       | 0x09 -> Buffer.add_string b "\\t"
       | 0x08 -> Buffer.add_string b "\\b"
       | 0x0c -> Buffer.add_string b "\\f"
       | u when u < 0x20 || (u >= 0x7f && u < 0x10000) -> Printf.bprintf b "\\u%04x" u
       | u when u >= 0x10000 ->
           let v = u - 0x10000 in
           Printf.bprintf b "\\u%04x\\u%04x" (0xd800 lor (v lsr 10)) (0xdc00 lor (v land 0x3ff))
       | u -> Buffer.add_char b (Char.chr u));
      go (i + Uchar.utf_decode_length d)
    end
  in
  go 0;
  Buffer.add_char b '"'

let index_json ~total_size ~index_metadata weight_map =
  let b = Buffer.create 4096 in
  Buffer.add_string b "{\n  \"metadata\": {\n";
  (* {**split.metadata, **metadata}: a total_size given replaces the
     computed one, in its place. *)
  let meta =
    match List.assoc_opt "total_size" index_metadata with
    | Some v ->
        ("total_size", `String v)
        :: List.map (fun (k, v) -> (k, `String v)) (List.remove_assoc "total_size" index_metadata)
    | None ->
        ("total_size", `Number (string_of_int total_size))
        :: List.map (fun (k, v) -> (k, `String v)) index_metadata
  in
  List.iteri
    (fun i (k, v) ->
      Buffer.add_string b "    ";
      ascii_string b k;
      Buffer.add_string b ": ";
      (* total_size is a number; the others strings. *)
      (match v with `Number n -> Buffer.add_string b n | `String s -> ascii_string b s);
      if i < List.length meta - 1 then Buffer.add_char b ',';
      Buffer.add_char b '\n')
    meta;
  Buffer.add_string b "  },\n  \"weight_map\": {\n";
  List.iteri
    (fun i (name, file) ->
      Buffer.add_string b "    ";
      ascii_string b name;
      Buffer.add_string b ": ";
      ascii_string b file;
      if i < List.length weight_map - 1 then Buffer.add_char b ',';
      Buffer.add_char b '\n')
    weight_map;
  Buffer.add_string b "  }\n}";
  Buffer.contents b

let shard_name ~count i =
  if count = 1 then "model.safetensors"
  else Printf.sprintf "model-%05d-of-%05d.safetensors" (i + 1) count

let index_name = "model.safetensors.index.json"

(* The names huggingface_hub's save_torch_state_dict removes before it
   writes: model(-NNNNN-of-NNNNN)?.safetensors(.index.json)? *)
let is_model_file f =
  let digits s = String.length s = 5 && String.for_all (fun c -> c >= '0' && c <= '9') s in
  let stem =
    if Filename.check_suffix f ".safetensors.index.json" then
      Some (Filename.chop_suffix f ".safetensors.index.json")
    else if Filename.check_suffix f ".safetensors" then Some (Filename.chop_suffix f ".safetensors")
    else None
  in
  match stem with
  | Some "model" -> true
  | Some s when String.length s = 20 && String.sub s 0 6 = "model-" && String.sub s 11 4 = "-of-" ->
      digits (String.sub s 6 5) && digits (String.sub s 15 5)
  | _ -> false

let layout ?(max_shard_size = default_max_shard_size) streams =
  if max_shard_size <= 0 then
    invalid_arg (Printf.sprintf "Nx_array.Checkpoint.write: max_shard_size %d" max_shard_size);
  let shards = split ~max_shard_size streams in
  let shards = if shards = [] then [ [] ] else shards in
  let count = List.length shards in
  List.mapi (fun i ss -> (shard_name ~count i, ss)) shards

let write ?(temp_file = File_io.temp_file) ?(released = fun _ -> ()) ?(sync = false)
    ?(check = fun _ -> Ok ()) ?max_shard_size ?metadata ?(index_metadata = []) dir streams =
  (* Everything refused is refused before a file is written. *)
  let keys = Hashtbl.create 8 in
  List.iter
    (fun (k, _) ->
      if Hashtbl.mem keys k then
        invalid_arg (Printf.sprintf "Nx_array.Checkpoint.write: index key %S appears twice" k);
      Hashtbl.add keys k ())
    index_metadata;
  let seen = Hashtbl.create 64 in
  List.iter
    (fun (s : S.stream) ->
      if Hashtbl.mem seen s.name then
        invalid_arg (Printf.sprintf "Nx_array.Checkpoint.write: tensor %S appears twice" s.name);
      Hashtbl.add seen s.name ();
      ignore (stream_bytes s))
    streams;
  let shards = layout ?max_shard_size streams in
  if not (is_dir dir) then Error (Printf.sprintf "%s: not a directory" dir)
  else begin
    (* Each file to a temporary one of the directory; renamed into place
       once all are written, the index last; none left on failure. *)
    let temps = ref [] in
    let remove_temps () =
      List.iter
        (fun (t, _) ->
          (try Unix.unlink t with Unix.Unix_error _ -> ());
          released t)
        !temps
    in
    (* The file an error names: the one being written or renamed. *)
    let current = ref dir in
    let write_temp final f =
      current := final;
      let tmp, fd = temp_file final in
      temps := (tmp, final) :: !temps;
      Fun.protect ~finally:(fun () -> Unix.close fd) (fun () -> f fd; if sync then Unix.fsync fd)
    in
    let exception Refused of string in
    match
      List.iter
        (fun (file, ss) ->
          write_temp (Filename.concat dir file) (fun fd -> S.output ?metadata fd ss))
        shards;
      if List.length shards > 1 then begin
        let total_size =
          List.fold_left (fun n (_, ss) -> List.fold_left (fun n s -> n + stream_bytes s) n ss) 0 shards
        in
        let weight_map =
          List.concat_map (fun (file, ss) -> List.map (fun (s : S.stream) -> (s.name, file)) ss) shards
        in
        let text = index_json ~total_size ~index_metadata weight_map in
        write_temp (Filename.concat dir index_name) (fun fd ->
            ignore (Unix.write_substring fd text 0 (String.length text)))
      end;
      (match check (List.rev_map (fun (t, final) -> (final, t)) !temps) with
       | Ok () -> ()
       | Error m -> raise (Refused m));
      List.iter (fun (t, final) -> current := final; Unix.rename t final; released t) (List.rev !temps);
      current := dir;
      (* The checkpoint files of another layout (an index, shards of
         another count) go, as save_torch_state_dict removes them, lest an
         old index hide the new files. *)
      let written = List.map (fun (_, final) -> Filename.basename final) !temps in
      Array.iter
        (fun f ->
          if is_model_file f && not (List.mem f written) then
            try Unix.unlink (Filename.concat dir f) with Unix.Unix_error _ -> ())
        (try Sys.readdir dir with Sys_error _ -> [||])
    with
    | () -> Ok ()
    | exception Unix.Unix_error (e, _, _) ->
        remove_temps ();
        Error (Printf.sprintf "%s: %s" !current (Unix.error_message e))
    | exception Refused m ->
        remove_temps ();
        Error m
    | exception ex ->
        remove_temps ();
        raise ex
  end
