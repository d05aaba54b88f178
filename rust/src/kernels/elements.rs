//! The element functions of the fast kernels, and their decode tables.
//!
//! Each function converts one element as the Stores rule says, in
//! branch-free integer code that LLVM vectorises in the kernels' loops.
//! A format is a type ([`Binary`]), its layout constants in the code.

use crate::format::{binary32, binary64, Binary, Format, Specials};
use crate::format::{FLOAT4_E2M1FN, FLOAT8_E4M3FN, FLOAT8_E5M2};
use crate::packed;

use binary32::{
    BIAS as F32_BIAS, FRACTION_MASK as F32_FRACTION, INFINITY as F32_INF, SIGN as F32_SIGN,
};

/// float32 bits to bfloat16 bits, to nearest even.
#[inline(always)]
pub(crate) fn f32_to_bf16(b: u32) -> u16 {
    let nan = (b & !F32_SIGN) > F32_INF;
    // Only a NaN's bits (above 0xffff_8000) can carry out of 32 bits, and
    // a NaN's rounded value is not used: the sum wraps rather than traps.
    let rounded = b.wrapping_add(0x7fff + ((b >> 16) & 1)) >> 16;
    let quiet = (b >> 16) | 0x0040;
    (if nan { quiet } else { rounded }) as u16
}

/// The layout of a format of at most 16 bits as four constants: its
/// exponent and fraction widths, whether it has IEEE specials, and whether
/// its one NaN is the all-ones magnitude (E4M3FN).
macro_rules! layout {
    ($t:ty) => {
        const {
            let f = <$t as Binary>::FORMAT;
            (
                f.exponent_bits,
                f.fraction_bits,
                matches!(f.specials, Specials::Ieee),
                matches!(f.specials, Specials::NanOnlyAllOnes),
            )
        }
    };
}

/// float32 bits to the bits of a format `T` of `E` exponent and `F`
/// fraction bits (bias 2^(E-1) - 1): to nearest even with the exponent
/// unbounded above, then past the range an infinity (`IEEE`) or the
/// largest finite value. NaN as the NaN rule says: `IEEE` keeps the top of
/// the payload, E4M3FN (`NAN_ONLY`) has one NaN of each sign, E2M1FN gives
/// +0.
#[allow(non_snake_case)]
#[inline(always)]
pub(crate) fn f32_to_small<T: Binary>(b: u32) -> u32 {
    let (E, F, IEEE, NAN_ONLY) = layout!(T);
    let bias = (1i32 << (E - 1)) - 1;
    let sign = (b >> 31) << (E + F);
    let a = b & !F32_SIGN;
    let field = (a >> 23) as i32;
    let m = (a & F32_FRACTION) | if field != 0 { F32_FRACTION + 1 } else { 0 };
    let e2 = field.max(1) - F32_BIAS - 23; // a = m * 2^e2
    let emin = 1 - bias;
    let q = (field - F32_BIAS).max(emin) - F as i32; // the result's quantum
    let shift = (q - e2).clamp(1, 31) as u32;
    let kept = m >> shift;
    let rem = m & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    let up = rem > half || (rem == half && kept & 1 != 0);
    let r = kept + u32::from(up);
    // One formula for normal and subnormal results, and for a carry into
    // the next binade: the exponent field minus one, then the significand.
    let mag = (((q + F as i32 + bias - 1).max(0) as u32) << F) + r;
    let top = (1u32 << E) - 1;
    let (max, inf) = if IEEE {
        ((top << F) - 1, top << F)
    } else if NAN_ONLY {
        ((top << F) | ((1 << F) - 2), 0)
    } else {
        ((top << F) | ((1 << F) - 1), 0)
    };
    let over = if IEEE { inf } else { max };
    let nan = if IEEE {
        (top << F) | (1 << (F - 1)) | ((a & (binary32::QUIET_BIT - 1)) >> (22 - (F - 1)))
    } else if NAN_ONLY {
        (top << F) | ((1 << F) - 1)
    } else {
        0
    };
    let is_nan = a > F32_INF;
    let mag = if mag > max || a == F32_INF { over } else { mag };
    if is_nan {
        if IEEE || NAN_ONLY {
            sign | nan
        } else {
            0
        }
    } else {
        sign | mag
    }
}

/// A double's bits to the bits of a format `T`, as [`f32_to_small`] does
/// from float32, but in one rounding from the double itself: integer code
/// only, so that the floating-point environment cannot change it.
#[allow(non_snake_case)]
#[inline(always)]
pub(crate) fn f64_to_small<T: Binary>(x: f64) -> u32 {
    use binary64::{FRACTION_MASK as F64_FRACTION, INFINITY as F64_INF, SIGN as F64_SIGN};
    let (E, F, IEEE, NAN_ONLY) = layout!(T);
    let bias = (1i64 << (E - 1)) - 1;
    let b = x.to_bits();
    let sign = ((b >> 63) as u32) << (E + F);
    let a = b & !F64_SIGN;
    let field = (a >> 52) as i64;
    // The double's exponent field of the target's least normal binade.
    let normal = binary64::BIAS as i64 + 1 - bias;
    // Bits of the 53-bit significand to drop: 52 - F for a normal result,
    // more below; past 63 every magnitude rounds to zero, as it should.
    let shift = (52 - F as i64 + (normal - field).max(0)).min(63) as u32;
    let m = (a & F64_FRACTION) | (F64_FRACTION + 1);
    let r = (m + (1 << (shift - 1)) - 1 + ((m >> shift) & 1)) >> shift;
    // The exponent field minus one, then the significand with its leading
    // bit: one formula for normal, subnormal and carried results.
    let mag = (((field - normal).max(0) as u64) << F) + r;
    let top = (1u64 << E) - 1;
    let (max, over) = if IEEE {
        ((top << F) - 1, top << F)
    } else if NAN_ONLY {
        let max = (top << F) | ((1 << F) - 2);
        (max, max)
    } else {
        let max = (top << F) | ((1 << F) - 1);
        (max, max)
    };
    let mag = if mag > max { over } else { mag };
    if a > F64_INF {
        if IEEE {
            let payload = (a >> (52 - F)) & ((1 << (F - 1)) - 1);
            sign | ((top << F) | (1 << (F - 1)) | payload) as u32
        } else if NAN_ONLY {
            sign | ((top << F) | ((1 << F) - 1)) as u32
        } else {
            0
        }
    } else {
        sign | mag as u32
    }
}

/// A double to float32 bits rounded to odd: exact as a step to formats of
/// at most 22 bits of precision.
#[inline(always)]
pub(crate) fn f64_to_f32_odd(x: f64) -> u32 {
    let f = x as f32;
    let bits = f.to_bits();
    let back = f64::from(f);
    let inexact = back != x && !x.is_nan();
    let outer = back.abs() > x.abs();
    (bits - u32::from(inexact && outer)) | u32::from(inexact)
}

/// Decode tables of the 8- and 4-bit formats, to float32 bits.
pub(super) const fn table<const N: usize>(fmt: &Format) -> [u32; N] {
    let (e, f) = (fmt.exponent_bits, fmt.fraction_bits);
    let ieee = matches!(fmt.specials, Specials::Ieee);
    let nan_only = matches!(fmt.specials, Specials::NanOnlyAllOnes);
    let mut t = [0u32; N];
    let bias = (1i32 << (e - 1)) - 1;
    let mut i = 0;
    while i < N {
        let enc = i as u32;
        let sign = (enc >> (e + f)) << 31;
        let field = (enc >> f) & ((1 << e) - 1);
        let frac = enc & ((1 << f) - 1);
        let top = (1 << e) - 1;
        let special = field == top && (ieee || (nan_only && frac == (1 << f) - 1));
        t[i] = if special {
            // An infinity or a NaN, its fraction at the top of float32's.
            sign | F32_INF | (frac << (23 - f))
        } else if field == 0 {
            // frac * 2^(1 - bias - f), a float32 normal number: rebuild it.
            if frac == 0 {
                sign
            } else {
                let lz = 31 - frac.leading_zeros(); // highest set bit
                let exp = (1 - bias - f as i32 + lz as i32 + F32_BIAS) as u32;
                sign | (exp << 23) | ((frac << (23 - lz)) & F32_FRACTION)
            }
        } else {
            sign | (((field as i32 - bias + F32_BIAS) as u32) << 23) | (frac << (23 - f))
        };
        i += 1;
    }
    t
}

pub(crate) static E4M3_TO_F32: [u32; 256] = table(&FLOAT8_E4M3FN);
pub(crate) static E5M2_TO_F32: [u32; 256] = table(&FLOAT8_E5M2);
pub(crate) static E2M1_TO_F32: [u32; 16] = table(&FLOAT4_E2M1FN);

/// float16 bits to float32 bits, exactly; a signalling NaN is quieted, as
/// a store does.
#[inline(always)]
pub(crate) fn f16_to_f32(h: u16) -> u32 {
    let h = u32::from(h);
    let sign = (h & 0x8000) << 16;
    let field = (h >> 10) & 0x1f;
    let frac = h & 0x3ff;
    if field == 0x1f {
        let quiet = if frac != 0 { 0x40_0000 } else { 0 };
        return sign | F32_INF | quiet | (frac << 13);
    }
    if field == 0 {
        // A subnormal is exact in float32 arithmetic.
        let v = frac as f32 * f32::from_bits(0x3380_0000); // 2^-24
        return sign | v.to_bits();
    }
    sign | ((field + 112) << 23) | (frac << 13)
}

/// For every byte of two packed 4-bit elements, their two float32 values'
/// bits, the first element's in the low half.
const fn pairs(t: &[u32; 16]) -> [u64; 256] {
    let mut p = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        let (first, second) = packed::unpair(i as u8);
        p[i] = (t[first as usize] as u64) | ((t[second as usize] as u64) << 32);
        i += 1;
    }
    p
}

/// The float32 bits of the int4 values, by encoding.
pub(super) const fn int4_table() -> [u32; 16] {
    let mut t = [0u32; 16];
    let mut i = 0;
    while i < 16 {
        let v = ((i as i32) << 28) >> 28;
        t[i] = (v as f32).to_bits();
        i += 1;
    }
    t
}

pub(crate) static E2M1_PAIRS: [u64; 256] = pairs(&E2M1_TO_F32);
pub(crate) static INT4_PAIRS: [u64; 256] = pairs(&int4_table());
