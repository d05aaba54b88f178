#!/usr/bin/env python3
"""Writes test/gguf/quantize/model.txt: what llama.cpp's llama-quantize
(llama_model_quantize of the llama_cpp package's libllama, one thread)
makes of a tiny llama model, for each file type below.

  python3 test/gguf/quantize/gen_model.py

The model (test/cli/quantize_llama.ml writes the same one with
Gguf.write_file): 8 layers, llama's tensor names, rows of 256 values
(ffn_down 512). Value j of tensor t (in the order below, from 0) is the
float32 (k - 32768) / 65536 with k = ((t * 2654435761) ^ (j * 2246822519))
mod 2^32 >> 16, then rounded once into the tensor's dtype (F16 or BF16
for weights, F32 for norms and token_embd). Its metadata is METADATA.

Each line is tab-separated:

  tensor FTYPE NAME TYPE MD5     the type and MD5 of the bytes of tensor
                                 NAME in the output of file type FTYPE
  key FTYPE NAME VALUE           each metadata key of that output, in
                                 order, with its value (arrays by length)
"""
import ctypes
import hashlib
import os
import tempfile

import ml_dtypes
import numpy as np
from gguf import GGUFReader, GGUFWriter, GGMLQuantizationType

HERE = os.path.dirname(os.path.abspath(__file__))
N_LAYER = 8
N_EMBD = 256
N_FF = 512
N_KV = 64
N_VOCAB = 32

# llama.h's llama_ftype values.
FTYPES = {"Q4_0": 2, "Q8_0": 7, "Q4_K_S": 14, "Q4_K_M": 15, "Q5_K_M": 17,
          "Q6_K": 18, "Q3_K_M": 12, "Q2_K": 10, "IQ4_XS": 30}


def tensors():
    """(name, rows, cols, dtype): the model's tensors in order."""
    out = [("token_embd.weight", N_VOCAB, N_EMBD, "F32")]
    for i in range(N_LAYER):
        p = f"blk.{i}."
        out += [(p + "attn_norm.weight", 1, N_EMBD, "F32"),
                (p + "attn_q.weight", N_EMBD, N_EMBD, "F16"),
                (p + "attn_k.weight", N_KV, N_EMBD, "F16"),
                (p + "attn_v.weight", N_KV, N_EMBD, "F16"),
                (p + "attn_output.weight", N_EMBD, N_EMBD, "F16"),
                (p + "ffn_norm.weight", 1, N_EMBD, "F32"),
                (p + "ffn_gate.weight", N_FF, N_EMBD, "F16"),
                (p + "ffn_up.weight", N_FF, N_EMBD, "BF16"),
                (p + "ffn_down.weight", N_EMBD, N_FF, "F16")]
    out += [("output_norm.weight", 1, N_EMBD, "F32"),
            ("output.weight", N_VOCAB, N_EMBD, "F16")]
    return out


def values(t, n):
    j = np.arange(n, dtype=np.uint64)
    k = ((np.uint64(t) * np.uint64(2654435761)) ^ (j * np.uint64(2246822519))) & np.uint64(0xFFFFFFFF)
    k = (k >> np.uint64(16)).astype(np.int64)
    return ((k - 32768) / 65536).astype(np.float32)


def write_model(path):
    w = GGUFWriter(path, "llama")
    w.add_name("tiny")
    w.add_context_length(128)
    w.add_embedding_length(N_EMBD)
    w.add_block_count(N_LAYER)
    w.add_feed_forward_length(N_FF)
    w.add_head_count(8)
    w.add_head_count_kv(2)
    w.add_rope_dimension_count(32)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_vocab_size(N_VOCAB)
    w.add_file_type(1)
    for t, (name, rows, cols, dt) in enumerate(tensors()):
        v = values(t, rows * cols)
        shape = (cols,) if rows == 1 else (rows, cols)
        v = v.reshape(shape)
        if dt == "F16":
            w.add_tensor(name, v.astype(np.float16))
        elif dt == "BF16":
            # gguf-py takes a raw tensor's shape in bytes
            b = v.astype(ml_dtypes.bfloat16).view(np.uint8)
            w.add_tensor(name, b, raw_shape=b.shape, raw_dtype=GGMLQuantizationType.BF16)
        else:
            w.add_tensor(name, v)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def describe(field):
    from gguf import GGUFValueType
    t = field.types[0]
    if t == GGUFValueType.ARRAY:
        return f"array[{len(field.data)}]"
    if t == GGUFValueType.STRING:
        return bytes(field.parts[field.data[0]]).decode()
    return str(field.parts[field.data[0]][0])


def main():
    import llama_cpp
    lines = []
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "tiny-f16.gguf")
        write_model(src)
        for ft, code in FTYPES.items():
            out = os.path.join(d, f"tiny-{ft}.gguf")
            p = llama_cpp.llama_model_quantize_default_params()
            p.ftype = code
            p.nthread = 1
            rc = llama_cpp.llama_model_quantize(src.encode(), out.encode(), ctypes.byref(p))
            assert rc == 0, (ft, rc)
            r = GGUFReader(out)
            for name, f in r.fields.items():
                if name.startswith("GGUF."):
                    continue
                lines.append(f"key\t{ft}\t{name}\t{describe(f)}")
            for t in r.tensors:
                md5 = hashlib.md5(bytes(t.data.view(np.uint8).reshape(-1))).hexdigest()
                lines.append(f"tensor\t{ft}\t{t.name}\t{t.tensor_type.name}\t{md5}")
    with open(os.path.join(HERE, "model.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
