(* nx-dtype quantize --imatrix on a mixture-of-experts model: one llama
   layer of 8 experts (test/gguf/quantize/gen_moe.py says which; the same
   one is written here), its expert tensors of 3 dimensions (experts x
   rows x cols). Quantized into several file types and ggml types with
   the importance matrices of test/gguf/quantize/moe (llama-imatrix's GGUF
   and legacy formats, an expert's row of weights each), each quantized
   tensor's bytes are ggml_quantize_chunk's, called expert by expert with
   the expert's row of weights (expected.txt), as llama-quantize calls
   it; an entry of one expert's row for a tensor of 8 is refused, naming
   the tensor, with no output. Then error --types T --imatrix reports, for
   each tensor, what quantize --imatrix wrote: the rows of error ORIGINAL
   QUANTIZED. With llama.txt (gen_moe.py with the llama_cpp package):
   each file type gives every tensor the type and the bytes
   llama_model_quantize gave it, without an importance matrix. *)

open Nx_array

let check = Check.check
let exe = Sys.argv.(1)
let dir = Sys.argv.(2)

(* gen_moe.py's values: tensor [t]'s value [j]. *)
let value t j =
  let k = (((t * 2654435761) lxor (j * 2246822519)) land 0xffffffff) lsr 16 in
  float (k - 32768) /. 65536.

let n_embd, n_ff, n_expert, n_kv, n_vocab = (256, 512, 8, 64, 32)

let tensors =
  [ ("token_embd.weight", [| n_vocab; n_embd |], `F32); ("blk.0.attn_norm.weight", [| n_embd |], `F32);
    ("blk.0.attn_q.weight", [| n_embd; n_embd |], `F16); ("blk.0.attn_k.weight", [| n_kv; n_embd |], `F16);
    ("blk.0.attn_v.weight", [| n_kv; n_embd |], `F16); ("blk.0.attn_output.weight", [| n_embd; n_embd |], `F16);
    ("blk.0.ffn_norm.weight", [| n_embd |], `F32); ("blk.0.ffn_gate_inp.weight", [| n_expert; n_embd |], `F32);
    ("blk.0.ffn_gate_exps.weight", [| n_expert; n_ff; n_embd |], `F16);
    ("blk.0.ffn_up_exps.weight", [| n_expert; n_ff; n_embd |], `BF16);
    ("blk.0.ffn_down_exps.weight", [| n_expert; n_embd; n_ff |], `F16);
    ("output_norm.weight", [| n_embd |], `F32); ("output.weight", [| n_vocab; n_embd |], `F16) ]
  |> List.mapi (fun t (name, dims, dt) ->
         let x = of_array Float32 dims (Array.init (Array.fold_left ( * ) 1 dims) (value t)) in
         ( name,
           match dt with
           | `F32 -> Gguf.Tensor x
           | `F16 -> Gguf.Tensor (cast Float16 x)
           | `BF16 -> Gguf.Tensor (cast Bfloat16 x) ))

(* gen_moe.py's METADATA *)
let metadata =
  Gguf.
    [ ("general.architecture", String "llama"); ("general.name", String "moe");
      ("llama.context_length", Int (U32, 128)); ("llama.embedding_length", Int (U32, n_embd));
      ("llama.block_count", Int (U32, 1)); ("llama.feed_forward_length", Int (U32, n_ff));
      ("llama.attention.head_count", Int (U32, 4)); ("llama.attention.head_count_kv", Int (U32, 1));
      ("llama.rope.dimension_count", Int (U32, 64)); ("llama.attention.layer_norm_rms_epsilon", Float (F32, 1e-5));
      ("llama.expert_count", Int (U32, n_expert)); ("llama.expert_used_count", Int (U32, 2));
      ("llama.vocab_size", Int (U32, n_vocab)); ("general.file_type", Int (U32, 1)) ]

let run ?(out = "moe-out.txt") args =
  let rc = Sys.command (Filename.quote_command exe args ~stdout:out ~stderr:"moe-err.txt") in
  (rc, In_channel.with_open_bin "moe-err.txt" In_channel.input_all)

let expected =
  let t = Hashtbl.create 256 in
  In_channel.with_open_bin (Filename.concat dir "expected.txt") In_channel.input_lines
  |> List.iter (fun l ->
         match String.split_on_char '\t' l with
         | [ "tensor"; fmt; name; ty; md5 ] -> Hashtbl.replace t (fmt, name, ty) md5
         | _ -> ());
  t

let has s sub = try ignore (Str.search_forward (Str.regexp_string sub) s 0); true with Not_found -> false

(* The tensors of [out] in block types, with the MD5 of their bytes. *)
let blocks out =
  match Gguf.read_file out with
  | Error e -> check false "%s" e; []
  | Ok g ->
      let text = In_channel.with_open_bin out In_channel.input_all in
      List.filter_map
        (fun (i : Gguf.info) ->
          if i.ggml_type.dtype <> None then None
          else
            let bytes = String.sub text (Gguf.data_start g + i.offset) i.bytes in
            Some (i.name, i.ggml_type.type_name, Digest.to_hex (Digest.string bytes)))
        (Gguf.tensors g)

let () =
  (match Gguf.write_file "moe.gguf" ~metadata tensors with Ok () -> () | Error e -> failwith e);
  let exps = [ "blk.0.ffn_gate_exps.weight"; "blk.0.ffn_up_exps.weight"; "blk.0.ffn_down_exps.weight" ] in
  List.iter
    (fun ty ->
      List.iter
        (fun (fmt, file) ->
          let out = Printf.sprintf "moe-%s-%s.gguf" ty fmt in
          let args = [ "quantize"; "--type"; ty ] @ (match file with Some f -> [ "--imatrix"; Filename.concat dir f ] | None -> []) in
          let rc, err = run (args @ [ "moe.gguf"; out ]) in
          check (rc = 0) "%s %s: exit %d: %s" ty fmt rc err;
          if rc = 0 then begin
            let bs = blocks out in
            List.iter
              (fun name -> check (List.exists (fun (n, _, _) -> n = name) bs) "%s %s: %s is not quantized" ty fmt name)
              exps;
            List.iter
              (fun (name, tname, md5) ->
                (* token_embd has no entry: quantized without weights *)
                let fmt = if name = "token_embd.weight" then "plain" else fmt in
                match Hashtbl.find_opt expected (fmt, name, tname) with
                | None -> check false "%s %s: %s is %s, which expected.txt lacks" ty fmt name tname
                | Some e -> check (e = md5) "%s %s: %s in %s: the bytes of ggml_quantize_chunk, expert by expert" ty fmt name tname)
              bs;
            (* the weights matter: an expert tensor's bytes are not those without *)
            if fmt <> "plain" then
              List.iter
                (fun (name, tname, md5) ->
                  if List.mem name exps then
                    check (Hashtbl.find_opt expected ("plain", name, tname) <> Some md5)
                      "%s %s: %s is quantized as without weights" ty fmt name)
                bs
          end)
        [ ("plain", None); ("gguf", Some "imatrix.gguf"); ("dat", Some "imatrix.dat") ])
    [ "Q4_K"; "Q4_K_M"; "Q2_K"; "IQ4_XS"; "Q4_0"; "Q6_K" ];
  (* One expert's row of weights for a tensor of 8 experts. *)
  let short = Filename.concat dir "short.gguf" in
  let rc, err = run [ "quantize"; "--type"; "Q4_K"; "--imatrix"; short; "moe.gguf"; "moe-short-q.gguf" ] in
  check (rc <> 0) "short.gguf: exit 0";
  List.iter
    (fun s -> check (has err s) "short.gguf: the message lacks %S: %s" s err)
    [ short; "blk.0.ffn_down_exps.weight"; "512 values, not 512 x 8" ];
  check (not (Sys.file_exists "moe-short-q.gguf")) "short.gguf: an output was written";
  (* error --types T --imatrix: the rows of error ORIGINAL QUANTIZED for
     what quantize --pure --imatrix wrote (every tensor it quantizes in T). *)
  let lines f = In_channel.with_open_bin f In_channel.input_lines in
  (* the table's rows: the lines before the histograms' *)
  let rows f =
    let rec table = function [] | "" :: _ -> [] | l :: rest -> l :: table rest in
    List.filter_map
      (fun l -> match String.split_on_char ' ' l with n :: _ when has n ".weight" -> Some (n, l) | _ -> None)
      (table (lines f))
  in
  List.iter
    (fun ty ->
      let im = Filename.concat dir "imatrix.gguf" in
      let q = Printf.sprintf "moe-%s-pure.gguf" ty in
      let rc, err = run [ "quantize"; "--type"; ty; "--pure"; "--imatrix"; im; "moe.gguf"; q ] in
      check (rc = 0) "quantize --type %s --pure --imatrix: exit %d: %s" ty rc err;
      let rc, err = run ~out:"moe-types.txt" [ "error"; "--types"; ty; "--imatrix"; im; "moe.gguf" ] in
      check (rc = 0) "error --types %s --imatrix: exit %d: %s" ty rc err;
      let rc, err = run ~out:"moe-against.txt" [ "error"; "moe.gguf"; q ] in
      check (rc = 0) "error moe.gguf %s: exit %d: %s" q rc err;
      let against = rows "moe-against.txt" in
      let types = rows "moe-types.txt" in
      (* the tensors quantize quantized into T (not the router, which
         it keeps) *)
      let in_type l = List.mem ty (String.split_on_char ' ' l) in
      let compared = ref 0 in
      List.iter
        (fun (n, l) ->
          match List.assoc_opt n against with
          | Some l' when in_type l' ->
              incr compared;
              check (l = l') "error --types %s --imatrix: %s\n  %s\nnot, as error ORIGINAL QUANTIZED,\n  %s" ty n l l'
          | Some _ -> ()
          | None -> check false "error --types %s --imatrix: %s not in %s" ty n q)
        types;
      check (!compared = 9) "error --types %s --imatrix: %d rows compared" ty !compared;
      let rc, _ = run ~out:"moe-plain.txt" [ "error"; "--types"; ty; "moe.gguf" ] in
      check (rc = 0) "error --types %s: exit %d" ty rc;
      let plain = rows "moe-plain.txt" in
      List.iter
        (fun n ->
          check (List.assoc_opt n plain <> List.assoc_opt n types) "error --types %s: %s the same without --imatrix" ty n)
        exps)
    [ "Q4_K"; "IQ4_XS" ];
  (* llama-quantize's types and bytes, without an importance matrix *)
  let llama = Filename.concat dir "llama.txt" in
  if Sys.file_exists llama then begin
    let lines = List.map (String.split_on_char '\t') (In_channel.with_open_bin llama In_channel.input_lines) in
    let ftypes = List.sort_uniq compare (List.filter_map (function [ "llama"; ft; _; _; _ ] -> Some ft | _ -> None) lines) in
    List.iter
      (fun ft ->
        let out = Printf.sprintf "moe-llama-%s.gguf" ft in
        let rc, err = run [ "quantize"; "--type"; ft; "moe.gguf"; out ] in
        check (rc = 0) "%s: exit %d: %s" ft rc err;
        if rc = 0 then
          match Gguf.read_file out with
          | Error e -> check false "%s" e
          | Ok g ->
              let text = In_channel.with_open_bin out In_channel.input_all in
              List.iter
                (function
                  | [ "llama"; f; name; ty; md5 ] when f = ft -> (
                      match Gguf.find_info g name with
                      | None -> check false "%s: no %s" ft name
                      | Some i ->
                          check (i.ggml_type.type_name = ty) "%s: %s is %s, llama-quantize's %s" ft name
                            i.ggml_type.type_name ty;
                          let bytes = String.sub text (Gguf.data_start g + i.offset) i.bytes in
                          check (Digest.to_hex (Digest.string bytes) = md5) "%s: %s's bytes are llama-quantize's" ft name)
                  | _ -> ())
                lines)
      ftypes
  end;
  Check.finish "quantize_moe"
