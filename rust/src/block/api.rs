//! The entry points of blocks that the OCaml library calls (through
//! `rust/ocaml/src/block.rs`, which decodes their codes). Every one is
//! total over its typed arguments; they trust their pointers and lengths,
//! which the OCaml side has checked.

use super::dispatch::{
    dequantize_ggml, dequantize_split, ggml_types_into, quantize_ggml, quantize_split,
};
use super::formats::{e8m0, ue4m3_ggml, Single, FLOAT6_E2M3FN, FLOAT6_E3M2FN};
use super::portable::ggml::Quantized;
use super::scheme::{Layout, Scheme};
use crate::facts::FLOAT32;
use crate::format::Rounding;

// How to quantize, and NVFP4's default tensor scale: the OCaml
// externals take them from here, with the entry points.
pub use super::dispatch::tensor_scale;
pub use super::portable::quantize::Params;
// The ggml block types that dequantize into float32, and why one would not.
pub use super::portable::ggml_f32::{
    BlockType as GgmlType, Refusal as GgmlRefusal, TYPES as GGML_TYPES,
};
// The ggml block types quantized as llama.cpp quantizes them, and why a
// quantization would not be.
use super::portable::ggml_quant;
pub use super::portable::ggml_quant::{Quantizer as GgmlQuantizer, Refusal as GgmlQuantRefusal};

/// What a quantization did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Every block written.
    Done,
    /// The index of the first element refused (a NaN or an infinity
    /// where the scheme has no NaN scale).
    Refused(usize),
    /// The source's dtype is not one the scheme quantizes.
    BadSource,
}

/// Quantizes `n` elements of the float dtype `src_code` at `src` into
/// `elements` and `scales` (split schemes) or `elements` alone (ggml's,
/// which ignore `scales`), as `p` says.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `src` holds `n` elements of
/// the dtype; `elements` and `scales` have room for the scheme's bytes of
/// `n` elements; `p.tensor_scale` is positive and finite for NVFP4.
pub unsafe fn quantize(
    p: &Params,
    src_code: u8,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) -> Outcome {
    if p.scheme.facts().layout == Layout::Split {
        // Safety: as the caller's.
        let ok = unsafe { quantize_split(p, src_code, src, n, elements, scales) };
        return if ok {
            Outcome::Done
        } else {
            Outcome::BadSource
        };
    }
    // Safety: as the caller's.
    match unsafe { quantize_ggml(p, src_code, src, n, elements) } {
        Some(Quantized::Done) => Outcome::Done,
        Some(Quantized::Refused(i)) => Outcome::Refused(i),
        None => Outcome::BadSource,
    }
}

/// Dequantizes `n` elements of `scheme` into `dst`, elements of the float
/// dtype `dst_code`: false, with nothing written, when the dtype is not
/// one the scheme dequantizes into.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `elements` and `scales` (for
/// split schemes) hold the bytes of `n` elements; `dst` has room for `n`
/// elements of the dtype.
pub unsafe fn dequantize(
    scheme: Scheme,
    dst_code: u8,
    dst: *mut u8,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    tensor_scale: f32,
) -> bool {
    // Safety: as the caller's.
    unsafe {
        match scheme.facts().layout {
            Layout::Split => {
                dequantize_split(scheme, dst_code, dst, elements, scales, n, tensor_scale)
            }
            Layout::Interleaved => dequantize_ggml(scheme, dst_code, dst, elements, n),
        }
    }
}

/// Dequantizes ggml blocks of the type `type_id` (ggml.h's id) in `src`
/// into float32 values in `dst`, as gguf-py and ggml do, bit for bit:
/// refused, with nothing written, for a type that is not one of
/// [`GGML_TYPES`], a `src` that is not whole blocks, or a `dst` that is
/// not their values.
pub fn dequantize_ggml_f32(type_id: u32, src: &[u8], dst: &mut [f32]) -> Result<(), GgmlRefusal> {
    // Safety: a view of dst's bytes alone, any of which are a float32's.
    let bytes =
        unsafe { core::slice::from_raw_parts_mut(dst.as_mut_ptr().cast::<u8>(), 4 * dst.len()) };
    ggml_types_into(type_id, src, FLOAT32, bytes, false)
}

/// Dequantizes ggml blocks of the type `type_id` in `src` into `dst`, the
/// elements of the dtype `dst_code` (float32, bfloat16 or float16): the
/// values of [`dequantize_ggml_f32`], each rounded once into the narrower
/// dtypes by the Stores rule; `fresh` when `dst` is new storage. Refused,
/// with nothing written, as [`dequantize_ggml_f32`] is, and for another
/// dtype.
pub fn dequantize_ggml_as(
    type_id: u32,
    src: &[u8],
    dst_code: u8,
    dst: &mut [u8],
    fresh: bool,
) -> Result<(), GgmlRefusal> {
    ggml_types_into(type_id, src, dst_code, dst, fresh)
}

/// The quantizer of the ggml type `type_id` (ggml.h's id), if it is one
/// quantized as llama.cpp's `ggml_quantize_chunk` quantizes it.
pub fn ggml_quantizer(type_id: u32) -> Option<GgmlQuantizer> {
    ggml_quant::quantizer(type_id)
}

/// Quantizes `src`, rows of `n_per_row` float32 values, into `dst`, the
/// blocks of the ggml type `type_id`, as llama.cpp's
/// `ggml_quantize_chunk` does, byte for byte, with the importance matrix
/// `imatrix` (one weight per value of a row) when given: refused, with
/// nothing written (but for an off-grid row), as [`GgmlQuantRefusal`] says.
pub fn quantize_ggml_rows(
    type_id: u32,
    src: &[f32],
    n_per_row: usize,
    imatrix: Option<&[f32]>,
    dst: &mut [u8],
) -> Result<(), GgmlQuantRefusal> {
    ggml_quant::quantize(type_id, src, n_per_row, imatrix, dst)
}

/// The encoding of `x` stored into the single-value format `format` by
/// `rounding`; none for ggml's unsigned E4M3, which is loaded only.
pub fn store(format: Single, rounding: Rounding, x: f64) -> Option<u8> {
    match format {
        Single::E8m0 => Some(e8m0::encode(x, rounding)),
        Single::Float6E2m3fn => Some(FLOAT6_E2M3FN.encode(x, rounding).bits as u8),
        Single::Float6E3m2fn => Some(FLOAT6_E3M2FN.encode(x, rounding).bits as u8),
        Single::Ue4m3 => None,
    }
}

/// The value of the encoding `bits` (its low bits) of the single-value
/// format `format`.
pub fn load(format: Single, bits: u8) -> f64 {
    match format {
        Single::E8m0 => e8m0::decode(bits),
        Single::Float6E2m3fn => FLOAT6_E2M3FN.decode(u64::from(bits & 0x3f)),
        Single::Float6E3m2fn => FLOAT6_E3M2FN.decode(u64::from(bits & 0x3f)),
        Single::Ue4m3 => ue4m3_ggml(bits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::policy::Policy;
    use crate::facts;

    fn params(scheme: Scheme) -> Params {
        Params {
            scheme,
            policy: Policy::Floor,
            rounding: Rounding::NearestEven,
            tensor_scale: 1.0,
        }
    }

    #[test]
    fn bad_dtypes_are_refused() {
        let mut out = [0u8; 64];
        let src = [0u8; 128];
        // Safety: nothing is read or written for a bad dtype.
        unsafe {
            let (o, s) = (out.as_mut_ptr(), src.as_ptr());
            let r = quantize(&params(Scheme::Mxfp4), facts::INT8, s, 32, o, o);
            assert_eq!(r, Outcome::BadSource);
            let r = quantize(&params(Scheme::GgmlQ8_0), facts::INT8, s, 32, o, o);
            assert_eq!(r, Outcome::BadSource);
            assert!(!dequantize(Scheme::Mxfp4, facts::INT8, o, s, s, 32, 1.0));
            assert!(!dequantize(Scheme::GgmlQ4_0, facts::INT8, o, s, s, 32, 1.0));
        }
        assert_eq!(store(Single::Ue4m3, Rounding::NearestEven, 1.0), None);
        assert_eq!(load(Single::Ue4m3, 0x38), 1.0);
        assert_eq!(store(Single::E8m0, Rounding::NearestEven, 1.0), Some(127));
    }

    #[test]
    fn ggml_nvfp4_refuses_nan() {
        let mut src = [0f32; 64];
        src[37] = f32::NAN;
        let bytes: Vec<u8> = src.iter().flat_map(|x| x.to_le_bytes()).collect();
        let mut out = [0u8; 36];
        let p = params(Scheme::GgmlNvfp4);
        // Safety: one block.
        let r = unsafe {
            quantize(
                &p,
                facts::FLOAT32,
                bytes.as_ptr(),
                64,
                out.as_mut_ptr(),
                core::ptr::null_mut(),
            )
        };
        assert_eq!(r, Outcome::Refused(37));
    }
}
