//! Numbers written out, read exactly and stored into any dtype by the
//! Stores rule of `Nx_array.Dtype`, rounding once: `Nx_array.of_string`
//! and `nx-dtype store`. A written number is never first rounded to the
//! double `float_of_string` would give, which would round twice (a tie of
//! a small format that the double moves) and lose integers past 2^53.
//!
//! - [`syntax`]: what a written number is (OCaml's float syntax).
//! - [`nat`]: the natural numbers of any size the reading takes.
//!
//! A finite written number is a rational: its decimal digits times a power
//! of ten, or its hexadecimal digits times a power of two. A store rounds
//! (floats) or truncates (integers) it with integer arithmetic. Two
//! shortcuts bound the work, and neither changes a result:
//! - a magnitude of at least 10^400 (2^1100 for hexadecimal) reads as
//!   2^1100, past the range of every format and integer, and one below
//!   10^-400 (2^-1200) as 2^-1200, below half of every least subnormal;
//! - for a store, though not for its errors ([`report`]), only the first
//!   [`DECIMAL_DIGITS`] significant digits count ([`HEX_DIGITS`] for
//!   hexadecimal), and any nonzero digit after them counts as a 1 right
//!   after them. Every value a rounding or a truncation can tie or cross
//!   (a midpoint between neighbours of a format, an integer below 2^64)
//!   has fewer significant digits (a binary64 midpoint has at most 768),
//!   so the number and its shortened form lie on the same side of each.

mod nat;
pub mod syntax;

use crate::facts::{Facts, Kind};
use crate::format::{binary64, Format, Rounding, Stored, FLOAT64};
use crate::packed::mask;
use nat::Nat;

/// The significant decimal digits a store reads.
pub const DECIMAL_DIGITS: usize = 800;
/// The significant hexadecimal digits a store reads.
pub const HEX_DIGITS: usize = 32;

/// The magnitude limits of the first shortcut, as powers of ten and two.
const DECIMAL_HUGE: i64 = 400;
const DECIMAL_TINY: i64 = -400;
const BINARY_HUGE: i64 = 1100;
const BINARY_TINY: i64 = -1200;

/// A written number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Number {
    Nan { negative: bool },
    Infinity { negative: bool },
    Finite(Written),
}

/// A finite written number: ±(the digits' integer) × 10^exp, or × 2^exp
/// for hexadecimal digits.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    pub negative: bool,
    /// Digit values, most significant first, as written (zeros included).
    pub digits: Vec<u8>,
    pub hex: bool,
    pub exp: i64,
}

/// What a store did with a number.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The value held is the number (an infinity included).
    Exact,
    /// The value held is a neighbour in the dtype's range: rounded,
    /// truncated, or a boolean's `true`.
    Rounded,
    /// A finite number past the largest finite value became an infinity.
    Overflow,
    /// A number past the range (rounded with the exponent unbounded above,
    /// or truncated), or an infinity where the dtype has none, became the
    /// nearest end of the range.
    Saturated,
    /// The number is a NaN.
    Nan,
}

impl Outcome {
    /// The code OCaml reads (`Nx_array.outcome`, in this order).
    pub fn code(self) -> u8 {
        self as u8
    }
}

/// A store of a written number, with its errors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Report {
    /// The encoding held, in the low bits (a complex dtype's real part).
    pub bits: u64,
    pub outcome: Outcome,
    /// held - x, exact and then rounded once to a double.
    pub abs_error: f64,
    /// (held - x) / |x|, likewise; 0 when x is zero.
    pub rel_error: f64,
}

/// The encoding of the number `s` writes stored into the dtype of row
/// `dt`, in the low bits, and what the store did; `None` if `s` is not a
/// number (see [`syntax`]).
pub fn store(dt: &Facts, s: &[u8]) -> Option<(u64, Outcome)> {
    Some(store_value(dt, &Value::of_number(&syntax::parse(s)?, true)))
}

/// [`store`] with the store's errors, exact and rounded once: the number
/// is read whole, in time quadratic in its length.
pub fn report(dt: &Facts, s: &[u8]) -> Option<Report> {
    let x = Value::of_number(&syntax::parse(s)?, false);
    let (bits, outcome) = store_value(dt, &x);
    let held = held(dt, bits);
    let (abs_error, rel_error) = match (&x, &held) {
        (Value::Finite(x), Value::Finite(h)) => {
            let d = h.sub(x);
            let rel = if x.num.is_zero() {
                0.0
            } else {
                d.div(&x.abs()).to_f64()
            };
            (d.to_f64(), rel)
        }
        // held - x is held's infinity (or NaN) whatever the finite x.
        (Value::Finite(_), h) => (h.to_f64(), h.to_f64()),
        (x, h) => {
            let (x, h) = (x.to_f64(), h.to_f64());
            (h - x, (h - x) / x.abs())
        }
    };
    Some(Report {
        bits,
        outcome,
        abs_error,
        rel_error,
    })
}

/// A number as the stores take it.
enum Value {
    Nan { negative: bool },
    Infinity { negative: bool },
    Finite(Rational),
}

impl Value {
    /// The number's value; shortened as the module says when `short`.
    fn of_number(n: &Number, short: bool) -> Value {
        match n {
            Number::Nan { negative } => Value::Nan {
                negative: *negative,
            },
            Number::Infinity { negative } => Value::Infinity {
                negative: *negative,
            },
            Number::Finite(w) => Value::Finite(Rational::of_written(w, short)),
        }
    }

    /// The value as a double, rounded once.
    fn to_f64(&self) -> f64 {
        let signed = |x: f64, negative: bool| if negative { -x } else { x };
        match self {
            Value::Nan { negative } => signed(f64::NAN, *negative),
            Value::Infinity { negative } => signed(f64::INFINITY, *negative),
            Value::Finite(r) => r.to_f64(),
        }
    }

    fn of_f64(x: f64) -> Value {
        let negative = x.is_sign_negative();
        if x.is_nan() {
            Value::Nan { negative }
        } else if x.is_infinite() {
            Value::Infinity { negative }
        } else {
            Value::Finite(Rational::of_f64(x))
        }
    }
}

/// The value an encoding of `dt` holds (a complex dtype's real part).
fn held(dt: &Facts, bits: u64) -> Value {
    let int = |v: i128| Value::Finite(Rational::of_int(v));
    match (dt.kind, dt.format) {
        (Kind::Float | Kind::Complex, Some(fmt)) => {
            Value::of_f64(fmt.decode(bits & mask(fmt.bits())))
        }
        (Kind::Signed, _) => {
            let unused = 128 - dt.bits;
            int((i128::from(bits) << unused) >> unused)
        }
        (Kind::Boolean, _) => int(i128::from(bits != 0)),
        _ => int(i128::from(bits & mask(dt.bits))),
    }
}

/// The encoding of `x` stored into `dt` by the Stores rule, and what the
/// store did.
fn store_value(dt: &Facts, x: &Value) -> (u64, Outcome) {
    match (dt.kind, dt.format) {
        (Kind::Float | Kind::Complex, Some(fmt)) => store_float(fmt, x),
        (Kind::Boolean, _) => match x {
            Value::Nan { .. } => (1, Outcome::Nan),
            Value::Infinity { .. } => (1, Outcome::Rounded),
            Value::Finite(r) if r.num.is_zero() => (0, Outcome::Exact),
            Value::Finite(r) if !r.negative && r.num == r.den => (1, Outcome::Exact),
            Value::Finite(_) => (1, Outcome::Rounded),
        },
        _ => {
            let (lo, hi) = dt.int_range().unwrap_or((0, 0));
            let (v, outcome) = match x {
                Value::Nan { .. } => (0, Outcome::Nan),
                Value::Infinity { negative: true } => (lo, Outcome::Saturated),
                Value::Infinity { negative: false } => (hi, Outcome::Saturated),
                Value::Finite(r) => match r.trunc() {
                    Some((v, _)) if v < lo => (lo, Outcome::Saturated),
                    Some((v, _)) if v > hi => (hi, Outcome::Saturated),
                    Some((v, false)) => (v, Outcome::Exact),
                    Some((v, true)) => (v, Outcome::Rounded),
                    None if r.negative => (lo, Outcome::Saturated),
                    None => (hi, Outcome::Saturated),
                },
            };
            (v as u64 & mask(dt.bits), outcome)
        }
    }
}

fn store_float(fmt: &Format, x: &Value) -> (u64, Outcome) {
    use crate::format::Outcome as F;
    let stored = match x {
        Value::Finite(r) => r.round(fmt),
        // NaNs and infinities are doubles: the double's store is theirs.
        special => fmt.encode(special.to_f64(), Rounding::NearestEven),
    };
    let outcome = match (x, stored.outcome) {
        (Value::Nan { .. }, _) => Outcome::Nan,
        (_, F::Exact) => Outcome::Exact,
        (_, F::Inexact) => Outcome::Rounded,
        (_, F::Overflow) if fmt.infinities() => Outcome::Overflow,
        (_, F::Overflow) => Outcome::Saturated,
    };
    (stored.bits, outcome)
}

/// ±num / den, den > 0.
#[derive(Clone, Debug)]
struct Rational {
    negative: bool,
    num: Nat,
    den: Nat,
}

impl Rational {
    fn of_written(w: &Written, short: bool) -> Rational {
        let negative = w.negative;
        let Some(first) = w.digits.iter().position(|&d| d != 0) else {
            return Rational::of_parts(negative, Nat::zero(), Nat::of_u128(1));
        };
        let keep = if w.hex { HEX_DIGITS } else { DECIMAL_DIGITS };
        let scale = |digits: usize| {
            if w.hex {
                4 * digits as i64
            } else {
                digits as i64
            }
        };
        let mut digits = w.digits[first..].to_vec();
        let mut exp = w.exp;
        if short && digits.len() > keep {
            let sticky = digits[keep..].iter().any(|&d| d != 0);
            exp += scale(digits.len() - keep);
            digits.truncate(keep);
            if sticky {
                digits.push(1);
                exp -= scale(1);
            }
        }
        let n = digits.len() as i64;
        // The magnitude lies in [base^(top - 1), base^top), in powers of
        // ten, or of two for hexadecimal.
        let (top, huge, tiny) = if w.hex {
            let lead = i64::from(8 - digits[0].leading_zeros() as u8);
            (4 * (n - 1) + lead + exp, BINARY_HUGE, BINARY_TINY)
        } else {
            (n + exp, DECIMAL_HUGE, DECIMAL_TINY)
        };
        if top > huge {
            return Rational::of_parts(negative, Nat::pow2(BINARY_HUGE as u64), Nat::of_u128(1));
        }
        if top <= tiny {
            return Rational::of_parts(negative, Nat::of_u128(1), Nat::pow2(-BINARY_TINY as u64));
        }
        let d = Nat::of_digits(&digits, if w.hex { 16 } else { 10 });
        let e = exp.unsigned_abs();
        let (num, den) = match (w.hex, exp >= 0) {
            (true, true) => (d.shl(e), Nat::of_u128(1)),
            (true, false) => (d, Nat::pow2(e)),
            (false, true) => (d.mul(&Nat::pow10(e)), Nat::of_u128(1)),
            (false, false) => (d, Nat::pow10(e)),
        };
        Rational::of_parts(negative, num, den)
    }

    fn of_parts(negative: bool, num: Nat, den: Nat) -> Rational {
        Rational { negative, num, den }
    }

    /// A finite double's value.
    fn of_f64(x: f64) -> Rational {
        let b = x.to_bits();
        let field = ((b >> binary64::FRACTION_BITS) & binary64::FIELD_MAX) as i64;
        let fraction = b & binary64::FRACTION_MASK;
        let (m, q) = if field == 0 {
            (
                fraction,
                1 - i64::from(binary64::BIAS) - i64::from(binary64::FRACTION_BITS),
            )
        } else {
            let q = field - i64::from(binary64::BIAS) - i64::from(binary64::FRACTION_BITS);
            (fraction | (1 << binary64::FRACTION_BITS), q)
        };
        let m = Nat::of_u128(m.into());
        let (num, den) = if q >= 0 {
            (m.shl(q as u64), Nat::of_u128(1))
        } else {
            (m, Nat::pow2(q.unsigned_abs()))
        };
        Rational::of_parts(x.is_sign_negative(), num, den)
    }

    fn of_int(v: i128) -> Rational {
        Rational::of_parts(v < 0, Nat::of_u128(v.unsigned_abs()), Nat::of_u128(1))
    }

    fn abs(&self) -> Rational {
        Rational::of_parts(false, self.num.clone(), self.den.clone())
    }

    /// self - other; a zero difference is +0, as in IEEE 754.
    fn sub(&self, other: &Rational) -> Rational {
        let p = self.num.mul(&other.den);
        let q = other.num.mul(&self.den);
        let den = self.den.mul(&other.den);
        if self.negative != other.negative {
            return Rational::of_parts(self.negative, p.add(&q), den);
        }
        // Same signs: ±(p - q).
        if p == q {
            Rational::of_parts(false, Nat::zero(), den)
        } else if p > q {
            let mut d = p;
            d.sub_assign(&q);
            Rational::of_parts(self.negative, d, den)
        } else {
            let mut d = q;
            d.sub_assign(&p);
            Rational::of_parts(!self.negative, d, den)
        }
    }

    /// self / other, other not zero.
    fn div(&self, other: &Rational) -> Rational {
        Rational::of_parts(
            self.negative != other.negative,
            self.num.mul(&other.den),
            self.den.mul(&other.num),
        )
    }

    /// ⌊|self| / 2^s⌋ and whether a remainder is left, for a quotient
    /// below 2^127.
    fn scaled(&self, s: i64) -> (u128, bool) {
        let num = self.num.shl((-s).max(0) as u64);
        let den = self.den.shl(s.max(0) as u64);
        num.div_small_quotient(&den)
    }

    /// e with 2^(e-1) < |self| < 2^(e+1), self not zero.
    fn log2_estimate(&self) -> i64 {
        self.num.bit_len() as i64 - self.den.bit_len() as i64
    }

    /// The encoding of self stored into `fmt`, rounded once to nearest,
    /// ties to even: its quotient by a power of two that leaves 62 to 63
    /// bits, with a sticky bit below them for the remainder, is rounded by
    /// [`Format::encode_exact`] as the exact value would be (the sticky
    /// bit says whether the value is past the midpoint it would otherwise
    /// sit on, and 62 bits are more than any format's 54 and two guards).
    fn round(&self, fmt: &Format) -> Stored {
        if self.num.is_zero() {
            return fmt.encode_exact(self.negative, 0, 0, Rounding::NearestEven);
        }
        let mut s = self.log2_estimate() - 64;
        let (mut t, mut sticky) = self.scaled(s);
        while t >= 1 << 62 {
            sticky |= t & 1 != 0;
            t >>= 1;
            s += 1;
        }
        let m = ((t as u64) << 1) | u64::from(sticky);
        // Past i32, a value is past every range or below every least
        // value as it is at i32's ends: only an error of a number of more
        // than 600 million digits gets there.
        let q = (s - 1).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32;
        fmt.encode_exact(self.negative, m, q, Rounding::NearestEven)
    }

    fn to_f64(&self) -> f64 {
        FLOAT64.decode(self.round(&FLOAT64).bits)
    }

    /// self truncated toward zero and whether that dropped a fraction;
    /// `None` for some magnitudes past 2^99, all past 2^101: far past
    /// every integer dtype.
    fn trunc(&self) -> Option<(i128, bool)> {
        if !self.num.is_zero() && self.log2_estimate() > 100 {
            return None;
        }
        let (t, fraction) = self.scaled(0);
        let v = t as i128;
        Some((if self.negative { -v } else { v }, fraction))
    }
}

#[cfg(test)]
mod tests;
