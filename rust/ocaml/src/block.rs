//! The externals of `Nx_array.Block` (ocaml/block.ml), over
//! `nx_array::block`: quantizing, dequantizing, NVFP4's default tensor
//! scale, and the single values of the formats that are not dtypes; and
//! that of `Nx_array.Gguf.get_as` (ocaml/files/gguf.ml), ggml's blocks
//! into float32. The
//! OCaml side has checked codes, lengths and sizes; what it packs into one
//! int travels as [`QUANTIZE`] and [`DEQUANTIZE`] lay it out, and an
//! unknown code gives [`BAD_PARAMS`] (or the neutral result the export
//! documents), never a panic.
//!
//! Large quantizations and dequantizations release the runtime lock, as
//! [`crate::convert`]'s do: their data are bigarrays, which the GC does not
//! move, rooted until the run ends.

// The bytecode twins that `#[ocaml_interop::export(bytecode = ...)]`
// writes read their arguments from the pointer OCaml's bytecode passes, in
// a safe function: clippy's lint on that is the macro's, not this code's.
#![allow(clippy::not_unsafe_ptr_arg_deref)]

use crate::convert::{data, unpack, Field};
use nx_array::block::api::{self, tensor_scale, Outcome, Params};
use nx_array::block::formats::Single;
use nx_array::block::policy::Policy;
use nx_array::block::scheme::Scheme;
use nx_array::format::Rounding;
use nx_array::scaled;
use ocaml_interop::bigarray::Array1;
use ocaml_interop::{BoxRoot, OCaml, OCamlFloat, OCamlInt, OCamlRuntime, ToOCaml};

/// The result of a call that is done.
pub const DONE: i64 = -1;
/// The result of a call with an unknown code or a dtype the scheme does
/// not take.
pub const BAD_PARAMS: i64 = -2;

/// The packed parameters of a quantization, low bits first.
pub const QUANTIZE: [Field; 4] = [
    Field {
        name: "scheme",
        shift: 0,
        bits: 8,
    },
    Field {
        name: "policy",
        shift: 8,
        bits: 4,
    },
    Field {
        name: "rounding",
        shift: 12,
        bits: 4,
    },
    Field {
        name: "src",
        shift: 16,
        bits: 8,
    },
];

/// The packed parameters of a dequantization, low bits first.
pub const DEQUANTIZE: [Field; 2] = [
    Field {
        name: "scheme",
        shift: 0,
        bits: 8,
    },
    Field {
        name: "dst",
        shift: 8,
        bits: 8,
    },
];

/// Runs with the runtime lock released when `bytes` reaches
/// [`crate::convert::RELEASE_BYTES`], else with it held.
fn run<R>(cr: &mut OCamlRuntime, bytes: usize, f: impl FnOnce() -> R) -> R {
    if bytes >= crate::convert::RELEASE_BYTES {
        cr.releasing_runtime(f)
    } else {
        f()
    }
}

/// The number of elements `n` from OCaml, 0 if negative (which the OCaml
/// side never passes).
fn count(n: &OCaml<OCamlInt>) -> usize {
    usize::try_from(n.to_i64()).unwrap_or(0)
}

/// Quantizes `n` elements of `src` into `elements` and `scales` (split
/// schemes; ggml's ignore `scales`), the parameters packed in `p` as
/// [`QUANTIZE`] says: [`DONE`], the index of the first element refused, or
/// [`BAD_PARAMS`].
#[ocaml_interop::export(bytecode = "nx_ml_block_quantize_byte")]
pub fn nx_ml_block_quantize(
    cr: &mut OCamlRuntime,
    p: OCaml<OCamlInt>,
    src: OCaml<Array1<u8>>,
    elements: OCaml<Array1<u8>>,
    scales: OCaml<Array1<u8>>,
    n: OCaml<OCamlInt>,
    tensor_scale: OCaml<OCamlFloat>,
) -> OCaml<OCamlInt> {
    let (n, ts) = (count(&n), tensor_scale.to_rust());
    let (s, e, sc, bytes) = (data(&src), data(&elements), data(&scales), src.len());
    let _alive = (
        BoxRoot::new(src),
        BoxRoot::new(elements),
        BoxRoot::new(scales),
    );
    // (The body of an export may not return early: the macro wraps it.)
    let r = match quantize_params(p.to_i64(), ts) {
        // Safety: the OCaml side checked n against the scheme's block and
        // sized the three bigarrays for n elements of the source's dtype
        // and of the scheme; rooted, they outlive the run, which touches
        // only their data, which the GC leaves in place.
        Some((params, src_code)) => match run(cr, bytes, || unsafe {
            api::quantize(&params, src_code, s, n, e, sc)
        }) {
            Outcome::Done => DONE,
            Outcome::Refused(i) => i64::try_from(i).unwrap_or(BAD_PARAMS),
            Outcome::BadSource => BAD_PARAMS,
        },
        None => BAD_PARAMS,
    };
    OCaml::of_i64(r).unwrap_or(OCaml::of_i32(BAD_PARAMS as i32))
}

/// The parameters packed in `p` as [`QUANTIZE`] says, under the tensor
/// scale `ts`, and the source's dtype code; none for an unknown code.
fn quantize_params(p: i64, ts: f64) -> Option<(Params, u8)> {
    let [scheme, policy, rounding, src_code] = unpack(&QUANTIZE, p).map(i64::from);
    let params = Params {
        scheme: Scheme::of_code(scheme)?,
        policy: Policy::of_code(policy)?,
        rounding: Rounding::of_code(rounding)?,
        tensor_scale: ts as f32,
    };
    Some((params, u8::try_from(src_code).ok()?))
}

/// Dequantizes `n` elements from `elements` and `scales` into `dst`, the
/// parameters packed in `p` as [`DEQUANTIZE`] says: [`DONE`] or
/// [`BAD_PARAMS`].
#[ocaml_interop::export(bytecode = "nx_ml_block_dequantize_byte")]
pub fn nx_ml_block_dequantize(
    cr: &mut OCamlRuntime,
    p: OCaml<OCamlInt>,
    dst: OCaml<Array1<u8>>,
    elements: OCaml<Array1<u8>>,
    scales: OCaml<Array1<u8>>,
    n: OCaml<OCamlInt>,
    tensor_scale: OCaml<OCamlFloat>,
) -> OCaml<OCamlInt> {
    let (n, ts): (usize, f64) = (count(&n), tensor_scale.to_rust());
    let (d, e, sc, bytes) = (data(&dst), data(&elements), data(&scales), dst.len());
    let _alive = (
        BoxRoot::new(dst),
        BoxRoot::new(elements),
        BoxRoot::new(scales),
    );
    let [scheme, dst_code] = unpack(&DEQUANTIZE, p.to_i64());
    let ok = match (Scheme::of_code(scheme.into()), u8::try_from(dst_code)) {
        // Safety: as in nx_ml_block_quantize, dst sized for n elements of
        // its dtype and the blocks holding n elements.
        (Some(scheme), Ok(dst_code)) => run(cr, bytes, || unsafe {
            api::dequantize(scheme, dst_code, d, e, sc, n, ts as f32)
        }),
        _ => false,
    };
    OCaml::of_i32(if ok { DONE } else { BAD_PARAMS } as i32)
}

/// Dequantizes the ggml blocks of type `type_id` (ggml.h's id) in `src`
/// into float32 values in `dst`, as gguf-py and ggml do: [`DONE`], or
/// [`BAD_PARAMS`], with nothing written, for a type not dequantized, a
/// `src` not whole blocks, or a `dst` not 4-byte aligned or not their
/// values' bytes. The lengths are the bigarrays' own, so that no call
/// reads or writes outside them.
#[ocaml_interop::export]
pub fn nx_ml_ggml_dequantize_f32(
    cr: &mut OCamlRuntime,
    type_id: OCaml<OCamlInt>,
    src: OCaml<Array1<u8>>,
    dst: OCaml<Array1<u8>>,
) -> OCaml<OCamlInt> {
    let (s, d, src_len, dst_len) = (data(&src), data(&dst), src.len(), dst.len());
    let _alive = (BoxRoot::new(src), BoxRoot::new(dst));
    let ok = match u32::try_from(type_id.to_i64()) {
        // Safety: the bigarrays hold src_len and dst_len bytes, rooted
        // for the run, their data left in place by the GC; the OCaml side
        // passes two that do not overlap (a new destination).
        Ok(id) => run(cr, dst_len, || unsafe {
            // (An empty bigarray's data may be null: no slice of it.)
            let src: &[u8] = match src_len {
                0 => &[],
                n => core::slice::from_raw_parts(s.cast_const(), n),
            };
            let dst: &mut [u8] = match dst_len {
                0 => &mut [],
                n => core::slice::from_raw_parts_mut(d, n),
            };
            match dst.align_to_mut::<f32>() {
                ([], dst, []) => api::dequantize_ggml_f32(id, src, dst).is_ok(),
                _ => false,
            }
        }),
        Err(_) => false,
    };
    OCaml::of_i32(if ok { DONE } else { BAD_PARAMS } as i32)
}

/// Dequantizes the ggml blocks of type `type_id` in `src` into `dst`,
/// new storage of the elements of the dtype `dst_code` (float32,
/// bfloat16 or float16), as [`nx_ml_ggml_dequantize_f32`] does, each
/// value rounded once into the narrower dtypes by the Stores rule:
/// [`DONE`], or [`BAD_PARAMS`], with nothing written, for a type or a
/// dtype not dequantized, a `src` not whole blocks or a `dst` not their
/// values' bytes.
#[ocaml_interop::export]
pub fn nx_ml_ggml_dequantize_as(
    cr: &mut OCamlRuntime,
    type_id: OCaml<OCamlInt>,
    dst_code: OCaml<OCamlInt>,
    src: OCaml<Array1<u8>>,
    dst: OCaml<Array1<u8>>,
) -> OCaml<OCamlInt> {
    let (s, d, src_len, dst_len) = (data(&src), data(&dst), src.len(), dst.len());
    let _alive = (BoxRoot::new(src), BoxRoot::new(dst));
    let code = u8::try_from(dst_code.to_i64());
    let ok = match (u32::try_from(type_id.to_i64()), code) {
        // Safety: the bigarrays hold src_len and dst_len bytes, rooted
        // for the run, their data left in place by the GC; the OCaml side
        // passes two that do not overlap (a new destination).
        (Ok(id), Ok(code)) => run(cr, dst_len, || unsafe {
            // (An empty bigarray's data may be null: no slice of it.)
            let src: &[u8] = match src_len {
                0 => &[],
                n => core::slice::from_raw_parts(s.cast_const(), n),
            };
            let dst: &mut [u8] = match dst_len {
                0 => &mut [],
                n => core::slice::from_raw_parts_mut(d, n),
            };
            api::dequantize_ggml_as(id, src, code, dst, true).is_ok()
        }),
        _ => false,
    };
    OCaml::of_i32(if ok { DONE } else { BAD_PARAMS } as i32)
}

/// Whether the ggml type `type_id` is quantized here: -1 if not, 1 if it
/// needs an importance matrix, else 0.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_ggml_quantizer(_cr: &OCamlRuntime, type_id: isize) -> isize {
    match u32::try_from(type_id).ok().and_then(api::ggml_quantizer) {
        Some(q) => isize::from(q.needs_imatrix),
        None => -1,
    }
}

/// The bytecode twin of [`nx_ml_ggml_quantizer`].
#[ocaml::bytecode_func]
pub fn nx_ml_ggml_quantizer_byte(type_id: isize) -> isize {
    nx_ml_ggml_quantizer(type_id)
}

/// The result of a quantization whose type needs an importance matrix
/// and was given none.
pub const NEEDS_IMATRIX: i64 = -3;

/// The result of a quantization refused at row `r`, one on which ggml
/// aborts, is `OFF_GRID - r`.
pub const OFF_GRID: i64 = -4;

/// The float32 values of the `n` bytes at `p`: borrowed when they are
/// aligned, else copied.
///
/// # Safety
/// `p` points to `n` readable bytes that outlive the result, not written
/// meanwhile (or is anything when `n` is 0).
unsafe fn floats<'a>(p: *const u8, n: usize) -> std::borrow::Cow<'a, [f32]> {
    if n == 0 {
        return std::borrow::Cow::Borrowed(&[]);
    }
    // Safety: as the caller's.
    let b = unsafe { core::slice::from_raw_parts(p, n) };
    // Safety: every bit pattern is an f32.
    match unsafe { b.align_to::<f32>() } {
        ([], f, []) => std::borrow::Cow::Borrowed(f),
        _ => std::borrow::Cow::Owned(
            b.chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
                .collect(),
        ),
    }
}

/// Quantizes `src`, rows of `n_per_row` float32 values (its bytes,
/// little-endian, aligned or not), into `dst`, the blocks of the ggml
/// type `type_id`, as llama.cpp's `ggml_quantize_chunk` does, with the
/// importance matrix `imatrix` (a row of float32 values) unless it is
/// empty: [`DONE`]; the index of the first NaN or infinity of `src`;
/// [`NEEDS_IMATRIX`]; `OFF_GRID - r` for a row `r` on which ggml aborts
/// (the rows before it written); or [`BAD_PARAMS`], with nothing
/// written, for a
/// type not quantized, lengths that do not fit or a bad importance
/// matrix (which the OCaml side checks first).
#[ocaml_interop::export]
pub fn nx_ml_ggml_quantize(
    cr: &mut OCamlRuntime,
    type_id: OCaml<OCamlInt>,
    n_per_row: OCaml<OCamlInt>,
    src: OCaml<Array1<u8>>,
    imatrix: OCaml<Array1<u8>>,
    dst: OCaml<Array1<u8>>,
) -> OCaml<OCamlInt> {
    let n_per_row = count(&n_per_row);
    let (s, m, d) = (data(&src), data(&imatrix), data(&dst));
    let (src_len, m_len, dst_len) = (src.len(), imatrix.len(), dst.len());
    let _alive = (BoxRoot::new(src), BoxRoot::new(imatrix), BoxRoot::new(dst));
    let r = match u32::try_from(type_id.to_i64()) {
        // Safety: the three bigarrays hold src_len, m_len and dst_len
        // bytes, rooted for the run, their data left in place by the GC;
        // the OCaml side passes a destination that overlaps neither source.
        Ok(id) if src_len % 4 == 0 && m_len % 4 == 0 => run(cr, src_len, || unsafe {
            let src = floats(s.cast_const(), src_len);
            let im = floats(m.cast_const(), m_len);
            let dst: &mut [u8] = match dst_len {
                0 => &mut [],
                n => core::slice::from_raw_parts_mut(d, n),
            };
            let im = if m_len == 0 { None } else { Some(&im[..]) };
            match api::quantize_ggml_rows(id, &src, n_per_row, im, dst) {
                Ok(()) => DONE,
                Err(api::GgmlQuantRefusal::NonFinite(i)) => i64::try_from(i).unwrap_or(BAD_PARAMS),
                Err(api::GgmlQuantRefusal::NeedsImatrix) => NEEDS_IMATRIX,
                Err(api::GgmlQuantRefusal::OffGrid(r)) => {
                    i64::try_from(r).map_or(BAD_PARAMS, |r| OFF_GRID - r)
                }
                Err(_) => BAD_PARAMS,
            }
        }),
        _ => BAD_PARAMS,
    };
    OCaml::of_i64(r).unwrap_or(OCaml::of_i32(BAD_PARAMS as i32))
}

/// NVFP4's default tensor scale of `n` elements of the float dtype `code`
/// in `src`; NaN for a code that is not a source.
#[ocaml_interop::export]
pub fn nx_ml_block_tensor_scale(
    cr: &mut OCamlRuntime,
    code: OCaml<OCamlInt>,
    src: OCaml<Array1<u8>>,
    n: OCaml<OCamlInt>,
) -> OCaml<OCamlFloat> {
    let (s, n, bytes) = (data(&src), count(&n), src.len());
    let s = match u8::try_from(code.to_i64()) {
        Ok(code) => {
            let _alive = BoxRoot::new(src);
            // Safety: the OCaml side sized src for n elements of the
            // dtype; rooted, it outlives the run, as above.
            run(cr, bytes, || unsafe { tensor_scale(code, s, n) })
        }
        Err(_) => f32::NAN,
    };
    f64::from(s).to_ocaml(cr)
}

/// The encoding of `x` stored into the single-value format `format` by
/// `rounding`; -1 for an unknown code or a format loaded only.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_block_store(_cr: &OCamlRuntime, format: isize, rounding: isize, x: f64) -> isize {
    let (Some(f), Some(r)) = (
        Single::of_code(format as i64),
        Rounding::of_code(rounding as i64),
    ) else {
        return -1;
    };
    api::store(f, r, x).map_or(-1, isize::from)
}

/// The bytecode twin of [`nx_ml_block_store`].
#[ocaml::bytecode_func]
pub fn nx_ml_block_store_byte(format: isize, rounding: isize, x: f64) -> isize {
    nx_ml_block_store(format, rounding, x)
}

/// The value of the encoding in the low bits of `bits` of the
/// single-value format `format`; NaN for an unknown code.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_block_load(_cr: &OCamlRuntime, format: isize, bits: isize) -> f64 {
    Single::of_code(format as i64).map_or(f64::NAN, |f| api::load(f, bits as u8))
}

/// The bytecode twin of [`nx_ml_block_load`].
#[ocaml::bytecode_func]
pub fn nx_ml_block_load_byte(format: isize, bits: isize) -> f64 {
    nx_ml_block_load(format, bits)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_tile_the_bits() {
        for fields in [&QUANTIZE[..], &DEQUANTIZE[..]] {
            let mut next = 0;
            for f in fields {
                assert_eq!(f.shift, next, "{}", f.name);
                next += f.bits;
            }
            assert!(next <= 62, "the parameters fit an OCaml int");
        }
        let p = 9 | (3 << 8) | (4 << 12) | (1 << 16);
        assert_eq!(unpack(&QUANTIZE, p), [9, 3, 4, 1]);
    }

    #[test]
    fn unknown_codes_are_neutral() {
        assert_eq!(nx_ml_block_store(9, 0, 1.0), -1);
        assert_eq!(nx_ml_block_store(0, 9, 1.0), -1);
        assert_eq!(nx_ml_block_store(Single::Ue4m3 as isize, 0, 1.0), -1);
        assert_eq!(nx_ml_block_store(Single::E8m0 as isize, 0, 1.0), 127);
        assert!(nx_ml_block_load(9, 0).is_nan());
        assert_eq!(nx_ml_block_load(Single::Ue4m3 as isize, 0x38), 1.0);
    }
}

/// Stores the products of the float8_e4m3fn rows of `src` (`cols` a row)
/// and their scales into `dst`, elements of the dtype `dst_code`: column
/// `c`'s scale is the `c / cb`-th float64 of `scales`'s bytes, in every
/// row (`nx_array::scaled::e4m3_rows`). [`DONE`], or [`BAD_PARAMS`], with
/// nothing written, for a destination that is not a float dtype of 16 bits
/// or more, `src` not whole rows, `dst` not their elements, `scales`
/// not aligned float64 or too few: the lengths are the bigarrays' own.
#[ocaml_interop::export(bytecode = "nx_ml_scaled_e4m3_byte")]
pub fn nx_ml_scaled_e4m3(
    cr: &mut OCamlRuntime,
    dst_code: OCaml<OCamlInt>,
    dst: OCaml<Array1<u8>>,
    src: OCaml<Array1<u8>>,
    scales: OCaml<Array1<u8>>,
    cols: OCaml<OCamlInt>,
    cb: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    let (d, s, sc) = (data(&dst), data(&src), data(&scales));
    let (dst_len, src_len, sc_len) = (dst.len(), src.len(), scales.len());
    let (cols, cb) = (count(&cols), count(&cb));
    let _alive = (BoxRoot::new(dst), BoxRoot::new(src), BoxRoot::new(scales));
    let ok = match u8::try_from(dst_code.to_i64()) {
        // Safety: the bigarrays hold their lengths' bytes, rooted for the
        // run, their data left in place by the GC; the OCaml side passes
        // a destination that overlaps neither source.
        Ok(code) => run(cr, dst_len, || unsafe {
            let slice = |p: *mut u8, n| match n {
                0 => &[][..],
                n => core::slice::from_raw_parts(p.cast_const(), n),
            };
            let dst: &mut [u8] = match dst_len {
                0 => &mut [],
                n => core::slice::from_raw_parts_mut(d, n),
            };
            match slice(sc, sc_len).align_to::<f64>() {
                ([], scales, []) => {
                    scaled::e4m3_rows(code, dst, slice(s, src_len), scales, cols, cb).is_ok()
                }
                _ => false,
            }
        }),
        Err(_) => false,
    };
    OCaml::of_i32(if ok { DONE } else { BAD_PARAMS } as i32)
}
