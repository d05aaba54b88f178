//! The text of `pp_value`, as an OCaml string allocated once.

use nx_array::facts;
use nx_array::format::{self, Format};
use nx_array::shortest::{self, BUF_LEN};
use nx_array::store;
use ocaml_interop::{OCaml, OCamlRuntime};
use ocaml_sys::{caml_alloc_small, field, Value, STRING};

/// Writes the text of `x`, a value of the float format `code`, into `out`
/// as `pp_value` prints it, and gives its length: 0 when `x` is finite and
/// not a value of that format, or `code` not a float dtype's (complex
/// values print part by part, with their parts' codes). Each format's copy
/// has its fields as constants.
pub fn write(code: isize, x: f64, out: &mut [u8; BUF_LEN]) -> usize {
    #[inline(always)]
    fn text(fmt: &Format, code: u8, x: f64, out: &mut [u8; BUF_LEN]) -> usize {
        let held = code == facts::FLOAT64
            || !x.is_finite()
            || store::of_float_fast(code, x).is_some_and(|y| y.to_bits() == x.to_bits());
        if held {
            shortest::write(fmt, x, out)
        } else {
            0
        }
    }
    // float64 first, without the dispatch: pp_value's most common call.
    if code == isize::from(facts::FLOAT64) {
        return text(&format::FLOAT64, facts::FLOAT64, x, out);
    }
    // The others: the facts table and the formats share their names.
    macro_rules! by_code {
        ($($name:ident),*) => {
            match u8::try_from(code) {
                $(Ok(facts::$name) => text(&format::$name, facts::$name, x, out),)*
                _ => 0,
            }
        };
    }
    by_code!(
        FLOAT32,
        FLOAT16,
        BFLOAT16,
        FLOAT8_E4M3FN,
        FLOAT8_E5M2,
        FLOAT4_E2M1FN
    )
}

/// The text of the value `x` of the float dtype `code`, as `pp_value`
/// prints it, or `""` when [`write`] says 0.
#[ocaml_interop::export]
pub fn nx_ml_value_text(cr: &mut OCamlRuntime, code: isize, x: f64) -> OCaml<String> {
    let mut buf = [0u8; BUF_LEN];
    let n = write(code, x, &mut buf);
    // Safety: the runtime lock is held, as in every export; the string is
    // filled before anything else can allocate.
    unsafe { OCaml::new(cr, small_string(&buf, n)) }
}

/// The bytecode twin of [`nx_ml_value_text`].
#[ocaml::bytecode_func]
pub fn nx_ml_value_text_byte(code: isize, x: f64) -> ocaml::Raw {
    ocaml::Raw(nx_ml_value_text(code, x))
}

/// A string of the first `n` bytes of `text` (`n` at most
/// [`shortest::MAX_LEN`]), allocated as a small block and filled inline,
/// as the overlapping copies of two blocks of a fixed size: the runtime's
/// `caml_alloc_string` and copies of any length would spend more on their
/// generality than on the bytes (see doc/dependencies.md).
/// After the text, OCaml's string padding fills the last word: zeros, and
/// in the last byte the count of bytes between the text and that byte.
///
/// # Safety
/// The runtime lock is held.
#[inline(always)]
unsafe fn small_string(text: &[u8; BUF_LEN], n: usize) -> Value {
    const WORD: usize = core::mem::size_of::<Value>();
    const _: () = assert!(shortest::MAX_LEN < 4 * WORD);
    // No text is longer (the tests check): this only tells the compiler.
    let n = n.min(shortest::MAX_LEN);
    let size = (n / WORD + 1) * WORD;
    /// The `W` bytes of `text` from `at` to `p + at`.
    ///
    /// Safety: `p` has `at + W` writable bytes.
    unsafe fn copy<const W: usize>(text: &[u8; BUF_LEN], p: *mut u8, at: usize) {
        let bytes: [u8; W] = text[at..][..W].try_into().unwrap();
        // Safety: as the caller's.
        unsafe { p.add(at).cast::<[u8; W]>().write_unaligned(bytes) }
    }
    // Safety: the lock is held; a block of at most 4 words is small, as
    // caml_alloc_small requires. Every write below falls in its `size`
    // bytes: the copies end at n < size, the padding is its last word.
    unsafe {
        let s = caml_alloc_small(size / WORD, STRING);
        let p = field(s, 0).cast::<u8>();
        p.add(size - WORD).cast::<[u8; WORD]>().write([0; WORD]);
        if n >= 16 {
            copy::<16>(text, p, 0);
            copy::<16>(text, p, n - 16);
        } else if n >= 8 {
            copy::<8>(text, p, 0);
            copy::<8>(text, p, n - 8);
        } else {
            for (i, &b) in text[..n].iter().enumerate() {
                *p.add(i) = b;
            }
        }
        *p.add(size - 1) = (size - 1 - n) as u8;
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::ffi::c_char;
    use nx_array::capi::{nx_format_value, nx_of_float};

    #[test]
    fn text_agrees_with_the_c_api() {
        let xs = [
            0.1,
            -65504.0,
            448.0,
            0.5,
            1e300,
            -0.0,
            f64::NAN,
            f64::INFINITY,
            -2.2250738585072014e-308,
        ];
        for code in -1..=22isize {
            let float = facts::of_code(code as i64).is_some_and(|f| f.kind == facts::Kind::Float);
            for x in xs {
                let mut out = [0u8; BUF_LEN];
                let n = write(code, x, &mut out);
                let held = float
                    && (!x.is_finite() || nx_of_float(code as i32, x).to_bits() == x.to_bits());
                if !held {
                    assert_eq!(n, 0, "code {code}, {x}");
                    continue;
                }
                let mut want = [0 as c_char; BUF_LEN];
                // Safety: want has BUF_LEN bytes.
                let m = unsafe { nx_format_value(code as i32, x, want.as_mut_ptr(), BUF_LEN) };
                let want: Vec<u8> = want[..m].iter().map(|&c| c as u8).collect();
                assert_eq!(&out[..n], &want[..], "code {code}, {x}");
            }
        }
    }
}
