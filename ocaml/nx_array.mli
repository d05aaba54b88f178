(** Element formats of machine learning, exact to the last bit.

    {!Dtype} names the formats (bfloat16, float8, float4, int4, bit and the
    IEEE and integer formats Bigarray has) and says how a float is stored
    into each. *)

module Dtype = Dtype
