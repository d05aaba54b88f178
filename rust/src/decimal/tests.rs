//! Golden cases, named after the edge they pin; `test/dtype/test_strings.ml`
//! checks thousands more against Python's exact fractions.

use super::*;
use crate::facts::{self, TABLE};

fn store_bits(code: u8, s: &str) -> (u64, Outcome) {
    let dt = &TABLE[usize::from(code)];
    let short = store(dt, s.as_bytes()).unwrap();
    let whole = report(dt, s.as_bytes()).unwrap();
    assert_eq!(
        (whole.bits, whole.outcome),
        short,
        "{s}: read whole and shortened"
    );
    short
}

#[test]
fn test_integers_past_2_53_store_exactly() {
    assert_eq!(
        store_bits(facts::INT64, "9007199254740993").0,
        9007199254740993
    );
    assert_eq!(
        store_bits(facts::UINT64, "18446744073709551615").0,
        u64::MAX
    );
    assert_eq!(
        store_bits(facts::UINT64, "18446744073709551616"),
        (u64::MAX, Outcome::Saturated)
    );
    assert_eq!(
        store_bits(facts::INT64, "-9223372036854775808.9"),
        (1 << 63, Outcome::Rounded)
    );
    assert_eq!(
        store_bits(facts::INT64, "-9223372036854775809"),
        (1 << 63, Outcome::Saturated)
    );
    // The tie at 2^53 + 1 goes to the even 2^53 in binary64.
    assert_eq!(
        store_bits(facts::FLOAT64, "9007199254740993").0,
        (2f64.powi(53)).to_bits()
    );
}

#[test]
fn test_ties_the_double_would_move() {
    // 1 + 2^-8 is a Bfloat16 tie; the decimal just above it is a double
    // that is the tie itself, which would round to even (down).
    assert_eq!(
        store_bits(facts::BFLOAT16, "1.00390625000000001"),
        (0x3f81, Outcome::Rounded)
    );
    assert_eq!(
        store_bits(facts::BFLOAT16, "1.00390625"),
        (0x3f80, Outcome::Rounded)
    );
    assert_eq!(
        store_bits(facts::FLOAT16, "1.00048828125000000001").0,
        0x3c01
    );
    assert_eq!(
        store_bits(facts::FLOAT16, "1.00048828124999999999").0,
        0x3c00
    );
}

#[test]
fn test_shortened_digits_keep_their_side_of_a_tie() {
    // Binary64's least subnormal midpoint, 2^-1075, then digits past the
    // ones a store reads.
    let tie = "2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324";
    assert_eq!(store_bits(facts::FLOAT64, tie).0, 0);
    let above = tie.replace(
        "125e-324",
        &("125".to_owned() + &"0".repeat(300) + "1e-324"),
    );
    assert_eq!(store_bits(facts::FLOAT64, &above).0, 1);
    let below = tie.replace("125e-324", &("124".to_owned() + &"9".repeat(300) + "e-324"));
    assert_eq!(store_bits(facts::FLOAT64, &below).0, 0);
}

#[test]
fn test_magnitudes_far_past_every_range() {
    assert_eq!(
        store_bits(facts::FLOAT64, "1e400"),
        (0x7ff0 << 48, Outcome::Overflow)
    );
    assert_eq!(
        store_bits(facts::FLOAT8_E4M3FN, "-1e99999"),
        (0xfe, Outcome::Saturated)
    );
    assert_eq!(
        store_bits(facts::FLOAT64, "-1e-99999"),
        (1 << 63, Outcome::Rounded)
    );
    assert_eq!(
        store_bits(facts::INT8, "1e99999999999999999999"),
        (0x7f, Outcome::Saturated)
    );
    assert_eq!(store_bits(facts::BOOL, "1e-99999"), (1, Outcome::Rounded));
    assert_eq!(
        store_bits(facts::FLOAT64, "0x1p-1075"),
        (0, Outcome::Rounded)
    );
    assert_eq!(
        store_bits(facts::FLOAT64, "0x1.00000000000000000000001p-1075").0,
        1
    );
    assert_eq!(
        store_bits(facts::FLOAT64, "0e99999999"),
        (0, Outcome::Exact)
    );
}

#[test]
fn test_specials() {
    assert_eq!(store_bits(facts::FLOAT16, "-nan"), (0xfe00, Outcome::Nan));
    assert_eq!(store_bits(facts::FLOAT4_E2M1FN, "nan"), (0, Outcome::Nan));
    assert_eq!(store_bits(facts::FLOAT16, "-inf"), (0xfc00, Outcome::Exact));
    assert_eq!(
        store_bits(facts::FLOAT8_E4M3FN, "inf"),
        (0x7e, Outcome::Saturated)
    );
    assert_eq!(store_bits(facts::UINT8, "-inf"), (0, Outcome::Saturated));
    assert_eq!(store_bits(facts::INT32, "nan"), (0, Outcome::Nan));
    assert_eq!(store_bits(facts::BOOL, "-nan"), (1, Outcome::Nan));
    assert_eq!(store_bits(facts::COMPLEX64, "0.1").0, 0x3dcc_cccd);
}

#[test]
fn test_errors_are_exact_differences() {
    let dt = &TABLE[usize::from(facts::INT64)];
    let r = report(dt, b"9007199254740993.25").unwrap();
    assert_eq!((r.abs_error, r.outcome), (-0.25, Outcome::Rounded));
    // -1/36028797018963973 rounded once (the doubles' quotient is not).
    assert_eq!(r.rel_error, -2.775557561562891e-17);
    let dt = &TABLE[usize::from(facts::FLOAT16)];
    let r = report(dt, b"65520").unwrap();
    assert_eq!((r.abs_error, r.rel_error), (f64::INFINITY, f64::INFINITY));
    let r = report(dt, b"1e-8").unwrap();
    assert_eq!((r.abs_error, r.rel_error), (-1e-8, -1.0));
    let r = report(dt, b"0").unwrap();
    assert_eq!(
        (r.abs_error, r.rel_error, r.outcome),
        (0.0, 0.0, Outcome::Exact)
    );
    let dt = &TABLE[usize::from(facts::FLOAT8_E4M3FN)];
    let r = report(dt, b"-inf").unwrap();
    assert!(r.abs_error == f64::INFINITY && r.rel_error.is_nan());
    // 1 + 2^-53 and a little: the double is the tie, which rounds down
    // with no error; the number rounds up, 2^-53 less a little away.
    let dt = &TABLE[usize::from(facts::FLOAT64)];
    let r = report(
        dt,
        b"1.00000000000000011102230246251565404236316680908203125000001",
    )
    .unwrap();
    assert_eq!(r.bits, 1.0000000000000002f64.to_bits());
    assert_eq!(r.abs_error, 2f64.powi(-53));
}
