(* Storage formats *)

type float64_elt = Bigarray.float64_elt
type float32_elt = Bigarray.float32_elt
type float16_elt = Bigarray.float16_elt
type bfloat16_elt = |
type float8_e4m3fn_elt = |
type float8_e5m2_elt = |
type float4_e2m1fn_elt = |
type int64_elt = Bigarray.int64_elt
type uint64_elt = |
type int32_elt = Bigarray.int32_elt
type uint32_elt = |
type int16_signed_elt = Bigarray.int16_signed_elt
type int16_unsigned_elt = Bigarray.int16_unsigned_elt
type int8_signed_elt = Bigarray.int8_signed_elt
type int8_unsigned_elt = Bigarray.int8_unsigned_elt
type int4_elt = |
type uint4_elt = |
type complex64_elt = Bigarray.complex64_elt
type complex32_elt = Bigarray.complex32_elt
type bool_elt = |
type bit_elt = |

(* Dtypes. The constructor order is the code order of rust/src/facts.rs. *)

type ('v, 's) t =
  | Float64 : (float, float64_elt) t
  | Float32 : (float, float32_elt) t
  | Float16 : (float, float16_elt) t
  | Bfloat16 : (float, bfloat16_elt) t
  | Float8_e4m3fn : (float, float8_e4m3fn_elt) t
  | Float8_e5m2 : (float, float8_e5m2_elt) t
  | Float4_e2m1fn : (float, float4_e2m1fn_elt) t
  | Int64 : (int64, int64_elt) t
  | Uint64 : (int64, uint64_elt) t
  | Int32 : (int32, int32_elt) t
  | Uint32 : (int32, uint32_elt) t
  | Int16 : (int, int16_signed_elt) t
  | Uint16 : (int, int16_unsigned_elt) t
  | Int8 : (int, int8_signed_elt) t
  | Uint8 : (int, int8_unsigned_elt) t
  | Int4 : (int, int4_elt) t
  | Uint4 : (int, uint4_elt) t
  | Complex128 : (Complex.t, complex64_elt) t
  | Complex64 : (Complex.t, complex32_elt) t
  | Bool : (bool, bool_elt) t
  | Bit : (bool, bit_elt) t

type any = Any : ('v, 's) t -> any [@@unboxed]

let by_code =
  [| Any Float64; Any Float32; Any Float16; Any Bfloat16; Any Float8_e4m3fn;
     Any Float8_e5m2; Any Float4_e2m1fn; Any Int64; Any Uint64; Any Int32;
     Any Uint32; Any Int16; Any Uint16; Any Int8; Any Uint8; Any Int4;
     Any Uint4; Any Complex128; Any Complex64; Any Bool; Any Bit |]

let all = Array.to_list by_code

(* Facts *)

let code : type v s. (v, s) t -> int = function
  | Float64 -> Nx_codes.Dtype.float64 | Float32 -> Nx_codes.Dtype.float32
  | Float16 -> Nx_codes.Dtype.float16 | Bfloat16 -> Nx_codes.Dtype.bfloat16
  | Float8_e4m3fn -> Nx_codes.Dtype.float8_e4m3fn
  | Float8_e5m2 -> Nx_codes.Dtype.float8_e5m2
  | Float4_e2m1fn -> Nx_codes.Dtype.float4_e2m1fn
  | Int64 -> Nx_codes.Dtype.int64 | Uint64 -> Nx_codes.Dtype.uint64
  | Int32 -> Nx_codes.Dtype.int32 | Uint32 -> Nx_codes.Dtype.uint32
  | Int16 -> Nx_codes.Dtype.int16 | Uint16 -> Nx_codes.Dtype.uint16
  | Int8 -> Nx_codes.Dtype.int8 | Uint8 -> Nx_codes.Dtype.uint8
  | Int4 -> Nx_codes.Dtype.int4 | Uint4 -> Nx_codes.Dtype.uint4
  | Complex128 -> Nx_codes.Dtype.complex128
  | Complex64 -> Nx_codes.Dtype.complex64
  | Bool -> Nx_codes.Dtype.bool | Bit -> Nx_codes.Dtype.bit

(* Preallocated, so that of_code allocates nothing. *)
let some_by_code = Array.map (fun a -> Some a) by_code

let of_code c =
  if 0 <= c && c < Array.length some_by_code
  then Array.unsafe_get some_by_code c else None

let bits : type v s. (v, s) t -> int = function
  | Float64 -> 64 | Float32 -> 32 | Float16 -> 16 | Bfloat16 -> 16
  | Float8_e4m3fn -> 8 | Float8_e5m2 -> 8 | Float4_e2m1fn -> 4
  | Int64 -> 64 | Uint64 -> 64 | Int32 -> 32 | Uint32 -> 32 | Int16 -> 16
  | Uint16 -> 16 | Int8 -> 8 | Uint8 -> 8 | Int4 -> 4 | Uint4 -> 4
  | Complex128 -> 128 | Complex64 -> 64 | Bool -> 8 | Bit -> 1

let bytes dt n =
  let err fmt = Printf.ksprintf invalid_arg ("Nx_array.Dtype.bytes: " ^^ fmt) in
  if n < 0 then err "negative count %d" n else
  let b = bits dt in
  if b mod 8 = 0 then begin
    let w = b / 8 in
    if n > max_int / w then err "%d elements of %d bytes overflow an int" n w
    else n * w
  end else
    (* b is 1 or 4: per = elements per byte, divides 8. *)
    let per = 8 / b in
    (n / per) + (if n mod per = 0 then 0 else 1)

let name : type v s. (v, s) t -> string = function
  | Float64 -> "float64" | Float32 -> "float32" | Float16 -> "float16"
  | Bfloat16 -> "bfloat16" | Float8_e4m3fn -> "float8_e4m3fn"
  | Float8_e5m2 -> "float8_e5m2" | Float4_e2m1fn -> "float4_e2m1fn"
  | Int64 -> "int64" | Uint64 -> "uint64" | Int32 -> "int32"
  | Uint32 -> "uint32" | Int16 -> "int16" | Uint16 -> "uint16"
  | Int8 -> "int8" | Uint8 -> "uint8" | Int4 -> "int4" | Uint4 -> "uint4"
  | Complex128 -> "complex128" | Complex64 -> "complex64" | Bool -> "bool"
  | Bit -> "bit"

let of_name s =
  let rec find i =
    if i >= Array.length by_code then None else
    let Any dt as a = by_code.(i) in
    if String.equal (name dt) s then Some a else find (i + 1)
  in
  find 0

let pp ppf dt = Format.pp_print_string ppf (name dt)

(* Kinds *)

type 'v kind =
  | Float : float kind
  | Complex : Complex.t kind
  | Signed : 'v kind
  | Unsigned : 'v kind
  | Boolean : bool kind

let kind : type v s. (v, s) t -> v kind = function
  | Float64 -> Float
  | Float32 -> Float
  | Float16 -> Float
  | Bfloat16 -> Float
  | Float8_e4m3fn -> Float
  | Float8_e5m2 -> Float
  | Float4_e2m1fn -> Float
  | Int64 -> Signed | Int32 -> Signed | Int16 -> Signed | Int8 -> Signed
  | Int4 -> Signed
  | Uint64 -> Unsigned | Uint32 -> Unsigned | Uint16 -> Unsigned
  | Uint8 -> Unsigned | Uint4 -> Unsigned
  | Complex128 -> Complex | Complex64 -> Complex
  | Bool -> Boolean | Bit -> Boolean

(* The kind's code: its index in the declaration order, NX_KIND_* of
   nx_dtype.h. *)
let kind_index : type v. v kind -> int = function
  | Float -> Nx_codes.Kind.float | Complex -> Nx_codes.Kind.complex
  | Signed -> Nx_codes.Kind.signed | Unsigned -> Nx_codes.Kind.unsigned
  | Boolean -> Nx_codes.Kind.boolean

let is k dt = kind_index k = kind_index (kind dt)

(* Equality *)

let equal dt dt' = code dt = code dt'

let equal_witness :
    type v s w r. (v, s) t -> (w, r) t -> ((v, s) t, (w, r) t) Type.eq option
  = fun a b -> match a, b with
  | Float64, Float64 -> Some Equal | Float32, Float32 -> Some Equal
  | Float16, Float16 -> Some Equal | Bfloat16, Bfloat16 -> Some Equal
  | Float8_e4m3fn, Float8_e4m3fn -> Some Equal
  | Float8_e5m2, Float8_e5m2 -> Some Equal
  | Float4_e2m1fn, Float4_e2m1fn -> Some Equal
  | Int64, Int64 -> Some Equal | Uint64, Uint64 -> Some Equal
  | Int32, Int32 -> Some Equal | Uint32, Uint32 -> Some Equal
  | Int16, Int16 -> Some Equal | Uint16, Uint16 -> Some Equal
  | Int8, Int8 -> Some Equal | Uint8, Uint8 -> Some Equal
  | Int4, Int4 -> Some Equal | Uint4, Uint4 -> Some Equal
  | Complex128, Complex128 -> Some Equal
  | Complex64, Complex64 -> Some Equal
  | Bool, Bool -> Some Equal | Bit, Bit -> Some Equal
  | _ -> None

(* Bigarray kinds *)

let of_bigarray_kind : type v s. (v, s) Bigarray.kind -> (v, s) t option =
  function
  | Bigarray.Float64 -> Some Float64 | Bigarray.Float32 -> Some Float32
  | Bigarray.Float16 -> Some Float16
  | Bigarray.Int8_signed -> Some Int8 | Bigarray.Int8_unsigned -> Some Uint8
  | Bigarray.Int16_signed -> Some Int16
  | Bigarray.Int16_unsigned -> Some Uint16
  | Bigarray.Int32 -> Some Int32 | Bigarray.Int64 -> Some Int64
  | Bigarray.Complex64 -> Some Complex128
  | Bigarray.Complex32 -> Some Complex64
  | Bigarray.Int | Bigarray.Nativeint | Bigarray.Char -> None

let to_bigarray_kind : type v s. (v, s) t -> (v, s) Bigarray.kind option =
  function
  | Float64 -> Some Bigarray.Float64 | Float32 -> Some Bigarray.Float32
  | Float16 -> Some Bigarray.Float16
  | Int8 -> Some Bigarray.Int8_signed | Uint8 -> Some Bigarray.Int8_unsigned
  | Int16 -> Some Bigarray.Int16_signed
  | Uint16 -> Some Bigarray.Int16_unsigned
  | Int32 -> Some Bigarray.Int32 | Int64 -> Some Bigarray.Int64
  | Complex128 -> Some Bigarray.Complex64
  | Complex64 -> Some Bigarray.Complex32
  | Bfloat16 | Float8_e4m3fn | Float8_e5m2 | Float4_e2m1fn | Int4 | Uint4
  | Uint32 | Uint64 | Bool | Bit -> None

(* Float formats *)

type float_format = {
  exponent_bits : int;
  fraction_bits : int;
  infinities : bool;
  nans : bool;
  epsilon : float;
  min_normal : float;
  max_finite : float;
}

let ff_float64 =
  { exponent_bits = 11; fraction_bits = 52; infinities = true; nans = true;
    epsilon = 0x1p-52; min_normal = 0x1p-1022; max_finite = Float.max_float }

let ff_float32 =
  { exponent_bits = 8; fraction_bits = 23; infinities = true; nans = true;
    epsilon = 0x1p-23; min_normal = 0x1p-126; max_finite = 0x1.fffffep127 }

let ff_float16 =
  { exponent_bits = 5; fraction_bits = 10; infinities = true; nans = true;
    epsilon = 0x1p-10; min_normal = 0x1p-14; max_finite = 65504. }

let ff_bfloat16 =
  { exponent_bits = 8; fraction_bits = 7; infinities = true; nans = true;
    epsilon = 0x1p-7; min_normal = 0x1p-126; max_finite = 0x1.fep127 }

let ff_float8_e4m3fn =
  { exponent_bits = 4; fraction_bits = 3; infinities = false; nans = true;
    epsilon = 0x1p-3; min_normal = 0x1p-6; max_finite = 448. }

let ff_float8_e5m2 =
  { exponent_bits = 5; fraction_bits = 2; infinities = true; nans = true;
    epsilon = 0x1p-2; min_normal = 0x1p-14; max_finite = 57344. }

let ff_float4_e2m1fn =
  { exponent_bits = 2; fraction_bits = 1; infinities = false; nans = false;
    epsilon = 0x1p-1; min_normal = 1.; max_finite = 6. }

let float_format : type s. (float, s) t -> float_format = function
  | Float64 -> ff_float64 | Float32 -> ff_float32 | Float16 -> ff_float16
  | Bfloat16 -> ff_bfloat16 | Float8_e4m3fn -> ff_float8_e4m3fn
  | Float8_e5m2 -> ff_float8_e5m2 | Float4_e2m1fn -> ff_float4_e2m1fn

(* Values *)

let zero : type v s. (v, s) t -> v = fun dt -> match dt with
  | Float64 -> 0.
  | Float32 -> 0.
  | Float16 -> 0.
  | Bfloat16 -> 0.
  | Float8_e4m3fn -> 0.
  | Float8_e5m2 -> 0.
  | Float4_e2m1fn -> 0.
  | Int64 -> 0L | Uint64 -> 0L | Int32 -> 0l | Uint32 -> 0l
  | Int16 -> 0 | Uint16 -> 0 | Int8 -> 0 | Uint8 -> 0 | Int4 -> 0 | Uint4 -> 0
  | Complex128 -> Complex.zero | Complex64 -> Complex.zero
  | Bool -> false | Bit -> false

let one : type v s. (v, s) t -> v = fun dt -> match dt with
  | Float64 -> 1.
  | Float32 -> 1.
  | Float16 -> 1.
  | Bfloat16 -> 1.
  | Float8_e4m3fn -> 1.
  | Float8_e5m2 -> 1.
  | Float4_e2m1fn -> 1.
  | Int64 -> 1L | Uint64 -> 1L | Int32 -> 1l | Uint32 -> 1l
  | Int16 -> 1 | Uint16 -> 1 | Int8 -> 1 | Uint8 -> 1 | Int4 -> 1 | Uint4 -> 1
  | Complex128 -> Complex.one | Complex64 -> Complex.one
  | Bool -> true | Bit -> true

let no_complex fn dt =
  invalid_arg (Printf.sprintf "Nx_array.Dtype.%s: %s is complex" fn (name dt))

let min_value : type v s. (v, s) t -> v = fun dt -> match dt with
  | Float64 -> Float.neg_infinity
  | Float32 -> Float.neg_infinity
  | Float16 -> Float.neg_infinity
  | Bfloat16 -> Float.neg_infinity
  | Float8_e5m2 -> Float.neg_infinity
  | Float8_e4m3fn -> -448. | Float4_e2m1fn -> -6.
  | Int64 -> Int64.min_int | Uint64 -> 0L
  | Int32 -> Int32.min_int | Uint32 -> 0l
  | Int16 -> -32768 | Uint16 -> 0 | Int8 -> -128 | Uint8 -> 0
  | Int4 -> -8 | Uint4 -> 0
  | Complex128 -> no_complex "min_value" dt
  | Complex64 -> no_complex "min_value" dt
  | Bool -> false | Bit -> false

let max_value : type v s. (v, s) t -> v = fun dt -> match dt with
  | Float64 -> Float.infinity
  | Float32 -> Float.infinity
  | Float16 -> Float.infinity
  | Bfloat16 -> Float.infinity
  | Float8_e5m2 -> Float.infinity
  | Float8_e4m3fn -> 448. | Float4_e2m1fn -> 6.
  | Int64 -> Int64.max_int | Uint64 -> -1L
  | Int32 -> Int32.max_int | Uint32 -> -1l
  | Int16 -> 32767 | Uint16 -> 65535 | Int8 -> 127 | Uint8 -> 255
  | Int4 -> 7 | Uint4 -> 15
  | Complex128 -> no_complex "max_value" dt
  | Complex64 -> no_complex "max_value" dt
  | Bool -> true | Bit -> true

let holds : type v s. (v, s) t -> v -> bool = fun dt x -> match dt with
  | Int16 -> -32768 <= x && x <= 32767
  | Uint16 -> 0 <= x && x <= 65535
  | Int8 -> -128 <= x && x <= 127
  | Uint8 -> 0 <= x && x <= 255
  | Int4 -> -8 <= x && x <= 7
  | Uint4 -> 0 <= x && x <= 15
  | Float64 | Float32 | Float16 | Bfloat16 | Float8_e4m3fn | Float8_e5m2
  | Float4_e2m1fn | Int64 | Uint64 | Int32 | Uint32 | Complex128 | Complex64
  | Bool | Bit -> true

(* exact. A dtype's values are a boolean's, an integer range or a float
   format's, or pairs of those for complex numbers. *)

(* The float format of a float dtype, or of a complex dtype's component;
   a global record, so that exact allocates nothing. *)
let real_format : type v s. (v, s) t -> float_format = fun dt -> match dt with
  | Float64 | Complex128 -> ff_float64
  | Float32 | Complex64 -> ff_float32
  | Float16 -> ff_float16 | Bfloat16 -> ff_bfloat16
  | Float8_e4m3fn -> ff_float8_e4m3fn | Float8_e5m2 -> ff_float8_e5m2
  | Float4_e2m1fn -> ff_float4_e2m1fn
  | Int64 | Uint64 | Int32 | Uint32 | Int16 | Uint16 | Int8 | Uint8 | Int4
  | Uint4 | Bool | Bit -> invalid_arg "Nx_array.Dtype.real_format"

let int_exact_into_int ~signed ~bits ~signed' ~bits' =
  match signed, signed' with
  | true, true | false, false -> bits <= bits'
  | false, true -> bits < bits'
  | true, false -> false

let int_exact_into_float ~signed ~bits f =
  (* Every integer of magnitude at most 2^p is a value of a format of
     precision p, and 2^p + 1 is not. *)
  let magnitude_log2 = if signed then bits - 1 else bits in
  let p = f.fraction_bits + 1 in
  let max_magnitude =
    if signed then Float.ldexp 1. (bits - 1) else Float.ldexp 1. bits -. 1.
  in
  magnitude_log2 <= p && max_magnitude <= f.max_finite

let float_exact_into_float a b =
  let least_magnitude f = f.min_normal *. f.epsilon in
  b.fraction_bits >= a.fraction_bits && b.max_finite >= a.max_finite
  && least_magnitude b <= least_magnitude a
  && (b.infinities || not a.infinities) && (b.nans || not a.nans)

let is_real k = k = Nx_codes.Kind.float || k = Nx_codes.Kind.complex
let is_signed k = k = Nx_codes.Kind.signed

let exact a b =
  let ka = kind_index (kind a) and kb = kind_index (kind b) in
  let boolean = Nx_codes.Kind.boolean and complex = Nx_codes.Kind.complex in
  if ka = boolean then true else if kb = boolean then false else
  if ka = complex && kb <> complex then false else
  if is_real ka && is_real kb then
    float_exact_into_float (real_format a) (real_format b)
  else if is_real ka then false
  else if is_real kb then
    int_exact_into_float ~signed:(is_signed ka) ~bits:(bits a) (real_format b)
  else
    int_exact_into_int ~signed:(is_signed ka) ~bits:(bits a)
      ~signed':(is_signed kb) ~bits':(bits b)

(* Stores *)

let sign_extend width x = (x lsl (Sys.int_size - width)) asr (Sys.int_size - width)

(* [of_float] is inlined, so that a call with a known float dtype is one
   direct unboxed call into the format's own entry point and the caller
   unboxes the result; the other dtypes take a call to [store_any], which
   serves every dtype. *)
let store_any : type v s. (v, s) t -> float -> v = fun dt x ->
  let store dt = Native.store (code dt) x in
  match dt with
  | Int64 -> store dt | Uint64 -> store dt
  | Int32 -> Int64.to_int32 (store dt)
  | Uint32 -> Int64.to_int32 (store dt)
  | Int16 -> sign_extend 16 (Int64.to_int (store dt))
  | Uint16 -> Int64.to_int (store dt)
  | Int8 -> sign_extend 8 (Int64.to_int (store dt))
  | Uint8 -> Int64.to_int (store dt)
  | Int4 -> sign_extend 4 (Int64.to_int (store dt))
  | Uint4 -> Int64.to_int (store dt)
  | Complex128 -> { Complex.re = Native.of_float64 x; im = 0. }
  | Complex64 -> { Complex.re = Native.of_float32 x; im = 0. }
  | Bool -> x <> 0. | Bit -> x <> 0.
  | Float64 -> Native.of_float64 x | Float32 -> Native.of_float32 x
  | Float16 -> Native.of_float16 x | Bfloat16 -> Native.of_bfloat16 x
  | Float8_e4m3fn -> Native.of_float8_e4m3fn x
  | Float8_e5m2 -> Native.of_float8_e5m2 x
  | Float4_e2m1fn -> Native.of_float4_e2m1fn x

let[@inline] of_float : type v s. (v, s) t -> float -> v = fun dt x ->
  match dt with
  | Float64 -> Native.of_float64 x | Float32 -> Native.of_float32 x
  | Float16 -> Native.of_float16 x
  | Bfloat16 -> Native.of_bfloat16 x
  | Float8_e4m3fn -> Native.of_float8_e4m3fn x
  | Float8_e5m2 -> Native.of_float8_e5m2 x
  | Float4_e2m1fn -> Native.of_float4_e2m1fn x
  | _ -> store_any dt x

(* pp_value *)

let not_a_value fn fmt_name x =
  invalid_arg
    (Printf.sprintf "Nx_array.Dtype.%s: %.17g is not a value of %s" fn x
       fmt_name)

let[@inline] format_float fn code fmt_name x =
  let text = Native.value_text code x in
  if String.length text = 0 then not_a_value fn fmt_name x else text

let[@inline] pp_float code fmt_name ppf x =
  Format.pp_print_string ppf (format_float "pp_value" code fmt_name x)

let pp_complex code fmt_name ppf { Complex.re; im } =
  let re = format_float "pp_value" code fmt_name re in
  let im =
    if Float.is_nan im then "+nan" else
    let text = format_float "pp_value" code fmt_name im in
    if Float.sign_bit im then text else "+" ^ text
  in
  Format.fprintf ppf "%s%si" re im

(* [pp_value] is inlined like [of_float]: a call with a known float dtype
   hands the float unboxed to the text's export (float64's without a
   check: every double is a float64 value), through [pp_real], inlined
   too; the other dtypes take a call to [pp_any], which serves every
   dtype. *)
let[@inline] pp_real : type s. (float, s) t -> Format.formatter -> float -> unit =
  fun dt ppf x -> match dt with
  | Float64 -> Format.pp_print_string ppf (Native.value_text Nx_codes.Dtype.float64 x)
  | Float32 -> pp_float Nx_codes.Dtype.float32 "float32" ppf x
  | Float16 -> pp_float Nx_codes.Dtype.float16 "float16" ppf x
  | Bfloat16 -> pp_float Nx_codes.Dtype.bfloat16 "bfloat16" ppf x
  | Float8_e4m3fn -> pp_float Nx_codes.Dtype.float8_e4m3fn "float8_e4m3fn" ppf x
  | Float8_e5m2 -> pp_float Nx_codes.Dtype.float8_e5m2 "float8_e5m2" ppf x
  | Float4_e2m1fn -> pp_float Nx_codes.Dtype.float4_e2m1fn "float4_e2m1fn" ppf x

(* An int that [holds] refuses is no value of [dt]: it raises, as a float
   that is no value of a format does. *)
let pp_int dt name ppf x =
  if holds dt x then Format.pp_print_int ppf x
  else
    invalid_arg
      (Printf.sprintf "Nx_array.Dtype.pp_value: %d is not a value of %s" x name)

let pp_any : type v s. (v, s) t -> Format.formatter -> v -> unit =
  fun dt ppf x -> match dt with
  | Float64 -> pp_real dt ppf x | Float32 -> pp_real dt ppf x
  | Float16 -> pp_real dt ppf x | Bfloat16 -> pp_real dt ppf x
  | Float8_e4m3fn -> pp_real dt ppf x | Float8_e5m2 -> pp_real dt ppf x
  | Float4_e2m1fn -> pp_real dt ppf x
  | Int64 -> Format.fprintf ppf "%Ld" x | Uint64 -> Format.fprintf ppf "%Lu" x
  | Int32 -> Format.fprintf ppf "%ld" x | Uint32 -> Format.fprintf ppf "%lu" x
  | Int16 -> pp_int dt "int16" ppf x | Uint16 -> pp_int dt "uint16" ppf x
  | Int8 -> pp_int dt "int8" ppf x | Uint8 -> pp_int dt "uint8" ppf x
  | Int4 -> pp_int dt "int4" ppf x | Uint4 -> pp_int dt "uint4" ppf x
  | Complex128 -> pp_complex Nx_codes.Dtype.float64 "float64" ppf x
  | Complex64 -> pp_complex Nx_codes.Dtype.float32 "float32" ppf x
  | Bool -> Format.pp_print_bool ppf x | Bit -> Format.pp_print_bool ppf x

let[@inline] pp_value : type v s. (v, s) t -> Format.formatter -> v -> unit =
  fun dt ppf x -> match dt with
  | Float64 -> pp_real dt ppf x | Float32 -> pp_real dt ppf x
  | Float16 -> pp_real dt ppf x | Bfloat16 -> pp_real dt ppf x
  | Float8_e4m3fn -> pp_real dt ppf x | Float8_e5m2 -> pp_real dt ppf x
  | Float4_e2m1fn -> pp_real dt ppf x
  | _ -> pp_any dt ppf x
