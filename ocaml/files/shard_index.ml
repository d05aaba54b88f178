(* The index of a sharded checkpoint, as Hugging Face writes one
   (model.safetensors.index.json, pytorch_model.bin.index.json): its
   "weight_map", each tensor's shard, in order, and its "metadata"; the
   shards it names, opened; and the rules by which the index and its
   shards agree. Checkpoint (safetensors shards) and Torch.Model
   (torch.save shards) share them. *)

type t = {
  path : string;
  weight_map : (string * string) list;  (* tensor -> shard's file name, in order *)
  metadata : (string * Json.t) list;
}

let ( let* ) = Result.bind
let errorf fmt = Printf.ksprintf (fun m -> Error m) fmt

let read_text path =
  match In_channel.with_open_bin path In_channel.input_all with
  | s -> Ok s
  | exception Sys_error m ->
      (* Sys_error's message names the path, but not always ("Is a
         directory"). *)
      let prefix = path ^ ": " in
      Error (if String.starts_with ~prefix m then m else prefix ^ m)

let read path =
  let* text = read_text path in
  match Json.parse text with
  | Error (i, m) -> errorf "%s: %s at byte %d" path m i
  | Ok (Json.Object members) -> (
      let metadata =
        match List.assoc_opt "metadata" members with Some (Json.Object m) -> m | _ -> []
      in
      match List.assoc_opt "weight_map" members with
      | Some (Json.Object entries) ->
          let seen = Hashtbl.create 64 in
          let rec go acc = function
            | [] -> Ok { path; weight_map = List.rev acc; metadata }
            | (name, Json.String file) :: rest ->
                if Hashtbl.mem seen name then errorf "%s: tensor %S appears twice in weight_map" path name
                else if file = "" || file = "." || file = ".." || Filename.basename file <> file then
                  errorf "%s: tensor %S's shard %S is not a file name of the index's directory" path
                    name file
                else begin
                  Hashtbl.add seen name ();
                  go ((name, file) :: acc) rest
                end
            | (name, _) :: _ -> errorf "%s: tensor %S's shard is not a string" path name
          in
          go [] entries
      | Some _ -> errorf "%s: weight_map is not an object" path
      | None -> errorf "%s: no weight_map" path)
  | Ok _ -> errorf "%s: not a JSON object" path

(* What a model directory is read from: its index [index] (a file name),
   else its one index (a name ending in [index_suffix]), else its file
   [file], else its one model file ([is_model]); [what] names the model
   files in errors. *)
let choose dir ~index ~index_suffix ~file ~is_model ~what =
  match Sys.readdir dir with
  | exception Sys_error m -> Error m
  | entries -> (
      let entries = List.sort compare (Array.to_list entries) in
      let indexes = List.filter (fun e -> Filename.check_suffix e index_suffix) entries in
      let files = List.filter is_model entries in
      let path = Filename.concat dir in
      match (List.mem index indexes, indexes, files) with
      | true, _, _ -> Ok (`Index (path index))
      | false, [ i ], _ -> Ok (`Index (path i))
      | false, _ :: _ :: _, _ ->
          errorf "%s: several index files (%s): name one" dir (String.concat ", " indexes)
      | false, [], _ when List.mem file files -> Ok (`File (path file))
      | false, [], [ f ] -> Ok (`File (path f))
      | false, [], [] -> errorf "%s: no %s file and no %s" dir what index_suffix
      | false, [], fs ->
          errorf "%s: %d %s files and no index that names them (%s)" dir (List.length fs) what
            (String.concat ", " fs))

let dir i = Filename.dirname i.path

(* The shards, in the order of their names (model-00001-of-00004 ...). *)
let files i = List.sort_uniq compare (List.map snd i.weight_map)

let open_shards i open_shard =
  let rec go acc = function
    | [] -> Ok (List.rev acc)
    | f :: rest ->
        let p = Filename.concat (dir i) f in
        if not (Sys.file_exists p) then
          errorf "%s: the index names the shard %s, which is missing" i.path f
        else
          let* s = open_shard p in
          go ((f, s) :: acc) rest
  in
  go [] (files i)

let check i shards =
  let where = Hashtbl.create 256 in
  let in_index = Hashtbl.create 256 in
  List.iter (fun (name, f) -> Hashtbl.replace in_index name f) i.weight_map;
  (* Every tensor of every shard is in the index, at that shard; none is
     in two shards. *)
  let rec shard = function
    | [] -> Ok ()
    | (f, names) :: rest ->
        let rec tensor = function
          | [] -> shard rest
          | name :: more -> (
              match Hashtbl.find_opt where name with
              | Some g -> errorf "%s: tensor %S is in two shards, %s and %s" i.path name g f
              | None -> (
                  Hashtbl.add where name f;
                  match Hashtbl.find_opt in_index name with
                  | Some g when g = f -> tensor more
                  | Some g -> errorf "%s: tensor %S is in the shard %s, and the index says %s" i.path name f g
                  | None -> errorf "%s: tensor %S of the shard %s is not in the index" i.path name f))
        in
        tensor names
  in
  let* () = shard shards in
  match List.find_opt (fun (name, _) -> not (Hashtbl.mem where name)) i.weight_map with
  | Some (name, f) -> errorf "%s: the index names tensor %S in %s, which that shard lacks" i.path name f
  | None -> Ok ()

let metadata_strings i =
  List.filter_map
    (fun (k, v) ->
      match v with
      | Json.String s -> Some (k, s)
      | Json.Number n -> Some (k, n)
      | Json.Bool b -> Some (k, string_of_bool b)
      | _ -> None)
    i.metadata
