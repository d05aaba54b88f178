//! The fast path of OCP MX's byte elements (MXFP8's E4M3 and E5M2,
//! MXFP6's E2M3 and E3M2, MXINT8's integers) into float32 and bfloat16,
//! with AVX2 and F16C: eight values a vector.
//!
//! Each element becomes a float16 by moving its bits (E5M2 is float16's
//! top byte; the others' fields fit float16's, read 2^8, 2^14 or 2^12
//! times too small), float16 becomes float32 exactly, and a product by a
//! power of two corrects it; MXINT8's integers convert directly. A
//! block's values are then its elements times 2^k, exact in float32
//! when every product is normal and finite, so into float32 they are
//! the exact values and into bfloat16 they are rounded once, to nearest,
//! ties to even, as the Stores rule asks. The other blocks (E8M0's NaN,
//! a scale whose products leave float32's normal range, an element that
//! is a NaN or an infinity) go through the portable loop's arithmetic,
//! value by value.

use super::ggml_q::{float8, store32};
use crate::block::formats::{e8m0, Element, Scale};
use crate::block::io::Sink;
use crate::block::portable::dequantize::{block_exact, values};
use crate::block::portable::fp4::Dest;
use crate::block::scheme::Facts;
use crate::format::pow2;
use core::arch::x86_64::*;

/// A block's elements, one byte each.
const BLOCK: usize = 32;

/// The eight float32 values of the bytes at `p`, before the power of
/// two that corrects them: MXINT8's integers when `INT8`, else float16
/// bits ((b & `FIELD`) << `SHIFT`) with the sign bit `SIGN` moved to bit
/// 15 (by `TO_TOP`).
///
/// Safety: AVX2 and F16C; 8 bytes at p.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn eight<
    const INT8: bool,
    const FIELD: i16,
    const SHIFT: i32,
    const SIGN: i16,
    const TO_TOP: i32,
>(
    p: *const u8,
) -> __m256 {
    // Safety: 8 bytes.
    let b = unsafe { _mm_loadl_epi64(p.cast()) };
    if INT8 {
        return float8(b);
    }
    let w = _mm_cvtepu8_epi16(b);
    let mag = _mm_slli_epi16::<SHIFT>(_mm_and_si128(w, _mm_set1_epi16(FIELD)));
    let sign = _mm_slli_epi16::<TO_TOP>(_mm_and_si128(w, _mm_set1_epi16(SIGN)));
    _mm256_cvtph_ps(_mm_or_si128(mag, sign))
}

/// Dequantizes `n` elements of OCP MX blocks (`f` their scheme's facts)
/// into `D` (whose layout is `dest`); false, with nothing written, for
/// elements that are not bytes.
///
/// # Safety
/// AVX2 and F16C; `n` is a multiple of 32; `elements` and `scales` hold
/// the blocks; `dst` has room for `n` elements of `D`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn dequantize<D: Sink>(
    f: &Facts,
    dest: Dest,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    dst: *mut u8,
) -> bool {
    let stream = dest.streams(n) && dst as usize % 16 == 0;
    // Safety: as the caller's; 16-byte aligned when streamed.
    unsafe { dequantize_on::<D>(f, dest, elements, scales, n, dst, stream) }
}

/// As [`dequantize`], the stores streamed when `stream`.
///
/// # Safety
/// As [`dequantize`]; `dst` is 16-byte aligned when `stream`.
#[target_feature(enable = "avx2,f16c")]
unsafe fn dequantize_on<D: Sink>(
    f: &Facts,
    dest: Dest,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    dst: *mut u8,
    stream: bool,
) -> bool {
    debug_assert!(f.block == BLOCK && f.scale == Scale::E8m0);
    // Safety (every arm): as the caller's. The power of two makes up for
    // the float16 exponent's bias (15 against the element's) and MXINT8's
    // 2^-6.
    unsafe {
        match f.element {
            Element::Float8E5m2 => {
                by::<D, false, 0x7f, 8, 0x80, 8>(f, 0, dest, elements, scales, n, dst, stream)
            }
            Element::Float8E4m3fn => {
                by::<D, false, 0x7f, 7, 0x80, 8>(f, 8, dest, elements, scales, n, dst, stream)
            }
            Element::Float6E2m3fn => {
                by::<D, false, 0x1f, 7, 0x20, 10>(f, 14, dest, elements, scales, n, dst, stream)
            }
            Element::Float6E3m2fn => {
                by::<D, false, 0x1f, 8, 0x20, 10>(f, 12, dest, elements, scales, n, dst, stream)
            }
            Element::Int8Scaled => {
                by::<D, true, 0, 0, 0, 0>(f, -6, dest, elements, scales, n, dst, stream)
            }
            _ => return false,
        }
    }
    true
}

/// As [`dequantize`], the elements read as [`eight`] says, times
/// 2^`power`, the stores streamed when `stream`.
///
/// # Safety
/// As [`dequantize`]; `dst` is 16-byte aligned when `stream`.
#[allow(clippy::too_many_arguments)]
#[target_feature(enable = "avx2,f16c")]
unsafe fn by<
    D: Sink,
    const INT8: bool,
    const FIELD: i16,
    const SHIFT: i32,
    const SIGN: i16,
    const TO_TOP: i32,
>(
    f: &Facts,
    power: i32,
    dest: Dest,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    dst: *mut u8,
    stream: bool,
) {
    let e = f.element;
    // The scale bytes whose products are all normal and finite: the
    // least positive element and the largest times 2^k.
    let (least, most) = (e.decode(1), e.max_finite());
    let fast: [bool; 256] = core::array::from_fn(|s| {
        let s = s as u8;
        s != e8m0::NAN && {
            let x = e8m0::decode(s);
            least * x >= pow2(-126) && most * x < pow2(128)
        }
    });
    let first = _mm256_set1_ps(pow2(power) as f32);
    // The bits of the elements that are NaNs or infinities, all of them
    // set: E4M3's 0x7F and E5M2's top exponent; the others have none.
    let special = match e {
        Element::Float8E4m3fn => Some(_mm256_set1_epi8(0x7f)),
        Element::Float8E5m2 => Some(_mm256_set1_epi8(0x7c)),
        _ => None,
    };
    let mut table = None;
    for b in 0..n / BLOCK {
        // Safety: block b's bytes and scale exist; its values have room
        // at dst (16-byte aligned when streamed: each block's output is a
        // multiple of 16 bytes).
        unsafe {
            let p = elements.add(BLOCK * b);
            let s = *scales.add(b);
            let o = dst.add(BLOCK * b * dest.bytes());
            // (Not a closure: it would not have AVX2.)
            let odd = match special {
                Some(m) => {
                    let v = _mm256_and_si256(_mm256_loadu_si256(p.cast()), m);
                    _mm256_movemask_epi8(_mm256_cmpeq_epi8(v, m)) != 0
                }
                None => false,
            };
            if !fast[usize::from(s)] || odd {
                let t = table.get_or_insert_with(|| values(e));
                block_exact::<D>(t, f, p, e8m0::decode(s), dst, BLOCK * b);
                continue;
            }
            let k = _mm256_set1_ps(e8m0::decode(s) as f32);
            let mut v = [_mm256_setzero_ps(); 4];
            for (j, v) in v.iter_mut().enumerate() {
                let x = eight::<INT8, FIELD, SHIFT, SIGN, TO_TOP>(p.add(8 * j));
                *v = _mm256_mul_ps(_mm256_mul_ps(x, first), k);
            }
            store32(o, v, dest, stream);
        }
    }
    if stream {
        _mm_sfence();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::io;
    use crate::block::scheme::Scheme;
    use crate::block::testing::at_offsets;
    use crate::kernels::hardware;

    /// Every element byte under every scale byte: blocks 8s to 8s + 7
    /// hold the 256 bytes in order under the scale byte s.
    fn every_code() -> (Vec<u8>, Vec<u8>) {
        let elements = (0..256 * 8 * BLOCK).map(|i| (i % 256) as u8).collect();
        let scales = (0..256 * 8).map(|b| (b / 8) as u8).collect();
        (elements, scales)
    }

    /// The fast path's output of the blocks into `D` at byte offsets from
    /// 0 to 63, streamed or not, against the portable arithmetic's, with
    /// the bytes around untouched.
    fn check<D: Sink>(f: &Facts, dest: Dest, elements: &[u8], scales: &[u8]) {
        let n = elements.len();
        let bytes = n * dest.bytes();
        let table = values(f.element);
        let mut want = vec![0u8; bytes];
        for (b, &s) in scales.iter().enumerate() {
            // Safety: block b's bytes; room for its values.
            unsafe {
                let p = elements.as_ptr().add(BLOCK * b);
                block_exact::<D>(&table, f, p, e8m0::decode(s), want.as_mut_ptr(), BLOCK * b)
            };
        }
        let write = |p: *mut u8, stream: bool| {
            // Streamed only where aligned, as `dequantize` does.
            let stream = stream && p as usize % 16 == 0;
            // Safety: AVX2 and F16C (hardware()); room for n values at p,
            // aligned when streamed.
            unsafe {
                let (e, s) = (elements.as_ptr(), scales.as_ptr());
                assert!(dequantize_on::<D>(f, dest, e, s, n, p, stream));
            }
        };
        let what = |i: usize| {
            let v = i / dest.bytes();
            let (b, s) = (elements[v], scales[v / BLOCK]);
            format!(
                "{:?} {dest:?}: value {v} (byte {b:#x}, scale {s:#x})",
                f.element
            )
        };
        at_offsets(7, &want, write, what);
    }

    #[test]
    fn fast_blocks_are_the_portable_ones() {
        if !hardware() {
            return;
        }
        let (elements, scales) = every_code();
        for scheme in Scheme::ALL {
            let f = scheme.facts();
            if f.scale != Scale::E8m0 || f.element == Element::Float4E2m1fn {
                continue;
            }
            check::<io::Float32>(&f, Dest::Float32, &elements, &scales);
            check::<io::Bfloat16>(&f, Dest::Bfloat16, &elements, &scales);
        }
    }
}
