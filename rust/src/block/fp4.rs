//! The fast path of E2M1 blocks (MXFP4, NVFP4 and ggml's two) into
//! float32 and bfloat16, the hot pairs of loading a checkpoint.
//!
//! A block's values are its 16 codes' values times one scale d, so each
//! block needs a table of 8 magnitudes, each m × d rounded once into the
//! destination, and a sign bit per code. The eight magnitudes are 0 and
//! 2^j × {1, 1.5} × d: rounding commutes with a product by a power of two
//! while the results stay normal, so two roundings (of d and of 1.5 d)
//! give the table, the rest being additions to the exponent field. A block
//! whose scale puts a magnitude outside the normal range (or is a NaN)
//! takes the general path of [`super::dequantize`].
//!
//! The codes are then looked up 16 at a time: with AVX2, `vpermps` into
//! float32 and `pshufb` into bfloat16; portably, a byte at a time.

use crate::kernels::hardware;
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

    /// The bytes of one element.
    pub const fn bytes(self) -> usize {
        match self {
            Dest::Float32 => 4,
            Dest::Bfloat16 => 2,
        }
    }

    /// The encoding of `x` rounded once.
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

/// The codes of `bytes` (a block's or sub-block's element bytes) in
/// order.
#[inline(always)]
fn codes(bytes: &[u8], pairs: Pairs, out: &mut [u8; 32]) {
    let n = bytes.len();
    for (i, &b) in bytes.iter().enumerate() {
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

/// Writes the values of `bytes`' codes under the magnitudes `mags` at
/// `dst`, one element of `dest` each, portably.
///
/// # Safety
/// `dst` has room for 2 × bytes.len() elements of `dest`.
unsafe fn expand_portable(bytes: &[u8], pairs: Pairs, mags: &[u32; 8], dest: Dest, dst: *mut u8) {
    let mut cs = [0u8; 32];
    codes(bytes, pairs, &mut cs);
    let sign = 1u32 << (dest.fraction_bits() + 8);
    for (k, &c) in cs[..2 * bytes.len()].iter().enumerate() {
        let v = mags[usize::from(c & 7)] | if c & 8 != 0 { sign } else { 0 };
        // Safety: element k is within the caller's room.
        unsafe {
            match dest {
                Dest::Float32 => core::ptr::write_unaligned(dst.cast::<u32>().add(k), v),
                Dest::Bfloat16 => core::ptr::write_unaligned(dst.cast::<u16>().add(k), v as u16),
            }
        }
    }
}

/// Writes the values of the E2M1 codes of `bytes` (8 or 16 of them),
/// each its magnitude from `mags` and the sign of its code, at `dst`.
///
/// # Safety
/// `dst` has room for 2 × bytes.len() elements of `dest`.
#[inline(always)]
pub unsafe fn expand(bytes: &[u8], pairs: Pairs, mags: &[u32; 8], dest: Dest, dst: *mut u8) {
    #[cfg(target_arch = "x86_64")]
    if hardware() {
        // Safety: hardware() checked AVX2; the caller's room.
        return unsafe { avx2::expand(bytes, pairs, mags, dest, dst) };
    }
    // Safety: as the caller's.
    unsafe { expand_portable(bytes, pairs, mags, dest, dst) }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{Dest, Pairs};
    use core::arch::x86_64::*;

    /// 16 code bytes in order from 8 bytes of `bytes` at `at`.
    ///
    /// Safety: AVX2; bytes[at..at + 8] exists.
    #[target_feature(enable = "avx2")]
    unsafe fn codes16(bytes: &[u8], at: usize, pairs: Pairs) -> __m128i {
        debug_assert!(at + 8 <= bytes.len());
        // Safety: 8 bytes at `at`, checked by the caller.
        let v = unsafe { _mm_loadl_epi64(bytes.as_ptr().add(at).cast()) };
        let m = _mm_set1_epi8(0x0f);
        let lo = _mm_and_si128(v, m);
        let hi = _mm_and_si128(_mm_srli_epi16::<4>(v), m);
        match pairs {
            Pairs::Adjacent => _mm_unpacklo_epi8(lo, hi),
            Pairs::Halves => _mm_unpacklo_epi64(lo, hi),
        }
    }

    /// Writes 16 values of the codes `c` at `dst`.
    ///
    /// Safety: AVX2; `dst` has room for 16 elements of `dest`.
    #[target_feature(enable = "avx2")]
    unsafe fn put16(c: __m128i, mags: &[u32; 8], dest: Dest, dst: *mut u8) {
        match dest {
            Dest::Float32 => {
                // Safety: 8 u32 in mags.
                let tab = unsafe { _mm256_loadu_si256(mags.as_ptr().cast()) };
                let sign = _mm256_set1_epi32(i32::MIN);
                for h in 0..2 {
                    let cs = if h == 0 { c } else { _mm_unpackhi_epi64(c, c) };
                    let idx = _mm256_cvtepu8_epi32(cs);
                    let mag = _mm256_permutevar8x32_epi32(tab, idx);
                    let s = _mm256_and_si256(_mm256_slli_epi32::<28>(idx), sign);
                    // Safety: 32 bytes at dst + 32h.
                    unsafe { _mm256_storeu_si256(dst.add(32 * h).cast(), _mm256_or_si256(mag, s)) };
                }
            }
            Dest::Bfloat16 => {
                let mut t = [0u16; 8];
                for (a, &m) in t.iter_mut().zip(mags) {
                    *a = m as u16;
                }
                // Safety: 16 bytes in t.
                let tab =
                    _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(t.as_ptr().cast()) });
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
                unsafe { _mm256_storeu_si256(dst.cast(), _mm256_or_si256(mag, s)) };
            }
        }
    }

    /// As [`super::expand`].
    ///
    /// Safety: AVX2; as [`super::expand`].
    #[target_feature(enable = "avx2")]
    pub unsafe fn expand(bytes: &[u8], pairs: Pairs, mags: &[u32; 8], dest: Dest, dst: *mut u8) {
        let w = 16 * dest.bytes();
        match (bytes.len(), pairs) {
            (16, Pairs::Halves) => {
                // Codes 0..15 are the low nibbles, 16..31 the high ones.
                // Safety: 16 bytes.
                let v = unsafe { _mm_loadu_si128(bytes.as_ptr().cast()) };
                let m = _mm_set1_epi8(0x0f);
                // Safety: 32 elements of room.
                unsafe {
                    put16(_mm_and_si128(v, m), mags, dest, dst);
                    put16(
                        _mm_and_si128(_mm_srli_epi16::<4>(v), m),
                        mags,
                        dest,
                        dst.add(w),
                    );
                }
            }
            (n, _) => {
                for k in 0..n / 8 {
                    // Safety: 8 bytes at 8k; 16 elements of room at 16k.
                    unsafe { put16(codes16(bytes, 8 * k, pairs), mags, dest, dst.add(k * w)) };
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{pow2, FLOAT4_E2M1FN};

    #[test]
    fn magnitudes_are_each_rounded_once() {
        let mut s = 0x5555_1234_abcd_0001u64;
        for i in 0..200_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
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
        assert_eq!(magnitudes(pow2(-127), Dest::Float32), None);
        assert!(magnitudes(pow2(-120), Dest::Bfloat16).is_some());
    }

    #[test]
    fn hardware_and_portable_agree() {
        let mut s = 0x0f0f_1234_9999_7777u64;
        let mags = magnitudes(0.375, Dest::Float32).unwrap();
        let magb = magnitudes(0.375, Dest::Bfloat16).unwrap();
        for _ in 0..10_000 {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            let bytes: [u8; 16] =
                core::array::from_fn(|i| (s >> (4 * (i % 16))) as u8 ^ (i as u8 * 37));
            for (n, pairs) in [
                (8, Pairs::Adjacent),
                (16, Pairs::Adjacent),
                (8, Pairs::Halves),
                (16, Pairs::Halves),
            ] {
                for (dest, m) in [(Dest::Float32, &mags), (Dest::Bfloat16, &magb)] {
                    let mut a = [0u8; 128];
                    let mut b = [0u8; 128];
                    // Safety: 128 bytes hold 32 elements of 4 bytes.
                    unsafe {
                        expand(&bytes[..n], pairs, m, dest, a.as_mut_ptr());
                        expand_portable(&bytes[..n], pairs, m, dest, b.as_mut_ptr());
                    }
                    assert_eq!(a, b, "{pairs:?} {n} {dest:?}");
                }
            }
        }
    }
}
