(* Dtype.of_float against stores.txt, the stores of ~120k doubles into every
   float format computed by an exact reference (test/vectors/gen_stores.py),
   and against the integer and boolean store rules restated here. *)

open Nx_array
open Check

let formats =
  (* dtype, column, decoder of the column's encoding *)
  let small ~e ~f ~specials enc = decode ~e ~f ~specials (Int64.to_int enc) in
  [ Dtype.Any Dtype.Float64, 1, Int64.float_of_bits;
    Any Dtype.Float32, 2, (fun e -> Int32.float_of_bits (Int64.to_int32 e));
    Any Dtype.Float16, 3, small ~e:5 ~f:10 ~specials:`Ieee;
    Any Dtype.Bfloat16, 4, small ~e:8 ~f:7 ~specials:`Ieee;
    Any Dtype.Float8_e4m3fn, 5, small ~e:4 ~f:3 ~specials:`Fn;
    Any Dtype.Float8_e5m2, 6, small ~e:5 ~f:2 ~specials:`Ieee;
    Any Dtype.Float4_e2m1fn, 7, small ~e:2 ~f:1 ~specials:`None ]

let of_float_as_float : type v s. (v, s) Dtype.t -> float -> float = fun dt x ->
  match Dtype.kind dt with Dtype.Float -> Dtype.of_float dt x | _ -> assert false

(* The integer rule: truncate toward zero, saturate, NaN as 0. *)
let int_rule ~lo ~hi x =
  if Float.is_nan x then 0. else Float.min hi (Float.max lo (Float.trunc x))

let check_ints x =
  let r = int_rule in
  let fi = float in
  check (fi (Dtype.of_float Dtype.Int16 x) = r ~lo:(-32768.) ~hi:32767. x) "int16 %h" x;
  check (fi (Dtype.of_float Dtype.Uint16 x) = r ~lo:0. ~hi:65535. x) "uint16 %h" x;
  check (fi (Dtype.of_float Dtype.Int8 x) = r ~lo:(-128.) ~hi:127. x) "int8 %h" x;
  check (fi (Dtype.of_float Dtype.Uint8 x) = r ~lo:0. ~hi:255. x) "uint8 %h" x;
  check (fi (Dtype.of_float Dtype.Int4 x) = r ~lo:(-8.) ~hi:7. x) "int4 %h" x;
  check (fi (Dtype.of_float Dtype.Uint4 x) = r ~lo:0. ~hi:15. x) "uint4 %h" x;
  check (Int32.to_float (Dtype.of_float Dtype.Int32 x) = r ~lo:(-0x1p31) ~hi:(0x1p31 -. 1.) x)
    "int32 %h" x;
  let u32 = Int64.logand (Int64.of_int32 (Dtype.of_float Dtype.Uint32 x)) 0xffffffffL in
  check (Int64.to_float u32 = r ~lo:0. ~hi:(0x1p32 -. 1.) x) "uint32 %h" x;
  (* 64-bit: compare as integers, the bounds being exact. *)
  let i64 = Dtype.of_float Dtype.Int64 x in
  let e64 =
    if Float.is_nan x then 0L else if x >= 0x1p63 then Int64.max_int
    else if x <= -0x1p63 then Int64.min_int else Int64.of_float x
  in
  check (Int64.equal i64 e64) "int64 %h" x;
  let u64 = Dtype.of_float Dtype.Uint64 x in
  let e64 =
    if Float.is_nan x || x <= 0. then 0L else if x >= 0x1p64 then -1L
    else if x >= 0x1p63 then Int64.add (Int64.of_float (x -. 0x1p63)) Int64.min_int
    else Int64.of_float x
  in
  check (Int64.equal u64 e64) "uint64 %h" x;
  check (Dtype.of_float Dtype.Bool x = (Float.is_nan x || x <> 0.)) "bool %h" x;
  check (Dtype.of_float Dtype.Bit x = (Float.is_nan x || x <> 0.)) "bit %h" x

let check_line line =
  match String.split_on_char ' ' line with
  | x :: cols when String.length line > 0 && line.[0] <> '#' ->
      let x = Int64.float_of_bits (Int64.of_string ("0x" ^ x)) in
      let cols = Array.of_list (List.map (fun c -> Int64.of_string ("0x" ^ c)) cols) in
      List.iter
        (fun (Dtype.Any dt, col, dec) ->
          let expect = dec cols.(col - 1) in
          let got = of_float_as_float dt x in
          check (same_float got expect) "of_float %s %h (%Lx): %h, expected %h"
            (Dtype.name dt) x (Int64.bits_of_float x) got expect)
        formats;
      let c = Dtype.of_float Dtype.Complex64 x in
      check (same_float c.re (Dtype.of_float Dtype.Float32 x) && same_float c.im 0.)
        "complex64 %h" x;
      let c = Dtype.of_float Dtype.Complex128 x in
      check (same_float c.re (Dtype.of_float Dtype.Float64 x) && same_float c.im 0.)
        "complex128 %h" x;
      check_ints x;
      1
  | _ -> 0

let () =
  let ic = open_in "../vectors/stores.txt" in
  let n = ref 0 in
  (try
     while true do
       n := !n + check_line (input_line ic)
     done
   with End_of_file -> close_in ic);
  check (!n > 100_000) "at least 100k vectors (%d)" !n;
  (* The double-rounding traps of the reading notes. *)
  check (Dtype.of_float Dtype.Bfloat16 (1. +. 0x1p-8 +. 0x1p-40) = 0x1.02p0) "bf16 trap";
  check (Dtype.of_float Dtype.Float16 2047.4999999850988 = 2047.) "f16 trap";
  check (Dtype.of_float Dtype.Float16 (1. +. 0x1p-11 +. 0x1p-40) = 1. +. 0x1p-10) "f16 sticky";
  check (Dtype.of_float Dtype.Float8_e4m3fn (-431.99999999999994) = -416.) "e4m3 trap";
  check (Dtype.of_float Dtype.Float4_e2m1fn (2.5 +. 0x1p-30) = 3.) "e2m1 trap";
  check (Dtype.of_float Dtype.Float8_e4m3fn 1000. = 448.) "e4m3 saturates";
  check (Dtype.of_float Dtype.Float4_e2m1fn neg_infinity = -6.) "e2m1 saturates";
  check (same_float (Dtype.of_float Dtype.Float4_e2m1fn (-.nan)) 0.) "e2m1 nan is +0";
  finish "test_stores"
