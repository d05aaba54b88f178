//! The fast path of E2M1 blocks (MXFP4, NVFP4 and ggml's two) into
//! float32 and bfloat16, the hot pairs of loading a checkpoint.
//!
//! A block's values are its codes' values times one scale d, so each
//! block needs a table of 8 magnitudes, each m × d rounded once into the
//! destination, and a sign bit per code. The eight magnitudes are 0 and
//! 2^j × {1, 1.5} × d: rounding commutes with a product by a power of two
//! while the results stay normal, so two roundings (of d and of 1.5 d)
//! give the table, the rest being additions to the exponent field. A block
//! whose scale puts a magnitude outside the normal range, is negative or
//! is a NaN is computed value by value, each product exact in a double
//! and rounded once.
//!
//! The codes are then looked up 16 at a time: with AVX2, `vpermd` into
//! float32 and `pshufb` into bfloat16, and outputs larger than the caches
//! are written with streaming stores, as memcpy writes them; with AVX-512
//! (`fp4_avx512`), 64 bytes of output a lookup, in whole cache lines;
//! portably, a byte at a time. The hardware kernels fetch the blocks
//! `AHEAD` of the one they convert.

use super::formats::{e8m0, ue4m3_ggml};
use crate::kernels::{path, Path, E4M3_TO_F32, STREAM_BYTES};
use crate::store::bfloat16_via_odd;

/// A destination of the fast path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dest {
    Float32,
    Bfloat16,
}

impl Dest {
    /// The width of the fraction field, the exponent's shift.
    const fn fraction_bits(self) -> u32 {
        match self {
            Dest::Float32 => 23,
            Dest::Bfloat16 => 7,
        }
    }

    /// Whether an output of `n` elements is written with streaming
    /// stores (past [`STREAM_BYTES`]).
    pub fn streams(self, n: usize) -> bool {
        n * self.bytes() >= STREAM_BYTES
    }

    /// The bytes of one element.
    pub const fn bytes(self) -> usize {
        match self {
            Dest::Float32 => 4,
            Dest::Bfloat16 => 2,
        }
    }

    /// The encoding of `x` rounded once.
    #[inline(always)]
    fn round(self, x: f64) -> u32 {
        match self {
            Dest::Float32 => (x as f32).to_bits(),
            Dest::Bfloat16 => u32::from(bfloat16_via_odd(x)),
        }
    }
}

/// The encodings of the E2M1 magnitudes 0, 0.5, 1, 1.5, 2, 3, 4, 6 times
/// `d` (exact), each rounded once into `dest`; None where `d` is negative
/// (NVFP4's E4M3 scales have a sign) or not finite, or a product leaves
/// the normal range.
#[inline(always)]
pub fn magnitudes(d: f64, dest: Dest) -> Option<[u32; 8]> {
    if d.is_sign_negative() {
        return None;
    }
    if d == 0.0 {
        return Some([0; 8]);
    }
    let f = dest.fraction_bits();
    let r1 = dest.round(d);
    let r3 = dest.round(1.5 * d);
    let field = |r: u32| (r >> f) & 0xff;
    // 0.5 × r1 normal, 4 × r3 finite (float32 and bfloat16 share their
    // exponent field).
    if field(r1) < 2 || field(r3) > 252 {
        return None;
    }
    let e = 1 << f;
    Some([0, r1 - e, r1, r3, r1 + e, r3 + e, r1 + 2 * e, r3 + 2 * e])
}

/// How a block's bytes hold its codes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pairs {
    /// Byte i holds codes 2i (low nibble) and 2i + 1: torch's layout.
    Adjacent,
    /// Byte i of n holds codes i and i + n: ggml's.
    Halves,
}

/// E2M1 blocks: block `b`'s element bytes and its scale's byte, and
/// the value of a scale byte (a block's values are its codes' values
/// times it). A scale is one byte, so the tables of all 256 are made once
/// per call.
pub trait Blocks {
    /// The element bytes of a block: 8 (16 codes) or 16 (32 codes).
    const BYTES: usize;
    const PAIRS: Pairs;

    /// The number of blocks.
    fn count(&self) -> usize;

    /// Where block `b`'s element bytes and scale byte are, for any `b`
    /// (past the blocks, addresses only fetched ahead, never read).
    fn at(&self, b: usize) -> (*const u8, *const u8);

    /// Block `b`'s element bytes and scale byte.
    ///
    /// # Safety
    /// `b` is less than [`Blocks::count`].
    #[inline(always)]
    unsafe fn block(&self, b: usize) -> (*const u8, u8) {
        let (p, s) = self.at(b);
        // Safety: block b is one of the caller's.
        (p, unsafe { *s })
    }

    /// The value of the scale byte `s`.
    fn scale(&self, s: u8) -> f64;
}

/// OCP MXFP4: 16 bytes a block, E8M0 scales apart.
pub struct Mx {
    pub elements: *const u8,
    pub scales: *const u8,
    pub n: usize,
}

/// NVFP4: 8 bytes a block, E4M3 scales apart, times the tensor scale.
pub struct Nv {
    pub elements: *const u8,
    pub scales: *const u8,
    pub n: usize,
    pub st: f64,
}

/// ggml's MXFP4: blocks of 17 bytes, the E8M0 scale first.
pub struct GgmlMx {
    pub blocks: *const u8,
    pub n: usize,
}

/// ggml's NVFP4 as 16-value sub-blocks: blocks of 36 bytes, four
/// unsigned E4M3 scales then 8 bytes per sub-block.
pub struct GgmlNv {
    pub blocks: *const u8,
    pub n: usize,
}

// Every at() by wrapping arithmetic: the addresses of blocks past the
// last are prefetched, never read.
impl Blocks for Mx {
    const BYTES: usize = 16;
    const PAIRS: Pairs = Pairs::Adjacent;
    fn count(&self) -> usize {
        self.n / 32
    }
    #[inline(always)]
    fn at(&self, b: usize) -> (*const u8, *const u8) {
        (
            self.elements.wrapping_add(16 * b),
            self.scales.wrapping_add(b),
        )
    }
    fn scale(&self, s: u8) -> f64 {
        e8m0::decode(s)
    }
}

impl Blocks for Nv {
    const BYTES: usize = 8;
    const PAIRS: Pairs = Pairs::Adjacent;
    fn count(&self) -> usize {
        self.n / 16
    }
    #[inline(always)]
    fn at(&self, b: usize) -> (*const u8, *const u8) {
        (
            self.elements.wrapping_add(8 * b),
            self.scales.wrapping_add(b),
        )
    }
    fn scale(&self, s: u8) -> f64 {
        f64::from(f32::from_bits(E4M3_TO_F32[usize::from(s)])) * self.st
    }
}

impl Blocks for GgmlMx {
    const BYTES: usize = 16;
    const PAIRS: Pairs = Pairs::Halves;
    fn count(&self) -> usize {
        self.n / 32
    }
    #[inline(always)]
    fn at(&self, b: usize) -> (*const u8, *const u8) {
        let p = self.blocks.wrapping_add(17 * b);
        (p.wrapping_add(1), p)
    }
    fn scale(&self, s: u8) -> f64 {
        e8m0::decode(s)
    }
}

impl Blocks for GgmlNv {
    const BYTES: usize = 8;
    const PAIRS: Pairs = Pairs::Halves;
    fn count(&self) -> usize {
        self.n / 16
    }
    #[inline(always)]
    fn at(&self, b: usize) -> (*const u8, *const u8) {
        let p = self.blocks.wrapping_add(36 * (b / 4));
        let s = b % 4;
        (p.wrapping_add(4 + 8 * s), p.wrapping_add(s))
    }
    fn scale(&self, s: u8) -> f64 {
        ue4m3_ggml(s)
    }
}

/// How many blocks ahead the hardware kernels fetch the elements and
/// scales: with the processor's prefetcher alone, the AVX-512 loop waited
/// on its scales for a quarter of its time at 1e8 elements, while the
/// streaming stores held the line buffers.
#[cfg(target_arch = "x86_64")]
const AHEAD: usize = 64;

/// Fetches block `b + AHEAD`'s bytes into the caches.
#[cfg(target_arch = "x86_64")]
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

/// The tables of the 256 scale bytes, None where [`magnitudes`] has none.
pub(super) fn tables<B: Blocks>(blocks: &B, dest: Dest) -> [Option<[u32; 8]>; 256] {
    core::array::from_fn(|s| magnitudes(blocks.scale(s as u8), dest))
}

/// The codes of `n` bytes at `p`, in order.
///
/// # Safety
/// `p` holds n ≤ 16 bytes.
#[inline(always)]
unsafe fn codes(p: *const u8, n: usize, pairs: Pairs, out: &mut [u8; 32]) {
    for i in 0..n {
        // Safety: i < n.
        let b = unsafe { *p.add(i) };
        let (lo, hi) = (b & 0xf, b >> 4);
        match pairs {
            Pairs::Adjacent => {
                out[2 * i] = lo;
                out[2 * i + 1] = hi;
            }
            Pairs::Halves => {
                out[i] = lo;
                out[i + n] = hi;
            }
        }
    }
}

/// Writes a block's values one at a time, each product exact in a double
/// and rounded once: the blocks the table cannot take.
///
/// # Safety
/// `p` holds the block's bytes and `dst` has room for its values.
pub(super) unsafe fn block_exact<B: Blocks>(p: *const u8, d: f64, dest: Dest, dst: *mut u8) {
    let mut cs = [0u8; 32];
    // Safety: as the caller's.
    unsafe { codes(p, B::BYTES, B::PAIRS, &mut cs) };
    for (k, &c) in cs[..2 * B::BYTES].iter().enumerate() {
        let v = dest.round(crate::format::FLOAT4_E2M1FN.decode(u64::from(c)) * d);
        // Safety: element k is within the caller's room.
        unsafe { put(dst, k, v, dest) };
    }
}

/// Writes the element `k` of `dest` at `dst`.
///
/// # Safety
/// `dst` has room for element k.
#[inline(always)]
unsafe fn put(dst: *mut u8, k: usize, v: u32, dest: Dest) {
    // Safety: as the caller's.
    unsafe {
        match dest {
            Dest::Float32 => core::ptr::write_unaligned(dst.cast::<u32>().add(k), v),
            Dest::Bfloat16 => core::ptr::write_unaligned(dst.cast::<u16>().add(k), v as u16),
        }
    }
}

/// A block's values by the table `mags`, portably.
///
/// # Safety
/// `p` holds the block's bytes and `dst` has room for its values.
#[inline(always)]
unsafe fn block_portable<B: Blocks>(p: *const u8, mags: &[u32; 8], dest: Dest, dst: *mut u8) {
    let mut cs = [0u8; 32];
    // Safety: as the caller's.
    unsafe { codes(p, B::BYTES, B::PAIRS, &mut cs) };
    let sign = 1u32 << (dest.fraction_bits() + 8);
    for (k, &c) in cs[..2 * B::BYTES].iter().enumerate() {
        let v = mags[usize::from(c & 7)] | if c & 8 != 0 { sign } else { 0 };
        // Safety: element k is within the caller's room.
        unsafe { put(dst, k, v, dest) };
    }
}

/// Dequantizes every block of `blocks` into `dst`, elements of `dest`.
///
/// # Safety
/// `dst` has room for the blocks' values.
pub unsafe fn dequantize<B: Blocks>(blocks: &B, dest: Dest, dst: *mut u8) {
    let stream = dest.streams(blocks.count() * 2 * B::BYTES);
    // The AVX-512 kernels where they were measured faster: outputs that
    // stream, and pairs of 8-byte blocks into bfloat16 (NVFP4's), at
    // every size. Into the caches the AVX2 ones wrote the other pairs
    // 5 to 30% faster at 1e6 elements (see fp4_avx512).
    let nvfp4_bf16 = B::BYTES == 8 && dest == Dest::Bfloat16;
    let path = match path() {
        Path::Avx512 if !(stream || nvfp4_bf16) => Path::Avx2,
        p => p,
    };
    // Safety: as the caller's; the path is this processor's or one it
    // includes.
    unsafe { dequantize_on(path, blocks, dest, dst, stream) }
}

/// As [`dequantize`], by the kernels of `path`, streaming the stores
/// where they can when `stream`.
///
/// # Safety
/// As [`dequantize`]; the processor has `path`'s features.
unsafe fn dequantize_on<B: Blocks>(path: Path, blocks: &B, dest: Dest, dst: *mut u8, stream: bool) {
    #[cfg(all(target_arch = "x86_64", nx_avx512))]
    if path == Path::Avx512 {
        // Safety: the caller's path has AVX-512 F, BW and VBMI.
        return unsafe { super::fp4_avx512::dequantize(blocks, dest, dst, stream) };
    }
    #[cfg(target_arch = "x86_64")]
    if path != Path::Portable {
        // Safety: the caller's path has AVX2; as the caller's.
        return unsafe { avx2::dequantize(blocks, dest, dst, stream && dst as usize % 16 == 0) };
    }
    let w = 2 * B::BYTES * dest.bytes();
    let tabs = tables(blocks, dest);
    for b in 0..blocks.count() {
        // Safety: b < count; block b's values at b × w.
        unsafe { block_by(blocks, &tabs, dest, b, dst.add(b * w)) };
    }
}

/// Block b's values at `out`, by its scale's table in `tabs` (of
/// [`tables`]) or, where it has none, exactly.
///
/// # Safety
/// b < count; room for a block's values at out.
#[inline(always)]
pub(super) unsafe fn block_by<B: Blocks>(
    blocks: &B,
    tabs: &[Option<[u32; 8]>; 256],
    dest: Dest,
    b: usize,
    out: *mut u8,
) {
    // Safety: as the caller's.
    unsafe {
        let (p, s) = blocks.block(b);
        match &tabs[usize::from(s)] {
            Some(m) => block_portable::<B>(p, m, dest, out),
            None => block_exact::<B>(p, blocks.scale(s), dest, out),
        }
    }
}

#[cfg(target_arch = "x86_64")]
pub(super) mod avx2 {
    use super::{block_exact, fetch_ahead, Blocks, Dest, Pairs};
    use core::arch::x86_64::*;

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

    /// As [`super::dequantize`], streaming when `stream` (then `dst` is
    /// 16-byte aligned).
    ///
    /// Safety: AVX2; as [`super::dequantize`].
    #[target_feature(enable = "avx2")]
    pub unsafe fn dequantize<B: Blocks>(blocks: &B, dest: Dest, dst: *mut u8, stream: bool) {
        let per = 2 * B::BYTES * dest.bytes();
        let tabs = super::tables(blocks, dest);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::testing::at_offsets;
    use crate::format::{pow2, FLOAT4_E2M1FN};
    use crate::testing::Xorshift;

    #[test]
    fn magnitudes_are_each_rounded_once() {
        let mut rng = Xorshift::new(0x5555_1234_abcd_0001u64);
        for i in 0..200_000 {
            let s = rng.next_u64();
            // Scales of NVFP4 (4 bits × 24 bits) and MX (powers of two),
            // across the whole range.
            let d = if i % 2 == 0 {
                ((s >> 40) | 1) as f64 * pow2((s % 300) as i32 - 170)
            } else {
                pow2((s % 260) as i32 - 130)
            };
            for dest in [Dest::Float32, Dest::Bfloat16] {
                if let Some(t) = magnitudes(d, dest) {
                    for (c, &m) in t.iter().enumerate() {
                        let exact = dest.round(FLOAT4_E2M1FN.decode(c as u64) * d);
                        assert_eq!(m, exact, "{d:e} {c} {dest:?}");
                    }
                }
            }
        }
        assert_eq!(magnitudes(f64::NAN, Dest::Float32), None);
        assert_eq!(magnitudes(-1.0, Dest::Float32), None);
        assert_eq!(magnitudes(pow2(-127), Dest::Float32), None);
        assert!(magnitudes(pow2(-120), Dest::Bfloat16).is_some());
    }

    /// Checks `blocks` dequantized on every path this processor has,
    /// streaming or not, into every byte offset of a cache line, against
    /// each value computed exactly; the bytes around stay untouched.
    fn check<B: Blocks>(blocks: &B, dest: Dest, what: &str) {
        let per = 2 * B::BYTES * dest.bytes();
        let len = blocks.count() * per;
        let mut expect = vec![0u8; len];
        // Safety: room for every block's values.
        unsafe {
            for k in 0..blocks.count() {
                let (p, s) = blocks.block(k);
                block_exact::<B>(p, blocks.scale(s), dest, expect.as_mut_ptr().add(k * per));
            }
        }
        for path in crate::kernels::tests::paths() {
            let write = |p: *mut u8, stream| {
                // Safety: room for len bytes at p.
                unsafe { dequantize_on(path, blocks, dest, p, stream) }
            };
            at_offsets(1, &expect, write, |i| {
                format!("{what} {dest:?} {path:?}: byte {i}")
            });
        }
    }

    #[test]
    fn every_path_is_the_exact_one() {
        let mut rng = Xorshift::new(0x0f0f_1234_9999_7777u64);
        let mut bytes = vec![0u8; 36 * 256];
        for b in bytes.iter_mut() {
            let s = rng.next_u64();
            *b = s as u8;
        }
        let scales: Vec<u8> = (0..=255).collect();
        let p = bytes.as_ptr();
        for dest in [Dest::Float32, Dest::Bfloat16] {
            let mx = Mx {
                elements: p,
                scales: scales.as_ptr(),
                n: 256 * 32,
            };
            check(&mx, dest, "mx");
            for st in [1.0, 0.1f32 as f64, pow2(-140), 3e30f32 as f64] {
                // An odd number of blocks too: NVFP4 into bfloat16 takes
                // them two at a time.
                for n in [256 * 16, 255 * 16] {
                    let nv = Nv {
                        elements: p,
                        scales: scales.as_ptr(),
                        n,
                        st,
                    };
                    check(&nv, dest, &format!("nv {st:e} {n}"));
                }
            }
            check(
                &GgmlMx {
                    blocks: p,
                    n: 256 * 32,
                },
                dest,
                "ggml mx",
            );
            check(
                &GgmlNv {
                    blocks: p,
                    n: 256 * 64,
                },
                dest,
                "ggml nv",
            );
            check(
                &GgmlNv {
                    blocks: p,
                    n: 63 * 64,
                },
                dest,
                "ggml nv odd",
            );
        }
    }
}
