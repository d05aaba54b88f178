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

Block tensors are dequantized as gguf-py dequantizes them (Gguf.get_as),
a piece at a time, into float32 or the dtype asked for.

  $ nx-dtype inspect --stats blocks.gguf | head -4
  blocks.gguf: GGUF, 9 tensors, version 3, 1 metadata key, general.architecture="test"
  name     dtype    shape     bytes         min         max  nan  inf
  w.Q8_0   Q8_0     (4, 256)   1088  -162.59473  124.333496    0    0
  w.Q4_0   Q4_0     (4, 256)    576    -162.625    124.3125    0    0
  $ nx-dtype convert blocks.gguf b.npz
  $ nx-dtype inspect --stats b.npz | grep Q8_0
  w.Q8_0   float32  (4, 256)   4096  -162.59473  124.333496    0    0
  $ nx-dtype convert --only '^norm$' blocks.gguf n.npy
  $ nx-dtype convert plain.gguf x.gguf
  nx-dtype: x.gguf: nx-dtype reads GGUF files, and does not write them (write .safetensors, .npz or .npy)
  Run 'nx-dtype --help' for usage.
  [2]
