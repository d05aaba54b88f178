#!/usr/bin/env python3
"""Writes test/gguf/quantize/order_model.txt: what llama.cpp's
llama_model_quantize (the llama_cpp package's libllama, one thread) makes
of a llama model of 12 layers whose tensors are stored in the order of
their names' bytes (blk.0, blk.1, blk.10, blk.11, blk.2 ...), as
converters that follow a checkpoint's sorted names write them.
llama-quantize takes and counts tensors by layer (Quant_mix.compare_names),
so the types its rules give by position, and the file it writes, depend
on that order.

  python3 test/gguf/quantize/gen_order_model.py

The model is gen_model.py's, with 12 layers and its tensors sorted by
name; test/cli/quantize_order.ml writes the same one. Lines, tab-separated:

  file FTYPE MD5              the MD5 of the whole output of file type FTYPE
  tensor FTYPE NAME TYPE      each tensor's type, in the output's order
"""
import ctypes
import hashlib
import os
import tempfile

import gen_model
from gguf import GGUFReader

HERE = os.path.dirname(os.path.abspath(__file__))
FTYPES = ["Q4_K_M", "Q3_K_M", "Q4_K_S"]


def main():
    import llama_cpp
    gen_model.N_LAYER = 12
    base = gen_model.tensors
    gen_model.tensors = lambda: sorted(base(), key=lambda t: t[0].encode())
    lines = []
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "order-f16.gguf")
        gen_model.write_model(src)
        for ft in FTYPES:
            out = os.path.join(d, f"order-{ft}.gguf")
            p = llama_cpp.llama_model_quantize_default_params()
            p.ftype = gen_model.FTYPES[ft]
            p.nthread = 1
            rc = llama_cpp.llama_model_quantize(src.encode(), out.encode(), ctypes.byref(p))
            assert rc == 0, (ft, rc)
            with open(out, "rb") as f:
                lines.append(f"file\t{ft}\t{hashlib.md5(f.read()).hexdigest()}")
            for t in GGUFReader(out).tensors:
                lines.append(f"tensor\t{ft}\t{t.name}\t{t.tensor_type.name}")
    with open(os.path.join(HERE, "order_model.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
