(* Safetensors files. The module is a functor of the library's arrays so
   that nx_array.ml, which defines them, can also export it:
   Nx_array.Safetensors is [Make] applied to Nx_array's arrays, and its
   documentation is the signature [S] of safetensors_intf.ml. *)

type buffer = Safetensors_intf.buffer

module type ARRAY = Safetensors_intf.ARRAY
module type S = Safetensors_intf.S

module Make (A : ARRAY) : S with type ('v, 's) nx_array = ('v, 's) A.t
