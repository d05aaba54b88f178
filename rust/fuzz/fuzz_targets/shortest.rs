//! The shortest decimal of a value of every float format: the text reads
//! back (Rust's correctly rounded parse, then a store) as the value; no
//! decimal with one digit fewer does; the fast digits of float32 and
//! float64 are those of the exact search.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nx_array::format::*;
use nx_array::shortest::{self, BUF_LEN, MAX_LEN};
use nx_array::store::store_format;

const FORMATS: [&Format; 7] = [
    &FLOAT64,
    &FLOAT32,
    &FLOAT16,
    &BFLOAT16,
    &FLOAT8_E4M3FN,
    &FLOAT8_E5M2,
    &FLOAT4_E2M1FN,
];

fuzz_target!(|data: &[u8]| {
    if data.len() < 9 {
        return;
    }
    let fmt = FORMATS[data[0] as usize % FORMATS.len()];
    let bits =
        u64::from_le_bytes(data[1..9].try_into().unwrap()) & nx_array::packed::mask(fmt.bits());
    let x = fmt.decode(bits);
    if !x.is_finite() || x == 0.0 {
        return;
    }
    let mut out = [0u8; BUF_LEN];
    let n = shortest::write(fmt, x, &mut out);
    assert!(n <= MAX_LEN, "{fmt:?} {x:e}: {n} bytes");
    let text = std::str::from_utf8(&out[..n]).unwrap();
    let y: f64 = text.parse().unwrap();
    // Past the largest finite value only the half step counts: a store
    // saturating to it is no round trip, so read back without saturation
    // by comparing with the exact search's own digits instead.
    let mag = bits & !fmt.sign_bit();
    let d = shortest::shortest(fmt, mag);
    assert_eq!(d, shortest::exact(fmt, mag), "{fmt:?} {x:e}");
    if fmt.bits() <= 32 || fmt == &FLOAT64 {
        assert_eq!(store_format(fmt, y), bits, "{fmt:?} {x:e}: {text}");
    }
    // No decimal of one digit fewer, near x, stores as x.
    let digits = d.digits.to_string().len() as i32;
    if digits > 1 && fmt.bits() <= 16 {
        let e = d.exponent + 1;
        let unit = 10f64.powi(e);
        let c = (x.abs() / unit).round();
        for k in [c - 1.0, c, c + 1.0] {
            let cand: f64 = format!("{}{}e{}", if x < 0.0 { "-" } else { "" }, k, e)
                .parse()
                .unwrap();
            if cand.abs() <= fmt.max_finite_value() {
                assert_ne!(
                    store_format(fmt, cand),
                    bits,
                    "{fmt:?} {x:e}: {text} vs {cand:e}"
                );
            }
        }
    }
});
