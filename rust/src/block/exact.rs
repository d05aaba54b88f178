//! Quotients rounded once: a block's scale and elements are often an exact
//! value divided by something that is not a power of two (NVFP4's E4M3
//! scales, ggml's float16 scales), which a floating-point division would
//! round before the format rounds again.
//!
//! [`quotient`] gives the exact quotient of two doubles rounded to odd at
//! 63 bits, from which [`Format::encode_exact`] rounds exactly as from the
//! quotient itself. [`nearest_e2m1`] and [`nearest_integer`] are the fast
//! paths of the elements: a double division, corrected where it lands on
//! a rounding boundary that the exact quotient is not on.

use crate::format::{Format, Rounding, Stored};

/// |x| = m × 2^q for a finite `x` (m = 0 for a zero).
pub fn parts(x: f64) -> (u64, i32) {
    let b = x.to_bits();
    let field = ((b >> 52) & 0x7ff) as i32;
    let fraction = b & ((1 << 52) - 1);
    if field == 0 {
        (fraction, -1074)
    } else {
        (fraction | (1 << 52), field - 1075)
    }
}

/// The quotient `x / d` of finite doubles, `d` not zero, as (negative, m,
/// q): m × 2^q is the exact quotient's magnitude truncated to 63
/// significant bits, its lowest bit set if anything was dropped (rounded
/// to odd), which any rounding to 61 bits or fewer rounds as it would the
/// exact quotient.
pub fn quotient(x: f64, d: f64) -> (bool, u64, i32) {
    let negative = x.is_sign_negative() != d.is_sign_negative();
    let (mx, qx) = parts(x);
    let (md, qd) = parts(d);
    debug_assert!(md != 0);
    if mx == 0 {
        return (negative, 0, 0);
    }
    // The dividend normalised to 128 bits: at least 2^74 once divided.
    let lz = mx.leading_zeros();
    let num = u128::from(mx << lz) << 64;
    let (quot, rem) = (num / u128::from(md), num % u128::from(md));
    let extra = 128 - quot.leading_zeros() - 63;
    let dropped = quot & ((1u128 << extra) - 1) != 0 || rem != 0;
    let m = (quot >> extra) as u64 | u64::from(dropped);
    (negative, m, qx - lz as i32 - 64 - qd + extra as i32)
}

/// `x / d` stored into `fmt`, rounded once from the exact quotient.
pub fn store_quotient(fmt: &Format, x: f64, d: f64, rounding: Rounding) -> Stored {
    let (negative, m, q) = quotient(x, d);
    fmt.encode_exact(negative, m, q, rounding)
}

/// The E2M1 values' midpoints times 4 (0.25, 0.75, …, 5), as a mask of
/// bits: where a double quotient can land on a rounding boundary.
const E2M1_MIDPOINTS_X4: u32 =
    (1 << 1) | (1 << 3) | (1 << 5) | (1 << 7) | (1 << 10) | (1 << 14) | (1 << 20);

/// The magnitude of `x / d` as a double that rounds to nearest, ties to
/// even, into E2M1 as the exact quotient does, clamped to 6: the double
/// quotient, moved off a midpoint of E2M1 values that it landed on but the
/// exact quotient is not on. `d` is positive and `mid × d` exact for every
/// midpoint (d has at most 50 significant bits).
#[inline(always)]
pub fn nearest_e2m1(x: f64, d: f64) -> f64 {
    let a = (x / d).abs().min(6.0);
    let t = a * 4.0;
    if t < 32.0 && t == t.trunc() && E2M1_MIDPOINTS_X4 >> (t as u32) & 1 != 0 {
        return off_midpoint(a, x.abs(), a * d);
    }
    a
}

/// `a`, a midpoint, moved one double toward the exact quotient: `ax`, the
/// dividend's magnitude, against `bound`, the midpoint times the divisor,
/// both exact.
#[cold]
fn off_midpoint(a: f64, ax: f64, bound: f64) -> f64 {
    if ax > bound {
        a.next_up()
    } else if ax < bound {
        a.next_down()
    } else {
        a
    }
}

/// `x / d` rounded to the nearest integer, ties to even, as the exact
/// quotient rounds: the double quotient, corrected where it is a half
/// integer that the exact quotient is not. `d` is positive and
/// `h × d` exact for half integers h up to 256 (d has at most 44
/// significant bits).
#[inline(always)]
pub fn nearest_integer(x: f64, d: f64) -> f64 {
    let y = x / d;
    let t = y * 2.0;
    let a = if t == t.trunc() && t.abs() < 512.0 && (t as i64) & 1 != 0 {
        off_midpoint(y.abs(), x.abs(), y.abs() * d).copysign(y)
    } else {
        y
    };
    a.round_ties_even()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{pow2, FLOAT16, FLOAT4_E2M1FN, FLOAT8_E4M3FN};

    fn next(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn quotient_of_exact_values() {
        assert_eq!(quotient(6.0, 3.0), (false, 1 << 62, -61));
        assert_eq!(quotient(-1.0, 2.0), (true, 1 << 62, -63));
        // 1/3 = 0.0101…: odd, as bits were dropped.
        let (_, m, q) = quotient(1.0, 3.0);
        assert_eq!(m & 1, 1);
        assert!((m as f64 * pow2(q) - 1.0 / 3.0).abs() < 1e-18);
        assert_eq!(quotient(0.0, 3.0).1, 0);
        // Subnormal operands.
        let (_, m, q) = quotient(f64::from_bits(1), f64::from_bits(3));
        assert!((m as f64 * pow2(q.max(-1074)) - 1.0 / 3.0).abs() < 1e-15 || q < -1000);
    }

    #[test]
    fn store_quotient_rounds_once() {
        // 2049 / 2 = 1024.5: a tie in float16 (spacing 1 from 1024), to
        // even 1024; 2049.000001 / 2 goes up.
        let r = Rounding::NearestEven;
        assert_eq!(store_quotient(&FLOAT16, 2049.0, 2.0, r).bits, 0x6400);
        assert_eq!(store_quotient(&FLOAT16, 2049.000001, 2.0, r).bits, 0x6401);
        // amax / 6 into E4M3 where the double quotient ties but the exact
        // one does not: x = 6 × 1.0625 × (1 + 2^-52) … is not a double, so
        // build the case the other way: d with many bits.
        let d = 6.0 * (1.0 + pow2(-40));
        let x = 1.0625 * d; // exact: 1.0625 has 5 bits, d 42
        assert_eq!(store_quotient(&FLOAT8_E4M3FN, x, d, r).bits, 0x38);
        assert_eq!(store_quotient(&FLOAT8_E4M3FN, x.next_up(), d, r).bits, 0x39);
    }

    /// `x / d` rounded to an integer, ties to even, from the exact
    /// quotient rounded to odd.
    fn round_exact(x: f64, d: f64) -> f64 {
        let (neg, m, q) = quotient(x, d);
        let r = if q >= 0 {
            m << q
        } else if q <= -64 {
            0
        } else {
            let s = (-q) as u32;
            let (int, rem, half) = (m >> s, m & ((1 << s) - 1), 1u64 << (s - 1));
            int + u64::from(rem > half || (rem == half && int & 1 == 1))
        };
        if neg {
            -(r as f64)
        } else {
            r as f64
        }
    }

    #[test]
    fn fast_paths_agree_with_exact_quotients() {
        let mut s = 0x1234_5678_9abc_def1u64;
        for i in 0..200_000 {
            // Divisors with up to 28 bits, as NVFP4's, and dividends near
            // every boundary of the quotient.
            let d = (next(&mut s) >> 36 | 1) as f64 * pow2((next(&mut s) % 40) as i32 - 40);
            let mids = [0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0, 6.5, 0.1];
            let m = mids[i % mids.len()];
            let base = m * d;
            let k = (next(&mut s) % 5) as i32 - 2;
            let mut x = base;
            for _ in 0..k.abs() {
                x = if k > 0 { x.next_up() } else { x.next_down() };
            }
            if i % 3 == 0 {
                x = f64::from(x as f32);
            }
            let x = if i % 2 == 0 { x } else { -x };
            let exact = store_quotient(&FLOAT4_E2M1FN, x, d, Rounding::NearestEven).bits;
            let fast = FLOAT4_E2M1FN
                .encode(nearest_e2m1(x, d).copysign(x), Rounding::NearestEven)
                .bits;
            assert_eq!(fast, exact, "{x:e} / {d:e}");
            // Integers: half integers times a float16-sized divisor.
            let d16 = (next(&mut s) >> 53 | 1) as f64 * pow2((next(&mut s) % 30) as i32 - 24);
            let h = ((next(&mut s) % 255) as f64 - 127.0) + 0.5;
            let mut y = h * d16;
            for _ in 0..k.abs() {
                y = if k > 0 { y.next_up() } else { y.next_down() };
            }
            let expect = round_exact(y, d16);
            assert_eq!(nearest_integer(y, d16), expect, "{y:e} / {d16:e}");
        }
    }
}
