Safetensors checkpoints in gpt-oss's and ModelOpt's layouts: the
files of test/block (written by the safetensors package), dequantized
and quantized again.

  $ cp "$DUNE_SOURCEROOT"/test/block/file_*.safetensors .
  $ nx-dtype inspect file_gpt_oss.safetensors
  file_gpt_oss.safetensors: safetensors, 5 tensors
  name                         dtype     shape       bytes
  experts.bias                 bfloat16  (4,)            8
  experts.down_proj_scales     F8_E8M0   (2, 5)         10
  experts.down_proj_blocks     uint8     (2, 5, 16)    160
  experts.gate_up_proj_blocks  uint8     (2, 6, 16)    192
  experts.gate_up_proj_scales  uint8     (2, 6)         12
  $ nx-dtype dequantize --to bfloat16 file_gpt_oss.safetensors plain.safetensors
  $ nx-dtype inspect --stats plain.safetensors
  plain.safetensors: safetensors, 3 tensors
  name                  dtype     shape     bytes   min  max  nan  inf
  experts.bias          bfloat16  (4,)          8    -1    3    0    0
  experts.down_proj     bfloat16  (2, 160)    640  -inf  inf   32   15
  experts.gate_up_proj  bfloat16  (2, 192)    768  -inf  inf   32   14

The pairs are found by their names; the scales may be U8 (as gpt-oss
stores them) or F8_E8M0. The file's scales include 2^127 (6 × 2^127 is
past bfloat16's range: infinities) and E8M0's NaN (a block of NaNs).
Quantized again, each block of the finite values comes back as it was;
a block holding an infinity or a NaN gets the NaN scale.

  $ nx-dtype quantize --scheme mxfp4 --only proj plain.safetensors q.safetensors
  $ nx-dtype inspect q.safetensors | grep scales
  experts.down_proj_scales     uint8     (2, 5)         10
  experts.gate_up_proj_scales  uint8     (2, 6)         12
  $ nx-dtype dequantize --to bfloat16 q.safetensors again.safetensors
  $ nx-dtype inspect --stats again.safetensors | grep proj
  experts.down_proj     bfloat16  (2, 160)    640  -770  770   64    0
  experts.gate_up_proj  bfloat16  (2, 192)    768  -770  770   64    0

Without --only, every float tensor of two or more dimensions whose last
dimension is a multiple of the block is quantized, and the others copied.

  $ nx-dtype quantize --scheme mxfp4 plain.safetensors all.safetensors
  $ cmp q.safetensors all.safetensors

ModelOpt's NVFP4 triple: NAME (U8), NAME_scale (F8_E4M3), NAME_scale_2
(F32); other tensors (its input_scale) are copied. NVFP4 values, once
dequantized, quantize to the same bytes again.

  $ nx-dtype dequantize file_modelopt.safetensors m.safetensors
  $ nx-dtype inspect --stats m.safetensors
  m.safetensors: safetensors, 2 tensors
  name             dtype    shape    bytes    min   max  nan  inf
  mlp.input_scale  float32  ()           4   0.25  0.25    0    0
  mlp.weight       float32  (3, 48)    576  -1.85   3.7    0    0
  $ nx-dtype quantize --scheme nvfp4 --only 'weight$' m.safetensors mq.safetensors
  $ nx-dtype inspect mq.safetensors
  mq.safetensors: safetensors, 4 tensors
  name                dtype          shape    bytes
  mlp.input_scale     float32        ()           4
  mlp.weight_scale_2  float32        ()           4
  mlp.weight_scale    float8_e4m3fn  (3, 3)       9
  mlp.weight          uint8          (3, 24)     72
  $ nx-dtype dequantize mq.safetensors m2.safetensors
  $ nx-dtype quantize --scheme nvfp4 --only 'weight$' m2.safetensors mq2.safetensors
  $ cmp mq.safetensors mq2.safetensors

Errors: nothing is written.

  $ nx-dtype quantize --scheme mxfp8_e4m3 plain.safetensors x.safetensors
  nx-dtype: x.safetensors: safetensors layouts are gpt-oss's (mxfp4) and ModelOpt's (nvfp4); quantize mxfp8_e4m3 into .npy files
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme mxfp4 --only bias plain.safetensors x.safetensors
  nx-dtype: plain.safetensors: tensor "experts.bias" (4,): its last dimension is not a multiple of mxfp4's block of 32
  [2]
  $ nx-dtype quantize --scheme mxfp4 --only nothing plain.safetensors x.safetensors
  nx-dtype: plain.safetensors: no float tensor to quantize matches --only "nothing"
  [2]
  $ nx-dtype quantize --scheme nvfp4 --policy ceil plain.safetensors x.safetensors
  nx-dtype: --policy chooses E8M0 scales: nvfp4 has none
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --scheme mxfp4 plain.safetensors x.npy
  nx-dtype: x.npy: a .safetensors input is quantized into a .safetensors output
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype dequantize file_formats.safetensors x.safetensors
  nx-dtype: file_formats.safetensors: no gpt-oss weight (NAME_blocks, NAME_scales) or ModelOpt weight (NAME, NAME_scale, NAME_scale_2)
  [2]
  $ nx-dtype dequantize --to int8 q.safetensors x.safetensors
  nx-dtype: dequantize into a float dtype, not int8
  Run 'nx-dtype --help' for usage.
  [2]
  $ ls x.* 2> /dev/null
  [2]

Names that make other names: float tensors w and w_scales, quantized,
give w_blocks and w_scales (w's), and w_scales_blocks and
w_scales_scales; dequantize reads the four back as the two weights.

  $ h='{"w":{"dtype":"F32","shape":[2,32],"data_offsets":[0,256]},"w_scales":{"dtype":"F32","shape":[2,32],"data_offsets":[256,512]}}'
  $ { printf '\176\000\000\000\000\000\000\000%s' "$h"; head -c 512 /dev/zero; } > names.safetensors
  $ nx-dtype quantize --scheme mxfp4 names.safetensors names.q.safetensors
  $ nx-dtype dequantize names.q.safetensors names.back.safetensors
  $ nx-dtype inspect names.back.safetensors
  names.back.safetensors: safetensors, 2 tensors
  name      dtype    shape    bytes
  w         float32  (2, 32)    256
  w_scales  float32  (2, 32)    256
