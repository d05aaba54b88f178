//! The C entry points of blocks, for `ocaml/block_stubs.c`. Every one is
//! total: an unknown code gives the neutral result it documents. They
//! trust their pointers and lengths, which the OCaml side has checked.
//!
//! Quantizing takes its small parameters packed in one integer,
//! `scheme | policy << 8 | rounding << 12 | src_code << 16`.

use super::dequantize::dequantize_split;
use super::formats::{e8m0, ue4m3_ggml, FLOAT6_E2M3FN, FLOAT6_E3M2FN};
use super::ggml::{dequantize_ggml, quantize_ggml, Quantized};
use super::policy::Policy;
use super::quantize::{self, quantize_split, Params};
use super::scheme::{Layout, Scheme};
use crate::format::Rounding;

/// The result of a call with an unknown code.
pub const BAD_PARAMS: i64 = -2;
/// The result of a call that is done.
pub const DONE: i64 = -1;

/// The formats of single values, the codes of `nx_block_store` and
/// `nx_block_load`: E8M0, the two 6-bit floats, ggml's unsigned E4M3
/// (load only).
const E8M0: i32 = 0;
const FLOAT6_E2M3: i32 = 1;
const FLOAT6_E3M2: i32 = 2;
const UE4M3: i32 = 3;

/// Quantizes `n` elements of the float dtype of `params` at `src` into
/// `elements` and `scales` (split schemes) or `elements` alone (ggml's,
/// which ignore `scales`), under NVFP4's `tensor_scale`: `DONE`, the
/// index of the first element refused, or `BAD_PARAMS`.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `src` holds `n` elements of
/// the dtype; `elements` and `scales` have room for the scheme's bytes of
/// `n` elements; `tensor_scale` is positive and finite for NVFP4.
#[no_mangle]
pub unsafe extern "C" fn nx_block_quantize(
    params: i64,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
    tensor_scale: f32,
) -> i64 {
    let field = |shift: u32, bits: u32| (params >> shift) & ((1 << bits) - 1);
    let (Some(scheme), Some(policy), Some(rounding)) = (
        Scheme::of_code(field(0, 8)),
        Policy::of_code(field(8, 4)),
        Rounding::of_code(field(12, 4)),
    ) else {
        return BAD_PARAMS;
    };
    let src_code = field(16, 8) as u8;
    let p = Params {
        scheme,
        policy,
        rounding,
        tensor_scale,
    };
    if scheme.facts().layout == Layout::Split {
        // Safety: as the caller's.
        let ok = unsafe { quantize_split(&p, src_code, src, n, elements, scales) };
        return if ok { DONE } else { BAD_PARAMS };
    }
    // Safety: as the caller's.
    match unsafe { quantize_ggml(&p, src_code, src, n, elements) } {
        Some(Quantized::Done) => DONE,
        Some(Quantized::Refused(i)) => i as i64,
        None => BAD_PARAMS,
    }
}

/// Dequantizes `n` elements of `scheme` into `dst`, elements of the float
/// dtype `dst_code`: `DONE` or `BAD_PARAMS`.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `elements` and `scales` (for
/// split schemes) hold the bytes of `n` elements; `dst` has room for `n`
/// elements of the dtype.
#[no_mangle]
pub unsafe extern "C" fn nx_block_dequantize(
    scheme: i32,
    dst_code: i32,
    dst: *mut u8,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    tensor_scale: f32,
) -> i64 {
    let (Some(scheme), Ok(code)) = (Scheme::of_code(scheme.into()), u8::try_from(dst_code)) else {
        return BAD_PARAMS;
    };
    // Safety: as the caller's.
    let ok = unsafe {
        match scheme.facts().layout {
            Layout::Split => dequantize_split(scheme, code, dst, elements, scales, n, tensor_scale),
            Layout::Interleaved => dequantize_ggml(scheme, code, dst, elements, n),
        }
    };
    if ok {
        DONE
    } else {
        BAD_PARAMS
    }
}

/// NVFP4's default tensor scale of `n` elements of the float dtype
/// `src_code` (see [`quantize::default_tensor_scale`]); NaN for a code
/// that is not a source.
///
/// # Safety
/// `src` holds `n` elements of that dtype.
#[no_mangle]
pub unsafe extern "C" fn nx_block_tensor_scale(src_code: i32, src: *const u8, n: usize) -> f32 {
    match u8::try_from(src_code) {
        // Safety: as the caller's.
        Ok(code) => unsafe { quantize::tensor_scale(code, src, n) },
        Err(_) => f32::NAN,
    }
}

/// The encoding of `x` stored into the single-value format `format` by
/// `rounding`; -1 for an unknown code.
#[no_mangle]
pub extern "C" fn nx_block_store(format: i32, rounding: i32, x: f64) -> i32 {
    let Some(r) = Rounding::of_code(rounding.into()) else {
        return -1;
    };
    match format {
        E8M0 => i32::from(e8m0::encode(x, r)),
        FLOAT6_E2M3 => FLOAT6_E2M3FN.encode(x, r).bits as i32,
        FLOAT6_E3M2 => FLOAT6_E3M2FN.encode(x, r).bits as i32,
        _ => -1,
    }
}

/// The value of the encoding `bits` (its low bits) of the single-value
/// format `format`; NaN for an unknown code.
#[no_mangle]
pub extern "C" fn nx_block_load(format: i32, bits: i32) -> f64 {
    let b = bits as u8;
    match format {
        E8M0 => e8m0::decode(b),
        FLOAT6_E2M3 => FLOAT6_E2M3FN.decode(u64::from(b & 0x3f)),
        FLOAT6_E3M2 => FLOAT6_E3M2FN.decode(u64::from(b & 0x3f)),
        UE4M3 => ue4m3_ggml(b),
        _ => f64::NAN,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts;

    #[test]
    fn bad_codes_are_refused() {
        let mut out = [0u8; 64];
        let src = [0u8; 128];
        // Safety: nothing is read or written for bad codes.
        unsafe {
            assert_eq!(
                nx_block_quantize(
                    11,
                    src.as_ptr(),
                    32,
                    out.as_mut_ptr(),
                    out.as_mut_ptr(),
                    1.0
                ),
                BAD_PARAMS
            );
            let p = 4 | (i64::from(facts::INT8) << 16);
            assert_eq!(
                nx_block_quantize(p, src.as_ptr(), 32, out.as_mut_ptr(), out.as_mut_ptr(), 1.0),
                BAD_PARAMS
            );
            assert_eq!(
                nx_block_dequantize(
                    4,
                    facts::INT8.into(),
                    out.as_mut_ptr(),
                    src.as_ptr(),
                    src.as_ptr(),
                    32,
                    1.0
                ),
                BAD_PARAMS
            );
            assert_eq!(
                nx_block_dequantize(-1, 0, out.as_mut_ptr(), src.as_ptr(), src.as_ptr(), 32, 1.0),
                BAD_PARAMS
            );
            assert!(nx_block_tensor_scale(99, src.as_ptr(), 0).is_nan());
        }
        assert_eq!(nx_block_store(9, 0, 1.0), -1);
        assert_eq!(nx_block_store(0, 9, 1.0), -1);
        assert!(nx_block_load(9, 0).is_nan());
        assert_eq!(nx_block_load(UE4M3, 0x38), 1.0);
    }

    #[test]
    fn ggml_nvfp4_refuses_nan() {
        let mut src = [0f32; 64];
        src[37] = f32::NAN;
        let bytes: Vec<u8> = src.iter().flat_map(|x| x.to_le_bytes()).collect();
        let mut out = [0u8; 36];
        let p = Scheme::GgmlNvfp4 as i64 | (i64::from(facts::FLOAT32) << 16);
        // Safety: one block.
        let r = unsafe {
            nx_block_quantize(
                p,
                bytes.as_ptr(),
                64,
                out.as_mut_ptr(),
                core::ptr::null_mut(),
                1.0,
            )
        };
        assert_eq!(r, 37);
    }
}
