//! ggml's block types of published models (Q8_0, Q4_K, Q5_K, Q6_K,
//! IQ4_XS, MXFP4, NVFP4) into float32, bfloat16 and float16 with AVX2
//! and F16C, sixteen values a store: the bits of `portable/ggml_f32`,
//! rounded once into the narrower dtypes as the Stores rule asks.
//!
//! Exact as the portable path is: each value is the same float32
//! operations in the same order (a product, then a difference for
//! Q4_K's and Q5_K's minimums; no fused multiply-add), lane by lane,
//! on scales widened as `f16` widens them. A block whose float16 scale
//! is an infinity or a NaN takes the portable function of its type, and
//! its values the conversion kernels' rounding; with finite scales every
//! value is finite but MXFP4's, whose products may overflow to an
//! infinity as the portable ones do. So the rounding into bfloat16
//! ([`bf16x16`]) and float16 (F16C, nearest even) sees no NaN.

use crate::block::portable::ggml_f32::lookup::{e8m0_half, IQ4NL, KVALUES, UE4M3_HALF};
use crate::block::portable::ggml_f32::{f16, kquants, legacy, lookup};
use crate::kernels::x86_64::{bf16x16, f32_bf16, f32_f16};
use core::arch::x86_64::*;

/// Where and how a kernel writes its values.
pub trait Out {
    /// The bytes of an element.
    const BYTES: usize;
    /// Whether the stores stream past the caches (then the destination
    /// is 16-byte aligned).
    const STREAM: bool;
    /// Writes the 16 float32 values `a` then `b` (no NaN) at `o`.
    ///
    /// # Safety
    /// AVX2 and F16C; room for 16 elements at `o`, 16-byte aligned when
    /// streamed.
    unsafe fn put(o: *mut u8, a: __m256, b: __m256);
    /// Writes the float32 values `v` (any) at `o`, rounded as the
    /// conversion kernels round.
    ///
    /// # Safety
    /// AVX2 and F16C; room for `v.len()` elements at `o`.
    unsafe fn exact(o: *mut u8, v: &[f32]);
}

/// float32 elements.
pub struct F32<const S: bool>;
/// bfloat16 elements.
pub struct Bf16<const S: bool>;
/// float16 elements.
pub struct F16<const S: bool>;

/// Writes 32 bytes at `p`, as two streamed halves when `S`.
///
/// Safety: AVX2; 32 bytes of room at p, 16-byte aligned when `S`.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store<const S: bool>(p: *mut u8, v: __m256i) {
    // Safety: as the caller's.
    unsafe {
        if S {
            _mm_stream_si128(p.cast(), _mm256_castsi256_si128(v));
            _mm_stream_si128(p.add(16).cast(), _mm256_extracti128_si256::<1>(v));
        } else {
            _mm256_storeu_si256(p.cast(), v);
        }
    }
}

impl<const S: bool> Out for F32<S> {
    const BYTES: usize = 4;
    const STREAM: bool = S;
    #[inline(always)]
    unsafe fn put(o: *mut u8, a: __m256, b: __m256) {
        // Safety: as the caller's: 64 bytes.
        unsafe {
            store::<S>(o, _mm256_castps_si256(a));
            store::<S>(o.add(32), _mm256_castps_si256(b));
        }
    }
    #[inline(always)]
    unsafe fn exact(o: *mut u8, v: &[f32]) {
        // Safety: room for v's values at o.
        unsafe { core::ptr::copy_nonoverlapping(v.as_ptr().cast(), o, 4 * v.len()) }
    }
}

impl<const S: bool> Out for Bf16<S> {
    const BYTES: usize = 2;
    const STREAM: bool = S;
    #[inline(always)]
    unsafe fn put(o: *mut u8, a: __m256, b: __m256) {
        // Safety: as the caller's: 32 bytes; no NaN.
        unsafe {
            let v = bf16x16::<false>(_mm256_castps_si256(a), _mm256_castps_si256(b));
            store::<S>(o, v);
        }
    }
    #[inline(always)]
    unsafe fn exact(o: *mut u8, v: &[f32]) {
        // Safety: AVX2 (the caller's); v's values, room for them at o.
        unsafe { f32_bf16::<false>(o, v.as_ptr().cast(), v.len()) }
    }
}

impl<const S: bool> Out for F16<S> {
    const BYTES: usize = 2;
    const STREAM: bool = S;
    #[inline(always)]
    unsafe fn put(o: *mut u8, a: __m256, b: __m256) {
        // Safety: as the caller's: 32 bytes; F16C.
        unsafe {
            let lo = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(a);
            let hi = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(b);
            store::<S>(o, _mm256_set_m128i(hi, lo));
        }
    }
    #[inline(always)]
    unsafe fn exact(o: *mut u8, v: &[f32]) {
        // Safety: AVX2 and F16C (the caller's); v's values, room at o.
        unsafe { f32_f16(o, v.as_ptr().cast(), v.len()) }
    }
}

/// A block type: its bytes and values, and its kernel.
pub trait Kind {
    const BYTES: usize;
    const VALUES: usize;
    /// Writes the values of the block at `b` at `o`.
    ///
    /// # Safety
    /// AVX2 and F16C; `b` holds the block's bytes; room for its values
    /// at `o` (16-byte aligned when `O` streams).
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8);
}

/// The 8 bytes at `p`, unsigned, as eight int32.
///
/// Safety: AVX2; 8 bytes at p.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn u8x8(p: *const u8) -> __m256i {
    // Safety: as the caller's.
    unsafe { _mm256_cvtepu8_epi32(_mm_loadl_epi64(p.cast())) }
}

/// The low 8 bytes of `v`, signed, as float32.
#[target_feature(enable = "avx2")]
#[inline]
fn i8x8(v: __m128i) -> __m256 {
    _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(v))
}

/// int32 lanes as float32 (exactly: all are small).
#[target_feature(enable = "avx2")]
#[inline]
fn ps(v: __m256i) -> __m256 {
    _mm256_cvtepi32_ps(v)
}

/// `v >> n` on each int32 lane.
#[target_feature(enable = "avx2")]
#[inline]
fn shr(v: __m256i, n: i32) -> __m256i {
    _mm256_srl_epi32(v, _mm_cvtsi32_si128(n))
}

/// The block at `b`, of `B` bytes and `N` values, by the portable
/// function `f`, rounded into `O`.
///
/// Safety: AVX2 and F16C; `b` holds the block; room for N values at o.
#[target_feature(enable = "avx2,f16c")]
#[inline(never)]
#[cold]
unsafe fn exact<O: Out, const B: usize, const N: usize>(
    b: *const u8,
    o: *mut u8,
    f: fn(&[u8; B], &mut [f32; N]),
) {
    let mut v = [0f32; N];
    // Safety: b holds B bytes.
    f(unsafe { &*b.cast::<[u8; B]>() }, &mut v);
    // Safety: room for N values at o.
    unsafe { O::exact(o, &v) }
}

/// The 16 int8 table values of the nibbles of the 16 bytes `x`, low
/// nibbles then high ones.
#[target_feature(enable = "avx2")]
#[inline]
fn looked_up(table: __m128i, x: __m128i) -> (__m128i, __m128i) {
    let m = _mm_set1_epi8(0x0f);
    (
        _mm_shuffle_epi8(table, _mm_and_si128(x, m)),
        _mm_shuffle_epi8(table, _mm_and_si128(_mm_srli_epi16::<4>(x), m)),
    )
}

/// The 16 int8 `v` as float32, each times `d` (`d × v`, as the portable
/// code multiplies), written at `o`.
///
/// Safety: AVX2 and F16C; room for 16 elements at o.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn put_scaled<O: Out>(o: *mut u8, d: __m256, v: __m128i) {
    let a = _mm256_mul_ps(d, i8x8(v));
    let b = _mm256_mul_ps(d, i8x8(_mm_srli_si128::<8>(v)));
    // Safety: as the caller's.
    unsafe { O::put(o, a, b) }
}

/// Whether the float16 at `b` is finite.
///
/// Safety: two bytes at b.
#[inline(always)]
unsafe fn finite16(b: *const u8) -> bool {
    // Safety: as the caller's.
    unsafe { *b.add(1) & 0x7c != 0x7c }
}

/// The float16 at `b`, widened as `f16` widens it.
///
/// Safety: two bytes at b.
#[inline(always)]
unsafe fn half(b: *const u8) -> f32 {
    // Safety: as the caller's.
    unsafe { f16(*b, *b.add(1)) }
}

pub struct Q8_0;
pub struct Q4K;
pub struct Q5K;
pub struct Q6K;
pub struct Iq4Xs;
pub struct Mxfp4;
pub struct Nvfp4;

impl Kind for Q8_0 {
    const BYTES: usize = 34;
    const VALUES: usize = 32;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety (all): the block's 34 bytes; room for 32 values at o.
        unsafe {
            if !finite16(b) {
                return exact::<O, 34, 32>(b, o, legacy::q8_0);
            }
            let d = _mm256_set1_ps(half(b));
            for h in 0..2 {
                let v = _mm_loadu_si128(b.add(2 + 16 * h).cast());
                // q × d.
                let x = _mm256_mul_ps(i8x8(v), d);
                let y = _mm256_mul_ps(i8x8(_mm_srli_si128::<8>(v)), d);
                O::put(o.add(O::BYTES * 16 * h), x, y);
            }
        }
    }
}

/// Q4_K's and Q5_K's sixteen values from `j` of sub-blocks `g` and
/// `g + 1`: the codes `q0`, `q1` (eight each, the low nibbles sub-block
/// g's, the high ones g + 1's) and fifth bits `f0`, `f1` (16 where set,
/// from bits g, g + 1 of `h0`, `h1` when `Q5`), (d × scale) × q − (dmin × min).
///
/// Safety: AVX2 and F16C; room for the values at o.
#[target_feature(enable = "avx2,f16c")]
#[inline]
#[allow(clippy::too_many_arguments)]
unsafe fn k_pair<O: Out, const Q5: bool>(
    o: *mut u8,
    g: usize,
    j: usize,
    dl: [__m256; 2],
    ml: [__m256; 2],
    q: [__m256i; 2],
    h: [__m256i; 2],
) {
    let (m, sixteen) = (_mm256_set1_epi32(0xf), _mm256_set1_epi32(16));
    for s in 0..2 {
        let codes = |v: __m256i, hv: __m256i| {
            let c = if s == 0 {
                _mm256_and_si256(v, m)
            } else {
                _mm256_srli_epi32::<4>(v)
            };
            if Q5 {
                // Bit g + s of the byte, at bit 4 (hv is the byte << 4).
                _mm256_or_si256(c, _mm256_and_si256(shr(hv, (g + s) as i32), sixteen))
            } else {
                c
            }
        };
        let a = _mm256_sub_ps(_mm256_mul_ps(dl[s], ps(codes(q[0], h[0]))), ml[s]);
        let b = _mm256_sub_ps(_mm256_mul_ps(dl[s], ps(codes(q[1], h[1]))), ml[s]);
        // Safety: as the caller's.
        unsafe { O::put(o.add(O::BYTES * (32 * (g + s) + j)), a, b) }
    }
}

/// Q4_K (`Q5` false) and Q5_K blocks at `b`.
///
/// Safety: AVX2 and F16C; the block's bytes at b; room for 256 values
/// at o.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn k45<O: Out, const Q5: bool>(b: *const u8, o: *mut u8) {
    // Safety (all): within the block's 144 or 176 bytes; room at o.
    unsafe {
        if !(finite16(b) && finite16(b.add(2))) {
            return if Q5 {
                exact::<O, 176, 256>(b, o, kquants::q5_k)
            } else {
                exact::<O, 144, 256>(b, o, kquants::q4_k)
            };
        }
        let (d, dmin) = (half(b), half(b.add(2)));
        let (sc, mn) = kquants::scale_min(&*b.add(4).cast::<[u8; 12]>());
        let qs = b.add(if Q5 { 48 } else { 16 });
        if Q5 {
            return q5_bytes::<O>(b, o, d, dmin, &sc, &mn);
        }
        let mut hv = [[_mm256_setzero_si256(); 2]; 2];
        if Q5 {
            for (m, hv) in hv.iter_mut().enumerate() {
                for (t, v) in hv.iter_mut().enumerate() {
                    *v = _mm256_slli_epi32::<4>(u8x8(b.add(16 + 16 * m + 8 * t)));
                }
            }
        }
        for k in 0..4 {
            let g = 2 * k;
            let dl = [
                _mm256_set1_ps(d * f32::from(sc[g])),
                _mm256_set1_ps(d * f32::from(sc[g + 1])),
            ];
            let ml = [
                _mm256_set1_ps(dmin * f32::from(mn[g])),
                _mm256_set1_ps(dmin * f32::from(mn[g + 1])),
            ];
            for (m, hv) in hv.iter().enumerate() {
                let j = 16 * m;
                let q = [u8x8(qs.add(32 * k + j)), u8x8(qs.add(32 * k + j + 8))];
                k_pair::<O, Q5>(o, g, j, dl, ml, q, *hv);
            }
        }
    }
}

/// The 32 codes `v` (bytes) as float32, (dl × q) − ml, written at `o`.
///
/// Safety: AVX2 and F16C; room for 32 elements at o.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn put_k32<O: Out>(o: *mut u8, dl: __m256, ml: __m256, v: __m256i) {
    let f = |x: __m128i| _mm256_sub_ps(_mm256_mul_ps(dl, ps(_mm256_cvtepu8_epi32(x))), ml);
    let (lo, hi) = (_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
    // Safety: as the caller's.
    unsafe {
        O::put(o, f(lo), f(_mm_srli_si128::<8>(lo)));
        O::put(o.add(O::BYTES * 16), f(hi), f(_mm_srli_si128::<8>(hi)));
    }
}

/// A Q5_K block of finite `d` and `dmin` and the scales and minimums
/// `sc`, `mn` at `b`, its codes made as bytes, 32 at a time.
///
/// Safety: AVX2 and F16C; the block's 176 bytes at b; room for 256
/// values at o.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn q5_bytes<O: Out>(
    b: *const u8,
    o: *mut u8,
    d: f32,
    dmin: f32,
    sc: &[u8; 8],
    mn: &[u8; 8],
) {
    // Safety (all): within the block's 176 bytes; room at o.
    unsafe {
        let (m, one) = (_mm256_set1_epi8(0xf), _mm256_set1_epi8(1));
        let qh = _mm256_loadu_si256(b.add(16).cast());
        for k in 0..4 {
            let x = _mm256_loadu_si256(b.add(48 + 32 * k).cast());
            let nib = [
                _mm256_and_si256(x, m),
                _mm256_and_si256(_mm256_srli_epi16::<4>(x), m),
            ];
            for (t, nib) in nib.into_iter().enumerate() {
                let g = 2 * k + t;
                // Bit g of each byte of qh (a 16-bit shift, the byte
                // above's bits masked off), at bit 4.
                let f = _mm256_and_si256(_mm256_srl_epi16(qh, _mm_cvtsi32_si128(g as i32)), one);
                let q = _mm256_or_si256(nib, _mm256_slli_epi16::<4>(f));
                let dl = _mm256_set1_ps(d * f32::from(sc[g]));
                let ml = _mm256_set1_ps(dmin * f32::from(mn[g]));
                put_k32::<O>(o.add(O::BYTES * 32 * g), dl, ml, q);
            }
        }
    }
}

impl Kind for Q4K {
    const BYTES: usize = 144;
    const VALUES: usize = 256;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety: as the caller's.
        unsafe { k45::<O, false>(b, o) }
    }
}

impl Kind for Q5K {
    const BYTES: usize = 176;
    const VALUES: usize = 256;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety: as the caller's.
        unsafe { k45::<O, true>(b, o) }
    }
}

/// The 32 int8 `v` as float32, each times `d0` (the first 16) or `d1`
/// (`d × v`, as the portable code multiplies), written at `o`.
///
/// Safety: AVX2 and F16C; room for 32 elements at o.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn put_scaled32<O: Out>(o: *mut u8, d0: __m256, d1: __m256, v: __m256i) {
    // Safety: as the caller's.
    unsafe {
        put_scaled::<O>(o, d0, _mm256_castsi256_si128(v));
        put_scaled::<O>(o.add(O::BYTES * 16), d1, _mm256_extracti128_si256::<1>(v));
    }
}

impl Kind for Q6K {
    const BYTES: usize = 210;
    const VALUES: usize = 256;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety (all): within the block's 210 bytes; room at o.
        unsafe {
            if !finite16(b.add(208)) {
                return exact::<O, 210, 256>(b, o, kquants::q6_k);
            }
            let d = half(b.add(208));
            let (m, three, x32) = (
                _mm256_set1_epi8(0xf),
                _mm256_set1_epi8(3),
                _mm256_set1_epi8(32),
            );
            for c in 0..2 {
                // Bytes 64c.. and 64c + 32.. of ql, 32c.. of qh: the codes
                // of elements 128c + 32s + j, j < 32, as bytes, less 32.
                let ql = [
                    _mm256_loadu_si256(b.add(64 * c).cast()),
                    _mm256_loadu_si256(b.add(64 * c + 32).cast()),
                ];
                let qh = _mm256_loadu_si256(b.add(128 + 32 * c).cast());
                for s in 0..4 {
                    let l = ql[s % 2];
                    let lo = if s < 2 {
                        _mm256_and_si256(l, m)
                    } else {
                        _mm256_and_si256(_mm256_srli_epi16::<4>(l), m)
                    };
                    // Bits 2s, 2s + 1 of each byte (a 16-bit shift, the
                    // bits of the byte above masked off), at bits 4, 5.
                    let cnt = _mm_cvtsi32_si128(2 * s as i32);
                    let hi = _mm256_and_si256(_mm256_srl_epi16(qh, cnt), three);
                    let q = _mm256_or_si256(lo, _mm256_slli_epi16::<4>(hi));
                    let q = _mm256_sub_epi8(q, x32);
                    let e0 = 128 * c + 32 * s;
                    let dl =
                        |h: usize| _mm256_set1_ps(d * f32::from(*b.add(192 + e0 / 16 + h) as i8));
                    put_scaled32::<O>(o.add(O::BYTES * e0), dl(0), dl(1), q);
                }
            }
        }
    }
}

impl Kind for Iq4Xs {
    const BYTES: usize = 136;
    const VALUES: usize = 256;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety (all): within the block's 136 bytes; room at o.
        unsafe {
            if !finite16(b) {
                return exact::<O, 136, 256>(b, o, lookup::iq4_xs);
            }
            let d = half(b);
            let sh = u16::from_le_bytes([*b.add(2), *b.add(3)]);
            let table = _mm_loadu_si128(IQ4NL.as_ptr().cast());
            for g in 0..8 {
                let lo = (*b.add(4 + g / 2) >> (4 * (g % 2))) & 0xf;
                let hi = ((sh >> (2 * g)) & 3) as u8;
                let dl = _mm256_set1_ps(d * f32::from(((lo | (hi << 4)) as i8) - 32));
                let (l, h) = looked_up(table, _mm_loadu_si128(b.add(8 + 16 * g).cast()));
                put_scaled::<O>(o.add(O::BYTES * 32 * g), dl, l);
                put_scaled::<O>(o.add(O::BYTES * (32 * g + 16)), dl, h);
            }
        }
    }
}

impl Kind for Mxfp4 {
    const BYTES: usize = 17;
    const VALUES: usize = 32;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety (all): the block's 17 bytes; room for 32 values at o.
        unsafe {
            let d = _mm256_set1_ps(e8m0_half(*b));
            let table = _mm_loadu_si128(KVALUES.as_ptr().cast());
            let (l, h) = looked_up(table, _mm_loadu_si128(b.add(1).cast()));
            put_scaled::<O>(o, d, l);
            put_scaled::<O>(o.add(O::BYTES * 16), d, h);
        }
    }
}

impl Kind for Nvfp4 {
    const BYTES: usize = 36;
    const VALUES: usize = 64;
    #[inline(always)]
    unsafe fn block<O: Out>(b: *const u8, o: *mut u8) {
        // Safety (all): the block's 36 bytes; room for 64 values at o.
        unsafe {
            let table = _mm_loadu_si128(KVALUES.as_ptr().cast());
            let m = _mm_set1_epi8(0x0f);
            for s in 0..4 {
                let d = _mm256_set1_ps(UE4M3_HALF[usize::from(*b.add(s))]);
                let x = _mm_loadl_epi64(b.add(4 + 8 * s).cast());
                // Element j the low nibble of byte j, 8 + j its high one.
                let idx = _mm_unpacklo_epi64(
                    _mm_and_si128(x, m),
                    _mm_and_si128(_mm_srli_epi16::<4>(x), m),
                );
                put_scaled::<O>(o.add(O::BYTES * 16 * s), d, _mm_shuffle_epi8(table, idx));
            }
        }
    }
}

/// Dequantizes the `blocks` blocks of `K` at `src` into `O` at `dst`.
///
/// Safety: AVX2 and F16C; `src` holds the blocks; room for their values
/// at `dst`, 16-byte aligned when `O` streams.
#[target_feature(enable = "avx2,f16c")]
unsafe fn run<K: Kind, O: Out>(src: *const u8, blocks: usize, dst: *mut u8) {
    for i in 0..blocks {
        // Safety: block i and room for its values (a multiple of 16, so
        // that each block's output stays 16-byte aligned).
        unsafe { K::block::<O>(src.add(K::BYTES * i), dst.add(O::BYTES * K::VALUES * i)) };
    }
    if O::STREAM {
        _mm_sfence();
    }
}

/// The element types the kernels write.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dst {
    Float32,
    Bfloat16,
    Float16,
}

/// Whether the ggml type `id` has a kernel here.
pub fn has(id: u32) -> bool {
    matches!(id, 8 | 12 | 13 | 14 | 23 | 39 | 40)
}

/// Dequantizes the `blocks` blocks of the ggml type `id` at `src` into
/// `dst`, elements of `d`, streaming the stores when `stream`: false,
/// with nothing written, for a type without a kernel ([`has`]).
///
/// # Safety
/// AVX2 and F16C; `src` holds the blocks; room for their values at
/// `dst`, 16-byte aligned when `stream`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn dequantize(
    id: u32,
    d: Dst,
    src: *const u8,
    blocks: usize,
    dst: *mut u8,
    stream: bool,
) -> bool {
    macro_rules! on {
        ($k:ty) => {
            // Safety (every arm): as the caller's.
            unsafe {
                match (d, stream) {
                    (Dst::Float32, false) => run::<$k, F32<false>>(src, blocks, dst),
                    (Dst::Float32, true) => run::<$k, F32<true>>(src, blocks, dst),
                    (Dst::Bfloat16, false) => run::<$k, Bf16<false>>(src, blocks, dst),
                    (Dst::Bfloat16, true) => run::<$k, Bf16<true>>(src, blocks, dst),
                    (Dst::Float16, false) => run::<$k, F16<false>>(src, blocks, dst),
                    (Dst::Float16, true) => run::<$k, F16<true>>(src, blocks, dst),
                }
            }
        };
    }
    match id {
        8 => on!(Q8_0),
        12 => on!(Q4K),
        13 => on!(Q5K),
        14 => on!(Q6K),
        23 => on!(Iq4Xs),
        39 => on!(Mxfp4),
        40 => on!(Nvfp4),
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::portable::ggml_f32::{self, of_id};
    use crate::facts::{BFLOAT16, FLOAT16, FLOAT32};
    use crate::kernels::{find_on, hardware, Path};
    use crate::testing::Xorshift;

    /// The types with kernels here.
    const IDS: [u32; 7] = [8, 12, 13, 14, 23, 39, 40];

    /// test/gguf/dequantize.txt's blocks of type `id` (gen_dequantize.py):
    /// all zero bytes, all 0xff, then the splitmix64 stream seeded with
    /// the id, each word's bytes little-endian: 4096 blocks.
    fn vectors(id: u32, size: usize) -> Vec<u8> {
        let mut v = vec![0u8; size];
        v.extend(std::iter::repeat_n(0xffu8, size));
        let mut s = u64::from(id);
        while v.len() < 4096 * size {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            v.extend((z ^ (z >> 31)).to_le_bytes());
        }
        v.truncate(4096 * size);
        v
    }

    /// Where the float16 scales of type `id`'s blocks lie.
    fn scales(id: u32) -> &'static [usize] {
        match id {
            8 | 23 => &[0],
            12 | 13 => &[0, 2],
            14 => &[208],
            _ => &[],
        }
    }

    /// Random blocks, most of their float16 scales ones of interest:
    /// zeros, subnormals, the largest, infinities, NaNs of several
    /// payloads, signaling and quiet, of both signs.
    fn random(id: u32, size: usize, rng: &mut Xorshift) -> Vec<u8> {
        let special = [
            0x0000u16, 0x8000, 0x0001, 0x83ff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfd01,
            0x7c01, 0xfe3f, 0x3c00, 0x2400,
        ];
        let mut v: Vec<u8> = (0..2048 * size).map(|_| rng.next_u64() as u8).collect();
        for (b, blk) in v.chunks_mut(size).enumerate() {
            for (k, &o) in scales(id).iter().enumerate() {
                if (b + k) % 3 != 2 {
                    let h = special[(b * 7 + k * 3) % special.len()];
                    blk[o..o + 2].copy_from_slice(&h.to_le_bytes());
                }
            }
        }
        v
    }

    /// The portable path's bytes: float32, then the portable conversion
    /// kernel into `code`.
    fn portable(id: u32, src: &[u8], code: u8) -> Vec<u8> {
        let ty = of_id(id).unwrap();
        let mut f = vec![0f32; src.len() / ty.bytes * ty.block];
        ggml_f32::dequantize(id, src, &mut f).unwrap();
        let bytes: Vec<u8> = f.iter().flat_map(|x| x.to_le_bytes()).collect();
        match find_on(code, FLOAT32, Path::Portable, false) {
            None => bytes,
            Some(k) => {
                let mut out = vec![0u8; 2 * f.len()];
                // Safety: f's values; room for them in out.
                unsafe { k(out.as_mut_ptr(), bytes.as_ptr(), f.len()) };
                out
            }
        }
    }

    /// The kernels' bytes, at every 16-byte offset of 0 to 48 and
    /// streamed or not, against the portable ones, the bytes around them
    /// untouched.
    fn check(id: u32, src: &[u8], what: &str) {
        let ty = of_id(id).unwrap();
        let blocks = src.len() / ty.bytes;
        for (code, d) in [
            (FLOAT32, Dst::Float32),
            (BFLOAT16, Dst::Bfloat16),
            (FLOAT16, Dst::Float16),
        ] {
            let want = portable(id, src, code);
            for stream in [false, true] {
                for off in [0, 16, 48] {
                    let mut out = vec![0xa5u8; want.len() + 128];
                    // 64-byte aligned storage, then off.
                    let base = out.as_mut_ptr().align_offset(64);
                    assert!(base + off + want.len() <= out.len());
                    // Safety: AVX2 and F16C (hardware()); src's blocks;
                    // room for their values at base + off, 16-byte
                    // aligned.
                    let ok = unsafe {
                        dequantize(
                            id,
                            d,
                            src.as_ptr(),
                            blocks,
                            out.as_mut_ptr().add(base + off),
                            stream,
                        )
                    };
                    assert!(ok);
                    let got = &out[base + off..base + off + want.len()];
                    if got != want.as_slice() {
                        let i = got.iter().zip(&want).position(|(a, b)| a != b).unwrap();
                        panic!(
                            "{} {what} into {d:?}, stream {stream}, offset {off}: byte {i}",
                            ty.name
                        );
                    }
                    assert!(
                        out[..base + off].iter().all(|&b| b == 0xa5),
                        "{} before",
                        ty.name
                    );
                    assert!(
                        out[base + off + want.len()..].iter().all(|&b| b == 0xa5),
                        "{} after",
                        ty.name
                    );
                }
            }
        }
    }

    #[test]
    fn kernels_are_the_portable_path() {
        if !hardware() {
            return;
        }
        let mut rng = Xorshift::new(0x1319_8a2e_0370_7344);
        for id in IDS {
            let size = of_id(id).unwrap().bytes;
            check(id, &vectors(id, size), "dequantize.txt's blocks");
            for _ in 0..4 {
                check(id, &random(id, size, &mut rng), "random blocks");
            }
        }
    }

    /// Every type, through the dispatcher, into every dtype: the portable
    /// bytes (those without kernels take the scratch path), and refusals.
    #[test]
    fn dispatched_types_are_the_portable_path() {
        use crate::block::dispatch::ggml_types_into;
        use crate::block::portable::ggml_f32::Refusal;
        for ty in ggml_f32::TYPES {
            // Blocks past one scratch (4096 values), and a part one.
            let src = vectors(ty.id, ty.bytes)[..(8192 / ty.block + 3) * ty.bytes].to_vec();
            for code in [FLOAT32, BFLOAT16, FLOAT16] {
                let want = portable(ty.id, &src, code);
                for fresh in [false, true] {
                    let mut got = vec![0u8; want.len()];
                    assert_eq!(ggml_types_into(ty.id, &src, code, &mut got, fresh), Ok(()));
                    assert!(got == want, "{} into {code}", ty.name);
                }
                let mut short = vec![0u8; want.len() - 2];
                let r = ggml_types_into(ty.id, &src, code, &mut short, false);
                assert_eq!(r, Err(Refusal::Lengths));
                assert!(short.iter().all(|&b| b == 0));
            }
            let mut d = vec![0u8; src.len() / ty.bytes * ty.block];
            assert_eq!(
                ggml_types_into(ty.id, &src, crate::facts::FLOAT64, &mut d, false),
                Err(Refusal::Dtype)
            );
        }
    }
}
