//! NVFP4's blocks (and ggml's NVFP4 sub-blocks) from values that float32
//! holds, the part of the float32 fast path (`float32.rs`) whose
//! quotients are by scales that are not powers of two: each judged
//! against bounds, for each rounding boundary t, exact in a double, the
//! float32 bits past which a magnitude rounds above it. The tables of
//! those bounds are made once per call (a scale has 126 values), so that
//! an element costs seven integer comparisons and a scale, read off a
//! float32 product, one.

use super::float32::{amax_bits, INF, SIGN};
use super::quantize::{E4M3_MIN, E4M3_NAN};
use crate::block::formats::ue4m3_ggml;
use crate::kernels::E4M3_TO_F32;

/// The bound of a rounding boundary `t` > 0 (exact in a double) among
/// float32 magnitudes: the bits `l` such that a magnitude of bits `a`
/// rounds past t iff `a > l` (as integers, which order non-negative
/// float32 as their values), a tie at t going past iff `up`. It is the
/// bits of the float32 below t, or at t when a tie stays.
#[inline(always)]
fn bound(t: f64, up: bool) -> i32 {
    let r = t as f32;
    let r64 = f64::from(r);
    r.to_bits() as i32 - i32::from(r64 > t || (up && r64 == t))
}

/// A bound that no float32 magnitude passes.
const NEVER: i32 = i32::MAX;

/// E4M3FN's largest finite encoding, 448.
pub(crate) const E4M3_MAX: usize = 0x7e;

/// The E4M3FN encodings of quotients by one divisor `den` (> 0, at most
/// 48 significant bits), each the exact quotient of a float32 magnitude
/// rounded to nearest even and saturated to 448: NVFP4's block scales
/// (den = 6 × the tensor scale) and ggml's (den = 6). The double product
/// by 1/den, rounded to float32, is within 2^-23 of the quotient,
/// relatively, far closer than any midpoint is to the encodings beside
/// it: so the encoding at or below it, t, is the quotient's rounding or
/// the one below, and the bound of the midpoint above t tells which.
pub struct E4m3Quotients {
    inv: f64,
    /// `bounds[c]`: past it, the quotient rounds above the encoding c;
    /// [`NEVER`] past the largest.
    bounds: [i32; E4M3_MAX + 1],
}

impl E4m3Quotients {
    pub fn new(den: f64) -> Self {
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        E4m3Quotients {
            inv: 1.0 / den,
            bounds: core::array::from_fn(|c| {
                if c < E4M3_MAX {
                    // Each midpoint (5 significant bits) times den is exact.
                    bound((value(c) + value(c + 1)) / 2.0 * den, c & 1 == 1)
                } else {
                    NEVER
                }
            }),
        }
    }

    /// The encoding of the quotient of the magnitude of bits `a` (finite).
    #[inline(always)]
    pub fn code(&self, a: u32) -> usize {
        /// E4M3's least normal value, 2^-6, and its quantum below, 2^-9.
        const NORMAL: f32 = 1.0 / 64.0;
        const QUANTUM: f32 = 1.0 / 512.0;
        let q = ((f64::from(f32::from_bits(a)) * self.inv) as f32).min(448.0);
        // At or above 2^-6, the encoding below is q's exponent and top
        // three fraction bits, rebiased (from 127 to 7); below, the
        // number of quanta in q.
        let t = if q >= NORMAL {
            (q.to_bits() >> 20) as usize - (120 << 3)
        } else {
            (q / QUANTUM) as usize
        };
        let t = t.min(E4M3_MAX);
        t + usize::from(a as i32 > self.bounds[t])
    }
}

/// E2M1's midpoints, 0.25 … 5: the boundaries of its rounding, the tie
/// at each odd one (0.75, 1.75, 3.5) going up, to the even encoding.
pub(crate) const MIDPOINTS: [f64; 7] = [0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0];

/// The bounds of an E2M1 scale: see [`e2m1_bounds`].
pub type E2m1Bounds = [i32; 8];

/// The bounds of E2M1's boundaries times `d` (≥ 0, at most 50 significant
/// bits, so that each product is exact), the eighth never passed: the
/// code of a value under the scale d, the exact quotient rounded to
/// nearest even and clamped to ±6, is its sign and the number of bounds
/// its magnitude passes. Under d = 0 none is passed: zeros of the values'
/// signs.
#[inline(always)]
pub fn e2m1_bounds(d: f64) -> E2m1Bounds {
    core::array::from_fn(|i| {
        if i < 7 && d > 0.0 {
            bound(MIDPOINTS[i] * d, i & 1 == 1)
        } else {
            NEVER
        }
    })
}

/// The E2M1 codes of `xs` under the bounds `l` of [`e2m1_bounds`].
#[inline(always)]
pub fn e2m1_codes<const N: usize>(xs: &[f32; N], l: &E2m1Bounds, codes: &mut [u8; N]) {
    for (c, &x) in codes.iter_mut().zip(xs) {
        let b = x.to_bits();
        let a = (b & !SIGN) as i32;
        let n: u32 = l[..7].iter().map(|&t| u32::from(a > t)).sum();
        *c = ((b >> 31) << 3 | n) as u8;
    }
}

/// The tables of NVFP4's quantizing under one tensor scale, or of ggml's
/// NVFP4: the scales' quotients, and the E2M1 bounds under each scale
/// encoding (the scale's value times the tensor scale).
pub struct Nvfp4Tables {
    pub scales: E4m3Quotients,
    pub elements: [E2m1Bounds; E4M3_MAX + 1],
}

impl Nvfp4Tables {
    /// NVFP4's under the tensor scale `st` (a positive float32).
    pub fn nvfp4(st: f64) -> Self {
        let value = |s: usize| f64::from(f32::from_bits(E4M3_TO_F32[s]));
        Nvfp4Tables {
            scales: E4m3Quotients::new(6.0 * st),
            elements: core::array::from_fn(|s| e2m1_bounds(value(s) * st)),
        }
    }

    /// ggml's, whose scales are unsigned E4M3 (no tensor scale).
    pub fn ggml() -> Self {
        Nvfp4Tables {
            scales: E4m3Quotients::new(6.0),
            elements: core::array::from_fn(|s| e2m1_bounds(ue4m3_ggml(s as u8))),
        }
    }
}

/// An NVFP4 block: the E4M3 scale, clamped to [2^-9, 448], and the codes.
#[inline(always)]
pub fn nvfp4_block(xs: &[f32; 16], codes: &mut [u8; 16], t: &Nvfp4Tables) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return E4M3_NAN;
    }
    let s = t.scales.code(a).max(usize::from(E4M3_MIN));
    e2m1_codes(xs, &t.elements[s], codes);
    s as u8
}

/// ggml's NVFP4 sub-block under its tables: its unsigned E4M3 scale (no
/// lower clamp), its codes; the caller has refused non-finite values.
#[inline(always)]
pub fn ggml_nvfp4_sub(xs: &[f32; 16], codes: &mut [u8; 16], t: &Nvfp4Tables) -> u8 {
    let s = t.scales.code(amax_bits(xs));
    e2m1_codes(xs, &t.elements[s], codes);
    s as u8
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::testing::around;
    use crate::format::Rounding;
    use crate::testing::Xorshift;

    /// The exact model's E2M1 code of x / d, clamped to ±6 (a zero of
    /// x's sign when d is 0).
    fn exact_e2m1(x: f32, d: f64) -> u8 {
        let (x, ne) = (f64::from(x), Rounding::NearestEven);
        if d == 0.0 {
            return u8::from(x.is_sign_negative()) << 3;
        }
        let s = crate::block::exact::store_quotient(&crate::format::FLOAT4_E2M1FN, x, d, ne);
        if s.outcome == crate::format::Outcome::Overflow {
            u8::from(x < 0.0) << 3 | 7
        } else {
            s.bits as u8
        }
    }

    /// The exact model's E4M3 code of a / den, saturated to 448.
    fn exact_e4m3(a: f32, den: f64) -> usize {
        let (a, ne) = (f64::from(a), Rounding::NearestEven);
        let s = crate::block::exact::store_quotient(&crate::format::FLOAT8_E4M3FN, a, den, ne);
        if s.outcome == crate::format::Outcome::Overflow {
            E4M3_MAX
        } else {
            s.bits as usize
        }
    }

    /// Checks the tables against the exact model at every boundary: of
    /// the scales (quotients by `den`), and of the elements under every
    /// scale encoding, whose value times the tensor scale is `d(s)`. Gives
    /// the number of values checked.
    fn check_tables(t: &Nvfp4Tables, den: f64, d: impl Fn(usize) -> f64) -> usize {
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        let mut checked = 0;
        // The midpoints, and the encodings where truncation changes.
        let mids = (0..E4M3_MAX).map(|c| (value(c) + value(c + 1)) / 2.0);
        for m in mids.chain((0..=E4M3_MAX).map(value)) {
            for a in around(m * den) {
                let want = exact_e4m3(a, den);
                assert_eq!(t.scales.code(a.to_bits()), want, "{a:e} / {den:e}");
                checked += 1;
            }
        }
        for (s, l) in t.elements.iter().enumerate() {
            for m in MIDPOINTS {
                for a in around(m * d(s)) {
                    for x in [a, -a] {
                        let mut c = [0u8];
                        e2m1_codes(&[x], l, &mut c);
                        assert_eq!(c[0], exact_e2m1(x, d(s)), "{x:e} / {:e}, scale {s}", d(s));
                        checked += 1;
                    }
                }
            }
        }
        checked
    }

    #[test]
    fn nvfp4_tables_at_every_boundary() {
        let mut rng = Xorshift::new(0x6a09_e667_f3bc_c908u64);
        // Tensor scales at the ends of float32's range, then random ones.
        let mut sts = vec![
            f32::from_bits(1),
            f32::MIN_POSITIVE,
            1.0,
            1.0 / 2688.0,
            f32::MAX,
        ];
        sts.extend((0..40).map(|_| f32::from_bits((rng.next_u64() % 0x7f00_0000) as u32 + 1)));
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        let mut checked = 0;
        for st in sts {
            let st = f64::from(st);
            checked += check_tables(&Nvfp4Tables::nvfp4(st), 6.0 * st, |s| value(s) * st);
        }
        checked += check_tables(&Nvfp4Tables::ggml(), 6.0, |s| ue4m3_ggml(s as u8));
        assert!(checked > 400_000, "{checked}");
    }
}
