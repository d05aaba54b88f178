#!/usr/bin/env python3
"""numpy's and ml_dtypes' side of `make bench`: CSV rows impl,case,n,seconds
for the same conversions as test/bench/bench.ml, each into an existing
array (np.copyto, as nx_array's cast_into), best of several runs."""

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


if __name__ == '__main__':
    main()
