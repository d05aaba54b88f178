//! The E2M1 blocks' kernels (`portable/fp4.rs`) with AVX-512: a
//! block's codes become 16-bit or 32-bit indices into a table of 16
//! encodings (the eight magnitudes, then the same with the sign bit), one
//! `vpermw` or `vpermd` for each 64 bytes of output. Two NVFP4 blocks into
//! bfloat16 share a `vpermw`, one table in each half.
//!
//! The output is written as whole aligned cache lines, wherever the
//! destination starts (streamed past the caches when large): the blocks'
//! vectors are 64 bytes from `dst`, and each line is taken from two of
//! them by a byte permutation ([`Lines`]).
//!
//! Measured at 1e8 elements (best of 12, in turns with the AVX2 kernels,
//! which fetch ahead as these do): MXFP4 into float32 17.1 ms against
//! 17.2, into bfloat16 9.8 against 10.2; NVFP4 into float32 17.8 against
//! 18.3, into bfloat16 11.2 against 14.5. Into the caches (1e6 elements)
//! the AVX2 kernels were 5 to 30% faster but for NVFP4 into bfloat16 (109
//! us against 140), so the dispatcher (`dispatch.rs`) takes these for outputs
//! that stream and for that pair.
//!
//! Only compilers that have these intrinsics build this module (the cfg
//! `nx_avx512` of `build.rs`).
#![allow(clippy::incompatible_msrv)]

use super::fp4_avx2::{codes16, fetch_ahead, nibbles};
use crate::block::portable::fp4::{block_by, tables, Blocks, Dest, Pairs};
use core::arch::x86_64::*;

/// A cache line's bytes.
const LINE: usize = 64;

/// The output, written 64 bytes at a time in order from `dst` as whole
/// aligned lines, streamed past the caches when `STREAM`: a vector that
/// crossed a line boundary would cost two stores.
///
/// When `dst` is not on a line boundary (`SHIFT`), the bytes before its
/// first one (`head` of them) come from the first vector by a masked
/// store, each line after it is the last `64 - head` bytes of a vector
/// then the first `head` of the next, and [`Lines::finish`] writes the
/// rest of the last vector.
struct Lines<const SHIFT: bool, const STREAM: bool> {
    out: *mut u8,
    start: *mut u8,
    head: usize,
    /// Byte i of a line is byte head + i of (previous ++ next).
    idx: __m512i,
    prev: __m512i,
}

impl<const SHIFT: bool, const STREAM: bool> Lines<SHIFT, STREAM> {
    /// Safety: AVX-512 F, BW and VBMI; `dst` is on a line boundary unless
    /// SHIFT.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn new(dst: *mut u8) -> Self {
        let head = (LINE - dst as usize % LINE) % LINE;
        let idx: [u8; LINE] = core::array::from_fn(|i| (head + i) as u8);
        Lines {
            out: dst,
            start: dst,
            head,
            // Safety: 64 bytes.
            idx: unsafe { _mm512_loadu_si512(idx.as_ptr().cast()) },
            prev: _mm512_setzero_si512(),
        }
    }

    /// Writes the line at `p`, which is on a line boundary.
    ///
    /// Safety: AVX-512 F; 64 bytes of room at p.
    #[target_feature(enable = "avx512f")]
    #[inline]
    unsafe fn line(p: *mut u8, v: __m512i) {
        // Safety: the caller's.
        unsafe {
            if STREAM {
                _mm512_stream_si512(p.cast(), v)
            } else {
                _mm512_store_si512(p.cast(), v)
            }
        }
    }

    /// Writes the next 64 bytes of output.
    ///
    /// Safety: AVX-512 F, BW and VBMI; the output has room for them.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    #[inline]
    unsafe fn push(&mut self, v: __m512i) {
        // Safety: the caller's room, 64 bytes at out; the lines are on
        // boundaries (out is, or out + head) and lie within the bytes
        // written so far and these 64.
        unsafe {
            if !SHIFT {
                Self::line(self.out, v);
            } else if self.out == self.start {
                _mm512_mask_storeu_epi8(self.out.cast(), (1u64 << self.head) - 1, v)
            } else {
                let line = _mm512_permutex2var_epi8(self.prev, self.idx, v);
                Self::line(self.out.sub(LINE - self.head), line);
            }
            self.prev = v;
            self.out = self.out.add(LINE);
        }
    }

    /// Writes what the lines have left of the last vector, and orders
    /// the streaming stores before what follows.
    ///
    /// Safety: AVX-512 F, BW and VBMI.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    unsafe fn finish(self) {
        if SHIFT && self.out != self.start {
            let rest = _mm512_permutex2var_epi8(self.prev, self.idx, _mm512_setzero_si512());
            // Safety: the last vector's bytes from head, within the room
            // that push had.
            unsafe {
                _mm512_mask_storeu_epi8(
                    self.out.sub(LINE - self.head).cast(),
                    u64::MAX >> self.head,
                    rest,
                )
            };
        }
        if STREAM {
            _mm_sfence();
        }
    }
}

/// Per scale byte: the eight magnitudes of [`tables`] (None where the
/// block is computed value by value), and the encodings of codes 0 to
/// 15, sign included, as 16 float32 or 16 bfloat16 (the first 32 bytes).
struct Tables {
    mags: [Option<[u32; 8]>; 256],
    rows: [[u8; LINE]; 256],
}

impl Tables {
    fn new<B: Blocks>(blocks: &B, dest: Dest) -> Box<Tables> {
        let mut t = Box::new(Tables {
            mags: tables(blocks, dest),
            rows: [[0; LINE]; 256],
        });
        for s in 0..256 {
            if let Some(m) = t.mags[s] {
                let row = &mut t.rows[s];
                // Each width written as its own constant-sized copy: a
                // slice of the width in a variable is a call to memcpy
                // per encoding (4096 calls, 6 us a call of the kernel).
                for c in 0..16 {
                    let v = m[c & 7];
                    match dest {
                        Dest::Float32 => {
                            let v = v | if c & 8 != 0 { 1 << 31 } else { 0 };
                            row[4 * c..4 * c + 4].copy_from_slice(&v.to_le_bytes());
                        }
                        Dest::Bfloat16 => {
                            let v = v as u16 | if c & 8 != 0 { 1 << 15 } else { 0 };
                            row[2 * c..2 * c + 2].copy_from_slice(&v.to_le_bytes());
                        }
                    }
                }
            }
        }
        t
    }

    /// Whether the scale byte `s` has a table.
    #[inline(always)]
    fn fast(&self, s: usize) -> bool {
        self.mags[s].is_some()
    }

    /// Scale byte `s`'s 16 float32 encodings.
    ///
    /// Safety: AVX-512 F.
    #[target_feature(enable = "avx512f")]
    #[inline]
    fn f32(&self, s: usize) -> __m512i {
        // Safety: 64 bytes.
        unsafe { _mm512_loadu_si512(self.rows[s].as_ptr().cast()) }
    }

    /// Scale byte `s`'s 16 bfloat16 encodings.
    ///
    /// Safety: AVX.
    #[target_feature(enable = "avx")]
    #[inline]
    fn bf16(&self, s: usize) -> __m256i {
        // Safety: 32 of the row's 64 bytes.
        unsafe { _mm256_loadu_si256(self.rows[s].as_ptr().cast()) }
    }
}

/// 32 codes, in order, from the 16 bytes at `p`.
///
/// Safety: AVX-512 F and BW; 16 bytes at p.
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn codes32(p: *const u8, pairs: Pairs) -> __m256i {
    // Safety: 16 bytes.
    let (lo, hi) = nibbles(unsafe { _mm_loadu_si128(p.cast()) });
    match pairs {
        Pairs::Adjacent => _mm256_set_m128i(_mm_unpackhi_epi8(lo, hi), _mm_unpacklo_epi8(lo, hi)),
        Pairs::Halves => _mm256_set_m128i(hi, lo),
    }
}

/// Pushes the values of the `u` blocks from `b` into `lines`, computed a
/// block at a time: the blocks whose scale has no table.
///
/// Safety: AVX-512 F, BW and VBMI; b + u ≤ count; the u blocks' values
/// are whole vectors, at most two.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
#[inline]
unsafe fn push_slowly<B: Blocks, const SHIFT: bool, const STREAM: bool>(
    blocks: &B,
    t: &Tables,
    dest: Dest,
    b: usize,
    u: usize,
    lines: &mut Lines<SHIFT, STREAM>,
) {
    let per = 2 * B::BYTES * dest.bytes();
    let mut buf = [0u8; 2 * LINE];
    // Safety: u × per ≤ 128 bytes in buf; as the caller's.
    unsafe {
        for k in 0..u {
            block_by(blocks, &t.mags, dest, b + k, buf.as_mut_ptr().add(k * per));
        }
        for j in 0..u * per / LINE {
            lines.push(_mm512_loadu_si512(buf.as_ptr().add(j * LINE).cast()));
        }
    }
}

/// Dequantizes every block of `blocks` into `dst`, elements of `dest`,
/// streaming when `stream`.
///
/// Safety: AVX-512 F, BW and VBMI; `dst` has room for the blocks' values.
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
pub unsafe fn dequantize<B: Blocks>(blocks: &B, dest: Dest, dst: *mut u8, stream: bool) {
    let t = Tables::new(blocks, dest);
    // Safety: as the caller's.
    unsafe {
        match (dst as usize % LINE != 0, stream) {
            (false, false) => run(blocks, &t, dest, dst, Lines::<false, false>::new(dst)),
            (false, true) => run(blocks, &t, dest, dst, Lines::<false, true>::new(dst)),
            (true, false) => run(blocks, &t, dest, dst, Lines::<true, false>::new(dst)),
            (true, true) => run(blocks, &t, dest, dst, Lines::<true, true>::new(dst)),
        }
    }
}

/// The blocks' values through `lines`.
///
/// Safety: AVX-512 F, BW and VBMI; as [`dequantize`].
#[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
unsafe fn run<B: Blocks, const SHIFT: bool, const STREAM: bool>(
    blocks: &B,
    t: &Tables,
    dest: Dest,
    dst: *mut u8,
    mut lines: Lines<SHIFT, STREAM>,
) {
    let count = blocks.count();
    // Safety (each block): b < count, and the values go in order into the
    // room the caller gave for every block's.
    unsafe {
        match (B::BYTES, dest) {
            (16, Dest::Float32) => {
                for b in 0..count {
                    let (p, s) = blocks.block(b);
                    fetch_ahead(blocks, b);
                    let s = usize::from(s);
                    if t.fast(s) {
                        let tab = t.f32(s);
                        let c = codes32(p, B::PAIRS);
                        let lo = _mm512_cvtepu8_epi32(_mm256_castsi256_si128(c));
                        let hi = _mm512_cvtepu8_epi32(_mm256_extracti128_si256::<1>(c));
                        lines.push(_mm512_permutexvar_epi32(lo, tab));
                        lines.push(_mm512_permutexvar_epi32(hi, tab));
                    } else {
                        push_slowly(blocks, t, dest, b, 1, &mut lines);
                    }
                }
            }
            (16, Dest::Bfloat16) => {
                for b in 0..count {
                    let (p, s) = blocks.block(b);
                    fetch_ahead(blocks, b);
                    let s = usize::from(s);
                    if t.fast(s) {
                        let tab = _mm512_castsi256_si512(t.bf16(s));
                        let idx = _mm512_cvtepu8_epi16(codes32(p, B::PAIRS));
                        lines.push(_mm512_permutexvar_epi16(idx, tab));
                    } else {
                        push_slowly(blocks, t, dest, b, 1, &mut lines);
                    }
                }
            }
            (_, Dest::Float32) => {
                for b in 0..count {
                    let (p, s) = blocks.block(b);
                    fetch_ahead(blocks, b);
                    let s = usize::from(s);
                    if t.fast(s) {
                        let idx = _mm512_cvtepu8_epi32(codes16(p, B::PAIRS));
                        lines.push(_mm512_permutexvar_epi32(idx, t.f32(s)));
                    } else {
                        push_slowly(blocks, t, dest, b, 1, &mut lines);
                    }
                }
            }
            (_, Dest::Bfloat16) => {
                // Two blocks a vector: the second's indices 16 higher,
                // into its table in the upper half.
                let upper = _mm512_inserti64x4::<1>(_mm512_setzero_si512(), _mm256_set1_epi16(16));
                for b in (0..count / 2 * 2).step_by(2) {
                    let (p0, s0) = blocks.block(b);
                    let (p1, s1) = blocks.block(b + 1);
                    fetch_ahead(blocks, b);
                    let (s0, s1) = (usize::from(s0), usize::from(s1));
                    if t.fast(s0) && t.fast(s1) {
                        let tab =
                            _mm512_inserti64x4::<1>(_mm512_castsi256_si512(t.bf16(s0)), t.bf16(s1));
                        let c = _mm256_set_m128i(codes16(p1, B::PAIRS), codes16(p0, B::PAIRS));
                        let idx = _mm512_add_epi16(_mm512_cvtepu8_epi16(c), upper);
                        lines.push(_mm512_permutexvar_epi16(idx, tab));
                    } else {
                        push_slowly(blocks, t, dest, b, 2, &mut lines);
                    }
                }
                if count % 2 == 1 {
                    lines.finish();
                    let b = count - 1;
                    return block_by(blocks, &t.mags, dest, b, dst.add(b * 32));
                }
            }
        }
        lines.finish();
    }
}
