(** The error of a quantization: how far a tensor's quantized, then
    dequantized values are from its original ones, to choose a type by.

    Every sum is a float64 sum in the order of the elements (row-major),
    of float64 errors: an original [x] and its dequantized [y] are read
    as float64 (exactly, from any float dtype), and the error is
    [e = x - y] rounded once to float64. llama.cpp's [quantize-stats]
    takes the difference in float32; here it is float64, which loses
    nothing where the two values are within a factor of two of each
    other.

    A NaN error (a NaN or infinite value on either side) makes the RMSE
    and the SQNR NaN, and counts above every number in the maximum, the
    percentile and the histogram's last bin. *)

type ('v, 's) nx = ('v, 's) Arrays.t
(** The type for arrays, {!Nx_array.t}. *)

(** {1:stats Statistics} *)

type t = {
  count : int;  (** The number of values. *)
  signal : float;  (** Σ x², the energy of the original values. *)
  noise : float;  (** Σ (x − y)², the energy of the errors. *)
  rmse : float;  (** √(noise / count); NaN for no values. *)
  max_abs : float;  (** max |x − y|; 0 for no values. *)
  p95 : float;
      (** The 95th percentile of |x − y| by nearest rank (see
          {!percentile}); NaN for no values. *)
  sqnr_db : float;  (** {!sqnr_db} of [signal] and [noise]. *)
  histogram : int array;  (** The counts of |x − y| in {!bins}. *)
}
(** The type for the error statistics of a set of values. *)

val of_arrays : (float, 'a) nx -> (float, 'b) nx -> t
(** [of_arrays original dequantized] is the statistics of the errors of
    [dequantized] against [original], element by element in row-major
    order.

    Raises [Invalid_argument] if the arrays do not have the same number
    of elements. *)

val sum : t list -> t
(** [sum ts] is the statistics of the values of all [ts] as one set, but
    for its percentile, which is NaN ({!errors_percentile} finds it): the
    counts, sums and histograms added in the order of [ts], the largest
    maximum, and the SQNR of the sums. *)

type pair = Pair : (float, 'a) nx * (float, 'b) nx -> pair
(** The type for an original tensor and its dequantized values. *)

val errors_percentile : ?count:int -> float -> (unit -> pair) list -> float
(** [errors_percentile p loads] is {!percentile} [p] of the errors |x − y|
    of all the pairs [load ()] gives, as one set, found exactly without
    holding the errors: a radix selection on their float64 bits, 16 bits
    at a time, each level loading every pair again (one at a time, so
    that no more than one is in memory), until at most 65,536 candidates
    are left, which are sorted. A few loads in all: one when there are at
    most 65,536 errors, and one more to count them unless [count] gives
    their number.

    Raises [Invalid_argument] as {!of_arrays} and {!percentile} do, or
    if a load gives another number of values than the first. *)

val sqnr_db : signal:float -> noise:float -> float
(** [sqnr_db ~signal ~noise] is the signal-to-quantization-noise ratio
    in decibels, 10·log10([signal] / [noise]): [infinity] when [noise]
    is 0 (the values reproduced exactly, whatever [signal], 0 included),
    else [neg_infinity] when [signal] is 0. *)

val percentile : float -> float array -> float
(** [percentile p xs] is the [p]-th percentile of [xs] by nearest rank:
    the [k]-th smallest of [xs] for [k = ⌈p·n/100⌉] (at least 1), [n]
    the length of [xs], computed in integers for an integer [p] (numpy's
    [percentile(xs, p, method="inverted_cdf")]). NaNs sort above every
    number. NaN if [xs] is empty.

    Raises [Invalid_argument] unless [0 <= p <= 100]. *)

(** {1:histogram The histogram} *)

val bins : int
(** [bins] is 150, the number of bins of the histogram of |x − y|, as
    llama.cpp's [quantize-stats --histogram] has them. *)

val bin_width : float
(** [bin_width] is 0.03 / 150 (0.0002 to an ulp): bin [i] holds the errors of
    [i·0.0002 <= |e| < (i+1)·0.0002], its index computed as
    [quantize-stats] computes it, ⌊|e| / 0.03 · 150⌋; the last bin, 149,
    holds every larger error too (and NaN). *)

val bin : float -> int
(** [bin e] is the bin of the error [e] (of its absolute value). *)

(** {1:types Types} *)

val bits_per_weight : Gguf.ggml_type -> float
(** [bits_per_weight t] is the bits a value of type [t] takes: 8 times
    its block's bytes over its block's values (8.5 for Q8_0, 4.5 for
    Q4_0, 32 for F32). *)
