//! Binary float formats: their layout, and the exact conversion of a double
//! into one (the Stores rule of `Nx_array.Dtype`) and back.
//!
//! Every format here is `sign | exponent | fraction` with exponent bias
//! `2^(exponent_bits-1) - 1`. They differ in what the top exponent field
//! means, which [`Specials`] says. The conversion works on the integers of
//! the double's encoding, so it rounds once and does not depend on the
//! floating-point environment.

/// What a format does with its largest exponent field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Specials {
    /// IEEE 754: infinities and NaNs in the top exponent field.
    Ieee,
    /// E4M3FN: no infinity; `S.1111.111` is NaN, the rest are finite.
    NanOnlyAllOnes,
    /// E2M1FN: every encoding is finite.
    FiniteOnly,
}

/// A binary float format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Format {
    pub exponent_bits: u32,
    pub fraction_bits: u32,
    pub specials: Specials,
}

pub const FLOAT64: Format = Format::new(11, 52, Specials::Ieee);
pub const FLOAT32: Format = Format::new(8, 23, Specials::Ieee);
pub const FLOAT16: Format = Format::new(5, 10, Specials::Ieee);
pub const BFLOAT16: Format = Format::new(8, 7, Specials::Ieee);
pub const FLOAT8_E4M3FN: Format = Format::new(4, 3, Specials::NanOnlyAllOnes);
pub const FLOAT8_E5M2: Format = Format::new(5, 2, Specials::Ieee);
pub const FLOAT4_E2M1FN: Format = Format::new(2, 1, Specials::FiniteOnly);

/// A float format as a type, for code compiled once per format with its
/// layout as constants: the kernels' element functions, and the stores of
/// [`crate::store()`] into Rust's types and `half`'s. The formats that no
/// Rust type holds have a type of their own, with no values.
pub trait Binary {
    /// The format's layout.
    const FORMAT: Format;
}

macro_rules! binary {
    ($($(#[$doc:meta])* $ty:ty = $format:ident;)*) => {$(
        $(#[$doc])*
        impl Binary for $ty {
            const FORMAT: Format = $format;
        }
    )*};
}

/// Float8_e4m3fn, as a type: its values are stored as bytes.
pub enum Float8E4m3fn {}
/// Float8_e5m2, as a type: its values are stored as bytes.
pub enum Float8E5m2 {}
/// Float4_e2m1fn, as a type: its values are stored as nibbles.
pub enum Float4E2m1fn {}

binary! {
    f64 = FLOAT64;
    f32 = FLOAT32;
    half::f16 = FLOAT16;
    half::bf16 = BFLOAT16;
    Float8E4m3fn = FLOAT8_E4M3FN;
    Float8E5m2 = FLOAT8_E5M2;
    Float4E2m1fn = FLOAT4_E2M1FN;
}

/// The layout of binary64, the source of every store: the one definition
/// of its masks, which every module reads.
pub mod binary64 {
    use super::FLOAT64;

    pub const FRACTION_BITS: u32 = FLOAT64.fraction_bits;
    pub const BIAS: i32 = FLOAT64.bias();
    pub const SIGN: u64 = FLOAT64.sign_bit();
    /// The exponent field's mask, shifted down.
    pub const FIELD_MAX: u64 = FLOAT64.exponent_field_max();
    pub const FRACTION_MASK: u64 = FLOAT64.fraction_mask();
    /// The encoding of +infinity; a magnitude above it is a NaN.
    pub const INFINITY: u64 = FLOAT64.infinity();
    pub const QUIET_BIT: u64 = 1 << (FRACTION_BITS - 1);
}

/// The layout of binary32, the kernels' intermediate format.
pub mod binary32 {
    use super::FLOAT32;

    pub const BIAS: i32 = FLOAT32.bias();
    pub const SIGN: u32 = FLOAT32.sign_bit() as u32;
    pub const FRACTION_MASK: u32 = FLOAT32.fraction_mask() as u32;
    /// The encoding of +infinity; a magnitude above it is a NaN.
    pub const INFINITY: u32 = FLOAT32.infinity() as u32;
    pub const QUIET_BIT: u32 = 1 << (FLOAT32.fraction_bits - 1);
}

use binary64::{BIAS as F64_BIAS, FIELD_MAX as F64_FIELD_MAX, FRACTION_BITS as F64_FRACTION};

crate::codes::coded_enum! {
    /// How a value that lies between two values of a format is rounded.
    pub enum Rounding {
        /// The Stores rule.
        NearestEven = 0,
        NearestAway = 1,
        TowardZero = 2,
        TowardPositive = 3,
        TowardNegative = 4,
    }
}

impl Rounding {
    /// Whether a result between two values rounds away from zero. `rem`
    /// is the discarded part, `half` the value of half a unit in the last
    /// place in the same scale; `odd` is the kept part's low bit.
    #[inline]
    fn rounds_up(self, negative: bool, odd: bool, rem: u64, half: u64) -> bool {
        match self {
            Rounding::NearestEven => rem > half || (rem == half && odd),
            Rounding::NearestAway => rem >= half,
            Rounding::TowardZero => false,
            Rounding::TowardPositive => rem != 0 && !negative,
            Rounding::TowardNegative => rem != 0 && negative,
        }
    }

    /// Whether rounding a value of this sign moves it away from zero,
    /// past the largest finite value.
    #[inline]
    fn outward(self, negative: bool) -> bool {
        match self {
            Rounding::NearestEven | Rounding::NearestAway => true,
            Rounding::TowardZero => false,
            Rounding::TowardPositive => !negative,
            Rounding::TowardNegative => negative,
        }
    }
}

/// What happened to a stored value, beyond its encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The encoding's value is the value stored (a NaN for a NaN).
    Exact,
    /// The value was rounded to a neighbour within the format's range.
    Inexact,
    /// A finite value rounded past the largest finite value, or an
    /// infinity went into a format without one: the encoding is the
    /// infinity, the largest finite value or the NaN the rounding gives.
    Overflow,
}

/// An encoding and how it came about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stored {
    pub bits: u64,
    pub outcome: Outcome,
}

impl Format {
    pub const fn new(exponent_bits: u32, fraction_bits: u32, specials: Specials) -> Format {
        Format {
            exponent_bits,
            fraction_bits,
            specials,
        }
    }

    /// The width of an encoding.
    pub const fn bits(&self) -> u32 {
        1 + self.exponent_bits + self.fraction_bits
    }

    pub const fn bias(&self) -> i32 {
        (1 << (self.exponent_bits - 1)) - 1
    }

    /// The exponent of the least normal value.
    pub const fn min_exponent(&self) -> i32 {
        1 - self.bias()
    }

    pub const fn sign_bit(&self) -> u64 {
        1 << (self.exponent_bits + self.fraction_bits)
    }

    pub const fn exponent_field_max(&self) -> u64 {
        (1 << self.exponent_bits) - 1
    }

    pub const fn fraction_mask(&self) -> u64 {
        (1 << self.fraction_bits) - 1
    }

    pub const fn infinities(&self) -> bool {
        matches!(self.specials, Specials::Ieee)
    }

    pub const fn nans(&self) -> bool {
        !matches!(self.specials, Specials::FiniteOnly)
    }

    /// The encoding of +infinity, in a format that has one.
    pub const fn infinity(&self) -> u64 {
        self.exponent_field_max() << self.fraction_bits
    }

    /// The encoding of the largest finite value.
    pub const fn max_finite(&self) -> u64 {
        match self.specials {
            Specials::Ieee => self.infinity() - 1,
            Specials::NanOnlyAllOnes => (self.sign_bit() - 1) - 1,
            Specials::FiniteOnly => self.sign_bit() - 1,
        }
    }

    /// The encoding of the canonical quiet NaN of a sign, in a format that
    /// has NaNs.
    pub const fn quiet_nan(&self, negative: bool) -> u64 {
        let sign = if negative { self.sign_bit() } else { 0 };
        match self.specials {
            Specials::Ieee => sign | self.infinity() | (1 << (self.fraction_bits - 1)),
            _ => sign | (self.sign_bit() - 1),
        }
    }

    /// Whether `bits` encodes a NaN.
    pub const fn is_nan(&self, bits: u64) -> bool {
        let mag = bits & (self.sign_bit() - 1);
        match self.specials {
            Specials::Ieee => mag > self.infinity(),
            Specials::NanOnlyAllOnes => mag == self.sign_bit() - 1,
            Specials::FiniteOnly => false,
        }
    }

    /// The value of the encoding `bits` (its low [`Format::bits`] bits), as
    /// a double. Exact: every value of every format here is a double. A NaN
    /// keeps its sign and its fraction as the top of the double's fraction,
    /// so a signalling NaN stays signalling.
    pub fn decode(&self, bits: u64) -> f64 {
        let f = self.fraction_bits;
        let negative = bits & self.sign_bit() != 0;
        let sign = if negative { binary64::SIGN } else { 0 };
        let field = (bits >> f) & self.exponent_field_max();
        let fraction = bits & self.fraction_mask();
        let widen = F64_FRACTION - f;
        if self.is_nan(bits) || (self.infinities() && field == self.exponent_field_max()) {
            return f64::from_bits(sign | (F64_FIELD_MAX << F64_FRACTION) | (fraction << widen));
        }
        let magnitude = if field == 0 {
            // A subnormal: fraction * 2^(min_exponent - f), a product of a
            // small integer and a power of two, both exact.
            fraction as f64 * pow2(self.min_exponent() - f as i32)
        } else {
            let exponent = field as i32 - self.bias() + F64_BIAS;
            f64::from_bits(((exponent as u64) << F64_FRACTION) | (fraction << widen))
        };
        f64::from_bits(sign | magnitude.to_bits())
    }

    /// The encoding of `x` stored into this format by the Stores rule,
    /// generalised to every rounding: a finite `x` rounds once to the
    /// nearest value (in the direction `rounding` says) with the exponent
    /// unbounded above, then a result past the largest finite value is an
    /// infinity where the format has one, else the largest finite value when
    /// rounding toward it and a NaN when rounding outward (E2M1FN, having no
    /// NaN, saturates). With [`Rounding::NearestEven`] this is exactly the
    /// Stores rule.
    pub fn encode(&self, x: f64, rounding: Rounding) -> Stored {
        let xb = x.to_bits();
        let negative = xb >> 63 != 0;
        let sign = if negative { self.sign_bit() } else { 0 };
        let field = (xb >> F64_FRACTION) & F64_FIELD_MAX;
        let fraction = xb & binary64::FRACTION_MASK;
        if field == F64_FIELD_MAX {
            if fraction != 0 {
                return Stored {
                    bits: self.nan(negative, fraction),
                    outcome: Outcome::Exact,
                };
            }
            if self.infinities() {
                return Stored {
                    bits: sign | self.infinity(),
                    outcome: Outcome::Exact,
                };
            }
            return Stored {
                bits: self.overflow(negative, rounding),
                outcome: Outcome::Overflow,
            };
        }
        // |x| = m * 2^q with m < 2^53 (m = 0 for a zero).
        let (m, q) = if field == 0 {
            (fraction, 1 - F64_BIAS - F64_FRACTION as i32)
        } else {
            let q = field as i32 - F64_BIAS - F64_FRACTION as i32;
            (fraction | (1 << F64_FRACTION), q)
        };
        self.encode_exact(negative, m, q, rounding)
    }

    /// The encoding of the exact value `±m × 2^q` (any `m`, zero included),
    /// rounded once as [`Format::encode`] says: the store of an integer, or
    /// of a double taken apart.
    pub fn encode_exact(&self, negative: bool, m: u64, q: i32, rounding: Rounding) -> Stored {
        let sign = if negative { self.sign_bit() } else { 0 };
        if m == 0 {
            let outcome = Outcome::Exact;
            return Stored {
                bits: sign,
                outcome,
            };
        }
        let f = self.fraction_bits as i32;
        let exponent = q + 63 - m.leading_zeros() as i32; // floor(log2 |x|)
                                                          // The result is r * 2^quantum, r < 2^(f+1): the quantum is the
                                                          // format's unit in the last place at x's binade, or at the least
                                                          // normal binade for a subnormal result.
        let mut quantum = exponent.max(self.min_exponent()) - f;
        let shift = quantum - q;
        let (mut r, inexact) = if shift <= 0 {
            // Exact: r < 2^(f+1) as |x| < 2^(exponent+1), so the shift
            // is at most f+1 <= 53 places.
            (m << (-shift) as u32, false)
        } else if shift > 64 {
            // |x| < 2^64 * 2^q <= half of 2^quantum: below half an ulp.
            (u64::from(rounding.rounds_up(negative, false, 1, 2)), true)
        } else {
            let wide = u128::from(m);
            let kept = (wide >> shift) as u64;
            let rem = wide & ((1u128 << shift) - 1);
            // Compare the discarded part with half an ulp on 64 bits: for
            // the widest shifts, halve both and fold the lost bit into a
            // sticky bit, which keeps every comparison's outcome.
            let (rem, half) = if shift > 63 {
                ((rem >> 1) as u64 | (rem & 1) as u64, 1u64 << 62)
            } else {
                (rem as u64, 1u64 << (shift - 1))
            };
            let up = rounding.rounds_up(negative, kept & 1 != 0, rem, half);
            (kept + u64::from(up), rem != 0)
        };
        if r == 1 << (f + 1) {
            r >>= 1;
            quantum += 1;
        }
        let outcome = if inexact {
            Outcome::Inexact
        } else {
            Outcome::Exact
        };
        let magnitude = if r < 1 << f {
            r // subnormal or zero: the exponent field is 0
        } else {
            let field = (quantum + f + self.bias()) as u64;
            (field << f) | (r & self.fraction_mask())
        };
        if magnitude > self.max_finite() {
            let bits = self.overflow(negative, rounding);
            return Stored {
                bits,
                outcome: Outcome::Overflow,
            };
        }
        Stored {
            bits: sign | magnitude,
            outcome,
        }
    }

    /// The encoding a result past the largest finite value takes.
    fn overflow(&self, negative: bool, rounding: Rounding) -> u64 {
        let sign = if negative { self.sign_bit() } else { 0 };
        let outward = rounding.outward(negative);
        match self.specials {
            Specials::Ieee if outward => sign | self.infinity(),
            Specials::NanOnlyAllOnes if outward && !is_nearest(rounding) => {
                self.quiet_nan(negative)
            }
            _ => sign | self.max_finite(),
        }
    }

    /// The NaN a NaN stores as: the quiet NaN of its sign that keeps the top
    /// of its payload, in formats with IEEE NaNs; the one NaN of its sign in
    /// E4M3FN; +0 in E2M1FN, which has none.
    fn nan(&self, negative: bool, fraction: u64) -> u64 {
        match self.specials {
            Specials::Ieee => {
                let payload =
                    (fraction & (binary64::QUIET_BIT - 1)) >> (F64_FRACTION - self.fraction_bits);
                self.quiet_nan(negative) | payload
            }
            Specials::NanOnlyAllOnes => self.quiet_nan(negative),
            Specials::FiniteOnly => 0,
        }
    }

    /// The least positive normal value, as a double.
    pub fn min_normal(&self) -> f64 {
        pow2(self.min_exponent())
    }

    /// The gap between 1 and the next value, as a double.
    pub fn epsilon(&self) -> f64 {
        pow2(-(self.fraction_bits as i32))
    }

    /// The largest finite value, as a double.
    pub fn max_finite_value(&self) -> f64 {
        self.decode(self.max_finite())
    }
}

fn is_nearest(rounding: Rounding) -> bool {
    matches!(rounding, Rounding::NearestEven | Rounding::NearestAway)
}

/// 2^e for -1074 <= e <= 1023, exactly.
pub fn pow2(e: i32) -> f64 {
    debug_assert!((-1074..=1023).contains(&e));
    if e >= -1022 {
        f64::from_bits(((e + F64_BIAS) as u64) << F64_FRACTION)
    } else {
        f64::from_bits(1 << (e + 1074))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Xorshift;

    const SMALL: [&Format; 5] = [
        &FLOAT16,
        &BFLOAT16,
        &FLOAT8_E4M3FN,
        &FLOAT8_E5M2,
        &FLOAT4_E2M1FN,
    ];

    fn store(fmt: &Format, x: f64) -> u64 {
        fmt.encode(x, Rounding::NearestEven).bits
    }

    #[test]
    fn facts_of_each_format() {
        assert_eq!(FLOAT8_E4M3FN.max_finite_value(), 448.0);
        assert_eq!(FLOAT8_E5M2.max_finite_value(), 57344.0);
        assert_eq!(FLOAT4_E2M1FN.max_finite_value(), 6.0);
        assert_eq!(FLOAT16.max_finite_value(), 65504.0);
        assert_eq!(
            BFLOAT16.max_finite_value(),
            f64::from(f32::from_bits(0x7f7f0000))
        );
        assert_eq!(FLOAT32.max_finite_value(), f64::from(f32::MAX));
        assert_eq!(FLOAT64.max_finite_value(), f64::MAX);
        assert_eq!(FLOAT32.min_normal(), f64::from(f32::MIN_POSITIVE));
        assert_eq!(FLOAT4_E2M1FN.min_normal(), 1.0);
        assert_eq!(FLOAT16.epsilon(), 2f64.powi(-10));
    }

    #[test]
    fn test_double_rounding_traps() {
        let p = |e: i32| 2f64.powi(e);
        assert_eq!(store(&BFLOAT16, 1.0 + p(-8) + p(-40)), 0x3f81);
        assert_eq!(store(&FLOAT16, 2047.4999999850988), 0x67ff);
        assert_eq!(store(&FLOAT16, 1.0 + p(-11) + p(-40)), 0x3c01);
        assert_eq!(store(&FLOAT8_E4M3FN, -431.99999999999994), 0xfd);
        assert_eq!(FLOAT8_E4M3FN.decode(0xfd), -416.0);
        assert_eq!(
            FLOAT4_E2M1FN.decode(store(&FLOAT4_E2M1FN, 2.5 + p(-30))),
            3.0
        );
    }

    #[test]
    fn test_overflow_thresholds() {
        assert_eq!(FLOAT16.decode(store(&FLOAT16, 65519.0)), 65504.0);
        assert_eq!(store(&FLOAT16, 65520.0), 0x7c00);
        assert_eq!(store(&FLOAT8_E5M2, 61440.0), 0x7c);
        assert_eq!(store(&FLOAT8_E5M2, 61439.99), 0x7b);
        assert_eq!(store(&FLOAT8_E4M3FN, 1e300), 0x7e);
        assert_eq!(store(&FLOAT8_E4M3FN, f64::NEG_INFINITY), 0xfe);
        assert_eq!(store(&FLOAT4_E2M1FN, 7.0), 0x7);
        assert_eq!(store(&FLOAT4_E2M1FN, -f64::INFINITY), 0xf);
    }

    #[test]
    fn test_nan_rule() {
        let snan = f64::from_bits(0x7ff0_0000_0000_0001 | (0b01 << 50));
        assert_eq!(store(&FLOAT64, snan), snan.to_bits() | binary64::QUIET_BIT);
        assert_eq!(store(&FLOAT8_E5M2, snan), 0x7f);
        assert_eq!(store(&FLOAT8_E5M2, -f64::NAN), 0xfe);
        assert_eq!(store(&FLOAT8_E4M3FN, -f64::NAN), 0xff);
        assert_eq!(store(&FLOAT8_E4M3FN, f64::NAN), 0x7f);
        assert_eq!(store(&FLOAT4_E2M1FN, -f64::NAN), 0x0);
        assert_eq!(
            store(
                &FLOAT16,
                f64::from_bits(0xfff8_0000_0000_0000 | (0x155 << 42))
            ),
            0xff55
        );
    }

    #[test]
    fn test_switch_to_subnormal() {
        // The least subnormal and half of it, which ties to even (zero).
        assert_eq!(store(&FLOAT16, 2f64.powi(-24)), 1);
        assert_eq!(store(&FLOAT16, 2f64.powi(-25)), 0);
        assert_eq!(store(&FLOAT16, -2f64.powi(-25) * 1.0000001), 0x8001);
        assert_eq!(
            store(&FLOAT16, 2f64.powi(-14) * (1.0 - 2f64.powi(-12))),
            0x0400
        );
        assert_eq!(store(&FLOAT16, f64::from_bits(1)), 0);
        assert_eq!(store(&FLOAT32, f64::from_bits(1)), 0);
        assert_eq!(store(&FLOAT64, f64::from_bits(1)), 1);
    }

    #[test]
    fn test_boundary_round_even() {
        // 1 + half an ulp ties to 1; 1 + 3 half ulps ties to 1 + 2 ulps.
        for fmt in SMALL {
            let ulp = fmt.epsilon();
            assert_eq!(fmt.decode(store(fmt, 1.0 + ulp / 2.0)), 1.0);
            assert_eq!(fmt.decode(store(fmt, 1.0 + 1.5 * ulp)), 1.0 + 2.0 * ulp);
        }
    }

    #[test]
    fn hardware_float32_agrees() {
        let mut rng = Xorshift::new(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200_000 {
            let state = rng.next_u64();
            let x = f64::from_bits(state);
            assert_eq!(store(&FLOAT32, x), u64::from((x as f32).to_bits()), "{x:e}");
        }
    }

    #[test]
    fn integers_round_once() {
        let mut rng = Xorshift::new(0x853c_49e6_748f_ea9b);
        for i in 0..200_000u32 {
            let state = rng.next_u64();
            // All widths: shift the random bits down by a varying amount.
            let u = state >> (i % 64);
            let s = u as i64;
            let enc = |fmt: &Format, v: i64| {
                fmt.encode_exact(v < 0, v.unsigned_abs(), 0, Rounding::NearestEven)
                    .bits
            };
            assert_eq!(
                FLOAT32
                    .encode_exact(false, u, 0, Rounding::NearestEven)
                    .bits,
                u64::from((u as f32).to_bits())
            );
            assert_eq!(enc(&FLOAT32, s), u64::from((s as f32).to_bits()), "{s}");
            assert_eq!(enc(&FLOAT64, s), (s as f64).to_bits(), "{s}");
            assert_eq!(
                FLOAT64
                    .encode_exact(false, u, 0, Rounding::NearestEven)
                    .bits,
                (u as f64).to_bits()
            );
        }
        // 2^64 - 1 into binary16 overflows; into bfloat16 it is 2^64.
        assert_eq!(
            FLOAT16
                .encode_exact(false, u64::MAX, 0, Rounding::NearestEven)
                .bits,
            0x7c00
        );
        assert_eq!(
            BFLOAT16
                .encode_exact(true, u64::MAX, 0, Rounding::NearestEven)
                .bits,
            0xdf80
        );
        assert_eq!(
            FLOAT8_E4M3FN
                .encode_exact(false, 1 << 63, -60, Rounding::NearestEven)
                .bits,
            0x50
        );
    }

    #[test]
    fn decode_then_store_is_identity_exhaustively() {
        for fmt in SMALL {
            for bits in 0..1u64 << fmt.bits() {
                let x = fmt.decode(bits);
                let quiet_bit = 1 << (fmt.fraction_bits - 1);
                let expect = if fmt.is_nan(bits) && fmt.specials == Specials::Ieee {
                    bits | quiet_bit
                } else {
                    bits
                };
                for rounding in Rounding::ALL {
                    assert_eq!(fmt.encode(x, rounding).bits, expect, "{fmt:?} {bits:#x}");
                }
            }
        }
    }

    #[test]
    fn directed_rounding_past_the_range() {
        use Rounding::*;
        let big = 1e10;
        assert_eq!(FLOAT16.encode(big, TowardZero).bits, 0x7bff);
        assert_eq!(FLOAT16.encode(-big, TowardPositive).bits, 0xfbff);
        assert_eq!(FLOAT16.encode(-big, TowardNegative).bits, 0xfc00);
        assert_eq!(FLOAT8_E4M3FN.encode(big, TowardPositive).bits, 0x7f);
        assert_eq!(FLOAT8_E4M3FN.encode(big, NearestAway).bits, 0x7e);
        assert_eq!(FLOAT8_E4M3FN.encode(-big, TowardPositive).bits, 0xfe);
        assert_eq!(FLOAT4_E2M1FN.encode(big, TowardPositive).bits, 0x7);
        assert_eq!(FLOAT16.encode(1e-10, TowardPositive).bits, 1);
        assert_eq!(FLOAT16.encode(-1e-10, TowardPositive).bits, 0x8000);
        assert_eq!(FLOAT16.encode(2.5 * 2f64.powi(-24), NearestAway).bits, 3);
    }
}
