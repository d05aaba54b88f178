//! The kernels with AVX2 and F16C: the portable loops compiled again with
//! those features, and the kernels written with their intrinsics (every
//! 16-bit pair, float16 to bfloat16, float64 to the 16-bit formats), which
//! stream their stores past the caches for outputs larger than they are. Those of the formats
//! of a byte or less, both ways, are in
//! [`small_x86`](super::small_x86), in the frame of [`in_blocks`].
//! Each has the name of its portable twin, which the dispatcher
//! ([`find`](super::find)) picks on other processors.

use super::portable;
use super::{Kernel, STREAM_BYTES};
use crate::format::binary32::INFINITY as F32_INF;
use crate::format::binary64::SIGN as F64_SIGN;
use core::arch::x86_64::*;

/// The portable loops, compiled with AVX2 and F16C.
macro_rules! recompiled {
    ($($name:ident),*) => {$(
        /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
        #[target_feature(enable = "avx2,f16c,fma")]
        pub unsafe fn $name(dst: *mut u8, src: *const u8, n: usize) {
            // Safety: as the caller's.
            unsafe { portable::inline::$name(dst, src, n) }
        }
    )*};
}

recompiled!(f64_f32, i32_f16, f32_f64, bf16_f64, f16_f64, e4m3_f64, e5m2_f64);

/// A kernel into float16 with F16C, `$name`: `$load` gives eight float32
/// from element `i` (rounded to odd from doubles where the source is
/// wider), which the processor rounds to float16, nearest even; the
/// elements that remain take the portable kernel of the same name.
macro_rules! f16c {
    ($name:ident, $sw:literal, $dw:literal, $load:expr) => {
        /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
        #[target_feature(enable = "avx2,f16c")]
        pub unsafe fn $name(dst: *mut u8, src: *const u8, n: usize) {
            let load = $load;
            let mut i = 0;
            while i + 8 <= n {
                // Safety: eight elements from i at both.
                unsafe {
                    let v: __m256 = load(src, i);
                    let h = _mm256_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(v);
                    _mm_storeu_si128(dst.add($dw * i) as *mut __m128i, h);
                }
                i += 8;
            }
            // Safety: the n - i elements that remain.
            unsafe { portable::$name(dst.add($dw * i), src.add($sw * i), n - i) }
        }
    };
}

f16c!(f32_f16, 4, 2, |src: *const u8, i| {
    // Safety: eight elements from i.
    unsafe { _mm256_loadu_ps(src.add(4 * i) as *const f32) }
});
f16c!(f64_f16, 8, 2, |src: *const u8, i| {
    // Safety: eight elements from i, in two groups of four.
    unsafe {
        let lo = odd4(_mm256_loadu_pd(src.add(8 * i) as *const f64));
        let hi = odd4(_mm256_loadu_pd(src.add(8 * (i + 4)) as *const f64));
        _mm256_castsi256_ps(_mm256_set_m128i(hi, lo))
    }
});

/// float64 to bfloat16 with AVX2, four doubles at a time, on the bits: in
/// bfloat16's normal range the result is the double's sign, exponent
/// (rebiased) and top 7 fraction bits rounded to nearest even at once;
/// a group of four with any other value (a zero, a subnormal result, an
/// overflow, an infinity, a NaN) takes the portable kernel.
mod f64_bf16_hw {
    use super::*;

    /// The double exponent field of bfloat16's least normal and of its
    /// overflow threshold's binade.
    const LEAST: i64 = 1023 - 126;
    const PAST: i64 = 1023 + 128;

    /// Four doubles rounded to bfloat16 on their bits, each in the low 16
    /// bits of its lane, and a mask of the lanes whose result is normal
    /// (with room for a carry), the only ones this rounding serves.
    #[inline(always)]
    unsafe fn round4(b: __m256i) -> (__m256i, __m256i) {
        let a = _mm256_and_si256(b, _mm256_set1_epi64x(!F64_SIGN as i64));
        let lo = _mm256_set1_epi64x((LEAST << 52) - 1);
        let hi = _mm256_set1_epi64x(PAST << 52);
        let ok = _mm256_and_si256(_mm256_cmpgt_epi64(a, lo), _mm256_cmpgt_epi64(hi, a));
        let odd = _mm256_and_si256(_mm256_srli_epi64::<45>(a), _mm256_set1_epi64x(1));
        let half = _mm256_add_epi64(_mm256_set1_epi64x((1 << 44) - 1), odd);
        let r = _mm256_srli_epi64::<45>(_mm256_add_epi64(a, half));
        let r = _mm256_sub_epi64(r, _mm256_set1_epi64x((1023 - 127) << 7));
        // A rounded value at 2^128 is exponent field 255: infinity.
        let sign = _mm256_slli_epi64::<15>(_mm256_srli_epi64::<63>(b));
        (_mm256_or_si256(r, sign), ok)
    }

    /// Safety: as [`Kernel`], on a processor with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn run<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
        // The 32-bit halves of the packed results back in order.
        let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
        let block = |i: usize, stream| {
            // Safety: sixteen elements from i at both.
            unsafe {
                let p = src.add(8 * i) as *const __m256i;
                let (r0, ok0) = round4(_mm256_loadu_si256(p));
                let (r1, ok1) = round4(_mm256_loadu_si256(p.add(1)));
                let (r2, ok2) = round4(_mm256_loadu_si256(p.add(2)));
                let (r3, ok3) = round4(_mm256_loadu_si256(p.add(3)));
                let ok = _mm256_and_si256(_mm256_and_si256(ok0, ok1), _mm256_and_si256(ok2, ok3));
                if _mm256_movemask_pd(_mm256_castsi256_pd(ok)) != 0xf {
                    portable::f64_bf16(dst.add(2 * i), src.add(8 * i), 16);
                } else {
                    // Each lane's result is below 2^16, so the saturating
                    // packs keep it; they work within 128-bit lanes.
                    let packed = _mm256_packus_epi32(
                        _mm256_packus_epi32(r0, r1),
                        _mm256_packus_epi32(r2, r3),
                    );
                    let v = _mm256_permutevar8x32_epi32(packed, order);
                    store256(dst.add(2 * i), v, stream);
                }
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<16, STREAMS, STREAM>(dst, src, n, 2, 64, portable::f64_bf16, block) }
    }
}

/// Large conversions read their source as this many streams at once: a
/// quarter of the blocks each, a block from each in turn, which keeps more
/// lines in flight. One core reads memory faster so than along one stream:
/// float64 to bfloat16 takes 60 to 80 ms at 1e8 elements instead of 85 to
/// 95. A large source is read so even into a small output: float32 to
/// float8_e4m3fn at 1e7 elements (40 MB read, 10 MB written) took 2.7 ms
/// instead of 4.9. Not for the 4-bit formats to float32, whose output is
/// eight times their input: four streams of stores were slower than one.
pub(super) const STREAMS: usize = 4;

/// A cache line's bytes: the unit of streaming stores.
pub(super) const LINE: usize = 64;

/// The frame of the hand-written kernels that may stream: `portable`
/// converts the elements before dst's first cache line, as streaming
/// stores want whole aligned lines, then `block(i, stream)` the `STEP`
/// elements from each i, then `portable` the rest. When the output has
/// [`STREAM_BYTES`] and `STREAM` (an existing destination), the blocks
/// stream their stores; when the output or the source has, they are taken
/// `PARTS` at a time from as many parts of the array (see [`STREAMS`]).
/// Elements are `dst_bytes` and `src_bits` wide; a head that would split a
/// source byte is not taken, and then nothing streams.
///
/// Safety: as [`Kernel`]; `block` may rely on `STEP` elements from i at
/// both.
#[inline(always)]
pub(super) unsafe fn in_blocks<const STEP: usize, const PARTS: usize, const STREAM: bool>(
    dst: *mut u8,
    src: *const u8,
    n: usize,
    dst_bytes: usize,
    src_bits: usize,
    portable: Kernel,
    mut block: impl FnMut(usize, bool),
) {
    let head = ((LINE - dst as usize % LINE) % LINE / dst_bytes).min(n);
    let (large, head) = if head * src_bits % 8 == 0 {
        (n * dst_bytes >= STREAM_BYTES, head)
    } else {
        (false, 0)
    };
    let stream = STREAM && large;
    // Safety: the first head elements.
    unsafe { portable(dst, src, head) };
    let mut i = head;
    if large || n * src_bits / 8 >= STREAM_BYTES {
        // Every part starts on a block of the sequential order, so its
        // stores stay aligned; the blocks left over follow in order.
        let per_part = (n - head) / STEP / PARTS * STEP;
        for offset in (0..per_part).step_by(STEP) {
            for part in 0..PARTS {
                block(head + part * per_part + offset, stream);
            }
        }
        i = head + PARTS * per_part;
        while i + STEP <= n {
            block(i, stream);
            i += STEP;
        }
    } else {
        // A loop of its own, in which `block` knows it does not stream.
        while i + STEP <= n {
            block(i, false);
            i += STEP;
        }
    }
    // Safety: sfence only orders stores.
    unsafe { core::arch::x86_64::_mm_sfence() };
    // Safety: the n - i elements that remain, from a whole source byte.
    unsafe { portable(dst.add(i * dst_bytes), src.add(i * src_bits / 8), n - i) }
}

/// Writes 32 bytes at `p`, streamed past the caches when `stream` and `p`
/// is aligned to 32 bytes.
///
/// Safety: `p` has 32 writable bytes.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn store256(p: *mut u8, v: core::arch::x86_64::__m256i, stream: bool) {
    use core::arch::x86_64::*;
    // Safety: the caller's 32 bytes; the streaming store's alignment is
    // checked.
    unsafe {
        if stream && p as usize % 32 == 0 {
            _mm256_stream_si256(p as *mut __m256i, v);
        } else {
            _mm256_storeu_si256(p as *mut __m256i, v);
        }
    }
}

/// The bfloat16 bits of the sixteen float32 of bits `a` then `b`, each
/// rounded on the bits as [`f32_to_bf16`](super::f32_to_bf16) rounds
/// one, in order: the float32 kernel's and the blocks' (`crate::block`)
/// rounding into bfloat16. NaNs are quieted when `NANS`; without it
/// there must be none (the blocks' loops, whose fast paths see no NaN,
/// were 8 to 17% slower with the quieting, at 1e6 values).
///
/// Safety: AVX2.
#[inline(always)]
pub(crate) unsafe fn bf16x16<const NANS: bool>(a: __m256i, b: __m256i) -> __m256i {
    #[inline(always)]
    unsafe fn round8<const NANS: bool>(b: __m256i) -> __m256i {
        let odd = _mm256_and_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(1));
        let bias = _mm256_add_epi32(_mm256_set1_epi32(0x7fff), odd);
        let rounded = _mm256_srli_epi32::<16>(_mm256_add_epi32(b, bias));
        if !NANS {
            return rounded;
        }
        let abs = _mm256_and_si256(b, _mm256_set1_epi32(0x7fff_ffff));
        let nan = _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(F32_INF as i32));
        let quiet = _mm256_or_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(0x40));
        _mm256_blendv_epi8(rounded, quiet, nan)
    }
    // Safety: as the caller's.
    unsafe {
        let (a, b) = (round8::<NANS>(a), round8::<NANS>(b));
        // packus works within 128-bit lanes: put them back in order.
        _mm256_permute4x64_epi64::<0b1101_1000>(_mm256_packus_epi32(a, b))
    }
}

/// float32 to bfloat16 with AVX2, sixteen at a time: rounded on the bits
/// as [`f32_to_bf16`] does one, packed in order, and streamed past the
/// caches when the output is larger than they are; the rest portably.
mod f32_bf16_hw {
    use super::*;

    /// Safety: as [`Kernel`], on a processor with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn run<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
        let block = |i: usize, stream| {
            // Safety: sixteen elements from i at both.
            unsafe {
                let a = _mm256_loadu_si256(src.add(4 * i) as *const __m256i);
                let b = _mm256_loadu_si256(src.add(4 * (i + 8)) as *const __m256i);
                store256(dst.add(2 * i), bf16x16::<true>(a, b), stream);
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<16, STREAMS, STREAM>(dst, src, n, 2, 32, portable::f32_bf16, block) }
    }
}

/// bfloat16 to float32 with AVX2, sixteen at a time, quieting NaNs; the
/// rest portably.
mod bf16_f32_hw {
    use super::*;

    /// Safety: as [`Kernel`], on a processor with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn run<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
        let zero = _mm256_setzero_si256();
        let block = |i: usize, stream| {
            // Safety: sixteen elements from i at both.
            unsafe {
                let b = _mm256_loadu_si256(src.add(2 * i) as *const __m256i);
                // Quiet the NaNs while still sixteen bits wide.
                let abs = _mm256_and_si256(b, _mm256_set1_epi16(0x7fff));
                let nan = _mm256_cmpgt_epi16(abs, _mm256_set1_epi16(0x7f80));
                let b = _mm256_or_si256(b, _mm256_and_si256(nan, _mm256_set1_epi16(0x40)));
                // Quarters 0, 2, 1, 3: the unpacks below work within
                // 128-bit lanes, and a zero below each element is its
                // float32 bits.
                let b = _mm256_permute4x64_epi64::<0b1101_1000>(b);
                store256(dst.add(4 * i), _mm256_unpacklo_epi16(zero, b), stream);
                store256(dst.add(4 * i + 32), _mm256_unpackhi_epi16(zero, b), stream);
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<16, STREAMS, STREAM>(dst, src, n, 4, 16, portable::bf16_f32, block) }
    }
}

/// Four doubles rounded to odd in float32, as [`f64_to_f32_odd`] does one.
#[target_feature(enable = "avx2")]
fn odd4(x: core::arch::x86_64::__m256d) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    let f = _mm256_cvtpd_ps(x);
    let back = _mm256_cvtps_pd(f);
    let abs = _mm256_castsi256_pd(_mm256_set1_epi64x(!F64_SIGN as i64));
    // Ordered comparisons: false for a NaN, which stays as converted.
    let inexact = _mm256_cmp_pd::<_CMP_NEQ_OQ>(back, x);
    let outer = _mm256_cmp_pd::<_CMP_GT_OQ>(_mm256_and_pd(back, abs), _mm256_and_pd(x, abs));
    // The low halves of the 64-bit masks, as four 32-bit masks.
    let low = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    let narrow = |m: __m256d| {
        _mm256_castsi256_si128(_mm256_permutevar8x32_epi32(_mm256_castpd_si256(m), low))
    };
    let (inexact, outer) = (narrow(inexact), narrow(outer));
    // Adding an all-ones mask subtracts one: the inner neighbour.
    let inner = _mm_add_epi32(_mm_castps_si128(f), _mm_and_si128(inexact, outer));
    _mm_or_si128(inner, _mm_and_si128(inexact, _mm_set1_epi32(1)))
}

/// float16 to float32 with F16C, eight at a time, streamed past the
/// caches when the output is larger than they are; the rest portably.
mod f16_f32_hw {
    use super::*;

    /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
    #[target_feature(enable = "avx2,f16c")]
    pub unsafe fn run<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
        let block = |i: usize, stream| {
            // Safety: eight elements from i at both.
            unsafe {
                let h = _mm_loadu_si128(src.add(2 * i) as *const __m128i);
                let f = _mm256_castps_si256(_mm256_cvtph_ps(h));
                store256(dst.add(4 * i), f, stream);
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<8, STREAMS, STREAM>(dst, src, n, 4, 16, portable::f16_f32, block) }
    }
}

/// float16 to bfloat16 with F16C and AVX2, sixteen at a time: each value
/// widened exactly into float32, then rounded as the float32 kernel
/// rounds, NaNs quieted; streamed as it streams; the rest portably.
mod f16_bf16_hw {
    use super::*;

    /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
    #[target_feature(enable = "avx2,f16c")]
    pub unsafe fn run<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
        let block = |i: usize, stream| {
            // Safety: sixteen elements from i at both.
            unsafe {
                let h = src.add(2 * i) as *const __m128i;
                let a = _mm256_castps_si256(_mm256_cvtph_ps(_mm_loadu_si128(h)));
                let b = _mm256_castps_si256(_mm256_cvtph_ps(_mm_loadu_si128(h.add(1))));
                store256(dst.add(2 * i), bf16x16::<true>(a, b), stream);
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<16, STREAMS, STREAM>(dst, src, n, 2, 16, portable::f16_bf16, block) }
    }
}

pub use bf16_f32_hw::run as bf16_f32;
pub use f16_bf16_hw::run as f16_bf16;
pub use f16_f32_hw::run as f16_f32;
pub use f32_bf16_hw::run as f32_bf16;
pub use f64_bf16_hw::run as f64_bf16;
