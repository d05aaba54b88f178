#!/usr/bin/env python3
"""Generates test/block's checkpoint files and what they hold, for
test_files.ml:

    cd test/block && python3 gen_files.py

Needs numpy, ml_dtypes, safetensors==0.8.0 and gguf==0.19.0. Writes

    file_gpt_oss.safetensors   by the safetensors package: two gpt-oss
                               MXFP4 weights, "experts.gate_up_proj" with
                               U8 scales (as gpt-oss stores them) and
                               "experts.down_proj" with F8_E8M0 ones, and a
                               BF16 bias
    file_modelopt.safetensors  by the safetensors package: a ModelOpt
                               NVFP4 weight "mlp.weight" (U8, F8_E4M3,
                               F32 scalar) and its F32 "mlp.input_scale"
    file_formats.safetensors   F8_E8M0 (every byte), F6_E2M3 and F6_E3M2
                               (every code, packed as ONNX's FLOAT6: a
                               little-endian bit stream): laid out here as
                               the reference's writer lays files out, since
                               the package cannot write F6 tensors; its
                               reader (deserialize) must give back the
                               same bytes
    files.txt                  lines "KIND NAME HEX...": the exact values
                               of each weight or tensor, float64 bits in
                               hex, row-major

The values come from ml_dtypes' decodings of each code and scale (E2M1,
E4M3FN, E8M0, the FP6 formats), multiplied in Python floats, which are
exact here (at most 2 + 4 + 24 significant bits). The gpt-oss values are
checked against gguf-py's MXFP4 dequantizer (its blocks re-paired ggml's
way), wherever float32, its arithmetic, holds them.
"""

import json
import math
import random
import struct

import ml_dtypes as mld
import numpy as np
import safetensors
from gguf import GGMLQuantizationType as T
from gguf import quants
from safetensors import TensorSpec, deserialize, serialize

assert safetensors.__version__ == '0.8.0', safetensors.__version__

rng = random.Random(18)
out_lines = []


def emit(kind, name, values):
    bits = [struct.unpack('<Q', struct.pack('<d', float(v)))[0] for v in values]
    # One NaN, whatever its sign and payload.
    bits = [0x7ff8000000000000 if math.isnan(v) else b for v, b in zip(values, bits)]
    out_lines.append(f'{kind} {name} ' + ' '.join(f'{b:016x}' for b in bits))


def decode(codes, dtype):
    """ml_dtypes' values of codes (a byte each, as ml_dtypes stores them)."""
    return np.asarray(codes, dtype=np.uint8).view(dtype).astype(np.float64)


def spec(dtype, shape, arr):
    arr = np.ascontiguousarray(arr)
    return TensorSpec(dtype=dtype, shape=list(shape), data_ptr=arr.ctypes.data, data_len=arr.nbytes)


def write(path, tensors, keep):
    with open(path, 'wb') as f:
        f.write(bytes(serialize(tensors)))
    del keep


# gpt-oss: blocks [..., n, 16] (element 2i in the low nibble of byte i),
# scales [..., n] E8M0.

def gpt_oss_values(blocks, scales):
    lo = blocks & 15
    hi = blocks >> 4
    codes = np.stack([lo, hi], axis=-1).reshape(*scales.shape, 32)
    e2m1 = decode(codes.reshape(-1), mld.float4_e2m1fn).reshape(codes.shape)
    scale = decode(scales.reshape(-1), mld.float8_e8m0fnu).reshape(scales.shape)
    vals = e2m1 * scale[..., None]
    return vals.reshape(*scales.shape[:-1], scales.shape[-1] * 32)


def check_with_gguf(blocks, scales, exact):
    """gguf-py's MXFP4 blocks: the E8M0 byte, then 16 bytes pairing
    element j (low) with j + 16 (high)."""
    codes = np.stack([blocks & 15, blocks >> 4], axis=-1).reshape(-1, 32)
    ggml = np.concatenate(
        [scales.reshape(-1, 1), (codes[:, :16] | (codes[:, 16:] << 4)).astype(np.uint8)], axis=1)
    with np.errstate(all='ignore'):
        theirs = quants.dequantize(ggml.astype(np.uint8), T.MXFP4).astype(np.float64).reshape(-1)
    exact = exact.reshape(-1)
    checked = 0
    for i, (t, e) in enumerate(zip(theirs, exact)):
        if math.isnan(e) or abs(e) >= 2.0 ** 128 or (e != 0 and abs(e) < 2.0 ** -149):
            continue
        # gguf-py writes +0 for E2M1's -0.
        assert t == e or (t == 0 and e == 0), (i, t, e)
        checked += 1
    return checked


def gpt_oss_file():
    tensors, keep = {}, []
    checked = 0
    for name, shape, e8m0 in (('experts.gate_up_proj', (2, 6), False),
                              ('experts.down_proj', (2, 5), True)):
        blocks = np.array([rng.randrange(256) for _ in range(math.prod(shape) * 16)],
                          dtype=np.uint8).reshape(*shape, 16)
        # Scales around 1, the extremes, and NaN, in every weight.
        pool = [127, 126, 128, 120, 134, 0, 1, 254, 255]
        scales = np.array([pool[i % len(pool)] if i < len(pool) else rng.randrange(100, 150)
                           for i in range(math.prod(shape))], dtype=np.uint8).reshape(shape)
        rng.shuffle(scales.reshape(-1))
        keep += [blocks, scales]
        tensors[name + '_blocks'] = spec('uint8', blocks.shape, blocks)
        tensors[name + '_scales'] = spec('float8_e8m0fnu' if e8m0 else 'uint8', scales.shape, scales)
        exact = gpt_oss_values(blocks, scales)
        checked += check_with_gguf(blocks, scales, exact)
        emit('gpt_oss', name, exact.reshape(-1))
    bias = np.array([0.5, -1, 3, 0], dtype=mld.bfloat16)
    keep.append(bias)
    tensors['experts.bias'] = spec('bfloat16', bias.shape, bias)
    write('file_gpt_oss.safetensors', tensors, keep)
    return checked


# ModelOpt NVFP4: weight [rows, k / 2] (U8, low nibble first), weight_scale
# [rows, k / 16] (F8_E4M3), weight_scale_2 a F32 scalar.

def modelopt_file():
    rows, k = 3, 48
    weight = np.array([rng.randrange(256) for _ in range(rows * k // 2)],
                      dtype=np.uint8).reshape(rows, k // 2)
    pool = [0x38, 0x7e, 0x01, 0x07, 0x08, 0x30, 0x40]  # 1, 448, subnormals, 2^-6...
    ws = np.array([pool[i] if i < len(pool) else rng.randrange(0x08, 0x7e)
                   for i in range(rows * k // 16)], dtype=np.uint8).reshape(rows, k // 16)
    ws2 = np.array(np.float32(1.0) / np.float32(2688) * np.float32(3.7), dtype=np.float32)
    input_scale = np.array(0.25, dtype=np.float32)
    tensors = {
        'mlp.weight': spec('uint8', weight.shape, weight),
        'mlp.weight_scale': spec('float8_e4m3fn', ws.shape, ws),
        'mlp.weight_scale_2': spec('float32', (), ws2),
        'mlp.input_scale': spec('float32', (), input_scale),
    }
    write('file_modelopt.safetensors', tensors, [weight, ws, ws2, input_scale])
    codes = np.stack([weight & 15, weight >> 4], axis=-1).reshape(rows, k)
    e2m1 = decode(codes.reshape(-1), mld.float4_e2m1fn).reshape(rows, k)
    scale = decode(ws.reshape(-1), mld.float8_e4m3fn).reshape(rows, k // 16)
    vals = e2m1 * np.repeat(scale, 16, axis=1) * float(ws2)
    emit('modelopt', 'mlp.weight', vals.reshape(-1))


# F8_E8M0 and F6: laid out as the reference's writer does (tensors sorted
# by dtype, from the last of its enumeration down: F8_E8M0, F6_E3M2,
# F6_E2M3; the header padded with spaces to a multiple of 8).

def pack6(codes):
    """Four codes in three bytes: element i in bits 6i..6i+5 of a
    little-endian bit stream."""
    assert len(codes) % 4 == 0
    out = bytearray()
    for g in range(0, len(codes), 4):
        w = sum(int(c) << (6 * j) for j, c in enumerate(codes[g:g + 4]))
        out += w.to_bytes(3, 'little')
    return bytes(out)


def formats_file():
    e8m0 = list(range(256))
    e2m3 = list(range(64))
    rng.shuffle(e2m3)
    e3m2 = list(range(64)) * 2
    rng.shuffle(e3m2)
    items = [  # the reference's order: larger dtypes first, then by name
        ('scales', 'F8_E8M0', [256], bytes(e8m0)),
        ('e3m2', 'F6_E3M2', [128], pack6(e3m2)),
        ('e2m3', 'F6_E2M3', [2, 32], pack6(e2m3)),
    ]
    header, data, off = {}, b'', 0
    for name, dt, shape, b in items:
        header[name] = {'dtype': dt, 'shape': shape, 'data_offsets': [off, off + len(b)]}
        data += b
        off += len(b)
    h = json.dumps(header, separators=(',', ':')).encode()
    h += b' ' * (-len(h) % 8)
    raw = struct.pack('<Q', len(h)) + h + data
    back = dict(deserialize(raw))
    for name, dt, shape, b in items:
        assert back[name]['dtype'] == dt and back[name]['shape'] == shape and bytes(back[name]['data']) == b
    with open('file_formats.safetensors', 'wb') as f:
        f.write(raw)
    emit('decode', 'scales', decode(e8m0, mld.float8_e8m0fnu))
    emit('decode', 'e2m3', decode(e2m3, mld.float6_e2m3fn))
    emit('decode', 'e3m2', decode(e3m2, mld.float6_e3m2fn))


checked = gpt_oss_file()
modelopt_file()
formats_file()
with open('files.txt', 'w') as f:
    f.write('# Generated by gen_files.py; do not edit. The exact values of the\n')
    f.write(f'# file_*.safetensors weights, float64 bits; {checked} gpt-oss values\n')
    f.write('# also checked against gguf-py 0.19.0.\n')
    f.write('\n'.join(out_lines) + '\n')
print(f'gen_files: {checked} gpt-oss values checked against gguf-py')
