(** Arrays of machine-learning element formats, exact to the last bit.

    {!Dtype} names the formats (bfloat16, float8, float4, int4, bit and the
    IEEE and integer formats Bigarray has) and says how a float is stored
    into each. An array [('v, 's) t] is an n-dimensional array of one dtype:
    its elements are row-major in one byte buffer, little-endian, and
    elements of fewer than 8 bits are packed low bits first (two to a byte
    for [Int4], [Uint4] and [Float4_e2m1fn], eight for [Bit]). The unused
    bits of a last partial byte, its padding, are zero in every array this
    library makes; in one over a buffer ({!of_buffer}) they are what the
    buffer holds. No function reads them ({!equal} ignores them); those
    that make bytes ({!copy}, {!of_string}, {!to_string}, {!cast}, the
    file writers) make them zero, and those that write into an array
    ({!set}, {!fill}, {!blit}, {!cast_into}) write its elements alone.

    Arrays exchange elements with every Bigarray kind by one conversion
    rule ({!section-conversions}), and bytes with other systems
    ({!of_string}, {!to_string}) and with Bigarray itself, without a copy
    ({!of_buffer}, {!to_bigarray_view}).

    The modules below are the library's rooms: {!Dtype} (core), the
    files ({!Safetensors}, {!Npy}, {!Gguf}, {!Checkpoint}, {!Torch}) and the block-scaled formats
    ({!Block}, {!Quantized}, {!Quant_error}). Each is documented in its own interface. *)

module Dtype = Dtype

include module type of struct include Arrays end
(** @inline *)

(** {1:files Files} *)

module Safetensors = Nx_array_files.Safetensors
(** Safetensors files, Hugging Face's format of model weights: read by
    mapping the file, with tensors over its bytes, and written atomically
    as the reference lays them out. *)

module Npy = Nx_array_files.Npy
(** numpy's [.npy] files and [.npz] archives: read by mapping the file,
    with arrays over its bytes where they are little-endian and stored,
    and written as numpy writes them. *)

module Gguf = Nx_array_files.Gguf
(** GGUF files, llama.cpp's format of model weights: read by mapping the
    file, with typed metadata and tensors over its bytes. *)

module Quant_mix = Nx_array_files.Quant_mix
(** llama.cpp's file types ([Q4_K_M] ...) and the type each tensor of a
    model gets in one, by [llama_tensor_get_type]'s rules. *)

module Checkpoint = Nx_array_files.Checkpoint
(** Checkpoints as Hugging Face publishes them: a directory of one
    safetensors file or of shards an index names, read as one. *)

module Torch = Nx_array_files.Torch
(** PyTorch checkpoints ([torch.save]): their pickles interpreted as
    data, never run, with tensors over the file's bytes. *)

(** {1:blocks Block-scaled formats} *)

module Block = Nx_array_block.Block
(** Block-scaled formats: OCP MX, NVFP4 and ggml's blocks. *)

module Quantized = Nx_array_block.Quantized
(** Quantized checkpoints: the [quantization_config] of a model's
    [config.json] (fp8, compressed-tensors, ModelOpt, mxfp4) applied to
    its weights, dequantized exactly. *)

module Quant_error = Nx_array_block.Quant_error
(** The error of a quantization (RMSE, maximum, 95th percentile, SQNR,
    bits per weight, llama.cpp's error histogram), to choose a ggml type
    by. *)
