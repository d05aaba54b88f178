//! The shortest decimal of a value of a format of at most 16 bits, with
//! 128-bit integers instead of the big integers of
//! [`shortest::exact`](crate::shortest::exact): the same answer (the tests
//! compare every encoding), many times faster.
//!
//! A value m × 2^e of such a format has at most 11 significant bits, so its
//! shortest decimal has few digits, and at each count of digits only the
//! two decimals around the value can be the nearest one in its interval.
//! Every comparison is exact: both sides are brought to integers, and a
//! product that would not fit in 128 bits gives up (`None`), leaving the
//! value to the big-integer search; so does an interval that straddles a
//! power of ten.

use crate::shortest::{Decimal, Interval};
use core::cmp::Ordering;

/// The most digits tried: enough for every value of 11 significant bits.
const MAX_DIGITS: u32 = 6;

/// A quantity x × 2^s, x an integer: the value and its interval's ends.
#[derive(Clone, Copy)]
struct Scaled {
    x: u128,
    s: i32,
}

/// The powers of ten that fit in 128 bits.
const POW10: [u128; 39] = {
    let mut p = [1u128; 39];
    let mut i = 1;
    while i < 39 {
        p[i] = p[i - 1] * 10;
        i += 1;
    }
    p
};

/// 10^|k|, if it fits.
fn pow10(k: i32) -> Option<u128> {
    POW10.get(k.unsigned_abs() as usize).copied()
}

/// 2^|s|, if it fits with a bit to spare.
fn pow2(s: i32) -> Option<u128> {
    let s = s.unsigned_abs();
    (s < 127).then(|| 1u128 << s)
}

/// How c × 10^k compares with `q`, or `None` when a side would not fit.
fn compare(c: u128, k: i32, q: Scaled) -> Option<Ordering> {
    // c × 10^k+ × 2^s- against x × 2^s+ × 10^k-, where k+ = max(k, 0) and
    // so on: both sides times 10^k- × 2^s-.
    let (kp, km) = (k.max(0), (-k).max(0));
    let (sp, sm) = (q.s.max(0), (-q.s).max(0));
    let left = c.checked_mul(pow10(kp)?)?.checked_mul(pow2(sm)?)?;
    let right = q.x.checked_mul(pow2(sp)?)?.checked_mul(pow10(km)?)?;
    Some(left.cmp(&right))
}

/// floor(q / 10^k), or `None` when it would not fit.
fn floor_div(q: Scaled, k: i32) -> Option<u128> {
    let (kp, km) = (k.max(0), (-k).max(0));
    let (sp, sm) = (q.s.max(0), (-q.s).max(0));
    let num = q.x.checked_mul(pow2(sp)?)?.checked_mul(pow10(km)?)?;
    let den = pow10(kp)?.checked_mul(pow2(sm)?)?;
    Some(num / den)
}

/// floor(log10(q)) for q > 0, from an estimate corrected exactly.
fn floor_log10(q: Scaled) -> Option<i32> {
    let estimate = (q.x as f64).log10() + f64::from(q.s) * core::f64::consts::LOG10_2;
    let mut j = estimate.floor() as i32;
    while compare(1, j, q)? == Ordering::Greater {
        j -= 1;
    }
    while compare(1, j + 1, q)? != Ordering::Greater {
        j += 1;
    }
    Some(j)
}

/// The shortest decimal of the value of interval `i`, a value of a format
/// of at most 16 bits, as [`crate::shortest::exact`] defines it; `None`
/// where 128 bits do not suffice or the interval holds a power of ten.
pub(crate) fn shortest(i: &Interval) -> Option<Decimal> {
    let at = |x: u64| Scaled {
        x: u128::from(x),
        s: i.e - 2,
    };
    let (lo, v, hi, closed) = (at(i.lo), at(i.v), at(i.hi), i.closed);
    let j = floor_log10(lo)?;
    if floor_log10(hi)? != j {
        return None;
    }
    let inside = |c: u128, k: i32| -> Option<bool> {
        let above_lo = match compare(c, k, lo)? {
            Ordering::Greater => true,
            Ordering::Equal => closed,
            Ordering::Less => false,
        };
        let below_hi = match compare(c, k, hi)? {
            Ordering::Less => true,
            Ordering::Equal => closed,
            Ordering::Greater => false,
        };
        Some(above_lo && below_hi)
    };
    for n in 1..=MAX_DIGITS {
        let k = j - n as i32 + 1;
        let t = floor_div(v, k)?;
        let (down, up) = (inside(t, k)?, inside(t + 1, k)?);
        let d = match (down, up) {
            (false, false) => continue,
            (true, false) => t,
            (false, true) => t + 1,
            // The nearer to v; a tie to the even one.
            (true, true) => match compare(2 * t + 1, k, at(2 * i.v))? {
                Ordering::Less => t + 1,
                Ordering::Greater => t,
                Ordering::Equal => t + (t & 1),
            },
        };
        let (mut digits, mut exponent) = (d as u64, k);
        while digits % 10 == 0 {
            digits /= 10;
            exponent += 1;
        }
        return Some(Decimal { digits, exponent });
    }
    None
}
