(* nx-dtype quantize --type on a small GGUF model of llama's tensor
   names (8 layers): the type of each tensor in Q4_K_M, Q5_K_M, Q8_0,
   Q4_K_S and IQ4_XS, written here from llama.cpp's rules (Quant_mix's
   table) by hand, against Quant_mix.types; the fallbacks; then the
   command: Q8_0 (the metadata, each tensor's bytes those of
   Gguf.quantize_into of its values, F16 widened; norms copied), and
   Q4_K_M, which writes the same types or refuses naming the type it
   does not quantize. *)

open Nx_array

let check = Check.check
let exe = Sys.argv.(1)
let n_layer = 8
let seed = ref 12345

let random_f32 n =
  Array.init n (fun _ ->
      seed := (!seed * 1103515245 + 12345) land 0x3fffffff;
      (float (!seed lsr 6) /. float (1 lsl 24)) -. 0.5)

let weight dt rows cols = Gguf.Tensor (cast dt (of_array Float32 [| rows; cols |] (random_f32 (rows * cols))))

let model () =
  let layer i =
    let p s = Printf.sprintf "blk.%d.%s" i s in
    [ (p "attn_norm.weight", Gguf.Tensor (of_array Float32 [| 256 |] (random_f32 256)));
      (p "attn_q.weight", weight Float16 256 256); (p "attn_k.weight", weight Float16 64 256);
      (p "attn_v.weight", weight Float16 64 256); (p "attn_output.weight", weight Float16 256 256);
      (p "ffn_norm.weight", Gguf.Tensor (of_array Float32 [| 256 |] (random_f32 256)));
      (p "ffn_gate.weight", weight Float16 512 256); (p "ffn_up.weight", weight Float16 512 256);
      (p "ffn_down.weight", weight Float32 256 512) ]
  in
  [ ("token_embd.weight", weight Float32 32 256) ]
  @ List.concat (List.init n_layer layer)
  @ [ ("output_norm.weight", Gguf.Tensor (of_array Float32 [| 256 |] (random_f32 256)));
      ("output.weight", weight Bfloat16 32 256) ]

let metadata =
  Gguf.
    [ ("general.architecture", String "llama"); ("general.name", String "tiny");
      ("llama.block_count", Int (U32, n_layer)); ("llama.attention.head_count", Int (U32, 8));
      ("llama.attention.head_count_kv", Int (U32, 2)); ("llama.context_length", Int (U32, 128)) ]

(* llama.cpp's "use more bits" layers of 8: 0, 3, 6 and 7. *)
let more = [ 0; 3; 6; 7 ]

(* The expected type of [name] in [ft], from the rules' table. *)
let expected ft name =
  let layer = try Scanf.sscanf name "blk.%d." (fun i -> Some i) with _ -> None in
  let ends s = String.ends_with ~suffix:s name in
  if ends "_norm.weight" then "F32"
  else
    match (ft, name, layer) with
    | ("Q4_K_M" | "Q5_K_M" | "Q4_K_S" | "IQ4_XS"), "output.weight", _ -> "Q6_K"
    | "Q8_0", _, _ -> "Q8_0"
    (* n_gqa = 4: attn_v Q5_K in IQ4_XS *)
    | "IQ4_XS", _, Some _ when ends "attn_v.weight" -> "Q5_K"
    (* no importance matrix: ffn_down of layer 0 (below 8/8 = 1) Q5_K *)
    | "IQ4_XS", _, Some 0 when ends "ffn_down.weight" -> "Q5_K"
    | "IQ4_XS", _, _ -> "IQ4_XS"
    | ("Q4_K_M" | "Q5_K_M"), _, Some i when (ends "attn_v.weight" || ends "ffn_down.weight") && List.mem i more -> "Q6_K"
    | "Q4_K_M", _, _ -> "Q4_K"
    | "Q5_K_M", _, _ -> "Q5_K"
    (* the first 4 attn_v, and ffn_down below 8/8 *)
    | "Q4_K_S", _, Some i when ends "attn_v.weight" && i < 4 -> "Q5_K"
    | "Q4_K_S", _, Some 0 when ends "ffn_down.weight" -> "Q5_K"
    | "Q4_K_S", _, _ -> "Q4_K"
    | _ -> "?"

let mix_tensors tensors =
  List.map
    (fun (name, t) ->
      let s = Gguf.stream name t in
      { Quant_mix.name; ggml_type = s.ggml_type; ne = Array.of_list (List.rev (Array.to_list s.dims)) })
    tensors

let to_f32 (type v s) (a : (v, s) Nx_array.t) : (float, Dtype.float32_elt) Nx_array.t =
  match dtype a with
  | Float32 -> a
  | Float16 -> cast Float32 a
  | Bfloat16 -> cast Float32 a
  | _ -> invalid_arg "to_f32"

let run args =
  let cmd = Filename.quote_command exe args ~stderr:"model-err.txt" in
  let rc = Sys.command cmd in
  (rc, In_channel.with_open_bin "model-err.txt" In_channel.input_all)

let contains s sub =
  let n = String.length sub in
  let rec go i = i + n <= String.length s && (String.sub s i n = sub || go (i + 1)) in
  go 0

let () =
  let tensors = model () in
  let m = Quant_mix.model_of_metadata ~has_imatrix:false metadata in
  check (m.n_gqa = 4 && m.n_layer = 8 && m.arch = "llama") "the model read from the metadata";
  List.iter
    (fun ft ->
      let f = Option.get (Quant_mix.ftype_of_name ft) in
      match Quant_mix.types f m (mix_tensors tensors) with
      | Error e -> check false "%s: %s" ft e
      | Ok types ->
          List.iter2
            (fun (name, _) (g : Gguf.ggml_type) ->
              check (g.type_name = expected ft name) "%s: %s is %s, expected %s" ft name g.type_name
                (expected ft name))
            tensors types)
    [ "Q4_K_M"; "Q5_K_M"; "Q8_0"; "Q4_K_S"; "IQ4_XS" ];
  check ((Option.get (Quant_mix.ftype_of_name "Q4_K")).value = 15) "Q4_K is Q4_K_M, 15";
  (* Fallbacks: rows of 96 in Q4_K_M fall back to Q5_0, rows of 48 to
     F16; Q8_0 of rows of 48 is refused. *)
  let odd = [ ("a.weight", weight Float32 4 96); ("b.weight", weight Float32 4 48) ] in
  (match Quant_mix.types (Option.get (Quant_mix.ftype_of_name "Q4_K_M")) m (mix_tensors odd) with
   | Ok [ a; b ] -> check (a.type_name = "Q5_0" && b.type_name = "F16") "fallbacks %s %s" a.type_name b.type_name
   | _ -> check false "fallbacks");
  (match Quant_mix.types (Option.get (Quant_mix.ftype_of_name "Q8_0")) m (mix_tensors odd) with
   | Error e -> check (contains e "b.weight") "Q8_0 of rows of 48: %s" e
   | Ok _ -> check false "Q8_0 of rows of 48 is refused");
  (* The command. *)
  (match Gguf.write_file "tiny.gguf" ~metadata tensors with Ok () -> () | Error e -> failwith e);
  let rc, err = run [ "quantize"; "tiny.gguf"; "tiny-q8.gguf"; "--type"; "Q8_0" ] in
  check (rc = 0) "quantize Q8_0: exit %d: %s" rc err;
  (match Gguf.read_file "tiny-q8.gguf" with
   | Error e -> check false "tiny-q8.gguf: %s" e
   | Ok g ->
       check (Gguf.find_int g "general.file_type" = Some 7) "general.file_type 7";
       check (Gguf.find_int g "general.quantization_version" = Some 2) "quantization_version 2";
       check (Gguf.find_string g "general.name" = Some "tiny") "metadata copied";
       List.iter
         (fun (name, t) ->
           let want = expected "Q8_0" name in
           match (Gguf.find_info g name, Gguf.find_tensor g name, t) with
           | Some i, Some (Gguf.Blocks b), Gguf.Tensor a when want = "Q8_0" ->
               check (i.ggml_type.type_name = "Q8_0") "%s: Q8_0" name;
               let x = to_f32 a in
               let n_per_row = (Nx_array.dims x).(Nx_array.ndims x - 1) in
               let dst = create Uint8 [| Nx_array.size b.data |] in
               (match Gguf.quantize_into Gguf.(Option.get (ggml_type_of_name "Q8_0")) ~n_per_row x dst with
                | Ok () -> check (Nx_array.equal dst b.data) "%s: the bytes of quantize_into" name
                | Error e -> check false "%s: %s" name e)
           | Some i, Some (Gguf.Tensor _ as got), Gguf.Tensor a when want = "F32" ->
               check (i.ggml_type.type_name = "F32") "%s kept F32" name;
               (match got with Gguf.Tensor a' -> check (Nx_array.to_string a' = Nx_array.to_string a) "%s copied" name | _ -> ())
           | _ -> check false "%s: not %s" name want)
         tensors);
  (* Q4_K_M: the types of the table, or a refusal naming the type. *)
  let rc, err = run [ "quantize"; "tiny.gguf"; "tiny-q4.gguf"; "--type"; "Q4_K_M" ] in
  if rc = 0 then (
    match Gguf.read_file "tiny-q4.gguf" with
    | Error e -> check false "%s" e
    | Ok g ->
        check (Gguf.find_int g "general.file_type" = Some 15) "Q4_K_M: general.file_type 15";
        List.iter
          (fun (name, _) ->
            match Gguf.find_info g name with
            | Some i -> check (i.ggml_type.type_name = expected "Q4_K_M" name) "Q4_K_M: %s is %s" name i.ggml_type.type_name
            | None -> check false "Q4_K_M: no %s" name)
          tensors)
  else begin
    let named = List.filter (fun t -> contains err t) [ "Q4_K"; "Q6_K" ] in
    check (named <> [] && contains err "does not quantize") "Q4_K_M refused: %s" err;
    check (not (Sys.file_exists "tiny-q4.gguf")) "no output left"
  end;
  (* A NaN is refused, naming the tensor and the index; nothing written. *)
  let bad = Array.make 512 0.5 in
  bad.(300) <- Float.nan;
  (match
     Gguf.write_file "nan.gguf" ~metadata
       [ ("blk.0.attn_q.weight", Gguf.Tensor (of_array Float32 [| 2; 256 |] bad)) ]
   with Ok () -> () | Error e -> failwith e);
  let rc, err = run [ "quantize"; "nan.gguf"; "nan-q8.gguf"; "--type"; "Q8_0" ] in
  check (rc <> 0 && contains err "value 300" && contains err "blk.0.attn_q.weight") "NaN refused: %s" err;
  check (not (Sys.file_exists "nan-q8.gguf")) "no output for a NaN";
  let rc, err = run [ "quantize"; "tiny.gguf"; "x.gguf"; "--type"; "Q9_9" ] in
  check (rc <> 0 && contains err "Q9_9") "an unknown type: %s" err;
  Check.finish "quantize_model"
