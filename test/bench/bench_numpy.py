#!/usr/bin/env python3
"""numpy's and ml_dtypes' side of `make bench`: CSV rows impl,case,n,seconds
for the same conversions as test/bench/bench.ml, each into an existing
array (np.copyto, as nx_array's cast_into), and the allocating calls of
test/bench/alloc.ml (astype and the like), best of several runs."""

import os
import sys
import time

import numpy as np

try:
    import ml_dtypes
except ImportError:
    ml_dtypes = None


def best(f):
    """The best time of one call, as test/bench/bench.ml's `time` takes it:
    calls batched so that a batch lasts at least 2 ms, batches run at least
    3 times and until 0.5 s are spent, the best batch's mean."""
    def batch(reps):
        t = time.perf_counter()
        for _ in range(reps):
            f()
        return time.perf_counter() - t
    reps = 1
    while batch(reps) < 0.002:
        reps *= 2
    b, total, runs = float('inf'), 0.0, 0
    while runs < 3 or (total < 0.5 and runs < 10000):
        s = batch(reps)
        b, total, runs = min(b, s / reps), total + s, runs + 1
    return b


def main(alloc_only=False):
    sizes = [int(float(s)) for s in sys.argv[1:]] or [10 ** k for k in range(3, 9)]
    print('impl,case,n,seconds')
    for n in sizes:
        i = np.arange(n, dtype=np.int64)
        f64 = ((i * 7919) % 10007) / 10007.0 * 4.0 - 2.0
        f32 = f64.astype(np.float32)
        i32 = (((i * 7919) % 131071) - 65535).astype(np.int32)
        del i

        if alloc_only:
            allocating(n, f64, f32)
            continue

        def case(impl, name, src, dtype):
            dst = np.empty(n, dtype=dtype)
            print('%s,%s,%d,%.9g' % (impl, name, n, best(lambda: np.copyto(dst, src, casting='unsafe'))), flush=True)
            return dst

        h = case('numpy', 'float32->float16', f32, np.float16)
        case('numpy', 'back:float16->float32', h, np.float32)
        case('numpy', 'float64->float16', f64, np.float16)
        case('numpy', 'int32->float16', i32, np.float16)
        if ml_dtypes is not None:
            for name in ['bfloat16', 'float8_e4m3fn', 'float8_e5m2', 'float4_e2m1fn', 'int4']:
                d = case('ml_dtypes', 'float32->' + name, f32, getattr(ml_dtypes, name))
                case('ml_dtypes', 'back:%s->float32' % name, d, np.float32)
            case('ml_dtypes', 'float64->bfloat16', f64, ml_dtypes.bfloat16)
        allocating(n, f64, f32)


def allocating(n, f64, f32):
    """The allocating calls a numpy user makes, under the case names of
    test/bench/alloc.ml: astype for every pair, copy, zeros, frombuffer
    (copied) and tobytes, array and tolist."""
    def row(impl, case, f):
        print('%s,alloc:%s,%d,%.9g' % (impl, case, n, best(f)), flush=True)

    if ml_dtypes is not None:
        for name in ['bfloat16', 'float16', 'float8_e4m3fn', 'float8_e5m2', 'float4_e2m1fn', 'int4']:
            dt = np.float16 if name == 'float16' else getattr(ml_dtypes, name)
            impl = 'numpy' if name == 'float16' else 'ml_dtypes'
            small = f32.astype(dt)
            row(impl, 'cast:float32->' + name, lambda: f32.astype(dt))
            row(impl, 'of_bigarray:float32->' + name, lambda: f32.astype(dt))
            row(impl, 'cast:%s->float32' % name, lambda: small.astype(np.float32))
            row(impl, 'to_bigarray:%s->float32' % name, lambda: small.astype(np.float32))
        row('ml_dtypes', 'cast:float64->bfloat16', lambda: f64.astype(ml_dtypes.bfloat16))
        row('ml_dtypes', 'of_bigarray:float64->bfloat16', lambda: f64.astype(ml_dtypes.bfloat16))
        row('numpy', 'cast:float64->float16', lambda: f64.astype(np.float16))
        bf = f32.astype(ml_dtypes.bfloat16)
        row('ml_dtypes', 'copy:bfloat16', lambda: bf.copy())
        s = bf.tobytes()
        row('ml_dtypes', 'of_string:bfloat16', lambda: np.frombuffer(s, dtype=ml_dtypes.bfloat16).copy())
        row('ml_dtypes', 'to_string:bfloat16', lambda: bf.tobytes())
    row('numpy', 'create:float32', lambda: np.zeros(n, dtype=np.float32))
    if n <= 10 ** 7:
        lst = f32.tolist()
        row('numpy', 'of_array:float32', lambda: np.array(lst, dtype=np.float32))
        row('numpy', 'to_array:float32', lambda: f32.tolist())


# The block types bench.ml's get_as rows dequantize.
GGUF_TYPES = ['Q4_0', 'Q4_1', 'Q5_0', 'Q5_1', 'Q8_0', 'Q2_K', 'Q3_K', 'Q4_K', 'Q5_K', 'Q6_K',
              'IQ2_XXS', 'IQ2_XS', 'IQ2_S', 'IQ3_XXS', 'IQ3_S', 'IQ1_S', 'IQ1_M', 'IQ4_NL',
              'IQ4_XS', 'TQ1_0', 'TQ2_0', 'MXFP4', 'NVFP4']


def blocks(sizes):
    """Block formats, rows apart from the others': gguf-py's
    quantizers, and numpy implementations of OCP MX (floor scale) and
    NVFP4 (torchao's float32 recipe) with ml_dtypes' casts, from the same
    values as test/bench/bench.ml's block rows."""
    try:
        from gguf import GGMLQuantizationType as T, GGML_QUANT_SIZES
        from gguf import quants
    except ImportError:
        quants = None
    for n in sizes:
        n = n // 64 * 64
        if n == 0:
            continue
        i = np.arange(n, dtype=np.int64)
        x = ((((i * 7919) % 10007) / 10007.0 - 0.5) * 4.0).astype(np.float32)
        rows = x.reshape(-1, 4096) if n % 4096 == 0 else x.reshape(-1, 64)
        del i
        if quants is not None:
            for name, t in [('ggml_q8_0', T.Q8_0), ('ggml_q4_0', T.Q4_0), ('ggml_mxfp4', T.MXFP4)]:
                print('gguf-py,block:quantize:float32->%s,%d,%.9g'
                      % (name, n, best(lambda: quants.quantize(rows, t))), flush=True)
            q = quants.quantize(rows, T.MXFP4)
            print('gguf-py,block:dequantize:ggml_mxfp4->float32,%d,%.9g'
                  % (n, best(lambda: quants.dequantize(q, T.MXFP4))), flush=True)
            # Random bytes of each type bench.ml's get_as rows time.
            for name in GGUF_TYPES:
                t = T[name]
                block, size = GGML_QUANT_SIZES[t]
                b = np.random.default_rng(int(t)).integers(0, 256, (n // block) * size, dtype=np.uint8)
                with np.errstate(all='ignore'):
                    s = best(lambda: quants.dequantize(b, t))
                print('gguf-py,block:get_as:%s->float32,%d,%.9g' % (name, n, s), flush=True)
        if ml_dtypes is not None:
            print('numpy,block:quantize:float32->mxfp4,%d,%.9g'
                  % (n, best(lambda: mx_numpy(x, ml_dtypes.float4_e2m1fn, 2, 6.0))), flush=True)
            print('numpy,block:quantize:float32->mxfp8_e4m3,%d,%.9g'
                  % (n, best(lambda: mx_numpy(x, ml_dtypes.float8_e4m3fn, 8, 448.0))), flush=True)
            print('numpy,block:quantize:float32->nvfp4,%d,%.9g'
                  % (n, best(lambda: nvfp4_numpy(x))), flush=True)
            print('numpy,block:quantize:float32->mxint8,%d,%.9g'
                  % (n, best(lambda: mxint8_numpy(x))), flush=True)
            el, sc = mx_numpy(x, ml_dtypes.float4_e2m1fn, 2, 6.0)
            print('numpy,block:dequantize:mxfp4->float32,%d,%.9g'
                  % (n, best(lambda: mx_dequantize_numpy(el, sc))), flush=True)


def mx_numpy(x, elem, emax, maxv):
    """OCP MX with the floor scale, in numpy: E8M0 bytes and packed (4-bit)
    or byte elements."""
    b = x.reshape(-1, 32)
    amax = np.abs(b).max(axis=1)
    _, e = np.frexp(amax)
    k = np.clip(np.where(amax > 0, e - 1 - emax, -127), -127, 127)
    y = np.clip(b * np.ldexp(np.float32(1), -k)[:, None].astype(np.float32), -maxv, maxv)
    codes = y.astype(elem).view(np.uint8).reshape(-1)
    if elem == ml_dtypes.float4_e2m1fn:
        codes = (codes[0::2] & 0xf) | (codes[1::2] << 4)
    return codes, (k + 127).astype(np.uint8)


def mxint8_numpy(x):
    """MXINT8 with the floor scale, in numpy: E8M0 bytes and the integers
    nearest x / 2^(k-6), clamped to +-127."""
    b = x.reshape(-1, 32)
    amax = np.abs(b).max(axis=1)
    _, e = np.frexp(amax)
    k = np.clip(np.where(amax > 0, e - 1, -127), -127, 127)
    y = b * np.ldexp(np.float32(1), 6 - k)[:, None].astype(np.float32)
    return np.clip(np.rint(y), -127, 127).astype(np.int8), (k + 127).astype(np.uint8)


def mx_dequantize_numpy(el, sc):
    lut = np.array([0, 0.5, 1, 1.5, 2, 3, 4, 6, -0.0, -0.5, -1, -1.5, -2, -3, -4, -6], dtype=np.float32)
    codes = np.empty(el.size * 2, dtype=np.uint8)
    codes[0::2], codes[1::2] = el & 0xf, el >> 4
    v = lut[codes].reshape(-1, 32)
    return v * np.ldexp(np.float32(1), sc.astype(np.int32) - 127)[:, None].astype(np.float32)


def nvfp4_numpy(x):
    """NVFP4 as torchao computes it, in float32 with ml_dtypes' casts."""
    st = np.float32(np.abs(x).max()) / np.float32(2688)
    b = x.reshape(-1, 16)
    bs = (np.abs(b).max(axis=1) / np.float32(6)) / st
    s8 = np.clip(bs, 2.0 ** -9, 448).astype(ml_dtypes.float8_e4m3fn)
    y = np.clip(b / (st * s8.astype(np.float32))[:, None], -6, 6)
    codes = y.astype(ml_dtypes.float4_e2m1fn).view(np.uint8).reshape(-1)
    return (codes[0::2] & 0xf) | (codes[1::2] << 4), s8, st


if __name__ == '__main__':
    # BENCH_ONLY=blocks or BENCH_ONLY=alloc runs those rows alone (make
    # bench-blocks, make bench-alloc).
    only = os.environ.get('BENCH_ONLY')
    if only != 'blocks':
        main(alloc_only=only == 'alloc')
    else:
        print('impl,case,n,seconds')
    if only != 'alloc':
        blocks([int(float(s)) for s in sys.argv[1:]] or [10 ** 6, 10 ** 7])
