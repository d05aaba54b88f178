//! Entry points of the OCaml library alone, outside `nx_dtype.h`: one
//! scalar store per float format, so that `Dtype.of_float` with a known
//! dtype is a single direct call with nothing to dispatch (OCaml's
//! unboxed, noalloc externals call them; `nx_stubs.c` has their bytecode
//! twins), and the text of `pp_value`. All are total.

use crate::facts;
use crate::format::{self, Format};
use crate::shortest::{self, BUF_LEN};
use crate::store;

macro_rules! of_float {
    ($($name:ident = $code:path),* $(,)?) => {$(
        /// The value a store of `x` into the format holds.
        #[no_mangle]
        pub extern "C" fn $name(x: f64) -> f64 {
            // Every float code has a fast path, so NaN is never taken.
            store::of_float_fast($code, x).unwrap_or(f64::NAN)
        }
    )*};
}

of_float!(
    nx_ml_of_float64 = facts::FLOAT64,
    nx_ml_of_float32 = facts::FLOAT32,
    nx_ml_of_float16 = facts::FLOAT16,
    nx_ml_of_bfloat16 = facts::BFLOAT16,
    nx_ml_of_float8_e4m3fn = facts::FLOAT8_E4M3FN,
    nx_ml_of_float8_e5m2 = facts::FLOAT8_E5M2,
    nx_ml_of_float4_e2m1fn = facts::FLOAT4_E2M1FN,
);

/// The value a Float16 store of `x` holds, with F16C and no check of the
/// processor: OCaml calls it only when [`nx_ml_hardware`] said yes.
///
/// # Safety
/// The processor has F16C.
#[cfg(target_arch = "x86_64")]
#[no_mangle]
#[target_feature(enable = "f16c")]
pub unsafe extern "C" fn nx_ml_of_float16_f16c(x: f64) -> f64 {
    // Safety: as the caller's.
    unsafe { store::float16_f16c(x) }
}

/// Elsewhere, the portable store under the same name.
#[cfg(not(target_arch = "x86_64"))]
#[no_mangle]
pub extern "C" fn nx_ml_of_float16_f16c(x: f64) -> f64 {
    nx_ml_of_float16(x)
}

/// Writes the text of `x`, a value of the float format `code`, into
/// `out` as `pp_value` prints it, and gives its length; -1 when `x` is
/// finite and not a value of that format, or `code` not a float dtype
/// (complex values print part by part, with their parts' codes).
/// Each format's copy has its fields as constants.
///
/// # Safety
/// `out` points to [`BUF_LEN`] writable bytes.
#[no_mangle]
pub unsafe extern "C" fn nx_ml_text(code: isize, x: f64, out: *mut u8) -> isize {
    // Safety: as the caller's; a byte array has no alignment to keep.
    let out = unsafe { &mut *(out as *mut [u8; BUF_LEN]) };
    #[inline(always)]
    fn text(fmt: &Format, code: u8, x: f64, out: &mut [u8; BUF_LEN]) -> isize {
        let held = code == facts::FLOAT64
            || !x.is_finite()
            || store::of_float_fast(code, x).is_some_and(|y| y.to_bits() == x.to_bits());
        if held {
            shortest::write(fmt, x, out) as isize
        } else {
            -1
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
                _ => -1,
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

/// Whether the hardware paths are in use: 1 on processors with AVX2 and
/// F16C unless `NX_ARRAY_PORTABLE` is set, else 0.
#[no_mangle]
pub extern "C" fn nx_ml_hardware() -> i32 {
    i32::from(crate::kernels::hardware())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_agree_with_the_c_api() {
        let xs = [
            0.1,
            -65519.0,
            65520.0,
            1e-8,
            f64::NAN,
            -f64::INFINITY,
            448.0,
            5.0,
        ];
        let entries: [(u8, extern "C" fn(f64) -> f64); 7] = [
            (facts::FLOAT64, nx_ml_of_float64),
            (facts::FLOAT32, nx_ml_of_float32),
            (facts::FLOAT16, nx_ml_of_float16),
            (facts::BFLOAT16, nx_ml_of_bfloat16),
            (facts::FLOAT8_E4M3FN, nx_ml_of_float8_e4m3fn),
            (facts::FLOAT8_E5M2, nx_ml_of_float8_e5m2),
            (facts::FLOAT4_E2M1FN, nx_ml_of_float4_e2m1fn),
        ];
        for (code, f) in entries {
            for x in xs {
                let want = crate::capi::nx_of_float(code.into(), x);
                assert_eq!(f(x).to_bits(), want.to_bits(), "code {code}, {x}");
            }
        }
        if crate::kernels::hardware() {
            for x in xs {
                // Safety: hardware() checked F16C.
                let got = unsafe { nx_ml_of_float16_f16c(x) };
                assert_eq!(got.to_bits(), nx_ml_of_float16(x).to_bits(), "{x}");
            }
        }
    }

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
        ];
        for code in 0..=22isize {
            let float = crate::facts::of_code(code as i64)
                .is_some_and(|f| f.kind == crate::facts::Kind::Float);
            for x in xs {
                let mut out = [0u8; BUF_LEN];
                // Safety: out has BUF_LEN bytes.
                let n = unsafe { nx_ml_text(code, x, out.as_mut_ptr()) };
                let held = float
                    && (!x.is_finite()
                        || crate::capi::nx_of_float(code as i32, x).to_bits() == x.to_bits());
                if !held {
                    assert_eq!(n, -1, "code {code}, {x}");
                    continue;
                }
                let mut want = [0 as core::ffi::c_char; BUF_LEN];
                // Safety: want has BUF_LEN bytes.
                let m = unsafe {
                    crate::capi::nx_format_value(code as i32, x, want.as_mut_ptr(), BUF_LEN)
                };
                let want: Vec<u8> = want[..m].iter().map(|&c| c as u8).collect();
                assert!(n >= 0, "code {code}, {x}");
                assert_eq!(&out[..n as usize], &want[..], "code {code}, {x}");
            }
        }
    }
}
