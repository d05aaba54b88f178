#!/usr/bin/env python3
"""Generates strings.txt: numbers written out, each stored into every dtype
of Nx_array.Dtype, by an exact reference independent of the library.

    python3 test/vectors/gen_strings.py > test/vectors/strings.txt

Each line is `dtype string bits outcome abs_error rel_error`: the encoding
held in hex (a complex dtype's real part), what the store did (exact,
rounded, overflow, saturated, nan) and the errors held - x and
(held - x) / |x| as the bits of a double, each exact difference rounded
once (Python's int / int is correctly rounded). The reference is the
Stores rule read literally on fractions.Fraction: a float rounds once,
ties to even, with its exponent unbounded above, then overflows or
saturates; an integer truncates toward zero and saturates; a boolean is
x != 0. The strings are seeded, so the file is reproducible:

- random decimals of 1 to 60 digits over every format's range, and some
  of 900 to 1,500 digits (strings past 200 characters go into the float
  dtypes only);
- for every float dtype, midpoints between neighbours written exactly,
  ±1 in their last digit, and with digits past the 800 a store reads;
- integers around 2^53, 2^63, 2^64 and every integer dtype's bounds,
  with fractions;
- hexadecimal floats, underscores, signs, zeros, infinities and NaNs.
"""

import math
import random
import struct
from fractions import Fraction

FLOATS = {  # name: (exponent bits, fraction bits, specials)
    'float64': (11, 52, 'ieee'), 'float32': (8, 23, 'ieee'),
    'float16': (5, 10, 'ieee'), 'bfloat16': (8, 7, 'ieee'),
    'float8_e4m3fn': (4, 3, 'fn'), 'float8_e5m2': (5, 2, 'ieee'),
    'float4_e2m1fn': (2, 1, 'none'),
}
COMPLEX = {'complex128': 'float64', 'complex64': 'float32'}
INTS = {  # name: (bits, signed)
    'int64': (64, True), 'uint64': (64, False), 'int32': (32, True),
    'uint32': (32, False), 'int16': (16, True), 'uint16': (16, False),
    'int8': (8, True), 'uint8': (8, False), 'int4': (4, True), 'uint4': (4, False),
}
DTYPES = ['float64', 'float32', 'float16', 'bfloat16', 'float8_e4m3fn',
          'float8_e5m2', 'float4_e2m1fn', 'int64', 'uint64', 'int32', 'uint32',
          'int16', 'uint16', 'int8', 'uint8', 'int4', 'uint4', 'complex128',
          'complex64', 'bool', 'bit']

NAN, INF, ZERO = 'nan', 'inf', 'zero'  # (kind, negative) for -0 and the specials


def d2b(x): return struct.unpack('<Q', struct.pack('<d', x))[0]


class Fmt:
    def __init__(self, e, f, specials):
        self.e, self.f, self.specials = e, f, specials
        self.bias = (1 << (e - 1)) - 1
        self.emin = 1 - self.bias
        top = (1 << e) - 1
        if specials == 'ieee': self.max_enc = ((top - 1) << f) | ((1 << f) - 1)
        elif specials == 'fn': self.max_enc = (top << f) | ((1 << f) - 2)
        else: self.max_enc = (top << f) | ((1 << f) - 1)
        self.max = self.value(self.max_enc)
        self.sign = 1 << (e + f)

    def value(self, enc):
        field, frac = enc >> self.f, enc & ((1 << self.f) - 1)
        if field == 0: return Fraction(frac) * Fraction(2) ** (self.emin - self.f)
        return (1 + Fraction(frac, 1 << self.f)) * Fraction(2) ** (field - self.bias)

    def nan(self, neg):
        s = self.sign if neg else 0
        if self.specials == 'none': return 0
        if self.specials == 'fn': return s | (self.sign - 1)
        return s | (((1 << self.e) - 1) << self.f) | (1 << (self.f - 1))

    def inf(self, neg):
        return (self.sign if neg else 0) | (((1 << self.e) - 1) << self.f)

    def store(self, x):
        """(encoding, outcome, held) of x: a Fraction, or (NAN|INF, neg)."""
        if isinstance(x, tuple):
            kind, neg = x
            s = self.sign if neg else 0
            if kind == ZERO: return s, 'exact', Fraction(0)
            if kind == NAN: return self.nan(neg), 'nan', None
            if self.specials == 'ieee': return self.inf(neg), 'exact', None
            return s | self.max_enc, 'saturated', -self.max if neg else self.max
        neg = x < 0
        s = self.sign if neg else 0
        a = abs(x)
        if a == 0: return s, 'exact', Fraction(0)
        e = a.numerator.bit_length() - a.denominator.bit_length()
        while Fraction(2) ** e > a: e -= 1
        while Fraction(2) ** (e + 1) <= a: e += 1
        quantum = max(e, self.emin) - self.f
        q = a / Fraction(2) ** quantum
        r = math.floor(q)
        rem = q - r
        if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and r % 2 == 1): r += 1
        v = r * Fraction(2) ** quantum
        if v > self.max:
            if self.specials == 'ieee': return self.inf(neg), 'overflow', None
            return s | self.max_enc, 'saturated', -self.max if neg else self.max
        # Encode v.
        if r < (1 << self.f):
            enc = r
        else:
            while r >= (1 << (self.f + 1)): r //= 2; quantum += 1
            enc = ((quantum + self.f + self.bias) << self.f) | (r & ((1 << self.f) - 1))
        return s | enc, 'exact' if v == a else 'rounded', -v if neg else v


def store(dt, x):
    """(bits, outcome, held) with held a Fraction, or a float for
    infinities (None when it is a NaN)."""
    if x == (ZERO, True) and dt not in FLOATS and dt not in COMPLEX:
        x = Fraction(0)
    if dt in FLOATS or dt in COMPLEX:
        fmt = Fmt(*FLOATS[COMPLEX.get(dt, dt)])
        enc, outcome, held = fmt.store(x)
        if held is None and outcome != 'nan':
            held = -math.inf if enc & fmt.sign else math.inf
        return enc, outcome, held
    if dt in ('bool', 'bit'):
        if isinstance(x, tuple):
            return 1, ('nan' if x[0] == NAN else 'rounded'), Fraction(1)
        if x == 0: return 0, 'exact', Fraction(0)
        return 1, 'exact' if x == 1 else 'rounded', Fraction(1)
    bits, signed = INTS[dt]
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    if isinstance(x, tuple):
        if x[0] == NAN: return 0, 'nan', Fraction(0)
        v, outcome = (lo if x[1] else hi), 'saturated'
    else:
        t = int(x)  # toward zero
        if t < lo: v, outcome = lo, 'saturated'
        elif t > hi: v, outcome = hi, 'saturated'
        else: v, outcome = t, ('exact' if t == x else 'rounded')
    return v & ((1 << bits) - 1), outcome, Fraction(v)


def to_double(q):
    """q rounded once to a double, overflowing to an infinity."""
    try:
        return q.numerator / q.denominator
    except OverflowError:
        return math.inf if q > 0 else -math.inf


def as_float(x):
    if isinstance(x, tuple):
        return (-1 if x[1] else 1) * (math.nan if x[0] == NAN else math.inf)
    return to_double(x)


def errors(x, held):
    if x == (ZERO, True): x = Fraction(0)
    if held is None: held_f = math.nan
    elif isinstance(held, float): held_f = held
    else: held_f = None
    if not isinstance(x, tuple) and held_f is None:
        d = held - x
        if d == 0: return 0.0, 0.0
        return to_double(d), (0.0 if x == 0 else to_double(d / abs(x)))
    if not isinstance(x, tuple):
        return held_f, held_f
    xf = as_float(x)
    hf = held_f if held_f is not None else to_double(held)
    a = hf - xf
    return a, a / abs(xf)


def bits_hex(f):
    return '%016x' % d2b(f)


def decimal(q, digits=None):
    """The exact decimal of a dyadic or decimal fraction q, as d.ddd...e±N."""
    if q == 0: return '0'
    neg, q = q < 0, abs(q)
    k = 0  # q * 10^k an integer
    while (q * 10 ** k).denominator != 1: k += 1
    n = q * 10 ** k
    s = str(n.numerator)
    e = len(s) - 1 - k
    return ('-' if neg else '') + s[0] + ('.' + s[1:] if len(s) > 1 else '') + 'e%d' % e


def value_of(s_mant, exp):
    """Fraction of digits string with a point, times 10^exp."""
    return Fraction(s_mant) * Fraction(10) ** exp


def main():
    rng = random.Random(20250611)
    cases = []  # (string, value)

    def add(s, x): cases.append((s, x))

    for s, x in [('nan', (NAN, False)), ('-nan', (NAN, True)), ('+NaN', (NAN, False)),
                 ('inf', (INF, False)), ('-inf', (INF, True)), ('Infinity', (INF, False)),
                 ('0', Fraction(0)), ('-0', (ZERO, True)), ('-0.000e5', (ZERO, True)), ('0e999999999', Fraction(0)),
                 ('1_000', Fraction(1000)), ('-1_000.000_1', Fraction(-10000001, 10000)),
                 ('0x1p-3', Fraction(1, 8)), ('-0x1.8p1', Fraction(-3)), ('0X.8', Fraction(1, 2)),
                 ('0x1.fffffffffffff8p0', 2 - Fraction(1, 2 ** 53)),
                 ('0x1.00000000000008p0', 1 + Fraction(1, 2 ** 53)),
                 ('0x1.0000000000000800000001p0', 1 + Fraction(1, 2 ** 53) + Fraction(1, 2 ** 88)),
                 ('.5', Fraction(1, 2)), ('5.', Fraction(5)), ('+1e+2', Fraction(100)),
                 ('1e-400', Fraction(1, 10 ** 400)), ('-1e400', Fraction(-10 ** 400))]:
        add(s, x)
    # Random decimals.
    for _ in range(400):
        n = rng.randint(1, 60)
        digits = ''.join(rng.choice('0123456789') for _ in range(n))
        p = rng.randint(0, n)
        mant = digits[:p] + '.' + digits[p:] if p < n else digits
        exp = rng.randint(-330, 310) if rng.random() < 0.3 else rng.randint(-12, 12)
        sign = rng.choice(['', '-'])
        s = sign + mant + ('e%d' % exp if exp else '')
        add(s, (-1 if sign else 1) * value_of(mant if p < n else digits, exp))
    for _ in range(8):
        n = rng.randint(900, 1500)
        digits = '1' + ''.join(rng.choice('0123456789') for _ in range(n - 1))
        exp = rng.randint(-40, 5)
        add('0.' + digits + 'e%d' % exp, Fraction('0.' + digits) * Fraction(10) ** exp)
    # Ties of every float format.
    for name, spec in FLOATS.items():
        fmt = Fmt(*spec)
        encs = set(range(0, 16)) | {fmt.max_enc - i for i in range(3)}
        encs |= {rng.randrange(fmt.max_enc) for _ in range(30)}
        for enc in sorted(encs):
            if enc >= fmt.max_enc + 1: continue
            lo = fmt.value(enc)
            hi = fmt.value(enc + 1) if enc < fmt.max_enc else fmt.max + (fmt.max - fmt.value(enc - 1))
            tie = (lo + hi) / 2
            t = decimal(tie)
            mant, e = t.split('e')
            last = Fraction(10) ** (int(e) - (len(mant.replace('.', '')) - 1))
            add(t, tie)
            add(decimal(tie + last), tie + last)
            add(decimal(tie - last), tie - last)
            if enc < 3 or rng.random() < 0.1:
                # A digit just past the 800 significant digits a store reads.
                far = last / Fraction(10) ** max(1, 805 - len(mant.replace('.', '')))
                add(decimal(tie + far), tie + far)
                add(decimal(tie - far), tie - far)
    # Integers around powers of two and the integer dtypes' bounds.
    for p in [53, 63, 64, 31, 32, 15, 16, 7, 8, 3, 4]:
        for base in [2 ** p, -(2 ** p)]:
            for d in [-2, -1, 0, 1, 2]:
                add(str(base + d), Fraction(base + d))
            for d in [Fraction(1, 2), Fraction(-1, 2), Fraction(-1, 10 ** 25)]:
                v = base + d
                add(decimal(v).replace('e', 'E'), v)
    add('9007199254740993', Fraction(9007199254740993))
    add('18_446_744_073_709_551_615', Fraction(2 ** 64 - 1))
    add('0x1.00000000000008p53', Fraction(2 ** 53 + 1))

    print('# dtype string bits outcome abs_error rel_error: generated by test/vectors/gen_strings.py')
    for s, x in cases:
        # Long strings into the float dtypes only, to keep the file small.
        for dt in (DTYPES if len(s) <= 200 else FLOATS):
            bits, outcome, held = store(dt, x)
            a, r = errors(x, held)
            print('%s %s %x %s %s %s' % (dt, s, bits, outcome, bits_hex(a), bits_hex(r)))


main()
