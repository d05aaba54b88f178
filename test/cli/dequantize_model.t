A quantized model directory, dequantized by its config.json: DeepSeek's
fp8 (two shards, 128 x 128 blocks of scales) into bfloat16. The scales
are gone, the other tensors are as they were, the tokenizer's file is
copied and config.json has no quantization_config.

  $ cp -r "$DUNE_SOURCEROOT"/test/quantized/fp8 fp8
  $ nx-dtype inspect fp8
  fp8: checkpoint, 6 tensors, 2 shards, index model.safetensors.index.json, metadata format="pt"
  name                                              dtype          shape       bytes
  model.layers.0.self_attn.o_proj.weight_scale_inv  float32        (1, 1)          4
  model.norm.weight                                 float32        (5,)           20
  model.layers.0.mlp.down_proj.weight               float8_e4m3fn  (129, 130)  16770
  model.layers.0.mlp.down_proj.weight_scale_inv     float32        (2, 2)         16
  lm_head.weight                                    bfloat16       (4, 5)         40
  model.layers.0.self_attn.o_proj.weight            float8_e4m3fn  (3, 5)         15
  $ nx-dtype dequantize --to bfloat16 fp8 out
  $ ls out
  config.json
  model.safetensors
  tokenizer_config.json
  $ nx-dtype inspect out
  out: checkpoint, 4 tensors, 1 shard, metadata format="pt"
  name                                    dtype     shape       bytes
  model.norm.weight                       float32   (5,)           20
  lm_head.weight                          bfloat16  (4, 5)         40
  model.layers.0.mlp.down_proj.weight     bfloat16  (129, 130)  33540
  model.layers.0.self_attn.o_proj.weight  bfloat16  (3, 5)         30
  $ cat out/config.json
  {
    "architectures": [
      "TestForCausalLM"
    ],
    "hidden_size": 16,
    "torch_dtype": "bfloat16"
  }

compressed-tensors' NVFP4, into float16, in shards of at most 1KB:

  $ cp -r "$DUNE_SOURCEROOT"/test/quantized/ct_nvfp4 nv
  $ nx-dtype dequantize --to float16 --max-shard-size 1KB nv nv16
  $ nx-dtype inspect nv16
  nv16: checkpoint, 3 tensors, 2 shards, index model.safetensors.index.json, metadata format="pt"
  name                                    dtype     shape    bytes
  lm_head.weight                          bfloat16  (2, 32)    128
  model.layers.0.mlp.up_proj.weight       float16   (8, 48)    768
  model.layers.0.self_attn.q_proj.weight  float16   (3, 32)    192

What is refused, before anything is written:

  $ nx-dtype dequantize --to int8 fp8 bad
  nx-dtype: dequantize a model into float64, float32, float16 or bfloat16, not int8
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype dequantize --scheme mxfp4 fp8 bad
  nx-dtype: --scheme is for .npy files: a model directory's config.json names its scheme
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype dequantize fp8 fp8
  nx-dtype: fp8 is the input's directory: write the model elsewhere
  [2]
  $ cp -r "$DUNE_SOURCEROOT"/test/checkpoint/sharded plain
  $ nx-dtype dequantize plain bad
  nx-dtype: plain: no quantization_config in its config.json: nothing to dequantize (nx-dtype convert casts a float checkpoint)
  [2]
  $ sed 's/"fp8"/"gptq"/' fp8/config.json > c && mv c fp8/config.json
  $ nx-dtype dequantize fp8 bad
  nx-dtype: fp8/config.json: quant_method "gptq" is not read (fp8, compressed-tensors, modelopt and mxfp4 are)
  [2]
  $ ls bad
  ls: cannot access 'bad': No such file or directory
  [2]

A refused input leaves an older output as it was; a new model replaces
it, its old config.json removed before the shards are written:

  $ nx-dtype dequantize --to bfloat16 fp8/ out
  nx-dtype: fp8/config.json: quant_method "gptq" is not read (fp8, compressed-tensors, modelopt and mxfp4 are)
  [2]
  $ grep torch_dtype out/config.json
    "torch_dtype": "bfloat16"
  $ cp -r "$DUNE_SOURCEROOT"/test/quantized/fp8 fp8b
  $ nx-dtype dequantize --to float32 fp8b out
  $ ls out
  config.json
  model.safetensors
  tokenizer_config.json
  $ grep torch_dtype out/config.json
    "torch_dtype": "float32"
