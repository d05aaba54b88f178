//! The C functions of `nx_dtype.h`.
//!
//! Every function is total: an unknown code or a null buffer gives a
//! documented neutral result, never a panic, so nothing can unwind into C or
//! OCaml. Callers that validate first (the OCaml library does) never see
//! those results.

use crate::convert::{self, Conversion, Overflow};
use crate::facts::{self, Facts, TABLE};
use crate::format::Rounding;
use crate::shortest;
use crate::store;
use core::ffi::{c_char, c_int, c_void};
use std::sync::OnceLock;

/// A row of the facts table, as `nx_dtype.h` declares `nx_dtype_facts`.
#[repr(C)]
pub struct NxDtypeFacts {
    pub code: c_int,
    pub name: *const c_char,
    pub bits: c_int,
    pub kind: c_int,
    pub exponent_bits: c_int,
    pub fraction_bits: c_int,
    pub infinities: c_int,
    pub nans: c_int,
    pub epsilon: f64,
    pub min_normal: f64,
    pub max_finite: f64,
}

struct CTable([NxDtypeFacts; facts::COUNT]);

// Safety: the table is immutable and its pointers point at static,
// NUL-terminated names, so sharing it between threads is sound.
unsafe impl Sync for CTable {}
// Safety: as above; the table never changes once built.
unsafe impl Send for CTable {}

static C_TABLE: OnceLock<CTable> = OnceLock::new();

fn c_table() -> &'static CTable {
    C_TABLE.get_or_init(|| {
        CTable(core::array::from_fn(|i| {
            c_row(&TABLE[i], facts::C_NAMES[i])
        }))
    })
}

/// A row in C's layout; the float facts are zero except for float dtypes.
fn c_row(row: &Facts, c_name: &'static str) -> NxDtypeFacts {
    let float = row.float_format();
    NxDtypeFacts {
        code: row.code.into(),
        name: c_name.as_ptr() as *const c_char,
        bits: row.bits as c_int,
        kind: row.kind as c_int,
        exponent_bits: float.map_or(0, |f| f.exponent_bits as c_int),
        fraction_bits: float.map_or(0, |f| f.fraction_bits as c_int),
        infinities: float.is_some_and(|f| f.infinities()).into(),
        nans: float.is_some_and(|f| f.nans()).into(),
        epsilon: float.map_or(0.0, |f| f.epsilon()),
        min_normal: float.map_or(0.0, |f| f.min_normal()),
        max_finite: float.map_or(0.0, |f| f.max_finite_value()),
    }
}

fn row(code: c_int) -> Option<&'static Facts> {
    facts::of_code(i64::from(code))
}

/// `nx_facts(code)`: the row of `code`, or NULL.
#[no_mangle]
pub extern "C" fn nx_facts(code: c_int) -> *const NxDtypeFacts {
    match usize::try_from(code).ok().and_then(|i| c_table().0.get(i)) {
        Some(r) => r,
        None => core::ptr::null(),
    }
}

/// `nx_store(code, x)`: the encoding of `x` stored into the dtype, in the
/// low bits; 0 for an unknown code.
#[no_mangle]
pub extern "C" fn nx_store(code: c_int, x: f64) -> u64 {
    row(code).map_or(0, |dt| store::store(dt, x))
}

/// `nx_load(code, bits)`: the value of the encoding in the low bits of
/// `bits`; NaN for an unknown code.
#[no_mangle]
pub extern "C" fn nx_load(code: c_int, bits: u64) -> f64 {
    row(code).map_or(f64::NAN, |dt| store::load(dt, bits))
}

/// `nx_of_float(code, x)`: the value a store of `x` into the dtype holds.
#[no_mangle]
pub extern "C" fn nx_of_float(code: c_int, x: f64) -> f64 {
    let fast = u8::try_from(code)
        .ok()
        .and_then(|c| store::of_float_fast(c, x));
    if let Some(v) = fast {
        return v;
    }
    // Every float code took the fast path: the others load what they store.
    row(code).map_or(f64::NAN, |dt| store::load(dt, store::store(dt, x)))
}

/// `nx_format_value(code, x, buf, size)`: the text of the value a store of
/// `x` into a float dtype (or a complex dtype's component) holds, as
/// `pp_value` prints it. Writes at most `size` bytes, NUL-terminated when
/// there is room, and returns the text's length; 0 for an unknown or
/// non-float code or a null `buf`.
///
/// # Safety
/// `buf` is null or points to `size` writable bytes.
#[no_mangle]
pub unsafe extern "C" fn nx_format_value(
    code: c_int,
    x: f64,
    buf: *mut c_char,
    size: usize,
) -> usize {
    let fmt = match row(code).and_then(|dt| dt.format) {
        Some(fmt) if !buf.is_null() => fmt,
        _ => return 0,
    };
    if size >= shortest::BUF_LEN {
        // Safety: the caller gives `size` >= BUF_LEN writable bytes at
        // `buf`, which has no alignment to keep; the text is shorter than
        // BUF_LEN, so its NUL fits.
        unsafe {
            let out = &mut *(buf as *mut [u8; shortest::BUF_LEN]);
            let len = shortest::write(fmt, x, out);
            out[len] = 0;
            return len;
        }
    }
    let mut text = [0u8; shortest::BUF_LEN];
    let len = shortest::write(fmt, x, &mut text);
    let n = len.min(size);
    // Safety: the caller gives `size` writable bytes at `buf`, and n <= size.
    unsafe {
        core::ptr::copy_nonoverlapping(text.as_ptr(), buf as *mut u8, n);
        if len < size {
            *buf.add(len) = 0;
        }
    }
    len
}

/// `nx_convert(dst_code, dst, src_code, src, n, rounding, overflow, flags)`:
/// converts `n` elements; -1 when done, the index of the first refused
/// element under `NX_OVERFLOW_RAISE` (nothing written), -2 for an unknown
/// code, rounding or overflow (nothing written).
///
/// # Safety
/// `src` holds `n` elements of `src_code` and `dst` room for `n` elements
/// of `dst_code`, and they do not overlap.
#[no_mangle]
pub unsafe extern "C" fn nx_convert(
    dst_code: c_int,
    dst: *mut c_void,
    src_code: c_int,
    src: *const c_void,
    n: usize,
    rounding: c_int,
    overflow: c_int,
    flags: c_int,
) -> i64 {
    let parts = (
        convert::storage(dst_code.into()),
        convert::storage(src_code.into()),
        Rounding::of_code(rounding.into()),
        Overflow::of_code(overflow.into()),
    );
    let (Some(dst_st), Some(src_st), Some(rounding), Some(overflow)) = parts else {
        return -2;
    };
    if flags & !NX_FLAGS != 0 || (overflow == Overflow::Nan && !dst_st.has_nans()) {
        return -2;
    }
    if n == 0 {
        return -1;
    }
    if dst.is_null() || src.is_null() {
        return -2;
    }
    let c = Conversion {
        dst: dst_st,
        src: src_st,
        rounding,
        overflow,
        swap_src: flags & NX_SRC_BIG_ENDIAN != 0,
        swap_dst: flags & NX_DST_BIG_ENDIAN != 0,
        fresh_dst: flags & NX_DST_FRESH != 0,
    };
    // Safety: the caller's guarantees are the kernel's.
    match unsafe { c.run(dst as *mut u8, src as *const u8, n) } {
        None => -1,
        Some(i) => i as i64,
    }
}

/// The `flags` of `nx_convert`: which side is big-endian, and whether
/// `dst` is new storage, not yet touched (a fresh allocation), which is
/// then written with ordinary stores: streaming stores, which suit a large
/// existing destination, cost more into pages that fault on first touch.
pub const NX_SRC_BIG_ENDIAN: c_int = 1;
pub const NX_DST_BIG_ENDIAN: c_int = 2;
pub const NX_DST_FRESH: c_int = 4;
/// The flags, as `nx_dtype.h` and `ocaml/core/nx_codes.ml` name them.
pub const FLAGS: [(&str, c_int); 3] = [
    ("SRC_BIG_ENDIAN", NX_SRC_BIG_ENDIAN),
    ("DST_BIG_ENDIAN", NX_DST_BIG_ENDIAN),
    ("DST_FRESH", NX_DST_FRESH),
];

/// Every flag `nx_convert` knows; others are refused.
const NX_FLAGS: c_int = {
    let mut all = 0;
    let mut i = 0;
    while i < FLAGS.len() {
        all |= FLAGS[i].1;
        i += 1;
    }
    all
};

#[cfg(test)]
mod tests {
    use super::*;

    /// nx_format_value writes straight into a buffer of BUF_LEN bytes or
    /// more, through its own below: the same text either way.
    #[test]
    fn format_value_writes_the_same_text_into_any_buffer() {
        let values = [
            -2.2250738585072014e-308,
            1e-5,
            0.1,
            448.0,
            1e16,
            f64::NAN,
            -0.0,
        ];
        for code in 0..7 {
            for x in values {
                let mut small = [0x55 as c_char; 25];
                let mut large = [0x55 as c_char; shortest::BUF_LEN + 3];
                // Safety: each buffer holds the size given.
                let (n, m) = unsafe {
                    (
                        nx_format_value(code, x, small.as_mut_ptr(), small.len()),
                        nx_format_value(code, x, large.as_mut_ptr(), large.len()),
                    )
                };
                assert_eq!(n, m);
                assert!(n < 25 && small[n] == 0 && large[n] == 0, "{code} {x}");
                assert_eq!(small[..n], large[..n], "{code} {x}");
            }
        }
    }

    /// Every entry point given every kind of wrong argument answers with
    /// its documented neutral result: none panics (a panic would fail
    /// this test, and abort a release build).
    #[test]
    fn entry_points_are_total() {
        for code in [-1, 21, 22, i32::MAX, i32::MIN] {
            assert!(nx_facts(code).is_null());
            assert_eq!(nx_store(code, 1.0), 0);
            assert!(nx_load(code, 1).is_nan());
            assert!(nx_of_float(code, 1.0).is_nan());
            let mut buf = [0 as c_char; 32];
            // Safety: buf holds 32 bytes.
            assert_eq!(
                unsafe { nx_format_value(code, 1.0, buf.as_mut_ptr(), 32) },
                0
            );
        }
        let mut buf = [0 as c_char; 4];
        // Safety: a null buffer, a zero size, a short buffer.
        unsafe {
            assert_eq!(nx_format_value(0, 1.0, core::ptr::null_mut(), 10), 0);
            assert_eq!(nx_format_value(0, 0.5, buf.as_mut_ptr(), 0), 3);
            assert_eq!(nx_format_value(0, 1e300, buf.as_mut_ptr(), 4), 6);
            assert_eq!(nx_format_value(7, 1.0, buf.as_mut_ptr(), 4), 0);
        }
        let src = [0u8; 16];
        let mut dst = [0u8; 16];
        // Safety: bad codes, roundings, policies and null buffers write
        // nothing; n = 0 touches nothing.
        unsafe {
            let d = dst.as_mut_ptr() as *mut c_void;
            let s = src.as_ptr() as *const c_void;
            assert_eq!(nx_convert(99, d, 0, s, 1, 0, 0, 0), -2);
            assert_eq!(nx_convert(0, d, -1, s, 1, 0, 0, 0), -2);
            assert_eq!(nx_convert(0, d, 0, s, 1, 5, 0, 0), -2);
            assert_eq!(nx_convert(0, d, 0, s, 1, 0, 9, 0), -2);
            // NaN on overflow into a format without NaN, unknown flags.
            for code in [6, 7, 8, 10, 15, 20] {
                assert_eq!(nx_convert(code, d, 0, s, 1, 0, 2, 0), -2, "{code}");
            }
            assert_eq!(nx_convert(0, d, 0, s, 1, 0, 0, 8), -2);
            assert_eq!(nx_convert(0, d, 0, s, 1, 0, 0, -1), -2);
            assert_eq!(nx_convert(21, d, 0, s, 1, 0, 2, 0), -2);
            assert_eq!(nx_convert(0, core::ptr::null_mut(), 0, s, 1, 0, 0, 0), -2);
            assert_eq!(nx_convert(0, d, 0, core::ptr::null(), 1, 0, 0, 0), -2);
            assert_eq!(
                nx_convert(0, core::ptr::null_mut(), 0, core::ptr::null(), 0, 0, 0, 0),
                -1
            );
        }
        assert!(dst.iter().all(|&b| b == 0));
    }
}
