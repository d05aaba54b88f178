//! Stores of a double into every float format of at most 16 bits, against
//! the obviously correct reference: every finite value of the format,
//! sorted, and the nearest found by bisection (ties to the even
//! encoding), the exponent unbounded above.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nx_array::format::*;
use nx_array::store::store_format;
use std::sync::OnceLock;

struct Values {
    fmt: &'static Format,
    /// (value, encoding) of the non-negative finite values, ascending.
    sorted: Vec<(f64, u64)>,
}

fn tables() -> &'static [Values] {
    static T: OnceLock<Vec<Values>> = OnceLock::new();
    T.get_or_init(|| {
        [
            &FLOAT16,
            &BFLOAT16,
            &FLOAT8_E4M3FN,
            &FLOAT8_E5M2,
            &FLOAT4_E2M1FN,
        ]
        .into_iter()
        .map(|fmt| {
            let mut sorted: Vec<(f64, u64)> = (0..fmt.sign_bit())
                .map(|e| (fmt.decode(e), e))
                .filter(|(v, _)| v.is_finite())
                .collect();
            sorted.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
            Values { fmt, sorted }
        })
        .collect()
    })
}

/// The reference store of a finite, non-NaN x.
fn reference(t: &Values, x: f64) -> u64 {
    let fmt = t.fmt;
    let sign = if x.is_sign_negative() {
        fmt.sign_bit()
    } else {
        0
    };
    let a = x.abs();
    let (max, max_enc) = *t.sorted.last().unwrap();
    let (prev, _) = t.sorted[t.sorted.len() - 2];
    // The next value past the largest, were the exponent unbounded: the
    // largest plus the gap below it (the same binade), and the half step.
    let half_step = max + (max - prev) / 2.0;
    let over = if fmt.infinities() {
        fmt.infinity()
    } else {
        max_enc
    };
    if a.is_infinite() || a > half_step || (a == half_step && max_enc % 2 == 1) {
        return sign | over;
    }
    let i = t.sorted.partition_point(|(v, _)| *v < a);
    if i < t.sorted.len() && t.sorted[i].0 == a {
        return sign | t.sorted[i].1;
    }
    let (lo, le) = t.sorted[i - 1];
    let (hi, he) = if i < t.sorted.len() {
        t.sorted[i]
    } else {
        (half_step * 2.0 - max, u64::MAX)
    };
    // Differences of values a few binades apart are exact in doubles.
    let (dl, dh) = (a - lo, hi - a);
    let enc = if dl < dh || (dl == dh && le % 2 == 0) {
        le
    } else {
        he
    };
    sign | if enc == u64::MAX { over } else { enc }
}

fuzz_target!(|data: &[u8]| {
    if data.len() < 8 {
        return;
    }
    let x = f64::from_le_bytes(data[..8].try_into().unwrap());
    // Also a value near a halfway point of each format, from the bytes.
    for t in tables() {
        let k = (u64::from_le_bytes(data[..8].try_into().unwrap()) as usize) % (t.sorted.len() - 1);
        let mid = (t.sorted[k].0 + t.sorted[k + 1].0) / 2.0;
        let nudge = f64::from(data.get(8).copied().unwrap_or(0) as i8) * mid * f64::EPSILON;
        for y in [x, mid, mid + nudge, -(mid - nudge)] {
            if y.is_nan() {
                continue;
            }
            let expect = reference(t, y);
            assert_eq!(store_format(t.fmt, y), expect, "{:?} {y:e}", t.fmt);
            assert_eq!(
                t.fmt.encode(y, Rounding::NearestEven).bits,
                expect,
                "{:?} {y:e}",
                t.fmt
            );
        }
    }
});
