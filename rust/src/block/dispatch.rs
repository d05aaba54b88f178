//! The dispatcher of the block formats: the one place that picks, for
//! each call, how a scheme's values are quantized and dequantized. The
//! paths below it give the same bits (the tests compare them):
//!
//! - the exact path (`portable/quantize.rs`, `dequantize.rs`, `ggml.rs`),
//!   value by value, for every source, destination and rounding;
//! - quantizing values that float32 holds to nearest even
//!   (`portable/float32*.rs`), compiled twice here, portably and with
//!   AVX2, chosen at run time; the AVX2 twin takes `x86_64/quantize_avx2.rs`'s
//!   loops, and on processors with AVX-512 `quantize_avx512.rs`'s for
//!   OCP MX's float elements and both NVFP4s (in one run at 1e5 and 1e6
//!   float32 values, OCP MX 0.38 to 0.44 ns a value against AVX2's 0.76
//!   to 0.84; best of six in turns at 1e5, NVFP4 0.97 against 1.27,
//!   ggml's 0.92 against 1.25);
//! - dequantizing E2M1 blocks into float32 and bfloat16 by tables
//!   (`portable/fp4.rs`, `x86_64/fp4_avx2.rs`, `fp4_avx512.rs`), OCP MX's
//!   byte elements (`x86_64/mx_bytes.rs`) and ggml's Q8_0 and Q4_0
//!   (`x86_64/ggml_q.rs`) with AVX2;
//! - dequantizing ggml's block types as gguf-py and ggml do
//!   (`portable/ggml_f32`), into float32, bfloat16 and float16: the types
//!   of published models by `x86_64/ggml_types.rs` with AVX2, the others
//!   portably, a chunk of blocks at a time through a float32 scratch that
//!   stays in the L1 cache.
//!
//! Whether and which processor's kernels run is [`crate::kernels::path`]'s
//! decision, as for the conversion kernels. All assume the default
//! floating-point environment.

use super::formats::Element;
use super::io::{with_sink, with_source, Sink, Source};
use super::portable::fp4::{self, Blocks, Dest};
use super::portable::ggml::{self, Quantized};
use super::portable::ggml_f32::{self, Refusal};
use super::portable::quantize::{self, default_tensor_scale, Params};
use super::portable::{dequantize, float32_loops};
use super::scheme::{Layout, Scheme};
use crate::facts::{BFLOAT16, FLOAT16, FLOAT32};
use crate::format::Rounding;
use crate::kernels::{find, path, Path, STREAM_BYTES};
// What only the x86_64 kernels' choices need.
#[cfg(all(target_arch = "x86_64", nx_avx512))]
use super::x86_64::{fp4_avx512, quantize_avx512};
#[cfg(target_arch = "x86_64")]
use {
    super::formats::Scale,
    super::policy::Policy,
    super::portable::float32_nvfp4::Nvfp4Tables,
    super::x86_64::{fp4_avx2, ggml_q, ggml_types, mx_bytes, quantize_avx2, quantize_avx2::MxOut},
    crate::kernels::hardware,
};

// Quantizing.

/// The largest finite magnitude of `n` elements of `S` at `src`.
///
/// # Safety
/// `src` holds `n` elements of `S`.
unsafe fn amax_finite_of<S: Source>(src: *const u8, n: usize) -> f64 {
    if S::F32 {
        // Safety: as the caller's.
        return f64::from(unsafe { finite_amax32::<S>(src, n) });
    }
    // Safety: as the caller's.
    unsafe { quantize::amax_finite::<S>(src, n) }
}

/// NVFP4's default tensor scale of `n` elements of the float dtype
/// `src_code`; NaN for a code that is not a source.
///
/// # Safety
/// `src` holds `n` elements of that dtype.
pub unsafe fn tensor_scale(src_code: u8, src: *const u8, n: usize) -> f32 {
    // Safety: as the caller's.
    let a = unsafe { with_source!(src_code, amax_finite_of, (src, n), f64::NAN) };
    if a.is_nan() {
        f32::NAN
    } else {
        default_tensor_scale(a)
    }
}

/// Quantizes `n` elements of `S` (a multiple of the block) into the split
/// layout: by the float32 path where it has the bits, else exactly.
///
/// # Safety
/// `src` holds `n` elements; `elements` and `scales` have room for theirs.
unsafe fn split<S: Source>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    if S::F32 && p.rounding == Rounding::NearestEven {
        // Safety: as the caller's.
        return unsafe { split32::<S>(p, src, n, elements, scales) };
    }
    // Safety: as the caller's.
    unsafe { quantize::split::<S>(p, src, n, elements, scales) }
}

/// Quantizes `n` elements of the float dtype `src_code` into a split
/// scheme's elements and scales; false if the code is not a source or the
/// scheme not split.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `src` holds `n` elements;
/// `elements` and `scales` have room for theirs.
pub unsafe fn quantize_split(
    p: &Params,
    src_code: u8,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) -> bool {
    if p.scheme.facts().layout != Layout::Split {
        return false;
    }
    // Safety: as the caller's.
    unsafe { with_source!(src_code, split, (p, src, n, elements, scales), return false) };
    true
}

/// Quantizes `n` elements of `S` into ggml blocks, by the path [`split`]
/// would take;
/// the index of the first element refused (a NaN or an infinity in an
/// NVFP4 block), else None.
///
/// # Safety
/// `n` is a multiple of the block; `src` holds `n` elements and `out`
/// room for their blocks.
unsafe fn ggml_of<S: Source>(p: &Params, src: *const u8, n: usize, out: *mut u8) -> Option<usize> {
    if S::F32 && p.rounding == Rounding::NearestEven {
        // Safety: as the caller's.
        return unsafe { ggml32::<S>(p, src, n, out) };
    }
    // Safety: as the caller's.
    unsafe { ggml::quantize::<S>(p, src, n, out) }
}

/// Quantizes `n` elements of the float dtype `src_code` into ggml blocks;
/// None for a code that is not a source or a scheme that is not ggml's.
///
/// # Safety
/// `n` is a multiple of the block; `src` holds `n` elements of the
/// dtype and `out` room for their blocks.
pub unsafe fn quantize_ggml(
    p: &Params,
    src_code: u8,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<Quantized> {
    if p.scheme.facts().layout != Layout::Interleaved {
        return None;
    }
    // Safety: as the caller's.
    let r = unsafe { with_source!(src_code, ggml_of, (p, src, n, out), return None) };
    Some(r.map_or(Quantized::Done, Quantized::Refused))
}

// The float32 path, compiled twice.

/// Quantizes `n` values of `S` into a split scheme's elements and scales,
/// by the loops of `x86_64/` when `V`.
///
/// # Safety
/// As [`float32_loops::split`]; AVX2 and F16C when `V`.
#[inline(always)]
unsafe fn split_body<S: Source, const V: bool>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    #[cfg(target_arch = "x86_64")]
    if V {
        if p.scheme == Scheme::Nvfp4 {
            let t = Nvfp4Tables::nvfp4(f64::from(p.tensor_scale));
            // Safety: as the caller's; V: the processor has AVX2 and F16C.
            return unsafe { nvfp4_on::<S>(path(), &t, src, n, elements, scales) };
        }
        let (e, out) = (p.scheme.facts().element, MxOut::Split(elements, scales));
        // Safety: as the caller's; V: the processor has AVX2 and F16C.
        if unsafe { mx_on::<S>(path(), e, p.policy, src, n, out) } {
            return;
        }
    }
    // Safety: as the caller's.
    unsafe { float32_loops::split::<S>(p, src, n, elements, scales) }
}

/// Quantizes `n` values of `S` into ggml blocks, by the loops of
/// `x86_64/` when `V`; the index of a refused value (NVFP4's NaN and
/// infinities), else None.
///
/// # Safety
/// As [`float32_loops::ggml`]; AVX2 and F16C when `V`.
#[inline(always)]
unsafe fn ggml_body<S: Source, const V: bool>(
    p: &Params,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    #[cfg(target_arch = "x86_64")]
    if V {
        // Safety (every arm): as the caller's; V: the processor has AVX2
        // and F16C.
        match p.scheme {
            Scheme::GgmlQ8_0 | Scheme::GgmlQ4_0 => {
                let q4 = p.scheme == Scheme::GgmlQ4_0;
                unsafe { quantize_avx2::quantize_q::<S>(q4, src, n, out) };
                return None;
            }
            Scheme::GgmlMxfp4 => {
                let (e, out) = (Element::Float4E2m1fn, MxOut::Ggml(out));
                unsafe { mx_on::<S>(path(), e, p.policy, src, n, out) };
                return None;
            }
            Scheme::GgmlNvfp4 => {
                let t = Nvfp4Tables::ggml();
                return unsafe { ggml_nvfp4_on::<S>(path(), &t, src, n, out) };
            }
            _ => (),
        }
    }
    // Safety: as the caller's.
    unsafe { float32_loops::ggml::<S>(p, src, n, out) }
}

/// The largest finite magnitude of `n` values of `S`
/// ([`float32_loops::finite_amax`]), compiled with AVX2 when `V`.
///
/// # Safety
/// `src` holds `n` values of `S`; AVX2 and F16C when `V`.
#[inline(always)]
unsafe fn finite_amax_body<S: Source, const V: bool>(src: *const u8, n: usize) -> f32 {
    // Safety: as the caller's.
    unsafe { float32_loops::finite_amax::<S>(src, n) }
}

/// Quantizes `n` values of `S` into OCP MX blocks of the elements `e` by
/// the loops of `path` (AVX-512's or AVX2's; MXINT8 by AVX2's on both):
/// false, with nothing written, for elements that have none.
///
/// # Safety
/// As `quantize_avx2::quantize_mx`; the processor has `path`'s features,
/// at least AVX2 and F16C.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn mx_on<S: Source>(
    path: Path,
    e: Element,
    policy: Policy,
    src: *const u8,
    n: usize,
    out: quantize_avx2::MxOut,
) -> bool {
    macro_rules! on {
        ($e:literal, $f:literal) => {{
            #[cfg(nx_avx512)]
            if path == Path::Avx512 {
                // Safety: as the caller's; the path has AVX-512 F and BW.
                unsafe { quantize_avx512::quantize_mx::<S, $e, $f>(e, policy, src, n, out) };
                return true;
            }
            // Safety: as the caller's.
            unsafe { quantize_avx2::quantize_mx::<S, $e, $f>(e, policy, src, n, out) };
            true
        }};
    }
    match e {
        Element::Float8E4m3fn => on!(4, 3),
        Element::Float8E5m2 => on!(5, 2),
        Element::Float6E2m3fn => on!(2, 3),
        Element::Float6E3m2fn => on!(3, 2),
        Element::Float4E2m1fn => on!(2, 1),
        // AVX2's loop on both paths: AVX-512's was no faster (0.30 ns a
        // value at 1e5).
        Element::Int8Scaled => {
            // Safety: as the caller's.
            unsafe { quantize_avx2::quantize_mx::<S, 0, 0>(e, policy, src, n, out) };
            true
        }
        _ => false,
    }
}

/// Quantizes `n` values of `S` into NVFP4's elements and scales under
/// the tables `t` by the loop of `path` (AVX-512's or AVX2's).
///
/// # Safety
/// As `quantize_avx2::split_nvfp4`; the processor has `path`'s features,
/// at least AVX2 and F16C.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn nvfp4_on<S: Source>(
    path: Path,
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    #[cfg(nx_avx512)]
    if path == Path::Avx512 {
        // Safety: as the caller's; the path has AVX-512 F and BW.
        return unsafe { quantize_avx512::split_nvfp4::<S>(t, src, n, elements, scales) };
    }
    // Safety: as the caller's.
    unsafe { quantize_avx2::split_nvfp4::<S>(t, src, n, elements, scales) }
}

/// Quantizes `n` values of `S` into ggml's NVFP4 blocks under the tables
/// `t` by the loop of `path`, as `quantize_avx2::ggml_nvfp4`.
///
/// # Safety
/// As `quantize_avx2::ggml_nvfp4`; the processor has `path`'s features,
/// at least AVX2 and F16C.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn ggml_nvfp4_on<S: Source>(
    path: Path,
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    #[cfg(nx_avx512)]
    if path == Path::Avx512 {
        // Safety: as the caller's; the path has AVX-512 F and BW.
        return unsafe { quantize_avx512::ggml_nvfp4::<S>(t, src, n, out) };
    }
    // Safety: as the caller's.
    unsafe { quantize_avx2::ggml_nvfp4::<S>(t, src, n, out) }
}

/// The bodies compiled portably and with AVX2, the latter with `V` set:
/// the bodies then take the loops of `x86_64/` where it has them.
macro_rules! twice {
    ($name:ident, $body:ident, ($($arg:ident: $t:ty),*) -> $ret:ty) => {
        /// The fast path, by AVX2 where the processor has it.
        ///
        /// # Safety
        /// As the body's.
        pub unsafe fn $name<S: Source>($($arg: $t),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if hardware() {
                /// Safety: AVX2 and F16C; as the body's.
                #[target_feature(enable = "avx2,f16c")]
                unsafe fn avx2<S: Source>($($arg: $t),*) -> $ret {
                    // Safety: as the caller's.
                    unsafe { $body::<S, true>($($arg),*) }
                }
                // Safety: hardware() checked AVX2 and F16C.
                return unsafe { avx2::<S>($($arg),*) };
            }
            // Safety: as the caller's.
            unsafe { $body::<S, false>($($arg),*) }
        }
    };
}

twice!(split32, split_body, (p: &Params, src: *const u8, n: usize, elements: *mut u8, scales: *mut u8) -> ());
twice!(ggml32, ggml_body, (p: &Params, src: *const u8, n: usize, out: *mut u8) -> Option<usize>);
twice!(finite_amax32, finite_amax_body, (src: *const u8, n: usize) -> f32);

// Dequantizing.

/// Dequantizes `n` elements of a split scheme into `D`: E2M1 into
/// float32 and bfloat16 by tables, OCP MX's byte elements into them by
/// AVX2 where the processor has it, else value by value.
///
/// # Safety
/// `n` is a multiple of the block; `elements` and `scales` hold the
/// blocks of `n` elements; `dst` has room for `n` elements of `D`.
unsafe fn split_into<D: Sink>(
    scheme: Scheme,
    dst: *mut u8,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    st: f64,
) {
    let f = scheme.facts();
    if let (Some(dest), Element::Float4E2m1fn) = (D::FP4, f.element) {
        // Safety (both): as the caller's.
        return unsafe {
            if scheme == Scheme::Nvfp4 {
                fp4_dequantize(
                    &fp4::Nv {
                        elements,
                        scales,
                        n,
                        st,
                    },
                    dest,
                    dst,
                )
            } else {
                fp4_dequantize(
                    &fp4::Mx {
                        elements,
                        scales,
                        n,
                    },
                    dest,
                    dst,
                )
            }
        };
    }
    #[cfg(target_arch = "x86_64")]
    if let (Some(dest), Scale::E8m0) = (D::FP4, f.scale) {
        // Safety: hardware(): the processor has AVX2 and F16C; as the
        // caller's.
        if hardware() && unsafe { mx_bytes::dequantize::<D>(&f, dest, elements, scales, n, dst) } {
            return;
        }
    }
    // Safety: as the caller's.
    unsafe { dequantize::split::<D>(scheme, dst, elements, scales, n, st) }
}

/// Dequantizes `n` elements of a split scheme into the float dtype
/// `dst_code`, under the tensor scale `st` (NVFP4's; ignored by the
/// others); false if the code is not a float dtype or the scheme not
/// split.
///
/// # Safety
/// `n` is a multiple of the block; `elements` and `scales` hold the
/// blocks of `n` elements; `dst` has room for `n` elements of the dtype.
pub unsafe fn dequantize_split(
    scheme: Scheme,
    dst_code: u8,
    dst: *mut u8,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    st: f32,
) -> bool {
    if scheme.facts().layout != Layout::Split {
        return false;
    }
    let st = f64::from(st);
    // Safety: as the caller's.
    unsafe {
        with_sink!(
            dst_code,
            split_into,
            (scheme, dst, elements, scales, n, st),
            return false
        )
    };
    true
}

/// Dequantizes `n` elements of ggml blocks into `D`: the E2M1 schemes
/// into float32 and bfloat16 by tables, Q8_0 and Q4_0 into them by AVX2
/// where the processor has it, else value by value.
///
/// # Safety
/// `n` is a multiple of the block; `blocks` holds their bytes and `dst`
/// room for `n` elements of `D`.
unsafe fn ggml_into<D: Sink>(scheme: Scheme, dst: *mut u8, blocks: *const u8, n: usize) {
    if let Some(dest) = D::FP4 {
        // Safety (both): as the caller's.
        match scheme {
            Scheme::GgmlMxfp4 => {
                return unsafe { fp4_dequantize(&fp4::GgmlMx { blocks, n }, dest, dst) }
            }
            Scheme::GgmlNvfp4 => {
                return unsafe { fp4_dequantize(&fp4::GgmlNv { blocks, n }, dest, dst) }
            }
            #[cfg(target_arch = "x86_64")]
            Scheme::GgmlQ8_0 | Scheme::GgmlQ4_0 if hardware() => {
                let q4 = scheme == Scheme::GgmlQ4_0;
                // Safety: hardware(): the processor has AVX2 and F16C.
                return unsafe { ggml_q::dequantize::<D>(q4, dest, blocks, n, dst) };
            }
            _ => (),
        }
    }
    // Safety: as the caller's.
    unsafe { ggml::dequantize::<D>(scheme, dst, blocks, n) }
}

/// Dequantizes `n` elements of ggml blocks into the float dtype
/// `dst_code`; false for a code that is not a float dtype or a scheme
/// that is not ggml's.
///
/// # Safety
/// `n` is a multiple of the block; `blocks` holds their bytes and `dst`
/// room for `n` elements of the dtype.
pub unsafe fn dequantize_ggml(
    scheme: Scheme,
    dst_code: u8,
    dst: *mut u8,
    blocks: *const u8,
    n: usize,
) -> bool {
    if scheme.facts().layout != Layout::Interleaved {
        return false;
    }
    // Safety: as the caller's.
    unsafe { with_sink!(dst_code, ggml_into, (scheme, dst, blocks, n), return false) };
    true
}

/// The values of a float32 scratch of [`ggml_types_into`]'s portable
/// path: 16 KB, in the L1 cache (every block size divides it).
const SCRATCH: usize = 4096;

/// Dequantizes the ggml blocks of the type `id` (ggml.h's) in `src` into
/// `dst`, the elements of the dtype `dst_code` (float32, bfloat16 or
/// float16), as gguf-py and ggml compute them in float32
/// (`portable/ggml_f32`), each value rounded once into the narrower
/// dtypes by the Stores rule; `fresh` when `dst` is new storage (then
/// ordinary stores, else streaming ones past [`STREAM_BYTES`]). Refused,
/// with nothing written, for a type that is not one of
/// [`ggml_f32::TYPES`], lengths that are not whole blocks and their
/// values, or another dtype.
pub fn ggml_types_into(
    id: u32,
    src: &[u8],
    dst_code: u8,
    dst: &mut [u8],
    fresh: bool,
) -> Result<(), Refusal> {
    let ty = ggml_f32::of_id(id).ok_or(Refusal::UnknownType)?;
    let width = match dst_code {
        FLOAT32 => 4,
        BFLOAT16 | FLOAT16 => 2,
        _ => return Err(Refusal::Dtype),
    };
    let blocks = src.len() / ty.bytes;
    if src.len() % ty.bytes != 0 || blocks.checked_mul(ty.block * width) != Some(dst.len()) {
        return Err(Refusal::Lengths);
    }
    #[cfg(target_arch = "x86_64")]
    if hardware() && ggml_types::has(id) {
        let d = match dst_code {
            FLOAT32 => ggml_types::Dst::Float32,
            BFLOAT16 => ggml_types::Dst::Bfloat16,
            _ => ggml_types::Dst::Float16,
        };
        let stream = !fresh && dst.len() >= STREAM_BYTES && dst.as_ptr() as usize % 16 == 0;
        // Safety: hardware(): AVX2 and F16C; src holds the blocks and dst
        // has room for their values (checked), 16-byte aligned when
        // streamed; has(id): the type has a kernel.
        unsafe { ggml_types::dequantize(id, d, src.as_ptr(), blocks, dst.as_mut_ptr(), stream) };
        return Ok(());
    }
    let _ = fresh;
    if dst_code == FLOAT32 {
        // Safety: any bytes are a float32's; the view is of dst alone.
        if let ([], f, []) = unsafe { dst.align_to_mut::<f32>() } {
            return ggml_f32::dequantize(id, src, f);
        }
    }
    let round = find(dst_code, FLOAT32, true, false);
    let per = SCRATCH / ty.block;
    let mut scratch = [0f32; SCRATCH];
    for (s, d) in src
        .chunks(per * ty.bytes)
        .zip(dst.chunks_mut(per * ty.block * width))
    {
        let v = &mut scratch[..s.len() / ty.bytes * ty.block];
        ggml_f32::dequantize(id, s, v)?;
        match round {
            // Safety: v's values, room for them in d (its chunk).
            Some(k) => unsafe { k(d.as_mut_ptr(), v.as_ptr().cast(), v.len()) },
            None => {
                for (d, x) in d.chunks_exact_mut(4).zip(v.iter()) {
                    d.copy_from_slice(&x.to_le_bytes());
                }
            }
        }
    }
    Ok(())
}

/// Dequantizes every E2M1 block of `blocks` into `dst`, elements of
/// `dest`, by the kernels of the processor's path or portably.
///
/// # Safety
/// `dst` has room for the blocks' values.
unsafe fn fp4_dequantize<B: Blocks>(blocks: &B, dest: Dest, dst: *mut u8) {
    let stream = dest.streams(blocks.count() * 2 * B::BYTES);
    // The AVX-512 kernels where they were measured faster: outputs that
    // stream, and pairs of 8-byte blocks into bfloat16 (NVFP4's), at
    // every size. Into the caches the AVX2 ones wrote the other pairs
    // 5 to 30% faster at 1e6 elements (see x86_64/fp4_avx512.rs).
    let nvfp4_bf16 = B::BYTES == 8 && dest == Dest::Bfloat16;
    let path = match path() {
        Path::Avx512 if !(stream || nvfp4_bf16) => Path::Avx2,
        p => p,
    };
    // Safety: as the caller's; the path is this processor's or one it
    // includes.
    unsafe { fp4_on(path, blocks, dest, dst, stream) }
}

/// As [`fp4_dequantize`], by the kernels of `path`, streaming the stores
/// where they can when `stream`.
///
/// # Safety
/// As [`fp4_dequantize`]; the processor has `path`'s features.
unsafe fn fp4_on<B: Blocks>(path: Path, blocks: &B, dest: Dest, dst: *mut u8, stream: bool) {
    #[cfg(all(target_arch = "x86_64", nx_avx512))]
    if path == Path::Avx512 {
        // Safety: the caller's path has AVX-512 F, BW and VBMI.
        return unsafe { fp4_avx512::dequantize(blocks, dest, dst, stream) };
    }
    #[cfg(target_arch = "x86_64")]
    if path != Path::Portable {
        // Safety: the caller's path has AVX2; as the caller's.
        return unsafe {
            fp4_avx2::dequantize(blocks, dest, dst, stream && dst as usize % 16 == 0)
        };
    }
    // Safety: as the caller's.
    unsafe { fp4::dequantize(blocks, dest, dst) }
}

#[cfg(test)]
mod tests;
