//! What the Rust tests share: one seeded generator, a check that prints
//! both values it compares, and the reference vectors of the stores.

use core::fmt::Debug;

/// Marsaglia's xorshift64: a seeded stream of 64-bit words, the same on
/// every run.
pub struct Xorshift(u64);

impl Xorshift {
    /// The stream of a nonzero `seed`.
    pub fn new(seed: u64) -> Xorshift {
        assert!(seed != 0, "xorshift's state is never zero");
        Xorshift(seed)
    }

    /// The next word.
    pub fn next_u64(&mut self) -> u64 {
        let mut s = self.0;
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        self.0 = s;
        s
    }
}

/// Checks that `got` is `want`, for the input `input` of the case `what`;
/// a failure prints the input and both values (integers in hexadecimal).
#[track_caller]
pub fn check<I: Debug, T: PartialEq + Debug>(what: &str, input: I, got: T, want: T) {
    assert!(
        got == want,
        "{what} of {input:?}: got {got:#x?}, expected {want:#x?}"
    );
}

/// A row of test/vectors/stores.txt: a double's bits and the encodings of
/// its stores, by gen_stores.py's exact rational reference.
pub struct StoreRow {
    pub x: u64,
    pub f64: u64,
    pub f32: u64,
    pub f16: u64,
    pub bf16: u64,
    pub e4m3fn: u64,
    pub e5m2: u64,
    pub e2m1fn: u64,
}

/// The rows of test/vectors/stores.txt, which the OCaml and C tests read
/// too.
pub fn reference_stores() -> Vec<StoreRow> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../test/vectors/stores.txt");
    let text = std::fs::read_to_string(path).expect("test/vectors/stores.txt");
    let rows: Vec<StoreRow> = text
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let v: Vec<u64> = l
                .split_whitespace()
                .map(|w| u64::from_str_radix(w, 16).expect("a hexadecimal field"))
                .collect();
            let [x, f64, f32, f16, bf16, e4m3fn, e5m2, e2m1fn] = v[..] else {
                panic!("a row of 8 fields: {l}")
            };
            StoreRow {
                x,
                f64,
                f32,
                f16,
                bf16,
                e4m3fn,
                e5m2,
                e2m1fn,
            }
        })
        .collect();
    assert!(rows.len() > 100_000, "{} rows", rows.len());
    rows
}

#[test]
fn check_prints_both_values() {
    let r = std::panic::catch_unwind(|| check("sample", 1.5, 0x3cu64, 0x3du64));
    let msg = *r.unwrap_err().downcast::<String>().unwrap();
    assert_eq!(msg, "sample of 1.5: got 0x3c, expected 0x3d");
}
