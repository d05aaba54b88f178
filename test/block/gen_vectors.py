#!/usr/bin/env python3
"""Generates test/block/vectors.txt: a seeded corpus of blocks and what the
exact model of model.py makes of them, for test_block.ml.

    python3 test/block/gen_vectors.py > test/block/vectors.txt

Needs no package. Lines (hex is bytes, little-endian):

    corpus NAME DTYPE ROWS COLS          then ROWS lines of hex: the values
    quantize CORPUS SCHEME POLICY ROUNDING TS MD5 K
                                         then K lines "ELEMENTS SCALES" of
                                         the first K rows ("-": no scales)
    dequantize CORPUS SCHEME POLICY ROUNDING TS DTYPE MD5
    sweep SCHEME DTYPE TS MD5            every encoding (see sweep_bytes)

TS is the tensor scale's float32 bits in hex, "auto" for NVFP4's default,
"-" for the others. MD5 digests the elements then the scales of the whole
corpus quantized as one array of ROWS x COLS; a dequantize digest is of
the destination's bytes, every NaN replaced by the destination's positive
quiet NaN.
"""

import hashlib
import math
import random
import struct
import sys
from fractions import Fraction as Q

import model as M

F32_MAX = struct.unpack('<f', bytes.fromhex('ffff7f7f'))[0]


def f32(x):
    """The float32 nearest the double x (round trip through struct)."""
    return struct.unpack('<f', struct.pack('<f', x))[0]


def f32_next(x, up):
    b = struct.unpack('<I', struct.pack('<f', x))[0]
    if x == 0:
        return struct.unpack('<f', struct.pack('<I', 1 if up else 0x80000001))[0]
    b += 1 if (x > 0) == up else -1
    return struct.unpack('<f', struct.pack('<I', b))[0]


def block32(rng, kind):
    """One block of 32 float32 values of a kind the brief asks for."""
    s = lambda: rng.choice((1.0, -1.0))
    e = rng.randint(-20, 20)
    if kind == 'random':
        return [s() * rng.uniform(0, 1) * 2.0 ** rng.randint(-6, 6) * 2.0 ** e for _ in range(32)]
    if kind == 'spread':
        # Elements far below amax: subnormal elements in every format.
        return [s() * rng.uniform(1, 2) * 2.0 ** (e - rng.randint(0, 40)) for _ in range(32)]
    xs = [s() * rng.uniform(0, 1) * 2.0 ** e for _ in range(32)]
    i = rng.randrange(32)
    if kind == 'pow2':
        xs[i] = s() * 2.0 ** (e + 1)
    elif kind == 'format_max':
        m = rng.choice([6.0, 7.5, 28.0, 448.0, 57344.0, 127 / 64])
        xs[i] = s() * f32_next(m * 2.0 ** e, rng.random() < 0.5) if rng.random() < 0.4 else s() * m * 2.0 ** e
    elif kind == 'boundary':
        # Even's boundary 2 - 2^-(f+1) and Rceil's max × 2^k, and their
        # float32 neighbours.
        f = rng.choice([1, 2, 3, 6])
        b = (2 - 2.0 ** -(f + 1)) * 2.0 ** e
        xs[i] = s() * rng.choice([b, f32_next(b, True), f32_next(b, False)])
    elif kind == 'ties':
        # amax 4 × 2^e: Floor's scale is 2^(e + 2 - emax); elements on
        # the midpoints of every element grid at that scale.
        xs = [s() * rng.choice([0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 0.125, 0.375, 0.0625,
                                1.125, 1.375, 3.25, 2.75, 0.5 + 2.0 ** -7, 1.0 + 2.0 ** -4])
              * 2.0 ** e for _ in range(32)]
        xs[i] = s() * 4.0 * 2.0 ** e
    elif kind == 'zeros':
        xs = [rng.choice([0.0, -0.0]) for _ in range(32)]
        if rng.random() < 0.3:
            xs[i] = s() * 2.0 ** rng.randint(-149, -100)
    elif kind == 'subnormal32':
        xs = [s() * rng.randint(0, 2 ** 20) * 2.0 ** -149 for _ in range(32)]
    elif kind == 'huge':
        xs = [s() * rng.uniform(0.5, 1) * F32_MAX for _ in range(32)]
    elif kind == 'special':
        xs[i] = rng.choice([math.nan, math.inf, -math.inf])
    return [f32(x) for x in xs]


KINDS = ['random'] * 6 + ['spread'] * 3 + ['pow2', 'format_max', 'boundary', 'ties', 'ties',
                                           'zeros', 'subnormal32', 'huge', 'special']


def corpus32(rng, rows):
    """Rows of 32 float32 values; pairs of rows are finite together or not
    (ggml's NVFP4 refuses a non-finite block of 64)."""
    out = []
    while len(out) < rows:
        kind = rng.choice(KINDS)
        a, b = block32(rng, kind), block32(rng, kind if kind != 'special' else 'random')
        if kind == 'special':
            b[0] = math.nan
        out += [a, b]
    return out[:rows]


def corpus64(rng, rows):
    """float64 rows of 32: values beyond float32, ties and NVFP4 quotients
    that need more than float32's precision."""
    out = []
    for r in range(rows):
        k = r % 4
        e = rng.randint(-1000, 1000)
        if k == 0:
            xs = [rng.choice((1, -1)) * rng.uniform(0, 1) * 2.0 ** e for _ in range(32)]
        elif k == 1:
            xs = [rng.choice((1, -1)) * rng.randint(0, 2 ** 30) * 2.0 ** -1074 for _ in range(32)]
        elif k == 2:
            # Just off E2M1 midpoints by a unit of the double.
            base = [m * 2.0 ** e for m in (0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0)]
            xs = [math.nextafter(rng.choice(base), rng.choice((0, math.inf))) for _ in range(31)]
            xs.append(4.0 * 2.0 ** e)
        else:
            xs = [rng.choice((1, -1)) * 2.0 ** rng.randint(129, 1000) for _ in range(32)]
        out.append(xs)
    return out


def nvfp4_f32_division_cases(rng, rows, st):
    """float32 rows of 32 whose NVFP4 quotients under the tensor scale st
    (24 significant bits), divided in float32 as torchao and ModelOpt
    divide, land on an E2M1 midpoint that the exact quotient is not on."""
    out = []
    while len(out) < rows:
        sb = rng.choice([0x30, 0x38, 0x3b, 0x41, 0x4d, 0x26])
        d = M.E4M3.value(sb) * Q(st)
        xs = [f32(float(6 * d))]  # amax: the block's scale is sb
        tries = 0
        while len(xs) < 16 and tries < 2000:
            tries += 1
            mid = rng.choice([Q(1, 4), Q(3, 4), Q(5, 4), Q(7, 4), Q(5, 2), Q(7, 2), Q(5)])
            t = f32(float(mid * d))
            for x in (t, f32_next(t, True), f32_next(t, False)):
                if Q(x) != mid * d and len(xs) < 16 and Q(f32(x / f32(float(d)))) == mid:
                    xs.append(x)
        if len(xs) == 16:
            out.append(xs + [-x for x in xs])
    return out


def hexs(bs):
    return bs.hex()


def f32_bytes(xs):
    return struct.pack('<%df' % len(xs), *xs)


def f64_bytes(xs):
    return struct.pack('<%dd' % len(xs), *xs)


def values(row):
    return [M.frac_of_double(x) for x in row]


def pack_split(scheme, codes):
    if scheme in ('mxfp4', 'nvfp4'):
        return bytes(codes[i] | codes[i + 1] << 4 for i in range(0, len(codes), 2))
    return bytes(codes)


def quantize_rows(scheme, rows, policy, rounding, ts):
    """(elements, scales) bytes of each row, and the tensor scale."""
    flat = [v for r in rows for v in values(r)]
    if scheme == 'nvfp4':
        st = M.nvfp4_tensor_scale(flat) if ts == 'auto' else Q(ts)
    out = []
    for r in rows:
        vs = values(r)
        if scheme in M.MX:
            s, c = M.mx_block(scheme, vs, policy, rounding)
            out.append((pack_split(scheme, c), bytes([s])))
        elif scheme == 'nvfp4':
            el, sc = b'', b''
            for h in range(0, len(vs), 16):
                s, c = M.nvfp4_block(vs[h:h + 16], st, rounding)
                el += pack_split(scheme, c)
                sc += bytes([s])
            out.append((el, sc))
        else:
            el = b''
            for h in range(0, len(vs), 32 if scheme != 'ggml_nvfp4' else 64):
                blk = vs[h:h + (64 if scheme == 'ggml_nvfp4' else 32)]
                el += {'ggml_q8_0': lambda: M.ggml_q8_0(blk, rounding),
                       'ggml_q4_0': lambda: M.ggml_q4_0(blk, rounding),
                       'ggml_mxfp4': lambda: M.ggml_mxfp4(blk, policy, rounding),
                       'ggml_nvfp4': lambda: M.ggml_nvfp4(blk, rounding)}[scheme]()
            out.append((el, b''))
    return out, (st if scheme == 'nvfp4' else None)


def canonical(data, dst):
    """dst's bytes with every NaN replaced by the positive quiet NaN."""
    bits = M.DEST_BITS[dst]
    fmt = M.DEST[dst]
    if bits == 4:
        return data
    w = bits // 8
    out = bytearray(data)
    for i in range(0, len(data), w):
        enc = int.from_bytes(data[i:i + w], 'little')
        mag = enc & (fmt.sign_bit() - 1)
        top = (2 ** fmt.e - 1) << fmt.m
        nan = (fmt.kind == 'ieee' and mag > top) or (fmt.kind == 'fn' and mag == (fmt.sign_bit() - 1))
        if nan:
            out[i:i + w] = fmt.nan().to_bytes(w, 'little')
    return bytes(out)


def md5(b):
    return hashlib.md5(b).hexdigest()


def ts_text(scheme, ts):
    if scheme != 'nvfp4':
        return '-'
    if ts == 'auto':
        return 'auto'
    return struct.pack('<f', ts)[::-1].hex()


SPLIT = ['mxfp8_e4m3', 'mxfp8_e5m2', 'mxfp6_e2m3', 'mxfp6_e3m2', 'mxfp4', 'mxint8', 'nvfp4']
GGML = ['ggml_q8_0', 'ggml_q4_0', 'ggml_mxfp4', 'ggml_nvfp4']
POLICIES = ['floor', 'ceil', 'even', 'rceil']
E8M0_SCHEMES = set(M.MX) | {'ggml_mxfp4'}
DESTS = ['float64', 'float32', 'bfloat16', 'float16', 'float8_e4m3fn', 'float8_e5m2', 'float4_e2m1fn']
SHOWN = 12  # rows shown in full after each digest


def emit_corpus(name, dtype, rows):
    cols = len(rows[0])
    print('corpus %s %s %d %d' % (name, dtype, len(rows), cols))
    for r in rows:
        print(hexs((f32_bytes if dtype == 'float32' else f64_bytes)(r)))


def emit_case(cname, rows, scheme, policy, rounding, ts, dests):
    if scheme == 'ggml_nvfp4':
        rows = [rows[i] + rows[i + 1] for i in range(0, len(rows), 2)]
    out, st = quantize_rows(scheme, rows, policy, rounding, ts)
    el = b''.join(e for e, _ in out)
    sc = b''.join(s for _, s in out)
    head = '%s %s %s %s %s' % (cname, scheme, policy, rounding, ts_text(scheme, ts))
    print('quantize %s %s %d' % (head, md5(el + sc), min(SHOWN, len(out))))
    for e, s in out[:SHOWN]:
        print(hexs(e), hexs(s) if s else '-')
    n = sum(len(r) for r in rows)
    for dst in dests:
        if scheme in M.MX or scheme == 'nvfp4':
            data = M.dequantize_split(scheme, el, sc, n, dst, st if st is not None else Q(1))
        else:
            data = M.dequantize_ggml(scheme, el, n, dst)
        print('dequantize %s %s %s' % (head, dst, md5(canonical(data, dst))))


def sweep_bytes(scheme):
    """Every scale encoding with every element code: (elements, scales,
    n) of split schemes, (blocks, n) of ggml's. Block b of a split scheme
    has the scale b // per and the codes (b % per) × 32 + j."""
    if scheme in SPLIT:
        block = 16 if scheme == 'nvfp4' else 32
        ncodes = 16 if scheme in ('mxfp4', 'nvfp4') else 64 if scheme.startswith('mxfp6') else 256
        per = max(1, ncodes // block)
        codes, scales = [], []
        for s in range(256):
            for t in range(per):
                scales.append(s)
                codes += [(t * block + j) % ncodes for j in range(block)]
        return pack_split(scheme, codes), bytes(scales), len(codes)
    out = b''
    if scheme == 'ggml_q8_0':
        for d in range(65536):
            out += struct.pack('<H', d) + bytes((j + 7 * d) % 256 for j in range(32))
        return out, None, 65536 * 32
    if scheme == 'ggml_q4_0':
        for d in range(65536):
            out += struct.pack('<H', d) + bytes(j | ((j + 8) % 16) << 4 for j in range(16))
        return out, None, 65536 * 32
    if scheme == 'ggml_mxfp4':
        for e in range(256):
            out += bytes([e]) + bytes(j | (15 - j) << 4 for j in range(16))
        return out, None, 256 * 32
    for b in range(64):
        out += bytes(4 * b + s for s in range(4)) + bytes((j % 16) | ((j + 5) % 16) << 4 for j in range(32))
    return out, None, 64 * 64


SWEEP_TS = [1.0, f32(0.1), 2.0 ** -140, f32(3e30)]


def emit_sweeps(dests):
    for scheme in SPLIT + GGML:
        data, scales, n = sweep_bytes(scheme)
        for dst in dests:
            for ts in (SWEEP_TS if scheme == 'nvfp4' else [None]):
                if scheme in SPLIT:
                    out = M.dequantize_split(scheme, data, scales, n, dst, Q(ts) if ts else Q(1))
                else:
                    if scheme in ('ggml_q8_0', 'ggml_q4_0') and dst not in ('float32', 'bfloat16'):
                        continue  # 2 M values: two destinations suffice
                    out = M.dequantize_ggml(scheme, data, n, dst)
                tt = struct.pack('<f', ts)[::-1].hex() if ts else '-'
                print('sweep %s %s %s %s' % (scheme, dst, tt, md5(canonical(out, dst))))
                sys.stdout.flush()


def finite_pairs(rows):
    """The pairs of rows all of whose values are finite."""
    out = []
    for i in range(0, len(rows) - 1, 2):
        if all(math.isfinite(x) for x in rows[i] + rows[i + 1]):
            out += [rows[i], rows[i + 1]]
    return out


def main():
    rng = random.Random(20240518)
    rows = corpus32(rng, int(sys.argv[1]) if len(sys.argv) > 1 else 480)
    finite = finite_pairs(rows)
    rows64 = corpus64(rng, 64)
    nv_ts = [f32(rng.uniform(1, 2) * 2.0 ** rng.randint(-20, 0)) for _ in range(3)]
    nv_rows = [nvfp4_f32_division_cases(rng, 8, st) for st in nv_ts]
    print('# generated by test/block/gen_vectors.py from model.py; do not edit')
    emit_corpus('c32', 'float32', rows)
    emit_corpus('c32f', 'float32', finite)
    emit_corpus('c64', 'float64', rows64)
    for i, r in enumerate(nv_rows):
        emit_corpus('nvdiv%d' % i, 'float32', r)
    for scheme in SPLIT + GGML:
        cname, crows = ('c32f', finite) if scheme == 'ggml_nvfp4' else ('c32', rows)
        policies = POLICIES if scheme in E8M0_SCHEMES else ['floor']
        for policy in policies:
            tss = ['auto', f32(0.75), f32(2.0 ** -40)] if scheme == 'nvfp4' else [None]
            for ts in tss:
                dests = DESTS if policy == 'floor' and ts in (None, 'auto') else ['float32']
                emit_case(cname, crows, scheme, policy, 'nearest_even', ts, dests)
        for rounding in M.ROUNDINGS[1:]:
            emit_case(cname, crows, scheme, 'floor', rounding, 'auto' if scheme == 'nvfp4' else None,
                      ['float32'])
        if scheme != 'ggml_nvfp4':
            emit_case('c64', rows64, scheme, 'floor', 'nearest_even',
                      'auto' if scheme == 'nvfp4' else None, ['float64', 'float32'])
    for i, (r, st) in enumerate(zip(nv_rows, nv_ts)):
        emit_case('nvdiv%d' % i, r, 'nvfp4', 'floor', 'nearest_even', st, ['float32'])
    emit_sweeps(DESTS)


if __name__ == '__main__':
    main()
