#!/usr/bin/env python3
"""Writes test/torch/sharded: a small llama-like model saved as sharded
pytorch_model-0000i-of-0000n.bin files, as transformers' save_pretrained
(safe_serialization=False) wrote them: huggingface_hub's
split_torch_state_dict_into_shards of the state dict, each shard
torch.save'd, and pytorch_model.bin.index.json as json.dumps(index,
indent=2, sort_keys=True) + "\\n"; beside it config.json,
generation_config.json and tokenizer_config.json;
and sharded.txt: what torch.load gives of each shard and what
safetensors' convert.py removes of it (make torch-files):

  tensor NAME SHARD DTYPE SHAPE HEX    each tensor of each shard, in order:
                                       HEX its elements' bytes, row-major
  removed SHARD KEPT:REMOVED,...       _remove_duplicate_names of the shard

torch's writer records a random serialization id: each run writes new
bytes.
"""
import collections
import json
import os
import shutil

import torch
from huggingface_hub import split_torch_state_dict_into_shards
from safetensors.torch import _remove_duplicate_names

here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sharded")
torch.manual_seed(11)

hidden, inter, vocab, layers = 24, 40, 50, 2
sd = collections.OrderedDict()
emb = torch.randn(vocab, hidden)
sd["model.embed_tokens.weight"] = emb
for i in range(layers):
    p = "model.layers.%d." % i
    for n, shape in [("self_attn.q_proj", (hidden, hidden)), ("self_attn.k_proj", (hidden // 2, hidden)),
                     ("self_attn.v_proj", (hidden // 2, hidden)), ("self_attn.o_proj", (hidden, hidden)),
                     ("mlp.gate_proj", (inter, hidden)), ("mlp.up_proj", (inter, hidden))]:
        sd[p + n + ".weight"] = torch.randn(*shape)
    # A view with other strides: written whole by torch.save, copied
    # contiguous by convert.
    sd[p + "mlp.down_proj.weight"] = torch.randn(inter, hidden).t()
    sd[p + "input_layernorm.weight"] = (1 + torch.randn(hidden) / 10).to(torch.bfloat16)
    sd[p + "post_attention_layernorm.weight"] = (1 + torch.randn(hidden) / 10).to(torch.bfloat16)
sd["model.norm.weight"] = torch.ones(hidden, dtype=torch.float16)
sd["model.rotary_emb.inv_freq"] = 1.0 / (10000 ** (torch.arange(0, hidden // 4, 2).double() / (hidden // 4)))
# A tied head: the embedding's storage under a second name.
sd["lm_head.weight"] = emb

if os.path.exists(here):
    shutil.rmtree(here)
os.makedirs(here)
split = split_torch_state_dict_into_shards(sd, filename_pattern="pytorch_model{suffix}.bin",
                                           max_shard_size=12000)
out = []
for shard, names in split.filename_to_tensors.items():
    shard_sd = collections.OrderedDict((n, sd[n]) for n in names)
    torch.save(shard_sd, os.path.join(here, shard))
for shard in sorted(split.filename_to_tensors):
    loaded = torch.load(os.path.join(here, shard), map_location="cpu", weights_only=True)
    for n, t in loaded.items():
        b = t.contiguous().reshape(-1).view(torch.uint8).numpy().tobytes().hex() or "-"
        out.append(["tensor", n, shard, str(t.dtype)[6:], "x".join(map(str, t.shape)) or "-", b])
    r = _remove_duplicate_names(loaded)
    out.append(["removed", shard, ";".join(sorted(k + ":" + ",".join(v) for k, v in r.items())) or "-"])
index = {"metadata": split.metadata, "weight_map": split.tensor_to_filename}
with open(os.path.join(here, "pytorch_model.bin.index.json"), "w") as f:
    f.write(json.dumps(index, indent=2, sort_keys=True) + "\n")
config = {
    "architectures": ["LlamaForCausalLM"], "model_type": "llama", "hidden_size": hidden,
    "intermediate_size": inter, "num_hidden_layers": layers, "num_attention_heads": 4,
    "num_key_value_heads": 2, "vocab_size": vocab, "tie_word_embeddings": True,
    "torch_dtype": "float32", "transformers_version": "4.44.0",
}
with open(os.path.join(here, "config.json"), "w") as f:
    f.write(json.dumps(config, indent=2, sort_keys=True) + "\n")
with open(os.path.join(here, "generation_config.json"), "w") as f:
    f.write(json.dumps({"bos_token_id": 1, "eos_token_id": 2}, indent=2) + "\n")
with open(os.path.join(here, "tokenizer_config.json"), "w") as f:
    f.write(json.dumps({"model_max_length": 2048, "tokenizer_class": "LlamaTokenizer"}, indent=2) + "\n")
with open(os.path.join(here, "..", "sharded.txt"), "w") as f:
    for l in out:
        f.write("\t".join(l) + "\n")
print("sharded: %d shards, %d tensors" % (len(split.filename_to_tensors), len(sd)))
