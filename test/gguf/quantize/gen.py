#!/usr/bin/env python3
"""Writes the vectors of llama.cpp's quantizers: corpus.txt, the rows and
importance matrices, and expected/TYPE.txt, what ggml's
ggml_quantize_chunk makes of them, for each ggml type it quantizes.

  GGML_LIB=/path/libggml-base.so python3 test/gguf/quantize/gen.py [TYPE ...]

The reference is ggml's own libggml-base (ggml d99724f, built Release with
-DGGML_NATIVE=OFF: the portable C of ggml-quants.c, compiled without FMA
contraction), called through ctypes. Where gguf-py 0.19 quantizes a type
(Q4_0, Q4_1, Q5_0, Q5_1, Q8_0, TQ1_0, TQ2_0, MXFP4), its bytes are checked
here to be ggml's on every finite row.

corpus.txt, tab-separated, the same for every run:

  row NAME N HEX        a row of N float32 values (little-endian bits)
  imatrix N HEX         the importance matrix of rows of N values

expected/TYPE.txt, tab-separated:

  type NAME ID BLOCK BYTES
  row NAME plain|imatrix HEX       ggml's bytes for the corpus row NAME
  nonfinite NAME plain|imatrix HEX|crash    what ggml makes of a row with
                                   a NaN or an infinity (nx_array refuses
                                   such a row; this records ggml's answer)
  bulk I plain|imatrix FNV         the FNV-1a 64 of ggml's bytes for bulk
                                   row I (below)

For the types of a grid (IQ1, IQ2, IQ3), ggml asserts a grid point was
found (GGML_ASSERT(grid_index >= 0)) and aborts on some rows: each of
their rows is quantized in a child process, and HEX or FNV is "crash"
where ggml aborted.

The bulk rows are made again by the test: BULK rows of BULK_N values, from
one splitmix64 stream seeded with SEED, row after row. Each row takes one
word r for its exponent e = r % 17 - 8 and its kind k = row % 4; then each
value takes one word w, u = (w >> 40) - 2^23 (a signed 24-bit integer), and
is float32(v * 2^(e - 23)) with v (computed exactly, then rounded once):

  k = 0   u
  k = 1   floor(u * |u| / 2^23)           (a heavier tail)
  k = 2   u if w % 8 == 0 else 0          (sparse)
  k = 3   u, and then one word o picks the value o % BULK_N, which becomes
          64 * u of that value (an outlier)

The bulk importance matrix takes its words after the rows: column j is
(1 + (w >> 40) % 1000) / 16.
"""
import ctypes
import multiprocessing as mp
import os
import struct
import sys

import numpy as np

os.environ.setdefault("GGML_NO_BACKTRACE", "1")  # no gdb on an abort
HERE = os.path.dirname(os.path.abspath(__file__))
M64 = (1 << 64) - 1
SEED = 0x6E78
BULK = 96
BULK_N = 256

# name, ggml id, block size, bytes per block, needs an importance matrix
TYPES = [
    ("Q4_0", 2, 32, 18, False), ("Q4_1", 3, 32, 20, False),
    ("Q5_0", 6, 32, 22, False), ("Q5_1", 7, 32, 24, False),
    ("Q8_0", 8, 32, 34, False),
    ("Q2_K", 10, 256, 84, False), ("Q3_K", 11, 256, 110, False),
    ("Q4_K", 12, 256, 144, False), ("Q5_K", 13, 256, 176, False),
    ("Q6_K", 14, 256, 210, False),
    ("IQ2_XXS", 16, 256, 66, True), ("IQ2_XS", 17, 256, 74, True),
    ("IQ3_XXS", 18, 256, 98, False), ("IQ1_S", 19, 256, 50, True),
    ("IQ4_NL", 20, 32, 18, False), ("IQ3_S", 21, 256, 110, False),
    ("IQ2_S", 22, 256, 82, False), ("IQ4_XS", 23, 256, 136, False),
    ("IQ1_M", 29, 256, 56, False),
    ("TQ1_0", 34, 256, 54, False), ("TQ2_0", 35, 256, 66, False),
    ("MXFP4", 39, 32, 17, False), ("NVFP4", 40, 64, 36, False),
    ("Q1_0", 41, 128, 18, False), ("Q2_0", 42, 64, 18, False),
]
GGUF_PY = {"Q4_0", "Q4_1", "Q5_0", "Q5_1", "Q8_0", "TQ1_0", "TQ2_0", "MXFP4"}


def splitmix(state):
    state = (state + 0x9E3779B97F4A7C15) & M64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
    return state, z ^ (z >> 31)


def f32(v):
    return np.float32(v)


def bulk():
    """The bulk rows and their importance matrix, as the docstring says."""
    s = SEED
    rows = []
    for row in range(BULK):
        s, r = splitmix(s)
        e = r % 17 - 8
        k = row % 4
        us = []
        for _ in range(BULK_N):
            s, w = splitmix(s)
            u = (w >> 40) - (1 << 23)
            if k == 1:
                u = (u * abs(u)) // (1 << 23)
            elif k == 2 and w % 8 != 0:
                u = 0
            us.append(u)
        if k == 3:
            s, o = splitmix(s)
            us[o % BULK_N] *= 64
        rows.append(np.array([float(u) * 2.0 ** (e - 23) for u in us],
                             dtype=np.float64).astype(np.float32))
    im = []
    for _ in range(BULK_N):
        s, w = splitmix(s)
        im.append((1 + (w >> 40) % 1000) / 16)
    return rows, np.array(im, dtype=np.float32)


def corpus():
    """The named rows: (name, float32 array), finite ones first."""
    g = np.random.default_rng(20261203)
    out = []

    def add(name, a):
        out.append((name, np.asarray(a, dtype=np.float32)))

    for n in (256, 512):
        add(f"zeros-{n}", np.zeros(n))
        add(f"one-{n}", np.ones(n))
        add(f"minus-3.5-{n}", np.full(n, -3.5))
    add("outlier", np.where(np.arange(256) == 77, 100.0, 0.0))
    add("outlier-negative", np.where(np.arange(256) == 3, -100.0, 0.0))
    add("outlier-in-noise", np.where(np.arange(256) == 200, 50.0, g.normal(0, 0.01, 256)))
    add("outlier-per-block", np.where(np.arange(256) % 32 == 5, -7.0, g.normal(0, 0.1, 256)))
    add("ramp", np.linspace(-1, 1, 256))
    add("alternating", np.where(np.arange(256) % 2 == 0, 1.0, -1.0))
    # Scale boundaries: a block's maximum at -8, 7, 15, 127 times a power
    # of two, and values half way between the grid's steps.
    add("grid-steps", np.tile(np.arange(-8, 8), 16) * 0.25)
    add("grid-halves", np.tile(np.arange(-8, 8) + 0.5, 16) * 0.125)
    add("max-127", np.tile(np.concatenate([[127.0], np.arange(-31, 0, dtype=np.float64) * 4]), 8))
    add("powers-of-two", np.tile(2.0 ** np.arange(-16, 16), 8) * np.where(np.arange(256) % 3 == 0, -1, 1))
    add("tiny", g.normal(0, 1e-30, 256))
    add("subnormal", g.normal(0, 1e-40, 256))
    add("large", g.normal(0, 1e30, 256))
    add("float16-edge", np.tile([65504.0, -65504.0, 70000.0, 1.0], 64))
    add("near-max", np.tile([3.0e38, -1.0, 0.5, -3.0e38], 64))
    for i in range(6):
        add(f"normal-{i}", g.normal(0, 1, 256))
    add("normal-512", g.normal(0, 0.02, 512))
    add("laplace-768", g.laplace(0, 0.05, 768))
    for n in (32, 64, 96, 128, 160, 192, 320):
        add(f"normal-{n}", g.normal(0, 1, n))
    # Ties (equal values, equal distances to grid points) and squares
    # near float32's overflow, from a generator of their own.
    h = np.random.default_rng(20261204)
    add("integers", h.integers(-3, 4, 256))
    add("rounded", np.round(h.normal(0, 1, 512), 1))
    add("ternary-shifted", h.integers(-1, 2, 256) + np.where(h.random(256) < 0.05, 0.5, 0.0))
    add("zero-halves", np.where(np.arange(256) // 32 % 2 == 0, 0.0, h.normal(0, 1, 256)))
    add("near-overflow", h.normal(0, 3e18, 256))
    add("nan-one", np.where(np.arange(256) == 9, np.nan, g.normal(0, 1, 256)))
    add("inf-one", np.where(np.arange(256) == 100, np.inf, g.normal(0, 1, 256)))
    add("minus-inf-one", np.where(np.arange(256) == 0, -np.inf, g.normal(0, 1, 256)))
    add("nan-all", np.full(256, np.nan))
    return out


def imatrices():
    g = np.random.default_rng(7)
    out = {}
    for n in (32, 64, 96, 128, 160, 192, 256, 320, 512, 768):
        m = g.uniform(0.0, 3.0, n) ** 2
        m[g.integers(0, n, n // 16)] = 0.0
        out[n] = m.astype(np.float32)
    return out


def hexf(a):
    return a.astype("<f4").tobytes().hex()


def fnv(b):
    h = 0xCBF29CE484222325
    for x in b:
        h = ((h ^ x) * 0x100000001B3) & M64
    return f"{h:016x}"


def lib():
    path = os.environ.get("GGML_LIB")
    if not path:
        sys.exit("gen.py: set GGML_LIB to ggml's libggml-base.so")
    ggml = ctypes.CDLL(path)
    ggml.ggml_quantize_chunk.restype = ctypes.c_size_t
    ggml.ggml_quantize_chunk.argtypes = [
        ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64,
        ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p]
    return ggml


def quantize(ggml, ty, row, imatrix):
    name, tid, block, nbytes, _ = ty
    row = np.ascontiguousarray(row, dtype=np.float32)
    out = (ctypes.c_uint8 * (len(row) // block * nbytes))()
    im = None if imatrix is None else np.ascontiguousarray(imatrix, dtype=np.float32)
    ggml.ggml_quantize_chunk(tid, row.ctypes.data, out, 0, 1, len(row),
                             None if im is None else im.ctypes.data)
    return bytes(out)


def _child(conn, ty, row, imatrix):
    conn.send(quantize(lib(), ty, row, imatrix).hex())
    conn.close()


def guarded(ty, row, imatrix):
    """ggml's bytes for a row it might crash or hang on, in a child."""
    a, b = mp.Pipe(False)
    p = mp.Process(target=_child, args=(b, ty, row, imatrix))
    p.start()
    p.join(60)
    if p.is_alive():
        p.kill()
        return "crash"
    return a.recv() if p.exitcode == 0 and a.poll() else "crash"


def gguf_py_check(ty, row, got):
    from gguf import quants, GGMLQuantizationType
    q = quants.quantize(row.reshape(1, -1), GGMLQuantizationType[ty[0]])
    assert q.tobytes() == got, f"gguf-py and ggml differ: {ty[0]}"


def main():
    names = sys.argv[1:] or [t[0] for t in TYPES]
    rows = corpus()
    ims = imatrices()
    with open(os.path.join(HERE, "corpus.txt"), "w") as f:
        for name, a in rows:
            f.write(f"row\t{name}\t{len(a)}\t{hexf(a)}\n")
        for n, m in ims.items():
            f.write(f"imatrix\t{n}\t{hexf(m)}\n")
    ggml = lib()
    brows, bim = bulk()
    os.makedirs(os.path.join(HERE, "expected"), exist_ok=True)
    for ty in TYPES:
        if ty[0] not in names:
            continue
        name, tid, block, nbytes, needs = ty
        lines = [f"type\t{name}\t{tid}\t{block}\t{nbytes}"]
        modes = ["imatrix"] if needs else ["plain", "imatrix"]
        grid = name.startswith("IQ") and not name.startswith("IQ4")
        if grid:
            # The grid's tables, built once here (seconds for the larger
            # grids), are what each forked child inherits.
            ggml.ggml_quantize_init(tid)
        for rname, a in rows:
            if len(a) % block:
                continue
            for mode in modes:
                im = ims[len(a)] if mode == "imatrix" else None
                if np.isfinite(a).all() and grid:
                    lines.append(f"row\t{rname}\t{mode}\t{guarded(ty, a, im)}")
                elif np.isfinite(a).all():
                    got = quantize(ggml, ty, a, im)
                    if mode == "plain" and name in GGUF_PY:
                        gguf_py_check(ty, a, got)
                    lines.append(f"row\t{rname}\t{mode}\t{got.hex()}")
                else:
                    lines.append(f"nonfinite\t{rname}\t{mode}\t{guarded(ty, a, im)}")
        for mode in modes:
            for i, a in enumerate(brows):
                if grid:
                    h = guarded(ty, a, bim if mode == "imatrix" else None)
                    lines.append(f"bulk\t{i}\t{mode}\t{h if h == 'crash' else fnv(bytes.fromhex(h))}")
                    continue
                got = quantize(ggml, ty, a, bim if mode == "imatrix" else None)
                if mode == "plain" and name in GGUF_PY:
                    gguf_py_check(ty, a, got)
                lines.append(f"bulk\t{i}\t{mode}\t{fnv(got)}")
        with open(os.path.join(HERE, "expected", f"{name}.txt"), "w") as f:
            f.write("\n".join(lines) + "\n")
        print(f"gen.py: {name}: {len(lines) - 1} vectors", file=sys.stderr)


if __name__ == "__main__":
    main()
