nx-dtype quantize --type: a checkpoint directory as IN, and --report.
The float file is test/gguf/error_original.safetensors (gen_error.py);
the checkpoint is it, sharded by convert as huggingface_hub shards one.

  $ cp "$DUNE_SOURCEROOT"/test/gguf/error_original.safetensors orig.safetensors
  $ nx-dtype convert orig.safetensors ckpt/ --max-shard-size 100KB
  $ ls ckpt
  model-00001-of-00002.safetensors
  model-00002-of-00002.safetensors
  model.safetensors.index.json

The directory's tensors are quantized under their own names, as those of
the one file: each tensor's bytes are the same (the tensors are written
in the input's order, which differs; convert --only takes one out).

  $ nx-dtype quantize --type Q4_K_M orig.safetensors file.gguf
  $ nx-dtype quantize --type Q4_K_M ckpt dir.gguf
  $ nx-dtype quantize --type Q4_K_M ckpt/model.safetensors.index.json index.gguf
  $ cmp dir.gguf index.gguf
  $ nx-dtype inspect dir.gguf
  dir.gguf: GGUF, 8 tensors, version 3, 2 metadata keys
  key                           type  value
  general.quantization_version  u32   2
  general.file_type             u32   15
  
  name                   dtype    shape       bytes     bpw
  blk.0.ffn_down.weight  Q6_K     (300, 256)  63000  6.5625
  blk.0.attn_k.weight    Q5_0     (16, 96)     1056     5.5
  blk.0.attn_q.weight    Q5_0     (8, 64)       352     5.5
  blk.0.ffn_gate.weight  Q4_K     (2, 256)      288     4.5
  output_norm.weight     float32  (64,)         256      32
  rope_freqs.weight      float32  (16,)          64      32
  token_embd.weight      Q8_0     (2, 32)        68     8.5
  blk.0.ffn_up.weight    Q5_0     (4, 32)        88     5.5
  $ for t in $(nx-dtype inspect dir.gguf | sed '1,/^name /d' | cut -d' ' -f1); do
  >   nx-dtype convert --only "^$t\$" dir.gguf d1.gguf && nx-dtype convert --only "^$t\$" file.gguf f1.gguf &&
  >   cmp d1.gguf f1.gguf && echo "$t: the same bytes"
  > done
  blk.0.ffn_down.weight: the same bytes
  blk.0.attn_k.weight: the same bytes
  blk.0.attn_q.weight: the same bytes
  blk.0.ffn_gate.weight: the same bytes
  output_norm.weight: the same bytes
  rope_freqs.weight: the same bytes
  token_embd.weight: the same bytes
  blk.0.ffn_up.weight: the same bytes

--report: after the file is written, error IN OUT's report of it, from
the same files.

  $ nx-dtype quantize --type Q4_K_M --report ckpt report.gguf > report.txt
  $ cmp report.gguf dir.gguf
  $ nx-dtype error ckpt report.gguf > error.txt
  $ cmp report.txt error.txt
  $ head -4 report.txt
  tensor                 type       bpw  RMSE        max err     p95          SQNR dB
  blk.0.ffn_down.weight  Q6_K     6.562  9.1559e-03  5.2007e-02  1.7777e-02     33.33
  blk.0.attn_k.weight    Q5_0     5.500  8.4775e-04  2.0956e-03  1.4803e-03     27.31
  blk.0.attn_q.weight    Q5_0     5.500  9.0891e-04  2.3945e-03  1.6207e-03     27.08
  $ sed -n '/^% of/,$p' report.txt | head -4
  % of |x - y| in columns of 0.002 (10 of quantize-stats' bins; the last: 0.028 and above)
  tensor                 type    0.000 0.002 0.004 0.006 0.008 0.010 0.012 0.014 0.016 0.018 0.020 0.022 0.024 0.026 0.028
  blk.0.ffn_down.weight  Q6_K     17.1  16.2  15.4  13.6  11.2   8.5   6.3   4.0   2.7   1.7   1.1   0.7   0.4   0.3   0.5
  blk.0.attn_k.weight    Q5_0     99.8   0.2     .     .     .     .     .     .     .     .     .     .     .     .     .
  $ nx-dtype quantize --type Q8_0 --histogram orig.safetensors hist.gguf > hist.txt
  $ nx-dtype error --histogram orig.safetensors hist.gguf | cmp - hist.txt
  $ grep -c 'error distribution:' hist.txt
  11

A checkpoint as Hugging Face publishes one (test/checkpoint/sharded,
which huggingface_hub split: config.json, three shards and their index),
its names kept. Its rows of 24 values are whole blocks of no type: Q4_K_M
falls back to F16, as llama-quantize does; Q8_0 has no fallback and is
refused, nothing written and no report.

  $ nx-dtype quantize --type Q4_K_M "$DUNE_SOURCEROOT"/test/checkpoint/sharded hf.gguf
  $ nx-dtype inspect hf.gguf
  hf.gguf: GGUF, 10 tensors, version 3, 2 metadata keys
  key                           type  value
  general.quantization_version  u32   2
  general.file_type             u32   15
  
  name                        dtype    shape     bytes  bpw
  model.layers.0.mlp.weight   float16  (16, 24)    768   16
  model.layers.1.mlp.weight   float16  (16, 24)    768   16
  model.layers.0.norm.weight  float16  (24,)        48   16
  model.layers.1.norm.weight  float16  (24,)        48   16
  lm_head.weight              float16  (8, 24)     384   16
  model.layers.2.mlp.weight   float16  (16, 24)    768   16
  model.layers.3.mlp.weight   float16  (16, 24)    768   16
  model.layers.2.norm.weight  float16  (24,)        48   16
  model.layers.3.norm.weight  float16  (24,)        48   16
  model.embed.weight          float16  (40, 24)   1920   16
  $ nx-dtype quantize --type Q8_0 --report "$DUNE_SOURCEROOT"/test/checkpoint/sharded hf8.gguf 2>&1 | sed "s|$DUNE_SOURCEROOT/||"
  nx-dtype: test/checkpoint/sharded: tensor "model.layers.0.mlp.weight": rows of 24 values are not whole Q8_0 blocks, and no type is defined to fall back to
  $ ls hf8.gguf
  ls: cannot access 'hf8.gguf': No such file or directory
  [2]

Refused before anything is written: OUT one of the checkpoint's files, a
directory without a checkpoint, a checkpoint its config.json says is
quantized (its stored elements need their scales: test/quantized/fp8),
--report of an OUT that is not a regular file.

  $ nx-dtype quantize --type Q8_0 ckpt ckpt/model-00002-of-00002.safetensors
  nx-dtype: ckpt/model-00002-of-00002.safetensors is an input file: nx-dtype does not write over its input
  [2]
  $ mkdir empty
  $ nx-dtype quantize --type Q8_0 empty out.gguf
  nx-dtype: empty: no .safetensors file and no .safetensors.index.json
  [2]
  $ nx-dtype quantize --type Q8_0 "$DUNE_SOURCEROOT"/test/quantized/fp8 fp8.gguf 2>&1 | sed "s|$DUNE_SOURCEROOT/||g"
  nx-dtype: test/quantized/fp8: test/quantized/fp8/config.json quantizes the model (fp8): its stored elements need their scales; dequantize it first (nx-dtype dequantize MODEL_DIR OUT_DIR)
  $ nx-dtype quantize --report ckpt out.gguf
  nx-dtype: quantize: give --type T
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype quantize --type Q8_0 --report ckpt /dev/stdout
  nx-dtype: quantize: --report reads /dev/stdout again, which is not a regular file
  Run 'nx-dtype --help' for usage.
  [2]
  $ ls *.gguf
  d1.gguf
  dir.gguf
  f1.gguf
  file.gguf
  hf.gguf
  hist.gguf
  index.gguf
  report.gguf
