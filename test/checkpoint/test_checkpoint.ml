(* Nx_array.Checkpoint: the checkpoint huggingface_hub split (sharded/,
   expected.txt) read as one, from its directory, its index and a shard;
   and each disagreement of an index and its shards refused, naming the
   files. *)

open Nx_array
module C = Checkpoint

let check = Check.check

let contains = Files.contains

let expected =
  In_channel.with_open_bin "expected.txt" In_channel.input_lines
  |> List.filter (fun l -> l <> "" && l.[0] <> '#')
  |> List.map (String.split_on_char ' ')

let bytes = function Safetensors.Tensor a -> to_string a | Safetensors.Raw r -> to_string r.data

let check_sharded what c =
  check (C.shards c = [ "model-00001-of-00003.safetensors"; "model-00002-of-00003.safetensors";
                        "model-00003-of-00003.safetensors" ]) "%s: shards %s" what
    (String.concat " " (C.shards c));
  check (C.index c = Some "model.safetensors.index.json") "%s: index" what;
  check (C.metadata c = Some [ ("format", "pt") ]) "%s: metadata" what;
  List.iter
    (function
      | [ "total_size"; n ] -> check (C.index_metadata c = [ ("total_size", n) ]) "%s: total_size" what
      | [ name; shard; md5 ] ->
          check (C.shard_of c name = Some shard) "%s: %s in %s" what name shard;
          (match C.find_tensor c name with
           | Some t -> check (Digest.to_hex (Digest.string (bytes t)) = md5) "%s: %s's bytes" what name
           | None -> check false "%s: no %s" what name)
      | _ -> ())
    expected;
  check (List.length (C.tensors c) = List.length expected - 1) "%s: every tensor" what;
  (* The accessors delegate to the tensor's shard. *)
  (match C.get_as Dtype.Float64 c "model.layers.0.norm.weight" with
   | Ok a -> check (dims a = [| 24 |]) "%s: get_as" what
   | Error m -> check false "%s: get_as: %s" what m);
  (match C.get_bigarray Bigarray.float32 c "nope" with
   | Error m -> check (contains m "no tensor \"nope\"") "%s: get_bigarray of nothing: %s" what m
   | Ok _ -> check false "%s: a tensor nope" what)

let copy_dir src dst =
  Sys.mkdir dst 0o755;
  Array.iter
    (fun f ->
      let s = In_channel.with_open_bin (Filename.concat src f) In_channel.input_all in
      Out_channel.with_open_bin (Filename.concat dst f) (fun oc -> output_string oc s))
    (Sys.readdir src)

let rm_rf d =
  Array.iter (fun f -> Sys.remove (Filename.concat d f)) (Sys.readdir d);
  Sys.rmdir d

let write path s = Out_channel.with_open_bin path (fun oc -> output_string oc s)
let read path = In_channel.with_open_bin path In_channel.input_all

let replace s a b =
  let n = String.length a in
  let rec go i = if String.sub s i n = a then String.sub s 0 i ^ b ^ String.sub s (i + n) (String.length s - i - n) else go (i + 1) in
  go 0

(* The writer: the checkpoint's tensors in the state dict's order,
   written with huggingface_hub's maximum of 4000 bytes and its per-file
   metadata, are its files byte for byte; one shard is model.safetensors
   and no index; a name twice is refused; a failure leaves no file. *)
let test_write c =
  let names = List.filter_map (function [ n; _; _ ] -> Some n | _ -> None) expected in
  let streams = List.map (fun n -> Safetensors.stream n (C.get_tensor c n)) names in
  let out = Filename.temp_dir "checkpoint_out" "" in
  (match C.write ~max_shard_size:4000 ~metadata:[ ("format", "pt") ] out streams with
   | Error m -> check false "write: %s" m
   | Ok () ->
       let files = List.sort compare (Array.to_list (Sys.readdir out)) in
       let want =
         List.sort compare
           (List.filter (fun f -> f <> "config.json") (Array.to_list (Sys.readdir "sharded")))
       in
       check (files = want) "write: files %s" (String.concat " " files);
       List.iter
         (fun f ->
           check (read (Filename.concat out f) = read (Filename.concat "sharded" f))
             "write: %s byte for byte" f)
         want);
  rm_rf out;
  let out = Filename.temp_dir "checkpoint_one" "" in
  (match C.write out streams with
   | Ok () ->
       check (Sys.readdir out = [| "model.safetensors" |]) "one shard: %s"
         (String.concat " " (Array.to_list (Sys.readdir out)))
   | Error m -> check false "one shard: %s" m);
  rm_rf out;
  let out = Filename.temp_dir "checkpoint_bad" "" in
  (match C.write out (streams @ [ List.hd streams ]) with
   | exception Invalid_argument _ -> check (Sys.readdir out = [||]) "a name twice: nothing written"
   | _ -> check false "a name twice: written");
  (* A stream that fails halfway: no file left. *)
  let failing = { (List.hd streams) with write = (fun _ -> failwith "halfway") } in
  (match C.write ~max_shard_size:4000 out (List.tl streams @ [ failing ]) with
   | exception Failure _ -> check (Sys.readdir out = [||]) "a failure halfway: nothing left"
   | _ -> check false "a failure halfway: written");
  rm_rf out;
  (* Written again with one shard: the old index and shards go, and the
     directory reads as the new checkpoint. *)
  let out = Filename.temp_dir "checkpoint_again" "" in
  ignore (C.write ~max_shard_size:4000 out streams);
  write (Filename.concat out "config.json") "{}";
  (match C.write out streams with
   | Ok () ->
       check
         (List.sort compare (Array.to_list (Sys.readdir out)) = [ "config.json"; "model.safetensors" ])
         "written again: %s" (String.concat " " (Array.to_list (Sys.readdir out)));
       (match C.open_ out with
        | Ok c -> check (C.index c = None) "written again: no index"
        | Error m -> check false "written again: %s" m)
   | Error m -> check false "written again: %s" m);
  rm_rf out;
  (* index_metadata: a key twice is refused; total_size given replaces the
     computed one, as huggingface_hub merges them. *)
  let out = Filename.temp_dir "checkpoint_meta" "" in
  (match C.write ~max_shard_size:4000 ~index_metadata:[ ("a", "b"); ("a", "c") ] out streams with
   | exception Invalid_argument _ -> check (Sys.readdir out = [||]) "index key twice: refused"
   | _ -> check false "index key twice: written");
  (match C.write ~max_shard_size:4000 ~index_metadata:[ ("total_size", "7"); ("x", "y") ] out streams with
   | Ok () ->
       let index = read (Filename.concat out "model.safetensors.index.json") in
       check (contains index "\"total_size\": \"7\",\n    \"x\": \"y\"") "total_size given: %s"
         (String.sub index 0 80)
   | Error m -> check false "total_size given: %s" m);
  rm_rf out;
  (match C.write "no-such-dir" streams with
   | Error m -> check (contains m "no-such-dir") "no directory: %s" m
   | Ok () -> check false "no directory: written")

let () =
  (match C.open_ "sharded" with
   | Ok c -> test_write c
   | Error m -> check false "%s" m);
  (match C.open_ "sharded" with
   | Ok c -> check_sharded "directory" c
   | Error m -> check false "directory: %s" m);
  (match C.open_ ~read:true "sharded/model.safetensors.index.json" with
   | Ok c -> check_sharded "index, read" c
   | Error m -> check false "index: %s" m);
  (match C.open_ "sharded/model-00003-of-00003.safetensors" with
   | Ok c ->
       check (C.shards c = [ "model-00003-of-00003.safetensors" ] && C.index c = None
              && List.length (C.tensors c) = 1) "one shard"
   | Error m -> check false "one shard: %s" m);
  let tmp = Filename.temp_dir "checkpoint" "" in
  let case = ref 0 in
  let refused what ~change ~says =
    incr case;
    let d = Filename.concat tmp (string_of_int !case) in
    copy_dir "sharded" d;
    change d;
    (match C.open_ d with
     | Ok _ -> check false "%s: read" what
     | Error m -> List.iter (fun s -> check (contains m s) "%s: %S does not say %S" what m s) says);
    rm_rf d
  in
  let index d = Filename.concat d "model.safetensors.index.json" in
  let edit d f = write (index d) (f (read (index d))) in
  refused "a missing shard"
    ~change:(fun d -> Sys.remove (Filename.concat d "model-00002-of-00003.safetensors"))
    ~says:[ "model.safetensors.index.json"; "model-00002-of-00003.safetensors"; "missing" ];
  refused "a tensor the shard lacks"
    ~change:(fun d -> edit d (fun s -> replace s "\"weight_map\": {" "\"weight_map\": {\"ghost\": \"model-00001-of-00003.safetensors\","))
    ~says:[ "\"ghost\""; "model-00001-of-00003.safetensors"; "lacks" ];
  refused "a tensor the index does not name"
    ~change:(fun d -> edit d (fun s -> replace s "\"lm_head.weight\": \"model-00002-of-00003.safetensors\"," ""))
    ~says:[ "\"lm_head.weight\""; "model-00002-of-00003.safetensors"; "not in the index" ];
  refused "a tensor in another shard than the index says"
    ~change:(fun d -> edit d (fun s -> replace s "\"lm_head.weight\": \"model-00002" "\"lm_head.weight\": \"model-00001"))
    ~says:[ "\"lm_head.weight\""; "index says" ];
  refused "a tensor in two shards"
    ~change:(fun d ->
      (* A fourth shard holding a tensor of the first, named by the index. *)
      let st = Result.get_ok (Safetensors.map_file (Filename.concat d "model-00001-of-00003.safetensors")) in
      let t = Safetensors.get_tensor st "model.layers.0.norm.weight" in
      ignore (Safetensors.write_file (Filename.concat d "model-00004.safetensors")
                [ ("model.layers.0.norm.weight", t); ("extra", t) ]);
      edit d (fun s -> replace s "\"weight_map\": {" "\"weight_map\": {\"extra\": \"model-00004.safetensors\","))
    ~says:[ "\"model.layers.0.norm.weight\""; "two shards" ];
  refused "a tensor twice in the index"
    ~change:(fun d -> edit d (fun s -> replace s "\"weight_map\": {" "\"weight_map\": {\"lm_head.weight\": \"model-00002-of-00003.safetensors\","))
    ~says:[ "\"lm_head.weight\""; "twice" ];
  refused "a shard outside the directory"
    ~change:(fun d -> edit d (fun s -> replace s "\"lm_head.weight\": \"model-00002" "\"lm_head.weight\": \"../model-00002"))
    ~says:[ "not a file name of the index's directory" ];
  refused "an index that is not JSON" ~change:(fun d -> write (index d) "{\"weight_map\": ")
    ~says:[ "model.safetensors.index.json" ];
  refused "no weight_map" ~change:(fun d -> write (index d) "{\"metadata\": {}}") ~says:[ "no weight_map" ];
  refused "shards without an index" ~change:(fun d -> Sys.remove (index d))
    ~says:[ "3 .safetensors files and no index" ];
  refused "a shard that is not safetensors"
    ~change:(fun d -> write (Filename.concat d "model-00003-of-00003.safetensors") "GGUF\003\000\000\000")
    ~says:[ "model-00003-of-00003.safetensors" ];
  let empty = Filename.concat tmp "empty" in
  Sys.mkdir empty 0o755;
  (match C.open_ empty with
   | Error m -> check (contains m "no .safetensors file") "an empty directory: %s" m
   | Ok _ -> check false "an empty directory: read");
  Sys.rmdir empty;
  Sys.rmdir tmp;
  Check.finish "checkpoint"
