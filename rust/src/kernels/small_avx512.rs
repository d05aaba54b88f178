//! AVX-512 kernels from float32 into float8_e4m3fn, float8_e5m2 and
//! float4_e2m1fn, the encodes that the AVX2 kernels of
//! [`small_x86`](super::small_x86) leave bound by the processor. The
//! method is theirs (float16 rounded to odd by the processor, then
//! rounded to nearest even as integers), on twice the lanes and in fewer
//! instructions: the sticky bit by an addition's carry, the saturation
//! and the NaNs on bytes, a table and a byte permutation (AVX-512 VBMI)
//! where AVX2 needs several steps. Each block writes a cache line, 64
//! bytes; the elements around the blocks take the portable kernels, in
//! the frame of [`in_blocks`]. In the caches they take two thirds of the
//! AVX2 kernels' time. At 1e8 elements (best of 30, three runs), float32
//! to float8_e4m3fn took 18.7 to 20.7 ms instead of 23.9 to 25.0,
//! float8_e5m2 19.4 to 20.8 instead of 22.4 to 24.4, float4_e2m1fn 19.7
//! to 20.7 instead of 22.9 to 23.9: about as long as reading and writing
//! the same bytes without arithmetic.
//!
//! Only compilers that have these intrinsics build this module (the cfg
//! `nx_avx512` of `build.rs`), whatever the crate's rust-version says.
#![allow(clippy::incompatible_msrv)]

use super::portable;
use super::small_x86::{e2m1_pairs, into_bytes, into_nibbles, prefetch, LOW_TOP, STICKY};
use super::x86_64::{in_blocks, STREAMS};
use core::arch::x86_64::*;

/// Writes 64 bytes at `p`, streamed past the caches when `stream` and `p`
/// is aligned to 64 bytes.
///
/// Safety: `p` has 64 writable bytes.
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn store512(p: *mut u8, v: __m512i, stream: bool) {
    // Safety: the caller's 64 bytes; the streaming store's alignment is
    // checked.
    unsafe {
        if stream && p as usize % 64 == 0 {
            _mm512_stream_si512(p as *mut __m512i, v);
        } else {
            _mm512_storeu_si512(p as *mut __m512i, v);
        }
    }
}

/// Thirty-two float32 at `p`, times 2^`SCALE`, as float16 rounded to
/// odd, in order. The sticky bit is set in the float32 itself, at the bit
/// above the `BELOW` bits it stands for, which float16 keeps (see
/// [`STICKY`] in `small_x86`): adding `BELOW` carries into that bit when
/// any of them is set, so its sum there is the bit's own value flipped,
/// and the bit or that sum is the bit or the carry.
///
/// Safety: 128 readable bytes at `p`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn f16_odd<const SCALE: i32, const BELOW: i32>(p: *const u8) -> __m512i {
    let scale = _mm512_set1_ps(f32::from_bits(((127 + SCALE) as u32) << 23));
    let sixteen = |k: usize| {
        // Safety: the caller's 128 bytes.
        let b = unsafe { _mm512_loadu_si512(p.add(64 * k) as *const __m512i) };
        let carried = _mm512_add_epi32(b, _mm512_set1_epi32(BELOW));
        // b | (carried & the sticky bit).
        let b = _mm512_ternarylogic_epi32::<0xf8>(b, carried, _mm512_set1_epi32(BELOW + 1));
        // Exact where the product is normal; where it is not, the
        // target's result is zero whatever the environment makes of it.
        let x = _mm512_mul_ps(_mm512_castsi512_ps(b), scale);
        _mm512_cvtps_ph::<{ _MM_FROUND_TO_ZERO | _MM_FROUND_NO_EXC }>(x)
    };
    _mm512_inserti64x4::<1>(_mm512_castsi256_si512(sixteen(0)), sixteen(1))
}

/// Thirty-two signed 16-bit `h`, each divided by 2^(15 - `LEFT`) and
/// rounded to nearest even, as `round_off` of `small_x86` does sixteen.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn round_off<const LEFT: u32>(h: __m512i) -> __m512i {
    let up = _mm512_mulhrs_epi16(h, _mm512_set1_epi16(1 << LEFT));
    // The kept bit and those below it, shifted to the top: 0, 1, zeros.
    let even_half =
        _mm512_cmpeq_epi16_mask(_mm512_slli_epi16::<LEFT>(h), _mm512_set1_epi16(0x4000));
    _mm512_mask_sub_epi16(up, even_half, up, _mm512_set1_epi16(1))
}

/// Where a pack of two vectors of 32 elements in 16-bit lanes puts
/// element `e` (0 to 63), in bytes: packs work within 128-bit lanes, each
/// lane taking eight elements of the first vector, then eight of the
/// second.
const fn packed_at(e: usize) -> usize {
    let (vector, e) = (e / 32, e % 32);
    16 * (e / 8) + 8 * vector + e % 8
}

/// The 64-bit quarters of a pack of two vectors of 32 elements, in the
/// order of their elements.
const IN_ORDER: [i64; 8] = {
    let mut order = [0i64; 8];
    let mut q = 0;
    while q < 8 {
        order[q] = (packed_at(8 * q) / 8) as i64;
        q += 1;
    }
    order
};

/// float8_e4m3fn of 64 float32 at `p`, in order: as `e4m3` of
/// `small_x86` (2^-8 puts e4m3's grid on float16's top bits; magnitudes
/// rounded in 16-bit lanes), the saturation and the NaNs on the packed
/// bytes: past 448 (0x7e) the largest finite value, a NaN (whose quiet
/// float16 rounds to 0xfc or more) 0x7f; the sign is the float16's, which
/// the signed pack keeps as bit 7.
///
/// Safety: 256 readable bytes at `p`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn e4m3(p: *const u8) -> __m512i {
    // Safety: as the caller's.
    let (h0, h1) = unsafe { (f16_odd::<-8, STICKY>(p), f16_odd::<-8, STICKY>(p.add(128))) };
    let magnitude = |h| round_off::<8>(_mm512_and_si512(h, _mm512_set1_epi16(0x7fff)));
    let rounded = _mm512_packus_epi16(magnitude(h0), magnitude(h1));
    let mag = _mm512_min_epu8(rounded, _mm512_set1_epi8(0x7e));
    let nan = _mm512_cmpge_epu8_mask(rounded, _mm512_set1_epi8(-4));
    let mag = _mm512_mask_add_epi8(mag, nan, mag, _mm512_set1_epi8(1));
    let sign = _mm512_packs_epi16(h0, h1);
    // mag | (sign & 0x80).
    let codes = _mm512_ternarylogic_epi32::<0xf8>(mag, sign, _mm512_set1_epi8(i8::MIN));
    // Safety: 64 bytes.
    let order = unsafe { _mm512_loadu_si512(IN_ORDER.as_ptr() as *const __m512i) };
    _mm512_permutexvar_epi64(order, codes)
}

/// float8_e5m2 of 64 float32 at `p`, in order: as `e5m2` of `small_x86`,
/// float16's top byte, rounded with its sign, which carries past the
/// largest finite value into infinity. A NaN, quiet, keeps its top
/// payload bit: its float16 truncated, not rounded.
///
/// Safety: 256 readable bytes at `p`.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn e5m2(p: *const u8) -> __m512i {
    let rounded = |h| {
        let mag = _mm512_and_si512(h, _mm512_set1_epi16(0x7fff));
        let nan = _mm512_cmpgt_epi16_mask(mag, _mm512_set1_epi16(0x7c00));
        let low = _mm512_maskz_mov_epi16(nan, _mm512_set1_epi16(0xff));
        round_off::<7>(_mm512_andnot_si512(low, h))
    };
    // Safety: as the caller's.
    let (h0, h1) = unsafe { (f16_odd::<0, STICKY>(p), f16_odd::<0, STICKY>(p.add(128))) };
    let codes = _mm512_packs_epi16(rounded(h0), rounded(h1));
    // Safety: 64 bytes.
    let order = unsafe { _mm512_loadu_si512(IN_ORDER.as_ptr() as *const __m512i) };
    _mm512_permutexvar_epi64(order, codes)
}

into_bytes!(
    f32_e4m3,
    |p| e4m3(p),
    portable::f32_e4m3,
    "float32 to float8_e4m3fn.",
    "avx512f,avx512bw,avx512vbmi",
    "AVX-512 F, BW and VBMI",
    64,
    store512
);
into_bytes!(
    f32_e5m2,
    |p| e5m2(p),
    portable::f32_e5m2,
    "float32 to float8_e5m2.",
    "avx512f,avx512bw,avx512vbmi",
    "AVX-512 F, BW and VBMI",
    64,
    store512
);

/// float4_e2m1fn's code of the low six bits of a byte of `e2m1_bytes`:
/// the rounded magnitude, at most 7 (6, the largest value), and bit 3,
/// which the sign keeps; 0 for 63, a NaN's.
const E2M1_CODES: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut k = 0;
    while k < 63 {
        t[k] = 8 | if k < 7 { k as u8 } else { 7 };
        k += 1;
    }
    t
};

/// The low bytes of the 16-bit pairs of two vectors of 64 codes (packed
/// as [`packed_at`] says), in the order of their elements.
const PAIRS_IN_ORDER: [u8; 64] = {
    let mut order = [0u8; 64];
    let mut m = 0;
    while m < 64 {
        order[m] = (64 * (m / 32) + packed_at(2 * (m % 32))) as u8;
        m += 1;
    }
    order
};

/// float4_e2m1fn of 64 float32 at `p`, a byte each, in the order of
/// [`packed_at`]. As `e2m1` of `small_x86`: 2^-14 puts e2m1's grid on
/// float16's bits from 9; rounded with their sign, the magnitudes (to 62,
/// infinity's) come out whole and the negative ones less 64, so that the
/// signed pack leaves the sign at bit 7 beside six bits of magnitude.
/// Those six look up the code in [`E2M1_CODES`]; bit 7, shifted to bit
/// 3, keeps or clears the sign. A NaN's magnitude rounds to 63 (code 0)
/// or 64 (six bits 0, sign bit 0): +0.
///
/// Safety: 256 readable bytes at `p`.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
#[inline]
unsafe fn e2m1_bytes(p: *const u8, table: __m512i) -> __m512i {
    // The sticky bit at 15, as `f16_odd` of `small_x86` sets it with
    // `LOW`.
    // Safety: as the caller's.
    let (h0, h1) = unsafe {
        (
            f16_odd::<-14, { LOW_TOP - 1 }>(p),
            f16_odd::<-14, { LOW_TOP - 1 }>(p.add(128)),
        )
    };
    let b = _mm512_packs_epi16(round_off::<6>(h0), round_off::<6>(h1));
    let code = _mm512_permutexvar_epi8(b, table);
    // Bit 7 of each byte to bit 3 (what the shift brings from the next
    // byte lands on bits the code does not have).
    let sign = _mm512_srli_epi16::<4>(b);
    // code & (sign | 0x07).
    _mm512_ternarylogic_epi32::<0xe0>(code, sign, _mm512_set1_epi8(7))
}

/// float32 to float4_e2m1fn.
///
/// Safety: as [`Kernel`](super::Kernel), on a processor with AVX-512 F,
/// BW and VBMI.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub unsafe fn f32_e2m1<const STREAM: bool>(dst: *mut u8, src: *const u8, n: usize) {
    // Safety: 64 bytes each.
    let (table, order) = unsafe {
        (
            _mm512_loadu_si512(E2M1_CODES.as_ptr() as *const __m512i),
            _mm512_loadu_si512(PAIRS_IN_ORDER.as_ptr() as *const __m512i),
        )
    };
    // Two codes to a byte, the first in the low nibble.
    let pairs = |codes| _mm512_maddubs_epi16(codes, _mm512_set1_epi16(0x1001));
    let block = |j: usize, stream| {
        // Safety: 128 elements from pair j, 64 bytes from byte j.
        unsafe {
            let p = src.add(8 * j);
            prefetch(p, 8);
            let a = pairs(e2m1_bytes(p, table));
            let b = pairs(e2m1_bytes(p.add(256), table));
            store512(dst.add(j), _mm512_permutex2var_epi8(a, order, b), stream);
        }
    };
    // Safety: as the caller's.
    unsafe { into_nibbles::<64, STREAM>(dst, src, n, portable::f32_e2m1, e2m1_pairs, block) }
}
