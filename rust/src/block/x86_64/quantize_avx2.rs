//! The AVX2 twins of the float32 loops (`portable/float32*.rs`) for OCP MX's float
//! elements, NVFP4 and ggml's four schemes: the same arithmetic, eight
//! values at a time, giving the same bits (the tests compare them, on
//! blocks at every rounding boundary). A block's scale is chosen by the
//! same scalar code; the values are read straight from the source and
//! the codes packed straight into the destination.

use crate::block::formats::{e8m0, Element};
use crate::block::io::Source;
use crate::block::policy::Policy;
use crate::block::portable::float32::{q4_0_scale, q8_0_scale, F16_NAN, INF};
use crate::block::portable::float32_nvfp4::{E2m1Bounds, Nvfp4Tables};
use crate::block::portable::quantize::{E4M3_MIN, E4M3_NAN};
use crate::facts;
use core::arch::x86_64::*;

/// 8 values of `S` from element `i`, as float32 bits.
///
/// # Safety
/// AVX2 and F16C; `src` holds the 8 values; `S` is a source float32
/// holds.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn load8<S: Source>(src: *const u8, i: usize) -> __m256i {
    debug_assert!(S::F32);
    // Safety (every arm): as the caller's; 32 or 16 bytes.
    unsafe {
        match S::CODE {
            facts::FLOAT32 => _mm256_loadu_si256(src.add(4 * i).cast()),
            facts::BFLOAT16 => _mm256_slli_epi32::<16>(_mm256_cvtepu16_epi32(_mm_loadu_si128(
                src.add(2 * i).cast(),
            ))),
            _ => _mm256_castps_si256(_mm256_cvtph_ps(_mm_loadu_si128(src.add(2 * i).cast()))),
        }
    }
}

/// `K` vectors of the values of `S` from element `i`.
///
/// # Safety
/// As [`load8`], for 8K values.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn load<S: Source, const K: usize>(src: *const u8, i: usize) -> [__m256i; K] {
    let mut v = [_mm256_setzero_si256(); K];
    for (j, v) in v.iter_mut().enumerate() {
        // Safety: as the caller's.
        *v = unsafe { load8::<S>(src, i + 8 * j) };
    }
    v
}

/// The largest magnitude's bits of the vectors `v`, as
/// `float32::amax_bits`.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn amax_bits(v: &[__m256i]) -> u32 {
    let abs = _mm256_set1_epi32(i32::MAX);
    let mut m = _mm256_setzero_si256();
    for &x in v {
        m = _mm256_max_epu32(m, _mm256_and_si256(x, abs));
    }
    let m = _mm_max_epu32(_mm256_castsi256_si128(m), _mm256_extracti128_si256::<1>(m));
    let m = _mm_max_epu32(m, _mm_shuffle_epi32::<0b01_00_11_10>(m));
    let m = _mm_max_epu32(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
    _mm_cvtsi128_si32(m) as u32
}

/// The 16 codes of `c0` then `c1` (each below 256) as bytes, in order.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn bytes16(c0: __m256i, c1: __m256i) -> __m128i {
    // 16-bit lanes [c0 0..4, c1 0..4 | c0 4..8, c1 4..8], put in order.
    let w = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packus_epi32(c0, c1));
    _mm_packus_epi16(_mm256_castsi256_si128(w), _mm256_extracti128_si256::<1>(w))
}

/// The 16 integers of `c0` then `c1` (each in −128..=127) as two's
/// complement bytes, in order.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn signed_bytes16(c0: __m256i, c1: __m256i) -> __m128i {
    let w = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi32(c0, c1));
    _mm_packs_epi16(_mm256_castsi256_si128(w), _mm256_extracti128_si256::<1>(w))
}

/// 16 codes (each below 16) as bytes, two to a byte, the lower-indexed
/// in the low nibble (torch's layout, `quantize::pack_split`'s): 8
/// bytes, in the low half.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn adjacent(b: __m128i) -> __m128i {
    let t = _mm_or_si128(
        _mm_and_si128(b, _mm_set1_epi16(0x0f)),
        _mm_and_si128(_mm_srli_epi16::<4>(b), _mm_set1_epi16(0xf0)),
    );
    _mm_packus_epi16(t, t)
}

/// The codes of `y`, as `float32::element_code` gives them, of a
/// format of `e` exponent and `f` fraction bits (no infinity reached),
/// |y| clamped to `max`.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn element_codes(y: __m256, e: u32, f: u32, max: __m256) -> __m256i {
    let bias = (1i32 << (e - 1)) - 1;
    let shift = _mm256_set1_epi32(23 - f as i32);
    let b = _mm256_castps_si256(y);
    let a = _mm256_min_ps(
        _mm256_castsi256_ps(_mm256_and_si256(b, _mm256_set1_epi32(i32::MAX))),
        max,
    );
    let field = _mm256_srli_epi32::<23>(_mm256_castps_si256(a));
    let c = _mm256_castsi256_ps(_mm256_slli_epi32::<23>(_mm256_add_epi32(
        _mm256_max_epi32(field, _mm256_set1_epi32(128 - bias)),
        shift,
    )));
    let r = _mm256_sub_ps(_mm256_add_ps(a, c), c);
    let m = (128 - bias) << 23;
    let mf = _mm256_castsi256_ps(_mm256_set1_epi32(m));
    let normal = _mm256_srlv_epi32(
        _mm256_sub_epi32(
            _mm256_castps_si256(r),
            _mm256_set1_epi32((127 - bias) << 23),
        ),
        shift,
    );
    let subnormal = _mm256_srlv_epi32(
        _mm256_sub_epi32(
            _mm256_castps_si256(_mm256_add_ps(r, mf)),
            _mm256_set1_epi32(m),
        ),
        shift,
    );
    let below = _mm256_castps_si256(_mm256_cmp_ps::<_CMP_LT_OQ>(r, mf));
    let mag = _mm256_blendv_epi8(normal, subnormal, below);
    let sign = _mm256_sllv_epi32(
        _mm256_srli_epi32::<31>(b),
        _mm256_set1_epi32((e + f) as i32),
    );
    _mm256_or_si256(mag, sign)
}

/// The bounds `l` broadcast.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn broadcast(l: &E2m1Bounds) -> [__m256i; 7] {
    let mut t = [_mm256_setzero_si256(); 7];
    for (t, &l) in t.iter_mut().zip(l) {
        *t = _mm256_set1_epi32(l);
    }
    t
}

/// The E2M1 codes of the values `x` under the bounds `t`, as
/// `float32_nvfp4::e2m1_codes`.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn e2m1(x: __m256i, t: &[__m256i; 7]) -> __m256i {
    let a = _mm256_and_si256(x, _mm256_set1_epi32(i32::MAX));
    // Each bound passed adds −1: the count is the sum's negation.
    let mut n = _mm256_setzero_si256();
    for &t in t {
        n = _mm256_add_epi32(n, _mm256_cmpgt_epi32(a, t));
    }
    _mm256_sub_epi32(_mm256_slli_epi32::<3>(_mm256_srli_epi32::<31>(x)), n)
}

/// A block of 16 values under NVFP4's or ggml's tables: the scale's
/// encoding (before any clamp) and the codes, as `float32_nvfp4`'s.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn e2m1_block(v: &[__m256i; 2], a: u32, min: usize, t: &Nvfp4Tables) -> (u8, __m128i) {
    let s = t.scales.code(a).max(min);
    let l = broadcast(&t.elements[s]);
    (s as u8, bytes16(e2m1(v[0], &l), e2m1(v[1], &l)))
}

/// Where OCP MX blocks go.
#[derive(Clone, Copy)]
pub enum MxOut {
    /// The split layout: elements, then scales.
    Split(*mut u8, *mut u8),
    /// ggml's MXFP4 blocks.
    Ggml(*mut u8),
}

/// Quantizes `n` values of `S` into OCP MX blocks of elements `E`, `F`
/// (`elem`), as `float32_loops::split` and `float32_loops::ggml` do; `E` = 0
/// for MXINT8, whose elements are the integers nearest x × 2^-k × 64 (a
/// product exact in float32), ties to even by the conversion's default
/// rounding, clamped to ±127.
///
/// # Safety
/// AVX2 and F16C; as `quantize::quantize_split` or
/// `ggml::quantize_ggml`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn quantize_mx<S: Source, const E: u32, const F: u32>(
    elem: Element,
    policy: Policy,
    src: *const u8,
    n: usize,
    out: MxOut,
) {
    let bytes = 32 * elem.stored_bits() as usize / 8;
    let max = _mm256_set1_ps(elem.max_finite() as f32);
    // MXINT8's bounds.
    let (least, most) = (_mm256_set1_ps(-127.0), _mm256_set1_ps(127.0));
    let sixty_four = _mm256_set1_ps(64.0);
    for b in 0..n / 32 {
        // Safety: block b is within the n values, its bytes within the
        // destinations.
        unsafe {
            // The block's scale and codes, as `float32::mx_block`
            // (written out here, not called: a function called from
            // several of these loops is not inlined, and a call costs
            // more than its work).
            let mut v = load::<S, 4>(src, 32 * b);
            let a = amax_bits(&v);
            let s = if a >= INF {
                v = [_mm256_setzero_si256(); 4];
                e8m0::NAN
            } else {
                let k = policy.exponent32(a, elem);
                let inv = _mm256_set1_ps(crate::format::pow2(-k) as f32);
                for v in v.iter_mut() {
                    let y = _mm256_mul_ps(_mm256_castsi256_ps(*v), inv);
                    *v = if E == 0 {
                        let y = _mm256_mul_ps(y, sixty_four);
                        _mm256_cvtps_epi32(_mm256_min_ps(_mm256_max_ps(y, least), most))
                    } else {
                        element_codes(y, E, F, max)
                    };
                }
                e8m0::of_exponent(k)
            };
            let (lo, hi) = if E == 0 {
                (signed_bytes16(v[0], v[1]), signed_bytes16(v[2], v[3]))
            } else {
                (bytes16(v[0], v[1]), bytes16(v[2], v[3]))
            };
            match out {
                MxOut::Split(elements, scales) => {
                    *scales.add(b) = s;
                    let o = elements.add(b * bytes);
                    if bytes == 16 {
                        let v = _mm_unpacklo_epi64(adjacent(lo), adjacent(hi));
                        _mm_storeu_si128(o.cast(), v);
                    } else {
                        _mm_storeu_si128(o.cast(), lo);
                        _mm_storeu_si128(o.add(16).cast(), hi);
                    }
                }
                MxOut::Ggml(out) => {
                    let o = out.add(17 * b);
                    *o = s;
                    // Byte j holds codes j and j + 16.
                    let v = _mm_or_si128(lo, _mm_slli_epi16::<4>(hi));
                    _mm_storeu_si128(o.add(1).cast(), v);
                }
            }
        }
    }
}

/// Quantizes `n` values of `S` into NVFP4's elements and scales under
/// the tables `t`, as `float32_loops::split` does.
///
/// # Safety
/// AVX2 and F16C; as `quantize::quantize_split`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn split_nvfp4<S: Source>(
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    for b in 0..n / 16 {
        // Safety: block b is within the n values, its bytes within the
        // destinations.
        unsafe {
            let v = load::<S, 2>(src, 16 * b);
            let a = amax_bits(&v);
            let (s, c) = if a >= INF {
                (E4M3_NAN, _mm_setzero_si128())
            } else {
                e2m1_block(&v, a, usize::from(E4M3_MIN), t)
            };
            *scales.add(b) = s;
            _mm_storel_epi64(elements.add(8 * b).cast(), adjacent(c));
        }
    }
}

/// Quantizes `n` values of `S` into ggml's NVFP4 blocks under the tables
/// `t`; the index of a refused value (a NaN or an infinity), else None;
/// as `float32_loops::ggml` does.
///
/// # Safety
/// AVX2 and F16C; as `ggml::quantize_ggml`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn ggml_nvfp4<S: Source>(
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    for b in 0..n / 64 {
        // Safety: block b is within the n values, its 36 bytes within out.
        unsafe {
            let v = load::<S, 8>(src, 64 * b);
            if amax_bits(&v) >= INF {
                let bad = (0..64).find(|&j| !S::load32(src, 64 * b + j).is_finite());
                return Some(64 * b + bad.unwrap_or(0));
            }
            let o = out.add(36 * b);
            for k in 0..4 {
                let sub = [v[2 * k], v[2 * k + 1]];
                let (s, c) = e2m1_block(&sub, amax_bits(&sub), 0, t);
                *o.add(k) = s;
                // Byte j holds codes j and j + 8.
                let c = _mm_or_si128(c, _mm_slli_epi16::<4>(_mm_srli_si128::<8>(c)));
                _mm_storel_epi64(o.add(4 + 8 * k).cast(), c);
            }
        }
    }
    None
}

/// The integers nearest the values `x` over `d`, as
/// `float32::nearest_integers` gives them (the same operations, eight
/// at a time), as integers.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
fn nearest(x: __m256i, d: f32, negate: bool, lo: f32, hi: f32, offset: f32) -> __m256i {
    let flip = _mm256_set1_epi32(if negate { i32::MIN } else { 0 });
    let x = _mm256_castsi256_ps(_mm256_xor_si256(x, flip));
    let (dv, inv) = (_mm256_set1_ps(d), _mm256_set1_ps(1.0 / d));
    let c =
        _mm256_round_ps::<{ _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC }>(_mm256_mul_ps(x, inv));
    let c = _mm256_min_ps(
        _mm256_max_ps(c, _mm256_set1_ps(-256.0)),
        _mm256_set1_ps(256.0),
    );
    // c's parity: the low bit of 1.5 × 2^23 + c, whose unit is 1, as a
    // mask.
    let odd = _mm256_slli_epi32::<31>(_mm256_castps_si256(_mm256_add_ps(
        c,
        _mm256_set1_ps(12_582_912.0),
    )));
    let odd = _mm256_castsi256_ps(_mm256_srai_epi32::<31>(odd));
    let half = _mm256_set1_ps(0.5);
    let up = _mm256_mul_ps(_mm256_add_ps(c, half), dv);
    let down = _mm256_mul_ps(_mm256_sub_ps(c, half), dv);
    let inc = _mm256_or_ps(
        _mm256_cmp_ps::<_CMP_GT_OQ>(x, up),
        _mm256_and_ps(_mm256_cmp_ps::<_CMP_EQ_OQ>(x, up), odd),
    );
    let dec = _mm256_or_ps(
        _mm256_cmp_ps::<_CMP_LT_OQ>(x, down),
        _mm256_and_ps(_mm256_cmp_ps::<_CMP_EQ_OQ>(x, down), odd),
    );
    let one = _mm256_set1_ps(1.0);
    let v = _mm256_sub_ps(
        _mm256_add_ps(c, _mm256_and_ps(inc, one)),
        _mm256_and_ps(dec, one),
    );
    let v = _mm256_min_ps(_mm256_max_ps(v, _mm256_set1_ps(lo)), _mm256_set1_ps(hi));
    _mm256_cvtps_epi32(_mm256_add_ps(v, _mm256_set1_ps(offset)))
}

/// Quantizes `n` values of `S` into ggml's Q4_0 blocks (`q4`) or Q8_0
/// blocks, as `float32_loops::ggml` does.
///
/// # Safety
/// AVX2 and F16C; as `ggml::quantize_ggml`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn quantize_q<S: Source>(q4: bool, src: *const u8, n: usize, out: *mut u8) {
    let size = if q4 { 18 } else { 34 };
    for b in 0..n / 32 {
        // Safety: block b is within the n values, its bytes within out.
        unsafe {
            let v = load::<S, 4>(src, 32 * b);
            let a = amax_bits(&v);
            let (s, d) = if a >= INF {
                (F16_NAN, 0.0)
            } else if q4 {
                // The first value whose magnitude is a.
                let abs = _mm256_set1_epi32(i32::MAX);
                let mut mask = 0u32;
                for (k, &x) in v.iter().enumerate() {
                    let eq =
                        _mm256_cmpeq_epi32(_mm256_and_si256(x, abs), _mm256_set1_epi32(a as i32));
                    mask |= (_mm256_movemask_ps(_mm256_castsi256_ps(eq)) as u32) << (8 * k);
                }
                q4_0_scale(S::load32(src, 32 * b + mask.trailing_zeros() as usize % 32))
            } else {
                q8_0_scale(a)
            };
            let o = out.add(size * b);
            core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
            let (negate, lo, hi, offset) = if q4 {
                (d < 0.0, -8.0, 7.0, 8.0)
            } else {
                (false, -127.0, 127.0, 0.0)
            };
            let mut c = [_mm256_set1_epi32(offset as i32); 4];
            if d != 0.0 {
                for (c, &x) in c.iter_mut().zip(&v) {
                    *c = nearest(x, d.abs(), negate, lo, hi, offset);
                }
            }
            let (l, h) = (signed_bytes16(c[0], c[1]), signed_bytes16(c[2], c[3]));
            if q4 {
                // Byte j holds codes j and j + 16.
                _mm_storeu_si128(o.add(2).cast(), _mm_or_si128(l, _mm_slli_epi16::<4>(h)));
            } else {
                _mm_storeu_si128(o.add(2).cast(), l);
                _mm_storeu_si128(o.add(18).cast(), h);
            }
        }
    }
}
