(* nx_codes.ml: the codes that nx_array's OCaml side shares with its Rust
   library, and the packing of parameters into one int.

   Do not edit: generated from rust/src/facts.rs, the coded enums of the
   Rust library (made by rust/src/codes.rs), rust/ocaml/src/convert.rs,
   rust/ocaml/src/block.rs and rust/ocaml/src/zlib.rs, by
   rust/ocaml/src/codes.rs. Regenerate with
   `make generated`. *)

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
   swapped; dst_fresh: the destination is new storage, not yet touched,
   written without streaming stores. *)
module Flag = struct
  let src_big_endian = 1
  let dst_big_endian = 2
  let dst_fresh = 4
end

(* [params ~dst ~src ~rounding ~overflow ~flags] packs a conversion's
   parameters into one int, low bits first, each field as wide as its bits
   (dst 8, src 8, rounding 4, overflow 4, flags 8). *)
let params ~dst ~src ~rounding ~overflow ~flags =
  dst lor (src lsl 8) lor (rounding lsl 16) lor (overflow lsl 20) lor (flags lsl 24)

(* Block-scaled schemes: the order of Nx_array.Block.scheme's
   constructors. *)
module Block_scheme = struct
  let mxfp8_e4m3 = 0
  let mxfp8_e5m2 = 1
  let mxfp6_e2m3 = 2
  let mxfp6_e3m2 = 3
  let mxfp4 = 4
  let mxint8 = 5
  let nvfp4 = 6
  let ggml_q8_0 = 7
  let ggml_q4_0 = 8
  let ggml_mxfp4 = 9
  let ggml_nvfp4 = 10
end

(* Rules that choose an E8M0 scale: the order of
   Nx_array.Block.policy's constructors. *)
module Block_policy = struct
  (* OCP MX v1.0 §6.3: k = ⌊log2 amax⌋ − emax. *)
  let floor = 0
  (* torchao's CEIL: k = ⌈log2 amax⌉ − emax. *)
  let ceil = 1
  (* torchao's EVEN: k = ⌊log2 amax'⌋ − emax, amax' being amax
     rounded to the element's fraction bits, ties away from zero. *)
  let even = 2
  (* cuBLAS's round-up (`cvt.rp` into E8M0; torchao's RCEIL): the least k
     with amax ≤ max × 2^k, max the element's largest value. *)
  let rceil = 3
end

(* Formats of single values that are not dtypes, in blocks. *)
module Block_format = struct
  let e8m0 = 0
  let float6_e2m3fn = 1
  let float6_e3m2fn = 2
  (* ggml's unsigned E4M3: loads only. *)
  let ue4m3 = 3
end

(* [block_quantize ~scheme ~policy ~rounding ~src] packs a quantization's
   parameters into one int, low bits first, each field as wide as its bits
   (scheme 8, policy 4, rounding 4, src 8). *)
let block_quantize ~scheme ~policy ~rounding ~src =
  scheme lor (policy lsl 8) lor (rounding lsl 12) lor (src lsl 16)

(* [block_dequantize ~scheme ~dst] packs a dequantization's parameters into
   one int, low bits first, each field as wide as its bits (scheme 8, dst
   8). *)
let block_dequantize ~scheme ~dst =
  scheme lor (dst lsl 8)

(* How a step of inflate or deflate went (rust/ocaml/src/zlib.rs). *)
module Flate_step = struct
  (* Progress: call again with what is left. *)
  let more = 0
  (* The stream's end: every byte it makes is written. *)
  let ended = 1
  (* No progress: the input is used up, or no room is left. *)
  let stuck = 2
  (* A malformed stream; the state keeps zlib's message. *)
  let bad = 3
  (* A state ended, borrowed already, or broken. *)
  let misused = 4
end
