open Nx_array
open Check

let () =
  let float = eq ~pp:pp_hex in
  float "of_float float16, bytecode" 0x1.998p-4 (Dtype.of_float Dtype.Float16 0.1);
  float "of_float bfloat16, bytecode" 0x1.02p0
    (Dtype.of_float Dtype.Bfloat16 (1. +. 0x1p-8 +. 0x1p-40));
  float "of_float float64, bytecode" 0.1 (Dtype.of_float Dtype.Float64 0.1);
  float "of_float float32, bytecode" (Int32.float_of_bits (Int32.bits_of_float 0.1))
    (Dtype.of_float Dtype.Float32 0.1);
  float "of_float float8_e4m3fn, bytecode" 0x1.ap-4 (Dtype.of_float Dtype.Float8_e4m3fn 0.1);
  float "of_float float8_e5m2, bytecode" 0x1.8p-4 (Dtype.of_float Dtype.Float8_e5m2 0.1);
  float "of_float float4_e2m1fn, bytecode" 6. (Dtype.of_float Dtype.Float4_e2m1fn 5.1);
  eq ~pp:(fun ppf -> Format.fprintf ppf "%ld") "of_float uint32, bytecode" (-1l)
    (Dtype.of_float Dtype.Uint32 1e20);
  eq ~pp:Format.pp_print_string "pp_value, bytecode" "450"
    (Format.asprintf "%a" (Dtype.pp_value Dtype.Float8_e4m3fn) 448.);
  eq ~pp:Format.pp_print_string "pp_value float64, bytecode" "1e-05"
    (Format.asprintf "%a" (Dtype.pp_value Dtype.Float64) 1e-5);
  (* Every other twin and export, from bytecode: stores and loads by
     code, facts, the text's refusal, strings, views. *)
  eq ~pp:Format.pp_print_int "of_float int8, bytecode" (-128) (Dtype.of_float Dtype.Int8 (-1e9));
  float "get float16, bytecode" 0x1.998p-4 (get (of_array Dtype.Float16 [| 1 |] [| 0.1 |]) [| 0 |]);
  (match Nx_array_core.Native.facts 3 with
   | Some r -> eq ~pp:Format.pp_print_string "facts, bytecode" "bfloat16" r.name
   | None -> check false "facts 3, bytecode");
  raises_invalid_arg ~name:"pp_value of a non-value, bytecode" (fun () ->
      Format.asprintf "%a" (Dtype.pp_value Dtype.Float16) 0.1);
  let a = of_array Dtype.Float32 [| 3 |] [| 1.; 0.1; 1e30 |] in
  check (to_array (cast Dtype.Float16 a) = [| 1.; Dtype.of_float Dtype.Float16 0.1; infinity |]) "cast, bytecode";
  check (to_string (cast Dtype.Int4 a) = "\x01\x07") "int4, bytecode";
  let s = to_string ~byte_order:Big_endian a in
  check (equal (of_string ~byte_order:Big_endian Dtype.Float32 [| 3 |] s) a) "strings, bytecode";
  (match to_bigarray_view a with
   | Some ga -> float "view, bytecode" (Dtype.of_float Dtype.Float32 0.1) (Bigarray.Genarray.get ga [| 1 |])
   | None -> check false "view, bytecode");
  (* Block's externals: the six-argument twins read their arguments from
     an array, the others one by one. *)
  let grid = [| 0.; 0.5; 1.; 1.5; 2.; 3.; 4.; 6. |] in
  let w =
    of_array Dtype.Float32 [| 32 |]
      (Array.init 32 (fun i -> (if i >= 16 then -1. else 1.) *. grid.(i mod 8)))
  in
  let q = Block.quantize Block.Mxfp4 w in
  check (to_array (Block.dequantize Dtype.Float32 q) = to_array w) "block mxfp4, bytecode";
  let n = Block.quantize Block.Nvfp4 w in
  float "block tensor scale, bytecode" (6. /. (6. *. 448.) |> Int32.bits_of_float |> Int32.float_of_bits)
    (Block.tensor_scale n);
  eq ~pp:Format.pp_print_int "block e8m0 store, bytecode" 127 (Block.E8m0.of_float 1.);
  float "block float6 load, bytecode" 7.5 (Block.Float6.to_float Block.Float6.E2m3fn 0x1f);
  (* Deflate, inflate and CRC-32's externals (zlib-rs). *)
  let big = of_array Dtype.Float32 [| 1000 |] (Array.init 1000 (fun i -> Float.of_int (i mod 7))) in
  let z = Npy.Npz.to_string ~compress:true [ ("w", Npy.Any big) ] in
  (match Result.bind (Npy.Npz.of_string z) (fun z -> Npy.Npz.read_as Dtype.Float32 z "w") with
   | Ok b -> check (equal b big) "npz deflated, bytecode"
   | Error m -> check false "npz deflated, bytecode: %s" m);
  finish "test_byte"
