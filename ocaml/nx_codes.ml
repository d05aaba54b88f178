(* nx_codes.ml: the codes that nx_array's OCaml side shares with its Rust
   library, and the packing of a conversion's parameters.

   Do not edit: generated from rust/src/facts.rs, the coded enums of the
   Rust library (made by rust/src/codes.rs) and rust/ocaml/src/convert.rs,
   by rust/ocaml/src/codes.rs. Regenerate with `make generated`. *)

(* Dtype codes: the index of each dtype's row in the facts table, in the
   order of Dtype.t's constructors. *)
module Dtype = struct
  let float64 = 0
  let float32 = 1
  let float16 = 2
  let bfloat16 = 3
  let float8_e4m3fn = 4
  let float8_e5m2 = 5
  let float4_e2m1fn = 6
  let int64 = 7
  let uint64 = 8
  let int32 = 9
  let uint32 = 10
  let int16 = 11
  let uint16 = 12
  let int8 = 13
  let uint8 = 14
  let int4 = 15
  let uint4 = 16
  let complex128 = 17
  let complex64 = 18
  let bool = 19
  let bit = 20
end

(* The number of dtypes. *)
let count = 21

(* The storage code of Bigarray's Int kind, beside the dtypes'. *)
let ocaml_int = 21

(* Kinds of number: the order of Dtype.kind's constructors. *)
module Kind = struct
  (* Binary floating point. *)
  let float = 0
  (* Pairs of binary floating point numbers. *)
  let complex = 1
  (* Two's complement integers. *)
  let signed = 2
  let unsigned = 3
  (* Truth values. *)
  let boolean = 4
end

(* Roundings, for stores into float formats. *)
module Rounding = struct
  (* The Stores rule. *)
  let nearest_even = 0
  let nearest_away = 1
  let toward_zero = 2
  let toward_positive = 3
  let toward_negative = 4
end

(* Overflow policies: what a store past a format's range does. *)
module Overflow = struct
  (* The Stores rule: infinity where the format has one, else saturate;
     integers saturate. *)
  let stores = 0
  (* The largest finite value of the sign, even where an infinity exists.
     An infinity stays one where the format has infinities. *)
  let saturate = 1
  (* A NaN where the Stores rule gives an infinity for a finite value or
     saturates. Only for destinations with NaNs (nx_convert refuses the
     others). *)
  let nan = 2
  (* Integers wrap modulo 2^bits (2^63 for NX_OCAML_INT, sign-extended); a
     float's truncation wraps, and NaN and infinities give 0. Floats as
     under Stores. *)
  let wrap = 3
  (* Refuse: the conversion writes nothing and reports the first element
     the Stores rule would saturate, turn from finite into infinite, or
     turn from NaN or infinite into an integer. *)
  let raise = 4
end

(* Flags of conversions: which side is big-endian, each component
   swapped. *)
module Flag = struct
  let src_big_endian = 1
  let dst_big_endian = 2
end

(* [params ~dst ~src ~rounding ~overflow ~flags] packs a conversion's
   parameters into one int, low bits first, each field as wide as its bits
   (dst 8, src 8, rounding 4, overflow 4, flags 8). *)
let params ~dst ~src ~rounding ~overflow ~flags =
  dst lor (src lsl 8) lor (rounding lsl 16) lor (overflow lsl 20) lor (flags lsl 24)
