//! The syntax of a written number: what OCaml's `float_of_string` reads.
//!
//! Underscores are dropped anywhere first; then come optional leading
//! white space (C's `isspace`), an optional sign, and one of:
//! - decimal digits with an optional point and an optional exponent
//!   `e`/`E` with an optional sign (`1_000`, `.5`, `5.`, `1e-3`);
//! - `0x`/`0X`, hexadecimal digits with an optional point and an
//!   optional binary exponent `p`/`P` (`0x1.8p-3`);
//! - `inf`, `infinity`, `nan`, `nan(chars)` with letters and digits for
//!   chars (which are ignored), in any case.
//!
//! At least one digit is required, and nothing may follow.

use super::{Number, Written};

/// Exponents are kept up to this magnitude: any past it is a number far
/// past every range (or below every least value) all the same.
const EXPONENT_CAP: i64 = 1 << 40;

/// The number `s` writes, if it is one.
pub fn parse(s: &[u8]) -> Option<Number> {
    let s: Vec<u8> = s.iter().copied().filter(|&c| c != b'_').collect();
    let mut s = &s[..];
    while let [b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r', rest @ ..] = s {
        s = rest;
    }
    let negative = s.first() == Some(&b'-');
    if let [b'-' | b'+', rest @ ..] = s {
        s = rest;
    }
    let lower = s.to_ascii_lowercase();
    match &lower[..] {
        b"inf" | b"infinity" => Some(Number::Infinity { negative }),
        b"nan" => Some(Number::Nan { negative }),
        [b'n', b'a', b'n', b'(', chars @ .., b')'] => chars
            .iter()
            .all(u8::is_ascii_alphanumeric)
            .then_some(Number::Nan { negative }),
        [b'0', b'x', ..] => positional(negative, &s[2..], true),
        _ => positional(negative, s, false),
    }
}

/// Digits with an optional point, then an optional exponent, the whole of
/// `s`: hexadecimal digits and a binary exponent when `hex`.
fn positional(negative: bool, s: &[u8], hex: bool) -> Option<Number> {
    let digit = |c: u8| -> Option<u8> {
        let d = (c as char).to_digit(if hex { 16 } else { 10 })?;
        Some(d as u8)
    };
    let mut digits = Vec::with_capacity(s.len());
    let mut i = 0;
    while let Some(d) = s.get(i).and_then(|&c| digit(c)) {
        digits.push(d);
        i += 1;
    }
    let mut fraction = 0i64;
    if s.get(i) == Some(&b'.') {
        i += 1;
        while let Some(d) = s.get(i).and_then(|&c| digit(c)) {
            digits.push(d);
            fraction += 1;
            i += 1;
        }
    }
    if digits.is_empty() {
        return None;
    }
    let marker: &[u8] = if hex { b"pP" } else { b"eE" };
    let mut exponent = 0i64;
    if let Some(c) = s.get(i) {
        if !marker.contains(c) {
            return None;
        }
        exponent = signed_decimal(&s[i + 1..])?;
    }
    // Each fraction digit scales by 1/10, or by 1/16 = 2^-4.
    let exp = exponent - if hex { 4 * fraction } else { fraction };
    Some(Number::Finite(Written {
        negative,
        digits,
        hex,
        exp,
    }))
}

/// A decimal integer with an optional sign, the whole of `s`, its
/// magnitude capped at [`EXPONENT_CAP`].
fn signed_decimal(s: &[u8]) -> Option<i64> {
    let (negative, s) = match s {
        [b'-', rest @ ..] => (true, rest),
        [b'+', rest @ ..] => (false, rest),
        _ => (false, s),
    };
    if s.is_empty() || !s.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let v = s.iter().fold(0i64, |v, &c| {
        (v * 10 + i64::from(c - b'0')).min(EXPONENT_CAP)
    });
    Some(if negative { -v } else { v })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finite(s: &str) -> Option<(bool, Vec<u8>, bool, i64)> {
        match parse(s.as_bytes())? {
            Number::Finite(w) => Some((w.negative, w.digits, w.hex, w.exp)),
            _ => None,
        }
    }

    #[test]
    fn reads_what_float_of_string_reads() {
        assert_eq!(finite("1_000"), Some((false, vec![1, 0, 0, 0], false, 0)));
        assert_eq!(finite(" -1.5e-3"), Some((true, vec![1, 5], false, -4)));
        assert_eq!(finite("0x1.8p-3"), Some((false, vec![1, 8], true, -7)));
        assert_eq!(finite("0X.8"), Some((false, vec![8], true, -4)));
        assert_eq!(finite("5."), Some((false, vec![5], false, 0)));
        // A hexadecimal digit, not an exponent.
        assert_eq!(finite("0x1e"), Some((false, vec![1, 0xe], true, 0)));
        assert_eq!(finite("1e+_5"), Some((false, vec![1], false, 5)));
        assert_eq!(
            finite("1e99999999999999999999"),
            Some((false, vec![1], false, EXPONENT_CAP))
        );
        for s in ["nan", "-NaN", "nan(12ab)", "nan()", "n_an"] {
            assert!(
                matches!(parse(s.as_bytes()), Some(Number::Nan { .. })),
                "{s}"
            );
        }
        for s in ["inf", "-Infinity", "+INF"] {
            assert!(
                matches!(parse(s.as_bytes()), Some(Number::Infinity { .. })),
                "{s}"
            );
        }
        for s in [
            "", "_", ".", "e5", ".e5", "1e", "1e+", "1 ", "- 1", "--1", "0x", "0x.p1", "0x1p",
            "1.5e3.2", "0b101", "1d5", "infinit", "nanx", "nan(", "nan(-)", "１",
        ] {
            assert!(parse(s.as_bytes()).is_none(), "{s:?}");
        }
    }
}
