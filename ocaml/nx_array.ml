module Dtype = Dtype
include Arrays
module Safetensors = Nx_array_files.Safetensors
module Npy = Nx_array_files.Npy
module Gguf = Nx_array_files.Gguf
module Quant_mix = Nx_array_files.Quant_mix
module Checkpoint = Nx_array_files.Checkpoint
module Torch = Nx_array_files.Torch
module Block = Nx_array_block.Block
module Quantized = Nx_array_block.Quantized
module Quant_error = Nx_array_block.Quant_error
