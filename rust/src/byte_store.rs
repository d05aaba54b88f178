//! Stores of one double into the formats of a byte or less by table, as the
//! value a store holds: the scalar hot path of `Dtype.of_float` for them.
//!
//! A double's fraction rounded to odd at `KEPT` bits keeps two bits more
//! than these formats' precision (at most four bits), so rounding it again
//! to the format is exact (the round-to-odd argument). The rounding to odd
//! is integer code; the second rounding is a table whose rows are the
//! double's exponents where the format rounds differently from row to row:
//! one row below them (zero), one above (overflow), one for infinities and
//! NaNs. Each table is built once, from [`Format::encode`], the exact rule,
//! and holds the stored value's bits as a double, ready to return.

use crate::format::binary64::{self, SIGN as F64_SIGN};
use crate::format::{Format, Rounding};
use std::sync::OnceLock;

/// The fraction bits a row distinguishes, the last one sticky.
const KEPT: u32 = 5;
const PER_ROW: usize = 1 << KEPT;
/// Room for the rows of any format of at most 8 bits (36 rows for
/// Float8_e5m2); a power of two, so that masking an index bounds it.
const ENTRIES: usize = 64 * PER_ROW;
/// An entry's flag, in the lowest bit of a double that these formats'
/// values (of at most four significant bits) and NaNs leave clear: the
/// store drops the sign (Float4_e2m1fn's NaN is +0).
const NO_SIGN: u64 = 1;

const F64_FIELD: i64 = binary64::FIELD_MAX as i64;

/// Where a format's rows are, from its facts alone.
#[derive(Clone, Copy)]
struct Layout {
    /// The double exponent field of row 1: half the least subnormal's.
    lowest: i64,
    /// The row of finite values too large for the format.
    over: usize,
    /// The row of infinities and NaNs.
    special: usize,
}

impl Layout {
    const fn of(fmt: &Format) -> Layout {
        let lowest = (1023 + fmt.min_exponent() - fmt.fraction_bits as i32 - 1) as i64;
        // The binade of the largest finite value; from the next one on,
        // every value overflows.
        let top = (fmt.max_finite() >> fmt.fraction_bits) as i64 - fmt.bias() as i64 + 1023;
        let over = (top - lowest + 2) as usize;
        Layout {
            lowest,
            over,
            special: over + 1,
        }
    }

    /// The double exponent field of a row's values: its first.
    fn field(&self, row: usize) -> i64 {
        match row {
            0 => 0,
            r if r == self.special => F64_FIELD,
            r => self.lowest + r as i64 - 1,
        }
    }
}

/// One format's table: the row of each double exponent field, and the
/// bits of the values stored, without sign, or with [`NO_SIGN`].
struct Table {
    rows: [u8; 2048],
    entries: [u64; ENTRIES],
}

impl Table {
    /// `decode`: the format's encodings' float32 bits.
    fn new(fmt: &Format, decode: &[u32]) -> Table {
        let layout = Layout::of(fmt);
        let mut rows = [0u8; 2048];
        for (field, row) in rows.iter_mut().enumerate() {
            let field = field as i64;
            *row = if field == F64_FIELD {
                layout.special
            } else {
                (field - layout.lowest + 1).clamp(0, layout.over as i64) as usize
            } as u8;
        }
        let mut entries = [0; ENTRIES];
        // The rows fit: each format's store checks it at compile time.
        for row in 0..=layout.special {
            for k in 0..PER_ROW {
                // The row's value whose kept bits are k: any value rounded
                // to odd to k rounds to the format as k does.
                let field = layout.field(row) as u64;
                let fraction = if row == 0 {
                    0
                } else {
                    (k as u64) << (52 - KEPT)
                };
                let rep = f64::from_bits((field << 52) | fraction);
                let plus = fmt.encode(rep, Rounding::NearestEven).bits;
                let minus = fmt.encode(-rep, Rounding::NearestEven).bits;
                let flag = if minus & fmt.sign_bit() == 0 {
                    NO_SIGN
                } else {
                    0
                };
                let value = f64::from(f32::from_bits(decode[plus as usize]));
                entries[row * PER_ROW + k] = value.to_bits() | flag;
            }
        }
        Table { rows, entries }
    }

    /// The value a store of `x` into the table's format holds; `FLAGGED`
    /// when some entry has [`NO_SIGN`], which only a format without NaNs
    /// needs.
    #[inline(always)]
    fn store<const FLAGGED: bool>(&self, x: f64) -> f64 {
        let b = x.to_bits();
        let a = b & !F64_SIGN;
        let row = usize::from(self.rows[(a >> 52) as usize & 2047]);
        let dropped = (1u64 << (52 - KEPT)) - 1;
        let kept = ((a >> (52 - KEPT)) as usize & (PER_ROW - 1)) | usize::from(a & dropped != 0);
        let e = self.entries[(row * PER_ROW + kept) & (ENTRIES - 1)];
        let sign = if FLAGGED {
            // Kept unless the flag says: (flag - 1) is all ones or 0.
            b & F64_SIGN & (e & NO_SIGN).wrapping_sub(1)
        } else {
            b & F64_SIGN
        };
        f64::from_bits((e & !NO_SIGN) | sign)
    }
}

macro_rules! format_store {
    ($(#[$doc:meta] $name:ident = $fmt:path, $decode:path);* $(;)?) => {$(
        #[$doc]
        #[inline(always)]
        pub fn $name(x: f64) -> f64 {
            const LAYOUT: Layout = Layout::of(&$fmt);
            const _: () = assert!((LAYOUT.special + 1) * PER_ROW <= ENTRIES, "the rows fit");
            static TABLE: OnceLock<Table> = OnceLock::new();
            TABLE.get_or_init(|| Table::new(&$fmt, &$decode)).store::<{ !$fmt.nans() }>(x)
        }
    )*};
}

format_store!(
    /// The value a store of `x` into Float8_e4m3fn holds.
    float8_e4m3fn = crate::format::FLOAT8_E4M3FN, crate::kernels::E4M3_TO_F32;
    /// The value a store of `x` into Float8_e5m2 holds.
    float8_e5m2 = crate::format::FLOAT8_E5M2, crate::kernels::E5M2_TO_F32;
    /// The value a store of `x` into Float4_e2m1fn holds.
    float4_e2m1fn = crate::format::FLOAT4_E2M1FN, crate::kernels::E2M1_TO_F32;
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kernels::{E2M1_TO_F32, E4M3_TO_F32, E5M2_TO_F32};
    use crate::testing::{check, reference_stores, Xorshift};

    /// The doubles of test/vectors/stores.txt, which the OCaml and C tests
    /// read too, against gen_stores.py's exact encodings.
    #[test]
    fn tables_agree_with_the_reference_vectors() {
        type Store = fn(f64) -> f64;
        for row in reference_stores() {
            let x = f64::from_bits(row.x);
            let cases: [(&str, Store, &[u32], u64); 3] = [
                ("float8_e4m3fn", float8_e4m3fn, &E4M3_TO_F32, row.e4m3fn),
                ("float8_e5m2", float8_e5m2, &E5M2_TO_F32, row.e5m2),
                ("float4_e2m1fn", float4_e2m1fn, &E2M1_TO_F32, row.e2m1fn),
            ];
            for (name, store, decode, bits) in cases {
                let want = f64::from(f32::from_bits(decode[bits as usize]));
                check(name, x, store(x).to_bits(), want.to_bits());
            }
        }
    }
    use crate::format::*;

    #[test]
    fn tables_agree_with_the_exact_rule() {
        type Store = fn(f64) -> f64;
        let cases: [(Store, &Format, &[u32]); 3] = [
            (float8_e4m3fn, &FLOAT8_E4M3FN, &E4M3_TO_F32),
            (float8_e5m2, &FLOAT8_E5M2, &E5M2_TO_F32),
            (float4_e2m1fn, &FLOAT4_E2M1FN, &E2M1_TO_F32),
        ];
        let mut rng = Xorshift::new(0x243f_6a88_85a3_08d3);
        let mut next = || rng.next_u64();
        for (store, fmt, decode) in cases {
            let check = |x: f64| {
                let bits = fmt.encode(x, Rounding::NearestEven).bits;
                let want = f64::from(f32::from_bits(decode[bits as usize])).to_bits();
                assert_eq!(
                    store(x).to_bits(),
                    want,
                    "{fmt:?} {x:e} ({:#x})",
                    x.to_bits()
                );
            };
            for _ in 0..300_000 {
                let r = next();
                // Random bits; exponents near the format's; halfway and
                // near-halfway points at every binade of the format.
                let near = (r & 0x800f_ffff_ffff_ffff) | ((1000 + (r >> 52) % 48) << 52);
                check(f64::from_bits(r));
                check(f64::from_bits(near));
                let e = ((r >> 8) % 40) as i32 - 20;
                let half = (fmt.fraction_bits + 1) as i32;
                let k = (r % 64) as f64;
                check((2.0 * k + 1.0) * pow2(e - half));
                check(-((2.0 * k + 1.0) * pow2(e - half)).next_up());
                check(((2.0 * k + 1.0) * pow2(e - half)).next_down());
            }
            for x in [
                0.0,
                -0.0,
                f64::INFINITY,
                -f64::INFINITY,
                f64::NAN,
                -f64::NAN,
                f64::MAX,
            ] {
                check(x);
            }
            for payload in [1u64, 1 << 50, 1 << 51, 3 << 49, (1 << 52) - 1] {
                check(f64::from_bits(0x7ff0_0000_0000_0000 | payload));
                check(f64::from_bits(0xfff0_0000_0000_0000 | payload));
            }
        }
    }
}
