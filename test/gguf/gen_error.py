#!/usr/bin/env python3
"""Writes error_original.safetensors (float tensors), error_quantized.gguf
(them quantized by gguf-py 0.19's quants.quantize, written by its
GGUFWriter) and error_expected.txt: the error statistics numpy and
Python compute of the pairs (make error-files).

The errors are float64: x (the original, as float64) minus y (gguf-py's
quants.dequantize of the blocks, float32 as float64). The sums are
Python's float64 additions in the order of the elements, as
Nx_array.Quant_error adds them, so the test compares them exactly; they
are checked here against numpy's (pairwise) sums within 1e-12.

Lines, tab-separated, floats as Python's repr (exact):
  tensor NAME TYPE COUNT BPW SIGNAL NOISE RMSE MAX P95 SQNR_DB
  hist NAME C0 ... C149            the 150 bins of |x - y| (0.0002 wide,
                                   the last taking the rest), quantize-stats'
  total COUNT SIGNAL NOISE RMSE MAX P95 SQNR_DB
                                   over every pair: the sums of the
                                   tensors' sums in order, the percentile
                                   of all their errors
P95: the nearest rank, the k-th smallest for k = ceil(0.95 n) (numpy's
percentile method="inverted_cdf", checked).
"""
import math
import os

import numpy as np
from safetensors.numpy import save_file
from gguf import GGUFWriter, GGMLQuantizationType as Q
from gguf import quants

here = os.path.dirname(os.path.abspath(__file__))
rng = np.random.default_rng(23)

# name, original, its type in the GGUF file
tensors = [
    ("blk.0.attn_q.weight", (rng.standard_normal((8, 64)) * 0.02).astype(np.float32), Q.Q8_0),
    ("blk.0.attn_k.weight", (rng.standard_normal((16, 96)) * 0.02).astype(np.float32), Q.Q4_0),
    ("blk.0.ffn_up.weight", (rng.standard_normal((4, 32)) * 0.5).astype(np.float16), Q.Q4_0),
    # More errors than one level of the radix selection keeps (65,536),
    # larger than the histogram's range (0.03): its last bin.
    ("blk.0.ffn_down.weight", (rng.laplace(size=(300, 256)) * 0.3).astype(np.float32), Q.Q4_0),
    ("blk.0.ffn_gate.weight", (rng.standard_normal((2, 256)) * 0.05).astype(np.float32), Q.Q8_0),
    ("token_embd.weight", np.zeros((2, 32), dtype=np.float32), Q.Q8_0),
    ("output_norm.weight", (1 + rng.standard_normal(64) * 0.1).astype(np.float32), Q.F32),
]
# In the original only: not reported.
only_original = ("rope_freqs.weight", np.ones(16, dtype=np.float32))

BINS, RANGE = 150, 0.03
BPW = {Q.F32: 32.0, Q.Q8_0: 34 * 8 / 32, Q.Q4_0: 18 * 8 / 32}


def stats(x, y):
    x = x.astype(np.float64).ravel()
    y = y.astype(np.float64).ravel()
    e = x - y
    signal = 0.0
    noise = 0.0
    for a, d in zip(x.tolist(), e.tolist()):
        signal += a * a
        noise += d * d
    assert math.isclose(signal, float(np.sum(x * x)), rel_tol=1e-12, abs_tol=0)
    assert math.isclose(noise, float(np.sum(e * e)), rel_tol=1e-12, abs_tol=1e-300)
    hist = [0] * BINS
    for d in np.abs(e).tolist():
        hist[min(math.floor(d / RANGE * BINS), BINS - 1)] += 1
    return x.size, signal, noise, np.abs(e), hist


def p95(a):
    n = a.size
    k = max(1, (95 * n + 99) // 100)
    v = float(np.sort(a)[k - 1])
    assert v == float(np.percentile(a, 95, method="inverted_cdf"))
    return v


def sqnr(signal, noise):
    if noise == 0:
        return math.inf
    if signal == 0:
        return -math.inf
    return 10 * math.log10(signal / noise)


def line(*fields):
    return "\t".join(repr(f) if isinstance(f, float) else str(f) for f in fields)


def main():
    save_file(dict([(n, x) for n, x, _ in tensors] + [only_original]),
              os.path.join(here, "error_original.safetensors"))
    w = GGUFWriter(os.path.join(here, "error_quantized.gguf"), arch="test")
    out = []
    all_errors = []
    tot = [0, 0.0, 0.0, 0.0]
    for name, x, t in tensors:
        if t == Q.F32:
            q = x.astype(np.float32)
            y = q
            w.add_tensor(name, q)
        else:
            q = quants.quantize(x.astype(np.float32), t)
            y = quants.dequantize(q, t)
            w.add_tensor(name, q, raw_dtype=t)
        n, signal, noise, err, hist = stats(x, y)
        mx = float(err.max())
        out.append(line("tensor", name, t.name, n, BPW[t], signal, noise,
                        math.sqrt(noise / n), mx, p95(err), sqnr(signal, noise)))
        out.append(line("hist", name, *hist))
        all_errors.append(err)
        tot = [tot[0] + n, tot[1] + signal, tot[2] + noise, max(tot[3], mx)]
    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    n, signal, noise, mx = tot
    out.append(line("total", n, signal, noise, math.sqrt(noise / n), mx,
                    p95(np.concatenate(all_errors)), sqnr(signal, noise)))
    with open(os.path.join(here, "error_expected.txt"), "w") as f:
        f.write("\n".join(out) + "\n")


main()
