#!/usr/bin/env python3
"""Python's side of the safetensors bench (bench_safetensors.ml runs it):
bench_safetensors.py SRC DST TENSOR NPZ prints CSV rows
`case,bytes,seconds,cpu_seconds`:
open (safe_open and the names), get-copy (one tensor, get_tensor), and
convert: load every tensor (safetensors.numpy.load_file), float32 ones
astype ml_dtypes.bfloat16, save (safetensors.numpy.save_file), as a
Python user does; npz: the same, saved by np.savez into NPZ; and
npz-deflated: the same for the tensors of the first layer, saved by
np.savez_compressed."""

import sys
import time

import ml_dtypes
import numpy as np
from safetensors import safe_open
from safetensors.numpy import load_file, save_file


def best(f, n):
    t, c = float("inf"), 0.0
    for _ in range(n):
        t0, c0 = time.perf_counter(), time.process_time()
        r = f()
        t1 = time.perf_counter() - t0
        if t1 < t:
            t, c = t1, time.process_time() - c0
    return t, c, r


def main():
    src, dst, name, npz = sys.argv[1:5]

    def opened():
        with safe_open(src, framework="np") as f:
            return list(f.keys())

    t, c, _ = best(opened, 20)
    print(f"open,0,{t:.9g},{c:.9g}")
    with safe_open(src, framework="np") as f:
        t, c, a = best(lambda: f.get_tensor(name), 20)
        print(f"get-copy,{a.nbytes},{t:.9g},{c:.9g}")
        metadata = f.metadata()

    t0, c0 = time.perf_counter(), time.process_time()
    tensors = load_file(src)
    out = {k: v.astype(ml_dtypes.bfloat16) if v.dtype == np.float32 else v
           for k, v in tensors.items()}
    save_file(out, dst, metadata=metadata)
    t, c = time.perf_counter() - t0, time.process_time() - c0
    print(f"convert,{sum(v.nbytes for v in out.values())},{t:.9g},{c:.9g}")
    del tensors, out

    def to_npz(save, keep):
        t0, c0 = time.perf_counter(), time.process_time()
        tensors = load_file(src)
        out = {k: v.astype(ml_dtypes.bfloat16) if v.dtype == np.float32 else v
               for k, v in tensors.items() if keep(k)}
        save(npz, **out)
        t, c = time.perf_counter() - t0, time.process_time() - c0
        return sum(v.nbytes for v in out.values()), t, c

    b, t, c = to_npz(np.savez, lambda k: True)
    print(f"npz,{b},{t:.9g},{c:.9g}")
    b, t, c = to_npz(np.savez_compressed, lambda k: k.startswith("model.layers.0."))
    print(f"npz-deflated,{b},{t:.9g},{c:.9g}")


if __name__ == "__main__":
    main()
