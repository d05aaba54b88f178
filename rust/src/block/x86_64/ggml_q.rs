//! The fast path of ggml's Q8_0 and Q4_0 blocks into float32 and
//! bfloat16, with AVX2: eight values a vector.
//!
//! Exact as the portable path is: a value is k × d, an integer k of at
//! most 8 bits times a float16 d (11 significant bits), so the float32
//! product is the exact value, and into bfloat16 it is rounded once, to
//! nearest, ties to even, as the Stores rule asks (by the float32
//! kernel's rounding, [`bf16x16`]). A block whose d is an
//! infinity or a NaN goes through [`q_block`] (`portable/ggml.rs`), value by
//! value, which gives the bits the rule gives such products.

use super::fp4_avx2::store2;
use crate::block::io::Sink;
use crate::block::portable::fp4::Dest;
use crate::block::portable::ggml::q_block;
use crate::kernels::f16_to_f32;
use crate::kernels::x86_64::bf16x16;
use core::arch::x86_64::*;

/// The bytes of a Q8_0 and of a Q4_0 block.
const Q8_0_BYTES: usize = 34;
const Q4_0_BYTES: usize = 18;

/// The block's 32 integers k, as four vectors of eight float32.
///
/// Safety: AVX2; `blk` holds the block's bytes.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn integers(q4: bool, blk: *const u8) -> [__m256; 4] {
    // Safety: 32 or 16 bytes of codes after the scale.
    let (lo, hi) = unsafe {
        if q4 {
            // Element j in the low nibble of byte j, j + 16 in its high
            // one; q − 8.
            let b = _mm_loadu_si128(blk.add(2).cast());
            let m = _mm_set1_epi8(0x0f);
            let eight = _mm_set1_epi8(8);
            (
                _mm_sub_epi8(_mm_and_si128(b, m), eight),
                _mm_sub_epi8(_mm_and_si128(_mm_srli_epi16::<4>(b), m), eight),
            )
        } else {
            (
                _mm_loadu_si128(blk.add(2).cast()),
                _mm_loadu_si128(blk.add(18).cast()),
            )
        }
    };
    [
        float8(lo),
        float8(_mm_srli_si128::<8>(lo)),
        float8(hi),
        float8(_mm_srli_si128::<8>(hi)),
    ]
}

/// The low 8 bytes of `v`, signed, as float32.
///
/// Safety: AVX2.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn float8(v: __m128i) -> __m256 {
    _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(v))
}

/// Writes the 32 float32 values `v` (no NaN) at `o` as elements of
/// `dest`: their bits, or rounded into bfloat16 ([`bf16x16`]); streamed
/// when `stream` (then `o` is 16-byte aligned).
///
/// Safety: AVX2; room for 32 elements at o.
#[target_feature(enable = "avx2")]
#[inline]
pub(super) unsafe fn store32(o: *mut u8, v: [__m256; 4], dest: Dest, stream: bool) {
    let (a, b) = (_mm256_castps_si256(v[0]), _mm256_castps_si256(v[1]));
    let (c, d) = (_mm256_castps_si256(v[2]), _mm256_castps_si256(v[3]));
    // Safety: as the caller's; 128 or 64 bytes.
    unsafe {
        match dest {
            Dest::Float32 => {
                for (j, v) in [a, b, c, d].into_iter().enumerate() {
                    store2(o.add(32 * j), v, stream);
                }
            }
            Dest::Bfloat16 => {
                store2(o, bf16x16::<false>(a, b), stream);
                store2(o.add(32), bf16x16::<false>(c, d), stream);
            }
        }
    }
}

/// Dequantizes `n` elements of Q8_0 blocks (Q4_0 when `q4`) into `D`,
/// whose layout is `dest`.
///
/// # Safety
/// AVX2 and F16C; `n` is a multiple of 32; `blocks` holds the blocks;
/// `dst` has room for `n` elements of `D`.
#[target_feature(enable = "avx2,f16c")]
pub unsafe fn dequantize<D: Sink>(q4: bool, dest: Dest, blocks: *const u8, n: usize, dst: *mut u8) {
    let stream = dest.streams(n) && dst as usize % 16 == 0;
    // Safety: as the caller's; 16-byte aligned when streamed.
    unsafe { dequantize_by::<D>(q4, dest, blocks, n, dst, stream) }
}

/// As [`dequantize`], the stores streamed when `stream`.
///
/// # Safety
/// As [`dequantize`]; `dst` is 16-byte aligned when `stream`.
#[target_feature(enable = "avx2,f16c")]
unsafe fn dequantize_by<D: Sink>(
    q4: bool,
    dest: Dest,
    blocks: *const u8,
    n: usize,
    dst: *mut u8,
    stream: bool,
) {
    let size = if q4 { Q4_0_BYTES } else { Q8_0_BYTES };
    for b in 0..n / 32 {
        // Safety: block b's bytes exist and its 32 values have room at
        // dst (16-byte aligned when streamed: each block's output is a
        // multiple of 16 bytes).
        unsafe {
            let blk = blocks.add(size * b);
            let d = f32::from_bits(f16_to_f32(u16::from_le_bytes([*blk, *blk.add(1)])));
            if !d.is_finite() {
                q_block::<D>(q4, core::slice::from_raw_parts(blk, size), dst, 32 * b);
                continue;
            }
            let d = _mm256_set1_ps(d);
            let mut v = integers(q4, blk);
            for v in v.iter_mut() {
                *v = _mm256_mul_ps(*v, d);
            }
            store32(dst.add(32 * b * dest.bytes()), v, dest, stream);
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
    use crate::block::testing::at_offsets;
    use crate::kernels::hardware;
    use crate::testing::Xorshift;

    /// Blocks of random bytes, the scale of every fourth one a float16 of
    /// interest: zeros, subnormals, the largest, infinities, NaNs.
    fn blocks(rng: &mut Xorshift, count: usize, size: usize) -> Vec<u8> {
        let special = [
            0x0000u16, 0x8000, 0x0001, 0x83ff, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfd01,
        ];
        let mut v: Vec<u8> = (0..count * size).map(|_| rng.next_u64() as u8).collect();
        for (b, blk) in v.chunks_mut(size).enumerate() {
            if b % 4 == 0 {
                blk[..2].copy_from_slice(&special[(b / 4) % special.len()].to_le_bytes());
            }
        }
        v
    }

    /// The fast path's output of `count` blocks into `D` at every byte
    /// offset from 0 to 63 against the portable one's, with the bytes
    /// around it untouched, streamed or not.
    fn check<D: Sink>(dest: Dest, rng: &mut Xorshift) {
        for q4 in [false, true] {
            let size = if q4 { Q4_0_BYTES } else { Q8_0_BYTES };
            for count in [1, 3, 64] {
                let src = blocks(rng, count, size);
                let n = 32 * count;
                let bytes = n * dest.bytes();
                let mut want = vec![0u8; bytes];
                for b in 0..count {
                    // Safety: block b's bytes; room for its values.
                    unsafe {
                        q_block::<D>(
                            q4,
                            &src[size * b..size * (b + 1)],
                            want.as_mut_ptr(),
                            32 * b,
                        )
                    };
                }
                let write = |p: *mut u8, stream: bool| {
                    // Streamed only where aligned, as `dequantize` does.
                    let stream = stream && p as usize % 16 == 0;
                    // Safety: AVX2 and F16C (hardware()); room for n values
                    // at p, aligned when streamed.
                    unsafe { dequantize_by::<D>(q4, dest, src.as_ptr(), n, p, stream) }
                };
                at_offsets(1, &want, write, |i| format!("q4 {q4} {count}: byte {i}"));
            }
        }
    }

    #[test]
    fn fast_blocks_are_the_portable_ones() {
        if !hardware() {
            return;
        }
        let mut rng = Xorshift::new(0x243f_6a88_85a3_08d3);
        for _ in 0..20 {
            check::<io::Float32>(Dest::Float32, &mut rng);
            check::<io::Bfloat16>(Dest::Bfloat16, &mut rng);
        }
    }
}
