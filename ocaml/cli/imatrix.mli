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
