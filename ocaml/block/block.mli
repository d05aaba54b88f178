(** Block-scaled formats: elements that share a scale.

    A float4 or float8 element is almost never stored alone: checkpoints
    store {e blocks}, a run of elements along the last dimension and the
    scale they share. This module quantizes arrays into blocks and
    dequantizes blocks into arrays for the schemes of
    {ul
    {- OCP Microscaling Formats (MX) Specification v1.0 (2023): MXFP8,
       MXFP6, MXFP4 and MXINT8, blocks of 32 elements under a power-of-two
       scale of format E8M0. OpenAI's gpt-oss checkpoints are MXFP4.}
    {- NVIDIA's NVFP4: blocks of 16 E2M1 elements under an E4M3 scale,
       and one float32 scale for the whole tensor, as NVIDIA's ModelOpt
       writes checkpoints and torchao quantizes.}
    {- ggml's GGUF blocks Q8_0, Q4_0, MXFP4 and NVFP4, in the layouts of
       ggml's [ggml-common.h] and gguf-py's [gguf/quants.py] (gguf 0.19).}}

    Values are exact as everywhere in this library: a scale is chosen by
    a stated rule from the exact values, each element is the exact value
    divided by its scale and rounded {e once}, and dequantizing computes
    each product exactly and rounds it once into the destination. *)

type ('v, 's) nx = ('v, 's) Arrays.t
(** The type for arrays, {!Nx_array.t}. *)

type rounding = Arrays.rounding
(** The type for roundings, {!Nx_array.rounding}. *)

type safetensors = Safetensors.t
(** The type for safetensors files, {!Nx_array.Safetensors.t}. *)

type tensor = Safetensors.tensor
(** The type for their tensors, {!Nx_array.Safetensors.tensor}. *)

(** {1:formats Formats that are not dtypes}

    E8M0 and the 6-bit floats are scale and element formats only, not
    dtypes: their values are read and stored here one at a time, and as
    bytes ([Uint8] arrays) in blocks. *)

(** E8M0 (OCP MX v1.0 §5.4.1): eight exponent bits, bias 127, no sign and
    no fraction; the byte [b] is 2{^b−127} for [b] < 255, and 255 is NaN.
    It has no zero and no infinity. *)
module E8m0 : sig
  val nan : int
  (** [nan] is [0xFF], the NaN. *)

  val to_float : int -> float
  (** [to_float b] is the value of the byte [b]: 2{^b−127}, or [nan] for
      [0xFF].

      Raises [Invalid_argument] if [b] is not in [0..255]. *)

  val of_float : ?rounding:rounding -> float -> int
  (** [of_float x] is the byte of [x] stored into E8M0, rounded by
      [rounding] (default [Nearest_even]): a positive [x] rounds to a
      power of two. A tie, 1.5 × 2{^k}, goes up to 2{^k+1} under both
      nearest roundings: both neighbours have the significand 1, which is
      odd, so the integer rule of every format rounds up (ml_dtypes'
      [float8_e8m0fnu] does the same). Positive values below 2{^−127}
      store as 2{^−127}, there being no zero; values past the range and
      [infinity] saturate to 2{^127}, the library's rule for a format
      without an infinity (ml_dtypes gives NaN there). Zeros, negative
      values and NaN, which E8M0 has no value near, store as {!nan}
      (as ml_dtypes does). *)
end

(** The 6-bit floats of MXFP6 (OCP MX v1.0 §5.3): a sign, no infinity, no
    NaN. *)
module Float6 : sig
  type t =
    | E2m3fn  (** 2 exponent bits, 3 fraction bits, bias 1: largest 7.5. *)
    | E3m2fn  (** 3 exponent bits, 2 fraction bits, bias 3: largest 28. *)
  (** The type for the 6-bit formats. *)

  val name : t -> string
  (** [name f] is ["float6_e2m3fn"] or ["float6_e3m2fn"], ml_dtypes'
      names. *)

  val max_finite : t -> float
  (** [max_finite f] is [f]'s largest value, [7.5] or [28.]. *)

  val to_float : t -> int -> float
  (** [to_float f bits] is the value of the encoding [bits].

      Raises [Invalid_argument] if [bits] is not in [0..63]. *)

  val of_float : ?rounding:rounding -> t -> float -> int
  (** [of_float f x] is the encoding of [x] stored into [f] by the
      Stores rule of {!Nx_array.Dtype} with [rounding] (default
      [Nearest_even]): rounded once, saturating past the largest value,
      and NaN stores as [+0], as in [Float4_e2m1fn] (ml_dtypes stores a
      positive NaN as [−0]). *)
end

(** {1:schemes Schemes} *)

(** The type for block-scaled schemes. *)
type scheme =
  | Mxfp8_e4m3  (** OCP MXFP8, float8 E4M3FN elements. *)
  | Mxfp8_e5m2  (** OCP MXFP8, float8 E5M2 elements. *)
  | Mxfp6_e2m3  (** OCP MXFP6, float6 E2M3 elements. *)
  | Mxfp6_e3m2  (** OCP MXFP6, float6 E3M2 elements. *)
  | Mxfp4  (** OCP MXFP4, float4 E2M1 elements: gpt-oss's weights. *)
  | Mxint8  (** OCP MXINT8: two's complement bytes [k], the value
                k × 2{^−6}. *)
  | Nvfp4
      (** NVIDIA's NVFP4: 16 E2M1 elements under an E4M3 scale, and a
          float32 tensor scale. *)
  | Ggml_q8_0  (** ggml's Q8_0: a float16 scale [d] and 32 int8 [k];
                   the value k × d. 34 bytes per block. *)
  | Ggml_q4_0
      (** ggml's Q4_0: a float16 scale [d] and 32 nibbles [q]; the value
          (q − 8) × d. 18 bytes per block. *)
  | Ggml_mxfp4  (** ggml's MXFP4 (GGUF type 39): an E8M0 scale and 32
                    E2M1 elements. 17 bytes per block. *)
  | Ggml_nvfp4
      (** ggml's NVFP4 (GGUF type 40): blocks of 64 elements, four
          unsigned E4M3 scales, one per 16 elements, and no tensor scale.
          36 bytes per block. *)
(* The constructor order is the code order of rust/src/block/scheme.rs. *)

val schemes : scheme list
(** [schemes] is every scheme, in the order above. *)

val scheme_name : scheme -> string
(** [scheme_name s] is [s]'s constructor name in lower case, as
    ["mxfp4"] or ["ggml_q8_0"]. *)

val scheme_of_name : string -> scheme option
(** [scheme_of_name n] is the scheme named [n], if any. *)

(** The type for the element formats of schemes. *)
type element =
  | Float8_e4m3fn
  | Float8_e5m2
  | Float6_e2m3fn
  | Float6_e3m2fn
  | Float4_e2m1fn
  | Int8_scaled  (** MXINT8's: two's complement [k], the value k × 2{^−6}. *)
  | Int8  (** Q8_0's: two's complement. *)
  | Uint4_minus_8  (** Q4_0's: an unsigned nibble [q], the value q − 8. *)

(** The type for the scale formats of schemes. *)
type scale =
  | E8m0  (** A power of two, {!E8m0}. *)
  | E4m3  (** float8 E4M3FN (NVFP4). *)
  | Ue4m3
      (** ggml's unsigned E4M3, as [ggml_ue4m3_to_fp32] reads it: the
          whole bytes [0x00] and [0x7F] read 0, every other byte the
          E4M3 magnitude of its low seven bits, bit 7 ignored (so
          [0x80] reads 0 and [0xFF] reads 480, not NaN). *)
  | Float16  (** IEEE binary16, little-endian. *)

type facts = {
  block_size : int;
      (** The elements of one block: the last dimension of a quantized
          array is a multiple of it. 32, 16 for [Nvfp4], 64 for
          [Ggml_nvfp4]. *)
  scale_block : int;
      (** The elements that share one scale: [block_size], but 16 for
          [Ggml_nvfp4]. *)
  element : element;
  element_bits : int;
      (** The bits an element takes in storage: 8, 4, and 8 for the 6-bit
          formats (see {!section-layouts}). *)
  scale : scale;
  bytes_per_block : int;
      (** The bytes of one block, elements and scales: 17 for [Mxfp4],
          9 for [Nvfp4] (without the tensor scale), GGUF's type sizes for
          ggml's. *)
  tensor_scale : bool;  (** [true] for [Nvfp4] alone. *)
}
(** The type for the facts of a scheme. *)

val facts : scheme -> facts
(** [facts s] is [s]'s facts. *)

(** {1:layouts Layouts}

    OCP MX and NVFP4 blocks are two arrays of bytes, as torch, torchao,
    ModelOpt and safetensors checkpoints hold them. For values of
    dimensions [[|d1; …; dn|]]:
    {ul
    {- the {e elements}, of dimensions [[|d1; …; dn × element_bits / 8|]]:
       a byte each for 8-bit elements; two E2M1 elements to a byte, the
       lower-indexed one in the low nibble (torch's [float4_e2m1fn_x2],
       ModelOpt and gpt-oss); {b a byte each, in the low six bits, for
       the 6-bit elements}: no reference packs them (torchao and ml_dtypes
       hold them a byte each, safetensors does not say), so neither do
       we (the top two bits are written 0 and not read);}
    {- the {e scales}, of dimensions [[|d1; …; dn / block_size|]]: E8M0
       or E4M3 bytes;}
    {- for NVFP4, the float32 tensor scale.}}
    ggml's blocks are one array of dimensions
    [[|d1; …; dn / block_size × bytes_per_block|]], as gguf-py's
    [quant_shape_to_byte_shape] gives: each block its scales then its
    elements, the elements paired into bytes ggml's way, element [j] in
    the low nibble and [j + 16] in the high one (for Q4_0 and MXFP4;
    [j] and [j + 8] within each 16-element sub-block of NVFP4). *)

type t
(** The type for quantized arrays: a scheme, the dimensions of the values
    and their bytes. *)

type u8 = (int, Dtype.int8_unsigned_elt) nx
(** The type for arrays of bytes. *)

val v :
  ?scales:u8 -> ?tensor_scale:float -> scheme -> dims:int array -> u8 -> t
(** [v s ~dims elements] is the quantized array of scheme [s] whose
    values have dimensions [dims], from its bytes as {!section-layouts}
    says: [elements] and [scales] for OCP MX and NVFP4, [elements] alone
    (the blocks) for ggml's schemes; [tensor_scale] (NVFP4 only) is the
    float32 tensor scale, default [1.]. The arrays are shared, not
    copied, and need only have the right number of bytes: their own
    dimensions do not matter.

    Raises [Invalid_argument] if [dims] is empty or its last dimension is
    not a multiple of the block size, if an array does not have the bytes
    the scheme gives [dims], if [scales] is missing or given where the
    scheme has none, or if [tensor_scale] is given for another scheme
    than [Nvfp4] or is not a positive finite float32 value. *)

val scheme : t -> scheme
(** [scheme q] is [q]'s scheme. *)

val dims : t -> int array
(** [dims q] is the dimensions of [q]'s values (a fresh array). *)

val elements : t -> u8
(** [elements q] is [q]'s elements, with the dimensions
    {!section-layouts} gives; for ggml's schemes, the blocks. *)

val scales : t -> u8 option
(** [scales q] is [q]'s scales for OCP MX and NVFP4, [None] for ggml's
    schemes (whose scales are in the blocks). *)

val tensor_scale : t -> float
(** [tensor_scale q] is NVFP4's tensor scale, [1.] for the others. *)

(** {1:quantize Quantizing} *)

(** The type for the policies that choose an E8M0 scale 2{^k} from a
    block's largest magnitude [amax], for elements whose largest value
    is [max] = m × 2{^emax} (1 ≤ m < 2) with [f] fraction bits: E4M3 448,
    emax 8, f 3; E5M2 57344, 15, 2; E2M3 7.5, 2, 3; E3M2 28, 4, 2; E2M1 6,
    2, 1; MXINT8 127/64, 0, 6. Each [k] is then clamped to E8M0's range
    [[−127, 127]]. *)
type policy =
  | Floor
      (** OCP MX v1.0 §6.3, the default: k = ⌊log2 amax⌋ − emax (the
          specification's words: the largest power of two not above amax,
          divided by the largest power of two of the element format). The
          largest element lands in [[2{^emax}, 2{^emax+1})], which can
          pass [max]: such elements are clamped to ±max, as the
          specification asks. ggml's MXFP4 quantizer and microxcaling use
          this rule. *)
  | Ceil
      (** torchao's CEIL: k = ⌈log2 amax⌉ − emax: amax rounded up to a
          power of two first. *)
  | Even
      (** torchao's EVEN: k = ⌊log2 amax'⌋ − emax, where amax' is amax
          rounded to [f] fraction bits, ties away from zero: k is one
          above [Floor]'s exactly when amax's significand is at least
          2 − 2{^−(f+1)}. *)
  | Rceil
      (** The round-up rule of NVIDIA's cuBLAS ([cvt.rp] of
          amax / max into E8M0; torchao's RCEIL, ROCm's and tilelang's
          defaults): the least k with amax ≤ max × 2{^k}, so no element
          needs clamping. cuBLAS and torchao compute amax / max in
          float32 first; here it is exact. *)

val quantize :
  ?policy:policy -> ?rounding:rounding -> ?tensor_scale:float ->
  scheme -> (float, 's) nx -> t
(** [quantize s a] is [a]'s values in blocks of scheme [s], [a] being a
    [Float32], [Float64], [Bfloat16] or [Float16] array whose last
    dimension is a multiple of [s]'s block size. Its rows are split into
    blocks of consecutive elements; each block's scale is chosen from its
    exact values, then each element is the exact value divided by the
    scale, rounded {e once} by [rounding] (default [Nearest_even]) to the
    element format with its exponent unbounded, and clamped to ± the
    format's largest finite value (OCP MX §6.3: normal numbers are
    clamped; no element becomes an infinity or a NaN). A zero keeps its
    sign where the element format has one. Per scheme:
    {ul
    {- OCP MX: the scale is 2{^k}, [k] by [policy] (default [Floor]).
       MXINT8's elements are the integers nearest x / 2{^k−6}, clamped to
       ±127 (−128, the value −2, is read but never written, as in
       microxcaling).}
    {- [Nvfp4]: the tensor scale [st] is [tensor_scale] if given, else
       ModelOpt's [weight_scale_2]: the largest finite magnitude of [a]
       over 2688 (6 × 448), rounded once to float32 (saturated to its
       largest value, which only float64 values pass), and 1 if that
       is 0.
       A block's E4M3 scale [sb] is the exact amax / (6 × st) rounded to
       nearest even and clamped to [[2{^−9}, 448]] (ModelOpt's and
       torchao's clamps: a block of zeros gets 2{^−9}). Each element is
       x / (sb × st) rounded once from the exact quotient. torchao and
       ModelOpt divide in float32 first, which rounds the quotient
       before E2M1 does: at 0.2500001 a float32 quotient of 0.25 ties to
       0 where the exact quotient rounds to 0.5.}
    {- [Ggml_q8_0]: d is the exact amax / 127 rounded to float16
       (nearest even, saturating to ±65504: ggml would store an
       infinity), and each element the integer nearest x / d, from the
       exact quotient, clamped to ±127; a zero d gives zero elements.
       ggml rounds amax / 127 to float32 before float16, divides by that
       unrounded float32 d rather than by the stored one, multiplies by
       its float32 reciprocal and rounds half away from zero: its bits
       differ from these only where those roundings or a tie decide.}
    {- [Ggml_q4_0]: m is the first element of largest magnitude and d
       is m / −8 rounded to float16 (saturating), so that m is −8; each
       element is the integer nearest x / d clamped to [[−8, 7]], stored
       plus 8. ggml computes [trunc (x × (1/d) + 8.5)] in float32: half
       up, and its reciprocal and sum are rounded.}
    {- [Ggml_mxfp4]: as [Mxfp4] with ggml's layout; [policy] [Floor] is
       ggml's rule (which takes ⌊log2 amax⌋ from float32 [log2f], one too
       large just below some powers of two). ggml picks the nearest E2M1
       value by comparing float32 errors and takes the lower index on a
       tie: ties toward zero, and +0 for every value that rounds to a
       zero.}
    {- [Ggml_nvfp4]: each 16-element scale is the exact amax / 6 rounded
       to nearest even and saturated to 448, with no lower clamp: a
       sub-block whose amax is at most 3 × 2{^−9} (amax / 6 at most half
       UE4M3's least subnormal, 2{^−9}, the tie going to the even 0) gets
       the scale 0 and zero elements (ggml rounds that tie up);
       elements as [Ggml_mxfp4]'s. ggml's encoder
       ([ggml_fp32_to_ue4m3]) rounds amax / 6 in float32, then half up,
       never writes E4M3's top exponent (every scale from 256 on becomes
       448) and clips subnormal scales at 7 × 2{^−9} (below 2{^−6} it
       does not carry into the normal range).}}
    Where implementations disagree on special blocks, this module
    decides:
    {ul
    {- A block holding a NaN or an infinity gets the NaN scale (E8M0
       [0xFF], as microxcaling and torchao; E4M3 [0x7F] for NVFP4;
       float16 NaN for Q8_0 and Q4_0) and zero elements: it dequantizes
       to NaN. ggml's NVFP4 has no NaN scale: such a block is refused.}
    {- A block of zeros gets the least scale (E8M0 2{^−127}, as ggml,
       microxcaling and torchao; NVFP4 2{^−9}; float16 0 for ggml's
       integer schemes, −0 for a Q4_0 block whose first zero is +0, m /
       −8) and its zeros keep their signs.}
    {- A scale past E8M0's range saturates to 2{^127}. Under [Floor]
       only float64 values, from 2{^128} on, ask for one; but MXINT8's
       largest element is below 2, so under [Ceil], [Even] and [Rceil]
       float32 values near their largest do too (every one past 2{^127}
       under [Ceil]). microxcaling and torchao give the NaN scale.}}

    Raises [Invalid_argument] if [a]'s dtype is not one of those four,
    if [a] has no dimension or its last is not a multiple of the block
    size, if [policy] is given for a scheme whose scales are not E8M0, if
    [tensor_scale] is given for another scheme than [Nvfp4] or is not a
    positive finite float32 value, or, for [Ggml_nvfp4], if an element is
    a NaN or an infinity. *)

(** {1:dequantize Dequantizing} *)

val dequantize : (float, 's) Dtype.t -> t -> (float, 's) nx
(** [dequantize dt q] is [q]'s values as an array of the float dtype
    [dt]: each the product of its element's value and its scales (for
    NVFP4, element × block scale × tensor scale), computed exactly and
    stored into [dt] by the Stores rule, rounded once. An E8M0 scale
    [0xFF] gives NaN values (E8M0's NaN; ggml reads it as 2{^128} and
    gives infinities and huge values); an E4M3 NaN scale NaN values; an
    E4M3 element's NaN or an E5M2 element's infinity or NaN scales to
    itself. [Ggml_nvfp4]'s scales read as {!Ue4m3} says, as ggml reads
    them. An E2M1 code [0x8] is −0, in ggml's MXFP4 and NVFP4 too, whose
    products are −0 (or NaN under a NaN scale); ggml and gguf-py, whose
    table of E2M1 values holds integers, give +0. The top two bits of
    an MXFP6 element's byte are not read. *)

val dequantize_into : t -> (float, 's) nx -> unit
(** [dequantize_into q a] stores [q]'s values into the existing array
    [a], as {!dequantize} does, allocating nothing.

    Raises [Invalid_argument] if [a]'s dimensions are not [q]'s, or if
    [a]'s bytes overlap [q]'s elements or scales in memory (found by
    address, as {!Nx_array.cast_into} finds it, with its warning on
    shared mappings); then [a] is unchanged. *)

(** {1:checkpoints Checkpoint layouts} *)

val of_gpt_oss : blocks:u8 -> scales:u8 -> t
(** [of_gpt_oss ~blocks ~scales] is the [Mxfp4] array of an OpenAI
    gpt-oss weight stored as [NAME_blocks], bytes of dimensions
    [[|…; n; 16|]] (32 E2M1 elements per block, low nibble first), and
    [NAME_scales], E8M0 bytes of dimensions [[|…; n|]]: its values have
    dimensions [[|…; 32 n|]]. The arrays are shared.

    Raises [Invalid_argument] if the dimensions do not match so. *)

val dequantize_gpt_oss :
  (float, 's) Dtype.t -> blocks:u8 -> scales:u8 -> (float, 's) nx
(** [dequantize_gpt_oss dt ~blocks ~scales] is
    [dequantize dt (of_gpt_oss ~blocks ~scales)]: a gpt-oss MoE weight
    as a [Bfloat16] array, say.

    Raises [Invalid_argument] as {!of_gpt_oss} does. *)

val to_gpt_oss : t -> u8 * u8
(** [to_gpt_oss q] is [(blocks, scales)] of the [Mxfp4] array [q] as
    gpt-oss stores them, sharing [q]'s bytes.

    Raises [Invalid_argument] if [q] is not [Mxfp4]. *)

val of_modelopt :
  weight:u8 -> weight_scale:(float, Dtype.float8_e4m3fn_elt) nx ->
  weight_scale_2:(float, Dtype.float32_elt) nx -> t
(** [of_modelopt ~weight ~weight_scale ~weight_scale_2] is the [Nvfp4]
    array of a weight as NVIDIA's ModelOpt writes it: [weight], packed
    E2M1 bytes of dimensions [[|…; k / 2|]]; [weight_scale], E4M3 block
    scales of dimensions [[|…; k / 16|]]; [weight_scale_2], the float32
    tensor scale, one element. Its values have dimensions [[|…; k|]].

    Raises [Invalid_argument] if the dimensions do not match so, or the
    tensor scale is not positive and finite. *)

val dequantize_modelopt :
  (float, 's) Dtype.t -> weight:u8 ->
  weight_scale:(float, Dtype.float8_e4m3fn_elt) nx ->
  weight_scale_2:(float, Dtype.float32_elt) nx ->
  (float, 's) nx
(** [dequantize_modelopt dt ~weight ~weight_scale ~weight_scale_2] is
    [dequantize dt (of_modelopt ~weight ~weight_scale ~weight_scale_2)].

    Raises [Invalid_argument] as {!of_modelopt} does. *)

val nvfp4_tensor_scale : (float, 's) nx -> float
(** [nvfp4_tensor_scale a] is the tensor scale {!quantize} [Nvfp4]
    chooses for [a] when none is given: ModelOpt's [weight_scale_2].
    Quantizing parts of [a] (rows) with [~tensor_scale] set to it gives
    the bytes of quantizing [a] whole.

    Raises [Invalid_argument] if [a]'s dtype is not [Float32],
    [Float64], [Bfloat16] or [Float16]. *)

(** {2:repack Repacking into ggml's blocks}

    gpt-oss's MXFP4 and ModelOpt's NVFP4 hold the same elements and
    scales as ggml's MXFP4 and NVFP4 blocks, laid out otherwise
    ({!section-layouts}): these move the bytes, and no value changes, as
    llama.cpp's [convert_hf_to_gguf.py] repacks them. *)

val to_ggml : t -> t * float
(** [to_ggml q] is [(g, ts)]: the [Mxfp4] array [q] as [Ggml_mxfp4]
    blocks and [1.], or the [Nvfp4] array [q] as [Ggml_nvfp4] blocks
    (four of its 16-element blocks to one, each E4M3 scale's byte kept as
    ggml's UE4M3) and [q]'s tensor scale, which ggml's blocks do not
    hold (llama.cpp writes it as a tensor of its own). [q]'s values are
    [g]'s times [ts], bit for bit.

    The blocks are those of llama.cpp's converter ([_nvfp4_pack]: the
    elements [j] and [j + 8] of each 16 paired, the scale bytes kept),
    where it gets the values right: it strips a negative scale's sign
    bit and keeps the NaN [0x7F], which ggml reads 0; those are refused
    here.

    Raises [Invalid_argument] if [q] is of another scheme, if an NVFP4
    row is not a multiple of 64 values, or if an NVFP4 scale is negative
    or NaN (bytes [0x7F] and up, which UE4M3 reads otherwise). *)

val of_ggml : ?tensor_scale:float -> t -> t
(** [of_ggml g] is the [Ggml_mxfp4] blocks [g] as an [Mxfp4] array, or
    the [Ggml_nvfp4] blocks [g] as an [Nvfp4] array of tensor scale
    [tensor_scale] (default [1.]): {!to_ggml}'s inverse, the same
    values. A UE4M3 scale byte with bit 7 set becomes the E4M3 byte
    without it, and [0x7F] (which ggml reads 0) becomes [0x00], so that
    the values stay ggml's; [to_ggml] of the result then gives those
    bytes.

    Raises [Invalid_argument] if [g] is of another scheme, if
    [tensor_scale] is given for [Ggml_mxfp4] or is not a positive finite
    float32 value, or if a UE4M3 scale is [0xFF] (ggml reads 480, more
    than E4M3 holds). *)

(** {1:files Safetensors files}

    Safetensors names three formats that are not dtypes here:
    [F8_E8M0] (E8M0 scales, a byte each) and [F6_E2M3], [F6_E3M2]
    (MXFP6 elements). {!Nx_array.Safetensors} gives their tensors as
    bytes ([Raw]); the functions below read and write their values.

    The format does not say how six-bit elements are packed, and the
    Python [safetensors] package 0.8 reads them only as bytes and
    cannot write them. This module packs them as ONNX packs
    [FLOAT6E2M3]: a little-endian bit stream, element [i] in bits [6i]
    to [6i + 5] counted from the low bit of the first byte, so that
    four elements fill three bytes, the first in the low six bits of
    the first byte. It is the order of [F4], whose element [2i] is in
    the low nibble. Safetensors needs whole bytes: an [F6] tensor's
    elements are a multiple of four.

    E8M0 bytes are never read as numbers, nor numbers as E8M0: a [U8]
    tensor is refused by {!decode_tensor} and {!tensor_codes}, and read
    as E8M0 only where a layout says so ({!get_gpt_oss}: gpt-oss stores
    its scales as [U8]). *)

(** The type for the dtype strings of those formats. *)
type file_format =
  | F8_e8m0  (** ["F8_E8M0"]: {!E8m0} bytes. *)
  | F6_e2m3  (** ["F6_E2M3"]: {!Float6.E2m3fn}, packed. *)
  | F6_e3m2  (** ["F6_E3M2"]: {!Float6.E3m2fn}, packed. *)

val file_format_to_string : file_format -> string
(** [file_format_to_string f] is [f]'s dtype string, as ["F8_E8M0"]. *)

val file_format_of_string : string -> file_format option
(** [file_format_of_string s] is the format of the dtype string [s], if
    it is one of the three. *)

val tensor_codes : tensor -> u8
(** [tensor_codes t] is the encodings of the elements of the tensor [t]
    of format [F8_E8M0], [F6_E2M3] or [F6_E3M2], a byte each, with [t]'s
    shape as dimensions: the layout of this module's scales and 6-bit
    elements (see {!section-layouts}), for {!v}. An [F8_E8M0] tensor's
    codes are its bytes (shared); an [F6] tensor's are unpacked (a
    copy).

    Raises [Invalid_argument] if [t]'s dtype string is another. *)

val tensor_of_codes : file_format -> u8 -> tensor
(** [tensor_of_codes f codes] is the tensor of format [f] whose elements
    are [codes], with [codes]'s dimensions as shape: an [F8_E8M0] tensor
    shares [codes]' bytes, an [F6] tensor packs them into new ones.

    Raises [Invalid_argument] if [f] is an [F6] format and a code is
    larger than 63 or the elements are not a multiple of four. *)

val decode_tensor : (float, 's) Dtype.t -> tensor -> (float, 's) nx
(** [decode_tensor dt t] is the values of the [F8_E8M0], [F6_E2M3] or
    [F6_E3M2] tensor [t] as a new array of the float dtype [dt], with
    [t]'s shape: each value ({!E8m0.to_float}, {!Float6.to_float})
    stored into [dt] by the Stores rule, rounded once. E8M0 [0xFF] gives
    NaN; into [Float16], 2{^−127} gives 0 and 2{^127} infinity, as the
    rule says.

    Raises [Invalid_argument] if [t]'s dtype string is another. *)

val encode_tensor : ?rounding:rounding -> file_format -> (float, 's) nx -> tensor
(** [encode_tensor f a] is the tensor of format [f] holding [a]'s values,
    each stored by {!E8m0.of_float} or {!Float6.of_float} with
    [rounding], with [a]'s dimensions as shape: the way to write E8M0 or
    FP6 tensors with {!Nx_array.Safetensors.write_file}.

    Raises [Invalid_argument] if [f] is an [F6] format and [a]'s
    elements are not a multiple of four. *)

val get_decoded :
  (float, 's) Dtype.t -> safetensors -> string -> ((float, 's) nx, string) result
(** [get_decoded dt st name] is [decode_tensor dt] of the tensor [name]
    of [st]. It is [Error msg], [msg] naming the tensor, if there is no
    tensor [name] or its dtype string is not one of the three. *)

(** {2:file_checkpoints Checkpoints}

    The names of a quantized weight's tensors are made from the name
    [name] of the weight:
    {ul
    {- gpt-oss (MXFP4): [name ^ "_blocks"] and [name ^ "_scales"], as
       [model.layers.0.mlp.experts.gate_up_proj_blocks];}
    {- ModelOpt (NVFP4): [name], [name ^ "_scale"] and
       [name ^ "_scale_2"], as [model.layers.0.mlp.down_proj.weight]
       and [model.layers.0.mlp.down_proj.weight_scale].}}
    What a file can get wrong is a [result]: [Error msg], [msg] naming
    the tensor and what is wrong (a missing tensor, a dtype string or a
    shape the layout does not have). *)

val get_gpt_oss : safetensors -> string -> (t, string) result
(** [get_gpt_oss st name] is the [Mxfp4] array of the gpt-oss weight
    [name] of [st], over [st]'s bytes: {!of_gpt_oss} of the tensors
    [name_blocks] ([U8], [[|…; n; 16|]]) and [name_scales] ([[|…; n|]]).
    The scales are read as E8M0 whether their dtype string is [U8], as
    gpt-oss stores them, or [F8_E8M0]. It is [Error msg] if a tensor is
    missing, if [name_blocks] is not [U8] or [name_scales] neither [U8]
    nor [F8_E8M0], or if their shapes do not match so. *)

val load_gpt_oss :
  (float, 's) Dtype.t -> safetensors -> string -> ((float, 's) nx, string) result
(** [load_gpt_oss dt st name] is [dequantize dt] of [get_gpt_oss st name]:
    the gpt-oss weight [name] as a [Bfloat16] array, say, in one call.
    It is [Error msg] as {!get_gpt_oss} is. *)

val gpt_oss_tensors : ?e8m0:bool -> string -> t -> (string * tensor) list
(** [gpt_oss_tensors name q] is the tensors of the [Mxfp4] array [q]
    named as gpt-oss names the weight [name], for
    {!Nx_array.Safetensors.write_file}: [name_blocks] ([U8]) and
    [name_scales], [U8] as gpt-oss writes them, or [F8_E8M0] if [e8m0]
    is [true] (default [false]). They share [q]'s bytes.

    Raises [Invalid_argument] if [q] is not [Mxfp4]. *)

val get_modelopt : safetensors -> string -> (t, string) result
(** [get_modelopt st name] is the [Nvfp4] array of the ModelOpt weight
    [name] of [st], over [st]'s bytes: {!of_modelopt} of the tensors
    [name] ([U8]), [name_scale] ([F8_E4M3]) and [name_scale_2] ([F32],
    one element). It is [Error msg] if a tensor is missing or has another
    dtype string, if the shapes do not match so, or if the tensor scale
    is not positive and finite. *)

val load_modelopt :
  (float, 's) Dtype.t -> safetensors -> string -> ((float, 's) nx, string) result
(** [load_modelopt dt st name] is [dequantize dt] of
    [get_modelopt st name]. It is [Error msg] as {!get_modelopt} is. *)

val modelopt_tensors : string -> t -> (string * tensor) list
(** [modelopt_tensors name q] is the tensors of the [Nvfp4] array [q]
    named as ModelOpt names the weight [name]: [name] ([U8]),
    [name_scale] ([F8_E4M3]), both sharing [q]'s bytes, and
    [name_scale_2] ([F32], a scalar).

    Raises [Invalid_argument] if [q] is not [Nvfp4]. *)

(** {1:gguf GGUF files}

    ggml's Q8_0, Q4_0, MXFP4 and NVFP4 tensors of a {!Nx_array.Gguf}
    file are this module's [Ggml_q8_0], [Ggml_q4_0], [Ggml_mxfp4] and
    [Ggml_nvfp4] blocks, in the same layout. *)

val get_gguf : Gguf.t -> string -> (t, string) result
(** [get_gguf g name] is the tensor [name] of [g] as blocks, over the
    file's bytes, with the tensor's dimensions (numpy's order). It is
    [Error msg] if there is no tensor [name], or it is of another type
    than the four, [msg] naming it. *)

val load_gguf :
  (float, 's) Dtype.t -> Gguf.t -> string -> ((float, 's) nx, string) result
(** [load_gguf dt g name] is [dequantize dt] of [get_gguf g name]: the
    exact values rounded once into [dt]. {!Nx_array.Gguf.get_as}
    dequantizes every block type gguf-py does, with ggml's float32 bits
    (+0 where this gives −0 for MXFP4 and NVFP4, 2{^127} where this gives
    a NaN for MXFP4's scale 0xff). *)
