//! The shortest decimal by exact search with big integers, for any
//! format: the reference that the tests and the fuzz target hold the fast
//! search to.

use super::bignum::Big;
use super::{interval, Decimal, Interval, MAX_DIGITS};
use crate::format::Format;
use core::cmp::Ordering;

/// The shortest decimal by exact search, for any format.
pub fn exact(fmt: &Format, bits: u64) -> Decimal {
    let Interval {
        e,
        lo: nl,
        v: nv,
        hi: nh,
        closed,
    } = interval(fmt, bits);
    let s = e - 2;

    // One scale that makes every quantity of the search an integer:
    // everything is multiplied by 2^s2 × 10^k10.
    let value = fmt.decode(bits & !fmt.sign_bit());
    let j_guess = value.log10().floor() as i32;
    let s2 = (-s).max(0) as u32;
    let k10 = (MAX_DIGITS as i32 + 2 - j_guess).max(0) as u32;
    let bin = |n: u64| {
        let mut b = Big::from_u64(n);
        b.mul_pow2((s + s2 as i32) as u32).mul_pow10(k10);
        b
    };
    let pow10 = |k: i32| {
        let mut b = Big::from_u64(1);
        b.mul_pow10((k + k10 as i32) as u32).mul_pow2(s2);
        b
    };
    let (lo, v, hi) = (bin(nl), bin(nv), bin(nh));
    let floor_log10 = |x: &Big| {
        let mut j = j_guess;
        while pow10(j) > *x {
            j -= 1;
        }
        while pow10(j + 1) <= *x {
            j += 1;
        }
        j
    };
    let (j_lo, j_hi) = (floor_log10(&lo), floor_log10(&hi));

    for n in 1..=MAX_DIGITS {
        let d_min = 10u64.pow(n - 1);
        let d_max = 10u64.pow(n) - 1;
        let bits_needed = 64 - d_max.leading_zeros() + 1;
        let mut best: Option<(u64, i32, Big)> = None; // digits, exponent, scaled value
        for j in j_lo..=j_hi {
            let k = j - n as i32 + 1;
            let unit = pow10(k);
            let fl = lo.floor_div(&unit, bits_needed);
            let a = if closed && unit.times(fl) == lo {
                fl
            } else {
                fl + 1
            };
            let fh = hi.floor_div(&unit, bits_needed);
            let b = if !closed && unit.times(fh) == hi {
                fh - 1
            } else {
                fh
            };
            let (a, b) = (a.max(d_min), b.min(d_max));
            if a > b {
                continue;
            }
            // The nearest of a..=b to v: t or t + 1, clamped.
            let t = v.floor_div(&unit, bits_needed);
            let mut twice_v = v;
            twice_v.add(&v);
            let d = match unit.times(2 * t + 1).cmp(&twice_v) {
                Ordering::Less => t + 1,
                Ordering::Greater => t,
                Ordering::Equal => t + (t & 1),
            }
            .clamp(a, b);
            let c = unit.times(d);
            best = Some(match best {
                None => (d, k, c),
                Some(old) => nearer(old, (d, k, c), &v),
            });
        }
        if let Some((digits, exponent, _)) = best {
            return Decimal { digits, exponent }.trimmed();
        }
    }
    unreachable!("every finite value has a decimal of at most 17 digits")
}

/// The candidate nearer to `v`; on a tie, the one whose last digit is
/// even, else the larger.
fn nearer(a: (u64, i32, Big), b: (u64, i32, Big), v: &Big) -> (u64, i32, Big) {
    let dist = |c: &Big| if *c >= *v { c.minus(v) } else { v.minus(c) };
    match dist(&a.2).cmp(&dist(&b.2)) {
        Ordering::Less => a,
        Ordering::Greater => b,
        Ordering::Equal if a.0 % 2 == 0 && b.0 % 2 != 0 => a,
        Ordering::Equal if b.0 % 2 == 0 && a.0 % 2 != 0 => b,
        Ordering::Equal => {
            if a.2 > b.2 {
                a
            } else {
                b
            }
        }
    }
}
