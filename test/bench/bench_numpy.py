#!/usr/bin/env python3
"""numpy's and ml_dtypes' side of `make bench`: CSV rows impl,case,n,seconds
for the same conversions as test/bench/bench.ml, each into an existing
array (np.copyto, as nx_array's cast_into), and the allocating calls of
test/bench/alloc.ml (astype and the like), best of several runs."""

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


def main():
    sizes = [int(float(s)) for s in sys.argv[1:]] or [10 ** k for k in range(3, 9)]
    print('impl,case,n,seconds')
    for n in sizes:
        i = np.arange(n, dtype=np.int64)
        f64 = ((i * 7919) % 10007) / 10007.0 * 4.0 - 2.0
        f32 = f64.astype(np.float32)
        i32 = (((i * 7919) % 131071) - 65535).astype(np.int32)
        del i

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


if __name__ == '__main__':
    main()
