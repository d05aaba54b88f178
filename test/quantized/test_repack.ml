(* Block.to_ggml and of_ggml: gpt-oss's MXFP4 and ModelOpt's NVFP4
   repacked into ggml's blocks and back, over random bytes (every scale
   byte the repack takes, NaN scales among MXFP4's): the blocks
   dequantize to the same bits (times NVFP4's tensor scale, exact in
   float64), and repacking back gives the bytes that were there. ggml's
   dequantization is held to gguf-py's by test/block, so equal values
   here are gguf-py's values. *)

open Nx_array

let check = Check.check
let rng = Random.State.make [| 20261203 |]

let random_bytes n f =
  let a = create Dtype.Uint8 [| n |] in
  for i = 0 to n - 1 do set a [| i |] (f i) done;
  a

let same_bits what a b =
  let n = size a in
  let fa = reshape a [| n |] and fb = reshape b [| n |] in
  let bad = ref 0 in
  for i = 0 to n - 1 do
    let x = get_bits fa [| i |] and y = get_bits fb [| i |] in
    if x <> y then begin
      incr bad;
      if !bad <= 3 then check false "%s: element %d: %Lx, expected %Lx" what i y x
    end
  done;
  check (!bad = 0) "%s: %d elements differ" what !bad

let test_mxfp4 () =
  List.iter
    (fun dims ->
      let n = Array.fold_left ( * ) 1 dims in
      let elements = random_bytes (n / 2) (fun _ -> Random.State.int rng 256) in
      let scales = random_bytes (n / 32) (fun i -> if i mod 17 = 5 then 255 else Random.State.int rng 256) in
      let q = Block.v ~scales Block.Mxfp4 ~dims elements in
      let g, ts = Block.to_ggml q in
      check (Block.scheme g = Block.Ggml_mxfp4 && ts = 1.) "mxfp4: ggml_mxfp4 and 1";
      check (Block.dims g = dims) "mxfp4: dims";
      same_bits "mxfp4 -> ggml_mxfp4" (Block.dequantize Dtype.Float32 q) (Block.dequantize Dtype.Float32 g);
      let back = Block.of_ggml g in
      check (to_string (Block.elements back) = to_string elements) "mxfp4: elements back";
      check (to_string (Option.get (Block.scales back)) = to_string scales) "mxfp4: scales back")
    [ [| 32 |]; [| 3; 64 |]; [| 2; 5; 96 |]; [| 64; 2880 |] ]

let test_nvfp4 () =
  List.iter
    (fun (dims, ts) ->
      let n = Array.fold_left ( * ) 1 dims in
      let elements = random_bytes (n / 2) (fun _ -> Random.State.int rng 256) in
      (* Every scale byte ggml's UE4M3 holds: 0x00 to 0x7E. *)
      let scales = random_bytes (n / 16) (fun i -> if i < 0x7F then i else Random.State.int rng 0x7F) in
      let q = Block.v ~scales ~tensor_scale:ts Block.Nvfp4 ~dims elements in
      let g, ts' = Block.to_ggml q in
      check (Block.scheme g = Block.Ggml_nvfp4 && ts' = ts) "nvfp4: ggml_nvfp4 and the tensor scale";
      let times a x = of_array Dtype.Float64 (Nx_array.dims a) (Array.map (fun v -> v *. x) (to_array a)) in
      same_bits "nvfp4 -> ggml_nvfp4 x tensor scale" (Block.dequantize Dtype.Float64 q)
        (times (Block.dequantize Dtype.Float64 g) ts');
      let back = Block.of_ggml ~tensor_scale:ts g in
      check (to_string (Block.elements back) = to_string elements) "nvfp4: elements back";
      check (to_string (Option.get (Block.scales back)) = to_string scales) "nvfp4: scales back";
      check (Block.tensor_scale back = ts) "nvfp4: tensor scale back")
    [ ([| 64 |], 1.); ([| 4; 128 |], 0x1.8p-7); ([| 64; 2048 |], 0x1.234568p-3) ];
  (* ggml's scale bytes that E4M3 reads otherwise: bit 7 dropped, 0x7F
     (read 0) as 0x00, 0xFF (read 480) refused; the values stay ggml's. *)
  let blocks = random_bytes 36 (fun i -> if i < 4 then [| 0x80; 0xC1; 0x7F; 0xFE |].(i) else Random.State.int rng 256) in
  let g = Block.v Block.Ggml_nvfp4 ~dims:[| 64 |] blocks in
  let q = Block.of_ggml g in
  check (to_string (Option.get (Block.scales q)) = "\x00\x41\x00\x7e") "ggml scales into E4M3: %S"
    (to_string (Option.get (Block.scales q)));
  same_bits "ggml_nvfp4 -> nvfp4" (Block.dequantize Dtype.Float32 g) (Block.dequantize Dtype.Float32 q);
  set blocks [| 0 |] 0xFF;
  Check.raises_invalid_arg ~name:"of_ggml of a scale 0xff" (fun () -> Block.of_ggml g);
  let q = Block.v ~scales:(random_bytes 4 (fun i -> if i = 2 then 0x7F else 0x38)) Block.Nvfp4 ~dims:[| 64 |]
      (random_bytes 32 (fun _ -> 0x21)) in
  Check.raises_invalid_arg ~name:"to_ggml of an E4M3 NaN scale" (fun () -> Block.to_ggml q);
  let q = Block.v ~scales:(random_bytes 2 (fun _ -> 0x38)) Block.Nvfp4 ~dims:[| 32 |] (random_bytes 16 (fun _ -> 0)) in
  Check.raises_invalid_arg ~name:"to_ggml of a row of 32" (fun () -> Block.to_ggml q);
  Check.raises_invalid_arg ~name:"to_ggml of mxfp8" (fun () ->
      Block.to_ggml (Block.quantize Block.Mxfp8_e4m3 (create Dtype.Float32 [| 32 |])))

let () =
  test_mxfp4 ();
  test_nvfp4 ();
  Check.finish "repack"
