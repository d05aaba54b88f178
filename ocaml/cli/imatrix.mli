(** Importance matrices as llama-imatrix writes them (its GGUF files and
    the legacy .dat), read as llama-quantize reads them. *)

type t
(** The weights of each entry, by tensor name: one per value of a row
    and per expert (ne0 x experts, expert-major). *)

val find : t -> string -> float array option
(** [find m name] is the weights of the tensor [name], or [None] when
    the file has no entry for it. *)

val read : string -> (t, string) result
(** [read path] is the importance matrix of the file [path]: a GGUF
    file (whose first bytes are ["GGUF"]) or else a legacy .dat. A
    weight is in_sum2 / count per expert (GGUF; 1 where the count is
    not positive) or value / ncall (.dat; the value where ncall is not
    positive), in float32, as llama-quantize computes it. Fails, with
    a message naming [path], when the file cannot be read, is
    truncated, lacks llama-imatrix's metadata keys (GGUF), has an
    entry whose sums and counts do not match, or a weight that is not
    finite or is negative. *)

val for_tensor : t -> string -> ne:int array -> (float array option, string) result
(** [for_tensor m name ~ne] is the weights [m] gives the tensor [name] of
    ggml dimensions [ne] ([ne.(0)] values a row, [ne.(2)] experts, 1 if
    it has two dimensions), as llama-quantize takes them: [None] when [m]
    has no entry for it, or when the tensor is [token_embd.weight] and
    its entry does not have [ne.(0)] x experts weights (ignored, as
    llama-quantize ignores it). It is [Error msg], naming the tensor and
    both sizes, when another tensor's entry does not. *)

val expert_weights : float array -> ne0:int -> int -> (float, Nx_array.Dtype.float32_elt) Nx_array.t
(** [expert_weights w ~ne0 e] is the row of weights of expert [e] of the
    entry [w] (rows of [ne0] weights, expert-major): the [ne0] weights
    from [e * ne0], as llama-quantize's [imatrix + e * n_per_row] (the
    experts counted modulo those of [w]).

    Raises [Invalid_argument] if [ne0] is not positive, [w] has fewer
    than [ne0] weights or [e] is negative. *)

val quantize :
  ?weights:float array -> Nx_array.Gguf.ggml_type -> ne:int array -> (float, Nx_array.Dtype.float32_elt) Nx_array.t ->
  (int, Nx_array.Dtype.int8_unsigned_elt) Nx_array.t -> (unit, string) result
(** [quantize ?weights t ~ne x dst] is {!Gguf.quantize_into} of the
    values [x] of a tensor of ggml dimensions [ne] into the blocks [dst]
    of type [t], rows of [ne.(0)] values, as llama-quantize quantizes a
    tensor: with [weights], one expert (a matrix of [ne.(1)] rows) at a
    time, each with its {!expert_weights}. It is [Error] as
    {!Gguf.quantize_into} is. *)
