#!/usr/bin/env python3
"""nx-dtype convert of the sharded PyTorch model (sharded/) into a
checkpoint directory, judged by safetensors and torch: every tensor
safetensors' load_file reads from the output equals torch.load's of the
input shards, the names left out are those _remove_duplicate_names
removes, and the index's weight_map names each tensor's shard.

usage: check_model.py NX_DTYPE
"""
import json
import os
import subprocess
import sys
import tempfile

import torch
from safetensors import safe_open
from safetensors.torch import _remove_duplicate_names, load_file

nx = sys.argv[1]
here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "sharded")
passed = failed = 0


def check(ok, what):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


with tempfile.TemporaryDirectory() as tmp:
    out = os.path.join(tmp, "out")
    subprocess.run([nx, "convert", "--max-shard-size", "15000", src, out + "/"], check=True)
    index = json.load(open(os.path.join(out, "model.safetensors.index.json")))
    want, removed = {}, set()
    shards = sorted(set(json.load(open(os.path.join(src, "pytorch_model.bin.index.json")))["weight_map"].values()))
    for f in shards:
        sd = torch.load(os.path.join(src, f), map_location="cpu", weights_only=True)
        for keep, names in _remove_duplicate_names(sd).items():
            removed.update(names)
        want.update(sd)
    got = {}
    for f in sorted(set(index["weight_map"].values())):
        path = os.path.join(out, f)
        with safe_open(path, "pt") as g:
            check(g.metadata().get("format") == "pt", "%s: metadata %r" % (f, g.metadata()))
        for name, t in load_file(path).items():
            check(index["weight_map"].get(name) == f, "%s: in %s" % (name, f))
            got[name] = t
    check(set(got) == set(want) - removed, "names: %s" % sorted(set(got) ^ (set(want) - removed)))
    for name, t in got.items():
        w = want[name]
        check(t.dtype == w.dtype and t.shape == w.shape and torch.equal(t, w), "%s: values" % name)

print("torch_model_python: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
