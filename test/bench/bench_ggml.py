#!/usr/bin/env python3
"""llama.cpp's side of the ggml rows of `make bench`: CSV rows
impl,case,n,seconds for each type's to_float (ggml_get_type_traits) from
libggml-base, over the bytes test/bench/bench.ml's ggml rows dequantize
(ggml_bytes there), into an existing float32 array, best of several runs.

The library is $GGML_LIB, else the one the llama_cpp Python package
carries (pip install llama-cpp-python builds it); without either, no row."""

import ctypes
import importlib.util
import os
import sys

import numpy as np

from bench_numpy import best

# ggml.h's type ids, block sizes and bytes per block.
TYPES = {'Q8_0': (8, 32, 34), 'Q4_K': (12, 256, 144), 'Q5_K': (13, 256, 176),
         'Q6_K': (14, 256, 210), 'IQ4_XS': (23, 256, 136), 'MXFP4': (39, 32, 17),
         'NVFP4': (40, 64, 36)}

# bench.ml's ggml_scales: where each block's scales lie, and their bytes.
SCALES = {'Q8_0': [(0, b'\x00\x24')], 'IQ4_XS': [(0, b'\x00\x24')],
          'Q4_K': [(0, b'\x00\x24'), (2, b'\x00\x24')],
          'Q5_K': [(0, b'\x00\x24'), (2, b'\x00\x24')],
          'Q6_K': [(208, b'\x00\x24')], 'MXFP4': [(0, b'\x7f')],
          'NVFP4': [(0, b'\x38\x38\x38\x38')]}


class TypeTraits(ctypes.Structure):
    """ggml.h's struct ggml_type_traits."""
    _fields_ = [("type_name", ctypes.c_char_p), ("blck_size", ctypes.c_int64),
                ("blck_size_interleave", ctypes.c_int64), ("type_size", ctypes.c_size_t),
                ("is_quantized", ctypes.c_bool), ("to_float", ctypes.c_void_p),
                ("from_float_ref", ctypes.c_void_p)]


def library():
    lib = os.environ.get('GGML_LIB')
    if not lib:
        spec = importlib.util.find_spec('llama_cpp')
        if spec is None or spec.origin is None:
            return None
        lib = os.path.join(os.path.dirname(spec.origin), 'lib', 'libggml-base.so')
    return ctypes.CDLL(lib) if os.path.exists(lib) else None


def ggml_bytes(size, nb):
    j = np.arange(nb * size, dtype=np.int64)
    b = (((j * 1103515245 + 12345) >> 16) & 255).astype(np.uint8).reshape(nb, size)
    return b


def main():
    sizes = [int(float(s)) for s in sys.argv[1:]] or [10 ** k for k in range(6, 9)]
    print('impl,case,n,seconds')
    ggml = library()
    if ggml is None:
        print('bench_ggml: no libggml-base (GGML_LIB, or pip install llama-cpp-python): no row',
              file=sys.stderr)
        return
    ggml.ggml_get_type_traits.restype = ctypes.POINTER(TypeTraits)
    fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
    if os.environ.get('BENCH_ONLY') == 'quantize':
        quantize_rows(ggml, sizes)
        return
    for n in sizes:
        for name, (tid, block, size) in TYPES.items():
            nb = n // block
            if nb == 0:
                continue
            t = ggml.ggml_get_type_traits(tid).contents
            assert (t.blck_size, t.type_size) == (block, size), name
            to_float = fn(t.to_float)
            b = ggml_bytes(size, nb)
            for o, v in SCALES[name]:
                b[:, o:o + len(v)] = np.frombuffer(v, dtype=np.uint8)
            out = np.empty(nb * block, dtype=np.float32)
            s = best(lambda: to_float(b.ctypes.data, out.ctypes.data, out.size))
            print('llama.cpp,ggml:%s->float32,%d,%.9g' % (name, nb * block, s), flush=True)
    quantize_rows(ggml, sizes)


# bench.ml's ggml_quantize rows: these types, rows of ROW values made by
# quantize_values, one call of ggml_quantize_chunk over all the rows; the
# types of NEEDS_IMATRIX with quantize_imatrix.
QUANTIZE = {'Q8_0': (8, 32, 34), 'Q4_0': (2, 32, 18), 'Q4_K': (12, 256, 144),
            'Q5_K': (13, 256, 176), 'Q6_K': (14, 256, 210), 'IQ4_XS': (23, 256, 136),
            'MXFP4': (39, 32, 17), 'NVFP4': (40, 64, 36),
            'IQ2_XXS': (16, 256, 66), 'IQ2_XS': (17, 256, 74), 'IQ2_S': (22, 256, 82),
            'IQ3_XXS': (18, 256, 98), 'IQ3_S': (21, 256, 110), 'IQ1_S': (19, 256, 50),
            'IQ1_M': (29, 256, 56)}
NEEDS_IMATRIX = {'IQ2_XXS', 'IQ2_XS', 'IQ1_S'}
ROW = 4096


def quantize_imatrix():
    """bench.ml's quantize_imatrix: weight j is 1 + (j mod 13) / 8."""
    return (1 + (np.arange(ROW) % 13) / 8).astype(np.float32)


def quantize_values(n):
    """bench.ml's quantize_values: a fixed sequence in [-1, 1)."""
    j = np.arange(n, dtype=np.int64)
    return ((((j * 1103515245 + 12345) >> 16) & 65535) / 32768 - 1).astype(np.float32)


def quantize_rows(ggml, sizes):
    ggml.ggml_quantize_chunk.restype = ctypes.c_size_t
    ggml.ggml_quantize_chunk.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p,
                                         ctypes.c_int64, ctypes.c_int64, ctypes.c_int64,
                                         ctypes.c_void_p]
    for n in sizes:
        rows = n // ROW
        if rows == 0:
            continue
        x = quantize_values(rows * ROW)
        im = quantize_imatrix()
        for name, (tid, block, size) in QUANTIZE.items():
            out = np.empty(rows * ROW // block * size, dtype=np.uint8)
            w = im.ctypes.data if name in NEEDS_IMATRIX else None
            s = best(lambda: ggml.ggml_quantize_chunk(tid, x.ctypes.data, out.ctypes.data, 0,
                                                      rows, ROW, w))
            print('llama.cpp,ggml-quantize:%s,%d,%.9g' % (name, rows * ROW, s), flush=True)


if __name__ == '__main__':
    main()
