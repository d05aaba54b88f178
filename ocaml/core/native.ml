(* The externals of the Rust library: the nx_ml_* exports of rust/ocaml/src.
   Those that take a dtype's code trust the caller that it is one: they
   check nothing. Native code calls the unboxed, untagged entry points;
   bytecode their boxing twins (nx_ml_*_byte). *)

(** {1 Scalar stores, one entry point per float format}

    [of_<format> x] is the value a store of [x] into the format holds, with
    no code to dispatch on. Float16's takes F16C where the Rust library
    found it (see [NX_ARRAY_PORTABLE]). *)

external of_float64 : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float64_byte" "nx_ml_of_float64" [@@noalloc]
external of_float32 : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float32_byte" "nx_ml_of_float32" [@@noalloc]
external of_float16 : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float16_byte" "nx_ml_of_float16" [@@noalloc]
external of_bfloat16 : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_bfloat16_byte" "nx_ml_of_bfloat16" [@@noalloc]
external of_float8_e4m3fn : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float8_e4m3fn_byte" "nx_ml_of_float8_e4m3fn" [@@noalloc]
external of_float8_e5m2 : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float8_e5m2_byte" "nx_ml_of_float8_e5m2" [@@noalloc]
external of_float4_e2m1fn : (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float4_e2m1fn_byte" "nx_ml_of_float4_e2m1fn" [@@noalloc]

(** {1 Stubs taking a code} *)

external store : (int[@untagged]) -> (float[@unboxed]) -> (int64[@unboxed])
  = "nx_ml_store_byte" "nx_ml_store"
[@@noalloc]
(** [store code x] is the encoding of [x] stored, in the low bits. *)

external load : (int[@untagged]) -> (int64[@unboxed]) -> (float[@unboxed])
  = "nx_ml_load_byte" "nx_ml_load"
[@@noalloc]
(** [load code bits] is the value of the encoding [bits] as a float. *)

external value_text : (int[@untagged]) -> (float[@unboxed]) -> string
  = "nx_ml_value_text_byte" "nx_ml_value_text"
(** [value_text code x] is the text of the value [x], as [pp_value] prints
    it, or [""] when [x] is finite and not a value of the float format
    [code]. *)

type facts = {
  code : int;
  name : string;
  bits : int;
  kind : int;
  exponent_bits : int;
  fraction_bits : int;
  infinities : bool;
  nans : bool;
  epsilon : float;
  min_normal : float;
  max_finite : float;
}
(* Field for field the struct MlFacts of rust/ocaml/src/facts.rs. *)

external facts : int -> facts option = "nx_ml_facts"
(** [facts code] is the row of the Rust library's facts table, if any. *)

type stored = { bits : int64; outcome : int; abs_error : float; rel_error : float }
(* Field for field the struct MlStored of rust/ocaml/src/number.rs; the
   outcome is the code of nx_array::decimal::Outcome. *)

external store_string : int -> string -> bool -> stored option = "nx_ml_store_string"
(** [store_string code s errors] is the store of the number [s] writes into
    the dtype [code], if [s] is one: its encoding in the low bits, what the
    store did and, when [errors], its errors (else zeros). *)

(* Bulk conversion: [convert_* params dst src n] is -1 when done, the index
   of the first refused element under the Raise policy (nothing written),
   -2 for bad parameters. [params] is [Nx_codes.params]. *)

type buffer = (char, Bigarray.int8_unsigned_elt, Bigarray.c_layout) Bigarray.Array1.t

external convert_ba :
  int -> ('a, 'b, 'c) Bigarray.Genarray.t -> ('d, 'e, 'f) Bigarray.Genarray.t -> int -> int
  = "nx_ml_convert_ba"

external convert_of_string : int -> buffer -> string -> int -> int
  = "nx_ml_convert_of_string"
[@@noalloc]

external convert_to_bytes : int -> Bytes.t -> buffer -> int -> int
  = "nx_ml_convert_to_bytes"
[@@noalloc]

(* Between a buffer and a flat float array (its doubles little-endian: the
   caller checks the host). *)
external convert_to_floats : int -> float array -> buffer -> int -> int
  = "nx_ml_convert_to_floats"
[@@noalloc]

external convert_of_floats : int -> buffer -> float array -> int -> int
  = "nx_ml_convert_of_floats"
[@@noalloc]

external has_nan : float array -> int -> bool = "nx_ml_has_nan" [@@noalloc]

(** {1 Bigarrays, through the C of nx_stubs.c} *)

external ba_view :
  ('a, 'b, 'c) Bigarray.Genarray.t -> ('d, 'e) Bigarray.kind -> int array ->
  ('d, 'e, Bigarray.c_layout) Bigarray.Genarray.t = "nx_ml_ba_view"
(** [ba_view ba kind dims] is a bigarray of [kind] and [dims] over [ba]'s
    data, which holds enough bytes. *)

external ba_address : buffer -> (int[@untagged])
  = "nx_ml_ba_address_byte" "nx_ml_ba_address" [@@noalloc]
(** [ba_address b] is the address of [b]'s first byte (user-space
    addresses fit in an [int]). *)

external advise_huge_pages : ('a, 'b, 'c) Bigarray.Genarray.t -> unit
  = "nx_ml_advise_huge_pages"
(** [advise_huge_pages ba] asks the system for transparent huge pages
    under [ba]'s storage when it has 4 MiB or more (Linux); nothing
    elsewhere. Call it before the storage is first touched. *)

external advise_bytes_huge_pages : Bytes.t -> unit = "nx_ml_advise_bytes_huge_pages"
(** [advise_bytes_huge_pages b] is {!advise_huge_pages} for bytes. *)

external bytes_equal : buffer -> buffer -> (int[@untagged])
  = "nx_ml_bytes_equal_byte" "nx_ml_bytes_equal" [@@noalloc]
(** [bytes_equal a b] is 1 if [a] and [b] hold the same bytes, else 0. *)

external release_mapped : buffer -> unit = "nx_ml_release_mapped"
(** [release_mapped b] drops this process's pages under [b]'s whole pages
    if [b] maps a file (Linux's madvise MADV_DONTNEED): they are read
    again from the page cache when touched, and a private change to them
    is lost. Nothing for other buffers. *)

external alloc_zeroed : int -> buffer = "nx_ml_alloc_zeroed"
(** [alloc_zeroed n] is a new buffer of [n >= 0] zero bytes, from calloc,
    advised as {!advise_huge_pages} says, and not touched. *)

(** {1 DEFLATE and CRC-32, through zlib-rs (rust/ocaml/src/zlib.rs)}

    Raw streams, a 32 KiB window; deflate at zlib's level 6. A step reads
    all of its source and writes into all of its destination (pass
    sub-arrays; never overlapping ones) and gives a code of
    {!Nx_codes.Flate_step}; the counts so far are the state's. A state is
    for one domain at a time. *)

type inflater
(** The type for inflate states (custom blocks the GC finalizes). *)

type deflater
(** The type for deflate states. *)

external inflate_create : unit -> inflater = "nx_ml_inflate_create"
external inflate_step : inflater -> buffer -> buffer -> int = "nx_ml_inflate_step" [@@noalloc]
external inflate_total_in : inflater -> int = "nx_ml_inflate_total_in" [@@noalloc]
external inflate_total_out : inflater -> int = "nx_ml_inflate_total_out" [@@noalloc]

external inflate_message : inflater -> string = "nx_ml_inflate_message"
(** [inflate_message z] is zlib's message for [z]'s last failed step. *)

external inflate_end : inflater -> unit = "nx_ml_inflate_end" [@@noalloc]
(** [inflate_end z] frees [z]'s memory; its later steps are
    [Flate_step.misused]. *)

external deflate_create : unit -> deflater = "nx_ml_deflate_create"

external deflate_step : deflater -> buffer -> buffer -> bool -> int = "nx_ml_deflate_step"
[@@noalloc]
(** [deflate_step z src dst finish]: with [finish], the steps until
    [Flate_step.ended] end the stream. *)

external deflate_total_in : deflater -> int = "nx_ml_deflate_total_in" [@@noalloc]
external deflate_total_out : deflater -> int = "nx_ml_deflate_total_out" [@@noalloc]
external deflate_end : deflater -> unit = "nx_ml_deflate_end" [@@noalloc]

external gguf_strings_end : buffer -> int -> int -> int = "nx_ml_gguf_strings_end" [@@noalloc]
(** [gguf_strings_end b pos count] is where the [count] GGUF strings (a
    length of 8 bytes, then its bytes) from byte [pos] of [b] end, or [-1]
    if one runs past the end of [b] or is not UTF-8 (rust/ocaml/src/gguf.rs). *)

external unsafe_crc32 : int -> buffer -> int -> int -> int = "nx_ml_crc32" [@@noalloc]
(** [unsafe_crc32 crc b off len] is the CRC-32 of [b]'s bytes [off, off +
    len) after a message whose CRC-32 is [crc] (0 for the empty one); the
    caller checked the range (outside [b], it reads nothing). *)

external unsafe_crc32_bytes : int -> Bytes.t -> int -> int -> int = "nx_ml_crc32_bytes"
[@@noalloc]
(** [unsafe_crc32_bytes] is {!unsafe_crc32} of bytes. *)
