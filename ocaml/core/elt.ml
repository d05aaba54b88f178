(* Elements in a buffer: little-endian, packed low bits first below a byte.
   Positions are element indices the caller has checked. *)

open Dtype

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

external get8 : buffer -> int -> char = "%caml_ba_unsafe_ref_1"
external set8 : buffer -> int -> char -> unit = "%caml_ba_unsafe_set_1"
external get16_ne : buffer -> int -> int = "%caml_bigstring_get16u"
external set16_ne : buffer -> int -> int -> unit = "%caml_bigstring_set16u"
external get32_ne : buffer -> int -> int32 = "%caml_bigstring_get32u"
external set32_ne : buffer -> int -> int32 -> unit = "%caml_bigstring_set32u"
external get64_ne : buffer -> int -> int64 = "%caml_bigstring_get64u"
external set64_ne : buffer -> int -> int64 -> unit = "%caml_bigstring_set64u"
external swap16 : int -> int = "%bswap16"
external swap32 : int32 -> int32 = "%bswap_int32"
external swap64 : int64 -> int64 = "%bswap_int64"

(* Little-endian access, at byte offsets. *)
let get16 b o = if Sys.big_endian then swap16 (get16_ne b o) else get16_ne b o
let set16 b o v = set16_ne b o (if Sys.big_endian then swap16 v else v)
let get32 b o = if Sys.big_endian then swap32 (get32_ne b o) else get32_ne b o
let set32 b o v = set32_ne b o (if Sys.big_endian then swap32 v else v)
let get64 b o = if Sys.big_endian then swap64 (get64_ne b o) else get64_ne b o
let set64 b o v = set64_ne b o (if Sys.big_endian then swap64 v else v)

let get_u8 b i = Char.code (get8 b i)
let set_u8 b i v = set8 b i (Char.unsafe_chr (v land 0xff))

(* Sub-byte elements: [width] bits, [8 / width] to a byte, low bits first. *)
let get_packed b ~width i =
  let per = 8 / width in
  (get_u8 b (i / per) lsr ((i mod per) * width)) land ((1 lsl width) - 1)

let set_packed b ~width i v =
  let per = 8 / width in
  let shift = (i mod per) * width in
  let m = ((1 lsl width) - 1) lsl shift in
  let byte = get_u8 b (i / per) in
  set_u8 b (i / per) ((byte land lnot m) lor ((v lsl shift) land m))

let sign_extend width x =
  (x lsl (Sys.int_size - width)) asr (Sys.int_size - width)

(* The encoding of element [i], in the low bits, for dtypes of at most 64
   bits; a Complex128's real part. *)
let get_bits : type v s. (v, s) t -> buffer -> int -> int64 = fun dt b i ->
  match bits dt with
  | 1 -> Int64.of_int (get_packed b ~width:1 i)
  | 4 -> Int64.of_int (get_packed b ~width:4 i)
  | 8 -> Int64.of_int (get_u8 b i)
  | 16 -> Int64.of_int (get16 b (2 * i))
  | 32 -> Int64.logand (Int64.of_int32 (get32 b (4 * i))) 0xffff_ffffL
  | 64 -> get64 b (8 * i)
  | _ -> get64 b (16 * i)

(* Writes the low bits of [v] as the encoding of element [i]. *)
let set_bits : type v s. (v, s) t -> buffer -> int -> int64 -> unit =
  fun dt b i v -> match bits dt with
  | 1 -> set_packed b ~width:1 i (Int64.to_int v)
  | 4 -> set_packed b ~width:4 i (Int64.to_int v)
  | 8 -> set_u8 b i (Int64.to_int v)
  | 16 -> set16 b (2 * i) (Int64.to_int v land 0xffff)
  | 32 -> set32 b (4 * i) (Int64.to_int32 v)
  | 64 -> set64 b (8 * i) v
  | _ -> set64 b (16 * i) v

(* Float values through the library's exact decoder, which keeps a NaN's
   bits (a signalling NaN stays one, unlike a C float to double cast). *)
module Code = Nx_codes.Dtype

let load code bits = Native.load code bits
let store code x = Native.store code x

let get : type v s. (v, s) t -> buffer -> int -> v = fun dt b i ->
  match dt with
  | Float64 -> Int64.float_of_bits (get64 b (8 * i))
  | Float32 -> load Code.float32 (Int64.of_int32 (get32 b (4 * i)))
  | Float16 -> load Code.float16 (Int64.of_int (get16 b (2 * i)))
  | Bfloat16 -> load Code.bfloat16 (Int64.of_int (get16 b (2 * i)))
  | Float8_e4m3fn -> load Code.float8_e4m3fn (Int64.of_int (get_u8 b i))
  | Float8_e5m2 -> load Code.float8_e5m2 (Int64.of_int (get_u8 b i))
  | Float4_e2m1fn -> load Code.float4_e2m1fn (Int64.of_int (get_packed b ~width:4 i))
  | Int64 -> get64 b (8 * i)
  | Uint64 -> get64 b (8 * i)
  | Int32 -> get32 b (4 * i)
  | Uint32 -> get32 b (4 * i)
  | Int16 -> sign_extend 16 (get16 b (2 * i))
  | Uint16 -> get16 b (2 * i)
  | Int8 -> sign_extend 8 (get_u8 b i)
  | Uint8 -> get_u8 b i
  | Int4 -> sign_extend 4 (get_packed b ~width:4 i)
  | Uint4 -> get_packed b ~width:4 i
  | Complex128 ->
      { Complex.re = Int64.float_of_bits (get64 b (16 * i));
        im = Int64.float_of_bits (get64 b ((16 * i) + 8)) }
  | Complex64 ->
      { Complex.re = load Code.float32 (Int64.of_int32 (get32 b (8 * i)));
        im = load Code.float32 (Int64.of_int32 (get32 b ((8 * i) + 4))) }
  | Bool -> get_u8 b i <> 0
  | Bit -> get_packed b ~width:1 i <> 0

(* Stores [v] into element [i] by the Stores rule; ints must be held. *)
let set : type v s. (v, s) t -> buffer -> int -> v -> unit = fun dt b i v ->
  match dt with
  | Float64 -> set64 b (8 * i) (store Code.float64 v)
  | Float32 -> set32 b (4 * i) (Int64.to_int32 (store Code.float32 v))
  | Float16 -> set16 b (2 * i) (Int64.to_int (store Code.float16 v))
  | Bfloat16 -> set16 b (2 * i) (Int64.to_int (store Code.bfloat16 v))
  | Float8_e4m3fn -> set_u8 b i (Int64.to_int (store Code.float8_e4m3fn v))
  | Float8_e5m2 -> set_u8 b i (Int64.to_int (store Code.float8_e5m2 v))
  | Float4_e2m1fn -> set_packed b ~width:4 i (Int64.to_int (store Code.float4_e2m1fn v))
  | Int64 -> set64 b (8 * i) v
  | Uint64 -> set64 b (8 * i) v
  | Int32 -> set32 b (4 * i) v
  | Uint32 -> set32 b (4 * i) v
  | Int16 -> set16 b (2 * i) (v land 0xffff)
  | Uint16 -> set16 b (2 * i) v
  | Int8 -> set_u8 b i v
  | Uint8 -> set_u8 b i v
  | Int4 -> set_packed b ~width:4 i (v land 0xf)
  | Uint4 -> set_packed b ~width:4 i v
  | Complex128 ->
      set64 b (16 * i) (store Code.float64 v.Complex.re);
      set64 b ((16 * i) + 8) (store Code.float64 v.Complex.im)
  | Complex64 ->
      set32 b (8 * i) (Int64.to_int32 (store Code.float32 v.Complex.re));
      set32 b ((8 * i) + 4) (Int64.to_int32 (store Code.float32 v.Complex.im))
  | Bool -> set_u8 b i (if v then 1 else 0)
  | Bit -> set_packed b ~width:1 i (if v then 1 else 0)
