(* .npy files and .npz archives. The module is a functor of the library's
   arrays so that nx_array.ml, which defines them, can also export it:
   Nx_array.Npy is [Make] applied to Nx_array's arrays, and its
   documentation is the signature [S] of npy_intf.ml. *)

type buffer = Npy_intf.buffer

module type ARRAY = Npy_intf.ARRAY
module type S = Npy_intf.S

module Make (A : ARRAY) :
  S with type ('v, 's) nx_array = ('v, 's) A.t and type byte_order = A.byte_order
