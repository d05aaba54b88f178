A checkpoint directory of shards (test/checkpoint's, split as
huggingface_hub splits one) is inspected and converted as one.

  $ cp -r "$DUNE_SOURCEROOT"/test/checkpoint/sharded model
  $ nx-dtype inspect model | head -4
  model: checkpoint, 10 tensors, 3 shards, index model.safetensors.index.json, metadata format="pt"
  name                        dtype    shape     bytes
  model.layers.0.mlp.weight   float32  (16, 24)   1536
  model.layers.1.mlp.weight   float32  (16, 24)   1536
  $ nx-dtype convert --to bfloat16 --only 'norm' model norms.safetensors
  $ nx-dtype inspect norms.safetensors | head -2
  norms.safetensors: safetensors, 4 tensors, metadata format="pt"
  name                        dtype     shape  bytes

A checkpoint written as one: its shards and index as huggingface_hub
writes them, the other files (config.json) copied.

  $ nx-dtype convert --to bfloat16 --max-shard-size 2KB model bf16/
  $ ls bf16
  config.json
  model-00001-of-00003.safetensors
  model-00002-of-00003.safetensors
  model-00003-of-00003.safetensors
  model.safetensors.index.json
  $ cmp model/config.json bf16/config.json
  $ nx-dtype inspect bf16 | head -3
  bf16: checkpoint, 10 tensors, 3 shards, index model.safetensors.index.json, metadata format="pt"
  name                        dtype     shape     bytes
  model.layers.0.mlp.weight   bfloat16  (16, 24)    768
  $ nx-dtype convert model one/
  $ ls one
  config.json
  model.safetensors
  $ nx-dtype convert model model/
  nx-dtype: model/ is the input's directory: write the checkpoint elsewhere
  [2]
  $ nx-dtype convert model bf16
  nx-dtype: bf16 is a directory: to write a checkpoint into it, end its name with / or give --format checkpoint
  [2]

An output that is an input, or holds one, is refused; writing again
replaces the old layout (its index would hide the new files).

  $ nx-dtype convert model model/model-00001-of-00003.safetensors
  nx-dtype: model/model-00001-of-00003.safetensors is an input file: nx-dtype does not write over its input
  [2]
  $ nx-dtype convert bf16/model-00002-of-00003.safetensors bf16/
  nx-dtype: bf16/ holds the input model-00002-of-00003.safetensors: write the checkpoint elsewhere
  [2]
  $ nx-dtype convert model bf16/model.safetensors.index.json
  nx-dtype: bf16/model.safetensors.index.json is an index file: name the checkpoint's directory, ending in /
  [2]
  $ nx-dtype convert --to float16 model bf16/
  $ ls bf16
  config.json
  model.safetensors
  $ nx-dtype convert --max-shard-size 0x10KB model x/
  nx-dtype: --max-shard-size "0x10KB" is not a size of a byte or more (5GB, 500MB, or bytes)
  Run 'nx-dtype --help' for usage.
  [2]

A shard the index names that is missing is named.

  $ rm model/model-00002-of-00003.safetensors
  $ nx-dtype inspect model
  nx-dtype: model/model.safetensors.index.json: the index names the shard model-00002-of-00003.safetensors, which is missing
  [2]

A checkpoint into one GGUF file, its tensors as they are stored, names
kept: read back, the same tensors and values.

  $ cp -r "$DUNE_SOURCEROOT"/test/checkpoint/sharded ck
  $ nx-dtype convert --meta general.architecture=test ck c.gguf
  $ nx-dtype inspect c.gguf | sed -n '1p;/^name /,+1p'
  c.gguf: GGUF, 10 tensors, version 3, 1 metadata key, general.architecture="test"
  name                        dtype    shape     bytes  bpw
  model.layers.0.mlp.weight   float32  (16, 24)   1536   32
  $ nx-dtype convert c.gguf c.safetensors && nx-dtype convert ck m.safetensors
  $ nx-dtype inspect --stats c.safetensors | tail -n +2 > c.txt
  $ nx-dtype inspect --stats m.safetensors | tail -n +2 > m.txt
  $ cmp c.txt m.txt && wc -l < c.txt
  11
