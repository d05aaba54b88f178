(* The stubs of nx_stubs.c, over the C API of nx_dtype.h. Each takes a
   dtype's code, which the caller guarantees is one: they check nothing.
   Native code calls the unboxed, untagged entry points; bytecode the
   boxing twins. *)

external of_float : (int[@untagged]) -> (float[@unboxed]) -> (float[@unboxed])
  = "nx_ml_of_float_byte" "nx_ml_of_float"
[@@noalloc]
(** [of_float code x] is the value a store of [x] holds, for float codes. *)

external store : (int[@untagged]) -> (float[@unboxed]) -> (int64[@unboxed])
  = "nx_ml_store_byte" "nx_ml_store"
[@@noalloc]
(** [store code x] is the encoding of [x] stored, in the low bits. *)

external load : (int[@untagged]) -> (int64[@unboxed]) -> (float[@unboxed])
  = "nx_ml_load_byte" "nx_ml_load"
[@@noalloc]
(** [load code bits] is the value of the encoding [bits] as a float. *)

external format_value :
  (int[@untagged]) -> (float[@unboxed]) -> Bytes.t -> (int[@untagged])
  = "nx_ml_format_value_byte" "nx_ml_format_value"
[@@noalloc]
(** [format_value code x buf] writes the text of [x]'s stored value into
    [buf] and is its length. [buf] holds {!format_value_size} bytes. *)

let format_value_size = 25

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

external facts : int -> facts option = "nx_ml_facts"
(** [facts code] is the row of the Rust library's facts table, if any. *)
