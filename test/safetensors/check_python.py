#!/usr/bin/env python3
"""When python3 has the safetensors package (and numpy): the file
test_safetensors.exe wrote, read back by the reference to the bytes it
lists; the fuzzer's mutants judged by the reference as by us, but for the
differences the interface documents (duplicate names, which the reference
lets the last win; numbers above OCaml's max_int)."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
from check import check, finish  # noqa: E402

try:
    import numpy as np
    from safetensors import deserialize, safe_open
except ImportError:
    print("safetensors_python: skipped: no python3 with safetensors and numpy")
    sys.exit(0)

# The file this library wrote.
raw = open("ocaml_written.safetensors", "rb").read()
got = dict(deserialize(raw))
want, meta = {}, {}
for line in open("ocaml_written.txt"):
    w = line.split()
    if w[0] == "metadata":
        meta[bytes.fromhex(w[1]).decode()] = bytes.fromhex(w[2]).decode()
    else:
        shape = [] if w[3] == "-" else [int(x) for x in w[3].split(",")]
        data = b"" if w[4] == "-" else bytes.fromhex(w[4])
        want[bytes.fromhex(w[1]).decode()] = (w[2], shape, data)
check(set(got) == set(want), f"names {sorted(got)} != {sorted(want)}")
for name, (dtype, shape, data) in want.items():
    t = got.get(name)
    check(t is not None and t["dtype"] == dtype and list(t["shape"]) == shape
          and bytes(t["data"]) == data, f"{name!r}: {t and (t['dtype'], t['shape'])} != {dtype, shape}")
NUMPY = {"F16", "F32", "F64", "I8", "I16", "I32", "I64", "U8", "U16", "U32", "U64", "BOOL", "C64"}
with safe_open("ocaml_written.safetensors", framework="numpy") as f:
    check(f.metadata() == meta, f"metadata {f.metadata()} != {meta}")
    for name, (dtype, shape, data) in want.items():
        if dtype in NUMPY:
            a = f.get_tensor(name)
            check(list(a.shape) == shape and a.tobytes() == data, f"{name!r}: numpy {a.dtype} {a.shape}")

# The fuzzer's mutants: the same verdict, but for the documented
# differences.
DIFFERENCES = ("appears twice", "larger than max_int", "overflows an int")
for line in open("mutants.txt"):
    data, verdict = line.rstrip("\n").split(" ", 1)
    data = b"" if data == "-" else bytes.fromhex(data)
    try:
        deserialize(data)
        ref = None
    except Exception as e:
        ref = str(e)
    ours_ok = verdict == "accepted"
    if ref is None and not ours_ok:
        check(any(d in verdict for d in DIFFERENCES), f"{data.hex()}: the reference reads it, we say {verdict}")
    else:
        check(ours_ok == (ref is None), f"{data.hex()}: the reference says {ref}, we say {verdict}")

finish("safetensors_python")
