//! The text of a value as `pp_value` prints it: the shortest decimal laid
//! out positionally or in scientific notation, with its length and
//! exponent taken from the decimal itself so that nothing but the stores
//! waits for the digits.

use super::{digits, untrimmed, Decimal};
use crate::format::Format;
use crate::store;

/// The longest text [`write()`] produces, `-2.2250738585072014e-308`.
pub const MAX_LEN: usize = 24;

/// The room [`write()`] needs: more than its text, as it copies in blocks of
/// fixed size, which need no branch on the text's length.
pub const BUF_LEN: usize = 64;

/// Writes the text of the value a store of `x` into `fmt` holds, into
/// `out`, and gives its length: `nan`, `inf` or `-inf` for a NaN or an
/// infinity (in every format: printing stores nothing), `0` or `-0`, or the
/// shortest decimal, positional for magnitudes from 1e-4 up to 1e16 and
/// `d.ddde±XX` outside.
///
/// Inlined, so that a caller naming the format gets a copy whose fields
/// are constants.
#[inline(always)]
pub fn write(fmt: &Format, x: f64, out: &mut [u8; BUF_LEN]) -> usize {
    if fmt.exponent_bits == 11 && fmt.fraction_bits == 52 {
        // A double is its own binary64 value: one comparison tells a
        // finite nonzero one from zero, the infinities and NaN, and the
        // sign is a '-' stored in any case, then kept or written over.
        let bits = x.to_bits();
        let mag = bits & !fmt.sign_bit();
        if mag.wrapping_sub(1) < fmt.infinity() - 1 {
            out[0] = b'-';
            let mut w = Writer {
                out,
                len: (bits >> 63) as usize,
            };
            w.decimal(untrimmed(fmt, mag));
            return w.len;
        }
    }
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
        w.decimal(untrimmed(fmt, mag));
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

    /// Stores the 16 bytes of `word`, first byte lowest, at `at`.
    fn put(&mut self, at: usize, word: u128) {
        self.out[at..at + 16].copy_from_slice(&word.to_le_bytes());
    }

    /// `d` positional when its leading digit is at 10^-4 to 10^15, else
    /// scientific. The digits are made in registers and only stored, at
    /// fixed widths: reading back bytes just stored, the way a layout in
    /// a scratch buffer would, stalls the processor.
    #[inline(always)]
    fn decimal(&mut self, d: Decimal) {
        // The digit count comes from `d` in a few steps, not from the
        // digits' text at the end of a long chain: the exponent's text and
        // the layout need not wait for the digits.
        let count = digit_count(d.digits);
        let Ascii {
            lead,
            rest,
            n,
            trailing,
        } = ascii(d.digits, count);
        let exponent = d.exponent + trailing as i32;
        let sci = d.exponent + count as i32 - 1;
        let at = self.len;
        self.out[at] = lead;
        if !POSITIONAL.contains(&sci) {
            self.out[at + 1] = b'.';
            self.put(at + 2, rest);
            self.len = at + if n > 1 { n + 1 } else { 1 };
            self.exponent(sci);
        } else if exponent >= 0 {
            // At most 16 characters, the zeros after the digits `rest`'s
            // own.
            self.put(at + 1, rest);
            self.len = at + n + exponent as usize;
        } else if sci >= 0 {
            // The digits after the point, stored over the copy of all.
            let point = sci as usize + 1;
            self.put(at + 1, rest);
            self.put(at + point + 1, rest >> (8 * (point - 1)));
            self.out[at + point] = b'.';
            self.len = at + n + 1;
        } else {
            let zeros = (-sci - 1) as usize;
            self.out[at..at + 8].copy_from_slice(b"0.000000");
            self.out[at + 2 + zeros] = lead;
            self.put(at + 3 + zeros, rest);
            self.len = at + 2 + zeros + n;
        }
    }

    /// `e±XX`, or `e±XXX`, written as one word: its digits from a table,
    /// no branch on the exponent's length.
    #[inline(always)]
    fn exponent(&mut self, sci: i32) {
        let e = sci.unsigned_abs();
        let sign = if sci < 0 { b'-' } else { b'+' };
        let digits = u64::from(EXPONENTS[e as usize]);
        let word = u64::from(b'e') | u64::from(sign) << 8 | digits << 16;
        self.out[self.len..self.len + 8].copy_from_slice(&word.to_le_bytes());
        self.len += 4 + usize::from(e >= 100);
    }
}

/// The decimal digits of a number, as [`ascii`] gives them.
struct Ascii {
    /// The leading digit.
    lead: u8,
    /// The next ones, first in the lowest byte, then `'0'`s.
    rest: u128,
    /// How many digits the number has, without the zeros that end it.
    n: usize,
    /// How many zeros end it.
    trailing: usize,
}

/// The digits of `v`, 0 < v < 10^17, a number of `count` digits, in
/// registers: the leading one, then sixteen from [`digits::sixteen`],
/// aligned on the leading digit by a shift. The zeros that end the number
/// are counted in the text, a byte each, where a loop of divisions would
/// take longer.
#[inline(always)]
fn ascii(v: u64, count: usize) -> Ascii {
    let high = v / E8;
    let (lead, middle) = (high / E8, high % E8);
    let sixteen = digits::sixteen(middle as u32, (v % E8) as u32);
    let (lead, rest) = if count == 17 {
        (b'0' + lead as u8, sixteen)
    } else {
        // The leading digit to the lowest byte. The bytes the shift
        // empties become '0' by the `| ZEROS`, which leaves digits
        // ('0' | d) as they are.
        let aligned = sixteen >> (8 * (16 - count));
        (aligned as u8, aligned >> 8)
    };
    // Most numbers end in a nonzero digit: a branch on the last digit, which
    // the processor predicts, keeps the text's length off the digits' chain.
    let trailing = if v % 10 != 0 {
        0
    } else {
        zeros_ending(sixteen)
    };
    Ascii {
        lead,
        rest: rest | ZEROS,
        n: count - trailing,
        trailing,
    }
}

/// How many zeros end the number whose low sixteen digits are `sixteen`
/// (as [`ascii`] makes them): its high zero digits, a byte each.
#[cold]
#[inline(never)]
fn zeros_ending(sixteen: u128) -> usize {
    ((sixteen ^ ZEROS).leading_zeros() / 8) as usize
}

/// How many digits `v`, 0 < v < 10^17, has: from its bit length, a guess
/// that is right or one short, and one comparison.
#[inline(always)]
fn digit_count(v: u64) -> usize {
    let guess = (((64 - v.leading_zeros()) * 1233) >> 12) as usize;
    guess + usize::from(v >= POW10[guess])
}

/// 10^0 to 10^17.
const POW10: [u64; 18] = {
    let mut t = [1u64; 18];
    let mut i = 1;
    while i < 18 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

const E8: u64 = 100_000_000;

/// The digits of the exponents 0 to 324 (that of 5e-324, the largest in
/// magnitude) as the text writes them: at least two, first lowest.
const EXPONENTS: [u32; 325] = {
    let mut t = [0u32; 325];
    let mut e = 0;
    while e < 325 {
        let (h, d, o) = (
            b'0' + (e / 100) as u8,
            b'0' + (e / 10 % 10) as u8,
            b'0' + (e % 10) as u8,
        );
        t[e] = if e >= 100 {
            u32::from_le_bytes([h, d, o, 0])
        } else {
            u32::from_le_bytes([d, o, 0, 0])
        };
        e += 1;
    }
    t
};

/// Sixteen `'0'`s, first lowest.
const ZEROS: u128 = u128::from_le_bytes([b'0'; 16]);

#[cfg(test)]
mod tests {
    use super::super::exact;
    use super::*;
    use crate::format::*;
    use crate::testing::Xorshift;

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
        assert_eq!(text(&FLOAT64, f64::INFINITY), "inf");
        assert_eq!(text(&FLOAT64, f64::NEG_INFINITY), "-inf");
        assert_eq!(text(&FLOAT64, -f64::NAN), "nan");
        assert_eq!(text(&FLOAT64, -5e-324), "-5e-324");
        assert_eq!(text(&FLOAT16, f64::NEG_INFINITY), "-inf");
        assert_eq!(text(&FLOAT16, -f64::NAN), "nan");
        assert_eq!(text(&FLOAT4_E2M1FN, 6.0), "6");
        assert_eq!(text(&FLOAT4_E2M1FN, -0.5), "-0.5");
        assert_eq!(text(&FLOAT4_E2M1FN, f64::NAN), "nan");
        assert_eq!(text(&FLOAT8_E4M3FN, f64::INFINITY), "inf");
        assert_eq!(text(&FLOAT16, 1e6), "inf");
    }

    #[test]
    fn digit_count_at_every_power_of_two_and_ten() {
        let check = |v: u64| assert_eq!(digit_count(v), v.to_string().len(), "{v}");
        for i in 1..=17 {
            let p = 10u64.pow(i);
            check(p - 1);
            if i < 17 {
                check(p);
                check(p + 1);
            }
        }
        for b in 0..57 {
            let p = 1u64 << b;
            check(p);
            check(p + 1);
            check((p - 1).max(1));
        }
    }

    fn exact_text(fmt: &Format, x: f64) -> String {
        let mag = store::store_format(fmt, x) & !fmt.sign_bit();
        let d = exact(fmt, mag);
        let digits = d.digits.to_string();
        let n = digits.len() as i32;
        let sci = d.exponent + n - 1;
        let body = if !(-4..16).contains(&sci) {
            let rest = if n > 1 {
                format!(".{}", &digits[1..])
            } else {
                String::new()
            };
            let sign = if sci < 0 { '-' } else { '+' };
            format!("{}{rest}e{sign}{:02}", &digits[..1], sci.abs())
        } else if d.exponent >= 0 {
            format!("{digits}{}", "0".repeat(d.exponent as usize))
        } else if sci >= 0 {
            let (int, frac) = digits.split_at(sci as usize + 1);
            format!("{int}.{frac}")
        } else {
            format!("0.{}{digits}", "0".repeat((-sci - 1) as usize))
        };
        if x < 0.0 {
            format!("-{body}")
        } else {
            body
        }
    }

    #[test]
    fn text_laid_out_as_the_exact_decimal() {
        let mut rng = Xorshift::new(0x5eed_1234_abcd_0001);
        for i in 0..40_000 {
            let r = rng.next_u64();
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
}
