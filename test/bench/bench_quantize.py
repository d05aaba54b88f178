#!/usr/bin/env python3
"""Quantizing a whole model file, beside llama.cpp (`make bench-quantize`):

  bench_quantize.py NX_DTYPE [FTYPE ...]

writes an F16 llama model of about 1.1 GB (gguf-py's GGUFWriter, seeded
normal values, llama's tensor names and metadata, 11 layers of 2048 × 5632)
into a temporary directory, then, for each file type (Q4_K_M, Q8_0 and
Q6_K unless given), times in turn `nx-dtype quantize --type FTYPE` and
llama.cpp's `llama_model_quantize` (the llama_cpp package, nthread 2, the
two cores of this machine; nx-dtype splits rows over two domains), best of
BENCH_ROUNDS (default 2) wall times each, page cache warm. It prints a
Markdown table: seconds, MB of input per second, llama.cpp's time over
nx-dtype's, and whether every tensor's bytes are the same in both outputs
(by name: llama-quantize writes the tensors sorted).

Needs numpy, gguf 0.19 and llama_cpp (pip install llama-cpp-python);
without llama_cpp it prints nx-dtype's rows alone.
"""
import ctypes
import hashlib
import os
import subprocess
import sys
import tempfile
import time

import numpy as np
from gguf import GGUFReader, GGUFWriter

N_LAYER = 11
N_EMBD = 2048
N_FF = 5632
N_KV = 256
N_VOCAB = 32000


def write_model(path):
    rng = np.random.default_rng(0x6e78)
    w = GGUFWriter(path, "llama")
    w.add_name("bench")
    w.add_context_length(2048)
    w.add_embedding_length(N_EMBD)
    w.add_block_count(N_LAYER)
    w.add_feed_forward_length(N_FF)
    w.add_head_count(32)
    w.add_head_count_kv(4)
    w.add_rope_dimension_count(64)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_vocab_size(N_VOCAB)
    w.add_file_type(1)

    def weight(rows, cols):
        return (rng.standard_normal((rows, cols), dtype=np.float32) * 0.02).astype(np.float16)

    def norm():
        return np.ones(N_EMBD, dtype=np.float32)

    w.add_tensor("token_embd.weight", weight(N_VOCAB, N_EMBD))
    for i in range(N_LAYER):
        p = f"blk.{i}."
        w.add_tensor(p + "attn_norm.weight", norm())
        w.add_tensor(p + "attn_q.weight", weight(N_EMBD, N_EMBD))
        w.add_tensor(p + "attn_k.weight", weight(N_KV, N_EMBD))
        w.add_tensor(p + "attn_v.weight", weight(N_KV, N_EMBD))
        w.add_tensor(p + "attn_output.weight", weight(N_EMBD, N_EMBD))
        w.add_tensor(p + "ffn_norm.weight", norm())
        w.add_tensor(p + "ffn_gate.weight", weight(N_FF, N_EMBD))
        w.add_tensor(p + "ffn_up.weight", weight(N_FF, N_EMBD))
        w.add_tensor(p + "ffn_down.weight", weight(N_EMBD, N_FF))
    w.add_tensor("output_norm.weight", norm())
    w.add_tensor("output.weight", weight(N_VOCAB, N_EMBD))
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


# llama.h's llama_ftype values.
FTYPES = {"Q4_0": 2, "Q8_0": 7, "Q4_K_S": 14, "Q4_K_M": 15, "Q5_K_M": 17, "Q6_K": 18,
          "Q3_K_M": 12, "Q2_K": 10, "IQ4_XS": 30}


def best(f, n):
    t = float("inf")
    for _ in range(n):
        t0 = time.perf_counter()
        f()
        t = min(t, time.perf_counter() - t0)
    return t


def digests(path):
    r = GGUFReader(path)
    return {t.name: (t.tensor_type.name, hashlib.md5(bytes(t.data.view(np.uint8).reshape(-1))).hexdigest())
            for t in r.tensors}


def main():
    exe = os.path.abspath(sys.argv[1])
    ftypes = sys.argv[2:] or ["Q4_K_M", "Q8_0", "Q6_K"]
    rounds = int(os.environ.get("BENCH_ROUNDS", "2"))
    try:
        import llama_cpp
    except ImportError:
        llama_cpp = None
        print("bench-quantize: no llama_cpp (pip install llama-cpp-python): nx-dtype's rows alone",
              file=sys.stderr)
    with tempfile.TemporaryDirectory(dir=os.environ.get("TMPDIR")) as d:
        src = os.path.join(d, "model-f16.gguf")
        write_model(src)
        size = os.path.getsize(src)
        print(f"Quantizing an F16 llama model of {size / 1e9:.2f} GB into llama-quantize's file types: "
              f"wall seconds, best of {rounds}, two cores for each (nx-dtype: two domains; llama.cpp: "
              "llama_model_quantize, nthread 2), MB of input per second, and llama.cpp's time over "
              "nx-dtype's (above 1: nx-dtype is faster).\n")
        print("| file type | nx s | nx MB/s | llama.cpp s | llama.cpp MB/s | ratio | same bytes |")
        print("|---|---:|---:|---:|---:|---:|---|")
        for ft in ftypes:
            ours = os.path.join(d, f"nx-{ft}.gguf")
            t_nx = best(lambda: subprocess.run([exe, "quantize", "--type", ft, src, ours], check=True,
                                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), rounds)
            row = f"| {ft} | {t_nx:.2f} | {size / t_nx / 1e6:.0f} |"
            if llama_cpp is not None:
                theirs = os.path.join(d, f"llama-{ft}.gguf")

                def quantize():
                    p = llama_cpp.llama_model_quantize_default_params()
                    p.ftype = FTYPES[ft]
                    p.nthread = 2
                    rc = llama_cpp.llama_model_quantize(src.encode(), theirs.encode(), ctypes.byref(p))
                    assert rc == 0, (ft, rc)

                t_ll = best(quantize, rounds)
                same = "yes" if digests(ours) == digests(theirs) else "NO"
                row += f" {t_ll:.2f} | {size / t_ll / 1e6:.0f} | {t_ll / t_nx:.2f} | {same} |"
                os.remove(theirs)
            else:
                row += " | | | |"
            os.remove(ours)
            print(row, flush=True)


if __name__ == "__main__":
    main()
