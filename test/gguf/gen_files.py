#!/usr/bin/env python3
"""Writes test/gguf's files with gguf-py 0.19's GGUFWriter, and
expected.txt: what its GGUFReader reads of each (make gguf-files).

Each line of expected.txt is tab-separated:
  file NAME VERSION ALIGNMENT DATA_OFFSET
  kv NAME KEY TYPE VALUE           (VALUE: repr of the value, arrays as
                                    [TYPE:v,v,...], floats as hex)
  tensor NAME TENSOR GGML_TYPE DIMS OFFSET NBYTES MD5
      (DIMS in numpy's order, x-separated; OFFSET from the data section)
  values NAME TENSOR MD5           the MD5 of gguf-py's quants.dequantize
                                    of a block tensor, as float32 bytes
  split NAME SHARD...              the shards gguf-py's split mode wrote
                                    of NAME: a model of NAME's tensors
                                    (SOURCE's, with their metadata or
                                    meta.gguf's) and their limits
    (split NAME SOURCE MAX_TENSORS MAX_BYTES SMALL_FIRST META SHARD...)
Nested arrays are dumped as GGUFReader's contents() gives them,
flattened.
"""
import hashlib
import os
import sys

import numpy as np
import gguf
from gguf import GGUFReader, GGUFValueType as T, GGUFWriter, GGMLQuantizationType as Q
from gguf import quants

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(7)


def write(name, build, alignment=None):
    path = os.path.join(here, name)
    w = GGUFWriter(path, arch="test")
    if alignment is not None:
        w.data_alignment = alignment
        w.add_uint32("general.alignment", alignment)
    build(w)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    return path


def kvs(w):
    w.add_key_value("t.u8", 200, T.UINT8)
    w.add_key_value("t.i8", -100, T.INT8)
    w.add_key_value("t.u16", 60000, T.UINT16)
    w.add_key_value("t.i16", -30000, T.INT16)
    w.add_key_value("t.u32", 4000000000, T.UINT32)
    w.add_key_value("t.i32", -2000000000, T.INT32)
    w.add_key_value("t.u64", 2**64 - 5, T.UINT64)
    w.add_key_value("t.i64", -(2**62), T.INT64)
    w.add_key_value("t.f32", 0.1, T.FLOAT32)
    w.add_key_value("t.f64", 0.1, T.FLOAT64)
    w.add_key_value("t.bool", True, T.BOOL)
    w.add_key_value("t.string", "héllo, GGUF", T.STRING)
    w.add_key_value("t.empty", "", T.STRING)
    w.add_array("t.ints", [1, -2, 3])
    w.add_array("t.floats", [0.5, -1.25])
    w.add_array("t.strings", ["a", "", "ünï", "tokens"])
    w.add_array("t.nested", [[1, 2], [3]])
    w.add_array("t.nested_strings", [["x", "y"], ["z"]])
    w.add_array("t.bools", [True, False, True])
    w.add_array("t.empty_array", [])


def plain(w):
    w.add_tensor("f32", rng.standard_normal((3, 5)).astype(np.float32))
    w.add_tensor("f16", rng.standard_normal((2, 8)).astype(np.float16))
    w.add_tensor("f64", rng.standard_normal((7,)).astype(np.float64))
    w.add_tensor("i8", rng.integers(-100, 100, (4, 2), dtype=np.int8))
    w.add_tensor("i16", rng.integers(-1000, 1000, (3,), dtype=np.int16))
    w.add_tensor("i32", rng.integers(-10**9, 10**9, (2, 2, 2), dtype=np.int32))
    w.add_tensor("i64", rng.integers(-10**15, 10**15, (5,), dtype=np.int64))
    w.add_tensor("scalar", np.array([3.5], dtype=np.float32))
    x = rng.standard_normal((2, 64)).astype(np.float32)
    bf = quants.quantize(x, Q.BF16)
    w.add_tensor("bf16", bf, raw_dtype=Q.BF16)


def blocks(w):
    x = (rng.standard_normal((4, 256)) * rng.choice([0.01, 1, 50], (4, 256))).astype(np.float32)
    for q in [Q.Q8_0, Q.Q4_0, Q.Q4_1, Q.Q5_0, Q.Q5_1, Q.MXFP4, Q.TQ1_0, Q.TQ2_0]:
        # Every type gguf-py quantizes: its bytes, as ggml's.
        b = quants.quantize(x, q)
        w.add_tensor("w." + q.name, b, raw_dtype=q)
    w.add_tensor("norm", rng.standard_normal((256,)).astype(np.float32))


def tensors_of(path):
    """The tensors of a file gguf-py wrote, to write again (their bytes
    as they are: written again without a split, the same file)."""
    return [(t.name, np.array(t.data), t.tensor_type) for t in GGUFReader(path).tensors]


def write_split(name, source, max_tensors=0, max_bytes=0, small_first=False, meta=False):
    """gguf-py's split mode: the tensors of [source], with meta.gguf's
    metadata if [meta]; the paths of the shards it wrote."""
    path = os.path.join(here, name)
    w = GGUFWriter(path, arch="test", split_max_tensors=max_tensors, split_max_size=max_bytes,
                   small_first_shard=small_first)
    if meta:
        kvs(w)
    for n, data, ty in tensors_of(os.path.join(here, source)):
        w.add_tensor(n, data, raw_dtype=ty)
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    shards = [str(p) for p in w.format_shard_names(w.path)]
    # Read back by gguf-py as one model: every tensor of the source, once.
    got = [t.name for p in shards for t in GGUFReader(p).tensors]
    want = [n for n, _, _ in tensors_of(os.path.join(here, source))]
    assert got == want, (name, got, want)
    return [os.path.basename(p) for p in shards]


def safetensors_pair():
    """st.safetensors (the safetensors package) and st.gguf (gguf-py):
    the same tensors, in the safetensors file's order of bytes, and
    metadata nx-dtype convert's --meta gives (test/cli/gguf.t)."""
    from safetensors.numpy import save_file
    import json
    import struct
    ts = {"w.f32": rng.standard_normal((3, 4)).astype(np.float32),
          "w.f16": rng.standard_normal((8,)).astype(np.float16),
          "ids": rng.integers(-10**9, 10**9, (2, 3), dtype=np.int64),
          "mask": rng.integers(-100, 100, (5,), dtype=np.int8),
          "x.f64": rng.standard_normal((2,)).astype(np.float64)}
    st = os.path.join(here, "st.safetensors")
    save_file(ts, st)
    with open(st, "rb") as f:
        n = struct.unpack("<Q", f.read(8))[0]
        header = json.loads(f.read(n))
    order = sorted((k for k in header if k != "__metadata__"), key=lambda k: header[k]["data_offsets"][0])
    w = GGUFWriter(os.path.join(here, "st.gguf"), arch="test")
    w.add_string("general.name", "tiny")
    w.add_uint32("t.n", 7)
    w.add_float32("t.x", 0.5)
    w.add_bool("t.b", True)
    w.add_int64("t.big", -(2**40))
    for k in order:
        w.add_tensor(k, ts[k])
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()


def values(v):
    if isinstance(v, float):
        return float(v).hex()
    return repr(v)


def dump(out, name, path):
    r = GGUFReader(path)
    out.append("\t".join(["file", name, str(r.fields["GGUF.version"].parts[0][0]), str(r.alignment),
                          str(r.data_offset)]))
    for key, f in r.fields.items():
        if key.startswith("GGUF."):
            continue
        t = f.types[0]
        if t == T.ARRAY:
            vs = f.contents()
            def show(x):
                if isinstance(x, list):
                    return "[" + ",".join(show(y) for y in x) + "]"
                if isinstance(x, float):
                    return float(x).hex()
                if isinstance(x, bool):
                    return "true" if x else "false"
                return repr(x) if isinstance(x, str) else str(x)
            v = show(vs)
        elif t == T.STRING:
            v = repr(f.contents())
        elif t in (T.FLOAT32, T.FLOAT64):
            v = float(f.contents()).hex()
        elif t == T.BOOL:
            v = "true" if f.contents() else "false"
        else:
            v = str(int(f.contents()))
        out.append("\t".join(["kv", name, key, t.name, v]))
    for t in r.tensors:
        dims = "x".join(str(int(d)) for d in reversed(t.shape.tolist()))
        data = bytes(t.data.tobytes())
        out.append("\t".join(["tensor", name, t.name, t.tensor_type.name, dims or "-",
                              str(int(t.data_offset - r.data_offset)), str(int(t.n_bytes)),
                              hashlib.md5(data).hexdigest()]))
        if t.tensor_type not in (Q.F32, Q.F16, Q.F64, Q.I8, Q.I16, Q.I32, Q.I64, Q.BF16):
            v = quants.dequantize(t.data, t.tensor_type).astype(np.float32)
            out.append("\t".join(["values", name, t.name, hashlib.md5(v.tobytes()).hexdigest()]))


def main():
    out = ["# generated by gen_files.py (gguf-py 0.19): do not edit"]
    files = [("meta.gguf", write("meta.gguf", kvs)),
             ("plain.gguf", write("plain.gguf", plain)),
             ("blocks.gguf", write("blocks.gguf", blocks)),
             ("aligned64.gguf", write("aligned64.gguf", lambda w: (kvs(w), plain(w)), alignment=64))]
    # Split models: by tensor count, by size, with a first shard of no
    # tensor (gguf-split's --no-tensor-first-split) and metadata.
    splits = [("tsplit.gguf", "plain.gguf", 4, 0, False, False),
              ("ssplit.gguf", "blocks.gguf", 0, 1500, False, False),
              ("fsplit.gguf", "plain.gguf", 5, 0, True, True)]
    for name, source, mt, mb, small, meta in splits:
        shards = write_split(name, source, mt, mb, small, meta)
        out.append("\t".join(["split", name, source, str(mt), str(mb), str(small).lower(),
                               str(meta).lower()] + shards))
        files += [(s, os.path.join(here, s)) for s in shards]
    safetensors_pair()
    files.append(("st.gguf", os.path.join(here, "st.gguf")))
    for name, path in files:
        dump(out, name, path)
    with open(os.path.join(here, "expected.txt"), "w") as f:
        f.write("\n".join(out) + "\n")


main()
