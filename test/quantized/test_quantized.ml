(* Nx_array.Quantized: the checkpoints of gen_files.py, one per
   quantization method, dequantized into float32, bfloat16 and float16
   and held to the values expected.txt gives (exact rational products
   rounded once, computed there); the tensors kept and dropped; and each
   way a config and its tensors can disagree, refused with a message
   that names what is wrong. *)

open Nx_array
module Q = Quantized

let check = Check.check

let contains = Files.contains
let lines = List.map Files.words (Files.lines "expected.txt")

let read dir =
  match Checkpoint.open_dir dir with
  | Error m -> failwith m
  | Ok c -> (
      match Q.of_checkpoint c with
      | Ok (Some q) -> q
      | Ok None -> failwith (dir ^ ": no quantization_config")
      | Error m -> failwith m)

let cache = Hashtbl.create 8

let quantized dir =
  match Hashtbl.find_opt cache dir with
  | Some q -> q
  | None -> let q = read dir in Hashtbl.add cache dir q; q

let dims_text d = String.concat "x" (Array.to_list (Array.map string_of_int d))

let check_values (type s) (dt : (float, s) Dtype.t) dir w dims md5 samples =
  let a = Q.dequantize dt w in
  let what = Printf.sprintf "%s %s %s" dir (Q.name w) (Dtype.name dt) in
  check (dims_text (Nx_array.dims a) = dims) "%s: dims %s, expected %s" what
    (dims_text (Nx_array.dims a)) dims;
  let got = Digest.to_hex (Digest.string (to_string a)) in
  check (got = md5) "%s: MD5 %s, expected %s" what got md5;
  let flat = reshape a [| size a |] in
  List.iter
    (fun s ->
      match String.split_on_char ':' s with
      | [ i; bits ] ->
          let i = int_of_string i in
          let want = Int64.of_string ("0x" ^ bits) in
          let got = get_bits flat [| i |] in
          check (Int64.equal got want) "%s: element %d: bits %Lx, expected %Lx" what i got want
      | _ -> check false "%s: sample %S" what s)
    samples;
  (* The pieces, in order, are the values. *)
  let n = Q.pieces w in
  let joined = String.concat "" (List.init n (fun i -> to_string (Q.dequantize_piece dt w i))) in
  check (joined = to_string a) "%s: the %d pieces are the values" what n

let test_values () =
  List.iter
    (function
      | dir :: (("keep" | "drop") as kind) :: names ->
          let q = quantized dir in
          let got =
            List.filter_map
              (function
                | Q.Keep n when kind = "keep" -> Some n
                | Q.Drop n when kind = "drop" -> Some n
                | _ -> None)
              (Q.items q)
            |> List.sort compare
          in
          check (got = names) "%s: %s %s, expected %s" dir kind (String.concat " " got)
            (String.concat " " names)
      | dir :: name :: dtype :: dims :: md5 :: samples -> (
          let q = quantized dir in
          match List.find_opt (fun w -> Q.name w = name) (Q.weights q) with
          | None -> check false "%s: no weight %s" dir name
          | Some w -> (
              match dtype with
              | "float32" -> check_values Dtype.Float32 dir w dims md5 samples
              | "bfloat16" -> check_values Dtype.Bfloat16 dir w dims md5 samples
              | "float16" -> check_values Dtype.Float16 dir w dims md5 samples
              | d -> check false "dtype %s" d))
      | l -> check false "expected.txt: %s" (String.concat " " l))
    lines;
  (* Every weight of every checkpoint is expected. *)
  Hashtbl.iter
    (fun dir q ->
      List.iter
        (fun w ->
          check
            (List.exists (function d :: n :: _ -> d = dir && n = Q.name w | _ -> false) lines)
            "%s: weight %s is not in expected.txt" dir (Q.name w))
        (Q.weights q))
    cache;
  (* float64 holds the exact values: they round into float32 as the
     float32 values are. *)
  let q = quantized "ct_nvfp4" in
  List.iter
    (fun w ->
      let a = Q.dequantize Dtype.Float64 w in
      check (equal (cast Dtype.Float32 a) (Q.dequantize Dtype.Float32 w)) "ct_nvfp4 %s: float64 then float32"
        (Q.name w))
    (Q.weights q)

(* {1 Refusals} *)

let tmp = Filename.concat (Filename.get_temp_dir_name ()) (Printf.sprintf "nx-quantized-%d" (Unix.getpid ()))

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

let replace s a b =
  let n = String.length a in
  let rec go i =
    if i + n > String.length s then failwith ("no " ^ a)
    else if String.sub s i n = a then String.sub s 0 i ^ b ^ String.sub s (i + n) (String.length s - i - n)
    else go (i + 1)
  in
  go 0

(* The checkpoint [dir] with its config.json edited by [edit]: read, it
   is refused with a message holding each of [says] (or read, if
   [says] is empty). *)
let with_config ?(says = []) what dir edit =
  let d = Filename.concat tmp dir in
  copy_dir dir d;
  let cfg = Filename.concat d "config.json" in
  let text = In_channel.with_open_bin cfg In_channel.input_all in
  Out_channel.with_open_bin cfg (fun oc -> output_string oc (edit text));
  (match Checkpoint.open_dir d with
   | Error m -> check false "%s: %s" what m
   | Ok c -> (
       match (Q.of_checkpoint c, says) with
       | Ok _, [] -> check true "%s" what
       | Ok _, _ -> check false "%s: read" what
       | Error m, [] -> check false "%s: %s" what m
       | Error m, says ->
           List.iter (fun s -> check (contains m s) "%s: %S lacks %S" what m s) says));
  rm_rf d

let test_refusals () =
  Sys.mkdir tmp 0o755;
  let cfg_path = Filename.concat "fp8" "config.json" in
  with_config "fp8: modules_to_not_convert holds a quantized module" "fp8"
    (fun t -> replace t "[\n      \"lm_head\"\n    ]" "[\"lm_head\", \"model.layers.0.mlp\"]")
    ~says:[ "model.layers.0.mlp.down_proj.weight"; "modules_to_not_convert"; "config.json" ];
  (* re.match: from the start, to a boundary; or a suffix. *)
  with_config "fp8: patterns that match inside a name, not from its start to a boundary" "fp8"
    (fun t ->
      replace t "[\n      \"lm_head\"\n    ]" "[\"model.layers.0.ml\", \"mlp.down\", \"layers.0.mlp\", \"o_proj.weight\"]");
  with_config "fp8: a regex pattern to a boundary" "fp8"
    (fun t -> replace t "[\n      \"lm_head\"\n    ]" "[\"model\\\\.layers\\\\.\\\\d+\\\\.self_attn\"]")
    ~says:[ "model.layers.0.self_attn.o_proj.weight"; "modules_to_not_convert" ];
  with_config "fp8: blocks of 64 do not fit the scales" "fp8"
    (fun t -> replace t "\"weight_block_size\": [\n      128,\n      128\n    ]" "\"weight_block_size\": [64, 64]")
    ~says:[ "weight_scale_inv"; "[2, 2]"; "[3, 3]" ];
  with_config "fp8: an unknown fmt" "fp8" (fun t -> replace t "\"e4m3\"" "\"e5m2\"") ~says:[ "e5m2" ];
  with_config "an unknown method" "fp8" (fun t -> replace t "\"fp8\"" "\"gptq\"")
    ~says:[ "gptq"; "not read"; cfg_path ];
  with_config "ct: ignore holds a quantized module" "ct_fp8"
    (fun t -> replace t "\"lm_head\"," "\"lm_head\", \"re:.*k_proj\",")
    ~says:[ "model.layers.0.self_attn.k_proj"; "ignore" ];
  with_config "ct: Linear in ignore ignores every module" "ct_fp8"
    (fun t -> replace t "\"lm_head\"," "\"lm_head\", \"Linear\",")
    ~says:[ "ignore" ];
  with_config "ct: a module no group targets" "ct_fp8"
    (fun t -> replace t "\"Linear\"" "\"re:nothing\"")
    ~says:[ "model.layers.0.self_attn.o_proj"; "no config group" ];
  with_config "ct: pack-quantized of 9 bits" "ct_int"
    (fun t -> replace t "\"num_bits\": 8" "\"num_bits\": 9") ~says:[ "num_bits 9" ];
  with_config "ct: a symmetric int8 group read as int4" "ct_int"
    (fun t -> replace t "\"num_bits\": 8" "\"num_bits\": 4")
    ~says:[ "model.layers.0.self_attn.q_proj.weight_packed"; "[5, 2]"; "[5, 1]" ];
  with_config "ct: an asymmetric group without its zero points" "ct_int"
    (fun t -> replace t "\"symmetric\": true" "\"symmetric\": false")
    ~says:[ "weight_zero_point" ];
  with_config "ct: a class name other than Linear" "ct_fp8"
    (fun t -> replace t "\"Linear\"" "\"Embedding\"")
    ~says:[ "Embedding"; "class" ];
  with_config "ct: float8 weights as pack-quantized are refused" "ct_fp8"
    (fun t -> replace t "\"float-quantized\"" "\"pack-quantized\"")
    ~says:[ "pack-quantized"; "not read" ];
  with_config "ct: a regex not of the subset" "ct_fp8"
    (fun t -> replace t "\"re:.*k_proj\"" "\"re:(?<=x)k_proj\"")
    ~says:[ "(?<=x)k_proj" ];
  with_config "ct: a regex's repetition count past an int" "ct_fp8"
    (fun t -> replace t "\"re:.*k_proj\"" "\"re:.{99999999999999999999}k_proj\"")
    ~says:[ "repetition count"; "too large" ];
  with_config "ct: a regex's repetition count of Python's MAXREPEAT" "ct_fp8"
    (fun t -> replace t "\"re:.*k_proj\"" "\"re:.{4294967295}k_proj\"")
    ~says:[ "repetition count"; "too large" ];
  with_config "ct: the exact name outranks the regex" "ct_fp8"
    (fun t -> replace t "\"model.layers.1.mlp.down_proj\"" "\"model.layers.9\"")
    ~says:[ "model.layers.1.mlp.down_proj.weight_scale"; "[2, 2]"; "[130, 1]" ];
  with_config "ct: a sparsity_config" "ct_fp8"
    (fun t -> replace t "\"kv_cache_scheme\": null" "\"sparsity_config\": {\"format\": \"sparse-24-bitmask\"}")
    ~says:[ "sparse-24-bitmask" ];
  with_config "modelopt: an unknown algorithm" "modelopt_fp8" (fun t -> replace t "\"FP8\"," "\"W4A8_AWQ\",")
    ~says:[ "W4A8_AWQ" ];
  with_config "modelopt: NVFP4 read as FP8" "modelopt_nvfp4" (fun t -> replace t "\"NVFP4\"" "\"FP8\"")
    ~says:[ "model.layers.0.mlp.down_proj.weight"; "U8"; "F8_E4M3" ];
  with_config "mxfp4: modules_to_not_convert holds the experts" "mxfp4"
    (fun t -> replace t "\"lm_head\"" "\"lm_head\", \"model.layers.*.mlp.experts\"")
    ~says:[ "_proj_blocks"; "modules_to_not_convert"; "\"model.layers.0.mlp.experts\"" ];
  (* A zero point that is not an integer of at most 8 bits. *)
  List.iter
    (fun (what, z) ->
      let d = Filename.concat tmp "zp" in
      copy_dir "ct_int8" d;
      let st = Result.get_ok (Safetensors.read_file (Filename.concat d "model.safetensors")) in
      let zn = "model.layers.0.mlp.up_proj.weight_zero_point" in
      let tensors =
        List.map
          (fun (i : Safetensors.info) ->
            if i.name = zn then (zn, Safetensors.Tensor (of_array Dtype.Float32 [| 4; 1 |] [| 1.; z; 2.; 3. |]))
            else (i.name, Safetensors.get_tensor st i.name))
          (Safetensors.tensors st)
      in
      (match Safetensors.write_file (Filename.concat d "model.safetensors") tensors with
       | Ok () -> ()
       | Error m -> failwith m);
      (match Checkpoint.open_dir d with
       | Error m -> check false "%s: %s" what m
       | Ok c -> (
           match Q.of_checkpoint c with
           | Ok _ -> check false "%s: read" what
           | Error m -> check (contains m zn && contains m "element 1") "%s: %s" what m));
      rm_rf d)
    [ ("a zero point of 0.5", 0.5); ("a zero point of 257", 257.); ("a NaN zero point", Float.nan) ];
  with_config "a config.json that is not JSON" "fp8" (fun t -> "{" ^ t) ~says:[ cfg_path ];
  (* No quantization_config: None. *)
  let d = Filename.concat tmp "plain" in
  copy_dir "fp8" d;
  Out_channel.with_open_bin (Filename.concat d "config.json") (fun oc -> output_string oc "{\"a\": 1}");
  (match Checkpoint.open_dir d with
   | Ok c -> check (Q.of_checkpoint c = Ok None) "no quantization_config: None"
   | Error m -> check false "plain: %s" m);
  Sys.remove (Filename.concat d "config.json");
  (match Checkpoint.open_dir d with
   | Ok c -> check (Q.of_checkpoint c = Ok None) "no config.json: None"
   | Error m -> check false "plain: %s" m);
  rm_rf d;
  Sys.rmdir tmp

let test_config () =
  let text = In_channel.with_open_bin "fp8/config.json" In_channel.input_all in
  match Q.dequantized_config text ~dtype:"bfloat16" with
  | Error m -> check false "dequantized_config: %s" m
  | Ok s ->
      let want =
        "{\n  \"architectures\": [\n    \"TestForCausalLM\"\n  ],\n  \"hidden_size\": 16,\n  \
         \"torch_dtype\": \"bfloat16\"\n}\n"
      in
      check (s = want) "dequantized_config: %S" s;
      (match Q.dequantized_config "{\"dtype\": \"float8\", \"quantization_config\": {}}" ~dtype:"float32" with
       | Ok s ->
           check (s = "{\n  \"dtype\": \"float32\",\n  \"torch_dtype\": \"float32\"\n}\n") "dtype set: %S" s
       | Error m -> check false "dtype: %s" m);
      check (Result.is_error (Q.dequantized_config "[1]" ~dtype:"float32")) "an array is refused"

(* {1 nx-dtype dequantize} *)

let tensor_bytes = function Safetensors.Tensor a -> to_string a | Safetensors.Raw r -> to_string r.data

(* [nx dequantize --to DTYPE DIR OUT] of each checkpoint and dtype: the
   output's weights have expected.txt's MD5s, its kept tensors the
   input's bytes, no dropped tensor or part is left, config.json has no
   quantization_config, and the other files are copied. *)
let test_cli nx =
  Sys.mkdir tmp 0o755;
  let dirs = List.sort_uniq compare (List.map List.hd lines) in
  List.iter
    (fun dir ->
      List.iter
        (fun dtype ->
          let out = Filename.concat tmp (dir ^ "-" ^ dtype) in
          let cmd = Printf.sprintf "%s dequantize --to %s --max-shard-size 8KB %s %s" (Filename.quote nx) dtype
              (Filename.quote dir) (Filename.quote out) in
          check (Sys.command cmd = 0) "%s: exit code" cmd;
          match Checkpoint.open_dir out with
          | Error m -> check false "%s: %s" cmd m
          | Ok c ->
              let q = quantized dir in
              let input = Q.checkpoint q in
              List.iter
                (function
                  | Q.Keep n -> (
                      match Checkpoint.find_tensor c n with
                      | Some t ->
                          check (tensor_bytes t = tensor_bytes (Checkpoint.get_tensor input n)) "%s: %s kept" out n
                      | None -> check false "%s: no %s" out n)
                  | Q.Drop n -> check (Checkpoint.find_tensor c n = None) "%s: %s dropped" out n
                  | Q.Weight w -> (
                      List.iter
                        (fun p -> if p <> Q.name w then check (Checkpoint.find_tensor c p = None) "%s: part %s" out p)
                        (Q.parts w);
                      match Checkpoint.find_tensor c (Q.name w) with
                      | None -> check false "%s: no %s" out (Q.name w)
                      | Some t ->
                          let md5 = Digest.to_hex (Digest.string (tensor_bytes t)) in
                          check
                            (List.exists
                               (function
                                 | d :: n :: ty :: _ :: m :: _ -> d = dir && n = Q.name w && ty = dtype && m = md5
                                 | _ -> false)
                               lines)
                            "%s: %s's MD5 %s is not expected.txt's" out (Q.name w) md5))
                (Q.items q);
              let cfg = In_channel.with_open_bin (Filename.concat out "config.json") In_channel.input_all in
              check (not (contains cfg "quantization_config")) "%s: config.json: %s" out cfg;
              check (contains cfg (Printf.sprintf "\"torch_dtype\": \"%s\"" dtype)) "%s: torch_dtype: %s" out cfg;
              check (Sys.file_exists (Filename.concat out "tokenizer_config.json")) "%s: tokenizer_config.json" out;
              Array.iter (fun f -> Sys.remove (Filename.concat out f)) (Sys.readdir out);
              Sys.rmdir out)
        [ "float32"; "bfloat16"; "float16" ])
    dirs;
  Sys.rmdir tmp

let () =
  match Sys.argv with
  | [| _; "--cli"; nx |] ->
      test_cli nx;
      Check.finish "quantized (nx-dtype dequantize)"
  | _ ->
      test_values ();
      test_refusals ();
      test_config ();
      Check.finish "quantized"
