//! The fast path of quantizing: values that float32 holds (float32,
//! bfloat16 and float16 sources) under the default rounding, to nearest,
//! ties to even. It gives the bits of the exact path of `quantize.rs` and
//! `ggml.rs` (the tests compare them) with float32 arithmetic where that is
//! exact and comparisons where it is not:
//!
//! - a product by a power of two is exact (what falls below float32's
//!   normal range rounds to a zero element either way), and an element is
//!   rounded by adding and subtracting a constant whose unit in the last
//!   place is the element's quantum;
//! - a quotient by anything else is judged against bounds: for each
//!   rounding boundary t, exact in a double, the float32 bits past which
//!   a magnitude rounds above it. NVFP4's and ggml's NVFP4 take tables
//!   made once per call (`float32_nvfp4.rs`); Q8_0's and Q4_0's integers,
//!   read off a float32 product, are moved by comparisons with the exact
//!   products beside them;
//! - Q8_0's float16 scale, amax / 127, is rounded from the double
//!   quotient, which no double rounding can move (see
//!   [`f16_quotient127`]).
//!
//! Here are the blocks of OCP MX and of ggml's Q8_0 and Q4_0; their loops
//! over a source are `float32_loops.rs`, their AVX2 and AVX-512 twins in
//! `x86_64/`. All assume the default floating-point environment.

use crate::block::formats::{e8m0, Element};
use crate::block::policy::Policy;
use crate::kernels::{f16_to_f32, f64_to_small};

/// float32's sign and the magnitude of its infinity.
pub(crate) const SIGN: u32 = 0x8000_0000;
pub(crate) const INF: u32 = 0x7f80_0000;

/// The largest magnitude's bits of `xs`, which is at least [`INF`] iff
/// one is not finite.
#[inline(always)]
pub(crate) fn amax_bits<const N: usize>(xs: &[f32; N]) -> u32 {
    xs.iter().fold(0, |m, x| m.max(x.to_bits() & !SIGN))
}

/// The code of `y`, |y| clamped to `max`, in a format of `E` exponent and
/// `F` fraction bits (bias 2^(E-1) − 1, no infinity reached): rounded to
/// nearest even by adding and subtracting 2^(q + 23), q the quantum of
/// |y|'s binade (or of the least normal one), then read off the rounded
/// value's bits: rebiased for a normal result; for a subnormal one, the
/// bits the result adds to the least normal value m (r + m is exact).
/// Nothing here makes a float32 subnormal, which costs some processors a
/// slow assist per operation.
#[inline(always)]
fn element_code<const E: u32, const F: u32>(y: f32, max: f32) -> u8 {
    let bias = (1u32 << (E - 1)) - 1;
    let b = y.to_bits();
    let a = f32::from_bits(b & !SIGN).min(max);
    let field = (a.to_bits() >> 23) as i32;
    let c = f32::from_bits(((field.max(128 - bias as i32) - F as i32 + 23) as u32) << 23);
    let r = (a + c) - c;
    let m = f32::from_bits((128 - bias) << 23);
    let normal = (r.to_bits().wrapping_sub((127 - bias) << 23)) >> (23 - F);
    let subnormal = ((r + m).to_bits() - m.to_bits()) >> (23 - F);
    let mag = if r < m { subnormal } else { normal };
    ((b >> 31) << (E + F) | mag) as u8
}

/// An OCP MX block of float elements: its scale's byte, its codes.
#[inline(always)]
fn mx_float<const E: u32, const F: u32, const N: usize>(
    xs: &[f32; N],
    codes: &mut [u8; N],
    elem: Element,
    policy: Policy,
) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return e8m0::NAN;
    }
    let k = policy.exponent32(a, elem);
    // 2^-k for k up to 127, float32's least subnormal 2^-127 included.
    let inv = crate::format::pow2(-k) as f32;
    let max = elem.max_finite() as f32;
    for (c, &x) in codes.iter_mut().zip(xs) {
        *c = element_code::<E, F>(x * inv, max);
    }
    e8m0::of_exponent(k)
}

/// An MXINT8 block: its scale's byte and the two's complement bytes.
#[inline(always)]
fn mx_int8<const N: usize>(xs: &[f32; N], codes: &mut [u8; N], policy: Policy) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return e8m0::NAN;
    }
    let k = policy.exponent32(a, Element::Int8Scaled);
    let inv = crate::format::pow2(-k) as f32;
    for (c, &x) in codes.iter_mut().zip(xs) {
        *c = ((x * inv) * 64.0).clamp(-127.0, 127.0).round_ties_even() as i32 as u8;
    }
    e8m0::of_exponent(k)
}

/// An OCP MX block.
#[inline(always)]
pub fn mx_block(elem: Element, xs: &[f32; 32], codes: &mut [u8; 32], policy: Policy) -> u8 {
    match elem {
        Element::Float8E4m3fn => mx_float::<4, 3, 32>(xs, codes, elem, policy),
        Element::Float8E5m2 => mx_float::<5, 2, 32>(xs, codes, elem, policy),
        Element::Float6E2m3fn => mx_float::<2, 3, 32>(xs, codes, elem, policy),
        Element::Float6E3m2fn => mx_float::<3, 2, 32>(xs, codes, elem, policy),
        Element::Float4E2m1fn => mx_float::<2, 1, 32>(xs, codes, elem, policy),
        _ => mx_int8(xs, codes, policy),
    }
}

/// The float16 encoding of a / 127, `a` the bits of a finite float32
/// magnitude: the exact quotient rounded to nearest even and saturated to
/// 65504 (Q8_0's scale). The double quotient rounds as the exact one
/// does: it is within 2^-53 of it, relatively, and a quotient that is not
/// a midpoint of float16 values is at least 2^-31 from every one (a has
/// 24 significant bits, a midpoint times 127 at most 19).
#[inline(always)]
pub fn f16_quotient127(a: u32) -> u16 {
    const MAX: u32 = 0x7bff;
    f64_to_small::<half::f16>(f64::from(f32::from_bits(a)) / 127.0).min(MAX) as u16
}

/// The integers nearest `xs / d` (d > 0, float16), ties to even, clamped
/// to [lo, hi], each plus `offset` as a byte: the product by float32's
/// 1/d, moved by the comparison with the exact products (c ± 1/2) × d,
/// which a quotient of at most 256 and a float16 d keep within float32's
/// 24 bits. `negate` divides by −d instead.
#[inline(always)]
fn nearest_integers<const N: usize>(
    xs: &[f32; N],
    d: f32,
    negate: bool,
    lo: f32,
    hi: f32,
    offset: f32,
    codes: &mut [u8; N],
) {
    let inv = 1.0 / d;
    for (o, &x) in codes.iter_mut().zip(xs) {
        let x = if negate { -x } else { x };
        let c = (x * inv).round_ties_even().clamp(-256.0, 256.0);
        // c's parity: the low bit of 1.5 × 2^23 + c, whose unit is 1.
        let odd = (c + 12_582_912.0).to_bits() & 1 == 1;
        let up = (c + 0.5) * d;
        let down = (c - 0.5) * d;
        let inc = if (x > up) | ((x == up) & odd) {
            1.0
        } else {
            0.0
        };
        let dec = if (x < down) | ((x == down) & odd) {
            1.0
        } else {
            0.0
        };
        let v = (c + inc - dec).clamp(lo, hi) + offset;
        // Safety: v is an integer, in −127..=255 (clamped above).
        *o = unsafe { v.to_int_unchecked::<i32>() } as u8;
    }
}

/// The index of the first value of `xs` whose magnitude's bits are `a`
/// (one is).
#[inline(always)]
fn first_of_magnitude<const N: usize>(xs: &[f32; N], a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SSE2, x86_64's baseline: four comparisons at a time, their
        // sign bits gathered into a mask.
        let mut mask = 0u64;
        for k in 0..N / 4 {
            // Safety: 4 values at 4k; SSE2 is always there.
            unsafe {
                let v = _mm_loadu_si128(xs.as_ptr().add(4 * k).cast());
                let mag = _mm_and_si128(v, _mm_set1_epi32(i32::MAX));
                let eq = _mm_cmpeq_epi32(mag, _mm_set1_epi32(a as i32));
                mask |= (_mm_movemask_ps(_mm_castsi128_ps(eq)) as u64) << (4 * k);
            }
        }
        mask.trailing_zeros() as usize % N
    }
    #[cfg(not(target_arch = "x86_64"))]
    xs.iter()
        .position(|x| x.to_bits() & !SIGN == a)
        .unwrap_or(0)
}

/// float16's NaN.
pub(crate) const F16_NAN: u16 = 0x7e00;

/// Q8_0's scale of a block whose largest magnitude's bits are `a`
/// (finite): its float16 encoding, amax / 127 rounded once, and value.
#[inline(always)]
pub(crate) fn q8_0_scale(a: u32) -> (u16, f32) {
    let s = f16_quotient127(a);
    (s, f32::from_bits(f16_to_f32(s)))
}

/// Q4_0's scale of a block whose first value of largest magnitude is `m`
/// (finite): its float16 encoding, m / −8 rounded once and saturated
/// (the quotient is exact in a double), and value.
#[inline(always)]
pub(crate) fn q4_0_scale(m: f32) -> (u16, f32) {
    let s = f64_to_small::<half::f16>(f64::from(m) / -8.0) as u16;
    let s = if s & 0x7fff == 0x7c00 {
        (s & 0x8000) | 0x7bff
    } else {
        s
    };
    (s, f32::from_bits(f16_to_f32(s)))
}

/// A Q8_0 block: its float16 scale, its int8 codes.
#[inline(always)]
pub fn q8_0<const N: usize>(xs: &[f32; N], codes: &mut [u8; N]) -> u16 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return F16_NAN;
    }
    let (s, d) = q8_0_scale(a);
    if d == 0.0 {
        codes.fill(0);
        return s;
    }
    // The two's complement byte is the i32's low byte.
    nearest_integers(xs, d, false, -127.0, 127.0, 0.0, codes);
    s
}

/// A Q4_0 block: its float16 scale m / −8, m the first value of largest
/// magnitude, and its codes q + 8.
#[inline(always)]
pub fn q4_0<const N: usize>(xs: &[f32; N], codes: &mut [u8; N]) -> u16 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(8);
        return F16_NAN;
    }
    let (s, d) = q4_0_scale(xs[first_of_magnitude(xs, a)]);
    if d == 0.0 {
        codes.fill(8);
        return s;
    }
    nearest_integers(xs, d.abs(), d < 0.0, -8.0, 7.0, 8.0, codes);
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::portable::float32_nvfp4::{nvfp4_block, Nvfp4Tables};
    use crate::block::portable::quantize;
    use crate::block::testing::{around, block, next};
    use crate::format::{Rounding, FLOAT16};

    #[test]
    fn fast_blocks_agree_with_the_exact_path() {
        let mut s = 0x1234_5678_9abc_def0u64;
        let ne = Rounding::NearestEven;
        for _ in 0..20_000 {
            let xs = block(&mut s, 32);
            let vs: Vec<f64> = xs.iter().map(|&x| f64::from(x)).collect();
            let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
            let x32: [f32; 32] = xs[..].try_into().unwrap();
            for e in Element::MX {
                for p in Policy::ALL {
                    let sa = mx_block(e, &x32, &mut a, p);
                    let sb = quantize::mx_block(e, &vs, &mut b, p, ne);
                    assert_eq!((sa, a), (sb, b), "{e:?} {p:?} {xs:?}");
                }
            }
            let st = f64::from(f32::from_bits((next(&mut s) as u32 >> 9) | 0x3c00_0000));
            let (x16, mut a16): ([f32; 16], [u8; 16]) = (xs[..16].try_into().unwrap(), [0; 16]);
            let sa = nvfp4_block(&x16, &mut a16, &Nvfp4Tables::nvfp4(st));
            let sb = quantize::nvfp4_block(&vs[..16], &mut b[..16], st, ne);
            assert_eq!((sa, &a16[..]), (sb, &b[..16]), "nvfp4 {st:e} {xs:?}");
        }
    }

    #[test]
    fn q8_0_scales_are_exact_at_every_midpoint() {
        let ne = Rounding::NearestEven;
        let value = |c: u32| f64::from(f32::from_bits(f16_to_f32(c as u16)));
        let mut checked = 0;
        // Every midpoint of float16 values, and the values themselves,
        // times 127; past the largest, the saturation.
        for c in 0..0x7c00u32 {
            let m = (value(c) + value(c + 1)) / 2.0;
            for a in around(m * 127.0).chain(around(value(c) * 127.0)) {
                let st = crate::block::exact::store_quotient(&FLOAT16, f64::from(a), 127.0, ne);
                let want = if st.bits >= 0x7c00 { 0x7bff } else { st.bits };
                assert_eq!(u64::from(f16_quotient127(a.to_bits())), want, "{a:e}");
                checked += 1;
            }
        }
        assert_eq!(f16_quotient127(f32::MAX.to_bits()), 0x7bff);
        assert!(checked > 300_000, "{checked}");
    }
}
