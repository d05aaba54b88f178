//! The shortest decimal in a value's interval by Schubfach (Raffaello
//! Giulietti, "The Schubfach way to render doubles", 2020): two candidate
//! precisions, a few 128-bit products, no loop and no big integer.
//!
//! With v = m × 2^q and the interval's width w (2^q, or 3/4 × 2^q below a
//! power of two), the exponent k = floor(log10 w) gives 10^k ≤ w <
//! 10^(k+1). At most one multiple of 10^(k+1) lies in the interval; if one
//! does, no decimal in it is shorter (each is a multiple of 10^(k+1) too)
//! and it is the answer, but for one rival: when that multiple is 10^(k+1)
//! itself, 9 × 10^k has as few digits and may be nearer (a tie goes to the
//! larger, neither last digit being even). Otherwise every decimal in the
//! interval has its last digit at 10^k or below and, the interval not
//! straddling a power of ten, as many digits as any other at 10^k: the
//! answer is the nearer of the two multiples of 10^k around v (a tie to
//! the even one), one of which lies in the interval as w ≥ 10^k.
//!
//! The scaled quantities v × 10^-k and the interval's ends, with two bits
//! below the point, come from a 127-bit approximation of 10^-k rounded up
//! ([`pow10`](super::pow10)), the product rounded to odd: its integer part
//! is exact, and it is odd exactly when the true quantity is not an
//! integer, which is all the comparisons need. That holds when no such
//! quantity lies within 2^-64 of an integer without being one, a
//! separation Giulietti's paper proves for binary64 and binary32 (with a
//! bit less of 10^-k than here). The tests check the whole search against
//! the exact one on every value of the formats of at most 16 bits, and
//! rust/dev's against Ryū's digits on a sample of binary32 and binary64
//! (by hand, on every binary32 and 10^8 random binary64).

use super::pow10::{G, K_MIN};
use super::{Decimal, Interval};

/// The shortest decimal of the value whose interval is `i` (see
/// [`interval`](super::interval)): that of any binary64 value,
/// and of every format whose values are binary64 values. Its digits, below
/// 10^17, may end in zeros ([`Decimal::trimmed`] removes them): the writer
/// counts them in its text, faster than a loop of divisions here.
#[inline(always)]
pub(crate) fn shortest(i: &Interval) -> Decimal {
    let irregular = i.v - i.lo == 1;
    let q = i.e;
    let k = floor_log10_pow2(q, irregular);
    let h = q + floor_log2_pow10(-k) + 2;
    let g = G[(k - K_MIN) as usize];
    let scaled = |n: u64| round_to_odd(g, n << h);
    let (vbl, vb, vbr) = (scaled(i.lo), scaled(i.v), scaled(i.hi));
    // An end belongs to the interval when it is closed: `out` moves the
    // bound by one where an end lies on a candidate, which is even. A
    // candidate below v needs only the lower bound, one above v only the
    // upper: the interval reaches past both neighbours of v that are
    // multiples of its width's scale, 10^k.
    let out = u64::from(!i.closed);
    let above_lo = |c: u64| vbl + out <= c << 2;
    let below_hi = |c: u64| (c << 2) + out <= vbr;

    let s = vb >> 2;
    let s10 = s / 10 * 10;
    let t10 = s10 + 10;
    let (up, wp) = (above_lo(s10), below_hi(t10));
    if up != wp {
        let tens = if up { s10 } else { t10 } / 10;
        // 10^(k+1) may have a rival as short below it: 9 × 10^k. Only
        // values of a few significant bits have room for both.
        if tens == 1 && above_lo(9) && vb < 38 {
            return Decimal {
                digits: 9,
                exponent: k,
            };
        }
        return Decimal {
            digits: tens,
            exponent: k + 1,
        };
    }
    // Either or both of s and s + 1; of both, the nearer to v (4(s + 1/2)
    // against vb), ties to even.
    let t = s + 1;
    let (u, w) = (above_lo(s), below_hi(t));
    let mid = (s + t) << 1;
    let s_nearer = vb < mid || (vb == mid && s % 2 == 0);
    let d = if u && (!w || s_nearer) { s } else { t };
    Decimal {
        digits: d,
        exponent: k,
    }
}

/// floor(log10(2^q)), or floor(log10(3/4 × 2^q)) when `irregular`, for
/// |q| ≤ 1100 (the tests check every q).
fn floor_log10_pow2(q: i32, irregular: bool) -> i32 {
    (q * 1_262_611 - if irregular { 524_031 } else { 0 }) >> 22
}

/// floor(log2(10^k)) for |k| ≤ 400 (the tests check every k).
fn floor_log2_pow10(k: i32) -> i32 {
    (k * 1_741_647) >> 19
}

/// g × cp / 2^128 rounded to odd: the integer part, with its last bit set
/// when the fraction reaches 2^-64. `g` exceeds the true scale by less
/// than one unit, so the product of an integer quantity exceeds it by less
/// than cp < 2^64 units of 2^-128: no fraction is seen where there is none.
fn round_to_odd(g: u128, cp: u64) -> u64 {
    let lo = (g as u64 as u128) * u128::from(cp);
    let hi = (g >> 64) * u128::from(cp);
    let z = hi + (lo >> 64);
    (z >> 64) as u64 | u64::from(z as u64 != 0)
}

#[cfg(test)]
mod tests {
    use super::super::bignum::Big;
    use super::super::pow10::K_MAX;
    use super::super::{exact, interval};
    use super::*;
    use crate::format::*;

    fn big(x: u128) -> Big {
        let mut b = Big::from_u64((x >> 64) as u64);
        b.mul_pow2(64).add(&Big::from_u64(x as u64));
        b
    }

    fn pow2(n: u32) -> Big {
        let mut b = Big::from_u64(1);
        b.mul_pow2(n);
        b
    }

    fn pow10(n: u32) -> Big {
        let mut b = Big::from_u64(1);
        b.mul_pow10(n);
        b
    }

    /// (g - 1) ≤ 10^-k × 2^(126 - e) < g, with 2^126 < g ≤ 2^127 (which
    /// makes e floor(log2 10^-k)), for every entry.
    #[test]
    fn table_is_exact() {
        for k in K_MIN..=K_MAX {
            let g = G[(k - K_MIN) as usize];
            assert!(g > 1 << 126 && g <= 1 << 127, "k = {k}");
            let e = floor_log2_pow10(-k);
            let shift = 126 - e;
            // Compare (g - 1) and g against 10^-k × 2^shift, both sides
            // multiplied by 10^max(k, 0) and 2^max(-shift, 0).
            let side = |x: u128| {
                let mut b = big(x);
                if k > 0 {
                    b.mul_pow10(k as u32);
                }
                if shift < 0 {
                    b.mul_pow2((-shift) as u32);
                }
                b
            };
            let mut exact = if k <= 0 { pow10((-k) as u32) } else { pow2(0) };
            if shift > 0 {
                exact.mul_pow2(shift as u32);
            }
            assert!(side(g - 1) <= exact && exact < side(g), "k = {k}");
        }
    }

    /// The integer logarithms over every exponent of binary64, and the
    /// shift h over its range, which keeps the products in 64 bits.
    #[test]
    fn logarithms_and_shifts() {
        for k in -400..=400i32 {
            let e = floor_log2_pow10(k);
            // 2^e ≤ 10^k < 2^(e+1): for k < 0, 2^-(e+1) < 10^-k ≤ 2^-e.
            if k >= 0 {
                let ten = pow10(k as u32);
                assert!(pow2(e as u32) <= ten && ten < pow2(e as u32 + 1), "k = {k}");
            } else {
                let ten = pow10(k.unsigned_abs());
                let (lo, hi) = (pow2((-e - 1) as u32), pow2((-e) as u32));
                assert!(lo < ten && ten <= hi, "k = {k}");
            }
        }
        for q in -1100..=1100 {
            for irregular in [false, true] {
                let k = floor_log10_pow2(q, irregular);
                // 10^k ≤ w < 10^(k+1), w = 2^q or 3 × 2^(q-2).
                let (w_num, w_shift) = if irregular { (3u64, q - 2) } else { (1, q) };
                let mut w = Big::from_u64(w_num);
                let mut lo = Big::from_u64(1);
                let mut hi = Big::from_u64(10);
                // Bring 2^w_shift and 10^k to integers on both sides.
                if w_shift >= 0 {
                    w.mul_pow2(w_shift as u32);
                } else {
                    lo.mul_pow2(w_shift.unsigned_abs());
                    hi.mul_pow2(w_shift.unsigned_abs());
                }
                if k >= 0 {
                    lo.mul_pow10(k as u32);
                    hi.mul_pow10(k as u32);
                } else {
                    w.mul_pow10(k.unsigned_abs());
                }
                assert!(lo <= w && w < hi, "q = {q} irregular {irregular}");
                if (-1074..=971).contains(&q) {
                    assert!((K_MIN..=K_MAX).contains(&k), "q = {q}");
                    let h = q + floor_log2_pow10(-k) + 2;
                    assert!((1..=8).contains(&h), "q = {q}: h = {h}");
                }
            }
        }
    }

    #[test]
    fn agrees_with_exact_on_every_small_format() {
        for fmt in [
            &FLOAT16,
            &BFLOAT16,
            &FLOAT8_E4M3FN,
            &FLOAT8_E5M2,
            &FLOAT4_E2M1FN,
        ] {
            for bits in 1..fmt.sign_bit() {
                if fmt.decode(bits).is_finite() {
                    let d = shortest(&interval(fmt, bits)).trimmed();
                    assert_eq!(d, exact(fmt, bits), "{fmt:?} {bits:#x}");
                    // And through the public entry, which takes a shorter
                    // way to the search for most values.
                    let via_entry = super::super::shortest(fmt, bits);
                    assert_eq!(via_entry, d, "{fmt:?} {bits:#x}");
                }
            }
        }
    }
}
