PyTorch checkpoints (torch.save's, from test/torch) are read without
running their pickles: inspect lists the state dict, convert writes it
as safetensors' convert.py does (shared tensors left out but the one
kept, metadata format=pt and each name left out with the name kept,
every tensor contiguous, the output read back and compared).

  $ cp "$DUNE_SOURCEROOT"/test/torch/*.pt .
  $ cp zip_shared.pt pytorch_model.bin
  $ nx-dtype inspect pytorch_model.bin
  pytorch_model.bin: PyTorch, 2 tensors, zip, 2 shared tensors left out, metadata format="pt", first_rows="embed.weight", lm_head.weight="embed.weight"
  name          dtype    shape   bytes
  embed.weight  float32  (4, 3)     48
  other         float32  (5,)       20
  $ nx-dtype convert pytorch_model.bin model.safetensors
  $ nx-dtype inspect model.safetensors
  model.safetensors: safetensors, 2 tensors, metadata format="pt", first_rows="embed.weight", lm_head.weight="embed.weight"
  name          dtype    shape   bytes
  embed.weight  float32  (4, 3)     48
  other         float32  (5,)       20

The tar archive of torch before 0.4 (its tensors over the file's bytes,
a storage view a storage of its own, as torch.load slices it):

  $ nx-dtype inspect tar_views.pt
  tar_views.pt: PyTorch, 4 tensors, tar format, 4 shared tensors left out, metadata format="pt", row="base", slice="base", t="base", tied="base"
  name    dtype    shape   bytes
  base    float32  (4, 6)     96
  scalar  float32  ()          4
  empty   float32  (0, 3)      0
  other   float64  (5,)       40
  $ nx-dtype convert tar_views.pt views.safetensors
  $ nx-dtype inspect --stats views.safetensors
  views.safetensors: safetensors, 4 tensors, metadata format="pt", row="base", slice="base", t="base", tied="base"
  name    dtype    shape   bytes                  min                 max  nan  inf
  other   float64  (5,)       40  -0.4575434923171997  0.8803503513336182    0    0
  base    float32  (4, 6)     96                    0                  23    0    0
  empty   float32  (0, 3)      0                    -                   -    0    0
  scalar  float32  ()          4                  2.5                 2.5    0    0
  $ cp tar_views.pt old_model.bin
  $ nx-dtype inspect old_model.bin | head -1
  old_model.bin: PyTorch, 4 tensors, tar format, 4 shared tensors left out, metadata format="pt", row="base", slice="base", t="base", tied="base"
  $ nx-dtype convert tar_storage_view.pt sv.safetensors
  nx-dtype: tar_storage_view.pt: tensor "over" does not cover its whole storage: safetensors' _remove_duplicate_names refuses it
  [2]
  $ ls sv.safetensors
  ls: cannot access 'sv.safetensors': No such file or directory
  [2]

The legacy format, and --to:

  $ nx-dtype inspect legacy_dtypes.pt | head -4
  legacy_dtypes.pt: PyTorch, 12 tensors, legacy format, metadata format="pt"
  name        dtype       shape   bytes
  float64     float64     (3, 4)     96
  float32     float32     (3, 4)     48
  $ nx-dtype convert --to bfloat16 --only '^float' legacy_dtypes.pt f.safetensors
  $ nx-dtype inspect --stats f.safetensors
  f.safetensors: safetensors, 3 tensors, metadata format="pt"
  name     dtype     shape   bytes        min       max  nan  inf
  float16  bfloat16  (3, 4)     24      -8100     23200    0    0
  float32  bfloat16  (3, 4)     24  -3.76e+36  5.93e-10    0    0
  float64  bfloat16  (3, 4)     24      -9.94       inf    0    5

A state dict under "state_dict", beside other values:

  $ nx-dtype inspect checkpoint.pt
  checkpoint.pt: PyTorch, 2 tensors, zip, metadata format="pt"
  name  dtype    shape   bytes
  w     float32  (2, 2)     16
  b     float32  (2,)        8

Refused: a pickle that calls os.system, a tensor that does not cover its
storage (safetensors refuses it), dtypes nx-dtype has not, writing a
checkpoint.

  $ nx-dtype inspect evil_system.pt
  nx-dtype: evil_system.pt: evil_system/data.pkl at byte 169 (GLOBAL): the global posix.system is not one a checkpoint of tensors holds: refused (nothing is imported or called)
  [2]
  $ nx-dtype convert evil_system.pt x.safetensors
  nx-dtype: evil_system.pt: evil_system/data.pkl at byte 169 (GLOBAL): the global posix.system is not one a checkpoint of tensors holds: refused (nothing is imported or called)
  [2]
  $ test -e x.safetensors || echo no output
  no output
  $ nx-dtype convert zip_partial.pt x.safetensors
  nx-dtype: zip_partial.pt: tensor "half" does not cover its whole storage: safetensors' _remove_duplicate_names refuses it
  [2]
  $ nx-dtype convert zip_odd.pt x.safetensors
  nx-dtype: zip_odd.pt: tensor "float8_e4m3fnuz" is float8_e4m3fnuz, which has no dtype in nx-dtype (leave it out with --only)
  [2]
  $ nx-dtype convert zip_shared.pt x.pt
  nx-dtype: x.pt: nx-dtype reads PyTorch checkpoints, and does not write them (write .safetensors, .npz, .npy or .gguf)
  Run 'nx-dtype --help' for usage.
  [2]

A .bin file that is not a checkpoint is raw elements:

  $ printf 'abcd' > raw.bin
  $ nx-dtype convert raw.bin r.npy
  nx-dtype: convert needs --from DTYPE, the dtype of the raw file raw.bin
  Run 'nx-dtype --help' for usage.
  [2]
  $ nx-dtype convert --from uint8 raw.bin r.npy

A tensor that does not cover its storage is listed, and convert refuses
it:

  $ nx-dtype inspect zip_partial.pt
  zip_partial.pt: PyTorch, 1 tensor, zip, metadata format="pt"
  name  dtype  shape  bytes
  half  int32  (4,)      16
  nx-dtype: zip_partial.pt: tensor "half" does not cover its whole storage: safetensors' _remove_duplicate_names refuses it (convert refuses it)

A sharded model (test/torch/sharded, as transformers saved one): read as
one from its directory or its index, converted into a checkpoint
directory (or one file), shard by shard as convert.py takes the shards,
with the model's other files:

  $ cp -r "$DUNE_SOURCEROOT"/test/torch/sharded model
  $ nx-dtype inspect model | head -4
  model: PyTorch, 21 tensors, 4 shards, index pytorch_model.bin.index.json, zip, 1 shared tensor left out, metadata format="pt", model.embed_tokens.weight="lm_head.weight"
  name                                            dtype     shape     bytes
  model.layers.0.self_attn.q_proj.weight          float32   (24, 24)   2304
  model.layers.0.self_attn.k_proj.weight          float32   (12, 24)   1152
  $ touch model/training_args.bin
  $ nx-dtype convert --max-shard-size 20000 model/pytorch_model.bin.index.json out/
  nx-dtype: model/training_args.bin: weights of another format, not copied
  $ ls out
  config.json
  generation_config.json
  model-00001-of-00003.safetensors
  model-00002-of-00003.safetensors
  model-00003-of-00003.safetensors
  model.safetensors.index.json
  tokenizer_config.json
  $ nx-dtype inspect out | head -1
  out: checkpoint, 21 tensors, 3 shards, index model.safetensors.index.json, metadata format="pt", model.embed_tokens.weight="lm_head.weight"
  $ nx-dtype convert model model/
  nx-dtype: model/ is the input's directory: write the checkpoint elsewhere
  [2]
  $ nx-dtype convert model model
  nx-dtype: model is a directory: to write a checkpoint into it, end its name with / or give --format checkpoint
  [2]
  $ rm model/pytorch_model-00002-of-00004.bin
  $ nx-dtype convert model out2/
  nx-dtype: model/pytorch_model.bin.index.json: the index names the shard pytorch_model-00002-of-00004.bin, which is missing
  [2]
  $ test -e out2 || echo no output
  no output
