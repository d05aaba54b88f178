//! The float32 fast path's loops over a source, portably: blocks of
//! values read as float32 (`float32.rs`, `float32_nvfp4.rs`) and packed
//! into the split layout or ggml's. The dispatcher (`dispatch.rs`)
//! compiles them twice, portably and with AVX2, and takes the loops of
//! `x86_64/` instead where it has them.

use super::float32::{amax_bits, mx_block, q4_0, q8_0, INF, SIGN};
use super::float32_nvfp4::{ggml_nvfp4_sub, nvfp4_block, Nvfp4Tables};
use super::ggml::pack_halves;
use super::quantize::{pack_split, Params};
use crate::block::formats::Element;
use crate::block::io::Source;
use crate::block::policy::Policy;
use crate::block::scheme::Scheme;

/// Reads block `b` of `N` values of `S` as float32.
///
/// # Safety
/// `src` holds the block.
#[inline(always)]
unsafe fn load_block<S: Source, const N: usize>(src: *const u8, b: usize) -> [f32; N] {
    // Safety: as the caller's.
    core::array::from_fn(|j| unsafe { S::load32(src, b * N + j) })
}

/// A split scheme's blocks of `N` values: each quantized into its scale's
/// byte and its codes.
trait SplitBlocks<const N: usize> {
    fn block(&self, xs: &[f32; N], codes: &mut [u8; N]) -> u8;
}

/// OCP MX blocks: the element format and the scale's policy.
struct Mx(Element, Policy);

impl SplitBlocks<32> for Mx {
    #[inline(always)]
    fn block(&self, xs: &[f32; 32], codes: &mut [u8; 32]) -> u8 {
        mx_block(self.0, xs, codes, self.1)
    }
}

impl SplitBlocks<16> for Nvfp4Tables {
    #[inline(always)]
    fn block(&self, xs: &[f32; 16], codes: &mut [u8; 16]) -> u8 {
        nvfp4_block(xs, codes, self)
    }
}

/// Quantizes `n` values of `S` into a split scheme's elements and scales,
/// blocks of `N` of elements of `bits`. (No closures here: a closure does
/// not inherit the AVX2 of the function it is written in.)
///
/// # Safety
/// As [`split`], with `N` the scheme's block.
#[inline(always)]
unsafe fn split_blocks<S: Source, const N: usize>(
    q: &impl SplitBlocks<N>,
    bits: u32,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let bytes = N * bits as usize / 8;
    let mut codes = [0u8; N];
    for b in 0..n / N {
        // Safety: block b is within the n values.
        let xs = unsafe { load_block::<S, N>(src, b) };
        let s = q.block(&xs, &mut codes);
        // Safety: one scale and `bytes` element bytes per block.
        unsafe {
            *scales.add(b) = s;
            pack_split(&codes, bits, elements.add(b * bytes));
        }
    }
}

/// Quantizes `n` values of `S` into a split scheme's elements and scales.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `src` holds `n` values of
/// `S`; `elements` and `scales` have room for theirs.
#[inline(always)]
pub unsafe fn split<S: Source>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let e = p.scheme.facts().element;
    let bits = e.stored_bits();
    if p.scheme == Scheme::Nvfp4 {
        let t = Nvfp4Tables::nvfp4(f64::from(p.tensor_scale));
        // Safety: as the caller's; NVFP4's block is 16.
        return unsafe { split_blocks::<S, 16>(&t, bits, src, n, elements, scales) };
    }
    // Safety: as the caller's; MX's block is 32.
    unsafe { split_blocks::<S, 32>(&Mx(e, p.policy), bits, src, n, elements, scales) }
}

/// Writes one ggml block of 32 values at `o`.
///
/// # Safety
/// `o` has the scheme's bytes per block.
#[inline(always)]
unsafe fn ggml_block32(scheme: Scheme, policy: Policy, xs: &[f32; 32], o: *mut u8) {
    let mut codes = [0u8; 32];
    // Safety (every arm): 2 scale bytes and 32 or 16 element bytes; 1
    // and 16.
    match scheme {
        Scheme::GgmlQ8_0 => unsafe {
            let s = q8_0(xs, &mut codes);
            core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
            core::ptr::copy_nonoverlapping(codes.as_ptr(), o.add(2), 32);
        },
        Scheme::GgmlQ4_0 => unsafe {
            let s = q4_0(xs, &mut codes);
            core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
            pack_halves(&codes, o.add(2));
        },
        _ => unsafe {
            *o = mx_block(Element::Float4E2m1fn, xs, &mut codes, policy);
            pack_halves(&codes, o.add(1));
        },
    }
}

/// Quantizes `n` values of `S` into ggml blocks; the index of a refused
/// value (NVFP4's NaN and infinities), else None.
///
/// # Safety
/// `n` is a multiple of the scheme's block; `src` holds `n` values of
/// `S` and `out` room for their blocks.
#[inline(always)]
pub unsafe fn ggml<S: Source>(p: &Params, src: *const u8, n: usize, out: *mut u8) -> Option<usize> {
    let size = p.scheme.facts().bytes_per_block;
    if p.scheme != Scheme::GgmlNvfp4 {
        for b in 0..n / 32 {
            // Safety: block b is within the n values, its bytes within out.
            unsafe {
                ggml_block32(
                    p.scheme,
                    p.policy,
                    &load_block::<S, 32>(src, b),
                    out.add(b * size),
                )
            };
        }
        return None;
    }
    let t = Nvfp4Tables::ggml();
    for b in 0..n / 64 {
        // Safety: block b is within the n values.
        let xs = unsafe { load_block::<S, 64>(src, b) };
        if amax_bits(&xs) >= INF {
            let j = xs.iter().position(|x| !x.is_finite()).unwrap_or(0);
            return Some(b * 64 + j);
        }
        for s in 0..4 {
            let sub: &[f32; 16] = xs[16 * s..16 * (s + 1)].try_into().expect("16 values");
            let mut codes = [0u8; 16];
            let scale = ggml_nvfp4_sub(sub, &mut codes, &t);
            // Safety: four scale bytes, then 8 bytes per sub-block.
            unsafe {
                let o = out.add(b * size);
                *o.add(s) = scale;
                pack_halves(&codes, o.add(4 + 8 * s));
            }
        }
    }
    None
}

/// The largest finite magnitude of `n` values of `S`, on the bits: the
/// magnitudes' order is their bits', and an infinity's or a NaN's bits
/// are past `INF` − 1.
///
/// # Safety
/// `src` holds `n` values of `S`.
#[inline(always)]
pub unsafe fn finite_amax<S: Source>(src: *const u8, n: usize) -> f32 {
    let mut m = 0u32;
    for i in 0..n {
        // Safety: i < n.
        let a = unsafe { S::load32(src, i) }.to_bits() & !SIGN;
        m = m.max(if a < INF { a } else { 0 });
    }
    f32::from_bits(m)
}
