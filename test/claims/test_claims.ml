(* The numerical claims of the interfaces: thresholds, bounds, sizes,
   constants, tie rules and ranges, each checked where it could be
   false, on both sides of a threshold or a tie, through the public API.
   Grouped by the .mli that states them, each under the claim, briefly
   quoted. *)

open Nx_array
module D = Dtype
module S = Safetensors
module B = Block

let ck = Check.check
let feq what want got = Check.eq ~equal:Check.same_float ~pp:Check.pp_hex what want got
let ieq what want got = Check.eq ~pp:Format.pp_print_int what want got
let beq what want got = Check.eq ~pp:Format.pp_print_bool what want got
let seq what want got = Check.eq ~pp:(fun ppf s -> Format.fprintf ppf "%S" s) what want got
let xeq what want got = Check.eq ~pp:(fun ppf x -> Format.fprintf ppf "0x%Lx" x) what want got
let raises name f = Check.raises_invalid_arg ~name f

let no_raise name f =
  match f () with
  | _ -> ck true "%s" name
  | exception e -> ck false "%s: raised %s" name (Printexc.to_string e)

let is_ok name = function Ok _ -> ck true "%s" name | Error m -> ck false "%s: Error %s" name m
let is_error name = function Error _ -> ck true "%s" name | Ok _ -> ck false "%s: Ok" name
let nan_ what x = ck (Float.is_nan x) "%s: %h is not NaN" what x
let p2 = Float.ldexp 1.

(* The bits a store of [x] into [dt] writes, and the value of [bits]. *)
let store_bits dt x =
  let a = create dt [| 1 |] in
  set a [| 0 |] x;
  get_bits a [| 0 |]

let of_bits dt b =
  let a = create dt [| 1 |] in
  set_bits a [| 0 |] b;
  get a [| 0 |]

let show dt v = Format.asprintf "%a" (D.pp_value dt) v

(* {1 ocaml/core/dtype.mli} *)

let () =
  (* "float8 E4M3FN: ... no infinity; S.1111.111 is NaN. Its largest
     finite value is 448." *)
  feq "e4m3 0x7e is 448" 448. (of_bits D.Float8_e4m3fn 0x7eL);
  nan_ "e4m3 0x7f" (of_bits D.Float8_e4m3fn 0x7fL);
  nan_ "e4m3 0xff" (of_bits D.Float8_e4m3fn 0xffL);
  feq "e4m3 0xfe is -448" (-448.) (of_bits D.Float8_e4m3fn 0xfeL);
  feq "e4m3 0x78 is 256" 256. (of_bits D.Float8_e4m3fn 0x78L);
  feq "e4m3 max_finite" 448. (D.float_format D.Float8_e4m3fn).max_finite;
  (* "float8 E5M2: ... infinities and NaNs as in IEEE 754. Its largest
     finite value is 57344." *)
  feq "e5m2 0x7b is 57344" 57344. (of_bits D.Float8_e5m2 0x7bL);
  feq "e5m2 0x7c is inf" infinity (of_bits D.Float8_e5m2 0x7cL);
  nan_ "e5m2 0x7d" (of_bits D.Float8_e5m2 0x7dL);
  feq "e5m2 max_finite" 57344. (D.float_format D.Float8_e5m2).max_finite;
  (* "float4 E2M1FN ... Its values are ±{0, 0.5, 1, 1.5, 2, 3, 4, 6}." *)
  let want = [ 0.; 0.5; 1.; 1.5; 2.; 3.; 4.; 6. ] in
  List.iteri
    (fun c v ->
      feq (Printf.sprintf "e2m1 code %d" c) v (of_bits D.Float4_e2m1fn (Int64.of_int c));
      feq (Printf.sprintf "e2m1 code %d" (c + 8)) (-.v) (of_bits D.Float4_e2m1fn (Int64.of_int (c + 8))))
    want;
  (* "bfloat16: binary32's sign, 8 exponent bits and the top 7 fraction
     bits." *)
  List.iter
    (fun b ->
      feq (Printf.sprintf "bfloat16 0x%x is binary32's top half" b)
        (Int32.float_of_bits (Int32.shift_left (Int32.of_int b) 16))
        (of_bits D.Bfloat16 (Int64.of_int b)))
    [ 0x3f80; 0x7f7f; 0x0001; 0x8000; 0xc2f7; 0x0080; 0x007f ];
  let ff = D.float_format D.Bfloat16 in
  ieq "bfloat16 exponent bits" 8 ff.exponent_bits;
  ieq "bfloat16 fraction bits" 7 ff.fraction_bits;
  (* "[of_code c] is ... None unless 0 <= c < List.length all" *)
  ieq "21 dtypes" 21 (List.length D.all);
  ck (D.of_code (-1) = None) "of_code -1";
  ck (D.of_code 0 = Some (D.Any D.Float64)) "of_code 0";
  ck (D.of_code 20 = Some (D.Any D.Bit)) "of_code 20";
  ck (D.of_code 21 = None) "of_code 21";
  List.iteri (fun i (D.Any dt) -> ieq "code is index in all" i (D.code dt)) D.all;
  (* "[bits dt] ... 1 for Bit, 4 for the 4-bit formats, 8 for Bool, up
     to 128 for Complex128." *)
  ieq "bits Bit" 1 (D.bits D.Bit);
  ieq "bits Int4" 4 (D.bits D.Int4);
  ieq "bits Uint4" 4 (D.bits D.Uint4);
  ieq "bits Float4" 4 (D.bits D.Float4_e2m1fn);
  ieq "bits Bool" 8 (D.bits D.Bool);
  ieq "bits Complex128" 128 (D.bits D.Complex128);
  ieq "most bits" 128 (List.fold_left (fun m (D.Any dt) -> max m (D.bits dt)) 0 D.all);
  (* "[bytes dt n] is ⌈n · bits dt / 8⌉. Raises if n < 0 or the number
     does not fit in an int." *)
  ieq "bytes Bit 8" 1 (D.bytes D.Bit 8);
  ieq "bytes Bit 9" 2 (D.bytes D.Bit 9);
  ieq "bytes Bit 0" 0 (D.bytes D.Bit 0);
  ieq "bytes Int4 3" 2 (D.bytes D.Int4 3);
  ieq "bytes Int4 4" 2 (D.bytes D.Int4 4);
  ieq "bytes Complex128 3" 48 (D.bytes D.Complex128 3);
  raises "bytes n = -1" (fun () -> D.bytes D.Uint8 (-1));
  ieq "bytes Uint8 max_int" max_int (D.bytes D.Uint8 max_int);
  ieq "bytes Bit max_int" ((max_int / 8) + 1) (D.bytes D.Bit max_int);
  ieq "bytes Uint16 max_int/2" (max_int - 1) (D.bytes D.Uint16 (max_int / 2));
  raises "bytes Uint16 max_int/2+1" (fun () -> D.bytes D.Uint16 ((max_int / 2) + 1));
  (* "[name dt] is dt's constructor name in lower case" *)
  seq "name Float32" "float32" (D.name D.Float32);
  seq "name Float4" "float4_e2m1fn" (D.name D.Float4_e2m1fn);
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_string) "names"
    [ "float64"; "float32"; "float16"; "bfloat16"; "float8_e4m3fn"; "float8_e5m2"; "float4_e2m1fn";
      "int64"; "uint64"; "int32"; "uint32"; "int16"; "uint16"; "int8"; "uint8"; "int4"; "uint4";
      "complex128"; "complex64"; "bool"; "bit" ]
    (List.map (fun (D.Any dt) -> D.name dt) D.all);
  (* "[of_bigarray_kind k] ... None for Char, Int and Nativeint." *)
  ck (D.of_bigarray_kind Bigarray.char = None) "of_bigarray_kind char";
  ck (D.of_bigarray_kind Bigarray.int = None) "of_bigarray_kind int";
  ck (D.of_bigarray_kind Bigarray.nativeint = None) "of_bigarray_kind nativeint";
  ck (D.of_bigarray_kind Bigarray.float16 = Some D.Float16) "of_bigarray_kind float16";
  ck (D.of_bigarray_kind Bigarray.int8_unsigned = Some D.Uint8) "of_bigarray_kind uint8";
  (* "[to_bigarray_kind dt] ... None for Bfloat16, the float8 and float4
     dtypes, Int4, Uint4, Uint32, Uint64, Bool and Bit." *)
  let none = [ "bfloat16"; "float8_e4m3fn"; "float8_e5m2"; "float4_e2m1fn"; "int4"; "uint4"; "uint32"; "uint64"; "bool"; "bit" ] in
  List.iter
    (fun (D.Any dt) ->
      beq ("to_bigarray_kind " ^ D.name dt) (not (List.mem (D.name dt) none))
        (D.to_bigarray_kind dt <> None))
    D.all;
  (* "[min_value dt]: neg_infinity for a float format with infinities,
     -448. for Float8_e4m3fn and -6. for Float4_e2m1fn, false for
     booleans; raises if dt is complex." *)
  feq "min Float64" neg_infinity (D.min_value D.Float64);
  feq "min Float16" neg_infinity (D.min_value D.Float16);
  feq "min Bfloat16" neg_infinity (D.min_value D.Bfloat16);
  feq "min e5m2" neg_infinity (D.min_value D.Float8_e5m2);
  feq "min e4m3" (-448.) (D.min_value D.Float8_e4m3fn);
  feq "min e2m1" (-6.) (D.min_value D.Float4_e2m1fn);
  beq "min Bool" false (D.min_value D.Bool);
  ieq "min Int4" (-8) (D.min_value D.Int4);
  ieq "min Uint16" 0 (D.min_value D.Uint16);
  raises "min Complex64" (fun () -> D.min_value D.Complex64);
  (* "[max_value dt]: infinity ..., 448., 6., true; 15, 255, 65535;
     Uint32 and Uint64 every bit set, -1l and -1L." *)
  feq "max Float32" infinity (D.max_value D.Float32);
  feq "max e5m2" infinity (D.max_value D.Float8_e5m2);
  feq "max e4m3" 448. (D.max_value D.Float8_e4m3fn);
  feq "max e2m1" 6. (D.max_value D.Float4_e2m1fn);
  beq "max Bool" true (D.max_value D.Bool);
  beq "max Bit" true (D.max_value D.Bit);
  ieq "max Uint4" 15 (D.max_value D.Uint4);
  ieq "max Uint8" 255 (D.max_value D.Uint8);
  ieq "max Uint16" 65535 (D.max_value D.Uint16);
  ck (D.max_value D.Uint32 = -1l) "max Uint32";
  ck (D.max_value D.Uint64 = -1L) "max Uint64";
  raises "max Complex128" (fun () -> D.max_value D.Complex128);
  (* "the Uint32 value -1l is 4294967295" *)
  seq "pp Uint32 -1l" "4294967295" (show D.Uint32 (-1l));
  seq "pp Uint64 -1L" "18446744073709551615" (show D.Uint64 (-1L));
  (* "[holds dt x] is false iff x is an int below min_value dt or above
     max_value dt" *)
  let h dt lo hi =
    let n = D.name dt in
    beq (n ^ " holds min") true (D.holds dt lo);
    beq (n ^ " holds max") true (D.holds dt hi);
    beq (n ^ " holds min-1") false (D.holds dt (lo - 1));
    beq (n ^ " holds max+1") false (D.holds dt (hi + 1))
  in
  h D.Int4 (-8) 7; h D.Uint4 0 15; h D.Int8 (-128) 127; h D.Uint8 0 255;
  h D.Int16 (-32768) 32767; h D.Uint16 0 65535;
  beq "Float32 holds 1e300" true (D.holds D.Float32 1e300);
  beq "Uint32 holds -1l" true (D.holds D.Uint32 (-1l));
  beq "Int64 holds min_int" true (D.holds D.Int64 Int64.min_int);
  (* "[exact a b]: int8 into bfloat16, int16 into float32, int32 into
     float64, int64 into none; float16 and bfloat16 into float32, the
     8-bit floats into float16; a boolean into every dtype, only a boolean
     holds a boolean; complex only into complex" *)
  let ex what want a b = beq ("exact " ^ what) want (D.exact a b) in
  ex "int8 bfloat16" true D.Int8 D.Bfloat16;
  ex "uint8 bfloat16" true D.Uint8 D.Bfloat16;
  ex "int16 bfloat16" false D.Int16 D.Bfloat16;
  ex "int16 float16" false D.Int16 D.Float16;
  ex "int16 float32" true D.Int16 D.Float32;
  ex "uint16 float32" true D.Uint16 D.Float32;
  ex "int32 float32" false D.Int32 D.Float32;
  ex "int32 float64" true D.Int32 D.Float64;
  ex "uint32 float64" true D.Uint32 D.Float64;
  ex "int64 float64" false D.Int64 D.Float64;
  ex "int64 complex128" false D.Int64 D.Complex128;
  ex "int64 uint64" false D.Int64 D.Uint64;
  ex "int8 int16" true D.Int8 D.Int16;
  ex "int8 uint16" false D.Int8 D.Uint16;
  ex "uint8 int16" true D.Uint8 D.Int16;
  ex "float16 float32" true D.Float16 D.Float32;
  ex "bfloat16 float32" true D.Bfloat16 D.Float32;
  ex "float16 bfloat16" false D.Float16 D.Bfloat16;
  ex "bfloat16 float16" false D.Bfloat16 D.Float16;
  ex "e4m3 float16" true D.Float8_e4m3fn D.Float16;
  ex "e5m2 float16" true D.Float8_e5m2 D.Float16;
  ex "e5m2 bfloat16" true D.Float8_e5m2 D.Bfloat16;
  ex "e4m3 e5m2" false D.Float8_e4m3fn D.Float8_e5m2;
  ex "float32 e4m3" false D.Float32 D.Float8_e4m3fn;
  List.iter (fun (D.Any dt) -> ex ("bool " ^ D.name dt) true D.Bool dt) D.all;
  List.iter (fun (D.Any dt) -> if D.name dt <> "bool" && D.name dt <> "bit" then ex (D.name dt ^ " bool") false dt D.Bool) D.all;
  ex "complex64 float64" false D.Complex64 D.Float64;
  ex "complex64 complex128" true D.Complex64 D.Complex128;
  ex "complex128 complex64" false D.Complex128 D.Complex64;
  ex "float32 complex64" true D.Float32 D.Complex64;
  ex "float64 complex64" false D.Float64 D.Complex64;
  ex "int16 complex64" true D.Int16 D.Complex64;
  ex "int32 complex64" false D.Int32 D.Complex64;
  (* pp_value: "[0.1] for a Float32 [0.1], [65500] for a Float16
     [65504.] ... a Float8_e4m3fn [448.] prints as [450] ... positionally
     for magnitudes from 10^-4 up to 10^16, as [0.01563], and as
     [d.ddde±XX] outside, as [1.59e+29] ... [0.5-2i]" *)
  seq "pp Float32 0.1" "0.1" (show D.Float32 (D.of_float D.Float32 0.1));
  seq "pp Float16 65504" "65500" (show D.Float16 65504.);
  seq "pp e4m3 448" "450" (show D.Float8_e4m3fn 448.);
  seq "pp e4m3 -448" "-450" (show D.Float8_e4m3fn (-448.));
  seq "pp e4m3 416" "420" (show D.Float8_e4m3fn 416.);
  seq "pp e5m2 57344" "60000" (show D.Float8_e5m2 57344.);
  seq "pp Float16 0.015625" "0.01563" (show D.Float16 0.015625);
  seq "pp Float64 1e-4" "0.0001" (show D.Float64 1e-4);
  seq "pp Float64 below 1e-4" "9.999999999999999e-05" (show D.Float64 (Float.pred 1e-4));
  seq "pp Float64 below 1e16" "9999999999999998" (show D.Float64 (Float.pred 1e16));
  seq "pp Float64 1e16" "1e+16" (show D.Float64 1e16);
  seq "pp Float32 1.59e29" "1.59e+29" (show D.Float32 (D.of_float D.Float32 1.59e29));
  seq "pp Complex64 0.5-2i" "0.5-2i" (show D.Complex64 { Complex.re = 0.5; im = -2. });
  seq "pp Complex64 0.5+2i" "0.5+2i" (show D.Complex64 { Complex.re = 0.5; im = 2. });
  seq "pp nan" "nan" (show D.Float32 nan);
  seq "pp -inf" "-inf" (show D.Float16 neg_infinity);
  raises "pp Float32 0.1 (not a float32)" (fun () -> show D.Float32 0.1);
  raises "pp e4m3 449 (not an e4m3)" (fun () -> show D.Float8_e4m3fn 449.)

(* {2 The Stores rule} *)

let () =
  (* "A finite x rounds once, ties to even": both sides of ties. *)
  let h = p2 (-11) in
  feq "Float16 1+2^-11 ties to 1" 1. (D.of_float D.Float16 (1. +. h));
  feq "Float16 above the tie" (1. +. p2 (-10)) (D.of_float D.Float16 (Float.succ (1. +. h)));
  feq "Float16 1+3*2^-11 ties to even" (1. +. p2 (-9)) (D.of_float D.Float16 (1. +. (3. *. h)));
  feq "Bfloat16 1+2^-8 ties to 1" 1. (D.of_float D.Bfloat16 (1. +. p2 (-8)));
  (* "Below the least normal magnitude the result is a subnormal or a
     zero of x's sign." *)
  feq "Float16 least subnormal" (p2 (-24)) (D.of_float D.Float16 (p2 (-24)));
  feq "Float16 half the least subnormal ties to +0" 0. (D.of_float D.Float16 (p2 (-25)));
  feq "Float16 above half the least subnormal" (p2 (-24)) (D.of_float D.Float16 (Float.succ (p2 (-25))));
  feq "Float16 -tiny is -0" (-0.) (D.of_float D.Float16 (-1e-10));
  feq "e4m3 least subnormal 2^-9" (p2 (-9)) (D.of_float D.Float8_e4m3fn (p2 (-9)));
  feq "e4m3 2^-10 ties to 0" 0. (D.of_float D.Float8_e4m3fn (p2 (-10)));
  (* "[65519.] stores in Float16 as [65504.] and [65520.] as infinity;
     [61440.], halfway past Float8_e5m2's largest finite value [57344.],
     stores as infinity." *)
  feq "Float16 0.1" (Float.of_string "0x1.998p-4") (D.of_float D.Float16 0.1);
  feq "Float16 65519" 65504. (D.of_float D.Float16 65519.);
  feq "Float16 below 65520" 65504. (D.of_float D.Float16 (Float.pred 65520.));
  feq "Float16 65520" infinity (D.of_float D.Float16 65520.);
  feq "Float16 -65520" neg_infinity (D.of_float D.Float16 (-65520.));
  feq "e5m2 below 61440" 57344. (D.of_float D.Float8_e5m2 (Float.pred 61440.));
  feq "e5m2 61440" infinity (D.of_float D.Float8_e5m2 61440.);
  feq "Float32 max" (Float.of_string "0x1.fffffep127") (D.of_float D.Float32 (Float.of_string "0x1.fffffefffffffp127"));
  feq "Float32 past max" infinity (D.of_float D.Float32 (Float.of_string "0x1.ffffffp127"));
  feq "Bfloat16 past max" infinity (D.of_float D.Bfloat16 (Float.of_string "0x1.ffp127"));
  feq "Bfloat16 below past max" (Float.of_string "0x1.fep127") (D.of_float D.Bfloat16 (Float.pred (Float.of_string "0x1.ffp127")));
  (* "saturates in those that have none: ±448 in Float8_e4m3fn and ±6 in
     Float4_e2m1fn" *)
  feq "e4m3 464 (the tie past 448)" 448. (D.of_float D.Float8_e4m3fn 464.);
  feq "e4m3 above 464" 448. (D.of_float D.Float8_e4m3fn (Float.succ 464.));
  feq "e4m3 1e300" 448. (D.of_float D.Float8_e4m3fn 1e300);
  feq "e4m3 inf" 448. (D.of_float D.Float8_e4m3fn infinity);
  feq "e4m3 -inf" (-448.) (D.of_float D.Float8_e4m3fn neg_infinity);
  xeq "e4m3 inf bits" 0x7eL (store_bits D.Float8_e4m3fn infinity);
  feq "e2m1 7" 6. (D.of_float D.Float4_e2m1fn 7.);
  feq "e2m1 inf" 6. (D.of_float D.Float4_e2m1fn infinity);
  feq "e2m1 -inf" (-6.) (D.of_float D.Float4_e2m1fn neg_infinity);
  feq "e2m1 5 ties to 4" 4. (D.of_float D.Float4_e2m1fn 5.);
  feq "e2m1 above 5" 6. (D.of_float D.Float4_e2m1fn (Float.succ 5.));
  feq "e2m1 0.25 ties to 0" 0. (D.of_float D.Float4_e2m1fn 0.25);
  feq "e2m1 above 0.25" 0.5 (D.of_float D.Float4_e2m1fn (Float.succ 0.25));
  (* "Float8_e4m3fn has one NaN of each sign, S.1111.111, and
     Float4_e2m1fn none: NaN stores there as +0." *)
  xeq "e4m3 nan" 0x7fL (store_bits D.Float8_e4m3fn nan);
  xeq "e4m3 -nan" 0xffL (store_bits D.Float8_e4m3fn (-.nan));
  xeq "e2m1 nan" 0L (store_bits D.Float4_e2m1fn nan);
  xeq "e2m1 -nan" 0L (store_bits D.Float4_e2m1fn (-.nan));
  (* "the quiet NaN of x's sign that keeps the top bits of its payload, as
     many as the format's fraction holds below its quiet bit" *)
  let snan = Int64.float_of_bits 0x7ff4_0000_0000_0001L in
  xeq "Float16 sNaN payload" 0x7f00L (store_bits D.Float16 snan);
  xeq "Float16 -sNaN payload" 0xff00L (store_bits D.Float16 (Int64.float_of_bits 0xfff4_0000_0000_0001L));
  xeq "Float16 payload below the kept bits" 0x7e00L (store_bits D.Float16 (Int64.float_of_bits 0x7ff0_0200_0000_0000L));
  xeq "Float16 lowest kept payload bit" 0x7e01L (store_bits D.Float16 (Int64.float_of_bits 0x7ff0_0400_0000_0000L));
  xeq "Bfloat16 sNaN payload" 0x7fe0L (store_bits D.Bfloat16 snan);
  xeq "e5m2 sNaN payload" 0x7fL (store_bits D.Float8_e5m2 snan);
  xeq "e5m2 payload below" 0x7eL (store_bits D.Float8_e5m2 (Int64.float_of_bits 0x7ff2_0000_0000_0000L));
  (* "Integers truncate toward zero and saturate to their range, signed
     and unsigned alike; NaN stores as 0." *)
  let i what want dt x = ieq what want (D.of_float dt x) in
  i "Int8 127.9" 127 D.Int8 127.9;
  i "Int8 128" 127 D.Int8 128.;
  i "Int8 -128.9" (-128) D.Int8 (-128.9);
  i "Int8 -129" (-128) D.Int8 (-129.);
  i "Int8 -1.9" (-1) D.Int8 (-1.9);
  i "Int8 nan" 0 D.Int8 nan;
  i "Int8 inf" 127 D.Int8 infinity;
  i "Uint8 -0.9" 0 D.Uint8 (-0.9);
  i "Uint8 -1" 0 D.Uint8 (-1.);
  i "Uint8 255.9" 255 D.Uint8 255.9;
  i "Uint8 256" 255 D.Uint8 256.;
  i "Int4 7.99" 7 D.Int4 7.99;
  i "Int4 8" 7 D.Int4 8.;
  i "Int4 -8.99" (-8) D.Int4 (-8.99);
  i "Int4 -9" (-8) D.Int4 (-9.);
  i "Uint4 15.5" 15 D.Uint4 15.5;
  i "Uint4 16" 15 D.Uint4 16.;
  i "Int16 -32769" (-32768) D.Int16 (-32769.);
  ck (D.of_float D.Uint32 4294967295.5 = -1l) "Uint32 4294967295.5";
  ck (D.of_float D.Uint32 4294967296. = -1l) "Uint32 2^32";
  ck (D.of_float D.Uint32 4294967294.9 = -2l) "Uint32 4294967294.9";
  ck (D.of_float D.Uint64 1e30 = -1L) "Uint64 1e30";
  ck (D.of_float D.Uint64 (-1e30) = 0L) "Uint64 -1e30";
  ck (D.of_float D.Int64 (p2 63) = Int64.max_int) "Int64 2^63";
  ck (D.of_float D.Int64 (Float.pred (p2 63)) = Int64.of_float (Float.pred (p2 63))) "Int64 below 2^63";
  ck (D.of_float D.Int64 (-.p2 63) = Int64.min_int) "Int64 -2^63";
  ck (D.of_float D.Int64 (-1e300) = Int64.min_int) "Int64 -1e300";
  ck (D.of_float D.Uint64 nan = 0L) "Uint64 nan";
  (* "Complex numbers store x as their real part, rounded to their
     component's format, and a zero imaginary part. Booleans store
     x <> 0., true for NaN." *)
  let c = D.of_float D.Complex64 0.1 in
  feq "Complex64 re" (D.of_float D.Float32 0.1) c.Complex.re;
  feq "Complex64 im" 0. c.Complex.im;
  beq "Bool nan" true (D.of_float D.Bool nan);
  beq "Bool 0" false (D.of_float D.Bool 0.);
  beq "Bool -0" false (D.of_float D.Bool (-0.));
  beq "Bool 5e-324" true (D.of_float D.Bool 5e-324);
  beq "Bit 5e-324" true (D.of_float D.Bit 5e-324);
  (* float_format: "epsilon ... 2^-fraction_bits"; min_normal, max_finite *)
  let fmt what dt e f inf nans eps mn mx =
    let ff = D.float_format dt in
    ieq (what ^ " exponent_bits") e ff.exponent_bits;
    ieq (what ^ " fraction_bits") f ff.fraction_bits;
    beq (what ^ " infinities") inf ff.infinities;
    beq (what ^ " nans") nans ff.nans;
    feq (what ^ " epsilon") eps ff.epsilon;
    feq (what ^ " epsilon is the gap after 1") (D.of_float dt (1. +. eps) -. 1.) ff.epsilon;
    feq (what ^ " half epsilon rounds to 1") 1. (D.of_float dt (1. +. (eps /. 2.)));
    feq (what ^ " min_normal") mn ff.min_normal;
    feq (what ^ " max_finite") mx ff.max_finite;
    feq (what ^ " max_finite stores") mx (D.of_float dt mx)
  in
  fmt "Float64" D.Float64 11 52 true true epsilon_float (p2 (-1022)) max_float;
  fmt "Float32" D.Float32 8 23 true true (p2 (-23)) (p2 (-126)) (Float.of_string "0x1.fffffep127");
  fmt "Float16" D.Float16 5 10 true true (p2 (-10)) (p2 (-14)) 65504.;
  fmt "Bfloat16" D.Bfloat16 8 7 true true (p2 (-7)) (p2 (-126)) (Float.of_string "0x1.fep127");
  fmt "e4m3" D.Float8_e4m3fn 4 3 false true (p2 (-3)) (p2 (-6)) 448.;
  fmt "e5m2" D.Float8_e5m2 5 2 true true (p2 (-2)) (p2 (-14)) 57344.;
  fmt "e2m1" D.Float4_e2m1fn 2 1 false false 0.5 1. 6.

(* {1 ocaml/core/arrays.mli} *)

let () =
  (* "a bigarray has at most 16, so to_bigarray raises and
     to_bigarray_view is None for an array of more" *)
  let a16 = create D.Float32 (Array.make 16 1) and a17 = create D.Float32 (Array.make 17 1) in
  no_raise "to_bigarray 16 dims" (fun () -> to_bigarray Bigarray.float32 a16);
  raises "to_bigarray 17 dims" (fun () -> to_bigarray Bigarray.float32 a17);
  ck (to_bigarray_view a16 <> None) "to_bigarray_view 16 dims";
  ck (to_bigarray_view a17 = None) "to_bigarray_view 17 dims";
  (* "[[||]] makes an array of one element" *)
  let s = create D.Int8 [||] in
  ieq "scalar size" 1 (size s);
  ieq "scalar ndims" 0 (ndims s);
  ieq "scalar bytes" 1 (nbytes_of s);
  ieq "empty dimension size" 0 (size (create D.Int8 [| 3; 0 |]));
  (* "Raises if a dimension is negative or the array's bytes do not fit
     in an int" *)
  raises "create -1" (fun () -> create D.Int8 [| -1 |]);
  raises "create bytes past max_int" (fun () -> create D.Uint16 [| (max_int / 2) + 1 |]);
  raises "create product past max_int" (fun () -> create D.Uint8 [| 1 lsl 31; 1 lsl 31 |]);
  ieq "nbytes_of Bit 9" 2 (nbytes_of (create D.Bit [| 9 |]));
  ieq "nbytes_of Int4 3x3" 5 (nbytes_of (create D.Int4 [| 3; 3 |]));
  (* "[get_bits a idx] ... [0x3f80L] for a Bfloat16 [1.]; raises if the
     elements have more than 64 bits (Complex128)" *)
  let b = create D.Bfloat16 [| 1 |] in
  set b [| 0 |] 1.;
  xeq "get_bits Bfloat16 1" 0x3f80L (get_bits b [| 0 |]);
  raises "get_bits Complex128" (fun () -> get_bits (create D.Complex128 [| 1 |]) [| 0 |]);
  let c = create D.Complex64 [| 1 |] in
  set c [| 0 |] { Complex.re = 1.; im = -2. };
  xeq "get_bits Complex64 (64 bits)" 0xc0000000_3f800000L (get_bits c [| 0 |]);
  xeq "get_bits Uint64 unsigned" (-1L) (get_bits (of_array D.Uint64 [| 1 |] [| -1L |]) [| 0 |]);
  xeq "get_bits Int8 -1 unsigned" 0xffL (get_bits (of_array D.Int8 [| 1 |] [| -1 |]) [| 0 |]);
  (* "[set_bits] raises if bits has bits set above the dtype's width" *)
  let sb dt b = let a = create dt [| 1 |] in set_bits a [| 0 |] b in
  no_raise "set_bits Int4 0xf" (fun () -> sb D.Int4 0xfL);
  raises "set_bits Int4 0x10" (fun () -> sb D.Int4 0x10L);
  no_raise "set_bits Bit 1" (fun () -> sb D.Bit 1L);
  raises "set_bits Bit 2" (fun () -> sb D.Bit 2L);
  no_raise "set_bits Float16 0xffff" (fun () -> sb D.Float16 0xffffL);
  raises "set_bits Float16 0x10000" (fun () -> sb D.Float16 0x10000L);
  no_raise "set_bits Uint32 0xffffffff" (fun () -> sb D.Uint32 0xffffffffL);
  raises "set_bits Uint32 2^32" (fun () -> sb D.Uint32 0x1_0000_0000L);
  no_raise "set_bits Uint64 -1" (fun () -> sb D.Uint64 (-1L));
  (* "[set] raises if v is an int that Dtype.holds refuses; then nothing
     is written" *)
  let a = of_array D.Int8 [| 1 |] [| 5 |] in
  no_raise "set Int8 127" (fun () -> set a [| 0 |] 127);
  raises "set Int8 128" (fun () -> set a [| 0 |] 128);
  ieq "nothing written" 127 (get a [| 0 |]);
  raises "set Int8 -129" (fun () -> set a [| 0 |] (-129));
  raises "fill Uint4 16" (fun () -> fill (create D.Uint4 [| 2 |]) 16);
  raises "of_array Int4 8" (fun () -> of_array D.Int4 [| 1 |] [| 8 |]);
  no_raise "of_array Int4 -8" (fun () -> of_array D.Int4 [| 1 |] [| -8 |]);
  raises "of_array size" (fun () -> of_array D.Int8 [| 2 |] [| 1 |]);
  (* value_of_string: "[value_of_string Uint64 "18446744073709551615"] is
     [Some (-1L)], [value_of_string Int64 "9007199254740993"] is [Some
     9007199254740993L], and [value_of_string Bfloat16
     "1.00390625000000001"] is [Some 1.0078125] where ... the tie
     [1.00390625] would store as [1.]" *)
  ck (value_of_string D.Uint64 "18446744073709551615" = Some (-1L)) "Uint64 2^64-1";
  ck (value_of_string D.Uint64 "18446744073709551616" = Some (-1L)) "Uint64 2^64 saturates";
  ck (value_of_string D.Int64 "9007199254740993" = Some 9007199254740993L) "Int64 2^53+1";
  ck (value_of_string D.Int64 "9223372036854775807" = Some Int64.max_int) "Int64 max";
  ck (value_of_string D.Int64 "9223372036854775808" = Some Int64.max_int) "Int64 max+1 saturates";
  ck (value_of_string D.Bfloat16 "1.00390625000000001" = Some 1.0078125) "Bfloat16 past the tie";
  ck (value_of_string D.Bfloat16 "1.00390625" = Some 1.) "Bfloat16 the tie";
  ck (value_of_string D.Bfloat16 "1.00390624999999999" = Some 1.) "Bfloat16 below the tie";
  ck (value_of_string D.Float16 "65519.99999999999999999" = Some 65504.) "Float16 just below 65520";
  ck (value_of_string D.Float16 "65520" = Some infinity) "Float16 65520 string";
  (* syntax: "underscores anywhere are ignored; ... [1_000], [.5],
     [-1.5e-3], [0x1.8p-3], [inf], [infinity], [nan], [nan(chars)] in any
     case" *)
  let v s = value_of_string D.Float64 s in
  ck (v "1_000" = Some 1000.) "1_000";
  ck (v "_1_0_" = Some 10.) "underscores anywhere";
  ck (v ".5" = Some 0.5) ".5";
  ck (v "  -1.5e-3" = Some (-1.5e-3)) "leading white space, -1.5e-3";
  ck (v "0x1.8p-3" = Some 0.1875) "0x1.8p-3";
  ck (v "InFiNiTy" = Some infinity) "infinity any case";
  ck (v "-INF" = Some neg_infinity) "-INF";
  ck (match v "NaN(abc123)" with Some x -> Float.is_nan x | None -> false) "nan(chars)";
  ck (v "1.5x" = None) "not a number";
  ck (match v "-nan" with Some x -> Float.sign_bit x && Float.is_nan x | None -> false) "nan of its sign";
  (* outcome: `Exact, `Rounded, `Overflow, `Saturated, `Nan; rel_error 0
     when x is zero *)
  let o dt s = match store_string dt s with Some st -> Some st.outcome | None -> None in
  ck (o D.Float16 "65504" = Some `Exact) "outcome 65504 exact";
  ck (o D.Float16 "65519" = Some `Rounded) "outcome 65519 rounded";
  ck (o D.Float16 "65520" = Some `Overflow) "outcome 65520 overflow";
  ck (o D.Float16 "inf" = Some `Exact) "outcome inf exact";
  ck (o D.Float8_e4m3fn "448" = Some `Exact) "outcome e4m3 448 exact";
  ck (o D.Float8_e4m3fn "463.99" = Some `Rounded) "outcome e4m3 below the tie past 448";
  ck (o D.Float8_e4m3fn "464" = Some `Rounded) "outcome e4m3 the tie past 448";
  ck (o D.Float8_e4m3fn "464.01" = Some `Saturated) "outcome e4m3 past the tie";
  ck (o D.Float8_e4m3fn "inf" = Some `Saturated) "outcome e4m3 inf";
  ck (o D.Int8 "127.5" = Some `Rounded) "outcome Int8 127.5";
  ck (o D.Int8 "128" = Some `Saturated) "outcome Int8 128";
  ck (o D.Int8 "nan" = Some `Nan) "outcome nan";
  ck (o D.Bool "2" = Some `Rounded) "outcome Bool 2";
  ck (o D.Bool "1" = Some `Exact) "outcome Bool 1";
  (match store_string D.Float16 "0" with
   | Some st -> feq "rel_error of 0" 0. st.rel_error
   | None -> ck false "store_string 0");
  (match store_string D.Float16 "65519" with
   | Some st ->
       feq "abs_error 65519" (-15.) st.abs_error;
       feq "rel_error 65519" (-15. /. 65519.) st.rel_error
   | None -> ck false "store_string 65519");
  (* Conversions. "an OCaml int (Bigarray.Int) holds 63 bits" and Wrap
     "(2^63 for Bigarray.Int, as OCaml's int arithmetic does)" *)
  let ba = Bigarray.Genarray.init Bigarray.int Bigarray.c_layout [| 2 |] (fun i -> if i.(0) = 0 then max_int else min_int) in
  let a = of_bigarray D.Int64 ba in
  ck (get a [| 0 |] = Int64.of_int max_int) "Int from max_int";
  ck (get a [| 1 |] = Int64.of_int min_int) "Int from min_int";
  let big = of_array D.Int64 [| 3 |] [| Int64.max_int; Int64.min_int; Int64.of_int max_int |] in
  let w = to_bigarray ~overflow:Wrap Bigarray.int big in
  ieq "Wrap 2^63-1 into Int" (-1) (Bigarray.Genarray.get w [| 0 |]);
  ieq "Wrap -2^63 into Int" 0 (Bigarray.Genarray.get w [| 1 |]);
  ieq "Wrap max_int into Int" max_int (Bigarray.Genarray.get w [| 2 |]);
  let s = to_bigarray Bigarray.int big in
  ieq "saturate 2^63-1 into Int" max_int (Bigarray.Genarray.get s [| 0 |]);
  ieq "saturate -2^63 into Int" min_int (Bigarray.Genarray.get s [| 1 |]);
  (* "Wrap: Integers wrap modulo 2^bits: a float first truncates toward
     zero, and NaN and infinities give 0" *)
  let x = of_array D.Float64 [| 6 |] [| 127.9; 128.; 300.7; -129.5; nan; infinity |] in
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_int) "Wrap Int8" [ 127; -128; 44; 127; 0; 0 ]
    (Array.to_list (to_array (cast ~overflow:Wrap D.Int8 x)));
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_int) "Stores Int8" [ 127; 127; 127; -128; 0; 127 ]
    (Array.to_list (to_array (cast D.Int8 x)));
  let i16 = of_array D.Int16 [| 3 |] [| 255; 256; -1 |] in
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_int) "Wrap Uint8" [ 255; 0; 255 ]
    (Array.to_list (to_array (cast ~overflow:Wrap D.Uint8 i16)));
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_int) "Wrap Uint4" [ 15; 0; 15 ]
    (Array.to_list (to_array (cast ~overflow:Wrap D.Uint4 i16)));
  (* overflow Stores: "in those that have none, the largest finite value,
     or NaN when rounding outward ... in Float8_e4m3fn" *)
  let f r v = get (cast ~rounding:r D.Float8_e4m3fn (of_array D.Float64 [| 1 |] [| v |])) [| 0 |] in
  feq "e4m3 448 Toward_positive" 448. (f Toward_positive 448.);
  nan_ "e4m3 above 448 Toward_positive" (f Toward_positive (Float.succ 448.));
  feq "e4m3 -449 Toward_positive" (-448.) (f Toward_positive (-449.));
  nan_ "e4m3 -449 Toward_negative" (f Toward_negative (-449.));
  feq "e4m3 449 Toward_negative" 448. (f Toward_negative 449.);
  feq "e4m3 1000 Toward_zero" 448. (f Toward_zero 1000.);
  feq "e4m3 464 Nearest_away" 448. (f Nearest_away 464.);
  let g r v = get (cast ~rounding:r D.Float4_e2m1fn (of_array D.Float64 [| 1 |] [| v |])) [| 0 |] in
  feq "e2m1 7 Toward_positive" 6. (g Toward_positive 7.);
  feq "e2m1 5 Nearest_away" 6. (g Nearest_away 5.);
  feq "e2m1 5 Nearest_even" 4. (g Nearest_even 5.);
  feq "e2m1 0.25 Nearest_away" 0.5 (g Nearest_away 0.25);
  (* Saturate: "The largest finite value of the sign, even where an
     infinity exists. An infinity stays one" *)
  let h ov v = get (cast ~overflow:ov D.Float16 (of_array D.Float64 [| 1 |] [| v |])) [| 0 |] in
  feq "Saturate Float16 65520" 65504. (h Saturate 65520.);
  feq "Saturate Float16 -1e300" (-65504.) (h Saturate (-1e300));
  feq "Saturate Float16 inf" infinity (h Saturate infinity);
  feq "Stores Float16 65520" infinity (h Stores 65520.);
  nan_ "Nan Float16 65520" (h Nan 65520.);
  feq "Nan Float16 65519" 65504. (h Nan 65519.);
  (* Nan: "Only for destinations that have NaNs" *)
  raises "Nan into Int8" (fun () -> cast ~overflow:Nan D.Int8 x);
  raises "Nan into e2m1" (fun () -> cast ~overflow:Nan D.Float4_e2m1fn x);
  no_raise "Nan into e4m3" (fun () -> cast ~overflow:Nan D.Float8_e4m3fn x);
  (* Raise: "if the Stores rule would saturate or turn a finite value into
     an infinity ... or store a NaN or an infinity into an integer" *)
  let r v = cast ~overflow:Raise D.Float16 (of_array D.Float64 [| 1 |] [| v |]) in
  no_raise "Raise Float16 65519" (fun () -> r 65519.);
  raises "Raise Float16 65520" (fun () -> r 65520.);
  no_raise "Raise Float16 inf" (fun () -> r infinity);
  let ri v = cast ~overflow:Raise D.Int8 (of_array D.Float64 [| 1 |] [| v |]) in
  no_raise "Raise Int8 127.9" (fun () -> ri 127.9);
  raises "Raise Int8 128" (fun () -> ri 128.);
  no_raise "Raise Int8 -128.9" (fun () -> ri (-128.9));
  raises "Raise Int8 -129" (fun () -> ri (-129.));
  raises "Raise Int8 nan" (fun () -> ri nan);
  raises "Raise Int8 inf" (fun () -> ri infinity);
  let re v = cast ~overflow:Raise D.Float8_e4m3fn (of_array D.Float64 [| 1 |] [| v |]) in
  no_raise "Raise e4m3 464" (fun () -> re 464.);
  raises "Raise e4m3 inf" (fun () -> re infinity);
  (* "an int64 into Float32 rounds once" *)
  let i = of_array D.Int64 [| 1 |] [| 0x1000_0010_0000_0001L |] in
  feq "int64 into Float32 once" (Float.of_string "0x1.000002p60") (get (cast D.Float32 i) [| 0 |]);
  feq "int64 into Bfloat16 once" (Float.of_string "0x1.02p60")
    (get (cast D.Bfloat16 (of_array D.Int64 [| 1 |] [| 0x1010_0000_0000_0001L |])) [| 0 |]);
  (* "into a boolean, as value <> 0, NaN giving true"; "a boolean counts
     as 0 or 1" *)
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_bool) "into Bool" [ true; true; true; true; true; true ]
    (Array.to_list (to_array (cast D.Bool x)));
  ieq "Bool into Int8" 1 (get (cast D.Int8 (of_array D.Bool [| 1 |] [| true |])) [| 0 |]);
  (* pp: "only the first and last three items of each long dimension
     when it has more than 1000 elements; an array without elements
     prints [[]]" *)
  let contains = Files.contains in
  let pp_a a = Format.asprintf "%a" pp a in
  ck (not (contains (pp_a (create D.Uint8 [| 1000 |])) "...")) "pp 1000 elements whole";
  let p = pp_a (create D.Uint8 [| 1001 |]) in
  ck (contains p "...") "pp 1001 elements summarized";
  seq "pp 1001 elements" "[0, 0, 0, ..., 0, 0, 0]" p;
  seq "pp empty" "[]" (pp_a (create D.Float32 [| 3; 0; 2 |]));
  (* "Elements of a byte or less are the same in both [byte orders]";
     "Big_endian: the high byte first, each component of a complex element
     apart" *)
  let c = of_array D.Complex64 [| 1 |] [| { Complex.re = 1.; im = 2. } |] in
  seq "Complex64 big-endian" "\x3f\x80\x00\x00\x40\x00\x00\x00" (to_string ~byte_order:Big_endian c);
  let u = of_array D.Uint8 [| 2 |] [| 1; 2 |] in
  seq "bytes in both orders" (to_string u) (to_string ~byte_order:Big_endian u);
  (* of_string: "Raises if s does not have Dtype.bytes dt (size) bytes" *)
  no_raise "of_string Int4 3 elements, 2 bytes" (fun () -> of_string D.Int4 [| 3 |] "\x00\x00");
  raises "of_string Int4 3 elements, 1 byte" (fun () -> of_string D.Int4 [| 3 |] "\x00");
  raises "of_string Int4 3 elements, 3 bytes" (fun () -> of_string D.Int4 [| 3 |] "\x00\x00\x00")

(* {1 ocaml/files/safetensors.mli} *)

let u64le n =
  let b = Bytes.create 8 in
  Bytes.set_int64_le b 0 (Int64.of_int n);
  Bytes.to_string b

let st_file header data = u64le (String.length header) ^ header ^ data

let st_header s = String.sub s 8 (Int64.to_int (String.get_int64_le s 0))

let () =
  (* "an F4 tensor of shape [[|4; 6|]] holds 12 bytes"; "element 2i in
     the low nibble and 2i+1 in the high one" *)
  let a = of_array D.Float4_e2m1fn [| 4; 6 |] (Array.init 24 (fun i -> if i = 0 then 1. else if i = 1 then 6. else 0.)) in
  let f = S.to_string [ ("t", S.Tensor a) ] in
  (match S.of_string f with
   | Ok st ->
       (match S.tensors st with
        | [ i ] ->
            ck (i.S.offsets = (0, 12)) "F4 [4; 6] holds 12 bytes";
            ck (i.S.shape = [| 4; 6 |]) "F4 shape counts elements";
            seq "F4 dtype string" "F4" i.S.dtype
        | _ -> ck false "one tensor");
       (* "data_start st is the position of the data section: 8 + N" *)
       ieq "data_start" (8 + String.length (st_header f)) (S.data_start st);
       ieq "F4 nibbles" 0x72 (Char.code f.[S.data_start st])
   | Error e -> ck false "F4 file: %s" e);
  ieq "F4 file length" (8 + String.length (st_header f) + 12) (String.length f);
  (* "dtype_strings is every dtype string of the format ... in the
     reference's order" *)
  let all =
    [ "BOOL"; "F4"; "F6_E2M3"; "F6_E3M2"; "U8"; "I8"; "F8_E5M2"; "F8_E4M3"; "F8_E8M0"; "F8_E4M3FNUZ";
      "F8_E5M2FNUZ"; "I16"; "U16"; "F16"; "BF16"; "I32"; "U32"; "F32"; "C64"; "F64"; "I64"; "U64" ]
  in
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_string) "dtype_strings" all S.dtype_strings;
  (* dtype_of_string's table, and None for the five without a dtype *)
  let dos s = match S.dtype_of_string s with Some (D.Any dt) -> Some (D.name dt) | None -> None in
  List.iter
    (fun (s, n) -> ck (dos s = n) "dtype_of_string %s" s)
    [ ("BOOL", Some "bool"); ("U8", Some "uint8"); ("U16", Some "uint16"); ("U32", Some "uint32");
      ("U64", Some "uint64"); ("I8", Some "int8"); ("I16", Some "int16"); ("I32", Some "int32");
      ("I64", Some "int64"); ("F16", Some "float16"); ("BF16", Some "bfloat16"); ("F32", Some "float32");
      ("F64", Some "float64"); ("C64", Some "complex64"); ("F8_E4M3", Some "float8_e4m3fn");
      ("F8_E5M2", Some "float8_e5m2"); ("F4", Some "float4_e2m1fn"); ("F6_E2M3", None); ("F6_E3M2", None);
      ("F8_E8M0", None); ("F8_E4M3FNUZ", None); ("F8_E5M2FNUZ", None); ("C128", None); ("f32", None) ];
  (* "dtype_to_string dt ... None for Int4, Uint4, Complex128 and Bit" *)
  List.iter
    (fun (D.Any dt) ->
      let none = List.mem (D.name dt) [ "int4"; "uint4"; "complex128"; "bit" ] in
      beq ("dtype_to_string " ^ D.name dt) none (S.dtype_to_string dt = None);
      match S.dtype_to_string dt with
      | Some s -> ck (dos s = Some (D.name dt)) "dtype_to_string %s round trip" (D.name dt)
      | None -> ())
    D.all;
  (* "dtype_string_bits s ... (4 for F4, 6 for F6_E2M3 and F6_E3M2)" *)
  List.iter
    (fun (s, b) -> ck (S.dtype_string_bits s = b) "dtype_string_bits %s" s)
    [ ("F4", Some 4); ("F6_E2M3", Some 6); ("F6_E3M2", Some 6); ("BOOL", Some 8); ("F8_E8M0", Some 8);
      ("F8_E5M2FNUZ", Some 8); ("BF16", Some 16); ("C64", Some 64); ("U64", Some 64); ("X", None) ];
  (* of_buffer: "b has fewer than 8 bytes, or N is larger than
     100,000,000 or than the bytes after the first 8" *)
  is_error "7 bytes" (S.of_string "\x02\x00\x00\x00\x00\x00\x00");
  is_ok "8 + {}" (S.of_string (st_file "{}" ""));
  is_error "N past the bytes" (S.of_string (u64le 3 ^ "{}"));
  let big n =
    (* A header of n bytes: {} and spaces. *)
    let b = Bigarray.Array1.create Bigarray.char Bigarray.c_layout (8 + n) in
    Bigarray.Array1.fill b ' ';
    String.iteri (fun i c -> b.{i} <- c) (u64le n ^ "{}");
    b
  in
  is_ok "N = 100,000,000" (S.of_buffer (big 100_000_000));
  is_error "N = 100,000,001" (S.of_buffer (big 100_000_001));
  Gc.compact ();
  (* "Whitespace (space, tab, LF, CR) before and after the JSON value is
     accepted" *)
  is_ok "whitespace" (S.of_string (st_file " \t\r\n{} \t\r\n" ""));
  is_error "form feed" (S.of_string (st_file "\012{}" ""));
  (* "a number there has a fraction, an exponent or a sign, or is above
     max_int" *)
  let t1 shape offs = st_file (Printf.sprintf {|{"t":{"dtype":"U8","shape":%s,"data_offsets":%s}}|} shape offs) in
  is_ok "shape [2]" (S.of_string (t1 "[2]" "[0,2]" "ab"));
  is_error "shape [2.0]" (S.of_string (t1 "[2.0]" "[0,2]" "ab"));
  is_error "shape [2e0]" (S.of_string (t1 "[2e0]" "[0,2]" "ab"));
  is_error "shape [-2]" (S.of_string (t1 "[-2]" "[0,2]" "ab"));
  is_error "offsets [0,2.0]" (S.of_string (t1 "[2]" "[0,2.0]" "ab"));
  is_ok "dimension max_int (and a 0)" (S.of_string (t1 (Printf.sprintf "[%d,0]" max_int) "[0,0]" ""));
  is_error "dimension max_int + 1 (and a 0)" (S.of_string (t1 "[4611686018427387904,0]" "[0,0]" ""));
  (* "the product of a shape, taken from the left, overflows max_int" *)
  is_ok "2^31 (2^31 - 1) 0" (S.of_string (t1 "[2147483648,2147483647,0]" "[0,0]" ""));
  is_error "2^31 2^31 0" (S.of_string (t1 "[2147483648,2147483648,0]" "[0,0]" ""));
  is_ok "0 first" (S.of_string (t1 (Printf.sprintf "[0,%d,%d]" max_int max_int) "[0,0]" ""));
  (* "the tensors' offsets, sorted, do not tile the data section from 0" *)
  let t2 o1 o2 data =
    st_file (Printf.sprintf {|{"a":{"dtype":"U8","shape":[2],"data_offsets":%s},"b":{"dtype":"U8","shape":[2],"data_offsets":%s}}|} o1 o2) data
  in
  is_ok "tiled" (S.of_string (t2 "[2,4]" "[0,2]" "abcd"));
  is_error "hole" (S.of_string (t2 "[3,5]" "[0,2]" "abcde"));
  is_error "overlap" (S.of_string (t2 "[1,3]" "[0,2]" "abc"));
  is_error "not from 0" (S.of_string (t2 "[3,5]" "[1,3]" "abcde"));
  is_error "data past the last tensor" (S.of_string (t2 "[2,4]" "[0,2]" "abcde"));
  (* "a tensor's elements times its dtype's bits is not a multiple of 8,
     or its bytes are not that number of bits divided by 8" *)
  let t3 dt shape e data = st_file (Printf.sprintf {|{"t":{"dtype":"%s","shape":%s,"data_offsets":[0,%d]}}|} dt shape e) data in
  is_ok "F4 [4] 2 bytes" (S.of_string (t3 "F4" "[4]" 2 "ab"));
  is_error "F4 [3]" (S.of_string (t3 "F4" "[3]" 2 "ab"));
  is_error "F4 [4] 3 bytes" (S.of_string (t3 "F4" "[4]" 3 "abc"));
  is_ok "F6_E2M3 [4] 3 bytes" (S.of_string (t3 "F6_E2M3" "[4]" 3 "abc"));
  is_error "F6_E2M3 [2]" (S.of_string (t3 "F6_E2M3" "[2]" 2 "ab"));
  is_error "F6_E3M2 [6]" (S.of_string (t3 "F6_E3M2" "[6]" 5 "abcde"));
  is_ok "F6_E3M2 [8]" (S.of_string (t3 "F6_E3M2" "[8]" 6 "abcdef"));
  (* Raw: "data is a one-dimensional Uint8 array of elements * bits / 8
     bytes" *)
  (match S.of_string (t3 "F6_E2M3" "[2,4]" 6 "abcdef") with
   | Ok st -> (
       match S.get_tensor st "t" with
       | S.Raw { data; shape; dtype } ->
           ck (dims data = [| 6 |]) "Raw F6 [2;4] is 6 bytes";
           ck (shape = [| 2; 4 |]) "Raw shape";
           seq "Raw dtype" "F6_E2M3" dtype
       | S.Tensor _ -> ck false "F6 is Raw")
   | Error e -> ck false "F6 file: %s" e);
  (* "a tensor name or a metadata name appears twice" *)
  is_error "name twice" (S.of_string (st_file {|{"t":{"dtype":"U8","shape":[0],"data_offsets":[0,0]},"t":{"dtype":"U8","shape":[0],"data_offsets":[0,0]}}|} ""));
  is_error "metadata name twice" (S.of_string (st_file {|{"__metadata__":{"a":"1","a":"2"}}|} ""));
  is_ok "metadata null" (S.of_string (st_file {|{"__metadata__":null}|} ""));
  is_error "metadata number" (S.of_string (st_file {|{"__metadata__":{"a":1}}|} ""));
  (* Writing: "padded with spaces to a multiple of 8 bytes"; "with no
     tensor and ~metadata:[] ... this module writes
     {"__metadata__":{}}" *)
  let h = st_header (S.to_string ~metadata:[] []) in
  seq "no tensor, ~metadata:[]" {|{"__metadata__":{}}     |} h;
  List.iter
    (fun n ->
      let s = S.to_string [ (String.make n 'x', S.Tensor (create D.Uint8 [| 1 |])) ] in
      let h = st_header s in
      ieq (Printf.sprintf "header of a %d-byte name: multiple of 8" n) 0 (String.length h mod 8);
      let t = String.trim h in
      ck (String.length h - String.length t < 8) "padding under 8";
      ck (String.for_all (( = ) ' ') (String.sub h (String.length t) (String.length h - String.length t))) "padded with spaces")
    [ 1; 2; 3; 4; 5; 6; 7; 8 ];
  (* "sorted by dtype string, from the last of dtype_strings to the first
     (U64 first, BOOL last), then by name" *)
  let ts =
    [ ("a", S.Tensor (create D.Bool [| 1 |])); ("b", S.Tensor (create D.Uint64 [| 1 |]));
      ("c", S.Tensor (create D.Float32 [| 1 |])); ("B", S.Tensor (create D.Float32 [| 1 |]));
      ("d", S.Tensor (create D.Float8_e4m3fn [| 1 |])); ("e", S.Tensor (create D.Int64 [| 1 |])) ]
  in
  (match S.of_string (S.to_string ts) with
   | Ok st ->
       Check.eq ~pp:(Format.pp_print_list Format.pp_print_string) "writer order" [ "b"; "e"; "B"; "c"; "d"; "a" ]
         (List.map (fun (i : S.info) -> i.name) (S.tensors st))
   | Error e -> ck false "writer order: %s" e);
  (* "the header has the __metadata__ first" *)
  let h = st_header (S.to_string ~metadata:[ ("k", "v") ] [ ("t", S.Tensor (create D.Uint8 [| 1 |])) ]) in
  seq "metadata first" {|{"__metadata__":{"k":"v"},"t"|} (String.sub h 0 29);
  (* writers raise: "__metadata__" as a name; no dtype string; F4 with an
     odd number of elements; a Raw of a dtype string not of the format, or
     whose bytes are not its bits *)
  raises "name __metadata__" (fun () -> S.to_string [ ("__metadata__", S.Tensor (create D.Uint8 [| 1 |])) ]);
  raises "name twice" (fun () -> S.to_string [ ("a", S.Tensor (create D.Uint8 [| 1 |])); ("a", S.Tensor (create D.Uint8 [| 1 |])) ]);
  raises "name not UTF-8" (fun () -> S.to_string [ ("\xff", S.Tensor (create D.Uint8 [| 1 |])) ]);
  raises "metadata name twice" (fun () -> S.to_string ~metadata:[ ("a", "1"); ("a", "2") ] []);
  raises "Int4" (fun () -> S.to_string [ ("a", S.Tensor (create D.Int4 [| 2 |])) ]);
  raises "Uint4" (fun () -> S.to_string [ ("a", S.Tensor (create D.Uint4 [| 2 |])) ]);
  raises "Complex128" (fun () -> S.to_string [ ("a", S.Tensor (create D.Complex128 [| 1 |])) ]);
  raises "Bit" (fun () -> S.to_string [ ("a", S.Tensor (create D.Bit [| 8 |])) ]);
  raises "F4 odd" (fun () -> S.to_string [ ("a", S.Tensor (create D.Float4_e2m1fn [| 3 |])) ]);
  no_raise "F4 even" (fun () -> S.to_string [ ("a", S.Tensor (create D.Float4_e2m1fn [| 2 |])) ]);
  let raw dtype shape n = S.Raw { dtype; shape; data = create D.Uint8 [| n |] } in
  no_raise "Raw F6 [4] 3 bytes" (fun () -> S.to_string [ ("a", raw "F6_E2M3" [| 4 |] 3) ]);
  raises "Raw F6 [4] 4 bytes" (fun () -> S.to_string [ ("a", raw "F6_E2M3" [| 4 |] 4) ]);
  raises "Raw F6 [2]" (fun () -> S.to_string [ ("a", raw "F6_E2M3" [| 2 |] 2) ]);
  raises "Raw X" (fun () -> S.to_string [ ("a", raw "X" [| 1 |] 1) ]);
  raises "stream of Int4" (fun () -> S.stream "a" (S.Tensor (create D.Int4 [| 2 |])));
  (* "the header would be larger than 100,000,000 bytes": the header of
     one metadata pair is its value and 25 bytes *)
  let with_value n = [ ("k", String.make n 'v') ] in
  let devnull = Unix.openfile "/dev/null" [ Unix.O_WRONLY ] 0 in
  no_raise "header of 100,000,000 bytes" (fun () -> S.output ~metadata:(with_value (100_000_000 - 25)) devnull []);
  raises "header of 100,000,001 bytes" (fun () -> S.output ~metadata:(with_value (100_000_000 - 24)) devnull []);
  Unix.close devnull;
  ieq "a pair's header is its value and 25 bytes" 32 (String.length (st_header (S.to_string ~metadata:(with_value 7) [])));
  Gc.compact ();
  (* get_bigarray: "Error ... if the tensor has more than 16 dimensions";
     get_as: "Error msg if ... not a float tensor" *)
  let f = S.to_string [ ("a", S.Tensor (create D.Bfloat16 (Array.make 16 1))); ("b", S.Tensor (create D.Bfloat16 (Array.make 17 1))); ("i", S.Tensor (create D.Int8 [| 1 |])) ] in
  match S.of_string f with
  | Ok st ->
      is_ok "get_bigarray 16 dims" (S.get_bigarray Bigarray.float32 st "a");
      is_error "get_bigarray 17 dims" (S.get_bigarray Bigarray.float32 st "b");
      is_ok "get_as 17 dims" (S.get_as D.Float32 st "b");
      is_error "get_as Int8" (S.get_as D.Float32 st "i")
  | Error e -> ck false "16 dims: %s" e

(* {1 ocaml/files/npy.mli} *)

module N = Npy

(* A version 1.0 .npy file: its dict padded with spaces to [total]
   characters, the newline included, then [data]. *)
let npy ?(version = '\x01') ?total dict data =
  let total = Option.value total ~default:(String.length dict + 1) in
  let h = dict ^ String.make (total - String.length dict - 1) ' ' ^ "\n" in
  let len = String.length h in
  let lenb =
    if version = '\x01' then String.init 2 (fun i -> Char.chr ((len lsr (8 * i)) land 0xff))
    else String.init 4 (fun i -> Char.chr ((len lsr (8 * i)) land 0xff))
  in
  "\x93NUMPY" ^ String.make 1 version ^ "\x00" ^ lenb ^ h ^ data

let dict ?(descr = "|u1") shape = Printf.sprintf "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" descr shape
let any_dims (N.Any a) = dims a

let () =
  (* "magic is "\x93NUMPY"" *)
  seq "magic" "\x93NUMPY" N.magic;
  seq "written files begin with magic" N.magic (String.sub (N.to_string (create D.Uint8 [| 1 |])) 0 6);
  (* "max_dims is 64"; header_to_string raises past it; writers raise
     past it; numpy refuses a shape of more *)
  ieq "max_dims" 64 N.max_dims;
  let hd n = { N.descr = "|u1"; fortran_order = false; shape = Array.make n 1 } in
  no_raise "header_to_string 64 dims" (fun () -> N.header_to_string (hd 64));
  raises "header_to_string 65 dims" (fun () -> N.header_to_string (hd 65));
  no_raise "to_string 64 dims" (fun () -> N.to_string (create D.Uint8 (Array.make 64 1)));
  raises "to_string 65 dims" (fun () -> N.to_string (create D.Uint8 (Array.make 65 1)));
  raises "Npz 65 dims" (fun () -> N.Npz.to_string [ ("a", N.Any (create D.Uint8 (Array.make 65 1))) ]);
  let tup n = "(" ^ String.concat ", " (List.init n (fun _ -> "1")) ^ ",)" in
  is_ok "read 64 dims" (N.of_string (npy (dict (tup 64)) "\x00"));
  is_error "read 65 dims" (N.of_string (npy (dict (tup 65)) "\x00"));
  (* "the longest header numpy reads (10,000 characters, numpy's
     max_header_size)" *)
  is_ok "header of 10,000 characters" (N.header_of_prefix (npy ~total:10_000 (dict "(0,)") ""));
  is_error "header of 10,001 characters" (N.header_of_prefix (npy ~total:10_001 (dict "(0,)") ""));
  is_ok "file with a 10,000-character header" (N.of_string (npy ~total:10_000 (dict "(0,)") ""));
  is_error "file with a 10,001-character header" (N.of_string (npy ~total:10_001 (dict "(0,)") ""));
  ck (N.prefix_bytes >= 12 + 10_000) "prefix_bytes holds a preamble and 10,000 characters";
  (match N.header_of_prefix (npy ~total:10_000 (dict "(0,)") "") with
   | Ok (_, off) -> ieq "offset after a 10,000-character header" (10 + 10_000) off
   | Error e -> ck false "%s" e);
  (* "version 1.0 headers (2.0 past 65,535 bytes) padded so that the
     elements start at a multiple of 64" *)
  List.iter
    (fun n ->
      let s = N.to_string (create D.Uint8 (Array.init n (fun i -> if i < 3 then 3 else 1))) in
      ieq (Printf.sprintf "%d dims: version 1" n) 1 (Char.code s.[6]);
      match N.header_of_prefix s with
      | Ok (_, off) -> ieq (Printf.sprintf "%d dims: elements at a multiple of 64" n) 0 (off mod 64)
      | Error e -> ck false "%s" e)
    [ 0; 1; 2; 5; 17; 40; 64 ];
  let long n = N.header_to_string { N.descr = String.make n 'x'; fortran_order = false; shape = [||] } in
  let v1 = long 65_400 and v2 = long 65_600 in
  ieq "header under 65,535 bytes: version 1" 1 (Char.code v1.[6]);
  ieq "header past 65,535 bytes: version 2" 2 (Char.code v2.[6]);
  ieq "version 1 length" (String.length v1 - 10) (Char.code v1.[8] lor (Char.code v1.[9] lsl 8));
  ieq "version 1: multiple of 64" 0 (String.length v1 mod 64);
  ieq "version 2: multiple of 64" 0 (String.length v2 mod 64);
  (* descriptors: "<f8, <f4, <f2, <c16, <c8, <i8 … |i1, <u8 … |u1, |b1 ...
     'bfloat16', 'float8_e4m3fn', 'float8_e5m2', 'float4_e2m1fn', 'int4',
     'uint4'" *)
  List.iter
    (fun (D.Any dt, d, db) ->
      seq ("descr " ^ D.name dt) d (N.descr dt);
      match db with
      | Some db -> seq ("big-endian descr " ^ D.name dt) db (N.descr ~byte_order:Big_endian dt)
      | None -> raises ("big-endian descr " ^ D.name dt) (fun () -> N.descr ~byte_order:Big_endian dt))
    [ (D.Any D.Float64, "<f8", Some ">f8"); (D.Any D.Float32, "<f4", Some ">f4"); (D.Any D.Float16, "<f2", Some ">f2");
      (D.Any D.Complex128, "<c16", Some ">c16"); (D.Any D.Complex64, "<c8", Some ">c8");
      (D.Any D.Int64, "<i8", Some ">i8"); (D.Any D.Int8, "|i1", Some "|i1"); (D.Any D.Uint64, "<u8", Some ">u8");
      (D.Any D.Uint8, "|u1", Some "|u1"); (D.Any D.Bool, "|b1", Some "|b1"); (D.Any D.Bit, "|b1", Some "|b1");
      (D.Any D.Bfloat16, "bfloat16", None); (D.Any D.Float8_e4m3fn, "float8_e4m3fn", Some "float8_e4m3fn");
      (D.Any D.Float8_e5m2, "float8_e5m2", Some "float8_e5m2"); (D.Any D.Float4_e2m1fn, "float4_e2m1fn", Some "float4_e2m1fn");
      (D.Any D.Int4, "int4", Some "int4"); (D.Any D.Uint4, "uint4", Some "uint4") ];
  (* dtype_of_descr: numpy 2's strings on Linux x86_64 (checked against
     numpy 2.4.6's np.dtype) *)
  let dod d = match N.dtype_of_descr d with Some (D.Any dt, bo) -> Some (D.name dt, bo) | None -> None in
  let le n = Some (n, Little_endian) and be n = Some (n, Big_endian) in
  List.iter
    (fun (d, want) -> ck (dod d = want) "dtype_of_descr %S" d)
    [ ("<f4", le "float32"); ("f04", le "float32"); ("f +4", le "float32"); ("b1", le "bool");
      ("c16", le "complex128"); (">i8", be "int64"); ("=f8", le "float64"); ("|f8", le "float64");
      ("?", le "bool"); ("b", le "int8"); ("B", le "uint8"); ("h", le "int16"); ("H", le "uint16");
      ("i", le "int32"); ("I", le "uint32"); ("l", le "int64"); ("L", le "uint64"); ("q", le "int64");
      ("Q", le "uint64"); ("n", le "int64"); ("N", le "uint64"); ("p", le "int64"); ("P", le "uint64");
      ("e", le "float16"); ("f", le "float32"); ("d", le "float64"); ("F", le "complex64"); ("D", le "complex128");
      ("bool", le "bool"); ("bool_", le "bool"); ("int8", le "int8"); ("uint64", le "uint64"); ("byte", le "int8");
      ("ubyte", le "uint8"); ("short", le "int16"); ("ushort", le "uint16"); ("intc", le "int32");
      ("uintc", le "uint32"); ("int", le "int64"); ("int_", le "int64"); ("intp", le "int64"); ("long", le "int64");
      ("longlong", le "int64"); ("uint", le "uint64"); ("uintp", le "uint64"); ("ulong", le "uint64");
      ("ulonglong", le "uint64"); ("float16", le "float16"); ("half", le "float16"); ("single", le "float32");
      ("double", le "float64"); ("float", le "float64"); ("complex64", le "complex64");
      ("complex128", le "complex128"); ("csingle", le "complex64"); ("cdouble", le "complex128");
      ("complex", le "complex128"); ("bfloat16", le "bfloat16"); ("float8_e4m3fn", le "float8_e4m3fn");
      ("int4", le "int4"); ("<bool", None); ("<V2", None); ("|V1", None); ("<f1", None) ];
  (* descr_reads: "Bfloat16 and V2, u2; the one-byte formats and V1, u1,
     f1; Bit and b1" *)
  let dr dt d = N.descr_reads dt d <> None in
  beq "Bfloat16 <V2" true (dr D.Bfloat16 "<V2");
  beq "Bfloat16 <u2" true (dr D.Bfloat16 "<u2");
  beq "Bfloat16 <V1" false (dr D.Bfloat16 "<V1");
  beq "Bfloat16 |u1" false (dr D.Bfloat16 "|u1");
  beq "Bfloat16 <i2" false (dr D.Bfloat16 "<i2");
  List.iter
    (fun (D.Any dt) ->
      beq (D.name dt ^ " <V1") true (dr dt "<V1");
      beq (D.name dt ^ " |V1") true (dr dt "|V1");
      beq (D.name dt ^ " |u1") true (dr dt "|u1");
      beq (D.name dt ^ " <f1") true (dr dt "<f1");
      beq (D.name dt ^ " <V2") false (dr dt "<V2");
      beq (D.name dt ^ " <u2") false (dr dt "<u2"))
    [ D.Any D.Float8_e4m3fn; D.Any D.Float8_e5m2; D.Any D.Float4_e2m1fn; D.Any D.Int4; D.Any D.Uint4 ];
  beq "Bit |b1" true (dr D.Bit "|b1");
  beq "Bit |u1" false (dr D.Bit "|u1");
  beq "Float32 <f4" true (dr D.Float32 "<f4");
  beq "Float32 <V4" false (dr D.Float32 "<V4");
  (* "reading keeps the low nibble of each byte"; "any non-zero byte a
     1" *)
  (match N.of_string_as D.Int4 (npy (dict ~descr:"int4" "(3,)") "\xf7\x1f\x08") with
   | Ok a -> Check.eq ~pp:(Format.pp_print_list Format.pp_print_int) "int4 low nibbles" [ 7; -1; -8 ] (Array.to_list (to_array a))
   | Error e -> ck false "int4: %s" e);
  (match N.of_string_as D.Float4_e2m1fn (npy (dict ~descr:"float4_e2m1fn" "(2,)") "\xf7\x19") with
   | Ok a -> Check.eq ~pp:(Format.pp_print_list Check.pp_hex) "e2m1 low nibbles" [ 6.; -0.5 ] (Array.to_list (to_array a))
   | Error e -> ck false "e2m1: %s" e);
  (match N.of_string_as D.Bit (npy (dict ~descr:"|b1" "(3,)") "\x00\x02\xff") with
   | Ok a -> Check.eq ~pp:(Format.pp_print_list Format.pp_print_bool) "Bit any non-zero byte" [ false; true; true ] (Array.to_list (to_array a))
   | Error e -> ck false "bit: %s" e);
  let s = N.to_string (of_array D.Bit [| 3 |] [| true; false; true |]) in
  seq "Bit written as bytes 0 and 1" "\x01\x00\x01" (String.sub s (String.length s - 3) 3);
  seq "Bit written as |b1" "|b1" (match N.header_of_prefix s with Ok (h, _) -> h.N.descr | Error e -> e);
  let s = N.to_string (of_array D.Int4 [| 2 |] [| -1; 7 |]) in
  seq "Int4 written a byte each" "\x0f\x07" (String.sub s (String.length s - 2) 2);
  (* "A file of shape (2, 3) in Fortran order gives an array of dimensions
     [|3; 2|]" *)
  (match N.of_string (npy "{'descr': '|u1', 'fortran_order': True, 'shape': (2, 3), }" "abcdef") with
   | Ok a -> ck (any_dims a = [| 3; 2 |]) "Fortran order (2, 3)"
   | Error e -> ck false "fortran: %s" e);
  let s = N.to_string ~fortran_order:true (create D.Uint8 [| 3; 2 |]) in
  (match N.header_of_prefix s with
   | Ok (h, _) -> ck (h.N.shape = [| 2; 3 |] && h.N.fortran_order) "write ~fortran_order:true"
   | Error e -> ck false "%s" e);
  (* of_buffer: "its elements need more bytes than follow the header
     (numpy ignores bytes past them ...)" *)
  is_ok "3 elements, 3 bytes" (N.of_string (npy (dict "(3,)") "abc"));
  is_ok "3 elements, 4 bytes" (N.of_string (npy (dict "(3,)") "abcd"));
  is_error "3 elements, 2 bytes" (N.of_string (npy (dict "(3,)") "ab"));
  is_error "<V2 names no dtype" (N.of_string (npy (dict ~descr:"<V2" "(1,)") "ab"));
  is_ok "<V2 read as Bfloat16" (N.of_string_as D.Bfloat16 (npy (dict ~descr:"<V2" "(1,)") "ab"));
  (* header_of_prefix: "a shape past max_int (its dimensions, or the
     product of those that are not 0)" *)
  is_ok "dimension max_int" (N.header_of_prefix (npy (dict (Printf.sprintf "(%d, 0)" max_int)) ""));
  is_error "dimension max_int + 1" (N.header_of_prefix (npy (dict "(4611686018427387904, 0)") ""));
  is_ok "product 2^62 - 2^31" (N.header_of_prefix (npy (dict "(2147483648, 2147483647)") ""));
  is_error "product 2^62" (N.header_of_prefix (npy (dict "(2147483648, 0, 2147483648)") ""));
  (* data_bytes: "Error msg if, zero dimensions left out, they would be
     more than max_int" *)
  let db shape size = N.data_bytes { N.descr = "|u1"; fortran_order = false; shape } ~size in
  ck (db [| 1 lsl 31; (1 lsl 31) - 1; 0 |] 1 = Ok 0) "data_bytes (2^62 - 2^31) x 0";
  (* A header made by hand whose non-zero dimensions' product itself
     overflows (it wrapped to Ok 0), or with a negative dimension. *)
  is_error "data_bytes 2^31 x 2^31 x 0" (db [| 1 lsl 31; 1 lsl 31; 0 |] 1);
  is_error "data_bytes 2^32 x 2^32 x 0" (db [| 1 lsl 32; 1 lsl 32; 0 |] 1);
  is_error "data_bytes -1" (db [| -1; 4 |] 1);
  ck (db [| (1 lsl 61) - 1 |] 2 = Ok ((1 lsl 62) - 2)) "data_bytes (2^61 - 1) x 2";
  is_error "data_bytes 2^61 x 2" (db [| 1 lsl 61 |] 2);
  ck (db [| 3; 5 |] 4 = Ok 60) "data_bytes 3 x 5 x 4";
  (* iter_pieces: "at most piece elements (default 2^20; rounded down to
     a multiple of 8, at least 8)" *)
  let pieces ?piece n =
    let b = Private.buffer_of_string (N.to_string (create D.Uint8 [| n |])) in
    let sizes = ref [] in
    (match N.iter_pieces ?piece b (fun (N.Any a) -> sizes := size a :: !sizes) with
     | Ok () -> ()
     | Error e -> ck false "iter_pieces: %s" e);
    List.rev !sizes
  in
  let pl = Format.pp_print_list Format.pp_print_int in
  Check.eq ~pp:pl "piece 16" [ 16; 4 ] (pieces ~piece:16 20);
  Check.eq ~pp:pl "piece 15 rounds down to 8" [ 8; 8; 4 ] (pieces ~piece:15 20);
  Check.eq ~pp:pl "piece 9 rounds down to 8" [ 8; 8; 4 ] (pieces ~piece:9 20);
  Check.eq ~pp:pl "piece 7 is at least 8" [ 8; 8; 4 ] (pieces ~piece:7 20);
  Check.eq ~pp:pl "piece 1 is at least 8" [ 8; 8; 4 ] (pieces ~piece:1 20);
  Check.eq ~pp:pl "default piece 2^20" [ 1 lsl 20; 1 ] (pieces ((1 lsl 20) + 1));
  Check.eq ~pp:pl "default piece, 2^20 elements" [ 1 lsl 20 ] (pieces (1 lsl 20))

(* {2 Npz} *)

(* A zip archive of one member [a.npy] made here, field by field, with
   the member's [data] as its bytes and the sizes, flags, method and
   version given. *)
let zip ?(version = 20) ?(flags = 0) ?(meth = 0) ?csize ?usize data =
  let csize = Option.value csize ~default:(String.length data) in
  let usize = Option.value usize ~default:csize in
  let name = "a.npy" in
  let b = Buffer.create 256 in
  let le v n = for i = 0 to n - 1 do Buffer.add_char b (Char.chr ((v lsr (8 * i)) land 0xff)) done in
  let fields () =
    le version 2; le flags 2; le meth 2; le 0 2; le 0x21 2; le 0 4; le csize 4; le usize 4;
    le (String.length name) 2; le 0 2
  in
  le 0x04034b50 4; fields (); Buffer.add_string b name; Buffer.add_string b data;
  let cd = Buffer.length b in
  le 0x02014b50 4; le 20 2; fields (); le 0 2; le 0 2; le 0 2; le 0 4; le 0 4; Buffer.add_string b name;
  let cd_size = Buffer.length b - cd in
  le 0x06054b50 4; le 0 2; le 0 2; le 1 2; le 1 2; le cd_size 4; le cd 4; le 0 2;
  Buffer.contents b

let () =
  let z = N.Npz.of_string in
  let file = N.to_string (create D.Uint8 [| 3 |]) in
  is_ok "a stored member" (z (zip file));
  (* "needs a version of the format above 6.3 to extract" *)
  is_ok "version 6.3" (z (zip ~version:63 file));
  is_error "version 6.4" (z (zip ~version:64 file));
  (* "encrypted (flag bit 0 or 6), holds compressed patched data (flag
     bit 5)" *)
  is_error "flag bit 0" (z (zip ~flags:0x1 file));
  is_error "flag bit 6" (z (zip ~flags:0x40 file));
  is_error "flag bit 5" (z (zip ~flags:0x20 file));
  is_ok "flag bits 1 and 2" (z (zip ~flags:0x6 file));
  (* "compressed by a method other than stored (0) or deflated (8)" *)
  is_ok "method 8" (z (zip ~meth:8 ~usize:100 "0123456789"));
  List.iter (fun m -> is_error (Printf.sprintf "method %d" m) (z (zip ~meth:m file))) [ 1; 7; 9; 12; 14; 93 ];
  (* "a stored member's sizes differ" *)
  is_error "stored sizes differ" (z (zip ~usize:(String.length file + 1) file));
  (* "a deflated one claims 1032 × (n + 2) bytes or more from n" *)
  let d n usize = z (zip ~meth:8 ~usize (String.make n '\x00')) in
  is_ok "10 bytes claim 1032 x 10" (d 10 10_320);
  is_ok "10 bytes claim 1032 x 12 - 1" (d 10 ((1032 * 12) - 1));
  is_error "10 bytes claim 1032 x 12" (d 10 (1032 * 12));
  is_ok "1 byte claims 1032 x 3 - 1" (d 1 ((1032 * 3) - 1));
  is_error "1 byte claims 1032 x 3" (d 1 (1032 * 3));
  (* The writer: "Zip64 extra fields in every local header, Zip64 records
     where sizes or offsets pass 2^31 - 1"; "With ~zip64:true the central
     directory and end records are Zip64 ones" *)
  let arrays = [ ("a", N.Any (create D.Float32 [| 3 |])); ("b", N.Any (create D.Int8 [| 2; 2 |])) ] in
  let has = Files.contains in
  List.iter
    (fun compress ->
      let s = N.Npz.to_string ~compress arrays in
      let extra_len = Char.code s.[28] lor (Char.code s.[29] lsl 8) in
      ck (extra_len >= 20 && s.[30 + 5] = '\x01' && s.[30 + 6] = '\x00') "local header's Zip64 extra field (compress %b)" compress;
      ck (not (has s "PK\x06\x06")) "no Zip64 end record by default (compress %b)" compress;
      ck (has (N.Npz.to_string ~compress ~zip64:true arrays) "PK\x06\x06") "~zip64:true writes a Zip64 end record";
      match N.Npz.of_string s with
      | Ok zz ->
          List.iter
            (fun (m : N.Npz.member) ->
              beq ("compressed " ^ m.name) compress m.compressed;
              seq "member file name" (m.name ^ ".npy") m.file_name;
              if not compress then ieq "stored bytes" m.bytes m.stored_bytes)
            (N.Npz.members zz);
          (match N.Npz.read zz "a" with
           | Ok (N.Any a) -> ck (dims a = [| 3 |]) "read a"
           | Error e -> ck false "read a: %s" e)
      | Error e -> ck false "npz: %s" e)
    [ false; true ]

(* {1 ocaml/block/block.mli} *)

let u8s l = of_array D.Uint8 [| List.length l |] (Array.of_list l)
let bytes_of (a : B.u8) = Array.to_list (to_array (reshape a [| size a |]))
let fl = Format.pp_print_list ~pp_sep:(fun ppf () -> Format.pp_print_string ppf " ") Check.pp_hex
let il = Format.pp_print_list ~pp_sep:(fun ppf () -> Format.pp_print_string ppf " ") Format.pp_print_int

let block n l = of_array D.Float64 [| n |] (Array.init n (fun i -> match List.nth_opt l i with Some x -> x | None -> 0.))
let scale_byte ?policy s xs =
  let n = (B.facts s).block_size in
  let q = B.quantize ?policy s (block n xs) in
  match B.scales q with Some sc -> get sc [| 0 |] | None -> get (B.elements q) [| 0 |]

(* The 4-bit element [i] of bytes paired low nibble first. *)
let nibble (e : B.u8) i = let b = get (reshape e [| size e |]) [| i / 2 |] in if i land 1 = 0 then b land 0xf else b lsr 4

let () =
  (* E8M0: "the byte b is 2^(b−127) for b < 255, and 255 is NaN";
     to_float raises outside 0..255 *)
  ieq "E8m0.nan" 0xff B.E8m0.nan;
  for b = 0 to 254 do feq (Printf.sprintf "E8m0.to_float %d" b) (p2 (b - 127)) (B.E8m0.to_float b) done;
  nan_ "E8m0.to_float 255" (B.E8m0.to_float 255);
  raises "E8m0.to_float -1" (fun () -> B.E8m0.to_float (-1));
  raises "E8m0.to_float 256" (fun () -> B.E8m0.to_float 256);
  (* E8m0.of_float: "A tie, 1.5 × 2^k, goes up to 2^(k+1) under both
     nearest roundings ... Positive values below 2^−127 store as 2^−127
     ... values past the range and infinity saturate to 2^127 ... Zeros,
     negative values and NaN ... store as nan" (ties, the values below
     2^-127 and the NaNs as ml_dtypes 0.7.0's float8_e8m0fnu) *)
  let e ?rounding what want x = ieq ("E8m0.of_float " ^ what) want (B.E8m0.of_float ?rounding x) in
  e "1" 127 1.;
  e "1.5 (tie)" 128 1.5;
  e "below 1.5" 127 (Float.pred 1.5);
  e "0.75 (tie)" 127 0.75;
  e "below 0.75" 126 (Float.pred 0.75);
  e "1.5 Nearest_away" ~rounding:Nearest_away 128 1.5;
  e "below 1.5 Nearest_away" ~rounding:Nearest_away 127 (Float.pred 1.5);
  e "1.5 Toward_zero" ~rounding:Toward_zero 127 1.5;
  e "above 1 Toward_positive" ~rounding:Toward_positive 128 (Float.succ 1.);
  e "below 2 Toward_negative" ~rounding:Toward_negative 127 (Float.pred 2.);
  e "1.5 x 2^-127 (tie)" 1 (3. *. p2 (-128));
  e "2^-127" 0 (p2 (-127));
  e "2^-128" 0 (p2 (-128));
  e "below 2^-127" 0 (Float.pred (p2 (-127)));
  e "least double" 0 5e-324;
  e "2^-130 Toward_zero" ~rounding:Toward_zero 0 (p2 (-130));
  e "2^127" 254 (p2 127);
  e "below 1.5 x 2^127" 254 (Float.pred (1.5 *. p2 127));
  e "1.5 x 2^127 (tie past the range)" 254 (1.5 *. p2 127);
  e "2^128" 254 (p2 128);
  e "max_float" 254 max_float;
  e "infinity" 254 infinity;
  e "2^127 Toward_positive" ~rounding:Toward_positive 254 (Float.succ (p2 127));
  e "0" 255 0.;
  e "-0" 255 (-0.);
  e "-1" 255 (-1.);
  e "-5e-324" 255 (-5e-324);
  e "-inf" 255 neg_infinity;
  e "nan" 255 nan;
  (* Float6: "E2m3fn: 2 exponent bits, 3 fraction bits, bias 1: largest
     7.5. E3m2fn: 3 exponent bits, 2 fraction bits, bias 3: largest 28."
     (encodings as ml_dtypes 0.7.0's float6 types) *)
  seq "Float6 name E2m3fn" "float6_e2m3fn" (B.Float6.name E2m3fn);
  seq "Float6 name E3m2fn" "float6_e3m2fn" (B.Float6.name E3m2fn);
  feq "E2m3 max_finite" 7.5 (B.Float6.max_finite E2m3fn);
  feq "E3m2 max_finite" 28. (B.Float6.max_finite E3m2fn);
  let dec6 f enc =
    let e, m = match f with B.Float6.E2m3fn -> (2, 3) | E3m2fn -> (3, 2) in
    Check.decode ~e ~f:m ~specials:`None enc
  in
  List.iter
    (fun f ->
      for c = 0 to 63 do feq (Printf.sprintf "%s code %d" (B.Float6.name f) c) (dec6 f c) (B.Float6.to_float f c) done;
      raises "Float6.to_float 64" (fun () -> B.Float6.to_float f 64);
      raises "Float6.to_float -1" (fun () -> B.Float6.to_float f (-1)))
    [ B.Float6.E2m3fn; E3m2fn ];
  feq "E2m3 0x1f" 7.5 (B.Float6.to_float E2m3fn 0x1f);
  feq "E2m3 0x3f" (-7.5) (B.Float6.to_float E2m3fn 0x3f);
  feq "E2m3 least subnormal" 0.125 (B.Float6.to_float E2m3fn 1);
  feq "E3m2 0x1f" 28. (B.Float6.to_float E3m2fn 0x1f);
  feq "E3m2 least subnormal" 0.0625 (B.Float6.to_float E3m2fn 1);
  let f6 f what want x = ieq ("Float6.of_float " ^ what) want (B.Float6.of_float f x) in
  f6 E2m3fn "7.5" 0x1f 7.5;
  f6 E2m3fn "7.75 (tie past 7.5)" 0x1f 7.75;
  f6 E2m3fn "above 7.75" 0x1f (Float.succ 7.75);
  f6 E2m3fn "1e9" 0x1f 1e9;
  f6 E2m3fn "-1e9" 0x3f (-1e9);
  f6 E2m3fn "inf" 0x1f infinity;
  f6 E2m3fn "-inf" 0x3f neg_infinity;
  f6 E2m3fn "nan" 0 nan;
  f6 E2m3fn "-nan" 0 (-.nan);
  f6 E2m3fn "0.0625 (tie)" 0 0.0625;
  f6 E2m3fn "above 0.0625" 1 (Float.succ 0.0625);
  f6 E2m3fn "-0.0625" 0x20 (-0.0625);
  f6 E2m3fn "7.25 (tie to even 7)" 0x1e 7.25;
  f6 E3m2fn "28" 0x1f 28.;
  f6 E3m2fn "30 (tie past 28)" 0x1f 30.;
  f6 E3m2fn "1e9" 0x1f 1e9;
  f6 E3m2fn "nan" 0 nan;
  f6 E3m2fn "0.03125 (tie)" 0 0.03125;
  f6 E3m2fn "above 0.03125" 1 (Float.succ 0.03125);
  ieq "Float6 Toward_positive above 7" 0x1f (B.Float6.of_float ~rounding:Toward_positive E2m3fn (Float.succ 7.));
  ieq "Float6 Toward_zero below 7.5" 0x1e (B.Float6.of_float ~rounding:Toward_zero E2m3fn (Float.pred 7.5));
  (* schemes, names and facts: "blocks of 32 elements under a
     power-of-two scale of format E8M0"; "NVFP4: blocks of 16 E2M1
     elements under an E4M3 scale"; "Q8_0 ... 34 bytes per block", "Q4_0
     ... 18", "MXFP4 (GGUF type 39) ... 17", "NVFP4 (GGUF type 40):
     blocks of 64 elements, four ... scales, one per 16 elements ... 36
     bytes per block"; "element_bits: 8, 4, and 8 for the 6-bit formats";
     "bytes_per_block: 17 for Mxfp4, 9 for Nvfp4"; "tensor_scale: true for
     Nvfp4 alone" *)
  let names = [ "mxfp8_e4m3"; "mxfp8_e5m2"; "mxfp6_e2m3"; "mxfp6_e3m2"; "mxfp4"; "mxint8"; "nvfp4"; "ggml_q8_0"; "ggml_q4_0"; "ggml_mxfp4"; "ggml_nvfp4" ] in
  Check.eq ~pp:(Format.pp_print_list Format.pp_print_string) "scheme names" names (List.map B.scheme_name B.schemes);
  List.iter (fun s -> ck (B.scheme_of_name (B.scheme_name s) = Some s) "scheme_of_name %s" (B.scheme_name s)) B.schemes;
  ck (B.scheme_of_name "MXFP4" = None) "scheme_of_name is case-sensitive";
  let facts =
    (* block_size, scale_block, element_bits, bytes_per_block, tensor_scale, scale *)
    [ (B.Mxfp8_e4m3, 32, 32, 8, 33, false, B.E8m0); (Mxfp8_e5m2, 32, 32, 8, 33, false, E8m0);
      (Mxfp6_e2m3, 32, 32, 8, 33, false, E8m0); (Mxfp6_e3m2, 32, 32, 8, 33, false, E8m0);
      (Mxfp4, 32, 32, 4, 17, false, E8m0); (Mxint8, 32, 32, 8, 33, false, E8m0);
      (Nvfp4, 16, 16, 4, 9, true, E4m3); (Ggml_q8_0, 32, 32, 8, 34, false, Float16);
      (Ggml_q4_0, 32, 32, 4, 18, false, Float16); (Ggml_mxfp4, 32, 32, 4, 17, false, E8m0);
      (Ggml_nvfp4, 64, 16, 4, 36, false, Ue4m3) ]
  in
  List.iter
    (fun (s, bs, sb, eb, bpb, ts, sc) ->
      let f = B.facts s and n = B.scheme_name s in
      ieq (n ^ " block_size") bs f.block_size;
      ieq (n ^ " scale_block") sb f.scale_block;
      ieq (n ^ " element_bits") eb f.element_bits;
      ieq (n ^ " bytes_per_block") bpb f.bytes_per_block;
      beq (n ^ " tensor_scale") ts f.tensor_scale;
      ck (f.scale = sc) "%s scale" n;
      (* the layouts: elements [|…; n × element_bits / 8|] and scales
         [|…; n / block_size|], or ggml's [|…; n / block_size ×
         bytes_per_block|] *)
      let q = B.quantize s (create D.Float32 [| 2; 2 * bs |]) in
      (match B.scales q with
       | Some sc ->
           ck (dims (B.elements q) = [| 2; 2 * bs * eb / 8 |]) "%s elements' dims" n;
           ck (dims sc = [| 2; 2 |]) "%s scales' dims" n
       | None -> ck (dims (B.elements q) = [| 2; 2 * bpb |]) "%s blocks' dims" n);
      raises (n ^ ": last dimension not a multiple") (fun () -> B.quantize s (create D.Float32 [| bs + (bs / 2) |]));
      raises (n ^ ": no dimension") (fun () -> B.quantize s (create D.Float32 [||])))
    facts;
  ieq "Float6 element byte: top bits 0" 0 (List.fold_left (fun m b -> m lor (b land 0xc0)) 0
    (bytes_of (B.elements (B.quantize B.Mxfp6_e2m3 (block 32 [ -7.5; -1.; -0.125; 3. ])))));
  (* Ue4m3: "the whole bytes 0x00 and 0x7F read 0, every other byte the
     E4M3 magnitude of its low seven bits, bit 7 ignored (so 0x80 reads 0
     and 0xFF reads 480, not NaN)" *)
  let ue sc =
    let blk = u8s (sc @ List.init 32 (fun _ -> 0x22)) in
    let v = B.dequantize D.Float64 (B.v Ggml_nvfp4 ~dims:[| 64 |] blk) in
    List.map (fun s -> get v [| 16 * s |]) [ 0; 1; 2; 3 ]
  in
  Check.eq ~equal:(List.equal Check.same_float) ~pp:fl "Ue4m3 00 7f 80 ff" [ 0.; 0.; 0.; 480. ] (ue [ 0x00; 0x7f; 0x80; 0xff ]);
  Check.eq ~equal:(List.equal Check.same_float) ~pp:fl "Ue4m3 01 7e 81 fe" [ p2 (-9); 448.; p2 (-9); 448. ] (ue [ 0x01; 0x7e; 0x81; 0xfe ]);
  Check.eq ~equal:(List.equal Check.same_float) ~pp:fl "Ue4m3 08 38 b8 f8" [ p2 (-6); 1.; 1.; 256. ] (ue [ 0x08; 0x38; 0xb8; 0xf8 ])

let () =
  (* policy: "k = ⌊log2 amax⌋ − emax" (Floor), "⌈log2 amax⌉ − emax"
     (Ceil), "one above Floor's exactly when amax's significand is at
     least 2 − 2^−(f+1)" (Even), "the least k with amax ≤ max × 2^k"
     (Rceil), for E4M3 448, emax 8, f 3; E5M2 57344, 15, 2; E2M3 7.5, 2,
     3; E3M2 28, 4, 2; E2M1 6, 2, 1; MXINT8 127/64, 0, 6 *)
  List.iter
    (fun (s, mx, emax, f) ->
      let n = B.scheme_name s in
      let sb ?policy x = scale_byte ?policy s [ x ] in
      let at = p2 emax in
      ieq (n ^ " Floor 2^emax") 127 (sb at);
      ieq (n ^ " Floor below 2^emax") 126 (sb (Float.pred at));
      ieq (n ^ " Floor below 2^(emax+1)") 127 (sb (Float.pred (2. *. at)));
      ieq (n ^ " Floor max") 127 (sb mx);
      ieq (n ^ " Floor is the default") (sb ~policy:Floor 3.) (sb 3.);
      ieq (n ^ " Ceil 2^emax") 127 (sb ~policy:Ceil at);
      ieq (n ^ " Ceil above 2^emax") 128 (sb ~policy:Ceil (Float.succ at));
      let th = (2. -. p2 (-(f + 1))) *. at in
      ieq (n ^ " Even at 2 - 2^-(f+1)") 128 (sb ~policy:Even th);
      ieq (n ^ " Even below 2 - 2^-(f+1)") 127 (sb ~policy:Even (Float.pred th));
      ieq (n ^ " Even 2^emax") 127 (sb ~policy:Even at);
      ieq (n ^ " Rceil max") 127 (sb ~policy:Rceil mx);
      ieq (n ^ " Rceil above max") 128 (sb ~policy:Rceil (Float.succ mx));
      ieq (n ^ " Rceil max / 2") 126 (sb ~policy:Rceil (mx /. 2.));
      ieq (n ^ " Rceil above max / 2") 127 (sb ~policy:Rceil (Float.succ (mx /. 2.)));
      (* "Each k is then clamped to E8M0's range [−127, 127]" *)
      ieq (n ^ " k = -127") 0 (sb (p2 (emax - 127)));
      ieq (n ^ " k = -126") 1 (sb (p2 (emax - 126)));
      ieq (n ^ " k below -127") 0 (sb (p2 (emax - 140)));
      ieq (n ^ " k = 127") 254 (sb (p2 (emax + 127)));
      ieq (n ^ " k = 128 saturates") 254 (sb (p2 (emax + 128)));
      ieq (n ^ " k = 200 saturates") 254 (sb (p2 (emax + 200))))
    [ (B.Mxfp8_e4m3, 448., 8, 3); (Mxfp8_e5m2, 57344., 15, 2); (Mxfp6_e2m3, 7.5, 2, 3); (Mxfp6_e3m2, 28., 4, 2);
      (Mxfp4, 6., 2, 1); (Mxint8, 127. /. 64., 0, 6); (Ggml_mxfp4, 6., 2, 1) ];
  (* "A scale past E8M0's range saturates to 2^127 (only float64 values,
     from 2^128 on, can ask for one)": under Floor no float32 value asks
     for one; MXINT8's largest element is below 2, so under Ceil, Even and
     Rceil float32 values near their largest do *)
  let f32max = Float.of_string "0x1.fffffep127" in
  let q32 ?policy s x = B.quantize ?policy s (of_array D.Float32 [| 32 |] (Array.init 32 (fun i -> if i = 0 then x else 0.))) in
  List.iter
    (fun s -> ieq (B.scheme_name s ^ " Floor of float32 max") (if s = B.Mxint8 then 254 else 127 + 127 - (match s with Mxfp8_e4m3 -> 8 | Mxfp8_e5m2 -> 15 | Mxfp6_e3m2 -> 4 | Mxint8 -> 0 | _ -> 2))
      (get (Option.get (B.scales (q32 s f32max))) [| 0 |]))
    [ B.Mxfp8_e4m3; Mxfp8_e5m2; Mxfp6_e2m3; Mxfp6_e3m2; Mxfp4; Mxint8 ];
  let q = q32 ~policy:Rceil B.Mxint8 f32max in
  ieq "MXINT8 Rceil float32 max: saturated scale" 254 (get (Option.get (B.scales q)) [| 0 |]);
  ieq "MXINT8 Rceil float32 max: element clamped" 127 (get (B.elements q) [| 0 |]);
  let q = q32 ~policy:Ceil B.Mxint8 (1.5 *. p2 127) in
  ieq "MXINT8 Ceil 1.5 x 2^127: saturated scale" 254 (get (Option.get (B.scales q)) [| 0 |]);
  ieq "MXINT8 Ceil 1.5 x 2^127: element 96" 96 (get (B.elements q) [| 0 |]);
  (* "Such elements are clamped to ±max" (Floor); MXINT8 "the integers
     nearest x / 2^(k−6), clamped to ±127 (−128, the value −2, is read but
     never written)" *)
  let q = B.quantize B.Mxfp4 (block 32 [ 7.; -7.9; 6.5 ]) in
  Check.eq ~pp:il "Mxfp4 Floor clamps to ±6" [ 7; 15; 7 ] [ nibble (B.elements q) 0; nibble (B.elements q) 1; nibble (B.elements q) 2 ];
  let q = B.quantize B.Mxint8 (block 32 [ 1.999; -1.999; 1.; -1.9921875; 1.9921875 ]) in
  ieq "Mxint8 scale" 127 (get (Option.get (B.scales q)) [| 0 |]);
  Check.eq ~pp:il "Mxint8 clamps to ±127" [ 127; 0x81; 64; 0x81; 127 ] (List.filteri (fun i _ -> i < 5) (bytes_of (B.elements q)));
  let v = B.dequantize D.Float64 (B.v Mxint8 ~dims:[| 32 |] ~scales:(u8s [ 127 ]) (u8s (0x80 :: 0x7f :: List.init 30 (fun _ -> 1)))) in
  feq "Mxint8 0x80 reads -2" (-2.) (get v [| 0 |]);
  feq "Mxint8 0x7f reads 127/64" (127. /. 64.) (get v [| 1 |]);
  feq "Mxint8 1 reads 2^-6" (p2 (-6)) (get v [| 2 |]);
  (* Nvfp4: "the largest finite magnitude of a over 2688 (6 × 448),
     rounded once to float32 (saturated to its largest value ...), and 1
     if that is 0" *)
  feq "nvfp4_tensor_scale 2688" 1. (B.nvfp4_tensor_scale (block 16 [ -2688.; 1. ]));
  feq "nvfp4_tensor_scale 0" 1. (B.nvfp4_tensor_scale (block 16 []));
  feq "nvfp4_tensor_scale ignores inf" 2. (B.nvfp4_tensor_scale (block 16 [ infinity; 5376. ]));
  feq "nvfp4_tensor_scale 1e300" f32max (B.nvfp4_tensor_scale (block 16 [ 1e300 ]));
  feq "nvfp4_tensor_scale float32 of 1/2688" (D.of_float D.Float32 (1. /. 2688.)) (B.nvfp4_tensor_scale (block 16 [ 1. ]));
  feq "quantize's default tensor scale" 2. (B.tensor_scale (B.quantize B.Nvfp4 (block 16 [ 5376. ])));
  (* "A block's E4M3 scale sb is the exact amax / (6 × st) rounded to
     nearest even and clamped to [2^−9, 448] ... at 0.2500001 ... the
     exact quotient rounds to 0.5" *)
  let nv xs = B.quantize ~tensor_scale:1. B.Nvfp4 (block 16 xs) in
  let sc q = get (Option.get (B.scales q)) [| 0 |] in
  let q = nv [ 6.; 0.2500001; 0.25; 0.75; 5.; 1e-30 ] in
  ieq "Nvfp4 scale 1" 0x38 (sc q);
  Check.eq ~pp:il "Nvfp4 elements" [ 7; 1; 0; 2; 6; 0 ] (List.init 6 (nibble (B.elements q)));
  ieq "Nvfp4 scale 448" 0x7e (sc (nv [ 6. *. 448. ]));
  ieq "Nvfp4 scale clamped to 448" 0x7e (sc (nv [ 6. *. 896. ]));
  ieq "Nvfp4 element clamped under scale 448" 7 (nibble (B.elements (nv [ 6. *. 896. ])) 0);
  ieq "Nvfp4 scale 2^-9" 0x01 (sc (nv [ 6. *. p2 (-9) ]));
  ieq "Nvfp4 scale clamped to 2^-9" 0x01 (sc (nv [ 6. *. p2 (-10) ]));
  ieq "Nvfp4 element under the clamped scale" 5 (nibble (B.elements (nv [ 6. *. p2 (-10) ])) 0);
  ieq "Nvfp4 zeros: scale 2^-9" 0x01 (sc (nv []));
  ieq "Nvfp4 scale tie 6 x 1.0625 to even" 0x38 (sc (nv [ 6. *. 1.0625 ]));
  ieq "Nvfp4 scale above the tie" 0x39 (sc (nv [ Float.succ (6. *. 1.0625) ]));
  (* Q8_0: "d is the exact amax / 127 rounded to float16 (nearest even,
     saturating to ±65504 ...) ... clamped to ±127; a zero d gives zero
     elements" *)
  let q8 xs = bytes_of (B.elements (B.quantize B.Ggml_q8_0 (block 32 xs))) in
  let d16 l = List.nth l 0 lor (List.nth l 1 lsl 8) in
  ieq "Q8_0 d 65504" 0x7bff (d16 (q8 [ 127. *. 65504. ]));
  ieq "Q8_0 d below 65520" 0x7bff (d16 (q8 [ Float.pred (127. *. 65520.) ]));
  ieq "Q8_0 d 65520 saturates" 0x7bff (d16 (q8 [ 127. *. 65520. ]));
  ieq "Q8_0 d -65520 saturates" 0x7bff (d16 (q8 [ -127. *. 65520. ]));
  ieq "Q8_0 element clamped" 127 (List.nth (q8 [ 127. *. 70000. ]) 2);
  ieq "Q8_0 element -127" 0x81 (List.nth (q8 [ -127. *. 70000. ]) 2);
  ieq "Q8_0 zeros: d 0" 0 (d16 (q8 []));
  ck (List.for_all (( = ) 0) (List.tl (List.tl (q8 [])))) "Q8_0 zeros: elements 0";
  ieq "Q8_0 d 1" 0x3c00 (d16 (q8 [ 127. ]));
  ieq "Q8_0 63.5 nearest even" 64 (List.nth (q8 [ 127.; 63.5 ]) 3);
  ieq "Q8_0 62.5 nearest even" 62 (List.nth (q8 [ 127.; 62.5 ]) 3);
  (* Q4_0: "m is the first element of largest magnitude and d is m / −8
     ... clamped to [−8, 7], stored plus 8" *)
  let q4 xs = bytes_of (B.elements (B.quantize B.Ggml_q4_0 (block 32 xs))) in
  let a = q4 [ 8.; -8. ] and b = q4 [ -8.; 8. ] in
  ieq "Q4_0 m = 8: d = -1" 0xbc00 (d16 a);
  ieq "Q4_0 m = -8: d = 1" 0x3c00 (d16 b);
  ieq "Q4_0 m = 8: element -8" 0 (List.nth a 2 land 0xf);
  ieq "Q4_0 m = 8: -8 / -1 clamped to 7" 15 (List.nth a 3 land 0xf);
  ieq "Q4_0 element 16 in the high nibble" 8 (List.nth a 2 lsr 4);
  ieq "Q4_0 m = 8: element 17 (-4 / -1 + 8) in the high nibble" 12
    (List.nth (q4 [ 8.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; -4. ]) 3 lsr 4);
  (* "Ggml_mxfp4: as Mxfp4 with ggml's layout" (ggml itself ties toward
     zero and gives +0, which this module does not), "element j in the
     low nibble and j + 16 in the high one"; Mxfp4 ties to even and keeps
     the sign of a zero *)
  let xs = [ 6.; 1.75; 1.25; -0.1; 0.25; 5.; 3.5; -1.75; Float.succ 1.75; -0. ] in
  let g = B.elements (B.quantize B.Ggml_mxfp4 (block 32 xs)) and m = B.elements (B.quantize B.Mxfp4 (block 32 xs)) in
  let gg j = let b = get g [| 1 + (j mod 16) |] in if j < 16 then b land 0xf else b lsr 4 in
  ieq "Ggml_mxfp4 scale" 127 (get g [| 0 |]);
  Check.eq ~pp:il "Ggml_mxfp4 codes as Mxfp4's" [ 7; 4; 2; 8; 0; 6; 6; 12; 4; 8 ] (List.init 10 gg);
  let g = B.elements (B.quantize B.Ggml_mxfp4 (block 32 [ 6.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 0.; 1. ])) in
  ieq "Ggml_mxfp4 element 16 in the high nibble of byte 0" 0x27 (get g [| 1 |]);
  Check.eq ~pp:il "Mxfp4 codes" [ 7; 4; 2; 8; 0; 6; 6; 12; 4; 8 ] (List.init 10 (nibble m));
  (* Ggml_nvfp4: "the exact amax / 6 rounded to nearest even and
     saturated to 448, with no lower clamp: a sub-block whose amax is at
     most 3 × 2^−9 ... gets the scale 0 and zero elements" *)
  let gn xs = bytes_of (B.elements (B.quantize B.Ggml_nvfp4 (block 64 xs))) in
  let sub s x = List.init 64 (fun i -> if i = 16 * s then x else 0.) in
  let merge l = List.init 64 (fun i -> List.fold_left (fun acc l -> acc +. List.nth l i) 0. l) in
  let r = gn (merge [ sub 0 (3. *. p2 (-9)); sub 1 (Float.succ (3. *. p2 (-9))); sub 2 (6. *. 448.); sub 3 (6. *. 480.) ]) in
  Check.eq ~pp:il "Ggml_nvfp4 scales" [ 0; 1; 0x7e; 0x7e ] (List.filteri (fun i _ -> i < 4) r);
  ieq "Ggml_nvfp4 scale 0: element 0" 0 (List.nth r 4 land 0xf);
  ieq "Ggml_nvfp4 scale 2^-9: element 3" 5 (List.nth r 12 land 0xf);
  ieq "Ggml_nvfp4 element 8 in the high nibble" 0 (List.nth r 4 lsr 4);
  let r = gn (merge [ sub 0 (-3. *. p2 (-9)); sub 1 (6. *. 464.); sub 2 (6. *. 1e6); sub 3 (6. *. p2 (-6)) ]) in
  Check.eq ~pp:il "Ggml_nvfp4 scales, more" [ 0; 0x7e; 0x7e; 0x08 ] (List.filteri (fun i _ -> i < 4) r);
  raises "Ggml_nvfp4 nan" (fun () -> B.quantize B.Ggml_nvfp4 (block 64 [ nan ]));
  raises "Ggml_nvfp4 inf" (fun () -> B.quantize B.Ggml_nvfp4 (block 64 [ 0.; infinity ]));
  (* "A block holding a NaN or an infinity gets the NaN scale ... and
     zero elements: it dequantizes to NaN" *)
  List.iter
    (fun (s, want) ->
      List.iter
        (fun bad ->
          let n = (B.facts s).block_size in
          let q = B.quantize s (block n [ 1.; bad; 3. ]) in
          let n' = B.scheme_name s in
          (match B.scales q with
           | Some sc -> ieq (n' ^ " NaN scale") want (get sc [| 0 |]);
                        ck (List.for_all (( = ) 0) (bytes_of (B.elements q))) "%s zero elements" n'
           | None ->
               let l = bytes_of (B.elements q) in
               ck (Float.is_nan (D.of_float D.Float64 (of_bits D.Float16 (Int64.of_int (d16 l))))) "%s float16 NaN scale" n';
               ck (List.for_all (( = ) (if s = B.Ggml_q4_0 then 0x88 else 0)) (List.tl (List.tl l))) "%s zero elements" n');
          let v = B.dequantize D.Float32 q in
          ck (Array.for_all Float.is_nan (to_array v)) "%s dequantizes to NaN" n')
        [ nan; infinity; neg_infinity ])
    [ (B.Mxfp8_e4m3, 0xff); (Mxfp8_e5m2, 0xff); (Mxfp6_e2m3, 0xff); (Mxfp4, 0xff); (Mxint8, 0xff);
      (Nvfp4, 0x7f); (Ggml_q8_0, 0); (Ggml_q4_0, 0) ];
  let q = B.quantize B.Ggml_mxfp4 (block 32 [ nan ]) in
  ieq "Ggml_mxfp4 NaN scale" 0xff (get (B.elements q) [| 0 |]);
  (* "A block of zeros gets the least scale (E8M0 2^−127 ...; NVFP4 2^−9;
     float16 0 for ggml's integer schemes) and its zeros keep their
     signs" *)
  let q = B.quantize B.Mxfp4 (block 32 [ -0.; 0. ]) in
  ieq "Mxfp4 zeros: scale 2^-127" 0 (get (Option.get (B.scales q)) [| 0 |]);
  Check.eq ~pp:il "Mxfp4 zeros keep signs" [ 8; 0 ] [ nibble (B.elements q) 0; nibble (B.elements q) 1 ];
  let q = B.quantize B.Mxfp8_e4m3 (block 32 [ -0. ]) in
  ieq "Mxfp8 -0 keeps its sign" 0x80 (get (B.elements q) [| 0 |]);
  ieq "Nvfp4 zeros default tensor scale: scale 2^-9" 0x01 (get (Option.get (B.scales (B.quantize B.Nvfp4 (block 16 [])))) [| 0 |]);
  (* "float16 0 for ggml's integer schemes": Q4_0's d is m / -8, so +0s
     give -0 (as ggml's m / -8 does) *)
  ieq "Q4_0 zeros: d -0" 0x8000 (d16 (q4 []));
  ieq "Q4_0 -0s: d +0" 0 (d16 (q4 (List.init 32 (fun _ -> -0.))));
  ck (List.for_all (( = ) 0x88) (List.tl (List.tl (q4 [])))) "Q4_0 zeros: elements 0 (stored 8)";
  (* dequantize: "An E8M0 scale 0xFF gives NaN values ... An E2M1 code 0x8
     is −0, in ggml's MXFP4 and NVFP4 too" *)
  let v = B.dequantize D.Float32 (B.v Mxfp4 ~dims:[| 32 |] ~scales:(u8s [ 0xff ]) (create D.Uint8 [| 16 |])) in
  ck (Array.for_all Float.is_nan (to_array v)) "E8M0 0xFF: NaN values";
  let v = B.dequantize D.Float32 (B.v Mxfp4 ~dims:[| 32 |] ~scales:(u8s [ 127 ]) (u8s (List.init 16 (fun _ -> 0x88)))) in
  feq "Mxfp4 code 8 is -0" (-0.) (get v [| 0 |]);
  let v = B.dequantize D.Float32 (B.v Ggml_mxfp4 ~dims:[| 32 |] (u8s (127 :: List.init 16 (fun _ -> 0x88)))) in
  feq "Ggml_mxfp4 code 8 is -0" (-0.) (get v [| 0 |]);
  let v = B.dequantize D.Float32 (B.v Ggml_nvfp4 ~dims:[| 64 |] (u8s ([ 0x38; 0x38; 0x38; 0x38 ] @ List.init 32 (fun _ -> 0x88)))) in
  feq "Ggml_nvfp4 code 8 is -0" (-0.) (get v [| 0 |]);
  let v = B.dequantize D.Float32 (B.v Nvfp4 ~dims:[| 16 |] ~scales:(u8s [ 0x7f ]) (create D.Uint8 [| 8 |])) in
  ck (Array.for_all Float.is_nan (to_array v)) "E4M3 NaN scale: NaN values";
  let v = B.dequantize D.Float32 (B.v Mxfp8_e4m3 ~dims:[| 32 |] ~scales:(u8s [ 0 ]) (u8s (0x7f :: List.init 31 (fun _ -> 0)))) in
  nan_ "E4M3 element NaN" (get v [| 0 |]);
  let v = B.dequantize D.Float32 (B.v Mxfp8_e5m2 ~dims:[| 32 |] ~scales:(u8s [ 0 ]) (u8s (0x7c :: 0xfc :: List.init 30 (fun _ -> 0)))) in
  feq "E5M2 element inf under 2^-127" infinity (get v [| 0 |]);
  feq "E5M2 element -inf under 2^-127" neg_infinity (get v [| 1 |]);
  (* "The top two bits of an MXFP6 element's byte are not read" *)
  let d6 b = to_array (B.dequantize D.Float64 (B.v Mxfp6_e2m3 ~dims:[| 32 |] ~scales:(u8s [ 127 ]) (u8s (List.init 32 (fun _ -> b))))) in
  ck (d6 0xc1 = d6 0x01 && d6 0x41 = d6 0x01 && d6 0x81 = d6 0x01) "MXFP6 top bits not read";
  feq "MXFP6 0x01" 0.125 (d6 0xc1).(0);
  (* NVFP4: "element × block scale × tensor scale" *)
  let v = B.dequantize D.Float64 (B.v Nvfp4 ~dims:[| 16 |] ~scales:(u8s [ 0x40 ]) ~tensor_scale:0.5 (u8s (List.init 8 (fun _ -> 0x77)))) in
  feq "NVFP4 6 x 2 x 0.5" 6. (get v [| 0 |])

let () =
  (* v: "tensor_scale (NVFP4 only) is the float32 tensor scale, default
     1."; raises "if dims is empty or its last dimension is not a multiple
     of the block size, if an array does not have the bytes ..., if
     scales is missing or given where the scheme has none, or if
     tensor_scale is given for another scheme than Nvfp4 or is not a
     positive finite float32 value" *)
  let e8 = create D.Uint8 [| 8 |] and s1 = u8s [ 0x38 ] in
  feq "tensor_scale default" 1. (B.tensor_scale (B.v Nvfp4 ~dims:[| 16 |] ~scales:s1 e8));
  feq "tensor_scale of Mxfp4" 1. (B.tensor_scale (B.v Mxfp4 ~dims:[| 32 |] ~scales:(u8s [ 0 ]) (create D.Uint8 [| 16 |])));
  let ts x = B.v Nvfp4 ~dims:[| 16 |] ~scales:s1 ~tensor_scale:x e8 in
  no_raise "tensor_scale 0.5" (fun () -> ts 0.5);
  no_raise "tensor_scale 2^-149" (fun () -> ts (p2 (-149)));
  no_raise "tensor_scale float32 max" (fun () -> ts (Float.of_string "0x1.fffffep127"));
  raises "tensor_scale 0.1 (not a float32)" (fun () -> ts 0.1);
  raises "tensor_scale 2^-150" (fun () -> ts (p2 (-150)));
  raises "tensor_scale 0" (fun () -> ts 0.);
  raises "tensor_scale -0.5" (fun () -> ts (-0.5));
  raises "tensor_scale inf" (fun () -> ts infinity);
  raises "tensor_scale nan" (fun () -> ts nan);
  raises "tensor_scale 2^128" (fun () -> ts (p2 128));
  raises "tensor_scale for Mxfp4" (fun () -> B.v Mxfp4 ~dims:[| 32 |] ~scales:(u8s [ 0 ]) ~tensor_scale:1. (create D.Uint8 [| 16 |]));
  raises "v dims [||]" (fun () -> B.v Nvfp4 ~dims:[||] ~scales:s1 e8);
  raises "v last dimension 8" (fun () -> B.v Nvfp4 ~dims:[| 2; 8 |] ~scales:s1 e8);
  raises "v 7 bytes" (fun () -> B.v Nvfp4 ~dims:[| 16 |] ~scales:s1 (create D.Uint8 [| 7 |]));
  raises "v 9 bytes" (fun () -> B.v Nvfp4 ~dims:[| 16 |] ~scales:s1 (create D.Uint8 [| 9 |]));
  raises "v no scales" (fun () -> B.v Nvfp4 ~dims:[| 16 |] e8);
  raises "v scales for ggml" (fun () -> B.v Ggml_q8_0 ~dims:[| 32 |] ~scales:s1 (create D.Uint8 [| 34 |]));
  no_raise "v Ggml_q8_0 34 bytes" (fun () -> B.v Ggml_q8_0 ~dims:[| 32 |] (create D.Uint8 [| 34 |]));
  raises "v Ggml_q8_0 33 bytes" (fun () -> B.v Ggml_q8_0 ~dims:[| 32 |] (create D.Uint8 [| 33 |]));
  no_raise "v: the arrays' own dimensions do not matter" (fun () -> B.v Nvfp4 ~dims:[| 16 |] ~scales:s1 (create D.Uint8 [| 2; 4 |]));
  (* quantize: "Raises if a's dtype is not one of those four, ... if policy
     is given for a scheme whose scales are not E8M0, if tensor_scale is
     given for another scheme than Nvfp4 or is not a positive finite
     float32 value" *)
  List.iter (fun (D.Any dt) ->
      match D.kind dt with
      | D.Float ->
          let ok = List.mem (D.name dt) [ "float32"; "float64"; "bfloat16"; "float16" ] in
          let f () = B.quantize B.Mxfp4 (create dt [| 32 |]) in
          if ok then no_raise ("quantize " ^ D.name dt) f else raises ("quantize " ^ D.name dt) f;
          if ok then ignore (B.nvfp4_tensor_scale (create dt [| 16 |]))
          else raises ("nvfp4_tensor_scale " ^ D.name dt) (fun () -> B.nvfp4_tensor_scale (create dt [| 16 |]))
      | _ -> ())
    D.all;
  raises "policy for Nvfp4" (fun () -> B.quantize ~policy:Floor B.Nvfp4 (block 16 []));
  raises "policy for Q8_0" (fun () -> B.quantize ~policy:Floor B.Ggml_q8_0 (block 32 []));
  raises "policy for Ggml_nvfp4" (fun () -> B.quantize ~policy:Floor B.Ggml_nvfp4 (block 64 []));
  no_raise "policy for Ggml_mxfp4" (fun () -> B.quantize ~policy:Ceil B.Ggml_mxfp4 (block 32 []));
  raises "tensor_scale for Mxfp4" (fun () -> B.quantize ~tensor_scale:1. B.Mxfp4 (block 32 []));
  raises "quantize tensor_scale 0.1" (fun () -> B.quantize ~tensor_scale:0.1 B.Nvfp4 (block 16 []));
  raises "quantize tensor_scale 0" (fun () -> B.quantize ~tensor_scale:0. B.Nvfp4 (block 16 []));
  (* of_gpt_oss: "[|…; n; 16|] (32 E2M1 elements per block ...) and
     [|…; n|]: its values have dimensions [|…; 32 n|]" *)
  let q = B.of_gpt_oss ~blocks:(create D.Uint8 [| 3; 2; 16 |]) ~scales:(create D.Uint8 [| 3; 2 |]) in
  ck (B.dims q = [| 3; 64 |]) "of_gpt_oss dims";
  raises "of_gpt_oss 15" (fun () -> B.of_gpt_oss ~blocks:(create D.Uint8 [| 2; 15 |]) ~scales:(create D.Uint8 [| 2 |]));
  raises "of_gpt_oss scales" (fun () -> B.of_gpt_oss ~blocks:(create D.Uint8 [| 2; 16 |]) ~scales:(create D.Uint8 [| 3 |]));
  let b, s = B.to_gpt_oss q in
  ck (dims b = [| 3; 2; 16 |] && dims s = [| 3; 2 |]) "to_gpt_oss dims";
  raises "to_gpt_oss of Nvfp4" (fun () -> B.to_gpt_oss (B.v Nvfp4 ~dims:[| 16 |] ~scales:s1 e8));
  (* of_modelopt: "weight [|…; k / 2|]; weight_scale [|…; k / 16|];
     weight_scale_2 one element"; "Raises if ... the tensor scale is not
     positive and finite" *)
  let ws = create D.Float8_e4m3fn [| 2; 2 |] and w2 x = of_array D.Float32 [| 1 |] [| x |] in
  ck (B.dims (B.of_modelopt ~weight:(create D.Uint8 [| 2; 16 |]) ~weight_scale:ws ~weight_scale_2:(w2 1.)) = [| 2; 32 |]) "of_modelopt dims";
  raises "of_modelopt scale 0" (fun () -> B.of_modelopt ~weight:(create D.Uint8 [| 2; 16 |]) ~weight_scale:ws ~weight_scale_2:(w2 0.));
  raises "of_modelopt scale inf" (fun () -> B.of_modelopt ~weight:(create D.Uint8 [| 2; 16 |]) ~weight_scale:ws ~weight_scale_2:(w2 infinity));
  raises "of_modelopt weight" (fun () -> B.of_modelopt ~weight:(create D.Uint8 [| 2; 15 |]) ~weight_scale:ws ~weight_scale_2:(w2 1.));
  (* Files: "four elements fill three bytes, the first in the low six
     bits of the first byte"; tensor_of_codes "Raises if f is an F6
     format and a code is larger than 63 or the elements are not a
     multiple of four" *)
  let t = B.tensor_of_codes F6_e2m3 (u8s [ 1; 2; 3; 4 ]) in
  (match t with
   | S.Raw { data; dtype; shape } ->
       Check.eq ~pp:il "F6 packing" [ 0x81; 0x30; 0x10 ] (bytes_of data);
       seq "F6 dtype string" "F6_E2M3" dtype;
       ck (shape = [| 4 |]) "F6 shape"
   | S.Tensor _ -> ck false "F6 tensor is Raw");
  Check.eq ~pp:il "F6 codes unpacked" [ 1; 2; 3; 4 ] (bytes_of (B.tensor_codes t));
  let t = B.tensor_of_codes F6_e3m2 (u8s [ 63; 63; 63; 63; 0; 0; 0; 0 ]) in
  Check.eq ~pp:il "F6 code 63" [ 63; 63; 63; 63; 0; 0; 0; 0 ] (bytes_of (B.tensor_codes t));
  raises "F6 code 64" (fun () -> B.tensor_of_codes F6_e3m2 (u8s [ 64; 0; 0; 0 ]));
  raises "F6 6 codes" (fun () -> B.tensor_of_codes F6_e2m3 (u8s [ 0; 0; 0; 0; 0; 0 ]));
  no_raise "F8_E8M0 6 codes" (fun () -> B.tensor_of_codes F8_e8m0 (u8s [ 0; 0; 0; 0; 0; 255 ]));
  raises "encode_tensor F6 6 elements" (fun () -> B.encode_tensor F6_e2m3 (block 6 []));
  no_raise "encode_tensor F6 8 elements" (fun () -> B.encode_tensor F6_e2m3 (block 8 []));
  Check.eq ~pp:il "encode_tensor F8_E8M0" [ 128; 127; 0; 254; 255 ]
    (bytes_of (B.tensor_codes (B.encode_tensor F8_e8m0 (block 5 [ 1.5; Float.pred 1.5; 0x1p-200; infinity; 0. ]))));
  (* decode_tensor: "E8M0 0xFF gives NaN; into Float16, 2^−127 gives 0 and
     2^127 infinity" *)
  let d = B.decode_tensor D.Float16 (B.tensor_of_codes F8_e8m0 (u8s [ 0; 254; 255; 127; 103; 102; 142; 143 ])) in
  let v = to_array d in
  feq "E8M0 2^-127 into Float16" 0. v.(0);
  feq "E8M0 2^127 into Float16" infinity v.(1);
  nan_ "E8M0 0xFF into Float16" v.(2);
  feq "E8M0 1 into Float16" 1. v.(3);
  feq "E8M0 2^-24 into Float16" (p2 (-24)) v.(4);
  feq "E8M0 2^-25 into Float16 ties to 0" 0. v.(5);
  feq "E8M0 2^15 into Float16" 32768. v.(6);
  feq "E8M0 2^16 into Float16" infinity v.(7);
  (* "a U8 tensor is refused by decode_tensor and tensor_codes" *)
  let u = S.Tensor (create D.Uint8 [| 4 |]) in
  raises "decode_tensor U8" (fun () -> B.decode_tensor D.Float32 u);
  raises "tensor_codes U8" (fun () -> B.tensor_codes u);
  (* get_gpt_oss: "The scales are read as E8M0 whether their dtype string
     is U8 ... or F8_E8M0" *)
  let q = B.quantize B.Mxfp4 (block 64 [ 1.; 2.; 3. ]) in
  List.iter
    (fun e8m0 ->
      match S.of_string (S.to_string (B.gpt_oss_tensors ~e8m0 "w" q)) with
      | Ok st ->
          let q' = Result.get_ok (B.get_gpt_oss st "w") in
          ck (equal (B.dequantize D.Float32 q') (B.dequantize D.Float32 q)) "gpt-oss round trip (e8m0 %b)" e8m0;
          seq "scales dtype string" (if e8m0 then "F8_E8M0" else "U8") (match S.find_info st "w_scales" with Some i -> i.S.dtype | None -> "")
      | Error e -> ck false "gpt-oss: %s" e)
    [ false; true ]

let () = Check.finish "claims"
