#!/usr/bin/env python3
"""Writes test/gguf/quantize/moe/: a small mixture-of-experts model's
importance matrices, as llama-imatrix writes them, and what ggml's
ggml_quantize_chunk makes of each tensor with them, for
test/cli/quantize_moe.ml.

  GGML_LIB=/path/libggml-base.so python3 test/gguf/quantize/gen_moe.py

The model (quantize_moe.ml writes the same one with Gguf.write_file): one
llama layer of 8 experts (llama-quantize's mixes have rules for 8), its
metadata METADATA; its tensors are TENSORS below, numpy's shapes (an
expert tensor is experts x rows x cols: ggml's ne = [cols, rows,
experts]). Value j of tensor t (in TENSORS' order, from 0) is gen_model.py's:
the float32 (k - 32768) / 65536 with k = ((t * 2654435761) ^ (j *
2246822519)) mod 2^32 >> 16, rounded once into the tensor's dtype.

The importance matrices (llama-imatrix's two formats, see gen_imatrix.py):
moe/imatrix.gguf, an entry per matrix the layer multiplies by, an expert
tensor's with one row of sums and one count per expert (the counts
COUNTS: an expert the calibration never routed to has 0, and its weights
are 1); moe/imatrix.dat, the legacy layout of the same sums with one ncall
for all experts; moe/short.gguf, whose ffn_down_exps entry has one
expert's row only (llama-quantize refuses it).

llama-quantize (llama-quant.cpp) quantizes an expert tensor one expert at
a time: expert e's rows (f32 + e * rows * cols) with the importance
matrix's row e (imatrix + e * cols), which this script does through
ggml_quantize_chunk of libggml-base (ggml d99724f, Release,
-DGGML_NATIVE=OFF), each expert a call. moe/expected.txt, tab-separated:

  tensor FORMAT NAME TYPE MD5    the MD5 of the bytes of tensor NAME in
                                 ggml type TYPE, quantized with the weights
                                 of FORMAT (gguf, dat, or plain: none)

With the llama_cpp package (llama-cpp-python 0.3.36, built with
CMAKE_ARGS="-DGGML_NATIVE=OFF"), moe/llama.txt, in a process of its own: what llama_model_quantize (one thread,
no importance matrix: its parameters take one as a C++ map) makes of the
model for each file type of FTYPES, tab-separated:

  llama FTYPE NAME TYPE MD5      the type llama-quantize gave tensor NAME
                                 and the MD5 of its bytes
"""
import ctypes
import hashlib
import importlib.util
import os
import struct
import subprocess
import sys

import ml_dtypes
import numpy as np
from gguf import GGMLQuantizationType, GGUFWriter

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "moe")
N_EMBD, N_FF, N_EXPERT, N_KV, N_VOCAB = 256, 512, 8, 64, 32
# per expert, for the expert tensors: 0 (never routed to: weights of 1),
# and 2.5, which the loader rounds (lround) to 3
COUNTS = [3.0, 0.0, 7.0, 2.5, 1.0, 5.0, 4.0, 6.0]
NCALL = 5  # the legacy format's one ncall

# name, numpy shape, dtype
TENSORS = [
    ("token_embd.weight", (N_VOCAB, N_EMBD), "F32"),
    ("blk.0.attn_norm.weight", (N_EMBD,), "F32"),
    ("blk.0.attn_q.weight", (N_EMBD, N_EMBD), "F16"),
    ("blk.0.attn_k.weight", (N_KV, N_EMBD), "F16"),
    ("blk.0.attn_v.weight", (N_KV, N_EMBD), "F16"),
    ("blk.0.attn_output.weight", (N_EMBD, N_EMBD), "F16"),
    ("blk.0.ffn_norm.weight", (N_EMBD,), "F32"),
    ("blk.0.ffn_gate_inp.weight", (N_EXPERT, N_EMBD), "F32"),
    ("blk.0.ffn_gate_exps.weight", (N_EXPERT, N_FF, N_EMBD), "F16"),
    ("blk.0.ffn_up_exps.weight", (N_EXPERT, N_FF, N_EMBD), "BF16"),
    ("blk.0.ffn_down_exps.weight", (N_EXPERT, N_EMBD, N_FF), "F16"),
    ("output_norm.weight", (N_EMBD,), "F32"),
    ("output.weight", (N_VOCAB, N_EMBD), "F16"),
]

# The types llama-quantize's mixes give these tensors, and ids and block
# layouts from ggml.h.
TYPES = [("Q4_0", 2, 32, 18), ("Q8_0", 8, 32, 34), ("Q2_K", 10, 256, 84),
         ("Q3_K", 11, 256, 110), ("Q4_K", 12, 256, 144), ("Q5_K", 13, 256, 176),
         ("Q6_K", 14, 256, 210), ("IQ4_XS", 23, 256, 136)]


def values(t, n):
    j = np.arange(n, dtype=np.uint64)
    k = ((np.uint64(t) * np.uint64(2654435761)) ^ (j * np.uint64(2246822519))) & np.uint64(0xFFFFFFFF)
    k = (k >> np.uint64(16)).astype(np.int64)
    return ((k - 32768) / 65536).astype(np.float32)


def model_values(t, shape, dt):
    """The float32 values llama-quantize quantizes: the stored ones, widened."""
    v = values(t, int(np.prod(shape))).reshape(shape)
    if dt == "F16":
        return v.astype(np.float16).astype(np.float32)
    if dt == "BF16":
        return v.astype(ml_dtypes.bfloat16).astype(np.float32)
    return v


def experts_of(shape):
    return shape[0] if len(shape) == 3 else 1


# The entries of the importance matrices: the matrices the layer
# multiplies by (not the router, ffn_gate_inp, which is not quantized;
# token_embd is looked up, not multiplied).
ENTRIES = [n for n, s, _ in TENSORS if len(s) >= 2 and n not in ("token_embd.weight", "blk.0.ffn_gate_inp.weight")]
rng = np.random.default_rng(11)
SHAPES = {n: s for n, s, _ in TENSORS}
SUMS = {n: (rng.random(experts_of(SHAPES[n]) * SHAPES[n][-1], dtype=np.float32) * np.float32(30.0)).astype(np.float32)
        for n in ENTRIES}


def counts_of(n):
    return COUNTS if experts_of(SHAPES[n]) > 1 else [4.0]


def write_gguf(path, short=()):
    w = GGUFWriter(path, arch="imatrix")
    w.add_array("imatrix.datasets", ["moe.txt"])
    w.add_uint32("imatrix.chunk_count", 3)
    w.add_uint32("imatrix.chunk_size", 512)
    for n in ENTRIES:
        ex, ne0 = experts_of(SHAPES[n]), SHAPES[n][-1]
        s, c = SUMS[n].reshape(ex, ne0), np.array(counts_of(n), dtype=np.float32).reshape(ex, 1)
        if n in short:
            s, c = s[:1], c[:1]
        w.add_tensor(n + ".in_sum2", s)
        w.add_tensor(n + ".counts", c)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def write_dat(path):
    with open(path, "wb") as f:
        f.write(struct.pack("<i", len(ENTRIES)))
        for n in ENTRIES:
            b = n.encode()
            f.write(struct.pack("<i", len(b)) + b)
            f.write(struct.pack("<ii", NCALL, SUMS[n].size))
            f.write(SUMS[n].astype("<f4").tobytes())
        ds = b"moe.txt"
        f.write(struct.pack("<i", 3) + struct.pack("<i", len(ds)) + ds)


def weights(fmt, n):
    """llama-quantize's weights of entry n (load_imatrix), expert-major."""
    ex, ne0 = experts_of(SHAPES[n]), SHAPES[n][-1]
    s = SUMS[n].reshape(ex, ne0)
    if fmt == "dat":
        return (s / np.float32(NCALL)).astype(np.float32)
    out = np.ones((ex, ne0), dtype=np.float32)
    for e, c in enumerate(counts_of(n)):
        c = np.float32(np.floor(c + 0.5))  # lround of a count not below 0
        if c > 0:
            out[e] = (s[e] / np.float32(c)).astype(np.float32)
    return out


# llama.h's llama_ftype values.
FTYPES = {"Q4_0": 2, "Q8_0": 7, "Q2_K": 10, "Q3_K_M": 12, "Q4_K_S": 14, "Q4_K_M": 15,
          "Q5_K_M": 17, "Q6_K": 18, "IQ4_XS": 30}

METADATA = [("general.name", "moe"), ("llama.context_length", 128), ("llama.embedding_length", N_EMBD),
            ("llama.block_count", 1), ("llama.feed_forward_length", N_FF), ("llama.attention.head_count", 4),
            ("llama.attention.head_count_kv", 1), ("llama.rope.dimension_count", 64),
            ("llama.attention.layer_norm_rms_epsilon", 1e-5), ("llama.expert_count", N_EXPERT),
            ("llama.expert_used_count", 2), ("llama.vocab_size", N_VOCAB), ("general.file_type", 1)]


def write_model(path):
    w = GGUFWriter(path, "llama")
    for k, v in METADATA:
        if isinstance(v, str):
            w.add_string(k, v)
        elif isinstance(v, float):
            w.add_float32(k, v)
        else:
            w.add_uint32(k, v)
    for t, (name, shape, dt) in enumerate(TENSORS):
        v = values(t, int(np.prod(shape))).reshape(shape)
        if dt == "F16":
            w.add_tensor(name, v.astype(np.float16))
        elif dt == "BF16":
            b = v.astype(ml_dtypes.bfloat16).view(np.uint8)  # gguf-py takes a raw shape in bytes
            w.add_tensor(name, b, raw_shape=b.shape, raw_dtype=GGMLQuantizationType.BF16)
        else:
            w.add_tensor(name, v)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def llama_quantize():
    import tempfile
    import llama_cpp  # before ggml's libggml-base.so.0 is loaded
    from gguf import GGUFReader
    lines = []
    with tempfile.TemporaryDirectory() as d:
        src = os.path.join(d, "moe-f16.gguf")
        write_model(src)
        for ft, code in FTYPES.items():
            out = os.path.join(d, f"moe-{ft}.gguf")
            p = llama_cpp.llama_model_quantize_default_params()
            p.ftype = code
            p.nthread = 1
            rc = llama_cpp.llama_model_quantize(src.encode(), out.encode(), ctypes.byref(p))
            assert rc == 0, (ft, rc)
            for t in GGUFReader(out).tensors:
                md5 = hashlib.md5(bytes(t.data.view(np.uint8).reshape(-1))).hexdigest()
                lines.append(f"llama\t{ft}\t{t.name}\t{t.tensor_type.name}\t{md5}")
    with open(os.path.join(OUT, "llama.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    if sys.argv[1:] == ["--llama"]:
        llama_quantize()
        return
    os.makedirs(OUT, exist_ok=True)
    write_gguf(os.path.join(OUT, "imatrix.gguf"))
    write_gguf(os.path.join(OUT, "short.gguf"), short=("blk.0.ffn_down_exps.weight",))
    write_dat(os.path.join(OUT, "imatrix.dat"))
    path = os.environ.get("GGML_LIB", "/work/ref/ggml/build/src/libggml-base.so")
    ggml = ctypes.CDLL(path)
    ggml.ggml_quantize_chunk.restype = ctypes.c_size_t
    ggml.ggml_quantize_chunk.argtypes = [
        ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
        ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p]
    lines = []
    for t, (name, shape, dt) in enumerate(TENSORS):
        if len(shape) < 2 or name == "blk.0.ffn_gate_inp.weight":
            continue
        x = model_values(t, shape, dt)
        ex, ne0 = experts_of(shape), shape[-1]
        rows = x.size // ex // ne0
        x = np.ascontiguousarray(x.reshape(ex, rows, ne0))
        for fmt in ("plain", "gguf", "dat"):
            if fmt != "plain" and name not in ENTRIES:
                continue
            w = None if fmt == "plain" else np.ascontiguousarray(weights(fmt, name))
            for tname, tid, block, nbytes in TYPES:
                if ne0 % block:
                    continue
                per_expert = rows * (ne0 // block) * nbytes
                out = (ctypes.c_uint8 * (ex * per_expert))()
                for e in range(ex):
                    n = ggml.ggml_quantize_chunk(
                        tid, x[e].ctypes.data, ctypes.addressof(out) + e * per_expert, 0, rows, ne0,
                        None if w is None else w[e].ctypes.data)
                    assert n == per_expert, (name, tname, n)
                md5 = hashlib.md5(bytes(out)).hexdigest()
                lines.append(f"tensor\t{fmt}\t{name}\t{tname}\t{md5}")
    with open(os.path.join(OUT, "expected.txt"), "w") as f:
        f.write("\n".join(lines) + "\n")
    if importlib.util.find_spec("llama_cpp") is None:
        print("no llama_cpp package: moe/llama.txt not written")
        return
    # In a process of its own: libllama's libggml-base.so.0 is another
    # ggml than the one loaded here, under the same name.
    subprocess.run([sys.executable, os.path.abspath(__file__), "--llama"], check=True)


if __name__ == "__main__":
    main()
