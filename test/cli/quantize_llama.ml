(* nx-dtype quantize --type against llama.cpp's llama-quantize: a tiny
   llama model (test/gguf/quantize/gen_model.py says which; the same one
   is written here), quantized into each file type of model.txt, gives
   each tensor the type and the bytes (their MD5) llama_model_quantize
   gave it, and the same metadata keys and values. llama-quantize writes
   the tensors sorted (the model's own, then each layer's, by name); the
   order of ours is the input's, which the test does not compare. *)

open Nx_array

let check = Check.check
let exe = Sys.argv.(1)
let expected_file = Sys.argv.(2)
let n_layer = 8

(* gen_model.py's values: tensor [t]'s value [j]. *)
let value t j =
  let k = (((t * 2654435761) lxor (j * 2246822519)) land 0xffffffff) lsr 16 in
  float (k - 32768) /. 65536.

let tensors () =
  let layer i =
    let p s = Printf.sprintf "blk.%d.%s" i s in
    [ (p "attn_norm.weight", 1, 256, `F32); (p "attn_q.weight", 256, 256, `F16);
      (p "attn_k.weight", 64, 256, `F16); (p "attn_v.weight", 64, 256, `F16);
      (p "attn_output.weight", 256, 256, `F16); (p "ffn_norm.weight", 1, 256, `F32);
      (p "ffn_gate.weight", 512, 256, `F16); (p "ffn_up.weight", 512, 256, `BF16);
      (p "ffn_down.weight", 256, 512, `F16) ]
  in
  [ ("token_embd.weight", 32, 256, `F32) ]
  @ List.concat_map layer (List.init n_layer Fun.id)
  @ [ ("output_norm.weight", 1, 256, `F32); ("output.weight", 32, 256, `F16) ]
  |> List.mapi (fun t (name, rows, cols, dt) ->
         let dims = if rows = 1 then [| cols |] else [| rows; cols |] in
         let x = of_array Float32 dims (Array.init (rows * cols) (value t)) in
         let a =
           match dt with
           | `F32 -> Gguf.Tensor x
           | `F16 -> Gguf.Tensor (cast Float16 x)
           | `BF16 -> Gguf.Tensor (cast Bfloat16 x)
         in
         (name, a))

let metadata =
  Gguf.
    [ ("general.architecture", String "llama"); ("general.name", String "tiny");
      ("llama.context_length", Int (U32, 128)); ("llama.embedding_length", Int (U32, 256));
      ("llama.block_count", Int (U32, n_layer)); ("llama.feed_forward_length", Int (U32, 512));
      ("llama.attention.head_count", Int (U32, 8)); ("llama.attention.head_count_kv", Int (U32, 2));
      ("llama.rope.dimension_count", Int (U32, 32));
      ("llama.attention.layer_norm_rms_epsilon", Float (F32, 1e-5));
      ("llama.vocab_size", Int (U32, 32)); ("general.file_type", Int (U32, 1)) ]

let lines =
  In_channel.with_open_bin expected_file In_channel.input_lines
  |> List.filter (( <> ) "")
  |> List.map (String.split_on_char '\t')

let ftypes = List.sort_uniq compare (List.filter_map (function _ :: ft :: _ -> Some ft | _ -> None) lines)

(* A metadata value as gen_model.py's describe prints it. *)
let describe = function
  | Gguf.String s -> s
  | Gguf.Int (_, i) -> string_of_int i
  | Gguf.Int64 (_, i) -> Int64.to_string i
  | Gguf.Float (_, f) -> Printf.sprintf "%.9g" f
  | Gguf.Bool b -> if b then "True" else "False"
  | Gguf.Array _ -> "array"

(* A number as float32 holds it, so that Python's "1e-05" and the float32
   key's 9.99999975e-06 compare equal. *)
let python_float s =
  match float_of_string_opt s with
  | Some f -> Printf.sprintf "%.9g" (Int32.float_of_bits (Int32.bits_of_float f))
  | None -> s

let () =
  (match Gguf.write_file "llama-in.gguf" ~metadata (tensors ()) with Ok () -> () | Error e -> failwith e);
  List.iter
    (fun ft ->
      let out = Printf.sprintf "llama-%s.gguf" ft in
      let rc = Sys.command (Filename.quote_command exe [ "quantize"; "llama-in.gguf"; out; "--type"; ft ] ~stderr:"llama-err.txt") in
      if rc <> 0 then check false "%s: exit %d: %s" ft rc (In_channel.with_open_bin "llama-err.txt" In_channel.input_all)
      else
        match Gguf.read_file out with
        | Error e -> check false "%s" e
        | Ok g ->
            let text = In_channel.with_open_bin out In_channel.input_all in
            let keys = List.filter_map (function [ "key"; f; k; v ] when f = ft -> Some (k, v) | _ -> None) lines in
            let ours = List.map (fun (k, v) -> (k, describe v)) (Gguf.metadata g) in
            check
              (List.map (fun (k, v) -> (k, python_float v)) keys = List.map (fun (k, v) -> (k, python_float v)) ours)
              "%s: the metadata of llama-quantize, in its order (%s)" ft
              (String.concat ", " (List.map fst ours));
            List.iter
              (function
                | [ "tensor"; f; name; ty; md5 ] when f = ft -> (
                    match Gguf.find_info g name with
                    | None -> check false "%s: no %s" ft name
                    | Some i ->
                        check (i.ggml_type.type_name = ty) "%s: %s is %s, not %s" ft name i.ggml_type.type_name ty;
                        let bytes = String.sub text (Gguf.data_start g + i.offset) i.bytes in
                        check (Digest.to_hex (Digest.string bytes) = md5) "%s: %s's bytes are llama-quantize's" ft name)
                | _ -> ())
              lines)
    ftypes;
  Check.finish "quantize_llama"
