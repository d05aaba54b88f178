//! The E2M1 blocks' kernels with AVX2 (the tables and the blocks of
//! `portable/fp4.rs`): 16 codes a lookup, `vpermd` into float32 and
//! `pshufb` into bfloat16, outputs larger than the caches written with
//! streaming stores, as memcpy writes them; the blocks fetched `AHEAD` of
//! the one converted. Its stores and nibbles serve `fp4_avx512.rs` and
//! `ggml_q.rs` too.

use crate::block::portable::fp4::{block_exact, tables, Blocks, Dest, Pairs};
use core::arch::x86_64::*;

/// How many blocks ahead the hardware kernels fetch the elements and
/// scales: with the processor's prefetcher alone, the AVX-512 loop waited
/// on its scales for a quarter of its time at 1e8 elements, while the
/// streaming stores held the line buffers.
const AHEAD: usize = 64;

/// Fetches block `b + AHEAD`'s bytes into the caches.
#[inline(always)]
pub(super) fn fetch_ahead<B: Blocks>(blocks: &B, b: usize) {
    use core::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    let (p, s) = blocks.at(b + AHEAD);
    // Safety: a prefetch reads nothing and never faults; SSE is in every
    // x86_64.
    unsafe {
        _mm_prefetch::<_MM_HINT_T0>(p.cast());
        _mm_prefetch::<_MM_HINT_T0>(s.cast());
    }
}

/// Writes 16 bytes at `p`, streamed when `stream` (then `p` is 16-byte
/// aligned).
///
/// Safety: AVX2; 16 bytes of room at p.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn store(p: *mut u8, v: __m128i, stream: bool) {
    // Safety: as the caller's.
    unsafe {
        if stream {
            _mm_stream_si128(p.cast(), v)
        } else {
            _mm_storeu_si128(p.cast(), v)
        }
    }
}

/// Writes 32 bytes at `p`, as [`store`] does.
///
/// Safety: AVX2; 32 bytes of room at p.
#[target_feature(enable = "avx2")]
#[inline]
pub(in crate::block) unsafe fn store2(p: *mut u8, v: __m256i, stream: bool) {
    // Safety: as the caller's.
    unsafe {
        store(p, _mm256_castsi256_si128(v), stream);
        store(p.add(16), _mm256_extracti128_si256::<1>(v), stream);
    }
}

/// The low and the high nibbles of the bytes of `v`.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(in crate::block) fn nibbles(v: __m128i) -> (__m128i, __m128i) {
    let m = _mm_set1_epi8(0x0f);
    (
        _mm_and_si128(v, m),
        _mm_and_si128(_mm_srli_epi16::<4>(v), m),
    )
}

/// 16 codes, in order, from 8 bytes at `p`.
///
/// Safety: AVX2; 8 bytes at p.
#[target_feature(enable = "avx2")]
#[inline]
pub(in crate::block) unsafe fn codes16(p: *const u8, pairs: Pairs) -> __m128i {
    // Safety: 8 bytes.
    let (lo, hi) = nibbles(unsafe { _mm_loadl_epi64(p.cast()) });
    match pairs {
        Pairs::Adjacent => _mm_unpacklo_epi8(lo, hi),
        Pairs::Halves => _mm_unpacklo_epi64(lo, hi),
    }
}

/// Writes the 16 values of the codes `c` at `dst`.
///
/// Safety: AVX2; room for 16 values at dst.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn put16(c: __m128i, tab: __m256i, dest: Dest, dst: *mut u8, stream: bool) {
    match dest {
        Dest::Float32 => {
            let sign = _mm256_set1_epi32(i32::MIN);
            for h in 0..2 {
                let cs = if h == 0 { c } else { _mm_unpackhi_epi64(c, c) };
                let idx = _mm256_cvtepu8_epi32(cs);
                let mag = _mm256_permutevar8x32_epi32(tab, idx);
                let s = _mm256_and_si256(_mm256_slli_epi32::<28>(idx), sign);
                // Safety: 32 bytes at dst + 32h.
                unsafe { store2(dst.add(32 * h), _mm256_or_si256(mag, s), stream) };
            }
        }
        Dest::Bfloat16 => {
            let w = _mm256_cvtepu8_epi16(c);
            let m = _mm256_and_si256(w, _mm256_set1_epi16(7));
            // Byte indices 2m and 2m + 1 of each word's table entry.
            let idx = _mm256_add_epi16(
                _mm256_mullo_epi16(m, _mm256_set1_epi16(0x0202)),
                _mm256_set1_epi16(0x0100),
            );
            let mag = _mm256_shuffle_epi8(tab, idx);
            let s = _mm256_and_si256(_mm256_slli_epi16::<12>(w), _mm256_set1_epi16(i16::MIN));
            // Safety: 32 bytes at dst.
            unsafe { store2(dst, _mm256_or_si256(mag, s), stream) };
        }
    }
}

/// The table of a block: eight float32 encodings, or eight bfloat16
/// ones in both halves (for `pshufb`, which looks up within 16 bytes).
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn table(m: &[u32; 8], dest: Dest) -> __m256i {
    // Safety: 8 u32 in m.
    let t = unsafe { _mm256_loadu_si256(m.as_ptr().cast()) };
    match dest {
        Dest::Float32 => t,
        Dest::Bfloat16 => {
            // The low halves of the eight entries, packed, twice.
            let lo16 = _mm256_packus_epi32(t, t);
            let packed = _mm256_permute4x64_epi64::<0b00_00_10_00>(lo16);
            _mm256_permute2x128_si256::<0x00>(packed, packed)
        }
    }
}

/// Dequantizes every block of `blocks` into `dst`, elements of `dest`,
/// streaming when `stream` (then `dst` is 16-byte aligned).
///
/// Safety: AVX2; `dst` has room for the blocks' values.
#[target_feature(enable = "avx2")]
pub unsafe fn dequantize<B: Blocks>(blocks: &B, dest: Dest, dst: *mut u8, stream: bool) {
    let per = 2 * B::BYTES * dest.bytes();
    let tabs = tables(blocks, dest);
    let zero = _mm256_setzero_si256();
    let vecs: [__m256i; 256] = core::array::from_fn(|s| match &tabs[s] {
        // Safety: AVX2.
        Some(m) => unsafe { table(m, dest) },
        None => zero,
    });
    let w = 16 * dest.bytes();
    for b in 0..blocks.count() {
        // Safety: b < count; block b's values at b × per.
        unsafe {
            let (p, s) = blocks.block(b);
            fetch_ahead(blocks, b);
            let out = dst.add(b * per);
            if tabs[usize::from(s)].is_none() {
                block_exact::<B>(p, blocks.scale(s), dest, out);
                continue;
            }
            let tab = vecs[usize::from(s)];
            match (B::BYTES, B::PAIRS) {
                (16, Pairs::Halves) => {
                    // Codes 0..15 are the low nibbles, 16..31 the high.
                    let v = _mm_loadu_si128(p.cast());
                    let mask = _mm_set1_epi8(0x0f);
                    put16(_mm_and_si128(v, mask), tab, dest, out, stream);
                    put16(
                        _mm_and_si128(_mm_srli_epi16::<4>(v), mask),
                        tab,
                        dest,
                        out.add(w),
                        stream,
                    );
                }
                (n, pairs) => {
                    for k in 0..n / 8 {
                        put16(
                            codes16(p.add(8 * k), pairs),
                            tab,
                            dest,
                            out.add(k * w),
                            stream,
                        );
                    }
                }
            }
        }
    }
    if stream {
        _mm_sfence();
    }
}
