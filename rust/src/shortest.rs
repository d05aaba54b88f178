//! The shortest decimal of a float format's value, as `Dtype.pp_value`
//! prints it.
//!
//! A finite value prints as the decimal with the fewest significant digits
//! in the interval of reals that round to it in its format (ties to even,
//! the exponent unbounded above), and of those the nearest to it; a tie
//! between two goes to the one whose last digit is even. The interval is
//! closed when the value's significand is even, open when it is odd.
//!
//! [`exact`] searches that interval with exact integer arithmetic and
//! serves every format. Binary64 and binary32 take Ryū's digits
//! (`fast`), which answer the same question for those formats (their
//! intervals never straddle a power of ten widely enough to hold a shorter
//! decimal below it) but for exact ties, which go back to the exact search;
//! the tests compare the two.

use crate::bignum::Big;
use crate::format::{Format, FLOAT32, FLOAT64};
use crate::store;
use core::cmp::Ordering;

/// `digits × 10^exponent`, with `digits` free of trailing zeros.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Decimal {
    pub digits: u64,
    pub exponent: i32,
}

/// The most digits a shortest decimal has: 17 for binary64.
const MAX_DIGITS: u32 = 17;

/// The longest text [`write()`] produces, `-2.2250738585072014e-308`.
pub const MAX_LEN: usize = 24;

/// The room [`write()`] needs: more than its text, as it copies in blocks of
/// fixed size, which need no branch on the text's length.
pub const BUF_LEN: usize = 64;

/// The shortest decimal of the finite, nonzero magnitude encoded by `bits`
/// (its sign bit is ignored).
pub fn shortest(fmt: &Format, bits: u64) -> Decimal {
    digits(fmt, bits).decimal()
}

/// [`shortest`] as the text of its digits, which [`write`] lays out.
fn digits(fmt: &Format, bits: u64) -> Digits {
    let fast = if *fmt == FLOAT64 {
        fast::digits(f64::from_bits(bits & !(1 << 63)))
    } else if *fmt == FLOAT32 {
        fast::digits(f32::from_bits(bits as u32 & 0x7fff_ffff))
    } else if fmt.bits() <= 16 {
        let d =
            crate::short_small::shortest(&interval(fmt, bits)).unwrap_or_else(|| exact(fmt, bits));
        return Digits::of_decimal(d);
    } else {
        return Digits::of_decimal(exact(fmt, bits));
    };
    if may_tie(fmt, bits, fast.exponent) {
        return Digits::of_decimal(exact(fmt, bits));
    }
    fast
}

/// A decimal as text: `ascii[..len]`, without leading or trailing zeros,
/// times 10^exponent.
#[derive(Clone, Copy)]
struct Digits {
    ascii: [u8; DIGITS_ROOM],
    len: usize,
    exponent: i32,
}

/// Room for the digits of Ryū's longest text, zeros included.
const DIGITS_ROOM: usize = 24;

impl Digits {
    fn of_decimal(d: Decimal) -> Digits {
        let mut ascii = [0u8; DIGITS_ROOM];
        let len = (d.digits.ilog10() + 1) as usize;
        let mut v = d.digits;
        for c in ascii[..len].iter_mut().rev() {
            *c = b'0' + (v % 10) as u8;
            v /= 10;
        }
        Digits {
            ascii,
            len,
            exponent: d.exponent,
        }
    }

    fn decimal(&self) -> Decimal {
        let digits = self
            .text()
            .iter()
            .fold(0u64, |v, &c| v * 10 + u64::from(c - b'0'));
        Decimal {
            digits,
            exponent: self.exponent,
        }
    }

    fn text(&self) -> &[u8] {
        &self.ascii[..self.len]
    }
}

/// Whether a value might lie exactly halfway between two decimals whose
/// last digit is at 10^k, where the fast digits need not break the tie as
/// ours (and Python's) do, to the even digit. A tie means v = (2d ± 1) ×
/// 10^k / 2 for an integer d, so v = odd × 2^(k-1) × 5^j: the value's
/// exponent, once its significand is odd, is k - 1.
fn may_tie(fmt: &Format, bits: u64, k: i32) -> bool {
    let (m, e) = significand(fmt, bits);
    e + m.trailing_zeros() as i32 == k - 1
}

/// The finite magnitude encoded by `bits` as `m × 2^e`, `m` an integer.
fn significand(fmt: &Format, bits: u64) -> (u64, i32) {
    let f = fmt.fraction_bits;
    let field = (bits >> f) & fmt.exponent_field_max();
    let fraction = bits & fmt.fraction_mask();
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

/// The interval of the magnitude encoded by `bits`: the gap below a power
/// of two is half the gap above it, except at the least normal binade;
/// ties go to the even significand, so the ends belong to an even one.
pub(crate) fn interval(fmt: &Format, bits: u64) -> Interval {
    let field = (bits >> fmt.fraction_bits) & fmt.exponent_field_max();
    let fraction = bits & fmt.fraction_mask();
    let (m, e) = significand(fmt, bits);
    debug_assert!(m != 0, "zero has no shortest decimal");
    let below = if field > 1 && fraction == 0 { 1 } else { 2 };
    Interval {
        e,
        lo: 4 * m - below,
        v: 4 * m,
        hi: 4 * m + 2,
        closed: m % 2 == 0,
    }
}

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
        if let Some((mut digits, mut exponent, _)) = best {
            while digits % 10 == 0 {
                digits /= 10;
                exponent += 1;
            }
            return Decimal { digits, exponent };
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

/// Shortest decimals of binary64 and binary32 values, from Ryū.
mod fast {
    use super::{significand, Digits, Format, DIGITS_ROOM, FLOAT32, FLOAT64};

    /// Ryū's text of a binary64 or binary32 value, zeros after it.
    pub struct Text {
        pub t: [u8; TEXT_ROOM],
        pub n: usize,
        pub v: f64,
        pub single: bool,
    }

    /// Room for Ryū's text (24 bytes) and for fixed-size blocks read
    /// past it.
    pub const TEXT_ROOM: usize = 64;

    /// Ryū's text of the binary64 or binary32 magnitude `mag`, when it
    /// cannot be a tie (see [`may_tie`](super::may_tie)): a tie needs the value's exponent,
    /// its significand made odd, to be the last digit's less one, and a
    /// last digit within 17 digits of the value's leading one puts that
    /// exponent in -25..=21 for binary64 and -11..=8 for binary32.
    pub fn text(fmt: &Format, mag: u64) -> Option<Text> {
        if *fmt != FLOAT64 && *fmt != FLOAT32 {
            return None;
        }
        let (m, e) = significand(fmt, mag);
        if (-32..=32).contains(&(e + m.trailing_zeros() as i32)) {
            return None;
        }
        let mut t = [0u8; TEXT_ROOM];
        let (n, v, single) = if *fmt == FLOAT64 {
            let v = f64::from_bits(mag);
            // Safety: v is finite and t has Ryū's 24 bytes.
            (unsafe { ryu::raw::format64(v, t.as_mut_ptr()) }, v, false)
        } else {
            let v = f32::from_bits(mag as u32);
            // Safety: v is finite and t has Ryū's 16 bytes.
            (
                unsafe { ryu::raw::format32(v, t.as_mut_ptr()) },
                f64::from(v),
                true,
            )
        };
        Some(Text { t, n, v, single })
    }

    /// The shortest decimal of a positive finite `x` of its own format.
    pub fn digits<T: ryu::Float>(x: T) -> Digits {
        let mut buf = ryu::Buffer::new();
        parse(buf.format_finite(x).as_bytes())
    }

    /// Reads Ryū's `d[.ddd][e[-]x]`, whose digits are at most
    /// [`DIGITS_ROOM`] characters: keeps the digits but the leading and
    /// trailing zeros, and counts those after the point into the exponent.
    /// The copy has no branch on the characters, whose positions vary
    /// from value to value.
    pub fn parse(s: &[u8]) -> Digits {
        let (mantissa, exp) = match s.iter().rposition(|&c| c == b'e') {
            Some(p) => (&s[..p], exponent(&s[p + 1..])),
            None => (s, 0),
        };
        let mut d = Digits {
            ascii: [0; DIGITS_ROOM],
            len: 0,
            exponent: 0,
        };
        let mut point = mantissa.len();
        for (i, &c) in mantissa.iter().enumerate() {
            d.ascii[d.len] = c;
            d.len += usize::from(c != b'.');
            point = if c == b'.' { i + 1 } else { point };
        }
        d.exponent = exp - (mantissa.len() - point) as i32;
        let lead = d.text().iter().take_while(|&&c| c == b'0').count();
        if lead > 0 {
            d.ascii.copy_within(lead..d.len, 0);
            d.len -= lead;
        }
        let trail = d.text().iter().rev().take_while(|&&c| c == b'0').count();
        d.len -= trail;
        d.exponent += trail as i32;
        d
    }

    /// Reads `[-]x`.
    pub fn exponent(s: &[u8]) -> i32 {
        let (negative, digits) = match s.split_first() {
            Some((b'-', rest)) => (true, rest),
            _ => (false, s),
        };
        let e = digits
            .iter()
            .fold(0i32, |e, &c| e * 10 + i32::from(c - b'0'));
        if negative {
            -e
        } else {
            e
        }
    }
}

/// Writes the text of the value a store of `x` into `fmt` holds, into
/// `out`, and gives its length: `nan`, `inf` or `-inf` for a NaN or an
/// infinity (in every format: printing stores nothing), `0` or `-0`, or the
/// shortest decimal, positional for magnitudes from 1e-4 up to 1e16 and
/// `d.ddde±XX` outside.
pub fn write(fmt: &Format, x: f64, out: &mut [u8; BUF_LEN]) -> usize {
    let mut w = Writer { out, len: 0 };
    if x.is_nan() {
        w.push_str(b"nan");
        return w.len;
    }
    if x.is_sign_negative() {
        w.push(b'-');
    }
    if x.is_infinite() {
        w.push_str(b"inf");
        return w.len;
    }
    let bits = store::store_format(fmt, x);
    let mag = bits & !fmt.sign_bit();
    if fmt.infinities() && mag == fmt.infinity() {
        w.push_str(b"inf");
    } else if mag == 0 {
        w.push(b'0');
    } else {
        let laid_out = match fast::text(fmt, mag) {
            Some(text) => w.ryu(&text),
            None => false,
        };
        if !laid_out {
            w.digits(&digits(fmt, mag));
        }
    }
    w.len
}

/// The decimal exponents of the values written positionally.
const POSITIONAL: core::ops::Range<i32> = -4..16;

struct Writer<'a> {
    out: &'a mut [u8; BUF_LEN],
    len: usize,
}

impl Writer<'_> {
    fn push(&mut self, c: u8) {
        self.out[self.len] = c;
        self.len += 1;
    }

    fn push_str(&mut self, s: &[u8]) {
        self.out[self.len..self.len + s.len()].copy_from_slice(s);
        self.len += s.len();
    }

    fn zeros(&mut self, n: usize) {
        self.out[self.len..self.len + n].fill(b'0');
        self.len += n;
    }

    fn digits(&mut self, d: &Digits) {
        let digits = d.text();
        let n = digits.len();
        let sci = d.exponent + n as i32 - 1;
        if POSITIONAL.contains(&sci) {
            if d.exponent >= 0 {
                self.push_str(digits);
                self.zeros(d.exponent as usize);
            } else if sci >= 0 {
                let point = (sci + 1) as usize;
                self.push_str(&digits[..point]);
                self.push(b'.');
                self.push_str(&digits[point..]);
            } else {
                self.push_str(b"0.");
                self.zeros((-sci - 1) as usize);
                self.push_str(digits);
            }
        } else {
            self.push(digits[0]);
            if n > 1 {
                self.push(b'.');
                self.push_str(&digits[1..]);
            }
            self.exponent(sci);
        }
    }

    /// `e±XX`, or `e±XXX`, written as one word: no branch on the
    /// exponent's length.
    fn exponent(&mut self, sci: i32) {
        let e = sci.unsigned_abs();
        let sign = if sci < 0 { b'-' } else { b'+' };
        let [h, t, o] = [e / 100, e / 10 % 10, e % 10].map(|d| b'0' + d as u8);
        let three = [b'e', sign, h, t, o, 0, 0, 0];
        let two = [b'e', sign, t, o, 0, 0, 0, 0];
        let word = if e >= 100 { three } else { two };
        self.out[self.len..self.len + 8].copy_from_slice(&word);
        self.len += if e >= 100 { 5 } else { 4 };
    }

    /// Ryū's text laid out as [`Writer::digits`] lays out its decimal, or
    /// `false` where the two layouts differ but in form. The digits are
    /// the same; Ryū writes integers with `.0`, exponents without `+` or
    /// leading zeros, and chooses between positional and scientific at
    /// other powers of ten. Which case holds is read from the value, not
    /// from the text, which comes later; the text is moved in blocks.
    fn ryu(&mut self, r: &fast::Text) -> bool {
        let (t, n, v) = (&r.t, r.n, r.v);
        let b = if r.single { &F32_BOUNDS } else { &F64_BOUNDS };
        let at = self.len;
        if v >= b.scientific || v < b.ryu_positional {
            // Both scientific: `d[.ddd]e[-]x`, x of one to three digits.
            let negative = v < 1.0;
            let digit = |i: usize| u32::from(t[n - i].wrapping_sub(b'0'));
            let two = digit(2) < 10;
            let three = two && digit(3) < 10;
            let e = digit(1)
                + if two { 10 * digit(2) } else { 0 }
                + if three { 100 * digit(3) } else { 0 };
            let mark = n - 2 - usize::from(two) - usize::from(three) - usize::from(negative);
            self.out[at..at + 32].copy_from_slice(&t[..32]);
            self.len = at + mark;
            self.exponent(if negative { -(e as i32) } else { e as i32 });
        } else if v >= b.positional {
            if v >= b.ryu_scientific {
                return false;
            }
            self.out[at..at + 32].copy_from_slice(&t[..32]);
            let integer = t[n - 2] == b'.' && t[n - 1] == b'0';
            self.len = at + n - if integer { 2 } else { 0 };
        } else {
            // Ryū's `0.` and z zeros, then the digits; ours scientific.
            let z = if v >= b.five { 4 } else { 5 };
            let digits = n - 2 - z;
            self.out[at] = t[2 + z];
            self.out[at + 1] = b'.';
            self.out[at + 2..at + 34].copy_from_slice(&t[3 + z..35 + z]);
            self.len = at + if digits > 1 { digits + 1 } else { 1 };
            self.exponent(-(z as i32) - 1);
        }
        true
    }
}

/// Where the layouts change, as the least value of the format on the
/// upper side: a value is at least a power of ten's rounding exactly when
/// its shortest decimal is at least that power.
struct Bounds {
    /// Ours: scientific from 1e16, and below 1e-4.
    scientific: f64,
    positional: f64,
    /// Ryū's: scientific from `ryu_scientific`, and below `ryu_positional`.
    ryu_scientific: f64,
    ryu_positional: f64,
    /// 1e-5: below it, Ryū's positional text has five zeros after `0.`.
    five: f64,
}

const F64_BOUNDS: Bounds = Bounds {
    scientific: 1e16,
    positional: 1e-4,
    ryu_scientific: 1e16,
    ryu_positional: 1e-5,
    five: 1e-5,
};

const F32_BOUNDS: Bounds = Bounds {
    scientific: 1e16f32 as f64,
    positional: 1e-4f32 as f64,
    ryu_scientific: 1e13f32 as f64,
    ryu_positional: 1e-6f32 as f64,
    five: 1e-5f32 as f64,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::*;

    fn text(fmt: &Format, x: f64) -> String {
        let mut out = [0u8; BUF_LEN];
        let n = write(fmt, x, &mut out);
        String::from_utf8(out[..n].to_vec()).unwrap()
    }

    #[test]
    fn documented_examples() {
        assert_eq!(text(&FLOAT32, 0.1), "0.1");
        assert_eq!(text(&FLOAT16, 65504.0), "65500");
        assert_eq!(text(&FLOAT8_E4M3FN, 448.0), "450");
        assert_eq!(text(&FLOAT16, 0.015625), "0.01563");
        assert_eq!(text(&BFLOAT16, 2f64.powi(97)), "1.59e+29");
        assert_eq!(text(&FLOAT8_E5M2, 0.09375), "0.09");
        assert_eq!(text(&BFLOAT16, 2f64.powi(-133)), "9e-41");
        assert_eq!(text(&FLOAT64, 5e-324), "5e-324");
        assert_eq!(text(&FLOAT64, 1e16), "1e+16");
        assert_eq!(text(&FLOAT64, 1e-5), "1e-05");
        assert_eq!(text(&FLOAT64, 1e-4), "0.0001");
        assert_eq!(text(&FLOAT64, 9999999999999998.0), "9999999999999998");
        assert_eq!(text(&FLOAT64, 1.0), "1");
        assert_eq!(text(&FLOAT64, -0.5), "-0.5");
        assert_eq!(text(&FLOAT64, -0.0), "-0");
        assert_eq!(text(&FLOAT64, f64::MAX), "1.7976931348623157e+308");
        assert_eq!(
            text(&FLOAT64, -2.2250738585072014e-308),
            "-2.2250738585072014e-308"
        );
        assert_eq!(text(&FLOAT16, f64::NEG_INFINITY), "-inf");
        assert_eq!(text(&FLOAT16, -f64::NAN), "nan");
        assert_eq!(text(&FLOAT4_E2M1FN, 6.0), "6");
        assert_eq!(text(&FLOAT4_E2M1FN, -0.5), "-0.5");
        assert_eq!(text(&FLOAT4_E2M1FN, f64::NAN), "nan");
        assert_eq!(text(&FLOAT8_E4M3FN, f64::INFINITY), "inf");
        assert_eq!(text(&FLOAT16, 1e6), "inf");
    }

    fn xorshift(state: &mut u64) -> u64 {
        *state ^= *state << 13;
        *state ^= *state >> 7;
        *state ^= *state << 17;
        *state
    }

    #[test]
    fn fast_agrees_with_exact_binary64() {
        let mut s = 0x1234_5678_9abc_def1u64;
        let check = |x: f64| {
            if x.is_finite() && x != 0.0 {
                let b = x.abs().to_bits();
                assert_eq!(shortest(&FLOAT64, b), exact(&FLOAT64, b), "{x:e}");
            }
        };
        for _ in 0..20_000 {
            check(f64::from_bits(xorshift(&mut s)));
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

    /// The text of the exact search's decimal, laid out by the writer.
    fn exact_text(fmt: &Format, x: f64) -> String {
        let mut out = [0u8; BUF_LEN];
        let mut w = Writer {
            out: &mut out,
            len: 0,
        };
        if x < 0.0 {
            w.push(b'-');
        }
        let mag = store::store_format(fmt, x) & !fmt.sign_bit();
        w.digits(&Digits::of_decimal(exact(fmt, mag)));
        let n = w.len;
        String::from_utf8(out[..n].to_vec()).unwrap()
    }

    #[test]
    fn ryu_text_laid_out_as_the_exact_decimal() {
        let mut s = 0x5eed_1234_abcd_0001u64;
        for i in 0..40_000 {
            let r = xorshift(&mut s);
            // Random bits, and values near 1e-5..1e17 where layouts change.
            let x = if i % 2 == 0 {
                f64::from_bits(r)
            } else {
                (r >> 11) as f64 * 2f64.powi((r % 80) as i32 - 70)
            };
            if !x.is_finite() || x == 0.0 {
                continue;
            }
            assert_eq!(text(&FLOAT64, x), exact_text(&FLOAT64, x), "{x:e}");
            let y = f64::from(x as f32);
            if y.is_finite() && y != 0.0 {
                assert_eq!(text(&FLOAT32, y), exact_text(&FLOAT32, y), "{y:e}");
            }
        }
        for k in -7..18 {
            let p: f64 = format!("1e{k}").parse().unwrap();
            for x in [p, p.next_up(), p.next_down(), 1.5 * p, -p] {
                assert_eq!(text(&FLOAT64, x), exact_text(&FLOAT64, x), "{x:e}");
            }
        }
    }

    #[test]
    fn small_formats_agree_with_exact() {
        for fmt in [
            &FLOAT16,
            &BFLOAT16,
            &FLOAT8_E4M3FN,
            &FLOAT8_E5M2,
            &FLOAT4_E2M1FN,
        ] {
            let (mut fast, mut all) = (0, 0);
            for bits in 1..fmt.sign_bit() {
                if !fmt.decode(bits).is_finite() {
                    continue;
                }
                all += 1;
                if let Some(d) = crate::short_small::shortest(&interval(fmt, bits)) {
                    fast += 1;
                    assert_eq!(d, exact(fmt, bits), "{fmt:?} {bits:#x}");
                }
            }
            // Only values whose interval holds a power of ten, or too
            // small for 128 bits (bfloat16's), take the big integers.
            println!("{fmt:?}: {fast} of {all} without big integers");
            assert!(fast * 10 >= all * 8, "{fmt:?}: {fast} of {all}");
        }
    }

    #[test]
    fn fast_agrees_with_exact_binary32() {
        let mut s = 0x0fed_cba9_8765_4321u64;
        for i in 0..200_000u64 {
            let b = if i < 100_000 {
                xorshift(&mut s) as u32
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
