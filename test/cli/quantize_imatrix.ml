(* nx-dtype quantize --type Q4_K_M --imatrix over the importance
   matrices of test/gguf/quantize/imatrix (gen_imatrix.py, written as
   llama-imatrix writes them), on a tiny llama model: each quantized
   tensor's bytes are those of Gguf.quantize_into ~imatrix of the
   weights llama-quantize computes (expected.txt, numpy's float32), and
   differ from the bytes without one; token_embd's entry of another
   size is ignored; IQ2_XXS with one (and refused without), IQ3_S
   without, and a row on which ggml aborts refused naming it; malformed
   files are refused naming the file, with no output. *)

open Nx_array

let check = Check.check
let exe = Sys.argv.(1)
let dir = Sys.argv.(2)
let seed = ref 4242

let random_f32 n =
  Array.init n (fun _ ->
      seed := (!seed * 1103515245 + 12345) land 0x3fffffff;
      (float (!seed lsr 6) /. float (1 lsl 24)) -. 0.5)

let tensors =
  let w rows cols = Gguf.Tensor (of_array Float32 [| rows; cols |] (random_f32 (rows * cols))) in
  [ ("token_embd.weight", w 32 256); ("blk.0.attn_norm.weight", Gguf.Tensor (of_array Float32 [| 256 |] (random_f32 256)));
    ("blk.0.attn_q.weight", w 256 256); ("blk.0.attn_k.weight", w 64 256); ("blk.0.attn_v.weight", w 64 256);
    ("blk.0.ffn_down.weight", w 256 512); ("output.weight", w 32 256) ]

let metadata =
  Gguf.
    [ ("general.architecture", String "llama"); ("llama.block_count", Int (U32, 1));
      ("llama.attention.head_count", Int (U32, 4)); ("llama.attention.head_count_kv", Int (U32, 1));
      ("llama.context_length", Int (U32, 128)) ]

let contains s sub = try ignore (Str.search_forward (Str.regexp_string sub) s 0); true with Not_found -> false

let run args =
  let cmd = String.concat " " (List.map Filename.quote (exe :: args)) ^ " 2>imatrix-err.txt" in
  let rc = Sys.command cmd in
  (rc, In_channel.with_open_bin "imatrix-err.txt" In_channel.input_all)

(* expected.txt: "FORMAT NAME N", then N hex float32 bit patterns. *)
let expected =
  let ic = open_in (Filename.concat dir "expected.txt") in
  let t = Hashtbl.create 8 in
  (try
     while true do
       Scanf.sscanf (input_line ic) "%s %s %d" (fun fmt name n ->
           let w = Array.init n (fun _ -> Int32.float_of_bits (Scanf.sscanf (input_line ic) "%lx" Fun.id)) in
           Hashtbl.replace t (fmt, name) w)
     done
   with End_of_file -> close_in ic);
  t

let q4k_m_types = [ ("blk.0.attn_q.weight", "Q4_K"); ("blk.0.attn_k.weight", "Q4_K"); ("blk.0.ffn_down.weight", "Q6_K") ]

let quantized g name =
  match Gguf.find_tensor g name with Some (Gguf.Blocks b) -> Some (b.ggml_type.type_name, b.data) | _ -> None

let values name : (float, Dtype.float32_elt) Nx_array.t =
  match List.assoc name tensors with
  | Gguf.Tensor a -> ( match dtype a with Float32 -> a | _ -> assert false)
  | _ -> assert false

let bytes_of ?imatrix ty name =
  let x = values name in
  let ne0 = (dims x).(1) in
  let t = Option.get (Gguf.ggml_type_of_name ty) in
  let dst = create Uint8 [| size x / t.block_size * t.type_size |] in
  let imatrix = Option.map (fun w -> of_array Float32 [| ne0 |] w) imatrix in
  match Gguf.quantize_into ?imatrix t ~n_per_row:ne0 x dst with Ok () -> dst | Error e -> failwith e

let () =
  (match Gguf.write_file "imatrix-tiny.gguf" ~metadata tensors with Ok () -> () | Error e -> failwith e);
  let rc, err = run [ "quantize"; "--type"; "Q4_K_M"; "imatrix-tiny.gguf"; "imatrix-plain.gguf" ] in
  check (rc = 0) "without an imatrix: exit %d (%s)" rc err;
  let plain = match Gguf.read_file "imatrix-plain.gguf" with Ok g -> g | Error e -> failwith e in
  List.iter
    (fun (fmt, file) ->
      let out = "imatrix-" ^ fmt ^ "-q.gguf" in
      let rc, err = run [ "quantize"; "--type"; "Q4_K_M"; "--imatrix"; Filename.concat dir file; "imatrix-tiny.gguf"; out ] in
      check (rc = 0) "%s: exit %d (%s)" file rc err;
      if rc = 0 then begin
        let g = match Gguf.read_file out with Ok g -> g | Error e -> failwith e in
        let differ = ref 0 in
        List.iter
          (fun (name, ty) ->
            match (quantized g name, quantized plain name) with
            | Some (bty, b), Some (_, p) ->
                check (bty = ty) "%s: %s is %s, not %s" file name bty ty;
                let w = Hashtbl.find expected (fmt, name) in
                check (Nx_array.equal b (bytes_of ~imatrix:w ty name)) "%s: %s: the bytes of quantize_into ~imatrix" file name;
                if not (Nx_array.equal b p) then incr differ
            | _ -> check false "%s: %s is not quantized" file name)
          q4k_m_types;
        check (!differ >= 2) "%s: only %d tensors differ from those without an imatrix" file !differ;
        (* token_embd's entry has 100 values for rows of 256: ignored *)
        (match (quantized g "token_embd.weight", quantized plain "token_embd.weight") with
         | Some (_, b), Some (_, p) -> check (Nx_array.equal b p) "%s: token_embd quantized without its entry" file
         | _ -> check false "%s: token_embd is not quantized" file)
      end)
    [ ("gguf", "tiny.gguf"); ("dat", "tiny.dat") ];
  (* IQ2_XXS, whose tensors need an importance matrix: each tensor of
     the type llama.cpp's rules give it (one layer, 4 heads per KV head:
     attn_v Q4_K, token_embd Q2_K, output Q5_K), its bytes those of
     quantize_into with its entry (attn_v has none, nor needs one). *)
  let iq2_xxs_types =
    [ ("token_embd.weight", "Q2_K"); ("blk.0.attn_q.weight", "IQ2_XXS"); ("blk.0.attn_k.weight", "IQ2_XXS");
      ("blk.0.attn_v.weight", "Q4_K"); ("blk.0.ffn_down.weight", "IQ2_XXS"); ("output.weight", "Q5_K") ]
  in
  let rc, err = run [ "quantize"; "--type"; "IQ2_XXS"; "--imatrix"; Filename.concat dir "tiny.gguf"; "imatrix-tiny.gguf"; "imatrix-iq2.gguf" ] in
  check (rc = 0) "IQ2_XXS: exit %d (%s)" rc err;
  (match Gguf.read_file "imatrix-iq2.gguf" with
   | Error e -> check false "IQ2_XXS: %s" e
   | Ok g ->
       List.iter
         (fun (name, ty) ->
           match quantized g name with
           | Some (bty, b) ->
               check (bty = ty) "IQ2_XXS: %s is %s, not %s" name bty ty;
               let imatrix = if name = "token_embd.weight" then None else Hashtbl.find_opt expected ("gguf", name) in
               check (Nx_array.equal b (bytes_of ?imatrix ty name)) "IQ2_XXS: %s: the bytes of quantize_into" name
           | None -> check false "IQ2_XXS: %s is not quantized" name)
         iq2_xxs_types);
  let rc, err = run [ "quantize"; "--type"; "IQ2_XXS"; "imatrix-tiny.gguf"; "imatrix-iq2-plain.gguf" ] in
  check (rc <> 0 && contains err "needs an importance matrix") "IQ2_XXS without an imatrix: %d %s" rc err;
  check (not (Sys.file_exists "imatrix-iq2-plain.gguf")) "IQ2_XXS without an imatrix: an output was written";
  (* IQ3_S needs none: attn_v Q4_K, output Q6_K, the others IQ3_S. *)
  let rc, err = run [ "quantize"; "--type"; "IQ3_S"; "imatrix-tiny.gguf"; "imatrix-iq3.gguf" ] in
  check (rc = 0) "IQ3_S: exit %d (%s)" rc err;
  (match Gguf.read_file "imatrix-iq3.gguf" with
   | Error e -> check false "IQ3_S: %s" e
   | Ok g ->
       List.iter
         (fun (name, ty) ->
           match quantized g name with
           | Some (bty, b) ->
               check (bty = ty) "IQ3_S: %s is %s, not %s" name bty ty;
               check (Nx_array.equal b (bytes_of ty name)) "IQ3_S: %s: the bytes of quantize_into" name
           | None -> check false "IQ3_S: %s is not quantized" name)
         [ ("token_embd.weight", "IQ3_S"); ("blk.0.attn_q.weight", "IQ3_S"); ("blk.0.attn_v.weight", "Q4_K");
           ("blk.0.ffn_down.weight", "IQ3_S"); ("output.weight", "Q6_K") ]);
  (* error --types IQ2_XXS --imatrix: token_embd, whose entry is ignored,
     has no weights for a type that needs them: named on stderr and left
     out, the others reported. *)
  let cmd =
    String.concat " "
      (List.map Filename.quote
         [ exe; "error"; "--types"; "IQ2_XXS"; "--imatrix"; Filename.concat dir "tiny.gguf"; "imatrix-tiny.gguf" ])
    ^ " >imatrix-report.txt 2>imatrix-err.txt"
  in
  let rc = Sys.command cmd in
  let out = In_channel.with_open_bin "imatrix-report.txt" In_channel.input_all
  and err = In_channel.with_open_bin "imatrix-err.txt" In_channel.input_all in
  check (rc = 0) "error --types IQ2_XXS --imatrix: exit %d (%s)" rc err;
  check (contains err "no weights of the importance matrix" && contains err "token_embd.weight (IQ2_XXS)")
    "error --types IQ2_XXS --imatrix: token_embd is named: %s" err;
  check (contains out "blk.0.attn_q.weight" && not (contains out "token_embd"))
    "error --types IQ2_XXS --imatrix: the others are reported: %s" out;
  (* Values whose squares overflow float32, on which ggml aborts:
     refused, naming the tensor and the row, nothing written. *)
  let huge = Array.init 512 (fun i -> if i < 256 then 0.5 else 1e30 *. float (1 + (i mod 7))) in
  (match
     Gguf.write_file "huge.gguf" ~metadata [ ("blk.0.attn_q.weight", Gguf.Tensor (of_array Float32 [| 2; 256 |] huge)) ]
   with Ok () -> () | Error e -> failwith e);
  let rc, err = run [ "quantize"; "--type"; "IQ3_S"; "huge.gguf"; "huge-q.gguf" ] in
  check (rc <> 0 && contains err "blk.0.attn_q.weight" && contains err "row 1 ") "off the grid: %d %s" rc err;
  check (not (Sys.file_exists "huge-q.gguf")) "off the grid: an output was written";
  (* Malformed files: refused, naming the file, nothing written. *)
  let good = In_channel.with_open_bin (Filename.concat dir "tiny.dat") In_channel.input_all in
  let refused what file wants =
    if Sys.file_exists "imatrix-bad-q.gguf" then Sys.remove "imatrix-bad-q.gguf";
    let rc, err = run [ "quantize"; "--type"; "Q4_K_M"; "--imatrix"; file; "imatrix-tiny.gguf"; "imatrix-bad-q.gguf" ] in
    let has s = try ignore (Str.search_forward (Str.regexp_string s) err 0); true with Not_found -> false in
    check (rc <> 0) "%s: exit 0" what;
    check (has file) "%s: the message does not name %s: %s" what file err;
    List.iter (fun s -> check (has s) "%s: the message lacks %S: %s" what s err) wants;
    check (not (Sys.file_exists "imatrix-bad-q.gguf")) "%s: an output was written" what
  in
  let write name s = Out_channel.with_open_bin name (fun oc -> output_string oc s); name in
  (* cut inside the entries (the trailing chunk count and dataset name
     are optional) *)
  List.iter
    (fun n -> refused (Printf.sprintf "truncated to %d bytes" n) (write "imatrix-cut.dat" (String.sub good 0 n)) [ "truncated" ])
    [ 0; 3; 4; 10; 30; 35; 1000; 4600 ];
  (* attn_q's entry (the first) with 255 values *)
  let b = Bytes.of_string good in
  let nval_at = 4 + 4 + String.length "blk.0.attn_q.weight" + 4 in
  Bytes.set_int32_le b nval_at 255l;
  let short = Bytes.sub_string b 0 (nval_at + 4 + (255 * 4)) ^ String.sub good (nval_at + 4 + 1024) (String.length good - nval_at - 4 - 1024) in
  refused "255 values for rows of 256" (write "imatrix-short.dat" short) [ "blk.0.attn_q.weight"; "255" ];
  let nan = Bytes.of_string good in
  Bytes.set_int32_le nan (nval_at + 4 + (4 * 9)) 0x7fc00000l;
  refused "a NaN (.dat)" (write "imatrix-nan.dat" (Bytes.to_string nan)) [ "blk.0.attn_q.weight"; "nan" ];
  let zero = Bytes.of_string good in
  Bytes.set_int32_le zero 0 0l;
  refused "no entries" (write "imatrix-zero.dat" (Bytes.to_string zero)) [ "0 entries" ];
  refused "a NaN (GGUF)" (Filename.concat dir "nan.gguf") [ "blk.0.attn_q.weight"; "nan" ];
  refused "an in_sum2 without counts" (Filename.concat dir "nocounts.gguf") [ "blk.0.ffn_down.weight.counts" ];
  refused "no imatrix metadata" (Filename.concat dir "nometa.gguf") [ "imatrix.datasets" ];
  refused "a missing file" "absent.dat" [];
  Check.finish "quantize_imatrix"
