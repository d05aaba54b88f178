(* test/block/gguf.txt, from gen_gguf.py: ggml's blocks against gguf-py
   0.19. Dequantized: the same float32 bits on every encoding and on the
   blocks gguf-py quantizes, but for the two documented differences, which
   mask() sets aside and counts. Quantized: the same bytes but where the
   script lists a difference and its kind (a tie, or a float32 rounding of
   gguf-py's, the library's being exact). *)

open Nx_array
open Check

(* float32 bytes with NaNs canonical, and for MXFP4 and NVFP4 the values
   of E2M1 code 8 (the library's -0, gguf-py's +0) and of blocks whose
   E8M0 scale is NaN (gguf-py: 2^128) set to +0, as gen_gguf.py's mask. *)
let mask scheme blocks out =
  let out = Bytes.of_string out in
  let get32 i = Bytes.get_int32_le out (4 * i) in
  let zero i = Bytes.set_int32_le out (4 * i) 0l in
  for i = 0 to (Bytes.length out / 4) - 1 do
    let b = get32 i in
    if Int32.compare (Int32.logand b 0x7fffffffl) 0x7f800000l > 0 then
      Bytes.set_int32_le out (4 * i) 0x7fc00000l
  done;
  let byte i = Char.code blocks.[i] in
  let codes first half = List.concat_map (fun k -> [ (k, byte (first + k) land 0xf); (k + half, byte (first + k) lsr 4) ])
                           (List.init half Fun.id) in
  (match scheme with
   | Block.Ggml_mxfp4 ->
       for b = 0 to (String.length blocks / 17) - 1 do
         if byte (17 * b) = 0xff then for j = 0 to 31 do zero ((32 * b) + j) done
         else List.iter (fun (j, c) -> if c = 8 then zero ((32 * b) + j)) (codes ((17 * b) + 1) 16)
       done
   | Block.Ggml_nvfp4 ->
       for b = 0 to (String.length blocks / 36) - 1 do
         for s = 0 to 3 do
           List.iter (fun (j, c) -> if c = 8 then zero ((64 * b) + (16 * s) + j))
             (codes ((36 * b) + 4 + (8 * s)) 8)
         done
       done
   | _ -> ());
  Bytes.to_string out

let digest_f32 scheme q =
  let blocks = to_string (Block.elements q) in
  Vectors.md5 (mask scheme blocks (to_string (Block.dequantize Dtype.Float32 q)))

let run file =
  let ic = open_in_bin file in
  let kinds = Hashtbl.create 8 in
  let rows_same = ref 0 and rows = ref 0 in
  let current = Buffer.create 4096 in
  (try
     while true do
       match String.split_on_char ' ' (input_line ic) with
       | "#" :: _ -> ()
       | [ "dequantize"; scheme; want; counts ] ->
           let q = Vectors.sweep_quantized scheme "-" in
           let got = digest_f32 (Vectors.scheme_of scheme) q in
           check (got = want) "%s, every encoding, against gguf-py (masked %s): %s, gguf-py's %s" scheme counts
             got want
       | [ "quantize"; scheme; n; cols ] ->
           let s = Vectors.scheme_of scheme in
           Buffer.clear current;
           for _ = 1 to int_of_string n do
             match String.split_on_char ' ' (input_line ic) with
             | [ input; theirs; diffs ] ->
                 incr rows;
                 let x = of_string Dtype.Float32 [| 1; int_of_string cols |] (Vectors.hex_decode input) in
                 let theirs = Vectors.hex_decode theirs in
                 Buffer.add_string current theirs;
                 let mine = to_string (Block.elements (Block.quantize s x)) in
                 let listed =
                   if diffs = "-" then []
                   else
                     List.map (fun d -> match String.split_on_char ':' d with
                         | [ o; k ] -> (int_of_string o, k) | _ -> failwith d)
                       (String.split_on_char ',' diffs)
                 in
                 if listed = [] then incr rows_same;
                 List.iter (fun (_, k) -> List.iter (fun k ->
                     Hashtbl.replace kinds (scheme, k) (1 + Option.value ~default:0 (Hashtbl.find_opt kinds (scheme, k))))
                     (String.split_on_char '+' k)) listed;
                 String.iteri (fun o c ->
                     let differs = c <> theirs.[o] in
                     let expected = List.mem_assoc o listed in
                     check (differs = expected) "%s row %d byte %d: %02x, gguf-py %02x, %s" scheme !rows o
                       (Char.code c) (Char.code theirs.[o])
                       (if expected then "listed as " ^ List.assoc o listed else "not listed"))
                   mine
             | _ -> failwith "gguf row"
           done
       | [ "dequantized"; scheme; want ] ->
           let s = Vectors.scheme_of scheme in
           let f = Block.facts s in
           let bytes = Buffer.contents current in
           let n = String.length bytes / f.bytes_per_block * f.block_size in
           let q = Block.v s ~dims:[| n |] (of_string Dtype.Uint8 [| String.length bytes |] bytes) in
           let got = digest_f32 s q in
           check (got = want) "%s: gguf-py's blocks dequantized: %s, gguf-py's %s" scheme got want
       | _ -> failwith "gguf.txt"
     done
   with End_of_file -> ());
  close_in ic;
  let ks = List.sort compare (Hashtbl.fold (fun k c acc -> (k, c) :: acc) kinds []) in
  Printf.printf "gguf-py: %d of %d quantized rows identical; differing elements: %s\n" !rows_same !rows
    (String.concat ", " (List.map (fun ((s, k), c) -> Printf.sprintf "%s %s %d" s k c) ks))
