(** Quantized checkpoints: the [quantization_config] of a Hugging Face
    model's [config.json], applied.

    A published quantized checkpoint stores each quantized weight as
    several tensors (its elements and their scales) and says in
    [config.json] how they combine. This module reads that config, finds
    every quantized weight of a {!Nx_array.Checkpoint} by it, and
    dequantizes each into a float dtype, exactly: each value is the exact
    product of its stored element and its scales, rounded {e once} into
    the destination by the Stores rule (nearest, ties to even).

    {1:methods Methods}

    The [quant_method]s read, with the tensors of a weight [M.weight]
    (module [M]):
    {ul
    {- ["fp8"] (DeepSeek-V3/R1, Qwen3-FP8, transformers'
       FineGrainedFP8): [M.weight] F8_E4M3 and [M.weight_scale_inv]
       (F32, BF16 or F16) of shape ⌈out/b0⌉ × ⌈in/b1⌉ for
       [weight_block_size] [[b0, b1]] (a single scale when it is null);
       the value is element × scale, the blocks at the right and bottom
       edges partial. [modules_to_not_convert] is matched as
       transformers' [should_convert_module] matches it: a pattern (a
       Python regular expression) matching the module name from its start
       up to a dot or its end, or a suffix of it.}
    {- ["compressed-tensors"], per config group, by the group's
       [format] or else the config's:
       {ul
       {- ["float-quantized"], ["int-quantized"] and ["naive-quantized"]: [M.weight]
          (F8_E4M3, or I8 for integers) and [M.weight_scale], by the
          group's [weights.strategy]: ["tensor"] (one scale),
          ["channel"] ([[out, 1]]), ["group"] ([[out, in/group_size]])
          or ["block"] ([block_structure] [[b0, b1]], ⌈out/b0⌉ ×
          ⌈in/b1⌉); the value is (element − zero point) × scale, the
          zero point [M.weight_zero_point] where the weights are not
          [symmetric].}
       {- ["nvfp4-pack-quantized"]: [M.weight_packed] (U8, two E2M1
          elements a byte, the lower-indexed in the low nibble, as
          compressed-tensors' [unpack_fp4_from_uint8] reads them),
          [M.weight_scale] (F8_E4M3, one per 16) and
          [M.weight_global_scale] (F32, one element) {e dividing}: the
          value is element × scale / global_scale.}
       {- ["pack-quantized"] (W4A16 and the like): [M.weight_packed]
          (I32 words, compressed-tensors' [pack_to_int32]: each row a
          little-endian bit stream, element [i] at bit [i × num_bits],
          stored plus 2{^num_bits−1}; 1 to 8 bits), [M.weight_shape] (its
          two dimensions), [M.weight_scale] by strategy ["tensor"],
          ["channel"] or ["group"], and for asymmetric group and channel
          weights [M.weight_zero_point], packed the same way along the
          rows (for each column, its rows' stream; word [k] of column [j]
          is the I32 at [[k, j]]): the value is (element − zero point) ×
          scale.}
       {- other formats ([marlin-24], [sparse-24-bitmask], the MX
          pack formats...) are refused, naming the format.}}
       A module's group is found as compressed-tensors'
       [match_targets] finds it: among the targets of every group
       (a later group's target replacing an earlier's same target), an
       exact module name first, then the first ["re:"] target in string
       order whose Python regular expression matches the module name from
       its start ([re.match]), then a class name. Classes are not in a
       checkpoint: the targets ["Linear"] and ["LinearBase"] are taken to
       match every module that has quantized tensors, and another class
       name is refused. [ignore] is matched the same way ("Linear"
       there ignores every module).}
    {- ["modelopt"] (NVIDIA ModelOpt), [quant_algo] ["FP8"]: [M.weight]
       F8_E4M3 and [M.weight_scale] (F32, one element, or one per output
       channel); ["NVFP4"]: [M.weight] (U8, two E2M1 a byte, low nibble
       first), [M.weight_scale] (F8_E4M3, one per 16) and
       [M.weight_scale_2] (F32, one element) {e multiplying}: element ×
       scale × scale_2.}
    {- ["mxfp4"] (gpt-oss): [N_blocks] (U8 [[…, out, n, 16]]) and
       [N_scales] (E8M0 bytes [[…, out, n]]) make the weight [N], as
       {!Nx_array.Block.of_gpt_oss} reads them. A weight of three or more
       dimensions comes out with its last two transposed, as
       transformers' [convert_moe_packed_tensors] gives it (the
       dimensions gpt-oss's float experts have: [[experts, in, out]]).}}

    Which weights are quantized is read from the tensors, checked against
    the config: a weight is quantized when its scale tensors are there;
    it is an error for a module the config leaves alone ([ignore],
    [modules_to_not_convert]; ModelOpt's [exclude_modules] is not read) to
    have them, for a float8 weight to lack them, and for a zero point not
    to be an integer of at most 8 bits. A quantized module's activation tensors ([input_scale],
    [input_global_scale], [input_zero_point], [output_scale]) and, when
    the config quantizes the KV cache ([kv_cache_scheme],
    [kv_cache_quant_algo]), every [k_scale] and [v_scale], are {e
    dropped}: a float model has no use for them.

    {1:exact Exactness}

    The element and its scales are decoded exactly into float64 (E4M3,
    E2M1, E8M0, int8, bfloat16, float16 and float32 are all float64
    values). A product of an element of at most 9 significant bits (an
    integer less a zero point) and a scale of at most 24, or of an E2M1
    element, an E4M3 scale and a float32 multiplier, has at most 33
    significant bits and lies in [[2{^−159}, 2{^141})] if not zero: it is
    exact in float64, whose rounding into the destination is then the
    only one. compressed-tensors' division by the global scale [g] (a float32)
    is computed as float64 [p / g], correctly rounded, before the
    rounding into the destination: the exact quotient is never within
    2{^−48} of its binade's base of a midpoint of a destination of at most
    24 bits of precision (float32, float16, bfloat16), where the float64
    rounding moves it by at most 2{^−53} of it, so the two roundings give
    the one rounding of the exact quotient (the proof is in the
    implementation); into float64 there is only the one. The references round more often: compressed-tensors computes
    [scale / global_scale] in the dtype of its unpacked elements
    (bfloat16), DeepSeek's [weight_dequant] the product in float32 then
    the destination; their values differ from these where those
    roundings decide. *)

type ('v, 's) nx = ('v, 's) Arrays.t
(** The type for arrays, {!Nx_array.t}. *)

(** {1:configs Configs} *)

type t
(** The type for a checkpoint read with its quantization config: the
    weights found, and the tensors kept and dropped. *)

val of_checkpoint : Checkpoint.t -> (t option, string) result
(** [of_checkpoint c] is [c] read by the [quantization_config] of the
    [config.json] of [c]'s directory: [None] if there is no
    [config.json] or it has no [quantization_config].

    It is [Error msg] if [config.json] cannot be read or is not JSON, if
    its [quantization_config] names a method or format not read here or
    lacks what it needs ([msg] starts with [config.json]'s path), or if
    the tensors disagree with it: a scale without its weight, a weight
    without its scales or of another dtype string or shape, a module both
    ignored and quantized ([msg] starts with the checkpoint's directory
    and names the tensor). *)

val quant_method : t -> string
(** [quant_method q] is the config's [quant_method], as ["fp8"]. *)

val checkpoint : t -> Checkpoint.t
(** [checkpoint q] is the checkpoint read. *)

(** {1:weights Weights} *)

type weight
(** The type for quantized weights. *)

(** The type for the tensors of a checkpoint, in the checkpoint's order
    ({!Checkpoint.tensors}). *)
type item =
  | Weight of weight  (** A quantized weight, at the place of its elements. *)
  | Keep of string  (** A tensor kept as it is. *)
  | Drop of string  (** A tensor dropped: a scale taken by a weight, or
                        an activation's. *)

val items : t -> item list
(** [items q] is every tensor of [q]'s checkpoint, each once: its
    weights' elements as [Weight], their scales and the activation
    tensors as [Drop], the rest as [Keep]. *)

val weights : t -> weight list
(** [weights q] is [q]'s weights, in [items]' order. *)

val name : weight -> string
(** [name w] is the name of [w]'s tensor once dequantized:
    [M.weight], or gpt-oss's [N]. *)

val dims : weight -> int array
(** [dims w] is the dimensions of [w]'s values (a fresh array). *)

val parts : weight -> string list
(** [parts w] is the names of the stored tensors [w] is made of, its
    elements first. *)

val describe : weight -> string
(** [describe w] is a short description of how [w] is stored, as
    ["F8_E4M3 x 128x128 blocks of F32"]. *)

(** {1:dequantize Dequantizing} *)

val pieces : weight -> int
(** [pieces w] is the number of pieces {!dequantize_piece} gives [w]'s
    values in: runs of whole rows of about 2{^20} values, or, for a
    gpt-oss weight of three or more dimensions, one expert (one index of
    its leading dimensions) each. *)

val dequantize_piece : (float, 's) Dtype.t -> weight -> int -> (float, 's) nx
(** [dequantize_piece dt w i] is the [i]-th piece of [w]'s values as a
    new one-dimensional array of the float dtype [dt]: the pieces, in
    order, are [w]'s values in row-major order of {!dims}.

    Raises [Invalid_argument] if [i] is not in [[0, pieces w - 1]] or
    [dt] is not [Float64], [Float32], [Float16] or [Bfloat16]. *)

val piece_size : weight -> int -> int
(** [piece_size w i] is the number of values of [w]'s [i]-th piece.

    Raises [Invalid_argument] if [i] is not in [[0, pieces w - 1]]. *)

val dequantize_piece_into : weight -> int -> (float, 's) nx -> unit
(** [dequantize_piece_into w i dst] stores the [i]-th piece of [w]'s
    values into [dst], as {!dequantize_piece} gives them, in [dst]'s
    dtype: a stream's scratch array, used again for every piece.

    Raises [Invalid_argument] if [i] is not in [[0, pieces w - 1]], if
    [dst] is not an array of {!piece_size}[ w i] elements of
    [Float64], [Float32], [Float16] or [Bfloat16], or if it shares bytes
    with [w]'s stored tensors. *)

val release_piece : weight -> int -> unit
(** [release_piece w i] lets go of this process's pages of [w]'s stored
    elements that its [i]-th piece reads, where they map a file (the
    checkpoint mapped): they are read again from the page cache when
    touched. A stream that calls it after each piece holds a piece of
    the input in its memory, not a shard.

    Raises [Invalid_argument] if [i] is not in [[0, pieces w - 1]]. *)

val dequantize : (float, 's) Dtype.t -> weight -> (float, 's) nx
(** [dequantize dt w] is [w]'s values as an array of [dt] of dimensions
    {!dims}, every piece.

    Raises [Invalid_argument] as {!dequantize_piece} does. *)

(** {1:config_json The dequantized config} *)

val dequantized_config : string -> dtype:string -> (string, string) result
(** [dequantized_config text ~dtype] is the [config.json] text [text]
    of a quantized model rewritten for its dequantized weights: without
    its [quantization_config], with [torch_dtype] set to [dtype] (added
    if absent) and [dtype] set too if present (transformers v5's name),
    the other members in their order, written with an indent of two
    spaces (numbers as written). It is [Error msg] if [text] is not a
    JSON object. *)
