(* Nx_array.Block: the API, its errors, and the vectors of the exact model
   (vectors.ml), gguf-py (gguf.ml) and ml_dtypes (single_values.ml). *)

open Nx_array
open Check

let f32 dims xs = of_array Dtype.Float32 dims xs
let u8 dims xs = of_array Dtype.Uint8 dims xs

let test_facts () =
  (* Every scheme's facts agree with the bytes its kernels write. *)
  List.iter
    (fun s ->
      let f = Block.facts s in
      let a = f32 [| 2; f.block_size |] (Array.make (2 * f.block_size) 1.) in
      let q = Block.quantize s a in
      let bytes = nbytes_of (Block.elements q)
                  + match Block.scales q with Some s -> nbytes_of s | None -> 0 in
      check (bytes = 2 * f.bytes_per_block) "%s: %d bytes for two blocks, facts say %d"
        (Block.scheme_name s) bytes (2 * f.bytes_per_block);
      check (Block.scheme_of_name (Block.scheme_name s) = Some s) "%s: name" (Block.scheme_name s))
    Block.schemes;
  check (List.length Block.schemes = 11) "eleven schemes"

let test_round_trip () =
  (* Values of E2M1 times powers of two survive MXFP4 exactly. *)
  let grid = [| 0.; 0.5; 1.; 1.5; 2.; 3.; 4.; 6. |] in
  let xs = Array.init 64 (fun i -> grid.(i mod 8) *. (if i mod 3 = 0 then -0.25 else 0.25)) in
  let a = f32 [| 2; 32 |] xs in
  let q = Block.quantize Block.Mxfp4 a in
  let back = Block.dequantize Dtype.Float32 q in
  check (equal back a) "mxfp4 round trip of grid values";
  check (Block.dims q = [| 2; 32 |]) "dims";
  check (dims (Block.elements q) = [| 2; 16 |]) "element dims";
  check (dims (Option.get (Block.scales q)) = [| 2; 1 |]) "scale dims";
  (* Into every float dtype. *)
  let b16 = Block.dequantize Dtype.Bfloat16 q in
  check (equal b16 (cast Dtype.Bfloat16 a)) "into bfloat16";
  let f4 = Block.dequantize Dtype.Float4_e2m1fn q in
  check (equal f4 (cast Dtype.Float4_e2m1fn a)) "into float4 (packed)"

let test_special_blocks () =
  let xs = Array.make 32 1. in
  xs.(5) <- Float.nan;
  let q = Block.quantize Block.Mxfp8_e4m3 (f32 [| 32 |] xs) in
  check (get (Option.get (Block.scales q)) [| 0 |] = 0xff) "NaN block: E8M0 NaN";
  let back = Block.dequantize Dtype.Float32 q in
  check (Float.is_nan (get back [| 0 |])) "NaN block dequantizes to NaN";
  let z = Block.quantize Block.Mxfp4 (f32 [| 32 |] (Array.make 32 (-0.))) in
  check (get (Option.get (Block.scales z)) [| 0 |] = 0) "zero block: 2^-127";
  check (get (Block.elements z) [| 0 |] = 0x88) "negative zeros keep their sign";
  (* ggml's NVFP4 refuses a NaN. *)
  let ys = Array.make 64 1. in
  ys.(63) <- Float.infinity;
  raises_invalid_arg ~name:"ggml_nvfp4 inf" (fun () -> Block.quantize Block.Ggml_nvfp4 (f32 [| 64 |] ys));
  (* E2M1's code 0x8 is −0 in ggml's blocks too (gguf-py gives +0); an
     MXFP6 element's top two bits are not read. *)
  let neg_zero x = x = 0. && 1. /. x < 0. in
  let mx = u8 [| 17 |] (Array.init 17 (fun i -> if i = 0 then 0x7f else 0x88)) in
  let d = Block.dequantize Dtype.Float32 (Block.v Block.Ggml_mxfp4 ~dims:[| 32 |] mx) in
  check (List.for_all (fun i -> neg_zero (get d [| i |])) [ 0; 15; 16; 31 ]) "ggml mxfp4 0x8: -0";
  let nv = u8 [| 36 |] (Array.init 36 (fun i -> if i < 4 then 0x38 else 0x88)) in
  let d = Block.dequantize Dtype.Bfloat16 (Block.v Block.Ggml_nvfp4 ~dims:[| 64 |] nv) in
  check (neg_zero (get d [| 0 |]) && neg_zero (get d [| 8 |]) && neg_zero (get d [| 63 |])) "ggml nvfp4 0x8: -0";
  let six high =
    let e = u8 [| 32 |] (Array.make 32 (high lor 0x05)) in
    Block.dequantize Dtype.Float64 (Block.v Block.Mxfp6_e2m3 ~dims:[| 32 |] ~scales:(u8 [| 1 |] [| 127 |]) e)
  in
  check (get (six 0xc0) [| 7 |] = get (six 0) [| 7 |] && get (six 0) [| 7 |] = 0.625) "mxfp6: top bits not read"

let test_nvfp4_exact_quotient () =
  (* x / st just above 1.25, a tie between E2M1's 1 and 1.5, where
     float32's division (torchao's, ModelOpt's) gives 1.25 itself, which
     ties to even, 1. Exactly, it is 1.5. st has 24 significant bits and
     the block scale is 1 (amax 6 × st). *)
  let next_f32 x = Int32.float_of_bits (Int32.add (Int32.bits_of_float x) 1l) in
  let rec find k =
    let st = 1. +. (Float.of_int k *. 0x1p-23) in
    let t = 1.25 *. st in
    let x = Dtype.of_float Dtype.Float32 t in
    let x = if x <= t then next_f32 x else x in
    if Dtype.of_float Dtype.Float32 (x /. st) = 1.25 then (st, x) else find (k + 1)
  in
  let st, x = find 1 in
  let xs = Array.make 16 0. in
  xs.(0) <- Dtype.of_float Dtype.Float32 (6. *. st);
  xs.(1) <- x;
  let q = Block.quantize ~tensor_scale:st Block.Nvfp4 (f32 [| 16 |] xs) in
  check (get (Option.get (Block.scales q)) [| 0 |] = 0x38) "block scale 1";
  check (get (Block.elements q) [| 0 |] = 0x37) "%h / %h rounds to 1.5 (code 3): %#x" x st
    (get (Block.elements q) [| 0 |])

let test_single_values () =
  check (Block.E8m0.to_float 127 = 1.) "e8m0 1";
  check (Float.is_nan (Block.E8m0.to_float 255)) "e8m0 nan";
  check (Block.E8m0.of_float 3. = 129) "e8m0 tie up";
  check (Block.E8m0.of_float ~rounding:Toward_zero 3.9 = 128) "e8m0 toward zero";
  check (Block.E8m0.of_float 0. = 255) "e8m0 zero is nan";
  check (Block.Float6.to_float E2m3fn 0x1f = 7.5) "e2m3 max";
  check (Block.Float6.to_float E3m2fn 0x3f = -28.) "e3m2 min";
  check (Block.Float6.of_float E2m3fn 100. = 0x1f) "e2m3 saturates";
  check (Block.Float6.of_float E3m2fn Float.nan = 0) "e3m2 nan is +0";
  raises_invalid_arg ~name:"e8m0 256" (fun () -> Block.E8m0.to_float 256);
  raises_invalid_arg ~name:"float6 64" (fun () -> Block.Float6.to_float E2m3fn 64)

let test_checkpoints () =
  (* gpt-oss: blocks [2; 3; 16], scales [2; 3]: values [2; 96]. *)
  let blocks = u8 [| 2; 3; 16 |] (Array.init 96 (fun i -> (i * 37) land 0xff)) in
  let scales = u8 [| 2; 3 |] [| 127; 128; 120; 0; 254; 255 |] in
  let w = Block.dequantize_gpt_oss Dtype.Bfloat16 ~blocks ~scales in
  check (dims w = [| 2; 96 |]) "gpt-oss dims";
  (* Byte 0 of block 0 is 0x00: elements 0 and 1 are 0; byte 1 is 0x25:
     element 2 is code 5 (3), element 3 code 2 (1); scale 1. *)
  check (get w [| 0; 2 |] = 3. && get w [| 0; 3 |] = 1.) "low nibble first";
  check (get w [| 0; 34 |] = 2. *. Block.E8m0.to_float 128 /. 2. *. 3.) "second block's scale 2";
  check (Float.is_nan (get w [| 1; 64 |])) "scale 0xff: NaN";
  let q = Block.of_gpt_oss ~blocks ~scales in
  let b', s' = Block.to_gpt_oss q in
  check (equal b' blocks && equal s' scales) "to_gpt_oss gives them back";
  raises_invalid_arg ~name:"gpt-oss bad scales" (fun () ->
      Block.of_gpt_oss ~blocks ~scales:(u8 [| 2; 4 |] (Array.make 8 0)));
  (* Dimensions whose product wraps: refused by Block.v itself. *)
  List.iter
    (fun dims ->
      match Block.v ~scales:(u8 [| 1 |] [| 0 |]) Block.Mxfp4 ~dims (u8 [| 16 |] (Array.make 16 0)) with
      | _ -> check false "Block.v %s: accepted" (String.concat "x" (List.map string_of_int (Array.to_list dims)))
      | exception Invalid_argument m ->
          check (String.starts_with ~prefix:"Nx_array.Block.v: " m
                 && String.ends_with ~suffix:"overflows an int" m)
            "Block.v: message %S" m)
    [ [| 3; 3074457345618258603; 32 |]; [| 1 lsl 58; 64 |]; [| max_int; 32 |] ];
  raises_invalid_arg ~name:"gpt-oss not 16" (fun () ->
      Block.of_gpt_oss ~blocks:(u8 [| 2; 8 |] (Array.make 16 0)) ~scales:(u8 [| 2 |] [| 0; 0 |]));
  (* Each refusal of a layout says what is wrong with what was given. *)
  let says name f words =
    match f () with
    | _ -> check false "%s: accepted" name
    | exception Invalid_argument m ->
        let has w =
          let n = String.length w in
          let rec at i = i + n <= String.length m && (String.sub m i n = w || at (i + 1)) in
          at 0
        in
        check (List.for_all has words) "%s: message %S lacks one of %s" name m (String.concat " | " words)
  in
  says "gpt-oss one dimension"
    (fun () -> Block.of_gpt_oss ~blocks:(u8 [| 16 |] (Array.make 16 0)) ~scales:(u8 [||] [| 0 |]))
    [ "of_gpt_oss: blocks [|16|]"; "at least two dimensions: the blocks, then their 16 bytes" ];
  says "gpt-oss last 8"
    (fun () -> Block.of_gpt_oss ~blocks:(u8 [| 2; 8 |] (Array.make 16 0)) ~scales:(u8 [| 2 |] [| 0; 0 |]))
    [ "blocks [|2; 8|]"; "must be 16 bytes"; "not 8" ];
  says "v elements bytes"
    (fun () -> Block.v Block.Mxfp4 ~dims:[| 64 |] ~scales:(u8 [| 2 |] [| 0; 0 |]) (u8 [| 16 |] (Array.make 16 0)))
    [ "Block.v: elements has 16 bytes"; "dimensions [|64|] need 32 bytes" ];
  says "v scales bytes"
    (fun () -> Block.v Block.Mxfp4 ~dims:[| 64 |] ~scales:(u8 [| 1 |] [| 0 |]) (u8 [| 32 |] (Array.make 32 0)))
    [ "scales has 1 byte;"; "dimensions [|64|] need 2 bytes" ];
  says "v ggml bytes"
    (fun () -> Block.v Block.Ggml_mxfp4 ~dims:[| 64 |] (u8 [| 17 |] (Array.make 17 0)))
    [ "elements has 17 bytes"; "dimensions [|64|] need 34 bytes" ];
  says "modelopt no dimension"
    (fun () -> Block.of_modelopt ~weight:(u8 [||] [| 0 |])
        ~weight_scale:(of_array Dtype.Float8_e4m3fn [| 1 |] [| 1. |])
        ~weight_scale_2:(of_array Dtype.Float32 [||] [| 1. |]))
    [ "of_modelopt: weight has no dimension"; "bytes of at least one dimension" ];
  let e4m3 d = of_array Dtype.Float8_e4m3fn d (Array.make (Array.fold_left ( * ) 1 d) 1.) in
  let one = of_array Dtype.Float32 [||] [| 1. |] in
  says "modelopt odd row"
    (fun () -> Block.of_modelopt ~weight:(u8 [| 4; 7 |] (Array.make 28 0)) ~weight_scale:(e4m3 [| 4; 1 |])
        ~weight_scale_2:one)
    [ "weight [|4; 7|]: a row of 7 bytes holds 14 elements, not a multiple" ];
  says "modelopt scale count"
    (fun () -> Block.of_modelopt ~weight:(u8 [| 4; 8 |] (Array.make 32 0)) ~weight_scale:(e4m3 [| 4; 2 |])
        ~weight_scale_2:one)
    [ "a row of 16 elements needs 1 scale, not 2" ];
  says "modelopt rows"
    (fun () -> Block.of_modelopt ~weight:(u8 [| 4; 8 |] (Array.make 32 0)) ~weight_scale:(e4m3 [| 3; 1 |])
        ~weight_scale_2:one)
    [ "the dimensions but the last differ" ];
  says "dequantize_gpt_oss names itself"
    (fun () -> Block.dequantize_gpt_oss Dtype.Float32 ~blocks:(u8 [| 2; 3; 16 |] (Array.make 96 0))
        ~scales:(u8 [| 3; 2 |] (Array.make 6 0)))
    [ "Block.dequantize_gpt_oss: blocks [|2; 3; 16|] and scales [|3; 2|]" ];
  says "dequantize_modelopt names itself"
    (fun () -> Block.dequantize_modelopt Dtype.Float32 ~weight:(u8 [| 4; 8 |] (Array.make 32 0))
        ~weight_scale:(e4m3 [| 4; 2 |]) ~weight_scale_2:one)
    [ "Block.dequantize_modelopt: weight [|4; 8|]" ];
  (* ModelOpt: weight [2; 16] (32 values a row), weight_scale [2; 2]. *)
  let weight = u8 [| 2; 16 |] (Array.init 32 (fun i -> if i mod 8 = 0 then 0x71 else 0)) in
  let weight_scale = of_array Dtype.Float8_e4m3fn [| 2; 2 |] [| 1.; 2.; 0.5; 448. |] in
  let weight_scale_2 = of_array Dtype.Float32 [||] [| 0.25 |] in
  let w = Block.dequantize_modelopt Dtype.Float32 ~weight ~weight_scale ~weight_scale_2 in
  check (dims w = [| 2; 32 |]) "modelopt dims";
  check (get w [| 0; 0 |] = 0.5 *. 0.25 && get w [| 0; 1 |] = 6. *. 0.25) "e2m1 × e4m3 × f32";
  check (get w [| 1; 17 |] = 6. *. 448. *. 0.25) "second scale of row 1";
  raises_invalid_arg ~name:"modelopt zero ts" (fun () ->
      Block.of_modelopt ~weight ~weight_scale ~weight_scale_2:(of_array Dtype.Float32 [| 1 |] [| 0. |]))

let test_errors () =
  let bad = [
    ("last dim", fun () -> ignore (Block.quantize Block.Mxfp4 (f32 [| 31 |] (Array.make 31 0.))));
    ("no dims", fun () -> ignore (Block.quantize Block.Mxfp4 (f32 [||] [| 0. |])));
    ("int source", fun () ->
        ignore (Block.quantize Block.Mxfp4 (of_array Dtype.Float8_e4m3fn [| 32 |] (Array.make 32 0.))));
    ("policy for nvfp4", fun () ->
        ignore (Block.quantize ~policy:Block.Ceil Block.Nvfp4 (f32 [| 16 |] (Array.make 16 0.))));
    ("tensor scale for mxfp4", fun () ->
        ignore (Block.quantize ~tensor_scale:1. Block.Mxfp4 (f32 [| 32 |] (Array.make 32 0.))));
    ("tensor scale not float32", fun () ->
        ignore (Block.quantize ~tensor_scale:0.1 Block.Nvfp4 (f32 [| 16 |] (Array.make 16 0.))));
    ("tensor scale negative", fun () ->
        ignore (Block.quantize ~tensor_scale:(-1.) Block.Nvfp4 (f32 [| 16 |] (Array.make 16 0.))));
    ("v wrong bytes", fun () -> ignore (Block.v Block.Mxfp4 ~dims:[| 32 |] ~scales:(u8 [| 1 |] [| 0 |]) (u8 [| 15 |] (Array.make 15 0))));
    ("v missing scales", fun () -> ignore (Block.v Block.Mxfp4 ~dims:[| 32 |] (u8 [| 16 |] (Array.make 16 0))));
    ("v scales for ggml", fun () ->
        ignore (Block.v Block.Ggml_mxfp4 ~dims:[| 32 |] ~scales:(u8 [| 1 |] [| 0 |]) (u8 [| 17 |] (Array.make 17 0))));
    ("to_gpt_oss of nvfp4", fun () ->
        ignore (Block.to_gpt_oss (Block.quantize Block.Nvfp4 (f32 [| 16 |] (Array.make 16 0.)))));
  ] in
  List.iter (fun (name, f) -> raises_invalid_arg ~name f) bad;
  (* Messages name the function. *)
  match Block.quantize Block.Mxfp4 (f32 [| 31 |] (Array.make 31 0.)) with
  | _ -> check false "no raise"
  | exception Invalid_argument m ->
      check (String.length m > 23 && String.sub m 0 23 = "Nx_array.Block.quantize") "message: %s" m

(* dequantize_into: the values of dequantize; refused, the destination
   unchanged, when the dimensions differ or the destination shares bytes
   with the elements or the scales (views of one buffer at several
   offsets). *)
let test_dequantize_into () =
  let x = f32 [| 64 |] (Array.init 64 (fun i -> Float.of_int (i - 30) /. 7.)) in
  List.iter
    (fun s ->
      let q = Block.quantize s x in
      let a = create Dtype.Float32 [| 64 |] in
      Block.dequantize_into q a;
      check (equal a (Block.dequantize Dtype.Float32 q)) "dequantize_into %s" (Block.scheme_name s))
    Block.[ Mxfp4; Nvfp4; Mxfp8_e4m3; Ggml_q8_0; Ggml_mxfp4 ];
  let refused name q a =
    let before = copy a in
    raises_invalid_arg ~name (fun () -> Block.dequantize_into q a);
    check (equal a before) "%s: destination unchanged" name
  in
  refused "dequantize_into dims" (Block.quantize Block.Mxfp4 x) (create Dtype.Float32 [| 32 |]);
  let buf = Bigarray.Array1.create Bigarray.char Bigarray.c_layout 600 in
  Bigarray.Array1.fill buf '\x22';
  let sub o n = Bigarray.Array1.sub buf o n in
  List.iter
    (fun off ->
      (* Elements at [off], 16 bytes; scales at 300; the destination's
         128 bytes over the elements, then over the scales. *)
      let elements = of_buffer Dtype.Uint8 [| 16 |] (sub off 16) in
      let scales = of_buffer Dtype.Uint8 [| 1 |] (sub 300 1) in
      let q = Block.v Block.Mxfp4 ~dims:[| 32 |] ~scales elements in
      let dst o = of_buffer Dtype.Float32 [| 32 |] (sub o 128) in
      refused (Printf.sprintf "elements overlap %d" off) q (dst (max 0 (off - 100)));
      refused (Printf.sprintf "scales overlap %d" off) q (dst (300 - 127 + (off mod 100)));
      (* Beside them, not over them: accepted. *)
      Block.dequantize_into q (dst 400))
    [ 0; 1; 5; 48; 99 ];
  match Block.dequantize_into (Block.quantize Block.Mxfp4 x) (of_buffer Dtype.Float32 [| 64 |] (sub 0 256)) with
  | () -> ()
  | exception Invalid_argument m -> check false "no overlap, refused: %s" m

let test_large_and_domains () =
  (* Past the size at which the stubs release the runtime lock, from two
     domains at once; the same bits as one at a time. *)
  let n = 1 lsl 16 in
  let a = f32 [| n |] (Array.init n (fun i -> Float.of_int ((i * 7919) mod 1013) /. 97. -. 5.)) in
  let one s = Block.quantize s a in
  let seq = List.map one [ Block.Mxfp4; Block.Nvfp4 ] in
  let d = Domain.spawn (fun () -> one Block.Mxfp4) in
  let nv = one Block.Nvfp4 in
  let mx = Domain.join d in
  let same x y = equal (Block.elements x) (Block.elements y) in
  check (same mx (List.nth seq 0) && same nv (List.nth seq 1)) "two domains";
  let back = Block.dequantize Dtype.Bfloat16 mx in
  check (size back = n) "large dequantize"

let test_ggml_nvfp4_zero_threshold () =
  (* A sub-block's scale is amax / 6 rounded to nearest even into UE4M3,
     whose least subnormal is 2^-9: amax up to 3 x 2^-9 (the tie goes to
     the even 0) gets the scale 0 and zero elements; the next float32
     above does not. 2^-8, below 3 x 2^-9, is zero too. *)
  let t = 3. *. 0x1p-9 in
  let above = Int32.float_of_bits (Int32.add (Int32.bits_of_float t) 1l) in
  let xs = Array.make 64 0. in
  xs.(0) <- t;
  xs.(16) <- above;
  xs.(32) <- 0x1p-8;
  xs.(48) <- -.t;
  let d = Block.dequantize Dtype.Float64 (Block.quantize Block.Ggml_nvfp4 (f32 [| 64 |] xs)) in
  check (get d [| 0 |] = 0.) "amax 3 x 2^-9: zero (got %h)" (get d [| 0 |]);
  check (get d [| 16 |] > 0.) "amax just above 3 x 2^-9: not zero (got %h)" (get d [| 16 |]);
  check (get d [| 32 |] = 0.) "amax 2^-8: zero (got %h)" (get d [| 32 |]);
  check (get d [| 48 |] = 0.) "amax -3 x 2^-9: zero (got %h)" (get d [| 48 |])

let () =
  test_facts ();
  test_round_trip ();
  test_special_blocks ();
  test_nvfp4_exact_quotient ();
  test_ggml_nvfp4_zero_threshold ();
  test_single_values ();
  test_checkpoints ();
  test_errors ();
  test_dequantize_into ();
  test_large_and_domains ();
  Vectors.run "vectors.txt";
  Single_values.run "values.txt";
  Gguf_blocks.run "gguf.txt";
  finish "block"
