(* test/block/vectors.txt, from gen_vectors.py's exact model: the corpus
   quantized by every scheme, policy and rounding, dequantized into every
   float dtype, and every encoding of every scheme dequantized. See the
   script for the format. *)

open Nx_array
open Check

let hex_decode s =
  String.init (String.length s / 2) (fun i -> Char.chr (int_of_string ("0x" ^ String.sub s (2 * i) 2)))

let md5 s = Digest.to_hex (Digest.string s)

let rounding_of = function
  | "nearest_even" -> Nearest_even | "nearest_away" -> Nearest_away
  | "toward_zero" -> Toward_zero | "toward_positive" -> Toward_positive
  | "toward_negative" -> Toward_negative | s -> failwith ("rounding " ^ s)

let policy_of = function
  | "floor" -> Block.Floor | "ceil" -> Block.Ceil | "even" -> Block.Even
  | "rceil" -> Block.Rceil | s -> failwith ("policy " ^ s)

let scheme_of s = match Block.scheme_of_name s with Some s -> s | None -> failwith ("scheme " ^ s)
let f32_of_hex h = Int32.float_of_bits (Int32.of_string ("0x" ^ h))

(* A float dtype's bytes with every NaN replaced by its positive quiet
   NaN, as the script digests them. *)
let canonical (type s) (a : (float, s) Nx_array.t) =
  let dt = dtype a in
  let f = Dtype.float_format dt in
  (if f.nans then
     let nan =
       if f.infinities then
         Int64.(logor (shift_left (of_int ((1 lsl f.exponent_bits) - 1)) f.fraction_bits)
                  (shift_left 1L (f.fraction_bits - 1)))
       else Int64.of_int ((1 lsl (f.exponent_bits + f.fraction_bits)) - 1)
     in
     let flat = reshape a [| size a |] in
     for i = 0 to size a - 1 do
       if Float.is_nan (get flat [| i |]) then set_bits flat [| i |] nan
     done);
  to_string a

type float_dtype = F : (float, 's) Dtype.t -> float_dtype

let dtype_of name =
  match Dtype.of_name name with
  | Some (Dtype.Any dt) -> (
      match Dtype.kind dt with Dtype.Float -> F dt | _ -> failwith name)
  | None -> failwith name

type 's corpus = Corpus : (float, 's) Nx_array.t -> 's corpus
type any_corpus = Any : 's corpus -> any_corpus

let lines = ref 0
let values = ref 0

(* Quantizes corpus [c] as a case line says. *)
let quantize_case (Any (Corpus c)) scheme policy rounding ts =
  let s = scheme_of scheme in
  let policy = if (Block.facts s).scale = Block.E8m0 then Some (policy_of policy) else None in
  let tensor_scale = match ts with "-" | "auto" -> None | h -> Some (f32_of_hex h) in
  let c = if s = Block.Ggml_nvfp4 then reshape c [| size c / 64; 64 |] else c in
  Block.quantize ?policy ~rounding:(rounding_of rounding) ?tensor_scale s c

let bytes_of q =
  to_string (Block.elements q) ^ match Block.scales q with Some s -> to_string s | None -> ""

let row_hex a rows i =
  let s = to_string a in
  let w = String.length s / rows in
  let r = String.sub s (i * w) w in
  String.concat "" (List.init w (fun k -> Printf.sprintf "%02x" (Char.code r.[k])))

let dequantize_digest (type s) (dt : (float, s) Dtype.t) q = md5 (canonical (Block.dequantize dt q))

let check_dequantize q dst want what =
  let (F dt) = dtype_of dst in
  let got = dequantize_digest dt q in
  check (got = want) "%s into %s: digest %s, the model's %s" what dst got want

(* The bytes of every encoding, as gen_vectors.py's sweep_bytes. *)
let sweep_quantized scheme ts =
  let s = scheme_of scheme in
  let f = Block.facts s in
  let u8 str = of_string Dtype.Uint8 [| String.length str |] str in
  match s with
  | Block.Ggml_q8_0 | Block.Ggml_q4_0 | Block.Ggml_mxfp4 | Block.Ggml_nvfp4 ->
      let b = Buffer.create 4096 in
      let add = Buffer.add_char b and byte i = Char.chr (i land 0xff) in
      let n =
        match s with
        | Block.Ggml_q8_0 ->
            for d = 0 to 65535 do
              add (byte d); add (byte (d lsr 8));
              for j = 0 to 31 do add (byte (j + (7 * d))) done
            done;
            65536 * 32
        | Block.Ggml_q4_0 ->
            for d = 0 to 65535 do
              add (byte d); add (byte (d lsr 8));
              for j = 0 to 15 do add (byte (j lor (((j + 8) mod 16) lsl 4))) done
            done;
            65536 * 32
        | Block.Ggml_mxfp4 ->
            for e = 0 to 255 do
              add (byte e);
              for j = 0 to 15 do add (byte (j lor ((15 - j) lsl 4))) done
            done;
            256 * 32
        | _ ->
            for b = 0 to 63 do
              for s = 0 to 3 do add (byte ((4 * b) + s)) done;
              for j = 0 to 31 do add (byte (j mod 16 lor (((j + 5) mod 16) lsl 4))) done
            done;
            64 * 64
      in
      Block.v s ~dims:[| n |] (u8 (Buffer.contents b))
  | _ ->
      let block = f.block_size in
      let ncodes = match f.element_bits, f.element with
        | 4, _ -> 16 | _, (Block.Float6_e2m3fn | Block.Float6_e3m2fn) -> 64 | _ -> 256 in
      let per = max 1 (ncodes / block) in
      let codes = Buffer.create 4096 and scales = Buffer.create 256 in
      let pending = ref (-1) in
      let add_code c =
        if f.element_bits = 4 then
          if !pending < 0 then pending := c
          else (Buffer.add_char codes (Char.chr (!pending lor (c lsl 4))); pending := -1)
        else Buffer.add_char codes (Char.chr c)
      in
      for sc = 0 to 255 do
        for t = 0 to per - 1 do
          Buffer.add_char scales (Char.chr sc);
          for j = 0 to block - 1 do add_code (((t * block) + j) mod ncodes) done
        done
      done;
      let n = 256 * per * block in
      let tensor_scale = match ts with "-" -> None | h -> Some (f32_of_hex h) in
      Block.v s ?tensor_scale ~dims:[| n |] ~scales:(u8 (Buffer.contents scales))
        (u8 (Buffer.contents codes))

let run file =
  let ic = open_in_bin file in
  let corpora = Hashtbl.create 8 in
  let next () = input_line ic in
  let current = ref None in
  (try
     while true do
       let line = next () in
       match String.split_on_char ' ' line with
       | "#" :: _ -> ()
       | [ "corpus"; name; dt; rows; cols ] ->
           let rows = int_of_string rows and cols = int_of_string cols in
           let b = Buffer.create (rows * cols * 8) in
           for _ = 1 to rows do Buffer.add_string b (hex_decode (next ())) done;
           let dims = [| rows; cols |] in
           let c =
             match dt with
             | "float32" -> Any (Corpus (of_string Dtype.Float32 dims (Buffer.contents b)))
             | _ -> Any (Corpus (of_string Dtype.Float64 dims (Buffer.contents b)))
           in
           Hashtbl.replace corpora name c
       | [ "quantize"; cname; scheme; policy; rounding; ts; want; k ] ->
           incr lines;
           let c = Hashtbl.find corpora cname in
           let what = String.concat " " [ cname; scheme; policy; rounding; ts ] in
           let q = quantize_case c scheme policy rounding ts in
           let (Any (Corpus a)) = c in
           values := !values + size a;
           current := Some (q, what);
           let got = md5 (bytes_of q) in
           check (got = want) "quantize %s: digest %s, the model's %s" what got want;
           let rows = (dims (Block.elements q)).(0) in
           for i = 0 to int_of_string k - 1 do
             match String.split_on_char ' ' (next ()) with
             | [ el; sc ] ->
                 let g = row_hex (Block.elements q) rows i in
                 check (g = el) "quantize %s, row %d: elements %s, the model's %s" what i g el;
                 (match Block.scales q with
                  | Some s ->
                      let g = row_hex s rows i in
                      check (g = sc) "quantize %s, row %d: scales %s, the model's %s" what i g sc
                  | None -> ())
             | _ -> failwith "row"
           done
       | [ "dequantize"; _; _; _; _; _; dst; want ] -> (
           incr lines;
           match !current with
           | Some (q, what) -> check_dequantize q dst want what
           | None -> failwith "dequantize before quantize")
       | [ "sweep"; scheme; dst; ts; want ] ->
           incr lines;
           let q = sweep_quantized scheme ts in
           values := !values + Array.fold_left ( * ) 1 (Block.dims q);
           check_dequantize q dst want ("every encoding of " ^ scheme ^ " (ts " ^ ts ^ ")")
       | _ -> failwith ("vectors: " ^ line)
     done
   with End_of_file -> ());
  close_in ic;
  Printf.printf "block vectors: %d cases, %d values quantized or dequantized\n" !lines !values
