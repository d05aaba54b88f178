(* nx-dtype quantize --type against llama.cpp's llama-quantize: a tiny
   llama model (test/gguf/quantize/gen_model.py says which; the same one
   is written here), quantized into each file type of model.txt, gives
   each tensor the type and the bytes (their MD5) llama_model_quantize
   gave it, and the same metadata keys and values (the tensors' order is
   the input's here, which is llama-quantize's).

   Then the Q4_K_M output, with a tokenizer's arrays added, makes a round
   trip unchanged: read and written again by the library, converted by
   nx-dtype, split and merged, every file has the same bytes.

   And a model of 12 layers whose tensors are stored sorted by name
   (blk.1, blk.10, blk.11, blk.2 ...; gen_order_model.py, order_model.txt)
   is taken in llama-quantize's order: each file type's output is
   llama-quantize's file, byte for byte. *)

open Nx_array

let check = Check.check
let exe = Sys.argv.(1)
let expected_file = Sys.argv.(2)
let order_file = Sys.argv.(3)
let n_layer = 8

(* gen_model.py's values: tensor [t]'s value [j]. *)
let value t j =
  let k = (((t * 2654435761) lxor (j * 2246822519)) land 0xffffffff) lsr 16 in
  float (k - 32768) /. 65536.

(* gen_model.py's tensors: (name, rows, cols, dtype), in its order. *)
let specs n_layer =
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

(* The model of [specs]: value j of the t-th tensor is [value t j]. *)
let tensors specs =
  List.mapi
    (fun t (name, rows, cols, dt) ->
      let dims = if rows = 1 then [| cols |] else [| rows; cols |] in
      let x = of_array Float32 dims (Array.init (rows * cols) (value t)) in
      let a =
        match dt with
        | `F32 -> Gguf.Tensor x
        | `F16 -> Gguf.Tensor (cast Float16 x)
        | `BF16 -> Gguf.Tensor (cast Bfloat16 x)
      in
      (name, a))
    specs

let metadata n_layer =
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

let file_bytes path = In_channel.with_open_bin path In_channel.input_all
let ok = function Ok x -> x | Error e -> failwith e

let run args =
  let rc = Sys.command (Filename.quote_command exe args ~stdout:"out.txt" ~stderr:"err.txt") in
  check (rc = 0) "nx-dtype %s: exit %d: %s" (String.concat " " args) rc (file_bytes "err.txt")

(* A file's metadata and tensors, in its orders. *)
let contents g = (Gguf.metadata g, List.map (fun (i : Gguf.info) -> (i.name, Gguf.get_tensor g i.name)) (Gguf.tensors g))

let round_trip q4km =
  let metadata, tensors = contents (ok (Gguf.map_file q4km)) in
  let types = List.sort_uniq compare (List.map (fun (i : Gguf.info) -> i.ggml_type.type_name) (Gguf.tensors (ok (Gguf.map_file q4km)))) in
  check (List.length types >= 3) "Q4_K_M mixes types: %s" (String.concat " " types);
  let tokens = Array.init 32 (fun i -> if i < 3 then [| "<unk>"; "<s>"; "</s>" |].(i) else Printf.sprintf "\xc4\xa0t%d" i) in
  let tokenizer =
    Gguf.
      [ ("tokenizer.ggml.model", String "gpt2");
        ("tokenizer.ggml.tokens", Array (array String (Array.to_list (Array.map (fun s -> String s) tokens))));
        ("tokenizer.ggml.token_type", Array (array I32 (List.init 32 (fun i -> Int (I32, if i < 3 then 3 else 1)))));
        ("tokenizer.ggml.merges", Array (array String [ String "\xc4\xa0 t"; String "t 1" ]));
        ("tokenizer.ggml.bos_token_id", Int (U32, 1)); ("tokenizer.ggml.eos_token_id", Int (U32, 2)) ]
  in
  ok (Gguf.write_file "rt1.gguf" ~metadata:(metadata @ tokenizer) tensors);
  let rt1 = file_bytes "rt1.gguf" in
  let g1 = ok (Gguf.map_file "rt1.gguf") in
  check (Gguf.find_array g1 "tokenizer.ggml.tokens" |> Option.map Gguf.strings = Some (Some tokens)) "the tokens read back";
  let m1, t1 = contents g1 in
  ok (Gguf.write_file "rt2.gguf" ~metadata:m1 t1);
  check (file_bytes "rt2.gguf" = rt1) "read and written again: the same bytes";
  check (String.equal (Gguf.to_string ~metadata:m1 t1) rt1) "to_string: the same bytes";
  run [ "convert"; "rt1.gguf"; "rt3.gguf" ];
  check (file_bytes "rt3.gguf" = rt1) "nx-dtype convert GGUF to GGUF: the same bytes";
  (try Sys.mkdir "rt-split" 0o755 with Sys_error _ -> ());
  run [ "convert"; "--split-max-tensors"; "20"; "rt1.gguf"; "rt-split/rt.gguf" ];
  run [ "convert"; "rt-split/rt-00001-of-00004.gguf"; "rt4.gguf" ];
  check (file_bytes "rt4.gguf" = rt1) "split in 4 and merged: the same bytes";
  List.iter
    (fun (name, _) ->
      let a = ok (Gguf.get_as Float32 g1 name) and b = ok (Gguf.get_as Float32 (ok (Gguf.map_file q4km)) name) in
      check (to_string a = to_string b) "%s: the same values" name)
    tensors

let sorted_model () =
  let n_layer = 12 in
  let specs = List.sort (fun (a, _, _, _) (b, _, _, _) -> String.compare a b) (specs n_layer) in
  ok (Gguf.write_file "order-in.gguf" ~metadata:(metadata n_layer) (tensors specs));
  let expected =
    In_channel.with_open_bin order_file In_channel.input_lines
    |> List.filter (( <> ) "") |> List.map (String.split_on_char '\t')
  in
  List.iter
    (function
      | [ "file"; ft; md5 ] ->
          let out = Printf.sprintf "order-%s.gguf" ft in
          run [ "quantize"; "order-in.gguf"; out; "--type"; ft ];
          let theirs = List.filter_map (function [ "tensor"; f; n; ty ] when f = ft -> Some (n, ty) | _ -> None) expected in
          let ours =
            match Gguf.map_file out with
            | Ok g -> List.map (fun (i : Gguf.info) -> (i.name, i.ggml_type.type_name)) (Gguf.tensors g)
            | Error e -> failwith e
          in
          List.iter2
            (fun (n, ty) (n', ty') ->
              check (n = n' && ty = ty') "%s: %s is %s, in llama-quantize's order (ours: %s %s)" ft n ty n' ty')
            theirs ours;
          check (Digest.to_hex (Digest.string (file_bytes out)) = md5) "%s: llama-quantize's file, byte for byte" ft
      | _ -> ())
    expected

let () =
  (match Gguf.write_file "llama-in.gguf" ~metadata:(metadata n_layer) (tensors (specs n_layer)) with Ok () -> () | Error e -> failwith e);
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
  if List.mem "Q4_K_M" ftypes then round_trip "llama-Q4_K_M.gguf";
  sorted_model ();
  Check.finish "quantize_llama"
