GGUF files (gguf-py's, from test/gguf) are inspected and their plain
tensors converted.

  $ cp "$DUNE_SOURCEROOT"/test/gguf/*.gguf .
  $ nx-dtype inspect plain.gguf
  plain.gguf: GGUF, 9 tensors, version 3, 1 metadata key, general.architecture="test"
  name    dtype     shape      bytes
  f32     float32   (3, 5)        60
  f16     float16   (2, 8)        32
  f64     float64   (7,)          56
  i8      int8      (4, 2)         8
  i16     int16     (3,)           6
  i32     int32     (2, 2, 2)     32
  i64     int64     (5,)          40
  scalar  float32   (1,)           4
  bf16    bfloat16  (2, 64)      256
  $ nx-dtype convert --to bfloat16 plain.gguf p.safetensors
  $ nx-dtype inspect p.safetensors | head -3
  p.safetensors: safetensors, 9 tensors
  name    dtype     shape      bytes
  i64     int64     (5,)          40

Block tensors are refused by name, and left out with --only.

  $ nx-dtype convert blocks.gguf b.safetensors
  nx-dtype: blocks.gguf: tensor "w.Q8_0" is Q8_0 blocks, which nx-dtype does not convert: only the plain tensors (F32, F16, BF16, F64, I8 to I64) do (leave it out with --only)
  [2]
  $ nx-dtype convert --only '^norm$' blocks.gguf n.npy
  $ nx-dtype convert plain.gguf x.gguf
  nx-dtype: x.gguf: nx-dtype reads GGUF files, and does not write them (write .safetensors, .npz or .npy)
  Run 'nx-dtype --help' for usage.
  [2]
