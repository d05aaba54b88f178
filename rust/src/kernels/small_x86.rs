//! AVX2 and F16C kernels of the formats of a byte or less, from float32
//! and back: float8_e4m3fn, float8_e5m2, float4_e2m1fn and int4. Each
//! block of 32 or 64 elements is straight-line code that keeps up with
//! memory; the elements around the blocks take the portable kernels, in
//! the frame of [`in_blocks`].
//!
//! Into a float format, one rounding: the float32's bits that float16
//! cannot hold set a sticky bit that it can (round to odd); the processor
//! converts it, scaled by a power of two that puts the target's grid on
//! float16's, to float16 toward zero; the top bits are then rounded to
//! nearest even as integers. Float16 keeps at least four bits more than
//! each target, subnormals included, so the second rounding gives the one
//! rounding's result. The conversion's rounding is in its instruction and
//! the scaling by a power of two is exact where the result matters: the
//! floating-point environment changes nothing.
//!
//! Back to float32, the processor's float16 conversion (float8_e5m2 is
//! float16's top byte, float8_e4m3fn rebiased by 2^8), or for the 4-bit
//! formats two 16-entry tables, the float32's top two bytes.

use super::elements::{int4_table, table};
use super::portable;
use super::x86_64::{in_blocks, store256, STREAMS};
use super::Kernel;
use crate::format::FLOAT4_E2M1FN;
use core::arch::x86_64::*;

// {1 Into the small formats}

/// The float32 bits whose union is the sticky bit: 0 to 16. Float16
/// drops the low 13 of a normal result, and of a subnormal one whose
/// rounding into a target can still tie at most the low 17 (float8_e4m3fn's
/// halfway point 2^-10, scaled to 2^-18).
pub(super) const STICKY: i32 = 0x1_ffff;

/// Where the sticky bit goes: bit 17 lies at or above float16's least bit
/// wherever a target's rounding can tie (normal results keep bits from
/// 13, subnormal ones from 14 to 17), and below every target's rounding
/// bit (bit 19 at the lowest, float8_e4m3fn's for normal results): so it
/// changes no kept bit, and the bits float16 drops all lie below it. Bit
/// 18 would do too; 16 and 19 would not.
const STICKY_AT: i32 = 1 << 17;

/// How far ahead of its block an encoding asks for its source's lines.
/// The processor's own prefetching stops at each 4 KiB page, and an
/// encoding's arithmetic leaves it behind: float32 to float8_e4m3fn at 1e8
/// elements took 27 to 30 ms with it, 32 ms without.
const PREFETCH: usize = 1024;

/// Asks for `lines` cache lines from `PREFETCH` bytes past `p`.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn prefetch(p: *const u8, lines: usize) {
    for l in 0..lines {
        // A prefetch reads nothing and never faults, even past the array.
        _mm_prefetch::<_MM_HINT_T0>(p.wrapping_add(PREFETCH + 64 * l) as *const i8);
    }
}

/// In the 16-bit lanes of a float32, bit 15 in the low one.
pub(super) const LOW_TOP: i32 = 0x8000;

/// Sixteen float32 at `p`, times 2^`SCALE`, as float16 rounded to odd,
/// in order: the sticky bit is set in the float32 itself, then float16
/// keeps it. With `LOW`, for a target whose rounding never ties where
/// float16 drops bit 15 (float4_e2m1fn: its halfway point 2^-2, scaled
/// to 2^-16, keeps bits from 15; its rounding bit is 21 at the lowest),
/// the sticky bit is bit 15, the union of bits 0 to 15, in one
/// instruction fewer.
///
/// Safety: 64 readable bytes at `p`.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn f16_odd<const SCALE: i32, const LOW: bool>(p: *const u8) -> __m256i {
    let scale = _mm256_set1_ps(f32::from_bits(((127 + SCALE) as u32) << 23));
    let half = |k: usize| {
        // Safety: the caller's 64 bytes.
        let b = unsafe { _mm256_loadu_si256(p.add(32 * k) as *const __m256i) };
        let sticky = if LOW {
            // The sign of each low 16-bit lane, which is 0 only when its
            // bits are, times bit 15 (-0x8000 is 0x8000 again), and 0 in
            // the high lanes.
            _mm256_sign_epi16(_mm256_set1_epi32(LOW_TOP), b)
        } else {
            // The sign of the dropped bits, which are + or 0, puts the
            // sticky bit in place.
            _mm256_sign_epi32(
                _mm256_set1_epi32(STICKY_AT),
                _mm256_and_si256(b, _mm256_set1_epi32(STICKY)),
            )
        };
        let x = _mm256_castsi256_ps(_mm256_or_si256(b, sticky));
        // Exact where the product is normal; where it is not, the
        // target's result is zero whatever the environment makes of it.
        let x = if SCALE == 0 {
            x
        } else {
            _mm256_mul_ps(x, scale)
        };
        _mm256_cvtps_ph::<_MM_FROUND_TO_ZERO>(x)
    };
    _mm256_set_m128i(half(1), half(0))
}

/// Sixteen signed 16-bit `h`, each divided by 2^(15 - `LEFT`) and
/// rounded to nearest even: the rounding multiply by 2^`LEFT` gives the
/// floor of (h + half) / 2^(15 - LEFT), halves up, and a half whose kept
/// bit is even comes back down.
#[target_feature(enable = "avx2")]
#[inline]
fn round_off<const LEFT: i32>(h: __m256i) -> __m256i {
    let up = _mm256_mulhrs_epi16(h, _mm256_set1_epi16(1 << LEFT));
    // The kept bit and those below it, shifted to the top: 0, 1, zeros.
    let kept_and_below = _mm256_slli_epi16::<LEFT>(h);
    let even_half = _mm256_cmpeq_epi16(kept_and_below, _mm256_set1_epi16(0x4000));
    _mm256_add_epi16(up, even_half)
}

/// The float16 exponent and fraction of `h`.
#[target_feature(enable = "avx2")]
#[inline]
fn magnitude(h: __m256i) -> __m256i {
    _mm256_and_si256(h, _mm256_set1_epi16(0x7fff))
}

/// Whether float16 `h` is a NaN, as a mask.
#[target_feature(enable = "avx2")]
#[inline]
fn is_nan(h: __m256i) -> __m256i {
    _mm256_cmpgt_epi16(magnitude(h), _mm256_set1_epi16(0x7c00))
}

/// float8_e4m3fn of 32 float32 at `p`, a byte each, in the order of
/// [`in_order`]'s input: e4m3's exponent is float16's less 8, so 2^-8
/// puts its grid, subnormals included, on float16's top bits. The
/// magnitudes are rounded in 16-bit lanes (to 0x100 at most) and finished
/// as bytes, 32 to an instruction: past 448 (0x7e) the largest finite
/// value, a NaN (whose quiet float16 rounds to 0xfc or more) 0x7f; the
/// sign is the float16's, which the signed pack keeps as bit 7.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn e4m3(p: *const u8) -> __m256i {
    // Safety: as the caller's.
    let (h0, h1) = unsafe { (f16_odd::<-8, false>(p), f16_odd::<-8, false>(p.add(64))) };
    let rounded = _mm256_packus_epi16(round_off::<8>(magnitude(h0)), round_off::<8>(magnitude(h1)));
    let mag = _mm256_min_epu8(rounded, _mm256_set1_epi8(0x7e));
    let nan = _mm256_cmpeq_epi8(_mm256_max_epu8(rounded, _mm256_set1_epi8(-4)), rounded);
    let mag = _mm256_sub_epi8(mag, nan);
    let sign = _mm256_and_si256(_mm256_packs_epi16(h0, h1), _mm256_set1_epi8(i8::MIN));
    _mm256_or_si256(mag, sign)
}

/// float8_e5m2 of 32 float32 at `p`, a byte each, in the order of
/// [`in_order`]'s input: float16's top byte, rounded with its sign, which
/// carries past the largest finite value into infinity. A NaN, quiet,
/// keeps its top payload bit: its float16 truncated, not rounded.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn e5m2(p: *const u8) -> __m256i {
    let sixteen = |p: *const u8| {
        // Safety: the caller's 64 bytes from p.
        let h = unsafe { f16_odd::<0, false>(p) };
        let h = _mm256_andnot_si256(_mm256_and_si256(is_nan(h), _mm256_set1_epi16(0xff)), h);
        round_off::<7>(h)
    };
    // Safety: as the caller's.
    _mm256_packs_epi16(sixteen(p), sixteen(unsafe { p.add(64) }))
}

/// float4_e2m1fn of 32 float32 at `p`, a byte each, in the order of
/// [`in_order`]'s input. e2m1's least normal is 1 and float16's 2^-14,
/// so 2^-14 puts e2m1's grid on float16's bits from 9. Rounded with their
/// sign, the magnitudes (to 62, infinity's) come out whole and the
/// negative ones less 64: packed to bytes, the sign is bit 7 (and 6)
/// beside six bits of magnitude. Past 6 the largest value; a NaN, whose
/// magnitude rounds to 63 or 64 (64 less 64 for a negative one), +0.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn e2m1(p: *const u8) -> __m256i {
    // Safety: as the caller's.
    let (h0, h1) = unsafe { (f16_odd::<-14, true>(p), f16_odd::<-14, true>(p.add(64))) };
    let b = _mm256_packs_epi16(round_off::<6>(h0), round_off::<6>(h1));
    let six = _mm256_and_si256(b, _mm256_set1_epi8(0x3f));
    let mag = _mm256_min_epu8(six, _mm256_set1_epi8(7));
    // Bit 7 of each byte to bit 3 (what the shift brings from the next
    // byte is masked off).
    let sign = _mm256_and_si256(_mm256_srli_epi16::<4>(b), _mm256_set1_epi8(8));
    let nan = _mm256_cmpeq_epi8(six, _mm256_set1_epi8(0x3f));
    _mm256_andnot_si256(nan, _mm256_or_si256(mag, sign))
}

/// The bytes of two vectors of sixteen elements in 16-bit lanes, as a
/// pack leaves them (it works within 128-bit lanes: elements 0-7, 16-23,
/// 8-15, 24-31), back in order.
#[target_feature(enable = "avx2")]
#[inline]
fn in_order(packed: __m256i) -> __m256i {
    _mm256_permute4x64_epi64::<0b11_01_10_00>(packed)
}

/// Bytes of 4-bit codes, two by two into one byte, the first in the low
/// nibble: sixteen 16-bit lanes of one byte each.
#[target_feature(enable = "avx2")]
#[inline]
fn nibble_pairs(codes: __m256i) -> __m256i {
    _mm256_maddubs_epi16(codes, _mm256_set1_epi16(0x1001))
}

/// A kernel `$name` from float32 into an 8-bit format, `$step` elements
/// a block, whose codes at `$p` are `$codes`, written by `$store` and
/// streamed as in [`in_blocks`], for processors with `$features` (`$has`).
macro_rules! into_bytes {
    ($name:ident, |$p:ident| $codes:expr, $portable:path, $doc:literal,
     $features:literal, $has:literal, $step:literal, $store:ident) => {
        #[doc = $doc]
        ///
        #[doc = concat!("Safety: as [`Kernel`](super::Kernel), on a processor with ", $has, ".")]
        #[target_feature(enable = $features)]
        pub unsafe fn $name<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
            let block = |i: usize, stream| {
                // Safety: $step elements from i at both.
                unsafe {
                    let $p = src.add(4 * i);
                    // A line is 16 elements.
                    prefetch($p, $step / 16);
                    $store(dst.add(i), $codes, stream);
                }
            };
            // Safety: as the caller's.
            unsafe { in_blocks::<$step, STREAMS, STREAM>(dst, src, n, 1, 32, $portable, block) }
        }
    };
}
// For the AVX-512 kernels.
#[cfg(nx_avx512)]
pub(super) use into_bytes;

into_bytes!(
    f32_e4m3,
    |p| in_order(e4m3(p)),
    portable::f32_e4m3,
    "float32 to float8_e4m3fn.",
    "avx2,f16c",
    "AVX2 and F16C",
    32,
    store256
);
into_bytes!(
    f32_e5m2,
    |p| in_order(e5m2(p)),
    portable::f32_e5m2,
    "float32 to float8_e5m2.",
    "avx2,f16c",
    "AVX2 and F16C",
    32,
    store256
);

/// A kernel from float32 into a 4-bit format by pairs of elements, a
/// byte each: `in_blocks` counts whole bytes; the last element of an odd
/// count takes the portable kernel alone.
///
/// Safety: as [`Kernel`]; `block(pair)` writes `STEP` bytes from the
/// pair's byte, reading 2 `STEP` elements.
#[inline(always)]
pub(super) unsafe fn into_nibbles<const STEP: usize, const STREAM: bool>(
    dst: *mut u8,
    src: *const u8,
    n: usize,
    portable: Kernel,
    pairs: Kernel,
    block: impl FnMut(usize, bool),
) {
    // Safety: as the caller's: n / 2 pairs, then the last element.
    unsafe {
        in_blocks::<STEP, STREAMS, STREAM>(dst, src, n / 2, 1, 64, pairs, block);
        if n % 2 == 1 {
            portable(dst.add(n / 2), src.add(4 * (n - 1)), 1);
        }
    }
}

/// float32 to float4_e2m1fn by pairs, for [`into_nibbles`].
///
/// Safety: as [`Kernel`], `n` counting pairs.
pub(super) unsafe fn e2m1_pairs(dst: *mut u8, src: *const u8, n: usize) {
    // Safety: as the caller's.
    unsafe { portable::f32_e2m1(dst, src, 2 * n) }
}

/// float32 to float4_e2m1fn.
///
/// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn f32_e2m1<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    // The pairs of the packed pairs of two blocks of 32 elements, by
    // four: 0, 2, 4, 6 in the low lane, 1, 3, 5, 7 in the high one (see
    // `in_order`), back in order.
    let order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
    let block = |j: usize, stream| {
        // Safety: 64 elements from pair j, 32 bytes from byte j.
        unsafe {
            let p = src.add(8 * j);
            prefetch(p, 4);
            let (a, b) = (nibble_pairs(e2m1(p)), nibble_pairs(e2m1(p.add(128))));
            let v = _mm256_permutevar8x32_epi32(_mm256_packus_epi16(a, b), order);
            store256(dst.add(j), v, stream);
        }
    };
    // Safety: as the caller's.
    unsafe { into_nibbles::<32, STREAM>(dst, src, n, portable::f32_e2m1, e2m1_pairs, block) }
}

/// float32 to int4: clamped to [-8, 7] as floats (a NaN stays one:
/// `max`/`min` return their second operand when either is a NaN), then
/// truncated; a NaN converts to 0x8000_0000, whose low nibble is the 0 it
/// should give, and the saturating packs keep every low nibble.
///
/// Safety: as [`Kernel`], on a processor with AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn f32_int4<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    /// Safety: as [`Kernel`], `n` counting pairs.
    unsafe fn pairs(dst: *mut u8, src: *const u8, n: usize) {
        // Safety: as the caller's.
        unsafe { portable::f32_int4(dst, src, 2 * n) }
    }
    let (lo, hi) = (_mm256_set1_ps(-8.0), _mm256_set1_ps(7.0));
    // Each vector of eight gives four bytes, two from each 128-bit lane
    // of the packs; after them and a swap of quarters, each lane holds
    // four vectors' first two bytes, then their last two: side by side.
    let words = _mm256_setr_epi8(
        0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, //
        0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15,
    );
    let block = |j: usize, stream| {
        // Safety: 64 elements from pair j, 32 bytes from byte j.
        unsafe {
            prefetch(src.add(8 * j), 4);
            let p = src.add(8 * j) as *const f32;
            let q = |k: usize| {
                let x = _mm256_loadu_ps(p.add(8 * k));
                _mm256_cvttps_epi32(_mm256_min_ps(hi, _mm256_max_ps(lo, x)))
            };
            let a = _mm256_packs_epi16(
                _mm256_packs_epi32(q(0), q(1)),
                _mm256_packs_epi32(q(2), q(3)),
            );
            let b = _mm256_packs_epi16(
                _mm256_packs_epi32(q(4), q(5)),
                _mm256_packs_epi32(q(6), q(7)),
            );
            let low = _mm256_set1_epi8(0x0f);
            let (a, b) = (_mm256_and_si256(a, low), _mm256_and_si256(b, low));
            let v = _mm256_packus_epi16(nibble_pairs(a), nibble_pairs(b));
            let v = _mm256_permute4x64_epi64::<0b11_01_10_00>(v);
            store256(dst.add(j), _mm256_shuffle_epi8(v, words), stream);
        }
    };
    // Safety: as the caller's.
    unsafe { into_nibbles::<32, STREAM>(dst, src, n, portable::f32_int4, pairs, block) }
}

// {1 Back to float32}

/// Stores eight float16 `h` as float32 at `p`, times `scale`.
///
/// Safety: 32 writable bytes at `p`.
#[target_feature(enable = "avx2,f16c")]
#[inline]
unsafe fn store_f16(p: *mut u8, h: __m128i, scale: Option<__m256>, stream: bool) {
    let f = _mm256_cvtph_ps(h);
    let f = match scale {
        Some(s) => _mm256_mul_ps(f, s),
        None => f,
    };
    // Safety: the caller's 32 bytes.
    unsafe { store256(p, _mm256_castps_si256(f), stream) }
}

/// float8_e5m2 to float32: each byte is a float16's top byte, which the
/// processor converts exactly, quieting a NaN as a store does.
///
/// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn e5m2_f32<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    let zero = _mm_setzero_si128();
    let block = |i: usize, stream| {
        // Safety: 32 elements from i at both, in two halves.
        unsafe {
            for k in [0, 16] {
                let x = _mm_loadu_si128(src.add(i + k) as *const __m128i);
                let out = dst.add(4 * (i + k));
                store_f16(out, _mm_unpacklo_epi8(zero, x), None, stream);
                store_f16(out.add(32), _mm_unpackhi_epi8(zero, x), None, stream);
            }
        }
    };
    // Safety: as the caller's.
    unsafe { in_blocks::<32, STREAMS, STREAM>(dst, src, n, 4, 8, portable::e5m2_f32, block) }
}

/// float8_e4m3fn to float32: the magnitude's bits at float16's exponent
/// and fraction give its value times 2^-8, subnormals included; the two
/// NaNs become float16 NaNs with the same fraction bits.
///
/// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn e4m3_f32<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    let scale = Some(_mm256_set1_ps(256.0));
    let block = |i: usize, stream| {
        // Safety: 32 elements from i at both, in two halves.
        unsafe {
            for k in [0, 16] {
                // Sign-extended, a byte shifted left by 7 has its sign at
                // bit 15 and its magnitude at bits 7 to 13; bit 14, the
                // sign again, is cleared, or set for a NaN.
                let w = _mm256_cvtepi8_epi16(_mm_loadu_si128(src.add(i + k) as *const __m128i));
                let mag = _mm256_and_si256(w, _mm256_set1_epi16(0x7f));
                let nan = _mm256_cmpeq_epi16(mag, _mm256_set1_epi16(0x7f));
                let h = _mm256_and_si256(_mm256_slli_epi16::<7>(w), _mm256_set1_epi16(!0x4000));
                let h = _mm256_or_si256(h, _mm256_and_si256(nan, _mm256_set1_epi16(0x4000)));
                let out = dst.add(4 * (i + k));
                store_f16(out, _mm256_castsi256_si128(h), scale, stream);
                store_f16(out.add(32), _mm256_extracti128_si256::<1>(h), scale, stream);
            }
        }
    };
    // Safety: as the caller's.
    unsafe { in_blocks::<32, STREAMS, STREAM>(dst, src, n, 4, 8, portable::e4m3_f32, block) }
}

/// The 16-entry tables of a 4-bit format's float32 bits: byte 2, then
/// byte 3; bytes 0 and 1 are zero in every entry.
const fn byte_tables(t: &[u32; 16]) -> ([u8; 16], [u8; 16]) {
    let (mut b2, mut b3) = ([0u8; 16], [0u8; 16]);
    let mut i = 0;
    while i < 16 {
        assert!(t[i] & 0xffff == 0);
        b2[i] = (t[i] >> 16) as u8;
        b3[i] = (t[i] >> 24) as u8;
        i += 1;
    }
    (b2, b3)
}

const E2M1_BYTES: ([u8; 16], [u8; 16]) = byte_tables(&table(&FLOAT4_E2M1FN));
const INT4_BYTES: ([u8; 16], [u8; 16]) = byte_tables(&int4_table());

/// A 4-bit format to float32, 32 elements a block: each element's nibble
/// picked into a byte of its own by `pshufb`, its top two bytes looked up
/// in `tables`, widened by two rounds of unpacking. The unpacks work
/// within 128-bit lanes, so the nibbles are picked in the order that
/// leaves their float32 in order: lane 0 holds elements 0-3, 8-11, 16-19,
/// 24-27, lane 1 the others.
///
/// Safety: as [`Kernel`].
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn from_nibbles<const STREAM: bool>(
    dst: *mut u8,
    src: *const u8,
    n: usize,
    tables: &([u8; 16], [u8; 16]),
    portable: Kernel,
) {
    // Safety: the tables are 16 bytes.
    let (t2, t3) = unsafe {
        (
            _mm256_broadcastsi128_si256(_mm_loadu_si128(tables.0.as_ptr() as *const __m128i)),
            _mm256_broadcastsi128_si256(_mm_loadu_si128(tables.1.as_ptr() as *const __m128i)),
        )
    };
    // Safety: 32 bytes.
    let pick = unsafe { _mm256_loadu_si256(PICK.as_ptr() as *const __m256i) };
    let even = _mm256_set1_epi16(0x000f);
    let odd = _mm256_set1_epi16(0x0f00);
    let zero = _mm256_setzero_si256();
    let block = |i: usize, stream| {
        // Safety: 32 elements from i (even), 16 bytes from i / 2, at both.
        unsafe {
            let bytes =
                _mm256_broadcastsi128_si256(_mm_loadu_si128(src.add(i / 2) as *const __m128i));
            let b = _mm256_shuffle_epi8(bytes, pick);
            // In each 16-bit lane the two elements of one byte: the low
            // nibble of the first, the high nibble, shifted down, of the
            // second.
            let codes = _mm256_or_si256(
                _mm256_and_si256(b, even),
                _mm256_and_si256(_mm256_srli_epi16::<4>(b), odd),
            );
            let (lo, hi) = (
                _mm256_shuffle_epi8(t2, codes),
                _mm256_shuffle_epi8(t3, codes),
            );
            let out = dst.add(4 * i);
            for (k, w) in [_mm256_unpacklo_epi8(lo, hi), _mm256_unpackhi_epi8(lo, hi)]
                .into_iter()
                .enumerate()
            {
                store256(out.add(64 * k), _mm256_unpacklo_epi16(zero, w), stream);
                store256(out.add(64 * k + 32), _mm256_unpackhi_epi16(zero, w), stream);
            }
        }
    };
    // Safety: as the caller's.
    unsafe { in_blocks::<32, 1, STREAM>(dst, src, n, 4, 4, portable, block) }
}

/// For each byte of a block's 32 elements in the order of
/// [`from_nibbles`] (groups of four elements 0, 2, 4, 6 in lane 0, the odd
/// groups in lane 1), the source byte that holds the element.
const PICK: [i8; 32] = {
    let mut pick = [0i8; 32];
    let mut k = 0;
    while k < 32 {
        let group = 2 * (k % 16 / 4) + k / 16;
        pick[k] = ((4 * group + k % 4) / 2) as i8;
        k += 1;
    }
    pick
};

/// float4_e2m1fn to float32.
///
/// Safety: as [`Kernel`], on a processor with AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn e2m1_f32<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    // Safety: as the caller's.
    unsafe { from_nibbles::<STREAM>(dst, src, n, &E2M1_BYTES, portable::e2m1_f32) }
}

/// int4 to float32.
///
/// Safety: as [`Kernel`], on a processor with AVX2.
#[target_feature(enable = "avx2")]
pub unsafe fn int4_f32<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    // Safety: as the caller's.
    unsafe { from_nibbles::<STREAM>(dst, src, n, &INT4_BYTES, portable::int4_f32) }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{general, paths};
    use super::super::x86_64::LINE;
    use super::super::STREAM_BYTES;
    use super::super::{find_on, Path};
    use crate::facts::*;
    use crate::testing::Xorshift;

    /// The small formats, each of whose kernels has a pair in each
    /// direction here.
    const SMALL: [u8; 4] = [FLOAT8_E4M3FN, FLOAT8_E5M2, FLOAT4_E2M1FN, INT4];

    /// The bytes of `n` elements of `code`.
    fn bytes(code: u8, n: usize) -> usize {
        (n * TABLE[code as usize].bits as usize).div_ceil(8)
    }

    /// Runs the kernel of (dst, src) on `path` over `n` elements of
    /// `input` from byte `from`, into a buffer `to` bytes in, and checks
    /// its bytes against `expect` and that it wrote nothing else.
    #[allow(clippy::too_many_arguments)]
    fn check(
        dst: u8,
        src: u8,
        path: Path,
        input: &[u8],
        from: usize,
        to: usize,
        n: usize,
        expect: &[u8],
    ) {
        for stream in [true, false] {
            check_stores(dst, src, path, stream, input, from, to, n, expect);
        }
    }

    /// [`check`], the kernel streaming its stores or not.
    #[allow(clippy::too_many_arguments)]
    fn check_stores(
        dst: u8,
        src: u8,
        path: Path,
        stream: bool,
        input: &[u8],
        from: usize,
        to: usize,
        n: usize,
        expect: &[u8],
    ) {
        let guard = 0xa5u8;
        let mut out = vec![guard; to + expect.len() + 64];
        let k = find_on(dst, src, path, stream).unwrap();
        // Safety: room for n elements from `to`; n elements of input
        // from `from`.
        unsafe { k(out.as_mut_ptr().add(to), input.as_ptr().add(from), n) };
        let (name_s, name_d) = (TABLE[src as usize].name, TABLE[dst as usize].name);
        if let Some(i) = (0..expect.len()).find(|&i| out[to + i] != expect[i]) {
            panic!(
                "{name_s} -> {name_d} ({path:?}, stream {stream}), n = {n}, from {from} into {to}: \
                 byte {i} is {:#04x}, expected {:#04x}",
                out[to + i],
                expect[i]
            );
        }
        let outside = out[..to].iter().chain(&out[to + expect.len()..]);
        assert!(
            outside.into_iter().all(|&b| b == guard),
            "{name_s} -> {name_d} ({path:?}, stream {stream}), n = {n}: wrote outside its elements"
        );
    }

    fn f32_bytes(v: impl IntoIterator<Item = u32>) -> Vec<u8> {
        v.into_iter().flat_map(u32::to_le_bytes).collect()
    }

    /// Every float32 whose top sixteen bits are any (every sign, exponent
    /// and NaN payload, every tie of the targets' roundings) and whose low
    /// sixteen are none, all, or one, at each place (the sticky bit where
    /// float16 drops it); then every exponent with random fractions.
    fn float32_cases() -> Vec<u8> {
        let lows = [0u32, 0xffff]
            .into_iter()
            .chain((0..16).map(|j| 1 << j))
            .collect::<Vec<_>>();
        let mut rng = Xorshift::new(0x2545_f491_4f6c_dd1du64);
        let mut random = || {
            let s = rng.next_u64();
            s as u32
        };
        let mut v: Vec<u32> = (0..=0xffffu32)
            .flat_map(|top| lows.iter().map(move |low| top << 16 | low))
            .collect();
        for field in 0..=0x1ffu32 {
            for _ in 0..512 {
                v.push(field << 23 | (random() & 0x7f_ffff));
            }
        }
        f32_bytes(v)
    }

    #[test]
    fn every_float32_pattern_agrees() {
        let input = float32_cases();
        let n = input.len() / 4;
        for dst in SMALL {
            let expect = general(dst, FLOAT32, &input, n);
            for path in paths() {
                check(dst, FLOAT32, path, &input, 0, 0, n, &expect);
            }
        }
    }

    /// Inputs of every encoding of `code`, in a varied order, `len`
    /// bytes; for float32, of `float32_cases` from a varied place.
    fn source(code: u8, len: usize) -> Vec<u8> {
        if code == FLOAT32 {
            let cases = float32_cases();
            let start = (cases.len() / 4 / 3) * 4;
            cases[start..].iter().cycle().take(len).copied().collect()
        } else {
            (0..len).map(|i| (i * 167 + i / 256) as u8).collect()
        }
    }

    #[test]
    fn every_length_and_offset_agrees() {
        // Lengths past a block and a head, from every offset of a source
        // element and every byte of a cache line in the output, so that
        // heads, blocks and tails meet in every combination; the 4-bit
        // formats from whole bytes.
        for small in SMALL {
            for (dst, src) in [(small, FLOAT32), (FLOAT32, small)] {
                let offsets = if src == FLOAT32 { 0..4 } else { 0..1 };
                let input = source(src, bytes(src, 200) + 4);
                for n in 0..=200 {
                    for from in offsets.clone() {
                        let expect = general(dst, src, &input[from..], n);
                        for path in paths() {
                            for to in 0..LINE {
                                check(
                                    dst,
                                    src,
                                    path,
                                    &input[..from + bytes(src, n)],
                                    from,
                                    to,
                                    n,
                                    &expect,
                                );
                            }
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn past_the_streaming_threshold_agrees() {
        // Sources read in parts, then outputs streamed too (and for the
        // 4-bit formats from an odd element count), from unaligned starts.
        for small in SMALL {
            let bits = TABLE[small as usize].bits as usize;
            for (dst, src, n) in [
                (small, FLOAT32, STREAM_BYTES / 4 + 37),
                (small, FLOAT32, STREAM_BYTES * 8 / bits + 37),
                (FLOAT32, small, STREAM_BYTES / 4 + 37),
            ] {
                let input = source(src, bytes(src, n) + 1);
                let expect = general(dst, src, &input[1..], n);
                for path in paths() {
                    check(dst, src, path, &input, 1, 3, n, &expect);
                }
            }
        }
    }

    /// The control and status register: rounding, flush-to-zero,
    /// denormals-are-zero.
    fn csr() -> u32 {
        let mut v = 0u32;
        // Safety: stores the register into v.
        unsafe { core::arch::asm!("stmxcsr [{}]", in(reg) &mut v, options(nostack)) };
        v
    }

    fn set_csr(v: u32) {
        // Safety: a valid value of the register, its exceptions masked.
        unsafe { core::arch::asm!("ldmxcsr [{}]", in(reg) &v, options(nostack)) };
    }

    #[test]
    fn the_floating_point_environment_changes_nothing() {
        const FTZ: u32 = 0x8000;
        const DAZ: u32 = 0x40;
        const ROUNDING: u32 = 0x6000;
        let saved = csr();
        for small in SMALL {
            for (dst, src) in [(small, FLOAT32), (FLOAT32, small)] {
                let input = source(src, bytes(src, 1 << 20));
                let n = 1 << 20;
                let expect = general(dst, src, &input, n);
                for (rounding, path) in [0x2000, 0x4000, 0x6000]
                    .into_iter()
                    .flat_map(|r| paths().into_iter().skip(1).map(move |p| (r, p)))
                {
                    set_csr((saved & !ROUNDING) | rounding | FTZ | DAZ);
                    let k = find_on(dst, src, path, true).unwrap();
                    let mut out = vec![0u8; expect.len()];
                    // Safety: sized for n elements.
                    unsafe { k(out.as_mut_ptr(), input.as_ptr(), n) };
                    set_csr(saved);
                    assert!(
                        out == expect,
                        "{} -> {} ({path:?}) under MXCSR rounding {rounding:#x} with FTZ and DAZ",
                        TABLE[src as usize].name,
                        TABLE[dst as usize].name
                    );
                }
            }
        }
    }
}
