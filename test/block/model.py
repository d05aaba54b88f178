"""An exact model of block-scaled formats, written from the specifications'
text (OCP MX v1.0, NVIDIA's NVFP4 as ModelOpt and torchao describe it,
ggml's block layouts) and from the decisions that ocaml/block.mli states,
in rational arithmetic: every value is a Fraction, every rounding a search
among a format's values. It shares no code with the library, and is slow
on purpose.

Used by gen_vectors.py, gen_gguf.py and gen_values.py; needs no package.
"""

import math
import struct
from bisect import bisect_left
from fractions import Fraction as Q

NAN = 'nan'  # the model's NaN: a value that is not a number


# {1 Float formats, from their bit layouts}

class Fmt:
    """A binary float format: sign, `e` exponent bits, `m` fraction bits,
    bias 2^(e-1) - 1. `kind`: 'ieee' (top exponent field is inf/NaN),
    'fn' (only S.1111.111 is NaN: E4M3FN), 'finite' (no specials)."""

    def __init__(self, name, e, m, kind):
        self.name, self.e, self.m, self.kind = name, e, m, kind
        self.bits = 1 + e + m
        self.bias = 2 ** (e - 1) - 1
        # Every finite non-negative value with its encoding, by value.
        self.pos = []
        for enc in range(2 ** (e + m)):
            v = self.value(enc)
            if v is not NAN and v != math.inf:
                self.pos.append((v, enc))
        self.pos.sort()
        self.by_enc = [self.decode(enc) for enc in range(2 ** self.bits)]
        self.vals = [v for v, _ in self.pos]
        self.max = self.vals[-1]

    def value(self, enc):
        return self.by_enc[enc] if hasattr(self, 'by_enc') else self.decode(enc)

    def decode(self, enc):
        sign = -1 if enc >> (self.e + self.m) & 1 else 1
        field = enc >> self.m & (2 ** self.e - 1)
        frac = enc & (2 ** self.m - 1)
        top = 2 ** self.e - 1
        if self.kind == 'ieee' and field == top:
            return NAN if frac else sign * math.inf
        if self.kind == 'fn' and field == top and frac == 2 ** self.m - 1:
            return NAN
        if field == 0:
            mag = Q(frac, 2 ** self.m) * Q(2) ** (1 - self.bias)
        else:
            mag = (1 + Q(frac, 2 ** self.m)) * Q(2) ** (field - self.bias)
        return sign * mag

    def sign_bit(self):
        return 1 << (self.e + self.m)

    def nan(self):
        """The encoding of a positive quiet NaN."""
        if self.kind == 'ieee':
            return ((2 ** self.e - 1) << self.m) | (1 << (self.m - 1))
        if self.kind == 'fn':
            return (1 << (self.e + self.m)) - 1
        return None


E4M3 = Fmt('float8_e4m3fn', 4, 3, 'fn')
E5M2 = Fmt('float8_e5m2', 5, 2, 'ieee')
E2M3 = Fmt('float6_e2m3fn', 2, 3, 'finite')
E3M2 = Fmt('float6_e3m2fn', 3, 2, 'finite')
E2M1 = Fmt('float4_e2m1fn', 2, 1, 'finite')
F16 = Fmt('float16', 5, 10, 'ieee')

ROUNDINGS = ['nearest_even', 'nearest_away', 'toward_zero', 'toward_positive',
             'toward_negative']


def round_mag(a, vals, rounding, negative, even):
    """The index in the sorted magnitudes `vals` of |x| = a (a Fraction,
    at most the largest) rounded by `rounding` for a value of this sign;
    `even(i)` says whether the i-th magnitude counts as even."""
    i = bisect_left(vals, a)
    if i < len(vals) and vals[i] == a:
        return i
    lo, hi = i - 1, i  # vals[lo] < a < vals[hi]
    if rounding == 'toward_zero':
        return lo
    if rounding == 'toward_positive':
        return lo if negative else hi
    if rounding == 'toward_negative':
        return hi if negative else lo
    d_lo, d_hi = a - vals[lo], vals[hi] - a
    if d_lo != d_hi:
        return lo if d_lo < d_hi else hi
    if rounding == 'nearest_away':
        return hi
    return lo if even(lo) else hi


def store_clamped(fmt, x, rounding='nearest_even'):
    """The encoding of the finite Fraction x stored into fmt by rounding,
    with the exponent unbounded, then clamped to ± the largest finite
    value (the block rule: never an infinity or a NaN)."""
    negative = x < 0 or (x == 0 and isinstance(x, NegZero))
    a = min(abs(Q(x)), fmt.max)
    i = round_mag(a, fmt.vals, rounding, negative, lambda k: fmt.pos[k][1] & 1 == 0)
    return fmt.pos[i][1] | (fmt.sign_bit() if negative else 0)


class NegZero(Q):
    """-0, which Fraction cannot tell from 0."""

    def __new__(cls):
        return super().__new__(cls, 0)


def frac_of_double(d):
    """A float as an exact Fraction, NegZero for -0.0, or NAN / ±inf."""
    if math.isnan(d):
        return NAN
    if math.isinf(d):
        return d
    if d == 0 and math.copysign(1, d) < 0:
        return NegZero()
    return Q(d)


def is_neg(x):
    return x < 0 or isinstance(x, NegZero)


# {1 E8M0}

E8M0_NAN = 0xff


def e8m0_value(b):
    return NAN if b == 0xff else Q(2) ** (b - 127)


def floor_log2(a):
    """⌊log2 a⌋ of a positive Fraction."""
    p, q = a.numerator, a.denominator
    k = p.bit_length() - q.bit_length()
    # 2^(k-1) < p/q < 2^(k+1): one comparison decides.
    return k if (p << max(0, -k)) >= (q << max(0, k)) else k - 1


def e8m0_store(x, rounding='nearest_even'):
    """ocaml/block.mli's E8m0.of_float: the power of two nearest, ties up,
    clamped to [2^-127, 2^127]; zero, negatives and NaN give NaN."""
    if x is NAN or is_neg(x) or x == 0:
        return E8M0_NAN
    if x == math.inf:
        return 254
    k = floor_log2(x)
    lo, hi = Q(2) ** k, Q(2) ** (k + 1)
    if x == lo:
        r = k
    elif rounding in ('toward_zero', 'toward_negative'):
        r = k
    elif rounding == 'toward_positive':
        r = k + 1
    else:
        r = k + 1 if x - lo >= hi - x else k
    return max(-127, min(127, r)) + 127


# {1 OCP MX}

# Element formats: (format or None for MXINT8, emax, largest value, its
# fraction bits), from OCP MX v1.0 §5.
MX = {
    'mxfp8_e4m3': (E4M3, 8, Q(448), 3),
    'mxfp8_e5m2': (E5M2, 15, Q(57344), 2),
    'mxfp6_e2m3': (E2M3, 2, Q(15, 2), 3),
    'mxfp6_e3m2': (E3M2, 4, Q(28), 2),
    'mxfp4': (E2M1, 2, Q(6), 1),
    'mxint8': (None, 0, Q(127, 64), 6),
}


def round_frac_bits(a, f):
    """a rounded to f fraction bits (relative to its binade), ties away."""
    k = floor_log2(a)
    unit = Q(2) ** (k - f)
    n = a / unit
    r = math.floor(n)
    if n - r >= Q(1, 2):
        r += 1
    return r * unit


def scale_exponent(policy, amax, emax, mx, f):
    """The E8M0 exponent of a block of largest magnitude amax (> 0)."""
    if policy == 'floor':
        k = floor_log2(amax) - emax
    elif policy == 'ceil':
        l = floor_log2(amax)
        k = (l if Q(2) ** l == amax else l + 1) - emax
    elif policy == 'even':
        k = floor_log2(round_frac_bits(amax, f)) - emax
    elif policy == 'rceil':
        k = -200
        while mx * Q(2) ** k < amax:
            k += 1
        # the least such k: step down while it still holds
        while mx * Q(2) ** (k - 1) >= amax:
            k -= 1
    else:
        raise ValueError(policy)
    return max(-127, min(127, k))


def round_integer(y, rounding):
    """The Fraction y rounded to an integer."""
    fl = math.floor(y)
    if y == fl:
        return fl
    if rounding == 'toward_zero':
        return fl if y > 0 else fl + 1
    if rounding == 'toward_positive':
        return fl + 1
    if rounding == 'toward_negative':
        return fl
    d = y - fl
    if d != Q(1, 2):
        return fl if d < Q(1, 2) else fl + 1
    if rounding == 'nearest_away':
        return fl + 1 if y > 0 else fl
    return fl if fl % 2 == 0 else fl + 1


def mx_block(scheme, xs, policy='floor', rounding='nearest_even'):
    """(scale byte, element codes) of one OCP MX block of values xs
    (Fractions, NegZero, NAN or ±inf)."""
    fmt, emax, mx, f = MX[scheme]
    if any(x is NAN or x in (math.inf, -math.inf) for x in xs):
        return E8M0_NAN, [0] * len(xs)
    amax = max(abs(Q(x)) for x in xs)
    k = -127 if amax == 0 else scale_exponent(policy, amax, emax, mx, f)
    X = Q(2) ** k
    codes = []
    for x in xs:
        y = Q(x) / X
        if fmt is None:
            v = max(-127, min(127, round_integer(y * 64, rounding)))
            codes.append(v & 0xff)
        else:
            codes.append(store_clamped(fmt, NegZero() if isinstance(x, NegZero) else y, rounding))
    return k + 127, codes


# {1 NVFP4}

def f32_nearest(x):
    """The float32 nearest the positive Fraction x, ties to even, as a
    Fraction (no overflow in the uses here)."""
    k = floor_log2(x)
    e = max(k, -126) - 23
    n = x / Q(2) ** e
    r = round_integer(n, 'nearest_even')
    return r * Q(2) ** e


F32_MAX = (2 - Q(2) ** -23) * Q(2) ** 127


def nvfp4_tensor_scale(xs):
    """ModelOpt's weight_scale_2, exactly: the largest finite magnitude
    over 2688, rounded once to float32 (saturating: only float64 values
    reach past it); 1 if zero."""
    finite = [abs(Q(x)) for x in xs if x is not NAN and x not in (math.inf, -math.inf)]
    a = max(finite, default=Q(0))
    if a == 0:
        return Q(1)
    s = min(f32_nearest(a / 2688), F32_MAX)
    return s if s != 0 else Q(1)


def nvfp4_block(xs, st, rounding='nearest_even'):
    """(E4M3 scale byte, E2M1 codes) of one NVFP4 block under the tensor
    scale st."""
    if any(x is NAN or x in (math.inf, -math.inf) for x in xs):
        return E4M3.nan(), [0] * len(xs)
    amax = max(abs(Q(x)) for x in xs)
    sb = store_clamped(E4M3, amax / (6 * st))
    if E4M3.value(sb) < Q(1, 512):
        sb = 0x01
    d = E4M3.value(sb) * st
    codes = [store_clamped(E2M1, NegZero() if isinstance(x, NegZero) else Q(x) / d, rounding)
             for x in xs]
    return sb, codes


# {1 ggml}

def f16_store_sat(x):
    """The float16 encoding of the Fraction x, nearest even, saturating to
    ±65504."""
    return store_clamped(F16, x)


def ggml_q8_0(xs, rounding='nearest_even'):
    if any(x is NAN or x in (math.inf, -math.inf) for x in xs):
        return bytes(struct.pack('<H', 0x7e00)) + bytes(32)
    amax = max(abs(Q(x)) for x in xs)
    ds = f16_store_sat(amax / 127)
    d = F16.value(ds)
    qs = [0 if d == 0 else max(-127, min(127, round_integer(Q(x) / d, rounding))) & 0xff for x in xs]
    return struct.pack('<H', ds) + bytes(qs)


def pair_halves(codes):
    h = len(codes) // 2
    return bytes(codes[j] | codes[j + h] << 4 for j in range(h))


def ggml_q4_0(xs, rounding='nearest_even'):
    if any(x is NAN or x in (math.inf, -math.inf) for x in xs):
        return struct.pack('<H', 0x7e00) + pair_halves([8] * 32)
    amax = max(abs(Q(x)) for x in xs)
    m = next(x for x in xs if abs(Q(x)) == amax)  # the first, a signed zero too
    dm = NegZero() if m == 0 and not is_neg(m) else Q(0) if m == 0 else Q(m) / -8
    ds = f16_store_sat(dm)
    d = F16.value(ds)
    qs = [8 if d == 0 else max(-8, min(7, round_integer(Q(x) / d, rounding))) + 8 for x in xs]
    return struct.pack('<H', ds) + pair_halves(qs)


def ggml_mxfp4(xs, policy='floor', rounding='nearest_even'):
    s, codes = mx_block('mxfp4', xs, policy, rounding)
    return bytes([s]) + pair_halves(codes)


def ue4m3_ggml(b):
    """ggml_ue4m3_to_fp32 without its factor 1/2."""
    if b in (0, 0x7f):
        return Q(0)
    field, frac = b >> 3 & 0xf, b & 7
    if field == 0:
        return Q(frac, 512)
    return (8 + frac) * Q(2) ** (field - 10)


def ggml_nvfp4(xs, rounding='nearest_even'):
    """36 bytes of a block of 64, or None if a value is not finite."""
    if any(x is NAN or x in (math.inf, -math.inf) for x in xs):
        return None
    scales, qs = [], b''
    for s in range(4):
        sub = xs[16 * s:16 * s + 16]
        amax = max(abs(Q(x)) for x in sub)
        sb = store_clamped(E4M3, amax / 6)
        d = ue4m3_ggml(sb)
        codes = [(0x8 if is_neg(x) else 0) if d == 0 else
                 store_clamped(E2M1, NegZero() if isinstance(x, NegZero) else Q(x) / d, rounding)
                 for x in sub]
        scales.append(sb)
        qs += pair_halves(codes)
    return bytes(scales) + qs


# {1 Dequantizing}

def dest_round(v, dst):
    """The encoding of the exact value v (Fraction, NegZero, ±inf or NAN)
    stored into the small format of dst by the Stores rule: rounded once,
    an infinity past the largest value plus half its ulp where the format
    has one, else saturated; NaN the format's (+0 where it has none)."""
    fmt = DEST[dst]
    if v is NAN:
        return fmt.nan() if fmt.nan() is not None else 0
    negative = is_neg(v)
    inf = ((2 ** fmt.e - 1) << fmt.m) | (fmt.sign_bit() if negative else 0)
    if v in (math.inf, -math.inf):
        return inf if fmt.kind == 'ieee' else store_clamped(fmt, -fmt.max if negative else fmt.max)
    a = abs(Q(v))
    ulp = Q(2) ** (floor_log2(fmt.max) - fmt.m)
    if fmt.kind == 'ieee' and a >= fmt.max + ulp / 2:
        return inf
    return store_clamped(fmt, v)


class BigFmt:
    """float32, bfloat16 and float64 destinations: too large to enumerate,
    rounded by arithmetic instead."""

    def __init__(self, e, m):
        self.e, self.m, self.kind = e, m, 'ieee'
        self.bias = 2 ** (e - 1) - 1
        self.max = (2 - Q(2) ** -m) * Q(2) ** self.bias

    def sign_bit(self):
        return 1 << (self.e + self.m)

    def nan(self):
        return ((2 ** self.e - 1) << self.m) | (1 << (self.m - 1))


def big_round(fmt, v):
    """The encoding of v (Fraction or NegZero) in a BigFmt, nearest even,
    overflowing to infinity, on the integers of v's fraction."""
    negative = is_neg(v)
    sign = fmt.sign_bit() if negative else 0
    a = abs(Q(v))
    if a == 0:
        return sign
    k = max(floor_log2(a), 1 - fmt.bias)
    # r = a / 2^(k - m), rounded: p × 2^(m - k) / q.
    sh = fmt.m - k
    p, q = a.numerator << max(0, sh), a.denominator << max(0, -sh)
    r, rem = divmod(p, q)
    if 2 * rem > q or (2 * rem == q and r % 2 == 1):
        r += 1
    if r == 2 ** (fmt.m + 1):
        r //= 2
        k += 1
    if k > fmt.bias:
        return sign | ((2 ** fmt.e - 1) << fmt.m)
    if r < 2 ** fmt.m:  # subnormal
        return sign | r
    return sign | ((k + fmt.bias) << fmt.m) | (r - 2 ** fmt.m)


DEST = {
    'float64': BigFmt(11, 52), 'float32': BigFmt(8, 23), 'bfloat16': BigFmt(8, 7),
    'float16': F16, 'float8_e4m3fn': E4M3, 'float8_e5m2': E5M2, 'float4_e2m1fn': E2M1,
}
DEST_BITS = {'float64': 64, 'float32': 32, 'bfloat16': 16, 'float16': 16,
             'float8_e4m3fn': 8, 'float8_e5m2': 8, 'float4_e2m1fn': 4}


def store_dest(v, dst):
    fmt = DEST[dst]
    if isinstance(fmt, BigFmt):
        if v is NAN:
            return fmt.nan()
        if v in (math.inf, -math.inf):
            return ((2 ** fmt.e - 1) << fmt.m) | (fmt.sign_bit() if v < 0 else 0)
        return big_round(fmt, v)
    return dest_round(v, dst)


def mul(*vs):
    """The exact product of values (Fractions, NegZero, ±inf as floats,
    NAN), IEEE's way for signs, infinities and NaN."""
    if any(v is NAN for v in vs):
        return NAN
    negative = False
    inf = zero = False
    p = Q(1)
    for v in vs:
        if isinstance(v, float):  # an infinity
            negative ^= v < 0
            inf = True
        else:
            negative ^= v < 0 or isinstance(v, NegZero)
            zero |= v == 0
            p *= v
    if inf:
        return NAN if zero else (-math.inf if negative else math.inf)
    if zero:
        return NegZero() if negative else Q(0)
    return -abs(p) if negative else abs(p)


def element_value(scheme, c):
    if scheme == 'mxint8':
        return Q(c - 256 if c >= 128 else c, 64)
    fmt = MX.get(scheme, (E2M1,))[0]
    v = fmt.value(c)
    if v is not NAN and v == 0 and c & fmt.sign_bit():
        return NegZero()
    return v


def pack_dest(encs, dst):
    """The bytes of encodings of dst, little-endian, 4-bit ones paired low
    first."""
    bits = DEST_BITS[dst]
    if bits == 4:
        return bytes(encs[i] | encs[i + 1] << 4 for i in range(0, len(encs), 2))
    return b''.join(e.to_bytes(bits // 8, 'little') for e in encs)


def dequantize_split(scheme, elements, scales, n, dst, st=Q(1)):
    """The bytes of n values of a split scheme stored into dst."""
    block = 16 if scheme == 'nvfp4' else 32
    if scheme in ('mxfp4', 'nvfp4'):
        codes = [b >> s & 0xf for b in elements for s in (0, 4)]
    else:
        codes = list(elements)
    out = []
    for i in range(n):
        sb = scales[i // block]
        if scheme == 'nvfp4':
            s = NegZero() if sb == 0x80 else E4M3.value(sb)
            v = mul(e2m1_signed(codes[i]), s, st)
        else:
            v = mul(element_value(scheme, codes[i]), e8m0_value(sb))
        out.append(store_dest(v, dst))
    return pack_dest(out, dst)


def f16_signed(bits):
    """A float16's value, NegZero for -0."""
    return NegZero() if bits == 0x8000 else F16.value(bits)


def unpair_halves(bs):
    return [b & 0xf for b in bs] + [b >> 4 for b in bs]


def e2m1_signed(c):
    return NegZero() if c == 8 else E2M1.value(c)


def dequantize_ggml(scheme, data, n, dst):
    out = []
    if scheme == 'ggml_q8_0':
        for b in range(n // 32):
            blk = data[34 * b:34 * b + 34]
            d = f16_signed(struct.unpack('<H', blk[:2])[0])
            for j in range(32):
                k = blk[2 + j] - 256 if blk[2 + j] >= 128 else blk[2 + j]
                out.append(store_dest(mul(Q(k), d), dst))
    elif scheme == 'ggml_q4_0':
        for b in range(n // 32):
            blk = data[18 * b:18 * b + 18]
            d = f16_signed(struct.unpack('<H', blk[:2])[0])
            for q in unpair_halves(blk[2:]):
                out.append(store_dest(mul(Q(q - 8), d), dst))
    elif scheme == 'ggml_mxfp4':
        for b in range(n // 32):
            blk = data[17 * b:17 * b + 17]
            d = e8m0_value(blk[0])
            for c in unpair_halves(blk[1:]):
                out.append(store_dest(mul(e2m1_signed(c), d), dst))
    elif scheme == 'ggml_nvfp4':
        for b in range(n // 64):
            blk = data[36 * b:36 * b + 36]
            for s in range(4):
                d = ue4m3_ggml(blk[s])
                for c in unpair_halves(blk[4 + 8 * s:12 + 8 * s]):
                    out.append(store_dest(mul(e2m1_signed(c), d), dst))
    return pack_dest(out, dst)
