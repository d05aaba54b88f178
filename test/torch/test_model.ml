(* Nx_array.Torch.Model: the sharded pytorch_model-0000i-of-00004.bin
   model that gen_model.py wrote as transformers saved one (sharded/,
   sharded.txt), read as one from its directory, its index and a shard;
   each disagreement of the index and its shards refused, naming the
   files; and nx-dtype convert of the model into a checkpoint directory
   and into one file, which hold torch.load's tensors but those
   safetensors' convert.py removes, with the model's other files. *)

open Nx_array
module M = Torch.Model

let check = Check.check
let contains = Files.contains

(* name, shard, dtype, shape, hex of torch.load's row-major bytes *)
let tensors, removed =
  List.fold_right
    (fun l (ts, rs) ->
      match String.split_on_char '\t' l with
      | [ "tensor"; name; shard; dtype; shape; hex ] -> ((name, shard, dtype, shape, hex) :: ts, rs)
      | [ "removed"; shard; r ] -> (ts, (shard, r) :: rs)
      | _ -> failwith ("sharded.txt: a bad line " ^ l))
    (Files.lines "sharded.txt") ([], [])

let hex_of_array (Torch.Array a) = Files.hex (to_string a)

let shape_text dims =
  if Array.length dims = 0 then "-" else String.concat "x" (List.map string_of_int (Array.to_list dims))

let check_model what m =
  check (M.index m = Some "pytorch_model.bin.index.json") "%s: index" what;
  check (List.map fst (M.shards m) = List.init 4 (fun i -> Printf.sprintf "pytorch_model-%05d-of-00004.bin" (i + 1)))
    "%s: shards %s" what (String.concat " " (List.map fst (M.shards m)));
  check (List.assoc_opt "total_size" (M.index_metadata m) <> None) "%s: total_size" what;
  check (List.length (M.tensors m) = List.length tensors) "%s: %d tensors" what (List.length (M.tensors m));
  (* Shard by shard, each in its state dict's order. *)
  check (List.map fst (M.tensors m) = List.map (fun (n, _, _, _, _) -> n) tensors) "%s: order" what;
  List.iter
    (fun (name, shard, dtype, shape, hex) ->
      check (M.shard_of m name = Some shard) "%s: %s in %s" what name shard;
      (match M.find m name with
       | Some i ->
           check (i.dtype = dtype && shape_text i.shape = shape) "%s: %s is %s %s" what name i.dtype
             (shape_text i.shape)
       | None -> check false "%s: no %s" what name);
      check (M.checkpoint_of m name <> None) "%s: %s's checkpoint" what name;
      match M.array m name with
      | Ok a -> check (hex_of_array a = hex) "%s: %s's elements" what name
      | Error e -> check false "%s: %s: %s" what name e)
    tensors;
  (match M.array m "nope" with
   | Error e -> check (contains e "no tensor \"nope\"") "%s: no tensor: %s" what e
   | Ok _ -> check false "%s: a tensor nope" what);
  (* The tied head shares the embedding's storage, in its shard. *)
  List.iter
    (fun (shard, sd) ->
      let want = List.assoc shard removed in
      match Torch.duplicates sd with
      | Ok d ->
          let got =
            String.concat ";" (List.map (fun (k, r) -> k ^ ":" ^ String.concat "," r) d)
          in
          check (got = if want = "-" then "" else want) "%s: %s's duplicates %S" what shard got
      | Error e -> check false "%s: %s: %s" what shard e)
    (M.state_dicts m)

let write path s = Out_channel.with_open_bin path (fun oc -> output_string oc s)

let copy_dir src dst =
  Sys.mkdir dst 0o755;
  Array.iter
    (fun f -> write (Filename.concat dst f) (Files.read (Filename.concat src f)))
    (Sys.readdir src)

let rec rm_rf d =
  Array.iter
    (fun f ->
      let p = Filename.concat d f in
      if Sys.is_directory p then rm_rf p else Sys.remove p)
    (Sys.readdir d);
  Sys.rmdir d

let replace s a b =
  match Str.search_forward (Str.regexp_string a) s 0 with
  | i -> String.sub s 0 i ^ b ^ String.sub s (i + String.length a) (String.length s - i - String.length a)
  | exception Not_found -> failwith ("no " ^ a)

let test_refusals () =
  let tmp = Filename.temp_dir "torch_model" "" in
  let case = ref 0 in
  let refused what ~change ~says =
    incr case;
    let d = Filename.concat tmp (string_of_int !case) in
    copy_dir "sharded" d;
    change d;
    (match M.open_ d with
     | Ok _ -> check false "%s: read" what
     | Error m -> List.iter (fun s -> check (contains m s) "%s: %S does not say %S" what m s) says);
    rm_rf d
  in
  let index d = Filename.concat d "pytorch_model.bin.index.json" in
  let edit d f = write (index d) (f (Files.read (index d))) in
  let shard i = Printf.sprintf "pytorch_model-%05d-of-00004.bin" i in
  refused "a missing shard"
    ~change:(fun d -> Sys.remove (Filename.concat d (shard 2)))
    ~says:[ "pytorch_model.bin.index.json"; shard 2; "missing" ];
  refused "a tensor the shard lacks"
    ~change:(fun d -> edit d (fun s -> replace s "\"weight_map\": {" ("\"weight_map\": {\"ghost\": \"" ^ shard 1 ^ "\",")))
    ~says:[ "\"ghost\""; shard 1; "lacks" ];
  refused "a tensor the index does not name"
    ~change:(fun d -> edit d (fun s -> replace s ("\"lm_head.weight\": \"" ^ shard 1 ^ "\",") ""))
    ~says:[ "\"lm_head.weight\""; shard 1; "not in the index" ];
  refused "a tensor in another shard than the index says"
    ~change:(fun d -> edit d (fun s -> replace s ("\"lm_head.weight\": \"" ^ shard 1) ("\"lm_head.weight\": \"" ^ shard 2)))
    ~says:[ "\"lm_head.weight\""; "index says" ];
  refused "a tensor in two shards"
    ~change:(fun d ->
      (* A fifth shard, the first's bytes again, named by the index. *)
      write (Filename.concat d "pytorch_model-extra.bin") (Files.read (Filename.concat d (shard 1)));
      edit d (fun s -> replace s "\"weight_map\": {" "\"weight_map\": {\"extra\": \"pytorch_model-extra.bin\","))
    ~says:[ "two shards"; shard 1; "pytorch_model-extra.bin" ];
  refused "a tensor twice in the index"
    ~change:(fun d -> edit d (fun s -> replace s "\"weight_map\": {" ("\"weight_map\": {\"lm_head.weight\": \"" ^ shard 1 ^ "\",")))
    ~says:[ "\"lm_head.weight\""; "twice" ];
  refused "a shard outside the directory"
    ~change:(fun d -> edit d (fun s -> replace s ("\"lm_head.weight\": \"" ^ shard 1) ("\"lm_head.weight\": \"../" ^ shard 1)))
    ~says:[ "not a file name of the index's directory" ];
  refused "an index that is not JSON" ~change:(fun d -> write (index d) "{\"weight_map\": ")
    ~says:[ "pytorch_model.bin.index.json" ];
  refused "shards without an index" ~change:(fun d -> Sys.remove (index d))
    ~says:[ "4 .bin, .pt or .pth files and no index" ];
  refused "a shard that is not a checkpoint"
    ~change:(fun d -> write (Filename.concat d (shard 3)) "GGUF\003\000\000\000")
    ~says:[ shard 3 ];
  refused "a shard that holds no state dict"
    ~change:(fun d -> write (Filename.concat d (shard 4)) (Files.read "checkpoint.pt"))
    ~says:[ shard 4 ];
  let empty = Filename.concat tmp "empty" in
  Sys.mkdir empty 0o755;
  (match M.open_ empty with
   | Error m -> check (contains m "no .bin, .pt or .pth file") "an empty directory: %s" m
   | Ok _ -> check false "an empty directory: read");
  rm_rf tmp

(* nx-dtype convert: every tensor of torch.load but the ones convert.py
   removes, its bytes, the metadata {"format": "pt"} and the names
   removed; the model's other files copied as they are, its .bin files
   and index not. *)
let test_convert nx =
  let tmp = Filename.temp_dir "torch_convert" "" in
  let run args =
    let cmd = Filename.quote_command nx args ^ " 2>" ^ Filename.quote (Filename.concat tmp "stderr") in
    let rc = Sys.command cmd in
    (rc, Files.read (Filename.concat tmp "stderr"))
  in
  let gone = Hashtbl.create 8 in
  List.iter
    (fun (_, r) ->
      if r <> "-" then
        List.iter
          (fun g ->
            match String.split_on_char ':' g with
            | [ _; names ] -> List.iter (fun n -> Hashtbl.replace gone n ()) (String.split_on_char ',' names)
            | _ -> ())
          (String.split_on_char ';' r))
    removed;
  let kept = List.filter (fun (n, _, _, _, _) -> not (Hashtbl.mem gone n)) tensors in
  let check_tensors what find metadata =
    check (Hashtbl.length gone = 1) "%s: one name removed" what;
    List.iter
      (fun (name, _, _, shape, hex) ->
        match find name with
        | Some (Safetensors.Tensor a) ->
            check (Files.hex (to_string a) = hex && shape_text (dims a) = shape) "%s: %s" what name
        | Some (Safetensors.Raw _) | None -> check false "%s: no %s" what name)
      kept;
    Hashtbl.iter (fun n () -> check (find n = None) "%s: %s is left out" what n) gone;
    check
      (metadata = Some [ ("format", "pt"); ("model.embed_tokens.weight", "lm_head.weight") ])
      "%s: metadata" what
  in
  let out = Filename.concat tmp "out" in
  (match run [ "convert"; "--max-shard-size"; "15000"; "sharded"; out ^ "/" ] with
   | 0, _ -> (
       match Checkpoint.open_ out with
       | Ok c ->
           check (List.length (Checkpoint.shards c) > 1) "directory: %d shards" (List.length (Checkpoint.shards c));
           check_tensors "directory" (Checkpoint.find_tensor c) (Checkpoint.metadata c);
           let files = List.sort compare (Array.to_list (Sys.readdir out)) in
           List.iter
             (fun f ->
               check (Sys.file_exists (Filename.concat out f)
                      && Files.read (Filename.concat out f) = Files.read (Filename.concat "sharded" f))
                 "directory: %s copied" f)
             [ "config.json"; "generation_config.json"; "tokenizer_config.json" ];
           check
             (not (List.exists (fun f -> Filename.check_suffix f ".bin" || f = "pytorch_model.bin.index.json") files))
             "directory: no PyTorch file: %s" (String.concat " " files)
       | Error m -> check false "directory: %s" m)
   | rc, err -> check false "directory: exit %d: %s" rc err);
  let file = Filename.concat tmp "model.safetensors" in
  (match run [ "convert"; "sharded/pytorch_model.bin.index.json"; file ] with
   | 0, _ -> (
       match Safetensors.map_file file with
       | Ok st -> check_tensors "one file" (Safetensors.find_tensor st) (Safetensors.metadata st)
       | Error m -> check false "one file: %s" m)
   | rc, err -> check false "one file: exit %d: %s" rc err);
  (* A refusal leaves nothing. *)
  let bad = Filename.concat tmp "bad" in
  copy_dir "sharded" bad;
  Sys.remove (Filename.concat bad "pytorch_model-00003-of-00004.bin");
  (match run [ "convert"; bad; Filename.concat tmp "bad_out/" ] with
   | 2, err ->
       check (contains err "pytorch_model-00003-of-00004.bin" && contains err "missing") "missing shard: %s" err;
       check (not (Sys.file_exists (Filename.concat tmp "bad_out"))) "missing shard: no output"
   | rc, err -> check false "missing shard: exit %d: %s" rc err);
  rm_rf tmp

let () =
  (match M.open_ "sharded" with
   | Ok m -> check_model "directory" m
   | Error e -> check false "directory: %s" e);
  (match M.open_ ~read:true "sharded/pytorch_model.bin.index.json" with
   | Ok m -> check_model "index, read" m
   | Error e -> check false "index: %s" e);
  (match M.open_ "sharded/pytorch_model-00002-of-00004.bin" with
   | Ok m ->
       check (M.index m = None && List.map fst (M.shards m) = [ "pytorch_model-00002-of-00004.bin" ])
         "one shard";
       check
         (List.map fst (M.tensors m)
          = List.filter_map (fun (n, s, _, _, _) -> if s = "pytorch_model-00002-of-00004.bin" then Some n else None) tensors)
         "one shard: its tensors"
   | Error e -> check false "one shard: %s" e);
  (match M.open_ "zip_partial.pt" with
   | Ok m -> check (List.map fst (M.tensors m) = [ "half" ]) "a file of one tensor"
   | Error e -> check false "zip_partial.pt: %s" e);
  test_refusals ();
  if Array.length Sys.argv > 1 then test_convert Sys.argv.(1);
  Check.finish "torch_model"
