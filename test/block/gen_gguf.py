#!/usr/bin/env python3
"""Generates test/block/gguf.txt: ggml's blocks as gguf-py 0.19
(gguf/quants.py, pure numpy) quantizes and dequantizes them, beside the
exact model of model.py, every difference explained, for test_block.ml.

    python3 test/block/gen_gguf.py > test/block/gguf.txt

Needs numpy and gguf==0.19.0. gguf-py has no NVFP4 quantizer; ggml's C
reference (quantize_row_nvfp4_ref) is emulated from gguf-py's own pieces:
its fp32_to_ue4m3 of amax / 6 in float32, then MXFP4's nearest-index
search against the sub-block's scale.

Lines:

    dequantize SCHEME MD5 COUNTS     every encoding (gen_vectors.py's
                                     sweep_bytes) dequantized into float32
                                     by gguf-py: MD5 of its bytes with NaNs
                                     canonical and the two documented
                                     differences masked (see mask());
                                     COUNTS: how many values each masks
    quantize SCHEME ROWS COLS        then ROWS lines "INPUT GGUF DIFFS":
                                     float32 values, gguf-py's blocks, and
                                     the bytes where the library's differ,
                                     "OFFSET:KIND[+KIND]" joined by ",", or
                                     "-"
    dequantized SCHEME MD5           gguf-py's float32 of those blocks,
                                     masked the same way

Kinds of differences, each shown by recomputing gguf-py's float32 steps
beside the exact quotient:
    tie              the exact quotient is a tie: gguf-py rounds half away
                     (Q8_0), half up (Q4_0, the UE4M3 scale) or to the
                     lower index (MXFP4, NVFP4: toward zero), the library
                     to even
    zero_sign        a value that rounds to zero: the library keeps its
                     sign (E2M1 -0), gguf-py writes +0
    unrounded_scale  gguf-py divides by the float32 scale before its
                     rounding to float16, the library by the stored one
    f32_rounding     a float32 step of gguf-py (reciprocal, product, sum,
                     error) rounded across the rounding boundary that the
                     exact quotient is on the other side of
    scale_f32        the scale differs: gguf-py computes it in float32
                     (amax / 127 then float16; log2f of amax; amax / 6)
    scale_underflow  MXFP4 below 2^-125: gguf-py's exponent wraps in
                     uint8, the library clamps it to 2^-127
    scale_overflow   Q8_0 and Q4_0 past float16: gguf-py stores an infinite
                     scale (its elements then read as NaN and infinities),
                     the library saturates it to 65504
    scale_top_binade NVFP4 scales from 256 up: ggml's encoder
                     (ggml_fp32_to_ue4m3) never writes E4M3's top exponent
                     field and gives 448 for all of them
    scale_subnormal_clip  NVFP4 scales just below 2^-6: ggml's encoder
                     clips the subnormal to 7 × 2^-9 instead of carrying
                     into 2^-6
    saturated        NVFP4 past 448 × 6: the scale saturates, and
                     gguf-py's float32 errors |k × d − x| all round to |x|,
                     so it writes code 0 where the library clamps to ±6
"""

import hashlib
import math
import random
import struct
import sys
from fractions import Fraction as Q

import numpy as np
from gguf import GGMLQuantizationType as T
from gguf import quants

import gen_vectors as G
import model as M

TYPES = {'ggml_q8_0': T.Q8_0, 'ggml_q4_0': T.Q4_0, 'ggml_mxfp4': T.MXFP4, 'ggml_nvfp4': T.NVFP4}
BLOCK = {'ggml_q8_0': (32, 34), 'ggml_q4_0': (32, 18), 'ggml_mxfp4': (32, 17), 'ggml_nvfp4': (64, 36)}
f32 = np.float32


def mask(scheme, blocks, out):
    """float32 values (uint32 array) with NaNs canonical and, for MXFP4
    and NVFP4, the values of E2M1 code 8 (-0: gguf-py +0) set to +0 and
    the blocks whose E8M0 scale is 0xFF (NaN; gguf-py 2^128) set to +0;
    and how many values each touched."""
    out = out.copy()
    nan = (out & 0x7fffffff) > 0x7f800000
    out[nan] = 0x7fc00000
    counts = {'e8m0_nan': 0, 'negative_zero': 0}
    if scheme in ('ggml_mxfp4', 'ggml_nvfp4'):
        n, nbytes = BLOCK[scheme]
        for b in range(len(blocks) // nbytes):
            blk = blocks[b * nbytes:(b + 1) * nbytes]
            if scheme == 'ggml_mxfp4':
                codes = M.unpair_halves(blk[1:])
                if blk[0] == 0xff:
                    out[b * 32:(b + 1) * 32] = 0
                    counts['e8m0_nan'] += 32
                    continue
            else:
                codes = sum((M.unpair_halves(blk[4 + 8 * s:12 + 8 * s]) for s in range(4)), [])
            for j, c in enumerate(codes):
                if c == 8:
                    out[b * n + j] = 0
                    counts['negative_zero'] += 1
    return out, counts


def gguf_dequantize(scheme, blocks):
    n, nbytes = BLOCK[scheme]
    arr = np.frombuffer(blocks, dtype=np.uint8).reshape(-1, nbytes)
    with np.errstate(all='ignore'):
        return quants.dequantize(arr, TYPES[scheme]).astype(np.float32).reshape(-1).view(np.uint32)


def model_f32(scheme, blocks):
    n, nbytes = BLOCK[scheme]
    data = M.dequantize_ggml(scheme, blocks, len(blocks) // nbytes * n, 'float32')
    return np.frombuffer(data, dtype=np.uint32)


def check_dequantize(scheme, blocks):
    """The masked digest of gguf-py's float32, after checking that the
    model gives the same bits once masked."""
    theirs, counts = mask(scheme, blocks, gguf_dequantize(scheme, blocks))
    mine, _ = mask(scheme, blocks, model_f32(scheme, blocks))
    bad = np.nonzero(theirs != mine)[0]
    if len(bad):
        i = bad[0]
        raise SystemExit('%s: dequantized value %d differs: gguf %08x model %08x' % (scheme, i, theirs[i], mine[i]))
    return hashlib.md5(theirs.tobytes()).hexdigest(), counts


# {1 gguf-py's quantizers, and ggml's NVFP4 from gguf-py's pieces}

def gguf_quantize(scheme, rows):
    x = np.array(rows, dtype=np.float32)
    if scheme != 'ggml_nvfp4':
        with np.errstate(all='ignore'):
            return quants.quantize(x, TYPES[scheme]).reshape(len(rows), -1)
    nv = quants.NVFP4
    out = []
    for r in x:
        d_bytes, qs = [], b''
        for s in range(4):
            sub = r[16 * s:16 * s + 16]
            amax = np.abs(sub).max()
            ue = int(nv.fp32_to_ue4m3(np.array([amax / f32(6)], dtype=np.float32))[0])
            d = nv.ue4m3_to_fp32(np.array([ue], dtype=np.uint8)).astype(np.float32)[0]
            kv = np.array(quants.MXFP4.kvalues, dtype=np.float32)
            errs = np.abs(kv[None, :] * d - sub[:, None])
            idx = np.argmin(errs, axis=-1)
            d_bytes.append(ue)
            qs += bytes(int(idx[j]) | int(idx[j + 8]) << 4 for j in range(8))
        out.append(bytes(d_bytes) + qs)
    return np.frombuffer(b''.join(out), dtype=np.uint8).reshape(len(rows), -1)


def model_quantize(scheme, row):
    vs = [M.frac_of_double(float(x)) for x in row]
    n = BLOCK[scheme][0]
    fn = {'ggml_q8_0': M.ggml_q8_0, 'ggml_q4_0': M.ggml_q4_0, 'ggml_mxfp4': M.ggml_mxfp4,
          'ggml_nvfp4': M.ggml_nvfp4}[scheme]
    return b''.join(fn(vs[i:i + n]) for i in range(0, len(vs), n))


# {1 Explaining each difference}

def half_integer(y):
    return (2 * y).denominator == 1 and (2 * y).numerator % 2 == 1


def round_away(y):
    return math.floor(y + Q(1, 2)) if y >= 0 else -math.floor(-y + Q(1, 2))


def explain_q8(x, d16, d32, mine, theirs):
    if d16 == 0:
        return 'unrounded_scale'
    y = Q(float(x)) / d16
    if half_integer(y) and round_away(y) == theirs:
        return 'tie'
    if max(-127, min(127, round_away(Q(float(x)) / d32))) == theirs:
        return 'unrounded_scale'
    return 'f32_rounding'


def explain_q4(x, d16, d32, theirs):
    if d16 == 0:
        return 'unrounded_scale'
    y = Q(float(x)) / d16
    if half_integer(y) and max(-8, min(7, math.floor(y + Q(1, 2)))) == theirs:
        return 'tie'
    if max(-8, min(7, math.floor(Q(float(x)) / d32 + Q(1, 2)))) == theirs:
        return 'unrounded_scale'
    return 'f32_rounding'


def explain_e2m1(x, d, mine, theirs):
    """An E2M1 code of x / d (d the block's real scale) that differs."""
    if M.E2M1.value(mine) == 0 and M.E2M1.value(theirs) == 0:
        return 'zero_sign'
    a = abs(Q(float(x)) / d)
    mids = [(a_ + b_) / 2 for a_, b_ in zip(M.E2M1.vals, M.E2M1.vals[1:])]
    if a in mids:
        return 'tie'
    return 'f32_rounding'


def explain_row(scheme, row, mine, theirs):
    """The kinds of the bytes where mine and theirs differ, by offset."""
    n, nbytes = BLOCK[scheme]
    kinds = {}
    for b in range(len(mine) // nbytes):
        m, t = mine[b * nbytes:(b + 1) * nbytes], theirs[b * nbytes:(b + 1) * nbytes]
        if m == t:
            continue
        xs = row[b * n:(b + 1) * n]
        diff = [i for i in range(nbytes) if m[i] != t[i]]
        if scheme in ('ggml_q8_0', 'ggml_q4_0'):
            if t[:2] in (b'\x00\x7c', b'\x00\xfc'):
                kind = {o: 'scale_overflow' for o in diff}
            elif m[:2] != t[:2]:
                kind = {o: 'scale_f32' for o in diff}
            else:
                d16 = M.F16.value(struct.unpack('<H', m[:2])[0])
                if scheme == 'ggml_q8_0':
                    d32 = Q(float(f32(np.abs(np.array(xs, dtype=np.float32)).max()) / f32(127)))
                    kind = {}
                    for o in diff:
                        j = o - 2
                        sm = m[o] - 256 if m[o] >= 128 else m[o]
                        st = t[o] - 256 if t[o] >= 128 else t[o]
                        kind[o] = explain_q8(xs[j], d16, d32, sm, st)
                else:
                    amax_i = int(np.argmax(np.abs(np.array(xs, dtype=np.float32))))
                    d32 = Q(float(f32(xs[amax_i]) / f32(-8)))
                    kind = {}
                    for o in diff:
                        ks = []
                        for j, sh in ((o - 2, 0), (o - 2 + 16, 4)):
                            qm, qt = m[o] >> sh & 0xf, t[o] >> sh & 0xf
                            if qm != qt:
                                ks.append(explain_q4(xs[j], d16, d32, qt - 8))
                        kind[o] = '+'.join(ks)
        else:
            if scheme == 'ggml_mxfp4':
                scale_ok = m[0] == t[0]
                subs = [(0, 32, 1, 16)]  # (first element, count, byte offset, half)
                ds = [M.e8m0_value(m[0])]
                if not scale_ok:
                    amax = max(abs(Q(float(x))) for x in xs)
                    kind0 = 'scale_underflow' if amax < Q(2) ** -125 else 'scale_f32'
            else:
                scale_ok = m[:4] == t[:4]
                subs = [(16 * s, 16, 4 + 8 * s, 8) for s in range(4)]
                ds = [M.ue4m3_ggml(m[s]) for s in range(4)]
                if not scale_ok:
                    kind0 = 'scale_f32'
                    for s in range(4):
                        if m[s] != t[s]:
                            amax = max(abs(Q(float(x))) for x in xs[16 * s:16 * s + 16])
                            q = amax / 6
                            lo = [v for v in M.E4M3.vals if v <= q][-1]
                            hi = [v for v in M.E4M3.vals if v >= q][0]
                            if q >= 256 and t[s] == 0x7e:
                                kind0 = 'scale_top_binade'
                            elif q - lo == hi - q:
                                kind0 = 'scale_tie'
                            elif Q(15, 2 ** 10) <= q < Q(1, 64) and t[s] == 7:
                                kind0 = 'scale_subnormal_clip'
            if not scale_ok:
                kind = {o: kind0 for o in diff}
            else:
                kind = {}
                for o in diff:
                    ks = []
                    for first, count, off, half in subs:
                        if scheme == 'ggml_nvfp4' and off <= o < off + half and \
                                max(abs(Q(float(x))) for x in xs[first:first + count]) / 6 > 448:
                            ks.append('saturated')
                            continue
                        if off <= o < off + half:
                            j = first + (o - off)
                            d = ds[subs.index((first, count, off, half))]
                            for jj, sh in ((j, 0), (j + half, 4)):
                                cm, ct = m[o] >> sh & 0xf, t[o] >> sh & 0xf
                                if cm != ct:
                                    ks.append(explain_e2m1(xs[jj], d, cm, ct))
                    kind[o] = '+'.join(ks) if ks else 'scale_f32'
        for o, k in kind.items():
            kinds[b * nbytes + o] = k
    return kinds


def corpus(rng, rows, cols):
    """Finite float32 rows: gguf-py's quantizers have no rule for NaN."""
    out = []
    kinds = [k for k in G.KINDS if k != 'special']
    while len(out) < rows:
        r = []
        while len(r) < cols:
            r += G.block32(rng, rng.choice(kinds))
        out.append(r[:cols])
    return out


def main():
    rng = random.Random(31337)
    print('# generated by test/block/gen_gguf.py against gguf-py 0.19.0; do not edit')
    totals = {}
    if '--quantize-only' not in sys.argv:
        for scheme in TYPES:
            blocks, _, n = G.sweep_bytes(scheme)
            md5, counts = check_dequantize(scheme, blocks)
            print('dequantize %s %s %s' % (scheme, md5, ','.join('%s:%d' % kv for kv in sorted(counts.items()))))
            sys.stdout.flush()
    for scheme in TYPES:
        rows = corpus(rng, 256, 64)
        theirs = gguf_quantize(scheme, rows)
        print('quantize %s %d %d' % (scheme, len(rows), 64))
        kinds_seen = {}
        for r, t in zip(rows, theirs):
            t = bytes(t)
            mine = model_quantize(scheme, r)
            kinds = explain_row(scheme, r, mine, t)
            for k in kinds.values():
                for kk in k.split('+'):
                    kinds_seen[kk] = kinds_seen.get(kk, 0) + 1
            diffs = ','.join('%d:%s' % (o, k) for o, k in sorted(kinds.items())) or '-'
            print(G.hexs(G.f32_bytes(r)), t.hex(), diffs)
        allb = b''.join(bytes(t) for t in theirs)
        md5, _ = check_dequantize(scheme, allb)
        print('dequantized %s %s' % (scheme, md5))
        same = sum(1 for r, t in zip(rows, theirs) if model_quantize(scheme, r) == bytes(t))
        print('# %s: %d of %d rows identical; differing elements by kind: %s'
              % (scheme, same, len(rows), ', '.join('%s %d' % kv for kv in sorted(kinds_seen.items()))))
        print('%s: %d of %d rows identical; %s' % (scheme, same, len(rows), kinds_seen), file=sys.stderr)
        totals[scheme] = kinds_seen


if __name__ == '__main__':
    main()
