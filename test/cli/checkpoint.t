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

A shard the index names that is missing is named.

  $ rm model/model-00002-of-00003.safetensors
  $ nx-dtype inspect model
  nx-dtype: model/model.safetensors.index.json: the index names the shard model-00002-of-00003.safetensors, which is missing
  [2]
