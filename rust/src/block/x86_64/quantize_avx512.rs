//! The AVX-512 twins of `quantize_avx2`'s loops for OCP MX's float
//! elements, NVFP4 and ggml's NVFP4: 16 values a vector, by the same
//! arithmetic (so the same bits; the tests hold both to the portable
//! loops). A block's scale is chosen by the same scalar code.
//!
//! What AVX-512 saves over AVX2 besides the width: the subnormal
//! elements are a masked add, not a second conversion and a blend; an
//! E2M1 bound passed is a masked add; the codes become bytes by
//! `vpmovdb`, and two E2M1 codes one byte by a 64-bit shift and
//! `vpmovqb`.
//!
//! Only compilers that have these intrinsics build this module (the cfg
//! `nx_avx512` of `build.rs`).
#![allow(clippy::incompatible_msrv)]

use super::quantize_avx2::MxOut;
use crate::block::formats::{e8m0, Element};
use crate::block::io::Source;
use crate::block::policy::Policy;
use crate::block::portable::float32::INF;
use crate::block::portable::float32_nvfp4::{E2m1Bounds, Nvfp4Tables};
use crate::block::portable::quantize::{E4M3_MIN, E4M3_NAN};
use crate::facts;
use core::arch::x86_64::*;

/// 16 values of `S` from element `i`, as float32 bits.
///
/// # Safety
/// AVX-512 F; `src` holds the 16 values; `S` is a source float32 holds.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn load16<S: Source>(src: *const u8, i: usize) -> __m512i {
    debug_assert!(S::F32);
    // Safety (every arm): as the caller's; 64 or 32 bytes.
    unsafe {
        match S::CODE {
            facts::FLOAT32 => _mm512_loadu_si512(src.add(4 * i).cast()),
            facts::BFLOAT16 => _mm512_slli_epi32::<16>(_mm512_cvtepu16_epi32(_mm256_loadu_si256(
                src.add(2 * i).cast(),
            ))),
            _ => _mm512_castps_si512(_mm512_cvtph_ps(_mm256_loadu_si256(src.add(2 * i).cast()))),
        }
    }
}

/// The constants of [`element_codes`] for a format of `e` exponent and
/// `f` fraction bits, made once per call.
#[derive(Clone, Copy)]
struct Consts {
    abs: __m512i,
    max: __m512,
    /// The float32 biased exponent of the format's least normal value.
    least_field: __m512i,
    shift: __m512i,
    /// The least normal value, and its bits.
    least: __m512,
    least_bits: __m512i,
    /// The bits of half the least normal value: a normal code is
    /// (bits − this) >> shift.
    normal_base: __m512i,
    /// The distance from the sign bit to the code's sign.
    sign_shift: __m512i,
}

impl Consts {
    /// Safety: AVX-512 F.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn new(e: u32, f: u32, max: f32) -> Consts {
        let bias = (1i32 << (e - 1)) - 1;
        let m = (128 - bias) << 23;
        Consts {
            abs: _mm512_set1_epi32(i32::MAX),
            max: _mm512_set1_ps(max),
            least_field: _mm512_set1_epi32(128 - bias),
            shift: _mm512_set1_epi32(23 - f as i32),
            least: _mm512_castsi512_ps(_mm512_set1_epi32(m)),
            least_bits: _mm512_set1_epi32(m),
            normal_base: _mm512_set1_epi32((127 - bias) << 23),
            sign_shift: _mm512_set1_epi32(31 - (e + f) as i32),
        }
    }
}

/// The codes of `y`, as `quantize_avx2::element_codes` gives them, |y|
/// clamped to the format's largest value.
///
/// Safety: AVX-512 F.
#[target_feature(enable = "avx512f")]
#[inline]
fn element_codes(y: __m512, k: &Consts) -> __m512i {
    let b = _mm512_castps_si512(y);
    let a = _mm512_min_ps(_mm512_castsi512_ps(_mm512_and_si512(b, k.abs)), k.max);
    // a rounded to the format's unit in its binade (the least normal
    // one's below it): a + c − c, c that unit × 2^23.
    let field = _mm512_srli_epi32::<23>(_mm512_castps_si512(a));
    let c = _mm512_castsi512_ps(_mm512_slli_epi32::<23>(_mm512_add_epi32(
        _mm512_max_epi32(field, k.least_field),
        k.shift,
    )));
    let r = _mm512_sub_ps(_mm512_add_ps(a, c), c);
    // Below the least normal value, r + least has r's units in its
    // fraction, exactly.
    let below = _mm512_cmp_ps_mask::<_CMP_LT_OQ>(r, k.least);
    let r = _mm512_mask_add_ps(r, below, r, k.least);
    let base = _mm512_mask_mov_epi32(k.normal_base, below, k.least_bits);
    let mag = _mm512_srlv_epi32(_mm512_sub_epi32(_mm512_castps_si512(r), base), k.shift);
    let sign = _mm512_srlv_epi32(_mm512_andnot_si512(k.abs, b), k.sign_shift);
    _mm512_or_si512(mag, sign)
}

/// Quantizes `n` values of `S` into OCP MX blocks of elements `E`, `F`
/// (`elem`), as `quantize_avx2::quantize_mx` does.
///
/// # Safety
/// AVX-512 F and BW, AVX2 and F16C; as `quantize::quantize_split` or
/// `ggml::quantize_ggml`.
#[target_feature(enable = "avx512f,avx512bw,avx2,f16c")]
pub unsafe fn quantize_mx<S: Source, const E: u32, const F: u32>(
    elem: Element,
    policy: Policy,
    src: *const u8,
    n: usize,
    out: MxOut,
) {
    let bytes = 32 * elem.stored_bits() as usize / 8;
    let k = Consts::new(E, F, elem.max_finite() as f32);
    for b in 0..n / 32 {
        // Safety: block b is within the n values, its bytes within the
        // destinations.
        unsafe {
            let v = [load16::<S>(src, 32 * b), load16::<S>(src, 32 * b + 16)];
            let m = _mm512_max_epu32(_mm512_and_si512(v[0], k.abs), _mm512_and_si512(v[1], k.abs));
            let a = _mm512_reduce_max_epu32(m);
            let (s, c) = if a >= INF {
                (e8m0::NAN, [_mm512_setzero_si512(); 2])
            } else {
                let x = policy.exponent32(a, elem);
                let inv = _mm512_set1_ps(crate::format::pow2(-x) as f32);
                let mut c = v;
                for c in c.iter_mut() {
                    *c = element_codes(_mm512_mul_ps(_mm512_castsi512_ps(*c), inv), &k);
                }
                (e8m0::of_exponent(x), c)
            };
            match out {
                MxOut::Split(elements, scales) => {
                    *scales.add(b) = s;
                    let o = elements.add(b * bytes);
                    if bytes == 16 {
                        // Codes 2j and 2j + 1 in the low byte of a
                        // 64-bit lane, the first in the low nibble.
                        let lo = _mm512_or_si512(c[0], _mm512_srli_epi64::<28>(c[0]));
                        let hi = _mm512_or_si512(c[1], _mm512_srli_epi64::<28>(c[1]));
                        let (lo, hi) = (_mm512_cvtepi64_epi8(lo), _mm512_cvtepi64_epi8(hi));
                        _mm_storeu_si128(o.cast(), _mm_unpacklo_epi64(lo, hi));
                    } else {
                        _mm_storeu_si128(o.cast(), _mm512_cvtepi32_epi8(c[0]));
                        _mm_storeu_si128(o.add(16).cast(), _mm512_cvtepi32_epi8(c[1]));
                    }
                }
                MxOut::Ggml(out) => {
                    let o = out.add(17 * b);
                    *o = s;
                    // Byte j holds codes j and j + 16.
                    let c = _mm512_or_si512(c[0], _mm512_slli_epi32::<4>(c[1]));
                    _mm_storeu_si128(o.add(1).cast(), _mm512_cvtepi32_epi8(c));
                }
            }
        }
    }
}

/// The largest of the magnitudes' bits `m` (signs cleared).
///
/// Safety: AVX-512 F.
#[target_feature(enable = "avx512f")]
#[inline]
fn amax(m: __m512i) -> u32 {
    _mm512_reduce_max_epu32(m)
}

/// The E2M1 codes of the 16 values `x` under the bounds `l`, as
/// `float32_nvfp4::e2m1_codes`: the sign, and the number of bounds the
/// magnitude passes.
///
/// Safety: AVX-512 F.
#[target_feature(enable = "avx512f")]
#[inline]
fn e2m1(x: __m512i, l: &E2m1Bounds) -> __m512i {
    let a = _mm512_and_si512(x, _mm512_set1_epi32(i32::MAX));
    let one = _mm512_set1_epi32(1);
    let mut n = _mm512_srli_epi32::<28>(_mm512_andnot_si512(_mm512_set1_epi32(i32::MAX), x));
    for &t in &l[..7] {
        let passed = _mm512_cmpgt_epi32_mask(a, _mm512_set1_epi32(t));
        n = _mm512_mask_add_epi32(n, passed, n, one);
    }
    n
}

/// Quantizes `n` values of `S` into NVFP4's elements and scales under
/// the tables `t`, as `quantize_avx2::split_nvfp4` does.
///
/// # Safety
/// AVX-512 F and BW, AVX2 and F16C; as `quantize::quantize_split`.
#[target_feature(enable = "avx512f,avx512bw,avx2,f16c")]
pub unsafe fn split_nvfp4<S: Source>(
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let abs = _mm512_set1_epi32(i32::MAX);
    // Four blocks at a time, their scales first: the chain from a block's
    // values to its scale, then to its bounds, is long, and four of them
    // side by side keep the processor busy.
    let mut b = 0;
    while b < n / 16 {
        let k = (n / 16 - b).min(4);
        // Safety: blocks b to b + k are within the n values, their bytes
        // within the destinations.
        unsafe {
            let mut v = [_mm512_setzero_si512(); 4];
            let mut s = [0usize; 4];
            for j in 0..k {
                v[j] = load16::<S>(src, 16 * (b + j));
                let a = amax(_mm512_and_si512(v[j], abs));
                s[j] = if a >= INF {
                    v[j] = _mm512_setzero_si512();
                    usize::from(E4M3_NAN)
                } else {
                    t.scales.code(a).max(usize::from(E4M3_MIN))
                };
            }
            for j in 0..k {
                *scales.add(b + j) = s[j] as u8;
                let c = if s[j] == usize::from(E4M3_NAN) {
                    v[j]
                } else {
                    e2m1(v[j], &t.elements[s[j]])
                };
                // Codes 2i and 2i + 1 in byte i, the first in the low
                // nibble.
                let c = _mm512_or_si512(c, _mm512_srli_epi64::<28>(c));
                _mm_storel_epi64(elements.add(8 * (b + j)).cast(), _mm512_cvtepi64_epi8(c));
            }
        }
        b += k;
    }
}

/// Quantizes `n` values of `S` into ggml's NVFP4 blocks under the tables
/// `t`; the index of a refused value (a NaN or an infinity), else None;
/// as `quantize_avx2::ggml_nvfp4` does.
///
/// # Safety
/// AVX-512 F and BW, AVX2 and F16C; as `ggml::quantize_ggml`.
#[target_feature(enable = "avx512f,avx512bw,avx2,f16c")]
pub unsafe fn ggml_nvfp4<S: Source>(
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    let abs = _mm512_set1_epi32(i32::MAX);
    for b in 0..n / 64 {
        // Safety: block b is within the n values, its 36 bytes within out.
        unsafe {
            let mut v = [_mm512_setzero_si512(); 4];
            let mut m = [0u32; 4];
            for k in 0..4 {
                v[k] = load16::<S>(src, 64 * b + 16 * k);
                m[k] = amax(_mm512_and_si512(v[k], abs));
            }
            if m.iter().any(|&m| m >= INF) {
                let bad = (0..64).find(|&j| !S::load32(src, 64 * b + j).is_finite());
                return Some(64 * b + bad.unwrap_or(0));
            }
            let o = out.add(36 * b);
            for k in 0..4 {
                let s = t.scales.code(m[k]);
                *o.add(k) = s as u8;
                // Byte j holds codes j and j + 8.
                let c = _mm512_cvtepi32_epi8(e2m1(v[k], &t.elements[s]));
                let c = _mm_or_si128(c, _mm_slli_epi16::<4>(_mm_srli_si128::<8>(c)));
                _mm_storel_epi64(o.add(4 + 8 * k).cast(), c);
            }
        }
    }
    None
}
