//! The formats inside blocks: E8M0, the scale of OCP MX; the 6-bit floats
//! E2M3 and E3M2; ggml's unsigned E4M3; and the element and scale formats
//! of every scheme, with the facts the kernels need.

use crate::format::{
    pow2, Binary, Format, Rounding, Specials, FLOAT16, FLOAT4_E2M1FN, FLOAT8_E4M3FN, FLOAT8_E5M2,
};

/// OCP MX FP6 E2M3: bias 1, no infinity, no NaN; largest value 7.5.
pub const FLOAT6_E2M3FN: Format = Format::new(2, 3, Specials::FiniteOnly);
/// OCP MX FP6 E3M2: bias 3, no infinity, no NaN; largest value 28.
pub const FLOAT6_E3M2FN: Format = Format::new(3, 2, Specials::FiniteOnly);

/// Float6_e2m3fn, as a type for the kernels' element functions: its
/// values are stored as bytes.
pub enum Float6E2m3fn {}
/// Float6_e3m2fn, as a type, as above.
pub enum Float6E3m2fn {}

impl Binary for Float6E2m3fn {
    const FORMAT: Format = FLOAT6_E2M3FN;
}

impl Binary for Float6E3m2fn {
    const FORMAT: Format = FLOAT6_E3M2FN;
}

crate::codes::coded_enum! {
    /// The formats of single values that are not dtypes, as
    /// `Nx_array.Block` stores and loads them (`Block_format` in
    /// `ocaml/core/nx_codes.ml`).
    pub enum Single {
        E8m0 = 0,
        Float6E2m3fn = 1,
        Float6E3m2fn = 2,
        /// ggml's unsigned E4M3: loads only.
        Ue4m3 = 3,
    }
}

/// E8M0 (OCP MX v1.0 §5.4.1): eight exponent bits, bias 127, no sign, no
/// fraction; the byte `b` is 2^(b-127) for b < 255 and 255 is NaN. No
/// zero, no infinity.
pub mod e8m0 {
    use super::*;

    pub const BIAS: i32 = 127;
    pub const NAN: u8 = 0xff;
    /// The exponents of the least and the largest value.
    pub const MIN_EXPONENT: i32 = -127;
    pub const MAX_EXPONENT: i32 = 127;

    /// The value of the byte `b`.
    pub fn decode(b: u8) -> f64 {
        if b == NAN {
            f64::NAN
        } else {
            pow2(i32::from(b) - BIAS)
        }
    }

    /// The byte of the exponent `k`, which is in range.
    pub fn of_exponent(k: i32) -> u8 {
        debug_assert!((MIN_EXPONENT..=MAX_EXPONENT).contains(&k));
        (k + BIAS) as u8
    }

    /// The E8M0 store of `x`: a positive value rounds to a power of two as
    /// `rounding` says; a tie between 2^k and 2^(k+1), at 1.5 × 2^k,
    /// goes to 2^(k+1) under both nearest roundings (both neighbours have
    /// the significand 1, which is odd). Below 2^-127 every positive value
    /// stores as 2^-127, there being no zero; past the range values and
    /// +∞ saturate to 2^127, the library's rule for formats without an
    /// infinity. A zero, a negative value or a NaN, which E8M0 has no
    /// value near, stores as the NaN.
    pub fn encode(x: f64, rounding: Rounding) -> u8 {
        if x.is_nan() || x <= 0.0 {
            return NAN;
        }
        if x.is_infinite() {
            return of_exponent(MAX_EXPONENT);
        }
        let (m, q) = super::super::exact::parts(x);
        let l = q + 63 - m.leading_zeros() as i32; // floor(log2 x)
        let exact = m.is_power_of_two();
        // The comparison with the midpoint 1.5 × 2^l, on the significand
        // normalised to 64 bits: 1.1000… is the midpoint.
        let top = m << m.leading_zeros();
        let mid = 0xc000_0000_0000_0000u64;
        let up = !exact
            && match rounding {
                Rounding::NearestEven | Rounding::NearestAway => top >= mid,
                Rounding::TowardPositive => true,
                Rounding::TowardZero | Rounding::TowardNegative => false,
            };
        let k = l + i32::from(up);
        of_exponent(k.clamp(MIN_EXPONENT, MAX_EXPONENT))
    }
}

/// ggml's unsigned E4M3, the scale of its NVFP4 blocks, as
/// `ggml_ue4m3_to_fp32` reads it (without the factor 1/2 ggml folds into
/// it for its doubled E2M1 values): bit 7 is ignored, the bytes 0x00 and
/// 0x7F read 0, every other byte the E4M3 magnitude of its low 7 bits (so
/// 0xFF reads 480).
pub fn ue4m3_ggml(b: u8) -> f64 {
    let field = i32::from((b >> 3) & 0xf);
    let fraction = f64::from(b & 0x7);
    if b == 0x7f {
        0.0
    } else if field == 0 {
        fraction * pow2(-9)
    } else {
        (8.0 + fraction) * pow2(field - 10)
    }
}

/// The element formats of the schemes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Element {
    Float8E4m3fn,
    Float8E5m2,
    Float6E2m3fn,
    Float6E3m2fn,
    Float4E2m1fn,
    /// MXINT8: two's complement k, the value k × 2^-6.
    Int8Scaled,
    /// ggml's Q8_0: two's complement k, the value k.
    Int8,
    /// ggml's Q4_0: an unsigned nibble q, the value q - 8.
    Uint4Minus8,
}

/// The scale formats of the schemes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    E8m0,
    /// E4M3FN (NVFP4's block scales).
    Float8E4m3fn,
    /// ggml's unsigned E4M3 ([`ue4m3_ggml`]).
    Ue4m3,
    Float16,
}

impl Element {
    /// The elements of OCP MX's schemes.
    pub const MX: [Element; 6] = [
        Element::Float8E4m3fn,
        Element::Float8E5m2,
        Element::Float6E2m3fn,
        Element::Float6E3m2fn,
        Element::Float4E2m1fn,
        Element::Int8Scaled,
    ];

    /// The float format of a float element.
    pub const fn format(self) -> Option<&'static Format> {
        match self {
            Element::Float8E4m3fn => Some(&FLOAT8_E4M3FN),
            Element::Float8E5m2 => Some(&FLOAT8_E5M2),
            Element::Float6E2m3fn => Some(&FLOAT6_E2M3FN),
            Element::Float6E3m2fn => Some(&FLOAT6_E3M2FN),
            Element::Float4E2m1fn => Some(&FLOAT4_E2M1FN),
            _ => None,
        }
    }

    /// The width of an element in bits.
    pub const fn bits(self) -> u32 {
        match self {
            Element::Float8E4m3fn | Element::Float8E5m2 | Element::Int8Scaled | Element::Int8 => 8,
            Element::Float6E2m3fn | Element::Float6E3m2fn => 6,
            Element::Float4E2m1fn | Element::Uint4Minus8 => 4,
        }
    }

    /// emax of OCP MX: the exponent of the largest power of two the
    /// format holds (MXINT8: 0, its largest value being 127/64).
    pub const fn emax(self) -> i32 {
        match self {
            Element::Float8E4m3fn => 8,
            Element::Float8E5m2 => 15,
            Element::Float6E2m3fn => 2,
            Element::Float6E3m2fn => 4,
            Element::Float4E2m1fn => 2,
            Element::Int8Scaled => 0,
            Element::Int8 => 6,
            Element::Uint4Minus8 => 2,
        }
    }

    /// The fraction bits of the largest value's significand: 3 for E4M3
    /// (1.75), 6 for MXINT8 (1.984375).
    pub const fn fraction_bits(self) -> u32 {
        match self {
            Element::Float8E4m3fn | Element::Float6E2m3fn => 3,
            Element::Float8E5m2 | Element::Float6E3m2fn => 2,
            Element::Float4E2m1fn => 1,
            Element::Int8Scaled | Element::Int8 => 6,
            Element::Uint4Minus8 => 2,
        }
    }

    /// The largest finite value, which quantized elements are clamped to
    /// (the least of Q4_0's is −8, of the two's complement bytes −128,
    /// which quantizing never writes).
    pub const fn max_finite(self) -> f64 {
        match self {
            Element::Float8E4m3fn => 448.0,
            Element::Float8E5m2 => 57344.0,
            Element::Float6E2m3fn => 7.5,
            Element::Float6E3m2fn => 28.0,
            Element::Float4E2m1fn => 6.0,
            Element::Int8Scaled => 127.0 / 64.0,
            Element::Int8 => 127.0,
            Element::Uint4Minus8 => 7.0,
        }
    }

    /// The largest value's significand, max_finite / 2^emax, times
    /// 2^fraction_bits: an integer (14 for E4M3's 1.75 × 2^3).
    pub const fn max_significand(self) -> u64 {
        match self {
            Element::Float8E4m3fn => 14,
            Element::Float8E5m2 | Element::Float6E3m2fn => 7,
            Element::Float6E2m3fn => 15,
            Element::Float4E2m1fn => 3,
            Element::Int8Scaled | Element::Int8 => 127,
            Element::Uint4Minus8 => 7,
        }
    }

    /// The value of the encoding `b` (its low [`Element::bits`] bits).
    pub fn decode(self, b: u8) -> f64 {
        let b = b & ((1u16 << self.bits()) - 1) as u8;
        match self.format() {
            Some(f) => f.decode(u64::from(b)),
            None => match self {
                Element::Int8Scaled => f64::from(b as i8) * pow2(-6),
                Element::Int8 => f64::from(b as i8),
                _ => f64::from(b) - 8.0,
            },
        }
    }
}

impl Scale {
    /// The value of the scale's byte, or bytes (little-endian) for
    /// Float16.
    pub fn decode(self, bits: u16) -> f64 {
        match self {
            Scale::E8m0 => e8m0::decode(bits as u8),
            Scale::Float8E4m3fn => FLOAT8_E4M3FN.decode(u64::from(bits & 0xff)),
            Scale::Ue4m3 => ue4m3_ggml(bits as u8),
            Scale::Float16 => FLOAT16.decode(u64::from(bits)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn e8m0_decodes_powers_of_two() {
        assert_eq!(e8m0::decode(0), pow2(-127));
        assert_eq!(e8m0::decode(127), 1.0);
        assert_eq!(e8m0::decode(254), pow2(127));
        assert!(e8m0::decode(255).is_nan());
    }

    #[test]
    fn e8m0_store_ties_go_up() {
        let s = |x| e8m0::encode(x, Rounding::NearestEven);
        assert_eq!(s(1.5), 128);
        assert_eq!(s(3.0), 129);
        assert_eq!(s(1.4999999), 127);
        assert_eq!(s(1.0), 127);
        assert_eq!(s(0.75), 127);
        assert_eq!(s(pow2(-130)), 0);
        assert_eq!(s(f64::MAX), 254);
        assert_eq!(s(f64::INFINITY), 254);
        assert_eq!(s(0.0), 255);
        assert_eq!(s(-0.0), 255);
        assert_eq!(s(-2.0), 255);
        assert_eq!(s(f64::NAN), 255);
        assert_eq!(e8m0::encode(1.1, Rounding::TowardPositive), 128);
        assert_eq!(e8m0::encode(1.9, Rounding::TowardZero), 127);
        assert_eq!(e8m0::encode(f64::from_bits(1), Rounding::NearestEven), 0);
    }

    #[test]
    fn element_facts() {
        use Element::*;
        let all = [
            Float8E4m3fn,
            Float8E5m2,
            Float6E2m3fn,
            Float6E3m2fn,
            Float4E2m1fn,
            Int8Scaled,
        ];
        let max = [448.0, 57344.0, 7.5, 28.0, 6.0, 127.0 / 64.0];
        let sig = [14, 7, 15, 7, 3, 127];
        for ((e, m), s) in all.iter().zip(max).zip(sig) {
            assert_eq!(e.max_finite(), m, "{e:?}");
            assert_eq!(e.max_significand(), s, "{e:?}");
            // emax: the largest power of two at most the largest value.
            assert_eq!(pow2(e.emax()), pow2(m.log2().floor() as i32), "{e:?}");
        }
        assert_eq!(FLOAT6_E2M3FN.decode(1), 0.125);
        assert_eq!(FLOAT6_E3M2FN.decode(1), 0.0625);
        assert_eq!(Int8Scaled.decode(0x80), -2.0);
        assert_eq!(Uint4Minus8.decode(0), -8.0);
    }

    #[test]
    fn ue4m3_reads_as_ggml() {
        assert_eq!(ue4m3_ggml(0x7f), 0.0);
        assert_eq!(ue4m3_ggml(0xff), 480.0);
        assert_eq!(ue4m3_ggml(0x80), 0.0);
        assert_eq!(ue4m3_ggml(0x7e), 448.0);
        assert_eq!(ue4m3_ggml(0x01), pow2(-9));
        assert_eq!(ue4m3_ggml(0xb8), 1.0);
    }
}
