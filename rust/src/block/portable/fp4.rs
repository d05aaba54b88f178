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
//! The codes are then looked up: here, portably, a byte at a time; by the
//! kernels of `x86_64/fp4_avx2.rs` and `x86_64/fp4_avx512.rs`, 16 at a
//! time, which take the tables, the blocks and the exact path from here
//! (`dispatch.rs` picks one).

use crate::block::formats::{e8m0, ue4m3_ggml};
use crate::kernels::{E4M3_TO_F32, STREAM_BYTES};
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

/// The tables of the 256 scale bytes, None where [`magnitudes`] has none.
pub(in crate::block) fn tables<B: Blocks>(blocks: &B, dest: Dest) -> [Option<[u32; 8]>; 256] {
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
pub(in crate::block) unsafe fn block_exact<B: Blocks>(
    p: *const u8,
    d: f64,
    dest: Dest,
    dst: *mut u8,
) {
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

/// Dequantizes every block of `blocks` into `dst`, elements of `dest`,
/// portably: each block by its scale's table, or exactly where it has
/// none.
///
/// # Safety
/// `dst` has room for the blocks' values.
#[inline(always)]
pub unsafe fn dequantize<B: Blocks>(blocks: &B, dest: Dest, dst: *mut u8) {
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
pub(in crate::block) unsafe fn block_by<B: Blocks>(
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

#[cfg(test)]
mod tests {
    use super::*;
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
}
