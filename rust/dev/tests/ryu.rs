//! The shortest decimal against Ryū's digits, which could differ from ours
//! only on an exact tie (then the big-integer search decides).

use nx_array::format::{Format, FLOAT32, FLOAT64};
use nx_array::shortest::{exact, shortest, Decimal};

/// Ryū's digits as a decimal without trailing zeros.
fn ryu_decimal(text: &str) -> Decimal {
    let (mantissa, exp) = match text.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().unwrap()),
        None => (text, 0),
    };
    let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
    Decimal {
        digits: format!("{int}{frac}").parse().unwrap(),
        exponent: exp - frac.len() as i32,
    }
    .trimmed()
}

/// Our digits of `bits` in `fmt` where they differ from Ryū's `text`, the
/// exact search's then.
fn check(fmt: &Format, bits: u64, text: &str) {
    let d = shortest(fmt, bits);
    if d != ryu_decimal(text) {
        assert_eq!(d, exact(fmt, bits), "{fmt:?} {bits:#x}");
    }
}

/// The positive binary32 encodings `floats` and `doubles` random binary64
/// bit patterns.
fn agrees_with_ryu(floats: impl Iterator<Item = u32>, doubles: u64) {
    let mut buf = ryu::Buffer::new();
    for b in floats {
        check(&FLOAT32, u64::from(b), buf.format_finite(f32::from_bits(b)));
    }
    let mut s = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..doubles {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        let b = s & !(1 << 63);
        if b == 0 || b >= 0x7ff0_0000_0000_0000 {
            continue;
        }
        check(&FLOAT64, b, buf.format_finite(f64::from_bits(b)));
    }
}

/// Every 97th positive binary32 and a million binary64.
#[test]
fn agrees_with_ryu_on_a_sample() {
    agrees_with_ryu((1..0x7f80_0000u32).step_by(97), 1_000_000);
}

/// Every positive binary32 and 10^8 binary64: minutes, run by hand with
/// `cargo test --release --manifest-path rust/dev/Cargo.toml -- --ignored`.
#[test]
#[ignore]
fn agrees_with_ryu_on_every_binary32_and_many_binary64() {
    agrees_with_ryu(1..0x7f80_0000u32, 100_000_000);
}
