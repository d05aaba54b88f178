#!/usr/bin/env python3
"""Generates stores.txt: doubles and their encodings stored into every float
format of Nx_array.Dtype, by an exact reference independent of the library.

    python3 test/vectors/gen_stores.py > test/vectors/stores.txt

Each line is `x f64 f32 f16 bf16 e4m3fn e5m2 e2m1fn`: the double's bits and
each store's encoding, in hex. The reference is the Stores rule read
literally: for formats of at most 16 bits, every finite value is enumerated
and the nearest found by bisection (ties to the even encoding); past the
largest finite value, a value at or beyond the next half step (exponent
unbounded above) overflows. Binary32 rounds with exact rationals. The
doubles are seeded, so the file is reproducible.
"""

import bisect
import math
import random
import struct
from fractions import Fraction

def d2b(x): return struct.unpack('<Q', struct.pack('<d', x))[0]
def b2d(b): return struct.unpack('<d', struct.pack('<Q', b))[0]

class Fmt:
    def __init__(self, name, e, f, specials):
        self.name, self.e, self.f, self.specials = name, e, f, specials
        self.bias = (1 << (e - 1)) - 1
        self.sign = 1 << (e + f)
        self.values = []  # (Fraction, encoding) of the positive finite values
        for enc in range(self.sign):
            v = self.value(enc)
            if v is not None:
                self.values.append((v, enc))
        self.values.sort()
        self.keys = [v for v, _ in self.values]
        vmax, emax = self.values[-1]
        # The gap above the largest value, were the exponent unbounded.
        field = emax >> f
        self.max = vmax
        self.overflow_at = vmax + Fraction(2) ** (field - self.bias - f) / 2
        self.max_enc = emax

    def value(self, enc):
        f, field, frac = self.f, enc >> self.f, enc & ((1 << self.f) - 1)
        top = (1 << self.e) - 1
        if self.specials == 'ieee' and field == top: return None
        if self.specials == 'fn' and field == top and frac == (1 << f) - 1: return None
        if field == 0: return Fraction(frac) * Fraction(2) ** (1 - self.bias - f)
        return (1 + Fraction(frac, 1 << f)) * Fraction(2) ** (field - self.bias)

    def store(self, x):
        b = d2b(x)
        neg = b >> 63
        sign = self.sign if neg else 0
        if math.isnan(x):
            if self.specials == 'none': return 0
            if self.specials == 'fn': return sign | (self.sign - 1)
            payload = (b & ((1 << 51) - 1)) >> (52 - self.f)
            return sign | (((1 << self.e) - 1) << self.f) | (1 << (self.f - 1)) | payload
        if math.isinf(x):
            return sign | (self.inf() if self.specials == 'ieee' else self.max_enc)
        a = abs(Fraction(x))
        if a >= self.overflow_at:
            # At the half step itself the tie goes to the next power of two
            # (an even significand) where the largest value's is odd, as in
            # every IEEE format; E4M3FN and E2M1FN saturate either way.
            return sign | (self.inf() if self.specials == 'ieee' else self.max_enc)
        i = bisect.bisect_left(self.keys, a)
        if i < len(self.keys) and self.keys[i] == a:
            return sign | self.values[i][1]
        lo, hi = self.values[i - 1], self.values[i] if i < len(self.values) else None
        if hi is None:
            return sign | lo[1]
        dl, dh = a - lo[0], hi[0] - a
        pick = lo if dl < dh else hi if dh < dl else (lo if lo[1] % 2 == 0 else hi)
        return sign | pick[1]

    def inf(self):
        return ((1 << self.e) - 1) << self.f

def store_f32(x):
    """Binary32 by exact rationals, with the NaN rule."""
    b = d2b(x)
    neg = b >> 63
    sign = (1 << 31) if neg else 0
    if math.isnan(x):
        return sign | 0x7fc00000 | ((b & ((1 << 51) - 1)) >> 29)
    if math.isinf(x): return sign | 0x7f800000
    a = abs(Fraction(x))
    if a == 0: return sign
    e = math.frexp(abs(x))[1] - 1
    q = max(e, -126) - 23
    r = round(a / Fraction(2) ** q)  # ties to even
    if r == 1 << 24: r, q = r >> 1, q + 1
    if r < 1 << 23: return sign | r
    field = q + 23 + 127
    if field >= 255: return sign | 0x7f800000
    return sign | (field << 23) | (r - (1 << 23))

def store_f64(x):
    b = d2b(x)
    if math.isnan(x): return b | (1 << 51)
    return b

FORMATS = [Fmt('float16', 5, 10, 'ieee'), Fmt('bfloat16', 8, 7, 'ieee'),
           Fmt('float8_e4m3fn', 4, 3, 'fn'), Fmt('float8_e5m2', 5, 2, 'ieee'),
           Fmt('float4_e2m1fn', 2, 1, 'none')]

def doubles(rng):
    """Special values, then each format's halfway points and values (all of
    them for the 4- and 8-bit formats, a sample for the 16-bit ones) with
    their neighbours and near neighbours (sticky bits far below), overflow
    thresholds, powers of two, and random doubles."""
    xs = [0.0, -0.0, math.inf, -math.inf, math.nan, -math.nan]
    for payload in [1, 2, 3, 0x155, 1 << 29, (1 << 29) - 1, (1 << 50), (1 << 51) - 1,
                    0xabcdef123, rng.getrandbits(51)]:
        for quiet in [0, 1 << 51]:
            for sign in [0, 1 << 63]:
                if payload | quiet: xs.append(b2d(sign | 0x7ff0000000000000 | quiet | payload))
    def around(v, wide):
        out = [v, math.nextafter(v, math.inf), math.nextafter(v, -math.inf)]
        if wide:
            out += [v * (1 + 2.0 ** -40), v * (1 - 2.0 ** -40)]
        return out
    for fmt in FORMATS:
        vals = [v for v, _ in fmt.values]
        idx = range(len(vals)) if len(vals) <= 256 else rng.sample(range(len(vals)), 3000)
        for i in idx:
            v = vals[i]
            nxt = vals[i + 1] if i + 1 < len(vals) else fmt.overflow_at * 2 - v
            mid = (v + nxt) / 2
            sign = rng.choice((1, -1))
            xs += [sign * y for y in around(float(mid), True) + around(float(v), False)]
        xs += around(float(fmt.overflow_at), True) + around(float(fmt.max), True)
    for _ in range(3000):  # binary32 halfway points, normal and subnormal
        e = rng.randint(-149, 127)
        m = rng.getrandbits(24) | 1
        h = math.ldexp(m, e - 24)
        if math.isfinite(h): xs += around(h, True)
    for e in range(-1074, 1024, 3):
        p = math.ldexp(1.0, e)
        xs += [p, -math.nextafter(p, 0)]
    while len(xs) < 120000:
        kind = rng.random()
        if kind < 0.4:
            x = b2d(rng.getrandbits(64))
        elif kind < 0.8:
            x = math.ldexp(rng.random() + 0.5, rng.randint(-150, 130)) * rng.choice((1, -1))
        else:
            x = math.ldexp(rng.random() + 0.5, rng.randint(-30, 20)) * rng.choice((1, -1))
        xs.append(x)
    return xs

def main():
    rng = random.Random(20261130)
    seen = set()
    print('# x f64 f32 f16 bf16 e4m3fn e5m2 e2m1fn: generated by test/vectors/gen_stores.py')
    for x in doubles(rng):
        b = d2b(x)
        if b in seen: continue
        seen.add(b)
        row = [store_f64(x), store_f32(x)] + [f.store(x) for f in FORMATS]
        widths = [16, 8, 4, 4, 2, 2, 1]
        print('%016x ' % b + ' '.join('%0*x' % (w, v) for w, v in zip(widths, row)))

if __name__ == '__main__':
    main()
