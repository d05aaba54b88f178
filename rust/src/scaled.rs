//! Scaled float8 elements: rows of float8_e4m3fn values `e`, each block
//! of `cb` columns with its scale `s` (a float64 that holds it exactly),
//! stored as `e * s` rounded once into a float dtype, nearest even (the
//! Stores rule). This is how FP8 checkpoints store a weight (DeepSeek-V3's
//! `weight` and `weight_scale_inv`, compressed-tensors' and ModelOpt's
//! channel and tensor scales): `Nx_array.Quantized` calls it for them.
//!
//! The product of an E4M3 value (4 significant bits) and a scale of at
//! most 24 is exact in float64, and lies in its normal range; so rounding
//! it into the destination is the one rounding. The portable path forms
//! the products in float64, a run of them at a time, and stores them by
//! the bulk conversion ([`Conversion::run`]). Into bfloat16 with AVX2,
//! F16C and FMA, sixteen at a time: each byte becomes the float16 of its
//! value times 2^-8 (F16C widens it exactly), times `s * 2^8` in float32
//! with the product's exact error beside it (a fused multiply-add), the
//! two rounded to bfloat16 on the bits as one (see `round8`); a group
//! with a product outside float32's normal range that is not a zero (a
//! NaN, a subnormal, one near overflow) takes the portable path.

use crate::convert::{storage, Conversion, Overflow};
use crate::facts::{BFLOAT16, FLOAT16, FLOAT32, FLOAT64};
use crate::format::Rounding;
use crate::kernels::{self, E4M3_TO_F32};

/// Why a call is refused: nothing is written.
#[derive(Debug, PartialEq, Eq)]
pub struct Refused;

/// The float dtypes a product is stored into.
const DESTINATIONS: [u8; 4] = [FLOAT64, FLOAT32, FLOAT16, BFLOAT16];

/// Stores `e * s` for every element `e` of the rows of `src` (`cols` a
/// row) into `dst` (elements of dtype `dst_code`, little-endian), the
/// scale of column `c` being `scales[c / cb]` in every row: refused, with
/// nothing written, for a destination that is not float64, float32,
/// float16 or bfloat16, `cols` or `cb` of 0, a `src` that is not whole
/// rows, a `dst` that is not their elements' bytes, or fewer scales than
/// a row's blocks.
pub fn e4m3_rows(
    dst_code: u8,
    dst: &mut [u8],
    src: &[u8],
    scales: &[f64],
    cols: usize,
    cb: usize,
) -> Result<(), Refused> {
    if !DESTINATIONS.contains(&dst_code) || cols == 0 || cb == 0 || src.len() % cols != 0 {
        return Err(Refused);
    }
    let width = match dst_code {
        FLOAT64 => 8,
        FLOAT32 => 4,
        _ => 2,
    };
    if dst.len() != src.len() * width || scales.len() < cols.div_ceil(cb) {
        return Err(Refused);
    }
    let (Some(d), Some(f64s)) = (storage(dst_code.into()), storage(FLOAT64.into())) else {
        return Err(Refused);
    };
    let c = Conversion {
        dst: d,
        src: f64s,
        rounding: Rounding::NearestEven,
        overflow: Overflow::Stores,
        swap_src: false,
        swap_dst: false,
        fresh_dst: false,
    };
    #[cfg(target_arch = "x86_64")]
    let hw =
        dst_code == BFLOAT16 && kernels::hardware() && std::arch::is_x86_feature_detected!("fma");
    #[cfg(not(target_arch = "x86_64"))]
    let hw = false;
    for (row, out) in src
        .chunks_exact(cols)
        .zip(dst.chunks_exact_mut(cols * width))
    {
        for (b, s) in scales.iter().enumerate().take(cols.div_ceil(cb)) {
            let (c0, c1) = (b * cb, ((b + 1) * cb).min(cols));
            let (e, o) = (&row[c0..c1], &mut out[c0 * width..c1 * width]);
            #[cfg(target_arch = "x86_64")]
            if hw {
                // Safety: hardware() said AVX2 and F16C; o holds e's
                // elements in bfloat16.
                unsafe { avx2::bf16(&c, o, e, *s) };
                continue;
            }
            let _ = hw;
            portable(&c, width, o, e, *s);
        }
    }
    Ok(())
}

/// The products of `e` and `s` into `o`, `width` bytes an element, by
/// way of float64, stored by `c` (from float64), a run of 64 at a time.
fn portable(c: &Conversion, width: usize, o: &mut [u8], e: &[u8], s: f64) {
    let mut run = [0f64; 64];
    for (e, o) in e.chunks(64).zip(o.chunks_mut(64 * width)) {
        for (x, &b) in run.iter_mut().zip(e) {
            *x = f64::from(f32::from_bits(E4M3_TO_F32[usize::from(b)])) * s;
        }
        // Safety: run holds e.len() float64 values and o room for their
        // elements in c's destination (width bytes each); no overlap.
        unsafe { c.run(o.as_mut_ptr(), run.as_ptr().cast(), e.len()) };
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{portable, Conversion};
    use core::arch::x86_64::*;

    /// Sixteen float8_e4m3fn bytes as the float16 of their values times
    /// 2^-8: the magnitude's bits at float16's exponent and fraction
    /// (subnormals included), the sign at bit 15; a NaN byte becomes a
    /// float16 NaN.
    #[inline(always)]
    unsafe fn halves(x: __m128i) -> __m256i {
        let w = _mm256_cvtepi8_epi16(x);
        let mag = _mm256_and_si256(w, _mm256_set1_epi16(0x7f));
        let nan = _mm256_cmpeq_epi16(mag, _mm256_set1_epi16(0x7f));
        let h = _mm256_and_si256(_mm256_slli_epi16::<7>(w), _mm256_set1_epi16(!0x4000));
        _mm256_or_si256(h, _mm256_and_si256(nan, _mm256_set1_epi16(0x4000)))
    }

    /// Eight products `f * k`, each of exact value `x`, rounded to
    /// bfloat16 on the bits, in the low 16 bits of their lanes; and the
    /// mask of the lanes this serves: `f` a zero, or `p`, float32's
    /// `f * k`, normal with an exponent field below 254.
    ///
    /// The float32 product `p` is `x` rounded once, and `e = f * k - p`
    /// (a fused multiply-add) is exact: `x` has at most 28 significant
    /// bits, so `e` at most 4 below `p`'s last. A bfloat16 midpoint is a
    /// float32, so none lies strictly between `x` and `p`: rounding `p`
    /// to nearest even rounds `x`, but where `p` is a midpoint and `x` is
    /// not (`e` nonzero). There `p`'s bits are moved one unit towards `x`
    /// first (up in magnitude if `e` has `p`'s sign, down if not), off
    /// the midpoint on `x`'s side. This holds in every rounding mode of
    /// the processor, as `p` is then still a neighbour of `x`.
    #[inline(always)]
    unsafe fn round8(f: __m256, k: __m256) -> (__m256i, __m256i) {
        let p = _mm256_mul_ps(f, k);
        let e = _mm256_castps_si256(_mm256_fmsub_ps(f, k, p));
        let b = _mm256_castps_si256(p);
        let magnitude = _mm256_set1_epi32(0x7fff_ffff);
        let a = _mm256_and_si256(b, magnitude);
        let normal = _mm256_and_si256(
            _mm256_cmpgt_epi32(a, _mm256_set1_epi32(0x007f_ffff)),
            _mm256_cmpgt_epi32(_mm256_set1_epi32(0x7f00_0000), a),
        );
        let fa = _mm256_and_si256(_mm256_castps_si256(f), magnitude);
        let zero = _mm256_cmpeq_epi32(fa, _mm256_setzero_si256());
        let tie = _mm256_cmpeq_epi32(
            _mm256_and_si256(b, _mm256_set1_epi32(0xffff)),
            _mm256_set1_epi32(0x8000),
        );
        let exact = _mm256_cmpeq_epi32(_mm256_and_si256(e, magnitude), _mm256_setzero_si256());
        // +1 where e has p's sign, -1 where not; then only at an inexact
        // midpoint.
        let step = _mm256_or_si256(
            _mm256_srai_epi32::<31>(_mm256_xor_si256(e, b)),
            _mm256_set1_epi32(1),
        );
        let b = _mm256_add_epi32(b, _mm256_andnot_si256(exact, _mm256_and_si256(tie, step)));
        let odd = _mm256_and_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(1));
        let bias = _mm256_add_epi32(_mm256_set1_epi32(0x7fff), odd);
        let r = _mm256_srli_epi32::<16>(_mm256_add_epi32(b, bias));
        (r, _mm256_or_si256(normal, zero))
    }

    /// The products of the bytes `e` and `s` into `o`, bfloat16; by `c`
    /// (from float64 into bfloat16) the groups this does not serve, and
    /// every group when `s * 2^8` is not a normal float32.
    ///
    /// Safety: AVX2, F16C and FMA; `o` holds `e.len()` bfloat16 elements.
    #[target_feature(enable = "avx2,f16c,fma")]
    pub(super) unsafe fn bf16(c: &Conversion, o: &mut [u8], e: &[u8], s: f64) {
        let k32 = (s * 256.0) as f32;
        if f64::from(k32) != s * 256.0 || !k32.is_normal() {
            return portable(c, 2, o, e, s);
        }
        let k = _mm256_set1_ps(k32);
        let n = e.len() / 16 * 16;
        let mut i = 0;
        while i < n {
            // Safety: sixteen bytes from i in e, 32 in o.
            unsafe {
                let h = halves(_mm_loadu_si128(e.as_ptr().add(i) as *const __m128i));
                let lo = _mm256_cvtph_ps(_mm256_castsi256_si128(h));
                let hi = _mm256_cvtph_ps(_mm256_extracti128_si256::<1>(h));
                let (r0, ok0) = round8(lo, k);
                let (r1, ok1) = round8(hi, k);
                let ok = _mm256_and_si256(ok0, ok1);
                if _mm256_movemask_ps(_mm256_castsi256_ps(ok)) != 0xff {
                    portable(c, 2, &mut o[2 * i..2 * i + 32], &e[i..i + 16], s);
                } else {
                    // packus works within 128-bit lanes: put them back in
                    // order.
                    let v = _mm256_permute4x64_epi64::<0b1101_1000>(_mm256_packus_epi32(r0, r1));
                    _mm256_storeu_si256(o.as_mut_ptr().add(2 * i) as *mut __m256i, v);
                }
            }
            i += 16;
        }
        portable(c, 2, &mut o[2 * i..], &e[i..], s);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::Xorshift;

    /// The product of every byte with each scale, stored one element at a
    /// time by the general conversion, against the rows' path and the
    /// portable one.
    #[test]
    fn products_agree_with_the_general_conversion() {
        let mut rng = Xorshift::new(0x51ed_270b_2f41_e5a3);
        // Every byte, in an order of its own in each row.
        let (rows, cols, cb) = (40, 300, 128);
        let src: Vec<u8> = (0..rows * cols).map(|_| rng.next_u64() as u8).collect();
        for dst_code in DESTINATIONS {
            // Scales of every size: near bfloat16's and float16's least
            // normals and overflows, halfway-prone, a zero, an infinity.
            let scales: Vec<f64> = [
                2f64.powi(-120),
                2f64.powi(-133),
                1e-7,
                0.000_123_456_7,
                1.0 + 2f64.powi(-20),
                3.0,
                2f64.powi(119),
                65504.0 / 448.0,
                0.0,
                f64::INFINITY,
            ]
            .into_iter()
            .chain(midpoint_scales())
            .map(|s| f64::from(s as f32))
            .collect();
            for s3 in scales.windows(3) {
                let width = match dst_code {
                    FLOAT64 => 8,
                    FLOAT32 => 4,
                    _ => 2,
                };
                let mut out = vec![0u8; rows * cols * width];
                e4m3_rows(dst_code, &mut out, &src, s3, cols, cb).unwrap();
                let mut want = vec![0u8; rows * cols * width];
                for (i, &b) in src.iter().enumerate() {
                    let v = f64::from(f32::from_bits(E4M3_TO_F32[usize::from(b)]))
                        * s3[(i % cols) / cb];
                    let c = Conversion {
                        dst: storage(dst_code.into()).unwrap(),
                        src: storage(FLOAT64.into()).unwrap(),
                        rounding: Rounding::NearestEven,
                        overflow: Overflow::Stores,
                        swap_src: false,
                        swap_dst: false,
                        fresh_dst: true,
                    };
                    let bits = v.to_le_bytes();
                    // Safety: one element each.
                    unsafe { c.run_general(want[i * width..].as_mut_ptr(), bits.as_ptr(), 1) };
                }
                assert!(out == want, "dst {dst_code}, scales {s3:?}");
            }
        }
    }

    /// Scales whose float32 products with some E4M3 values are bfloat16
    /// midpoints while the exact products are not, on both sides: a
    /// midpoint `m` over a value `d` of E4M3, rounded to float32.
    fn midpoint_scales() -> Vec<f64> {
        let mut out = Vec::new();
        for k in [1, 3, 5, 9, 33, 77] {
            let m = 1.0 + f64::from(k) * 2f64.powi(-8);
            for d in [3.0, 5.0, 7.0, 1.5 * 7.0 / 4.0, 2.75, 0.875 * 3.0] {
                out.push(f64::from((m / d) as f32));
            }
        }
        out
    }

    #[test]
    fn midpoints_are_met_on_both_sides() {
        // Without their exact error, the float32 products would round the
        // wrong way for some of these: the test's scales reach that case.
        let (mut up, mut down) = (0, 0);
        for s in midpoint_scales() {
            for b in 0..=255u8 {
                let e = f64::from(f32::from_bits(E4M3_TO_F32[usize::from(b)]));
                let x = e * s;
                let p = x as f32;
                if p.is_normal() && p.to_bits() & 0xffff == 0x8000 && f64::from(p) != x {
                    if x.abs() > f64::from(p).abs() {
                        up += 1
                    } else {
                        down += 1
                    }
                }
            }
        }
        assert!(up > 0 && down > 0, "up {up}, down {down}");
    }

    #[test]
    fn bad_calls_are_refused() {
        let src = [0u8; 6];
        let mut dst = [0u8; 12];
        let s = [1.0; 2];
        assert_eq!(e4m3_rows(BFLOAT16, &mut dst, &src, &s, 3, 2), Ok(()));
        assert_eq!(e4m3_rows(BFLOAT16, &mut dst, &src, &s, 4, 2), Err(Refused));
        assert_eq!(e4m3_rows(BFLOAT16, &mut dst, &src, &s, 0, 2), Err(Refused));
        assert_eq!(e4m3_rows(BFLOAT16, &mut dst, &src, &s, 3, 0), Err(Refused));
        assert_eq!(
            e4m3_rows(BFLOAT16, &mut dst, &src, &s[..1], 3, 2),
            Err(Refused)
        );
        assert_eq!(e4m3_rows(FLOAT32, &mut dst, &src, &s, 3, 2), Err(Refused));
        assert_eq!(e4m3_rows(200, &mut dst, &src, &s, 3, 2), Err(Refused));
    }
}
