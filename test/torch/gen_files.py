#!/usr/bin/env python3
"""Writes test/torch's checkpoints with torch.save (torch 2.15), and
expected.txt: what torch.load gives of each (make torch-files).

Each line of expected.txt is tab-separated:
  file FILE FORMAT                      zip or legacy, as torch.save wrote it
  tensor FILE PATH DTYPE SHAPE STRIDE OFFSET STORAGE GRAD PARAM CONTIG HEX
      PATH: the keys and indices to it, joined by "."; SHAPE and STRIDE
      x-separated ("-" for none); STORAGE: the rank of its storage among
      the file's, in order of first use; HEX: its elements' bytes, row-major
  root FILE VALUE                       the object, in the form of canon()
  shared FILE GROUPS                    safetensors' _find_shared_tensors of
                                        the state dict: names ","-joined,
                                        groups ";"-joined
  dups FILE KEPT:REMOVED,...;...        _remove_duplicate_names, or "error"
  refused FILE                          torch.load(weights_only=True) refuses it
Files whose tensors need torch.load(weights_only=False) (pickle protocols
4 and 5, which the weights-only unpickler does not read) are loaded so;
the hostile ones are never loaded but by weights_only=True.
torch's writer records a random serialization id: each run writes new
bytes.
"""
import collections
import io
import os
import pickle
import struct
import sys
import zipfile

import torch

import expect

here = os.path.dirname(os.path.abspath(__file__))
torch.manual_seed(7)
out = []


def record(name, fmt, weights_only=True):
    expect.record(here, out, name, fmt, weights_only)


def save(name, obj, **kw):
    torch.save(obj, os.path.join(here, name), **kw)


def bits(dtype, n, width):
    """n seeded random values of [dtype] (all bit patterns alike)."""
    ints = {1: torch.uint8, 2: torch.int16, 4: torch.int32, 8: torch.int64}[width]
    raw = torch.randint(0, 256, (n * width,), dtype=torch.uint8)
    return raw.view(ints).view(dtype) if dtype != ints else raw.view(ints)


# Every dtype torch.save writes that has a dtype in nx_array.
dtypes = collections.OrderedDict()
for dt, w in [(torch.float64, 8), (torch.float32, 4), (torch.float16, 2), (torch.bfloat16, 2),
              (torch.int64, 8), (torch.int32, 4), (torch.int16, 2), (torch.int8, 1),
              (torch.uint8, 1), (torch.complex64, 8), (torch.complex128, 16),
              (torch.float8_e4m3fn, 1), (torch.float8_e5m2, 1), (torch.uint16, 2),
              (torch.uint32, 4), (torch.uint64, 8)]:
    raw = torch.randint(0, 256, (12 * w,), dtype=torch.uint8)
    dtypes[str(dt)[6:]] = raw.view(dt).reshape(3, 4)
dtypes["bool"] = torch.tensor([True, False, True, True, False])
save("zip_dtypes.pt", dtypes)
record("zip_dtypes.pt", "zip")

# Views of one storage, a parameter, a scalar, an empty and an expanded tensor.
base = torch.arange(24, dtype=torch.float32).reshape(4, 6)
views = collections.OrderedDict()
views["base"] = base
views["t"] = base.t()
views["row"] = base[1]
views["col"] = base[:, 2]
views["slice"] = base[1:3, 2:5]
views["tied"] = base
views["param"] = torch.nn.Parameter(torch.randn(3))
views["frozen"] = torch.nn.Parameter(torch.randn(2), requires_grad=False)
views["scalar"] = torch.tensor(2.5)
views["empty"] = torch.zeros(0, 3)
views["expanded"] = torch.tensor([1.0, 2.0]).expand(3, 2)
views["grad"] = torch.ones(2, requires_grad=True)
save("zip_views.pt", views)
record("zip_views.pt", "zip")
save("legacy_views.pt", views, _use_new_zipfile_serialization=False)
record("legacy_views.pt", "legacy")
legacy_dtypes = collections.OrderedDict(
    (k, v) for k, v in dtypes.items()
    if k not in ("float8_e4m3fn", "float8_e5m2", "uint16", "uint32", "uint64"))
save("legacy_dtypes.pt", legacy_dtypes, _use_new_zipfile_serialization=False)
record("legacy_dtypes.pt", "legacy")

# Tensors that share a storage, contiguously: what convert removes.
emb = torch.randn(4, 3)
shared = collections.OrderedDict()
shared["lm_head.weight"] = emb
shared["embed.weight"] = emb
shared["first_rows"] = emb[:2]
shared["other"] = torch.randn(5)
save("zip_shared.pt", shared)
record("zip_shared.pt", "zip")
# A tensor alone that does not cover its storage.
save("zip_partial.pt", {"half": torch.arange(8, dtype=torch.int32)[4:]})
record("zip_partial.pt", "zip")

# A training checkpoint: the state dict beside other values.
small = collections.OrderedDict([("w", torch.randn(2, 2)), ("b", torch.zeros(2))])
ckpt = {
    "state_dict": small, "epoch": 7, "lr": 1e-3, "betas": (0.9, 0.999), "names": ["a", "é"],
    "flag": True, "none": None, "blob": b"\x00\xffab", "big": 2**70, "neg": -2**40,
    "huge_neg": -2**100, "edge": 2**62, "nested": {1: [1, 2.5], "k": {}, True: "t"},
    "device": torch.device("cpu"), "cuda": torch.device("cuda", 1), "dtype": torch.float16,
    "layout": torch.strided, "size": torch.Size([2, 3]), "inf": float("-inf"),
}
ckpt["again"] = ckpt["names"]
save("checkpoint.pt", ckpt)
record("checkpoint.pt", "zip")
save("model_key.pt", {"model": small, "epoch": 1})
record("model_key.pt", "zip")
save("protocol4.pt", views, pickle_protocol=4)
record("protocol4.pt", "zip", weights_only=False)
save("protocol5.pt", small, pickle_protocol=5)
record("protocol5.pt", "zip", weights_only=False)

# Dtypes without one here: read, their arrays refused by name.
odd = collections.OrderedDict()
for dt in [torch.float8_e4m3fnuz, torch.float8_e5m2fnuz, torch.float8_e8m0fnu,
           torch.float4_e2m1fn_x2, torch.complex32]:
    raw = torch.randint(0, 256, (4 * dt.itemsize,), dtype=torch.uint8)
    odd[str(dt)[6:]] = raw.view(dt)
save("zip_odd.pt", odd)
record("zip_odd.pt", "zip")


def rezip(src, dst, edit=lambda name, data: data, deflate=()):
    """The archive [src] written again, each record through [edit]."""
    with zipfile.ZipFile(os.path.join(here, src)) as z:
        items = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    with zipfile.ZipFile(os.path.join(here, dst), "w") as z:
        for name, data in items:
            data = edit(name, data)
            method = zipfile.ZIP_DEFLATED if any(name.endswith(d) for d in deflate) else zipfile.ZIP_STORED
            info = zipfile.ZipInfo(name.replace(src[:-3] + "/", "archive/", 1), (1980, 1, 1, 0, 0, 0))
            z.writestr(info, data, compress_type=method)


# The same tensors written big-endian: the byteorder record and every
# element swapped, which torch.load swaps back.
def to_big(name, data):
    if name.endswith("byteorder"):
        return b"big"
    return data


big = collections.OrderedDict([("f32", torch.randn(3)), ("i16", torch.arange(4, dtype=torch.int16)),
                               ("c64", torch.randn(2, dtype=torch.complex64)),
                               ("u8", torch.arange(3, dtype=torch.uint8))])
save("little.pt", big)
widths = {"0": 4, "1": 2, "2": 4, "3": 1}


def swap(name, data):
    key = name.rsplit("/", 1)[-1]
    if "/data/" in name and widths.get(key, 1) > 1:
        w = widths[key]
        return b"".join(data[i:i + w][::-1] for i in range(0, len(data), w))
    return to_big(name, data)


rezip("little.pt", "big_endian.pt", swap)
os.remove(os.path.join(here, "little.pt"))
record("big_endian.pt", "zip")
rezip("zip_shared.pt", "deflated.pt", deflate=("data.pkl", "data/0"))
record("deflated.pt", "zip")

# Hostile files: written by torch.save, refused by torch.load(weights_only=True).
class System:
    def __reduce__(self):
        return (os.system, ("echo owned",))


class Eval:
    def __reduce__(self):
        return (eval, ("1+1",))


hostile = [
    ("evil_system.pt", {"w": torch.ones(2), "x": System()}, {}),
    ("evil_system_p4.pt", {"w": torch.ones(2), "x": System()}, {"pickle_protocol": 4}),
    ("evil_eval.pt", {"x": Eval()}, {}),
    ("evil_legacy.pt", {"x": System()}, {"_use_new_zipfile_serialization": False}),
]
for name, obj, kw in hostile:
    save(name, obj, **kw)
    try:
        torch.load(os.path.join(here, name), weights_only=True)
        sys.exit(name + ": torch.load(weights_only=True) read it")
    except pickle.UnpicklingError:
        out.append(["refused", name])
save("quantized.pt", {"q": torch.quantize_per_tensor(torch.randn(4), 0.1, 0, torch.qint8)})
out.append(["refused", "quantized.pt"])  # by this reader; torch reads it

with open(os.path.join(here, "expected.txt"), "w") as f:
    for row in out:
        f.write("\t".join(row) + "\n")
print("wrote %d lines" % len(out))
