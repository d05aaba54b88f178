open Nx_array
open Check

let () =
  check (Dtype.of_float Dtype.Float16 0.1 = 0x1.998p-4) "of_float, bytecode";
  check (Dtype.of_float Dtype.Bfloat16 (1. +. 0x1p-8 +. 0x1p-40) = 0x1.02p0) "bfloat16, bytecode";
  check (Dtype.of_float Dtype.Float64 0.1 = 0.1) "float64, bytecode";
  check (Dtype.of_float Dtype.Float32 0.1 = Int32.float_of_bits (Int32.bits_of_float 0.1))
    "float32, bytecode";
  check (Dtype.of_float Dtype.Float8_e4m3fn 0.1 = 0x1.ap-4) "float8_e4m3fn, bytecode";
  check (Dtype.of_float Dtype.Float8_e5m2 0.1 = 0x1.8p-4) "float8_e5m2, bytecode";
  check (Dtype.of_float Dtype.Float4_e2m1fn 5.1 = 6.) "float4_e2m1fn, bytecode";
  check (Dtype.of_float Dtype.Uint32 1e20 = -1l) "uint32, bytecode";
  check (Format.asprintf "%a" (Dtype.pp_value Dtype.Float8_e4m3fn) 448. = "450") "pp_value, bytecode";
  let a = of_array Dtype.Float32 [| 3 |] [| 1.; 0.1; 1e30 |] in
  check (to_array (cast Dtype.Float16 a) = [| 1.; Dtype.of_float Dtype.Float16 0.1; infinity |]) "cast, bytecode";
  check (to_string (cast Dtype.Int4 a) = "\x01\x07") "int4, bytecode";
  finish "test_byte"
