(** The type each tensor of a model gets in a llama.cpp file type
    ([llama-quantize]'s [Q4_K_M], [Q5_K_S], [IQ4_XS] ...), by the rules of
    llama.cpp's [llama_tensor_get_type] ([src/llama-quant.cpp]), written
    down here and implemented after them.

    {1:rules The rules}

    A file type has a default ggml type ([Q4_K_M]: [Q4_K]; [IQ2_M]:
    [IQ2_S]; [MXFP4_MOE]: [MXFP4]). Then, for each tensor in the order
    llama-quantize takes them ({!compare_names}: by layer, then name,
    which is not always the file's):

    {ol
    {- {b Kept as it is}: a tensor of fewer than 2 dimensions (ggml's
       count, trailing dimensions of 1 left out: norms, biases, scales);
       one whose name does not end in [weight]; [*_norm.weight];
       [ffn_gate_inp.weight] (expert routers), [ffn_gate_tid2eid.weight];
       [altup], [laurel], [per_layer_model_proj]; [position_embd.weight],
       [token_types.weight]; [ssm_conv1d], [shortconv.conv.weight];
       [indexer.k_proj.weight], [indexer.q_proj.weight]; RWKV's
       [time_mix_*] small weights; [attn_rel_b.weight]; and the
       multimodal [.position_embd], [sam.pos_embd], [sam.neck.],
       [sam.net_], [.rel_pos], [.patch_embd], [.patch_merger],
       [a.rvq.codebook], [mm.a.code_embd].}
    {- {b Category} by name: [output.weight]; [token_embd.weight] or
       [per_layer_token_embd.weight]; then the first of [attn_qkv.weight],
       [attn_kv_b.weight], [attn_v.weight] (these three "attention V"),
       [attn_k.weight], [attn_q.weight], [attn_output.weight], [ffn_up],
       [ffn_gate], [ffn_down] the name contains; else other.}
    {- {b Output} (and the token embeddings when the model has no
       [output.weight], tied): [Q8_0] for [MXFP4_MOE], for falcon, or if
       its rows are not whole blocks of the default type; [Q5_K] for
       [IQ2_XXS], [IQ2_XS], [IQ3_XXS], [IQ1_S], [IQ2_S], [IQ2_M],
       [IQ1_M]; else [Q6_K] (unless the default is [Q8_0]).}
    {- {b MXFP4_MOE}: a tensor of a third dimension above 1 (experts)
       [MXFP4], others [Q8_0].}
    {- {b Token embeddings}: [Q2_K] for [IQ2_XXS], [IQ2_XS], [IQ1_S],
       [IQ1_M]; [IQ3_S] for [IQ2_S], [IQ2_M], [IQ3_XXS]; [Q4_K] for
       [TQ1_0], [TQ2_0], [Q2_0]; else the default.}
    {- {b The 2-bit and 1-bit IQ types} ([IQ2_XXS], [IQ2_XS], [IQ1_S],
       [IQ2_S], [IQ2_M], [IQ1_M]): attention V [Q4_K] if the model has
       4 or more heads per KV head (n_gqa) or 4 or more experts, else
       [IQ3_S] ([IQ2_S], [IQ2_M]) or [Q2_K]; [attn_k] [Q4_K] for 8
       experts; [ffn_down] of the first eighth of layers (counted by
       tensor) [IQ3_S] or [Q2_K] as attention V; [attn_output] [Q5_K]
       for 8 experts, else [IQ2_XXS] ([IQ1_S], [IQ1_M]) or [IQ3_S]
       ([IQ2_S], [IQ2_M]).}
    {- {b Attention V}, counted i of n in the file: [Q2_K]: [Q4_K] if
       n_gqa >= 4 else [Q3_K]; [Q2_K_S] with n_gqa >= 4: [Q4_K];
       [IQ3_XXS]: [Q4_K] if n_gqa >= 4, else [IQ3_S] without an
       importance matrix, [IQ3_XXS] with one; [IQ3_XS], [IQ3_S] with
       n_gqa >= 4: [Q4_K]; [IQ3_M]: [Q4_K]; [Q3_K_M]: [Q5_K] for the
       first two, then [Q4_K]; [Q3_K_L]: [Q5_K]; [IQ4_NL], [IQ4_XS] with
       n_gqa >= 4: [Q5_K]; [Q4_K_M], [Q5_K_M]: [Q6_K] where "more bits"
       (below); [Q4_K_S]: [Q5_K] for the first four. Then a 70B llama (80
       layers, grouped heads) has [Q3_K] and [Q4_K] raised to [Q5_K], and
       a model of 8 experts [Q8_0].}
    {- {b attn_k}: [Q8_0] for 8 experts; [IQ3_XXS] for [IQ3_XS];
       [IQ2_S] for [IQ3_XXS]. {b attn_q}: [IQ3_XXS] for [IQ3_XS],
       [IQ2_S] for [IQ3_XXS].}
    {- {b ffn_down} of layer i of n (the block count; with experts, i is
       read from the name's [blk.N.], an error if it has none or N is not
       below n; without, the count of ffn_down tensors so far): [Q2_K]:
       [Q3_K]; [Q2_K_S]: [Q4_K] below n/8; [IQ3_XXS] without an
       importance matrix: [Q4_K] below n/8, else [Q3_K]; [Q3_K_M]:
       [Q5_K] below n/16, else [Q4_K] (falcon: [Q4_K] where more bits,
       else [Q3_K]); [IQ3_M]: [Q4_K] below n/8 (or, with 8 experts,
       where more bits); [Q3_K_L]: [Q5_K] ([Q4_K] for falcon);
       [Q4_K_M]: [Q6_K] where more bits (falcon: [Q6_K] below n/16, [Q5_K]
       where more bits, else [Q4_K]); [IQ4_NL], [IQ4_XS] without an
       importance matrix: [Q5_K] below n/8; [Q5_K_M]: [Q6_K] where more
       bits; [Q4_K_S] (not falcon): [Q5_K] below n/8; [Q4_0], [Q5_0] with
       an importance matrix: [Q4_1], [Q5_1] below n/8.}
    {- {b attn_output} (not falcon): with 8 experts [Q5_K] for [Q2_K],
       [IQ3_XS], [IQ3_XXS], [Q3_K_S], [Q3_K_M], [IQ4_NL], [Q4_K_S],
       [Q4_K_M], [IQ3_S], [IQ3_M], [IQ4_XS]; else [Q3_K] for [Q2_K],
       [IQ3_S] for [IQ3_XXS], [Q4_K] for [Q3_K_M] and [IQ3_M], [Q5_K]
       for [Q3_K_L]. Falcon: [Q4_K] for [Q3_K_L].}
    {- {b attn_qkv}: [Q4_K] for [Q3_K_M], [Q3_K_L], [IQ3_M]; [Q5_K] for
       [Q4_K_M]; [Q6_K] for [Q5_K_M]. {b ffn_gate}, {b ffn_up}: [IQ3_XXS]
       for [IQ3_XS] between n/8 and 7n/8.}
    {- {b Fallback}, for a tensor whose rows are not whole blocks of its
       type: [IQ1_S], [IQ1_M], [IQ2_XXS], [IQ2_XS], [IQ2_S], [IQ3_XXS],
       [IQ3_S], [IQ4_XS] fall back to [IQ4_NL]; [Q2_0], [Q2_K], [Q3_K],
       [TQ1_0], [TQ2_0] to [Q4_0]; [Q4_K] to [Q5_0]; [Q5_K] to [Q5_1];
       [Q6_K] to [Q8_0]; and that to [F16] if still not whole blocks.
       Another type (Q8_0 of rows not of 32) is an error.}}

    "More bits" for the i-th of n: i < n/8, or i >= 7n/8, or (i - n/8)
    mod 3 = 2 (C's division and remainder). With [pure] (llama-quantize's
    [--pure]), steps 3 to 10 are skipped: every tensor not kept gets the
    default type, and the fallback.

    An importance matrix is required ([tensor_requires_imatrix]) for a
    tensor, other than [token_embd.weight], [per_layer_token_embd.weight]
    and [output.weight], of type [IQ3_XXS], [IQ2_XXS], [IQ2_XS], [IQ2_S],
    [IQ1_M] or [IQ1_S], and for [Q2_K] in a [Q2_K_S] file. *)

type ftype = {
  name : string;  (** llama-quantize's name: ["Q4_K_M"]. *)
  value : int;  (** Its [llama_ftype] value, which [general.file_type] holds. *)
  default : Gguf.ggml_type;  (** Its default tensor type. *)
}
(** The type for llama.cpp's file types. *)

val ftypes : ftype list
(** [ftypes] is every file type llama-quantize quantizes into, by
    value (the float ones, F32, F16 and BF16, left out). *)

val ftype_of_name : string -> ftype option
(** [ftype_of_name s] is the file type named [s], as llama-quantize
    names them (["Q4_K_M"]; ["Q3_K"], ["Q4_K"] and ["Q5_K"] are the [_M]
    ones), if any. *)

val ftype_of_default : Gguf.ggml_type -> ftype option
(** [ftype_of_default t] is the first file type whose default is [t]. *)

type model = {
  arch : string;  (** [general.architecture]: ["llama"], ["falcon"] ... *)
  n_layer : int;  (** [ARCH.block_count]. *)
  n_gqa : int;  (** [ARCH.attention.head_count] over [head_count_kv] (0 if unknown). *)
  n_expert : int;  (** [ARCH.expert_count], or 0. *)
  is_70b : bool;  (** A llama of 80 layers and grouped heads. *)
  has_imatrix : bool;  (** Whether an importance matrix is given. *)
}
(** The type for what the rules read of a model. *)

val model_of_metadata : has_imatrix:bool -> (string * Gguf.value) list -> model
(** [model_of_metadata ~has_imatrix m] is what the rules read of the
    GGUF metadata [m] (unknown values 0, the architecture [""]). *)

type tensor = {
  name : string;
  ggml_type : Gguf.ggml_type;  (** Its type in the input. *)
  ne : int array;  (** Its dimensions in ggml's order. *)
}
(** The type for the tensors of a model, as the rules see them. *)

val allows_quantization : tensor -> bool
(** [allows_quantization t] is [false] for a tensor rule 1 keeps. *)

val types : ?pure:bool -> ftype -> model -> tensor list -> (Gguf.ggml_type list, string) result
(** [types ft m ts] is the type of each tensor of [ts] (a model's tensors
    in llama-quantize's order, {!compare_names}) in the file type [ft],
    by the rules above: a
    kept tensor's own type. It is [Error msg] for an expert tensor
    whose layer cannot be read, or rows that no type falls back to,
    [msg] naming the tensor. *)

val requires_imatrix : ftype -> tensor -> Gguf.ggml_type -> bool
(** [requires_imatrix ft t ty] is whether [t], of the new type [ty] in a
    file of type [ft], needs an importance matrix (see above). *)

(** {1:order The order of the tensors} *)

val compare_names : string -> string -> int
(** [compare_names a b] orders tensor names as llama.cpp's model loader
    does ([weight_name_comparer]), the order in which llama-quantize
    takes a model's tensors, counts them for the rules above and writes
    them: by layer, then by name (bytes compared unsigned). A name's layer
    is the number C's [sscanf(name, "blk.%d.", &l)] reads after a leading
    [blk.] (spaces skipped, a sign, decimal digits; past [long]'s range
    saturated, then its low 32 bits as an [int]), and -1 where there is
    none, so that a model's own tensors come first: [token_embd.weight],
    [output.weight] ... before [blk.0.attn_k.weight], and [blk.2.*] before
    [blk.10.*]. *)
