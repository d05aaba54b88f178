module Dtype = Dtype
include Arrays
module Safetensors = Nx_array_files.Safetensors
module Npy = Nx_array_files.Npy
module Block = Nx_array_block.Block
