(* Nx_array.Dtype: facts, kinds, equality, Bigarray kinds, values, exact,
   bytes, allocation, and every example of the documentation. *)

open Nx_array
open Check

let str pp x = Format.asprintf "%a" pp x
let value dt x = str (Dtype.pp_value dt) x

let test_all_and_codes () =
  check (List.length Dtype.all = 21) "21 dtypes";
  List.iteri
    (fun i (Dtype.Any dt) ->
      check (Dtype.code dt = i) "code %s = %d" (Dtype.name dt) i;
      (match Dtype.of_code i with
       | Some (Dtype.Any dt') -> check (Dtype.equal dt dt') "of_code %d" i
       | None -> check false "of_code %d is None" i);
      (match Dtype.of_name (Dtype.name dt) with
       | Some (Dtype.Any dt') -> check (Dtype.equal dt dt') "of_name %s" (Dtype.name dt)
       | None -> check false "of_name %s is None" (Dtype.name dt));
      check (str Dtype.pp dt = Dtype.name dt) "pp %s" (Dtype.name dt))
    Dtype.all;
  List.iter (fun c -> check (Dtype.of_code c = None) "of_code %d" c)
    [ -1; 21; 22; max_int; min_int ];
  List.iter (fun s -> check (Dtype.of_name s = None) "of_name %S" s)
    [ ""; "Float32"; "float"; "float32 "; "fp8"; "bfloat" ];
  check (Dtype.code Dtype.Float32 = 1) "NX_FLOAT32";
  check (Dtype.name Dtype.Float32 = "float32") "name float32";
  check (Dtype.name Dtype.Float4_e2m1fn = "float4_e2m1fn") "name float4_e2m1fn"

(* The OCaml facts against the Rust table, which nx_dtype.h is rendered
   from: the one source of truth. *)
let test_facts_match_the_table () =
  let int = Format.pp_print_int and bool = Format.pp_print_bool in
  List.iter
    (fun (Dtype.Any dt) ->
      let c = Dtype.code dt in
      let what field = Printf.sprintf "row %d (%s): %s" c (Dtype.name dt) field in
      match Nx_array_core.Native.facts c with
      | None -> check false "no row %d" c
      | Some r ->
          eq ~pp:int (what "code") c r.code;
          eq ~pp:Format.pp_print_string (what "name") (Dtype.name dt) r.name;
          eq ~pp:int (what "bits") (Dtype.bits dt) r.bits;
          let kind_index =
            match Dtype.kind dt with
            | Dtype.Float -> 0 | Complex -> 1 | Signed -> 2 | Unsigned -> 3
            | Boolean -> 4
          in
          eq ~pp:int (what "kind") kind_index r.kind;
          let ff (type s) (dt : (float, s) Dtype.t) =
            let f = Dtype.float_format dt in
            let float field want got = eq ~equal:same_float ~pp:pp_hex (what field) want got in
            eq ~pp:int (what "exponent_bits") f.exponent_bits r.exponent_bits;
            eq ~pp:int (what "fraction_bits") f.fraction_bits r.fraction_bits;
            eq ~pp:bool (what "infinities") f.infinities r.infinities;
            eq ~pp:bool (what "nans") f.nans r.nans;
            float "epsilon" f.epsilon r.epsilon;
            float "min_normal" f.min_normal r.min_normal;
            float "max_finite" f.max_finite r.max_finite;
            float "epsilon rule" (Float.ldexp 1. (- f.fraction_bits)) f.epsilon
          in
          (match dt with
           | Dtype.Float64 -> ff dt | Float32 -> ff dt | Float16 -> ff dt
           | Bfloat16 -> ff dt | Float8_e4m3fn -> ff dt | Float8_e5m2 -> ff dt
           | Float4_e2m1fn -> ff dt
           | _ -> check (r.exponent_bits = 0 && r.epsilon = 0.) "no format %d" c))
    Dtype.all;
  check (Nx_array_core.Native.facts 21 = None) "no row 21";
  check (Nx_array_core.Native.facts (-1) = None) "no row -1"

let test_kinds_and_equality () =
  let kinds =
    [ Dtype.Any Float64, 0; Any Float4_e2m1fn, 0; Any Int64, 2; Any Uint64, 3;
      Any Int4, 2; Any Uint4, 3; Any Complex64, 1; Any Bool, 4; Any Bit, 4 ]
  in
  List.iter
    (fun (Dtype.Any dt, k) ->
      let is_k =
        [ Dtype.is Dtype.Float dt; Dtype.is Dtype.Complex dt;
          Dtype.is Dtype.Signed dt; Dtype.is Dtype.Unsigned dt;
          Dtype.is Dtype.Boolean dt ]
      in
      List.iteri (fun i b -> check (b = (i = k)) "is %d %s" i (Dtype.name dt)) is_k)
    kinds;
  (* The documented idiom: matching kind learns the value type. *)
  let describe : type v s. (v, s) Dtype.t -> v -> string = fun dt x ->
    match Dtype.kind dt with
    | Dtype.Float -> Printf.sprintf "float %g" (x +. 0.)
    | Complex -> "complex" | Signed -> "signed" | Unsigned -> "unsigned"
    | Boolean -> if x then "true" else "false"
  in
  check (describe Dtype.Bfloat16 1.5 = "float 1.5") "kind refines";
  check (describe Dtype.Bit true = "true") "kind refines bool";
  List.iter
    (fun (Dtype.Any a) ->
      List.iter
        (fun (Dtype.Any b) ->
          let eq = Dtype.code a = Dtype.code b in
          check (Dtype.equal a b = eq) "equal %s %s" (Dtype.name a) (Dtype.name b);
          check ((Dtype.equal_witness a b <> None) = eq) "witness %s %s"
            (Dtype.name a) (Dtype.name b))
        Dtype.all)
    Dtype.all;
  match Dtype.equal_witness Dtype.Float16 Dtype.Float16 with
  | Some Type.Equal -> check true ""
  | None -> check false "witness float16"

let test_bigarray_kinds () =
  let open Bigarray in
  let some k dt = match Dtype.of_bigarray_kind k with
    | Some dt' -> Dtype.equal dt dt' | None -> false in
  check (some Float64 Dtype.Float64) "float64";
  check (some Float32 Dtype.Float32) "float32";
  check (some Float16 Dtype.Float16) "float16";
  check (some Int8_signed Dtype.Int8) "int8";
  check (some Int8_unsigned Dtype.Uint8) "uint8";
  check (some Int16_signed Dtype.Int16) "int16";
  check (some Int16_unsigned Dtype.Uint16) "uint16";
  check (some Int32 Dtype.Int32) "int32";
  check (some Int64 Dtype.Int64) "int64";
  check (some Complex32 Dtype.Complex64) "complex32 is Complex64";
  check (some Complex64 Dtype.Complex128) "complex64 is Complex128";
  check (Dtype.of_bigarray_kind Char = None) "char";
  check (Dtype.of_bigarray_kind Int = None) "int";
  check (Dtype.of_bigarray_kind Nativeint = None) "nativeint";
  List.iter
    (fun (Dtype.Any dt) ->
      let none =
        List.mem (Dtype.name dt)
          [ "bfloat16"; "float8_e4m3fn"; "float8_e5m2"; "float4_e2m1fn"; "int4";
            "uint4"; "uint32"; "uint64"; "bool"; "bit" ]
      in
      match Dtype.to_bigarray_kind dt with
      | None -> check none "to_bigarray_kind %s" (Dtype.name dt)
      | Some k ->
          check (not none) "to_bigarray_kind %s" (Dtype.name dt);
          check (kind_size_in_bytes k * 8 = Dtype.bits dt) "size %s" (Dtype.name dt);
          (match Dtype.of_bigarray_kind k with
           | Some dt' -> check (Dtype.equal dt dt') "round trip %s" (Dtype.name dt)
           | None -> check false "round trip %s" (Dtype.name dt)))
    Dtype.all

let test_values () =
  check (Dtype.zero Dtype.Float16 = 0. && Dtype.one Dtype.Float16 = 1.) "float";
  check (Dtype.zero Dtype.Bool = false && Dtype.one Dtype.Bit = true) "bool";
  check (Dtype.zero Dtype.Complex64 = Complex.zero) "complex zero";
  check (Dtype.one Dtype.Complex128 = Complex.one) "complex one";
  check (Dtype.zero Dtype.Uint64 = 0L && Dtype.one Dtype.Int32 = 1l) "ints";
  check (Dtype.min_value Dtype.Float16 = neg_infinity) "min float16";
  check (Dtype.max_value Dtype.Float8_e5m2 = infinity) "max e5m2";
  check (Dtype.min_value Dtype.Float8_e4m3fn = -448.) "min e4m3fn";
  check (Dtype.max_value Dtype.Float8_e4m3fn = 448.) "max e4m3fn";
  check (Dtype.min_value Dtype.Float4_e2m1fn = -6.) "min e2m1fn";
  check (Dtype.max_value Dtype.Float4_e2m1fn = 6.) "max e2m1fn";
  check (Dtype.min_value Dtype.Bool = false && Dtype.max_value Dtype.Bit = true) "bool";
  check (Dtype.max_value Dtype.Uint4 = 15) "15";
  check (Dtype.max_value Dtype.Uint8 = 255) "255";
  check (Dtype.max_value Dtype.Uint16 = 65535) "65535";
  check (Dtype.max_value Dtype.Uint32 = -1l) "-1l";
  check (Dtype.max_value Dtype.Uint64 = -1L) "-1L";
  check (Dtype.min_value Dtype.Int4 = -8 && Dtype.max_value Dtype.Int4 = 7) "int4";
  check (Dtype.min_value Dtype.Int16 = -32768) "int16";
  check (Dtype.min_value Dtype.Int64 = Int64.min_int) "int64";
  check (Dtype.min_value Dtype.Uint32 = 0l) "uint32";
  raises_invalid_arg ~name:"min_value complex64" (fun () ->
      Dtype.min_value Dtype.Complex64);
  raises_invalid_arg ~name:"max_value complex128" (fun () ->
      Dtype.max_value Dtype.Complex128);
  (* holds: false iff an int below min_value or above max_value. *)
  let ints : (int, _) Dtype.t list = [] in
  ignore ints;
  let holds_int (type s) (dt : (int, s) Dtype.t) =
    let lo = Dtype.min_value dt and hi = Dtype.max_value dt in
    List.iter
      (fun x -> check (Dtype.holds dt x = (lo <= x && x <= hi)) "holds %s %d" (Dtype.name dt) x)
      [ min_int; lo - 1; lo; lo + 1; 0; hi - 1; hi; hi + 1; max_int ]
  in
  holds_int Dtype.Int16; holds_int Dtype.Uint16; holds_int Dtype.Int8;
  holds_int Dtype.Uint8; holds_int Dtype.Int4; holds_int Dtype.Uint4;
  check (Dtype.holds Dtype.Float8_e4m3fn 1e300) "floats always";
  check (Dtype.holds Dtype.Float4_e2m1fn nan) "nan";
  check (Dtype.holds Dtype.Uint32 (-1l) && Dtype.holds Dtype.Int64 Int64.min_int) "wide ints";
  check (Dtype.holds Dtype.Bool true) "bool";
  check (Dtype.holds Dtype.Complex64 { Complex.re = 1e300; im = nan }) "complex"

let test_bytes () =
  check (Dtype.bytes Dtype.Bit 0 = 0) "bit 0";
  check (Dtype.bytes Dtype.Bit 1 = 1) "bit 1";
  check (Dtype.bytes Dtype.Bit 8 = 1) "bit 8";
  check (Dtype.bytes Dtype.Bit 9 = 2) "bit 9";
  check (Dtype.bytes Dtype.Int4 3 = 2) "int4 3";
  check (Dtype.bytes Dtype.Float4_e2m1fn 4 = 2) "float4 4";
  check (Dtype.bytes Dtype.Bool 5 = 5) "bool 5";
  check (Dtype.bytes Dtype.Complex128 3 = 48) "complex128 3";
  check (Dtype.bytes Dtype.Bit max_int = (max_int / 8) + 1) "bit max_int";
  check (Dtype.bytes Dtype.Int4 max_int = (max_int / 2) + 1) "int4 max_int";
  check (Dtype.bytes Dtype.Uint8 max_int = max_int) "uint8 max_int";
  check (Dtype.bytes Dtype.Int16 (max_int / 2) = max_int - 1) "int16 max_int/2";
  raises_invalid_arg ~name:"bytes Int16 max_int" (fun () -> Dtype.bytes Dtype.Int16 max_int);
  raises_invalid_arg ~name:"bytes Int16 max_int/2+1" (fun () ->
      Dtype.bytes Dtype.Int16 ((max_int / 2) + 1));
  raises_invalid_arg ~name:"bytes Complex128" (fun () ->
      Dtype.bytes Dtype.Complex128 (max_int / 15));
  raises_invalid_arg ~name:"bytes -1" (fun () -> Dtype.bytes Dtype.Bit (-1));
  raises_invalid_arg ~name:"bytes min_int" (fun () -> Dtype.bytes Dtype.Float32 min_int);
  (* Against the definition, in exact arithmetic for small counts. *)
  List.iter
    (fun (Dtype.Any dt) ->
      for n = 0 to 100 do
        check (Dtype.bytes dt n = ((n * Dtype.bits dt) + 7) / 8) "bytes %s %d" (Dtype.name dt) n
      done)
    Dtype.all

(* The examples of the documentation, as written. *)
let test_documented_examples () =
  check (Dtype.of_float Dtype.Float16 0.1 = 0x1.998p-4) "of_float Float16 0.1";
  check (Dtype.of_float Dtype.Float16 65519. = 65504.) "65519.";
  check (Dtype.of_float Dtype.Float16 65520. = infinity) "65520.";
  check (Dtype.of_float Dtype.Float8_e5m2 61440. = infinity) "61440.";
  check (Dtype.of_float Dtype.Float8_e5m2 57344. = 57344.) "57344.";
  check (value Dtype.Float32 (Dtype.of_float Dtype.Float32 0.1) = "0.1") "0.1";
  check (value Dtype.Float16 65504. = "65500") "65500";
  check (value Dtype.Float8_e4m3fn 448. = "450") "450";
  check (value Dtype.Float16 0.015625 = "0.01563") "0.01563";
  check (value Dtype.Bfloat16 0x1p97 = "1.59e+29") "1.59e+29";
  check (value Dtype.Complex64 { Complex.re = 0.5; im = -2. } = "0.5-2i") "0.5-2i";
  check (value Dtype.Uint32 (-1l) = "4294967295") "4294967295";
  check (value Dtype.Uint64 (-1L) = "18446744073709551615") "uint64";
  check (value Dtype.Int64 Int64.min_int = "-9223372036854775808") "int64";
  check (value Dtype.Int4 (-8) = "-8") "int4";
  check (value Dtype.Bool true = "true" && value Dtype.Bit false = "false") "bool";
  raises_invalid_arg ~name:"pp_value Float32 0.1" (fun () -> value Dtype.Float32 0.1);
  raises_invalid_arg ~name:"pp_value Float4 0.7" (fun () -> value Dtype.Float4_e2m1fn 0.7);
  raises_invalid_arg ~name:"pp_value Float8_e4m3fn 480." (fun () ->
      value Dtype.Float8_e4m3fn 480.);
  raises_invalid_arg ~name:"pp_value Complex64 im" (fun () ->
      value Dtype.Complex64 { Complex.re = 1.; im = 0.1 });
  (* The reading notes' decisions. *)
  check (value Dtype.Float8_e5m2 0.09375 = "0.09") "0.09";
  check (value Dtype.Bfloat16 0x1p-133 = "9e-41") "9e-41";
  check (value Dtype.Float64 1e16 = "1e+16") "1e+16";
  check (value Dtype.Float64 1e-5 = "1e-05") "1e-05";
  check (value Dtype.Float64 5e-324 = "5e-324") "5e-324";
  check (value Dtype.Float64 65500. = "65500") "65500.";
  check (value Dtype.Float64 1. = "1" && value Dtype.Float64 0.5 = "0.5") "1 0.5";
  check (value Dtype.Float64 0. = "0" && value Dtype.Float64 (-0.) = "-0") "zeros";
  check (value Dtype.Float64 (-.nan) = "nan" && value Dtype.Float16 nan = "nan") "nan";
  check (value Dtype.Float8_e4m3fn infinity = "inf") "inf, no infinity";
  check (value Dtype.Float4_e2m1fn nan = "nan") "nan, no NaN";
  check (value Dtype.Float4_e2m1fn neg_infinity = "-inf") "-inf";
  let c re im = value Dtype.Complex128 { Complex.re; im } in
  check (c 1. (-0.) = "1-0i") "1-0i";
  check (c 1. neg_infinity = "1-infi") "1-infi";
  check (c 1. nan = "1+nani" && c 1. (-.nan) = "1+nani") "1+nani";
  check (c nan 2. = "nan+2i") "nan+2i";
  check (c 0.1 1e20 = "0.1+1e+20i") "0.1+1e+20i";
  (* exact's examples. *)
  let ex a b = Dtype.exact a b in
  check (ex Dtype.Int8 Dtype.Bfloat16) "int8 into bfloat16";
  check (ex Dtype.Int16 Dtype.Float32) "int16 into float32";
  check (ex Dtype.Int32 Dtype.Float64) "int32 into float64";
  List.iter (fun (Dtype.Any b) ->
      check (not (ex Dtype.Int64 b) || Dtype.kind b = Dtype.Signed && Dtype.bits b = 64)
        "int64 into %s" (Dtype.name b))
    Dtype.all;
  check (ex Dtype.Float16 Dtype.Float32 && ex Dtype.Bfloat16 Dtype.Float32) "16 into 32";
  check (ex Dtype.Float8_e4m3fn Dtype.Float16 && ex Dtype.Float8_e5m2 Dtype.Float16) "8 into 16";
  check (not (ex Dtype.Bfloat16 Dtype.Float16) && not (ex Dtype.Float16 Dtype.Bfloat16)) "16/16"

(* pp_value formats a value of its dtype: an int that holds refuses is
   none, and raises as a float that is no value of a format does; every
   value held prints as itself. *)
let test_pp_value_of_ints () =
  let one : type s. (int, s) Dtype.t -> unit = fun dt ->
    let lo = Dtype.min_value dt and hi = Dtype.max_value dt in
    for x = lo - 3 to hi + 3 do
      let text () = Format.asprintf "%a" (Dtype.pp_value dt) x in
      if Dtype.holds dt x then
        check (text () = string_of_int x) "pp_value %s %d" (Dtype.name dt) x
      else
        match text () with
        | s -> check false "pp_value %s %d: printed %s" (Dtype.name dt) x s
        | exception Invalid_argument m ->
            check (String.starts_with ~prefix:"Nx_array.Dtype.pp_value:" m)
              "pp_value %s %d: message %S" (Dtype.name dt) x m
    done;
    List.iter
      (fun x ->
        raises_invalid_arg ~name:(Printf.sprintf "pp_value %s %d" (Dtype.name dt) x) (fun () ->
            Format.asprintf "%a" (Dtype.pp_value dt) x))
      [ min_int; max_int; 1 lsl 40 ]
  in
  one Dtype.Int16; one Dtype.Uint16; one Dtype.Int8; one Dtype.Uint8; one Dtype.Int4;
  one Dtype.Uint4

let () =
  test_all_and_codes ();
  test_pp_value_of_ints ();
  test_facts_match_the_table ();
  test_kinds_and_equality ();
  test_bigarray_kinds ();
  test_values ();
  test_bytes ();
  test_documented_examples ();
  Test_exact.run ();
  Test_alloc.run ();
  finish "test_dtype"
