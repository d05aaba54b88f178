(** Arrays of machine-learning element formats: the type and functions
    that {!Nx_array} includes. Use them as [Nx_array.t], [Nx_array.create]
    and so on; this module exists so that the file and block modules,
    which {!Nx_array} also exports, can name the arrays. *)

(** {1:arrays Arrays} *)

type ('v, 's) t
(** The type for arrays of elements of dtype [('v, 's) Dtype.t]. An array
    has any number of dimensions; a bigarray has at most 16, so
    {!to_bigarray} raises and {!to_bigarray_view} is [None] for an array of
    more. *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t
(** The type for the bytes of an array. *)

val create : ('v, 's) Dtype.t -> int array -> ('v, 's) t
(** [create dt dims] is an array of [dt] with dimensions [dims], every
    element zero (every byte 0). [[||]] makes an array of one element. On
    Linux, new storage of 4 MiB and more is offered to the system for
    transparent huge pages before anything touches it, as numpy's is:
    this and every function that returns new storage (an array, a
    bigarray or a string) does so. The zero bytes of a large array come
    fresh from the system: nothing writes them before the first use.

    Raises [Invalid_argument] if a dimension is negative or the array's
    bytes do not fit in an [int]. *)

val dtype : ('v, 's) t -> ('v, 's) Dtype.t
(** [dtype a] is [a]'s dtype. *)

val dims : ('v, 's) t -> int array
(** [dims a] is [a]'s dimensions (a fresh array). *)

val ndims : ('v, 's) t -> int
(** [ndims a] is the number of [a]'s dimensions. *)

val size : ('v, 's) t -> int
(** [size a] is the number of [a]'s elements, the product of its
    dimensions. *)

val nbytes_of : ('v, 's) t -> int
(** [nbytes_of a] is the number of [a]'s bytes, [Dtype.bytes (dtype a)
    (size a)]. *)

(** {1:elements Elements} *)

val get : ('v, 's) t -> int array -> 'v
(** [get a idx] is the element of [a] at index [idx], one index per
    dimension. A float element is exact: its NaNs keep their bits.

    Raises [Invalid_argument] if [idx] has the wrong length or an index is
    out of bounds. *)

val set : ('v, 's) t -> int array -> 'v -> unit
(** [set a idx v] stores [v] into the element of [a] at index [idx]: a
    float by the Stores rule of {!Dtype}, a complex number's components
    each so.

    Raises [Invalid_argument] if [idx] has the wrong length or an index is
    out of bounds, or if [v] is an [int] that [Dtype.holds] refuses; then
    nothing is written. *)

val get_bits : ('v, 's) t -> int array -> int64
(** [get_bits a idx] is the encoding of the element at [idx], in the low
    bits, unsigned: [0x3f80L] for a [Bfloat16] [1.].

    Raises [Invalid_argument] as {!get} does, or if the dtype's elements
    have more than 64 bits ([Complex128]). *)

val set_bits : ('v, 's) t -> int array -> int64 -> unit
(** [set_bits a idx bits] writes [bits] as the encoding of the element at
    [idx], as they are: a NaN's payload, a signalling NaN, anything.

    Raises [Invalid_argument] as {!get_bits} does, or if [bits] has bits
    set above the dtype's width. *)

val fill : ('v, 's) t -> 'v -> unit
(** [fill a v] stores [v] into every element of [a], as {!set} does.

    Raises [Invalid_argument] if [v] is an [int] that [Dtype.holds]
    refuses. *)

val of_array : ('v, 's) Dtype.t -> int array -> 'v array -> ('v, 's) t
(** [of_array dt dims vs] is the array of [dt] and [dims] whose elements,
    row-major, are [vs] stored as {!set} does.

    Raises [Invalid_argument] if a dimension is negative, [vs] does not
    have [size] elements or holds an [int] that [Dtype.holds] refuses, or
    the array's bytes do not fit in an [int]; all are checked before
    anything is allocated. *)

val to_array : ('v, 's) t -> 'v array
(** [to_array a] is [a]'s elements, row-major, as {!get} gives them.

    Raises [Invalid_argument] if [a] has more than [Sys.max_array_length]
    elements. *)

(** {1:numbers Numbers written out}

    A number written out is read exactly and stored once, by the Stores
    rule of {!Dtype}: never through the double [float_of_string] rounds it
    to, which would round twice (a tie of a small format that the double
    moves) and lose the integers past 2{^53}. The syntax is OCaml's
    [float_of_string]'s: underscores anywhere are ignored; after optional
    leading white space and a sign, decimal digits with an optional point
    and exponent ([1_000], [.5], [-1.5e-3]), hexadecimal ones with a binary
    exponent ([0x1.8p-3]), or [inf], [infinity], [nan] and [nan(chars)]
    (letters and digits, ignored) in any case. [nan] is a quiet NaN of its
    sign. *)

type outcome =
  [ `Exact  (** The value held is the number (an infinity included). *)
  | `Rounded
    (** The value held is a neighbour in the dtype's range: rounded,
        truncated, or a boolean's [true] for a number other than 1. *)
  | `Overflow  (** A finite number past the largest finite value became an
                   infinity. *)
  | `Saturated
    (** A number past the range (a float's rounded with the exponent
        unbounded above, an integer's truncated), or an infinity in a
        dtype without one, became the nearest end of the range. *)
  | `Nan  (** The number is a NaN. *) ]
(** The type for what a store of a number did. *)

type 'v stored = {
  value : 'v;  (** The value held: a complex dtype's has a zero imaginary part. *)
  outcome : outcome;  (** What the store did. *)
  abs_error : float;
    (** [held - x], exact then rounded once to a double; computed in
        floating point where [x] or [held] is an infinity or a NaN: an
        infinity held for a finite [x] is the error. *)
  rel_error : float;
    (** [(held - x) / |x|], likewise, and [0.] when [x] is zero. *)
}
(** The type for a store of a number [x] and its errors; [held] is the
    value held as a number (a complex one's real part, a boolean's 0 or 1,
    an unsigned integer read unsigned). *)

val value_of_string : ('v, 's) Dtype.t -> string -> 'v option
(** [value_of_string dt s] is the value a store of the number [s] writes
    into [dt] holds, if [s] is a number: the value [set] gives for a float
    when the number is one. So [value_of_string Uint64
    "18446744073709551615"] is [Some (-1L)], [value_of_string Int64
    "9007199254740993"] is [Some 9007199254740993L], and
    [value_of_string Bfloat16 "1.00390625000000001"] is [Some 1.0078125]
    where the double of the string, the tie [1.00390625], would store as
    [1.]. Its time is linear in [s]'s length. *)

val store_string : ('v, 's) Dtype.t -> string -> 'v stored option
(** [store_string dt s] is the store of the number [s] into [dt], as
    {!value_of_string} gives its value, with its outcome and errors, if
    [s] is a number. The number is read whole, in time quadratic in [s]'s
    length. *)

(** {1:conversions Conversions}

    One conversion rule serves every pair of formats, the 21 dtypes and
    every Bigarray kind ([Float16], [Char], [Int] and [Nativeint]
    included): each source element's exact value is stored into the
    destination,
    {ul
    {- into a float format by the Stores rule of {!Dtype}, rounded {e once}
       from the exact value: an [int64] into [Float32] rounds once, a
       [float] into [Bfloat16] rounds once;}
    {- into an integer, truncated toward zero and saturated, NaN giving 0;
       an OCaml [int] ([Bigarray.Int]) holds 63 bits, and its elements
       are read as [Bigarray.Genarray.get] reads them;}
    {- into a boolean, as value ≠ 0, NaN giving [true];}
    {- into a complex format, as its real part with a zero imaginary part.}}
    A complex element stored into a real format gives its real part, and a
    boolean counts as 0 or 1. Pairs that [Dtype.exact] accepts are
    lossless.

    [?rounding] and [?overflow] change the rule for stores into float
    formats, and [?overflow] for integers; they default to the Stores
    rule. *)

(** The type for roundings of a value between two values of a float
    format. Integer destinations always truncate toward zero. *)
type rounding =
  | Nearest_even  (** To nearest, ties to even: the Stores rule. *)
  | Nearest_away  (** To nearest, ties away from zero. *)
  | Toward_zero
  | Toward_positive
  | Toward_negative

(** The type for what a store past a format's range does. *)
type overflow =
  | Stores
      (** The Stores rule: past the largest finite value, the infinity of
          the sign in formats that have one; in those that have none, the
          largest finite value, or NaN when rounding outward
          ([Toward_positive] for a positive value, [Toward_negative] for a
          negative one) in [Float8_e4m3fn]. Integers saturate. *)
  | Saturate
      (** The largest finite value of the sign, even where an infinity
          exists. An infinity stays one in formats that have infinities. *)
  | Nan
      (** NaN where the Stores rule gives an infinity for a finite value or
          saturates. Only for destinations that have NaNs. *)
  | Wrap
      (** Integers wrap modulo 2{^bits} (2{^63} for [Bigarray.Int], as
          OCaml's [int] arithmetic does): a float first truncates toward
          zero, and NaN and infinities give 0. Floats as [Stores]. *)
  | Raise
      (** Refuse: the conversion raises [Invalid_argument] and writes
          nothing if the Stores rule would saturate or turn a finite value
          into an infinity for some element, or store a NaN or an infinity
          into an integer. *)

val of_bigarray :
  ?rounding:rounding -> ?overflow:overflow ->
  ('v, 's) Dtype.t -> ('a, 'b, 'l) Bigarray.Genarray.t -> ('v, 's) t
(** [of_bigarray dt ba] is a new array of [dt] holding [ba]'s elements by
    the conversion rule. A [fortran_layout] bigarray is read as
    [Bigarray.Genarray.change_layout] reads it: the same elements in the
    same memory order, with its dimensions reversed.

    Raises [Invalid_argument] if [overflow] is [Nan] and [dt] has no NaN,
    or is [Raise] and an element does not fit. *)

val to_bigarray :
  ?rounding:rounding -> ?overflow:overflow ->
  ('a, 'b) Bigarray.kind -> ('v, 's) t -> ('a, 'b, Bigarray.c_layout) Bigarray.Genarray.t
(** [to_bigarray k a] is a new bigarray of kind [k] and [a]'s dimensions
    holding [a]'s elements by the conversion rule.

    Raises [Invalid_argument] if [a] has more than 16 dimensions or its
    elements in [k] do not fit in an [int] of bytes, or as {!of_bigarray}
    does. *)

val cast :
  ?rounding:rounding -> ?overflow:overflow -> ('w, 'r) Dtype.t -> ('v, 's) t -> ('w, 'r) t
(** [cast dt a] is a new array of [dt] holding [a]'s elements by the
    conversion rule.

    Raises [Invalid_argument] as {!of_bigarray} does. *)

val cast_into :
  ?rounding:rounding -> ?overflow:overflow -> ('v, 's) t -> ('w, 'r) t -> unit
(** [cast_into src dst] stores [src]'s elements into [dst]'s by the
    conversion rule, allocating nothing: with {!of_bigarray_view}, the way
    to convert into a bigarray that exists.

    Raises [Invalid_argument] if their dimensions differ or their bytes
    overlap in memory (views of the same bytes, whether made by
    {!of_buffer}, {!of_bigarray_view} or Bigarray, included), or as
    {!of_bigarray} does; then [dst] is unchanged.

    {b Warning.} Overlap is found by address. Two shared mappings of one
    file ([Unix.map_file] with [shared] [true], or [mmap]'s [MAP_SHARED])
    are distinct memory whose bytes alias each other through the file: an
    overlap between them is not detected, and [dst]'s elements are then
    unspecified. Cast such arrays through a {!copy}. The mappings of
    [Safetensors.map_file] and [Npy.map_file] are private, so that the
    arrays of two of them never alias. *)

val copy : ('v, 's) t -> ('v, 's) t
(** [copy a] is a new array with [a]'s dtype, dimensions and encodings. *)

(** {1:bytes Bytes} *)

type byte_order =
  | Little_endian  (** The low byte first: the order of arrays in memory. *)
  | Big_endian  (** The high byte first, each component of a complex
                    element apart. *)
(** The type for the byte orders of elements wider than a byte. Elements of
    a byte or less are the same in both. *)

val of_string : ?byte_order:byte_order -> ('v, 's) Dtype.t -> int array -> string -> ('v, 's) t
(** [of_string dt dims s] is the array of [dt] and [dims] whose bytes are
    [s], read in [byte_order] (default [Little_endian]): encodings as they
    are, NaN payloads included.

    Raises [Invalid_argument] if a dimension is negative or [s] does not
    have [Dtype.bytes dt (size)] bytes. *)

val to_string : ?byte_order:byte_order -> ('v, 's) t -> string
(** [to_string a] is [a]'s bytes in [byte_order] (default
    [Little_endian]). *)

val buffer : ('v, 's) t -> buffer
(** [buffer a] is [a]'s bytes, shared: writing them writes [a]. *)

val of_buffer : ('v, 's) Dtype.t -> int array -> buffer -> ('v, 's) t
(** [of_buffer dt dims b] is the array of [dt] and [dims] whose bytes are
    [b], shared, not copied.

    Raises [Invalid_argument] if a dimension is negative or [b] does not
    have [Dtype.bytes dt (size)] bytes. *)

val reshape : ('v, 's) t -> int array -> ('v, 's) t
(** [reshape a dims] is [a]'s elements with dimensions [dims], sharing [a]'s
    bytes.

    Raises [Invalid_argument] if [dims] does not have [size a] elements. *)

val blit : ('v, 's) t -> ('v, 's) t -> unit
(** [blit src dst] copies the encodings of [src] into [dst]'s elements
    (not [src]'s padding bits: [dst] keeps its own).

    Raises [Invalid_argument] if their dtypes or dimensions differ. *)

val to_bigarray_view : ('v, 's) t -> ('v, 's, Bigarray.c_layout) Bigarray.Genarray.t option
(** [to_bigarray_view a] is [a]'s elements as a bigarray of
    [Dtype.to_bigarray_kind (dtype a)] over the same bytes, if Bigarray has
    their format and [a] has at most 16 dimensions: writing either writes
    both. Views may be made from several domains at once. *)

val of_bigarray_view : ('v, 's, Bigarray.c_layout) Bigarray.Genarray.t -> ('v, 's) t option
(** [of_bigarray_view ba] is [ba]'s elements as an array over the same
    bytes, if a dtype has their format: [None] for [Char], [Int] and
    [Nativeint]. *)

(** {1:cmp Equality and printing} *)

val equal : ('v, 's) t -> ('w, 'r) t -> bool
(** [equal a b] is [true] iff [a] and [b] have the same dtype, dimensions
    and encodings: a NaN equals a NaN of the same bits, [-0.] is not
    [0.]. *)

val pp : Format.formatter -> ('v, 's) t -> unit
(** [pp] formats an array as numpy prints one: nested brackets, elements by
    [Dtype.pp_value], aligned, and only the first and last three items of
    each long dimension when it has more than 1000 elements; an array
    without elements prints [[]], whatever its dimensions. Its lines are
    the breaks of one vertical box, so that printed inside other boxes its
    rows line up under its first bracket. *)


(**/**)

(** What the file and block modules need beyond this interface. *)
module Private : sig
  val buffer_of_string : string -> buffer
  val string_of_buffer : buffer -> string
  val to_file : ('v, 's) Dtype.t -> big_endian:bool -> buffer -> int -> buffer
  val of_file : ('v, 's) Dtype.t -> big_endian:bool -> buffer -> int -> buffer
  val alloc_buffer : int -> buffer
  val rounding_code : rounding -> int
  val overlap : buffer -> buffer -> bool

  val release_mapped : buffer -> unit
  (** [release_mapped b] lets this process's pages under [b] go if [b]
      maps a file, as a stream that has read them does: they are read
      again from the page cache when touched (a private change to them
      is lost). Nothing for other buffers. *)
end
