#!/usr/bin/env python3
"""Importance matrices for test/cli/quantize_imatrix.ml, written as
llama-imatrix writes them: imatrix/tiny.gguf (gguf-py's GGUFWriter: the
keys imatrix.datasets, imatrix.chunk_count, imatrix.chunk_size; per
entry NAME the F32 tensors NAME.in_sum2, ne0 x experts, and NAME.counts,
1 x experts) and imatrix/tiny.dat (the legacy layout: int32 entries,
then per entry int32 name length, name, int32 ncall, int32 nval, nval
float32; then int32 chunk count, int32 dataset name length, the name).
imatrix/expected.txt holds each entry's weights as llama-quantize's
load_imatrix computes them (numpy float32): "NAME N" then N float32 bit
patterns in hex, one a line.

The entries are those of the tiny llama model the test builds (one
layer, rows of 256; ffn_down rows of 512), and token_embd.weight with an
entry of the wrong size, which llama-quantize ignores. Counts of 2.5
(lround: 3) and an ncall of 2^24 + 1 (a float32 division by 2^24) check
the conversions. Also written: nan.gguf (a NaN sum), nocounts.gguf (an
in_sum2 without its counts), nometa.gguf (no imatrix.* keys).

Run from this directory: python3 gen_imatrix.py
"""
import struct
import numpy as np
from gguf import GGUFWriter

rng = np.random.default_rng(7)
ENTRIES = {
    # name: (ne0, experts, count per expert)
    "blk.0.attn_q.weight": (256, 1, 3.0),
    "blk.0.attn_k.weight": (256, 1, 0.0),  # count 0: every weight 1
    "blk.0.ffn_down.weight": (512, 1, 2.5),
    "token_embd.weight": (100, 1, 1.0),
}
NCALL = {"blk.0.attn_q.weight": 7, "blk.0.attn_k.weight": 0,
         "blk.0.ffn_down.weight": 2**24 + 1, "token_embd.weight": 1}
sums = {n: (rng.random(ne0 * ex, dtype=np.float32) * np.float32(40.0)).astype(np.float32)
        for n, (ne0, ex, _) in ENTRIES.items()}


def gguf(path, sums, counts, meta=True, skip_counts=()):
    w = GGUFWriter(path, arch="imatrix")
    if meta:
        w.add_array("imatrix.datasets", ["tiny.txt"])
        w.add_uint32("imatrix.chunk_count", 5)
        w.add_uint32("imatrix.chunk_size", 512)
    for n, (ne0, ex, _) in ENTRIES.items():
        w.add_tensor(n + ".in_sum2", sums[n].reshape(ex, ne0))
        if n not in skip_counts:
            w.add_tensor(n + ".counts", np.full((ex, 1), counts[n], dtype=np.float32))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


counts = {n: c for n, (_, _, c) in ENTRIES.items()}
gguf("imatrix/tiny.gguf", sums, counts)
nan = dict(sums)
nan["blk.0.attn_q.weight"] = sums["blk.0.attn_q.weight"].copy()
nan["blk.0.attn_q.weight"][17] = np.float32("nan")
gguf("imatrix/nan.gguf", nan, counts)
gguf("imatrix/nocounts.gguf", sums, counts, skip_counts=("blk.0.ffn_down.weight",))
gguf("imatrix/nometa.gguf", sums, counts, meta=False)

with open("imatrix/tiny.dat", "wb") as f:
    f.write(struct.pack("<i", len(ENTRIES)))
    for n in ENTRIES:
        b = n.encode()
        f.write(struct.pack("<i", len(b)) + b)
        f.write(struct.pack("<ii", NCALL[n], sums[n].size))
        f.write(sums[n].astype("<f4").tobytes())
    ds = b"tiny.txt"
    f.write(struct.pack("<i", 5) + struct.pack("<i", len(ds)) + ds)


def weights_gguf(n):
    ne0, ex, c = ENTRIES[n]
    c = np.float32(np.floor(c + 0.5))  # lround of a positive count
    if c > 0:
        return (sums[n] / c).astype(np.float32)
    return np.ones(ne0 * ex, dtype=np.float32)


def weights_dat(n):
    ncall = NCALL[n]
    if ncall > 0:
        return (sums[n] / np.float32(ncall)).astype(np.float32)  # float / int64: int64 to float
    return sums[n]


with open("imatrix/expected.txt", "w") as f:
    for fmt, fn in (("gguf", weights_gguf), ("dat", weights_dat)):
        for n in ENTRIES:
            w = fn(n)
            f.write(f"{fmt} {n} {w.size}\n")
            f.write("".join(f"{x:08x}\n" for x in w.view(np.uint32)))
