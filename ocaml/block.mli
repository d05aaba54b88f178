(** Block-scaled formats: elements that share a scale.

    A float4 or float8 element is almost never stored alone: checkpoints
    store {e blocks}, a run of elements along the last dimension and the
    scale they share. This module quantizes arrays into blocks and
    dequantizes blocks into arrays for the schemes of
    {ul
    {- OCP Microscaling Formats (MX) Specification v1.0 (2023): MXFP8,
       MXFP6, MXFP4 and MXINT8, blocks of 32 elements under a power-of-two
       scale of format E8M0. OpenAI's gpt-oss checkpoints are MXFP4.}
    {- NVIDIA's NVFP4: blocks of 16 E2M1 elements under an E4M3 scale,
       and one float32 scale for the whole tensor, as NVIDIA's ModelOpt
       writes checkpoints and torchao quantizes.}
    {- ggml's GGUF blocks Q8_0, Q4_0, MXFP4 and NVFP4, in the layouts of
       ggml's [ggml-common.h] and gguf-py's [gguf/quants.py] (gguf 0.19).}}

    Values are exact as everywhere in this library: a scale is chosen by
    a stated rule from the exact values, each element is the exact value
    divided by its scale and rounded {e once}, and dequantizing computes
    each product exactly and rounds it once into the destination.

    This module is [Nx_array.Block], whose arrays are {!Nx_array.t}:
    [Nx_array] applies {!Make} to its own arrays (a module of the library
    cannot name [Nx_array], which is the library's interface). *)

(**/**)

module type ARRAY = Block_intf.ARRAY
(** What [Nx_array] gives {!Make}: its arrays and roundings. *)

(**/**)

module type S = Block_intf.S
(** The signature of [Nx_array.Block]: {!Block_intf.S}. *)

(**/**)

module Make
    (A : ARRAY)
    (St : Safetensors_intf.S with type ('v, 's) nx_array = ('v, 's) A.t) :
  S
    with type ('v, 's) nx = ('v, 's) A.t
     and type rounding = A.rounding
     and type safetensors = St.t
     and type tensor = St.tensor
