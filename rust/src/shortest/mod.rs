//! The shortest decimal of a float format's value, as `Dtype.pp_value`
//! prints it.
//!
//! A finite value prints as the decimal with the fewest significant digits
//! in the interval of reals that round to it in its format (ties to even,
//! the exponent unbounded above), and of those the nearest to it; a tie
//! between two goes to the one whose last digit is even. The interval is
//! closed when the value's significand is even, open when it is odd.
//!
//! - the search: [`shortest`] here, the interval of a value, and
//!   Schubfach's 128-bit search ([`schubfach`], the table [`pow10`]);
//! - the reference: [`exact`], the same question answered with big
//!   integers ([`bignum`]), slowly, which the tests and the fuzz target
//!   hold the fast search to;
//! - the text: [`write`], the decimal laid out as `pp_value` prints it,
//!   its digits sixteen at a time ([`digits`]).

mod bignum;
mod digits;
mod exact;
pub mod pow10;
mod schubfach;
mod text;

pub use exact::exact;
pub use text::{write, BUF_LEN, MAX_LEN};

use crate::format::Format;

/// `digits × 10^exponent`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    pub digits: u64,
    pub exponent: i32,
}

impl Decimal {
    /// The same number with `digits` free of trailing zeros (0 stays 0).
    pub fn trimmed(mut self) -> Decimal {
        while self.digits != 0 && self.digits % 10 == 0 {
            self.digits /= 10;
            self.exponent += 1;
        }
        self
    }
}

/// The most digits a shortest decimal has: 17 for binary64.
const MAX_DIGITS: u32 = 17;

/// The shortest decimal of the finite, nonzero magnitude encoded by `bits`
/// (its sign bit is ignored).
#[inline(always)]
pub fn shortest(fmt: &Format, bits: u64) -> Decimal {
    untrimmed(fmt, bits).trimmed()
}

/// [`shortest`], its digits perhaps ending in zeros.
#[inline(always)]
pub(crate) fn untrimmed(fmt: &Format, bits: u64) -> Decimal {
    let mag = bits & !fmt.sign_bit();
    let (field, fraction) = fields(fmt, mag);
    if field != 0 && fraction != 0 {
        // Normal and not a power of two, the commonest case: a search
        // whose interval is known regular, without the checks.
        let (m, e) = significand(fmt, mag);
        return schubfach::shortest(&Interval::around(m, e, 2));
    }
    schubfach::shortest(&interval(fmt, mag))
}

/// The exponent field and the fraction of the magnitude encoded by `bits`.
#[inline(always)]
fn fields(fmt: &Format, bits: u64) -> (u64, u64) {
    let field = (bits >> fmt.fraction_bits) & fmt.exponent_field_max();
    (field, bits & fmt.fraction_mask())
}

/// The finite magnitude encoded by `bits` as `m × 2^e`, `m` an integer.
#[inline(always)]
fn significand(fmt: &Format, bits: u64) -> (u64, i32) {
    let f = fmt.fraction_bits;
    let (field, fraction) = fields(fmt, bits);
    if field == 0 {
        (fraction, fmt.min_exponent() - f as i32)
    } else {
        (fraction | (1 << f), field as i32 - fmt.bias() - f as i32)
    }
}

/// The interval of reals that round to a finite, nonzero magnitude
/// m × 2^e: `(lo, hi)`, with its ends when `closed`, and the value `v`,
/// all in units of 2^(e-2).
pub(crate) struct Interval {
    pub e: i32,
    pub lo: u64,
    pub v: u64,
    pub hi: u64,
    pub closed: bool,
}

impl Interval {
    /// The interval of m × 2^e whose gap below reaches `below` units of
    /// 2^(e-2) (the gap above reaches 2).
    #[inline(always)]
    fn around(m: u64, e: i32, below: u64) -> Interval {
        debug_assert!(m != 0, "zero has no shortest decimal");
        Interval {
            e,
            lo: 4 * m - below,
            v: 4 * m,
            hi: 4 * m + 2,
            closed: m % 2 == 0,
        }
    }
}

/// The interval of the magnitude encoded by `bits`: the gap below a power
/// of two is half the gap above it, except at the least normal binade;
/// ties go to the even significand, so the ends belong to an even one.
#[inline(always)]
pub(crate) fn interval(fmt: &Format, bits: u64) -> Interval {
    let (field, fraction) = fields(fmt, bits);
    let (m, e) = significand(fmt, bits);
    let below = if field > 1 && fraction == 0 { 1 } else { 2 };
    Interval::around(m, e, below)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::*;
    use crate::testing::Xorshift;

    #[test]
    fn fast_agrees_with_exact_binary64() {
        let mut rng = Xorshift::new(0x1234_5678_9abc_def1);
        let check = |x: f64| {
            if x.is_finite() && x != 0.0 {
                let b = x.abs().to_bits();
                assert_eq!(shortest(&FLOAT64, b), exact(&FLOAT64, b), "{x:e}");
            }
        };
        for _ in 0..20_000 {
            check(f64::from_bits(rng.next_u64()));
        }
        for e in -1074..1024 {
            let p = pow2(e);
            check(p);
            check(p.next_up());
            check(p.next_down());
        }
        for k in -323..308 {
            let p: f64 = format!("1e{k}").parse().unwrap();
            check(p);
            check(p.next_up());
            check(p.next_down());
        }
    }

    /// The text of the exact search's decimal, laid out with strings.
    #[test]
    fn fast_agrees_with_exact_binary32() {
        let mut rng = Xorshift::new(0x0fed_cba9_8765_4321);
        for i in 0..200_000u64 {
            let b = if i < 100_000 {
                rng.next_u64() as u32
            } else {
                (i as u32) << 8 | 0x7f
            };
            let x = f32::from_bits(b & 0x7fff_ffff);
            if x.is_finite() && x != 0.0 {
                let b = u64::from(x.to_bits());
                assert_eq!(shortest(&FLOAT32, b), exact(&FLOAT32, b), "{x:e}");
            }
        }
        for b in 1..=0x1000u64 {
            assert_eq!(shortest(&FLOAT32, b), exact(&FLOAT32, b));
        }
    }
}
