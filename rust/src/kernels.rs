//! Fast kernels for the hot pairs of the conversion rule, under the default
//! rounding (to nearest, ties to even) and overflow (the Stores rule), on
//! little-endian data. Each gives the same bits as the general kernel of
//! `convert.rs`; the tests compare them, every hardware path and its
//! portable fallback.
//!
//! The element functions are branch-free integer code that LLVM
//! vectorises. Each loop is compiled twice: portably, and with AVX2 and
//! F16C enabled, chosen at run time. A double goes to a 16-bit or smaller
//! format by way of float32 rounded to odd (`f64_to_f32_odd`), which is
//! exact for targets of at most 22 bits of precision, or in one rounding
//! (`f64_to_small`).

use crate::facts::*;
use core::sync::atomic::{AtomicU8, Ordering};

/// A kernel: converts `n` elements at `src` into `dst`.
pub type Kernel = unsafe fn(dst: *mut u8, src: *const u8, n: usize);

// {1 Element functions}

const F32_SIGN: u32 = 0x8000_0000;
const F32_INF: u32 = 0x7f80_0000;

/// float32 bits to bfloat16 bits, to nearest even.
#[inline(always)]
pub(crate) fn f32_to_bf16(b: u32) -> u16 {
    let nan = (b & !F32_SIGN) > F32_INF;
    let rounded = (b + 0x7fff + ((b >> 16) & 1)) >> 16;
    let quiet = (b >> 16) | 0x0040;
    (if nan { quiet } else { rounded }) as u16
}

/// float32 bits to the bits of a format of `E` exponent and `F` fraction
/// bits (bias 2^(E-1) - 1): to nearest even with the exponent unbounded
/// above, then past the range an infinity (`IEEE`) or the largest finite
/// value. NaN as the NaN rule says: `IEEE` keeps the top of the payload,
/// E4M3FN (`!IEEE`, `NAN_ONLY`) has one NaN of each sign, E2M1FN gives +0.
#[inline(always)]
pub(crate) fn f32_to_small<const E: u32, const F: u32, const IEEE: bool, const NAN_ONLY: bool>(
    b: u32,
) -> u32 {
    let bias = (1i32 << (E - 1)) - 1;
    let sign = (b >> 31) << (E + F);
    let a = b & !F32_SIGN;
    let field = (a >> 23) as i32;
    let m = (a & 0x7f_ffff) | if field != 0 { 0x80_0000 } else { 0 };
    let e2 = field.max(1) - 127 - 23; // a = m * 2^e2
    let emin = 1 - bias;
    let q = (field - 127).max(emin) - F as i32; // the result's quantum
    let shift = (q - e2).clamp(1, 31) as u32;
    let kept = m >> shift;
    let rem = m & ((1 << shift) - 1);
    let half = 1 << (shift - 1);
    let up = rem > half || (rem == half && kept & 1 != 0);
    let r = kept + u32::from(up);
    // One formula for normal and subnormal results, and for a carry into
    // the next binade: the exponent field minus one, then the significand.
    let mag = (((q + F as i32 + bias - 1).max(0) as u32) << F) + r;
    let top = (1u32 << E) - 1;
    let (max, inf) = if IEEE {
        ((top << F) - 1, top << F)
    } else if NAN_ONLY {
        ((top << F) | ((1 << F) - 2), 0)
    } else {
        ((top << F) | ((1 << F) - 1), 0)
    };
    let over = if IEEE { inf } else { max };
    let nan = if IEEE {
        (top << F) | (1 << (F - 1)) | ((a & 0x3f_ffff) >> (22 - (F - 1)))
    } else if NAN_ONLY {
        (top << F) | ((1 << F) - 1)
    } else {
        0
    };
    let is_nan = a > F32_INF;
    let mag = if mag > max || a == F32_INF { over } else { mag };
    if is_nan {
        if IEEE || NAN_ONLY {
            sign | nan
        } else {
            0
        }
    } else {
        sign | mag
    }
}

/// A double's bits to the bits of a format of `E` exponent and `F`
/// fraction bits, as [`f32_to_small`] does from float32, but in one
/// rounding from the double itself: integer code only, so that the
/// floating-point environment cannot change it.
#[inline(always)]
pub(crate) fn f64_to_small<const E: u32, const F: u32, const IEEE: bool, const NAN_ONLY: bool>(
    x: f64,
) -> u32 {
    const F64_SIGN: u64 = 1 << 63;
    const F64_INF: u64 = 0x7ff0_0000_0000_0000;
    const F64_FRACTION: u64 = (1 << 52) - 1;
    let bias = (1i64 << (E - 1)) - 1;
    let b = x.to_bits();
    let sign = ((b >> 63) as u32) << (E + F);
    let a = b & !F64_SIGN;
    let field = (a >> 52) as i64;
    // The double's exponent field of the target's least normal binade.
    let normal = 1023 + 1 - bias;
    // Bits of the 53-bit significand to drop: 52 - F for a normal result,
    // more below; past 63 every magnitude rounds to zero, as it should.
    let shift = (52 - F as i64 + (normal - field).max(0)).min(63) as u32;
    let m = (a & F64_FRACTION) | (1 << 52);
    let r = (m + (1 << (shift - 1)) - 1 + ((m >> shift) & 1)) >> shift;
    // The exponent field minus one, then the significand with its leading
    // bit: one formula for normal, subnormal and carried results.
    let mag = (((field - normal).max(0) as u64) << F) + r;
    let top = (1u64 << E) - 1;
    let (max, over) = if IEEE {
        ((top << F) - 1, top << F)
    } else if NAN_ONLY {
        let max = (top << F) | ((1 << F) - 2);
        (max, max)
    } else {
        let max = (top << F) | ((1 << F) - 1);
        (max, max)
    };
    let mag = if mag > max { over } else { mag };
    if a > F64_INF {
        if IEEE {
            let payload = (a >> (52 - F)) & ((1 << (F - 1)) - 1);
            sign | ((top << F) | (1 << (F - 1)) | payload) as u32
        } else if NAN_ONLY {
            sign | ((top << F) | ((1 << F) - 1)) as u32
        } else {
            0
        }
    } else {
        sign | mag as u32
    }
}

/// A double to float32 bits rounded to odd: exact as a step to formats of
/// at most 22 bits of precision.
#[inline(always)]
pub(crate) fn f64_to_f32_odd(x: f64) -> u32 {
    let f = x as f32;
    let bits = f.to_bits();
    let back = f64::from(f);
    let inexact = back != x && !x.is_nan();
    let outer = back.abs() > x.abs();
    (bits - u32::from(inexact && outer)) | u32::from(inexact)
}

/// Decode tables of the 8- and 4-bit formats, to float32 bits.
const fn table<const N: usize>(e: u32, f: u32, ieee: bool, nan_only: bool) -> [u32; N] {
    let mut t = [0u32; N];
    let bias = (1i32 << (e - 1)) - 1;
    let mut i = 0;
    while i < N {
        let enc = i as u32;
        let sign = (enc >> (e + f)) << 31;
        let field = (enc >> f) & ((1 << e) - 1);
        let frac = enc & ((1 << f) - 1);
        let top = (1 << e) - 1;
        let special = field == top && (ieee || (nan_only && frac == (1 << f) - 1));
        t[i] = if special {
            // An infinity or a NaN, its fraction at the top of float32's.
            sign | F32_INF | (frac << (23 - f))
        } else if field == 0 {
            // frac * 2^(1 - bias - f), a float32 normal number: rebuild it.
            if frac == 0 {
                sign
            } else {
                let lz = 31 - frac.leading_zeros(); // highest set bit
                let exp = (1 - bias - f as i32 + lz as i32 + 127) as u32;
                sign | (exp << 23) | ((frac << (23 - lz)) & 0x7f_ffff)
            }
        } else {
            sign | (((field as i32 - bias + 127) as u32) << 23) | (frac << (23 - f))
        };
        i += 1;
    }
    t
}

pub(crate) static E4M3_TO_F32: [u32; 256] = table(4, 3, false, true);
pub(crate) static E5M2_TO_F32: [u32; 256] = table(5, 2, true, false);
pub(crate) static E2M1_TO_F32: [u32; 16] = table(2, 1, false, false);

/// float16 bits to float32 bits, exactly; a signalling NaN is quieted, as
/// a store does.
#[inline(always)]
pub(crate) fn f16_to_f32(h: u16) -> u32 {
    let h = u32::from(h);
    let sign = (h & 0x8000) << 16;
    let field = (h >> 10) & 0x1f;
    let frac = h & 0x3ff;
    if field == 0x1f {
        let quiet = if frac != 0 { 0x40_0000 } else { 0 };
        return sign | F32_INF | quiet | (frac << 13);
    }
    if field == 0 {
        // A subnormal is exact in float32 arithmetic.
        let v = frac as f32 * f32::from_bits(0x3380_0000); // 2^-24
        return sign | v.to_bits();
    }
    sign | ((field + 112) << 23) | (frac << 13)
}

// {1 Loops}

/// Reads element `i` of `W` bytes.
#[inline(always)]
unsafe fn rd<const W: usize>(p: *const u8, i: usize) -> [u8; W] {
    // Safety: the caller guarantees element i.
    unsafe { core::ptr::read_unaligned(p.add(i * W) as *const [u8; W]) }
}

#[inline(always)]
unsafe fn wr<const W: usize>(p: *mut u8, i: usize, v: [u8; W]) {
    // Safety: the caller guarantees element i.
    unsafe { core::ptr::write_unaligned(p.add(i * W) as *mut [u8; W], v) }
}

/// A portable kernel alone, for pairs whose hardware kernel is written by
/// hand.
macro_rules! portable_kernel {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            /// Safety: as [`Kernel`].
            pub unsafe fn portable(dst: *mut u8, src: *const u8, n: usize) {
                ($body)(dst, src, n)
            }
        }
    };
}

macro_rules! kernel {
    ($name:ident, $body:expr) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            /// The loop: a closure over raw pointers, whose unsafe blocks
            /// rely on this function's contract.
            ///
            /// Safety: `src` holds `n` elements and `dst` room for them.
            #[inline(always)]
            unsafe fn body(dst: *mut u8, src: *const u8, n: usize) {
                ($body)(dst, src, n)
            }

            /// Safety: as [`Kernel`].
            pub unsafe fn portable(dst: *mut u8, src: *const u8, n: usize) {
                // Safety: as the caller's.
                unsafe { body(dst, src, n) }
            }

            #[cfg(target_arch = "x86_64")]
            #[target_feature(enable = "avx2,f16c,fma")]
            unsafe fn avx2_inner(dst: *mut u8, src: *const u8, n: usize) {
                // Safety: as the caller's.
                unsafe { body(dst, src, n) }
            }

            /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
            pub unsafe fn avx2(dst: *mut u8, src: *const u8, n: usize) {
                #[cfg(target_arch = "x86_64")]
                // Safety: the dispatcher checked the features.
                unsafe {
                    avx2_inner(dst, src, n)
                }
                #[cfg(not(target_arch = "x86_64"))]
                // Safety: as the caller's.
                unsafe {
                    body(dst, src, n)
                }
            }
        }
    };
}

/// An element-wise loop from `SW`-byte to `DW`-byte elements.
macro_rules! map {
    ($sw:literal, $dw:literal, $f:expr) => {
        |dst: *mut u8, src: *const u8, n: usize| {
            for i in 0..n {
                // Safety: i < n.
                unsafe { wr::<$dw>(dst, i, ($f)(rd::<$sw>(src, i))) }
            }
        }
    };
}

/// A loop from `SW`-byte elements to packed 4-bit ones, two to a byte:
/// the codes of a chunk first (a loop that vectorises), then the packing.
macro_rules! pack4 {
    ($sw:literal, $f:expr) => {
        |dst: *mut u8, src: *const u8, n: usize| {
            const CHUNK: usize = 256;
            let f = $f;
            let mut codes = [0u8; CHUNK];
            let mut base = 0;
            while base < n {
                let len = CHUNK.min(n - base);
                let chunk = &mut codes[..len];
                for (k, c) in chunk.iter_mut().enumerate() {
                    // Safety: base + k < n.
                    let v: u8 = f(unsafe { rd::<$sw>(src, base + k) });
                    *c = v;
                }
                let out = base / 2;
                for (j, pair) in chunk.chunks_exact(2).enumerate() {
                    // Safety: byte out + j holds elements below n.
                    unsafe { *dst.add(out + j) = (pair[0] & 0xf) | (pair[1] << 4) };
                }
                if len % 2 == 1 {
                    // Safety: the last element, n - 1, is in byte out + len / 2.
                    unsafe { *dst.add(out + len / 2) = chunk[len - 1] & 0xf };
                }
                base += len;
            }
        }
    };
}

/// A loop from packed 4-bit elements to float32, a byte at a time through
/// a table of the two elements' float32 bits.
macro_rules! unpack4 {
    ($pairs:expr) => {
        |dst: *mut u8, src: *const u8, n: usize| {
            let pairs: &[u64; 256] = $pairs;
            for j in 0..n / 2 {
                // Safety: byte j holds elements 2j and 2j + 1 < n.
                unsafe { wr::<8>(dst, j, pairs[*src.add(j) as usize].to_le_bytes()) }
            }
            if n % 2 == 1 {
                // Safety: the last element is the low half of byte n / 2.
                let both = pairs[unsafe { *src.add(n / 2) } as usize] as u32;
                // Safety: element n - 1 < n.
                unsafe { wr::<4>(dst, n - 1, both.to_le_bytes()) }
            }
        }
    };
}

/// For every byte of two packed 4-bit elements, their two float32 values'
/// bits, the low element's in the low half.
const fn pairs(t: &[u32; 16]) -> [u64; 256] {
    let mut p = [0u64; 256];
    let mut i = 0;
    while i < 256 {
        p[i] = (t[i & 0xf] as u64) | ((t[i >> 4] as u64) << 32);
        i += 1;
    }
    p
}

const fn int4_table() -> [u32; 16] {
    let mut t = [0u32; 16];
    let mut i = 0;
    while i < 16 {
        let v = ((i as i32) << 28) >> 28;
        t[i] = (v as f32).to_bits();
        i += 1;
    }
    t
}

static E2M1_PAIRS: [u64; 256] = pairs(&E2M1_TO_F32);
static INT4_PAIRS: [u64; 256] = pairs(&int4_table());

fn le32(b: [u8; 4]) -> u32 {
    u32::from_le_bytes(b)
}

/// A kernel into float16 with F16C, in module `$hw`: `$load` gives eight
/// float32 from element `i` (rounded to odd from doubles where the source
/// is wider), which the processor rounds to float16, nearest even; the
/// elements that remain take the portable kernel `$name`.
macro_rules! f16c {
    ($hw:ident, $name:ident, $sw:literal, $dw:literal, $load:expr) => {
        #[cfg(target_arch = "x86_64")]
        mod $hw {
            use super::*;
            use core::arch::x86_64::*;

            /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
            #[target_feature(enable = "avx2,f16c")]
            pub unsafe fn run(dst: *mut u8, src: *const u8, n: usize) {
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
                unsafe { $name::portable(dst.add($dw * i), src.add($sw * i), n - i) }
            }
        }
    };
}

portable_kernel!(f32_bf16, map!(4, 2, |b| f32_to_bf16(le32(b)).to_le_bytes()));
portable_kernel!(
    f32_f16,
    map!(4, 2, |b| (f32_to_small::<5, 10, true, false>(le32(b))
        as u16)
        .to_le_bytes())
);
portable_kernel!(
    f32_e4m3,
    map!(4, 1, |b| [f32_to_small::<4, 3, false, true>(le32(b)) as u8])
);
portable_kernel!(
    f32_e5m2,
    map!(4, 1, |b| [f32_to_small::<5, 2, true, false>(le32(b)) as u8])
);
portable_kernel!(
    f32_e2m1,
    pack4!(4, |b| f32_to_small::<2, 1, false, false>(le32(b)) as u8)
);
portable_kernel!(
    f32_int4,
    pack4!(4, |b| (f32::from_le_bytes(b) as i8).clamp(-8, 7) as u8)
);
kernel!(
    f64_f32,
    map!(8, 4, |b| (f64::from_le_bytes(b) as f32).to_le_bytes())
);
portable_kernel!(
    f64_bf16,
    map!(8, 2, |b| f32_to_bf16(f64_to_f32_odd(f64::from_le_bytes(b)))
        .to_le_bytes())
);
portable_kernel!(
    f64_f16,
    map!(8, 2, |b| {
        (f32_to_small::<5, 10, true, false>(f64_to_f32_odd(f64::from_le_bytes(b))) as u16)
            .to_le_bytes()
    })
);
kernel!(
    i32_f16,
    map!(4, 2, |b| {
        // Below 2^24 the float32 is exact; above, the result is infinite
        // either way.
        (f32_to_small::<5, 10, true, false>((i32::from_le_bytes(b) as f32).to_bits()) as u16)
            .to_le_bytes()
    })
);
portable_kernel!(
    bf16_f32,
    map!(2, 4, |b| {
        let w = u32::from(u16::from_le_bytes(b)) << 16;
        // A store quiets a signalling NaN.
        let nan = (w & !F32_SIGN) > F32_INF;
        (if nan { w | 0x40_0000 } else { w }).to_le_bytes()
    })
);
portable_kernel!(
    f16_f32,
    map!(2, 4, |b| f16_to_f32(u16::from_le_bytes(b)).to_le_bytes())
);
portable_kernel!(
    e4m3_f32,
    map!(1, 4, |b: [u8; 1]| E4M3_TO_F32[b[0] as usize].to_le_bytes())
);
portable_kernel!(
    e5m2_f32,
    map!(1, 4, |b: [u8; 1]| {
        let w = E5M2_TO_F32[b[0] as usize];
        let nan = (w & !F32_SIGN) > F32_INF;
        (if nan { w | 0x40_0000 } else { w }).to_le_bytes()
    })
);
portable_kernel!(e2m1_f32, unpack4!(&E2M1_PAIRS));
portable_kernel!(int4_f32, unpack4!(&INT4_PAIRS));

f16c!(f32_f16_hw, f32_f16, 4, 2, |src: *const u8, i| {
    // Safety: eight elements from i.
    unsafe { _mm256_loadu_ps(src.add(4 * i) as *const f32) }
});
f16c!(f64_f16_hw, f64_f16, 8, 2, |src: *const u8, i| {
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
#[cfg(target_arch = "x86_64")]
mod f64_bf16_hw {
    use super::*;
    use core::arch::x86_64::*;

    /// The double exponent field of bfloat16's least normal and of its
    /// overflow threshold's binade.
    const LEAST: i64 = 1023 - 126;
    const PAST: i64 = 1023 + 128;

    /// Four doubles rounded to bfloat16 on their bits, each in the low 16
    /// bits of its lane, and a mask of the lanes whose result is normal
    /// (with room for a carry), the only ones this rounding serves.
    #[inline(always)]
    unsafe fn round4(b: __m256i) -> (__m256i, __m256i) {
        let a = _mm256_and_si256(b, _mm256_set1_epi64x(0x7fff_ffff_ffff_ffff));
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
    pub unsafe fn run(dst: *mut u8, src: *const u8, n: usize) {
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
                    f64_bf16::portable(dst.add(2 * i), src.add(8 * i), 16);
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
        unsafe { in_blocks::<16, STREAMS>(dst, src, n, 2, 64, f64_bf16::portable, block) }
    }
}

/// Outputs of at least this many bytes (16 MiB, past this machine class's
/// caches) are written with streaming stores: kept in the caches, they
/// would only evict the input.
#[cfg(target_arch = "x86_64")]
const STREAM_BYTES: usize = 16 << 20;

/// Large conversions read their source as this many streams at once: a
/// quarter of the blocks each, a block from each in turn, which keeps more
/// lines in flight. One core reads memory faster so than along one stream:
/// float64 to bfloat16 takes 60 to 80 ms at 1e8 elements instead of 85 to
/// 95. A large source is read so even into a small output: float32 to
/// float8_e4m3fn at 1e7 elements (40 MB read, 10 MB written) took 2.7 ms
/// instead of 4.9. Not for the 4-bit formats to float32, whose output is
/// eight times their input: four streams of stores were slower than one.
#[cfg(target_arch = "x86_64")]
const STREAMS: usize = 4;

/// A cache line's bytes: the unit of streaming stores.
#[cfg(target_arch = "x86_64")]
const LINE: usize = 64;

/// The frame of the hand-written kernels that may stream: `portable`
/// converts the elements before dst's first cache line, as streaming
/// stores want whole aligned lines, then `block(i, stream)` the `STEP`
/// elements from each i, then `portable` the rest. When the output has
/// [`STREAM_BYTES`], the blocks stream their stores; when the output or
/// the source has, they are taken `PARTS` at a time from as many parts of
/// the array (see [`STREAMS`]). Elements
/// are `dst_bytes` and `src_bits` wide; a head that would split a source
/// byte is not taken, and then nothing streams.
///
/// Safety: as [`Kernel`]; `block` may rely on `STEP` elements from i at
/// both.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn in_blocks<const STEP: usize, const PARTS: usize>(
    dst: *mut u8,
    src: *const u8,
    n: usize,
    dst_bytes: usize,
    src_bits: usize,
    portable: Kernel,
    mut block: impl FnMut(usize, bool),
) {
    let head = ((LINE - dst as usize % LINE) % LINE / dst_bytes).min(n);
    let (stream, head) = if head * src_bits % 8 == 0 {
        (n * dst_bytes >= STREAM_BYTES, head)
    } else {
        (false, 0)
    };
    // Safety: the first head elements.
    unsafe { portable(dst, src, head) };
    let mut i = head;
    if stream || n * src_bits / 8 >= STREAM_BYTES {
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
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn store256(p: *mut u8, v: core::arch::x86_64::__m256i, stream: bool) {
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

/// float32 to bfloat16 with AVX2, sixteen at a time: rounded on the bits
/// as [`f32_to_bf16`] does one, packed in order, and streamed past the
/// caches when the output is larger than they are; the rest portably.
#[cfg(target_arch = "x86_64")]
mod f32_bf16_hw {
    use super::*;
    use core::arch::x86_64::*;

    #[inline(always)]
    unsafe fn round8(b: __m256i) -> __m256i {
        let abs = _mm256_and_si256(b, _mm256_set1_epi32(0x7fff_ffff));
        let nan = _mm256_cmpgt_epi32(abs, _mm256_set1_epi32(F32_INF as i32));
        let odd = _mm256_and_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(1));
        let bias = _mm256_add_epi32(_mm256_set1_epi32(0x7fff), odd);
        let rounded = _mm256_srli_epi32::<16>(_mm256_add_epi32(b, bias));
        let quiet = _mm256_or_si256(_mm256_srli_epi32::<16>(b), _mm256_set1_epi32(0x40));
        _mm256_blendv_epi8(rounded, quiet, nan)
    }

    /// Safety: as [`Kernel`], on a processor with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn run(dst: *mut u8, src: *const u8, n: usize) {
        let block = |i: usize, stream| {
            // Safety: sixteen elements from i at both.
            unsafe {
                let a = round8(_mm256_loadu_si256(src.add(4 * i) as *const __m256i));
                let b = round8(_mm256_loadu_si256(src.add(4 * (i + 8)) as *const __m256i));
                // packus works within 128-bit lanes: put them back in order.
                let packed = _mm256_permute4x64_epi64::<0b1101_1000>(_mm256_packus_epi32(a, b));
                store256(dst.add(2 * i), packed, stream);
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<16, STREAMS>(dst, src, n, 2, 32, f32_bf16::portable, block) }
    }
}

/// bfloat16 to float32 with AVX2, sixteen at a time, quieting NaNs; the
/// rest portably.
#[cfg(target_arch = "x86_64")]
mod bf16_f32_hw {
    use super::*;
    use core::arch::x86_64::*;

    /// Safety: as [`Kernel`], on a processor with AVX2.
    #[target_feature(enable = "avx2")]
    pub unsafe fn run(dst: *mut u8, src: *const u8, n: usize) {
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
        unsafe { in_blocks::<16, STREAMS>(dst, src, n, 4, 16, bf16_f32::portable, block) }
    }
}

/// Four doubles rounded to odd in float32, as [`f64_to_f32_odd`] does one.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn odd4(x: core::arch::x86_64::__m256d) -> core::arch::x86_64::__m128i {
    use core::arch::x86_64::*;
    let f = _mm256_cvtpd_ps(x);
    let back = _mm256_cvtps_pd(f);
    let abs = _mm256_castsi256_pd(_mm256_set1_epi64x(0x7fff_ffff_ffff_ffff));
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
#[cfg(target_arch = "x86_64")]
mod f16_f32_hw {
    use super::*;
    use core::arch::x86_64::*;

    /// Safety: as [`Kernel`], on a processor with AVX2 and F16C.
    #[target_feature(enable = "avx2,f16c")]
    pub unsafe fn run(dst: *mut u8, src: *const u8, n: usize) {
        let block = |i: usize, stream| {
            // Safety: eight elements from i at both.
            unsafe {
                let h = _mm_loadu_si128(src.add(2 * i) as *const __m128i);
                let f = _mm256_castps_si256(_mm256_cvtph_ps(h));
                store256(dst.add(4 * i), f, stream);
            }
        };
        // Safety: as the caller's.
        unsafe { in_blocks::<8, STREAMS>(dst, src, n, 4, 16, f16_f32::portable, block) }
    }
}

/// The AVX2 kernels of the formats of a byte or less, both ways.
#[cfg(target_arch = "x86_64")]
mod small_x86;

// {1 Dispatch}

/// 0: not yet decided; 1: portable; 2: AVX2 and F16C.
static PATH: AtomicU8 = AtomicU8::new(0);

/// Whether the hardware kernels are in use: on processors with AVX2 and
/// F16C, unless the environment variable `NX_ARRAY_PORTABLE` is set.
#[inline]
pub fn hardware() -> bool {
    match PATH.load(Ordering::Relaxed) {
        0 => decide(),
        p => p == 2,
    }
}

#[cold]
#[inline(never)]
fn decide() -> bool {
    let hw = detect() && std::env::var_os("NX_ARRAY_PORTABLE").is_none();
    PATH.store(if hw { 2 } else { 1 }, Ordering::Relaxed);
    hw
}

fn detect() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("f16c")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// The fast kernel of a pair, if there is one: `hw` picks the hardware or
/// the portable one.
pub fn find(dst: u8, src: u8, hw: bool) -> Option<Kernel> {
    macro_rules! hw_pick {
        ($hw:expr, $fast:path, $portable:path) => {{
            #[cfg(target_arch = "x86_64")]
            let k = if $hw {
                $fast as Kernel
            } else {
                $portable as Kernel
            };
            #[cfg(not(target_arch = "x86_64"))]
            let k = $portable as Kernel;
            Some(k)
        }};
    }
    macro_rules! pick {
        ($m:ident) => {
            Some(if hw {
                $m::avx2 as Kernel
            } else {
                $m::portable as Kernel
            })
        };
    }
    match (src, dst) {
        (FLOAT32, BFLOAT16) => hw_pick!(hw, f32_bf16_hw::run, f32_bf16::portable),
        (FLOAT32, FLOAT16) => hw_pick!(hw, f32_f16_hw::run, f32_f16::portable),
        (FLOAT32, FLOAT8_E4M3FN) => hw_pick!(hw, small_x86::f32_e4m3, f32_e4m3::portable),
        (FLOAT32, FLOAT8_E5M2) => hw_pick!(hw, small_x86::f32_e5m2, f32_e5m2::portable),
        (FLOAT32, FLOAT4_E2M1FN) => hw_pick!(hw, small_x86::f32_e2m1, f32_e2m1::portable),
        (FLOAT32, INT4) => hw_pick!(hw, small_x86::f32_int4, f32_int4::portable),
        (FLOAT64, FLOAT32) => pick!(f64_f32),
        (FLOAT64, BFLOAT16) => hw_pick!(hw, f64_bf16_hw::run, f64_bf16::portable),
        (FLOAT64, FLOAT16) => hw_pick!(hw, f64_f16_hw::run, f64_f16::portable),
        (INT32, FLOAT16) => pick!(i32_f16),
        (BFLOAT16, FLOAT32) => hw_pick!(hw, bf16_f32_hw::run, bf16_f32::portable),
        (FLOAT16, FLOAT32) => hw_pick!(hw, f16_f32_hw::run, f16_f32::portable),
        (FLOAT8_E4M3FN, FLOAT32) => hw_pick!(hw, small_x86::e4m3_f32, e4m3_f32::portable),
        (FLOAT8_E5M2, FLOAT32) => hw_pick!(hw, small_x86::e5m2_f32, e5m2_f32::portable),
        (FLOAT4_E2M1FN, FLOAT32) => hw_pick!(hw, small_x86::e2m1_f32, e2m1_f32::portable),
        (INT4, FLOAT32) => hw_pick!(hw, small_x86::int4_f32, int4_f32::portable),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::convert::{storage, Conversion, Overflow};
    use crate::format::Rounding;

    const PAIRS: [(u8, u8); 16] = [
        (FLOAT32, BFLOAT16),
        (FLOAT32, FLOAT16),
        (FLOAT32, FLOAT8_E4M3FN),
        (FLOAT32, FLOAT8_E5M2),
        (FLOAT32, FLOAT4_E2M1FN),
        (FLOAT32, INT4),
        (FLOAT64, FLOAT32),
        (FLOAT64, BFLOAT16),
        (FLOAT64, FLOAT16),
        (INT32, FLOAT16),
        (BFLOAT16, FLOAT32),
        (FLOAT16, FLOAT32),
        (FLOAT8_E4M3FN, FLOAT32),
        (FLOAT8_E5M2, FLOAT32),
        (FLOAT4_E2M1FN, FLOAT32),
        (INT4, FLOAT32),
    ];

    pub(super) fn general(dst: u8, src: u8, input: &[u8], n: usize) -> Vec<u8> {
        let c = Conversion {
            dst: storage(dst.into()).unwrap(),
            src: storage(src.into()).unwrap(),
            rounding: Rounding::NearestEven,
            overflow: Overflow::Stores,
            swap_src: false,
            swap_dst: false,
        };
        let mut out = vec![0u8; c.dst.bytes(n)];
        // Safety: sized for n elements.
        unsafe { c.run_general(out.as_mut_ptr(), input.as_ptr(), n) };
        out
    }

    /// Inputs that reach every branch: every 16-bit and smaller encoding,
    /// and for 32- and 64-bit sources, random bits, random values near
    /// the targets' halfway points, and the special values.
    fn inputs(src: u8) -> Vec<u8> {
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            s
        };
        let bits = TABLE[src as usize].bits;
        let mut out = Vec::new();
        match bits {
            4 => out.extend((0..=255u8).collect::<Vec<_>>()),
            8 => out.extend((0..=255u8).collect::<Vec<_>>()),
            16 => (0..=u16::MAX).for_each(|v| out.extend(v.to_le_bytes())),
            32 => {
                for k in 0..400_000u32 {
                    let r = next() as u32;
                    // Random bits, then halfway points of 8- to 16-bit
                    // formats with low bits set or clear.
                    let v = match k % 4 {
                        0 => r,
                        1 => (r & 0xffff_0000) | 0x8000,
                        2 => (r & 0xfff0_0000) | 0x0008_0000 | (r & 1),
                        _ => (r & 0xffff_e000) | 0x1000,
                    };
                    out.extend(v.to_le_bytes());
                }
                for v in [
                    0u32,
                    F32_SIGN,
                    F32_INF,
                    F32_INF | F32_SIGN,
                    0x7fc0_0000,
                    0x7f80_0001,
                    1,
                    0x7f7f_ffff,
                ] {
                    out.extend(v.to_le_bytes());
                }
                if src == INT32 {
                    for v in [i32::MIN, i32::MAX, 65519, 65520, -65520, 2049, 4097] {
                        out.extend(v.to_le_bytes());
                    }
                }
            }
            _ => {
                for k in 0..400_000u64 {
                    let r = next();
                    // Exponents where bfloat16 and float16 are normal,
                    // runs of them, with halfway and near-halfway bits.
                    let exp = (880 + (r >> 52) % 300) << 52;
                    let in_range = (r & 0x800f_ffff_ffff_ffff) | exp;
                    let v = match k % 8 {
                        0 => r,
                        1 => (r & 0xffff_ffff_e000_0000) | 0x1000_0000 | (r & 0xf),
                        2 => (r & 0xffff_f000_0000_0000) | 0x0000_0800_0000_0000,
                        3 | 4 => in_range,
                        5 => (in_range & !((1 << 45) - 1)) | (1 << 44),
                        6 => (in_range & !((1 << 45) - 1)) | (1 << 44) | 1,
                        _ => (in_range & !((1 << 45) - 1)) | ((1 << 44) - 1),
                    };
                    out.extend(v.to_le_bytes());
                }
                for x in [
                    0.0,
                    -0.0,
                    f64::INFINITY,
                    f64::NAN,
                    1e300,
                    1e-300,
                    65519.99,
                    3.4e38,
                    1e-45,
                ] {
                    out.extend(f64::to_le_bytes(x));
                }
            }
        }
        out
    }

    /// The kernel of (dst, src) on both paths, over `n` elements of
    /// `input` from byte `from`, into an output `to` bytes into its buffer,
    /// against the general kernel.
    fn both_paths_agree(dst: u8, src: u8, input: &[u8], from: usize, to: usize, n: usize) {
        let expect = general(dst, src, &input[from..], n);
        for hw in [false, detect()] {
            let mut out = vec![0u8; to + expect.len()];
            let k = find(dst, src, hw).unwrap();
            // Safety: sized for n elements.
            unsafe { k(out.as_mut_ptr().add(to), input.as_ptr().add(from), n) };
            assert!(out[to..] == expect[..], "hardware {hw}");
        }
    }

    #[test]
    fn streaming_stores_agree() {
        // Every bfloat16 and float16 encoding, repeated past the streaming
        // threshold, from an odd offset.
        let one: Vec<u8> = (0..=u16::MAX).flat_map(|v| v.to_le_bytes()).collect();
        let input: Vec<u8> = one
            .iter()
            .cycle()
            .take(one.len() * 66 + 2)
            .copied()
            .collect();
        let n = input.len() / 2 - 1;
        both_paths_agree(FLOAT32, BFLOAT16, &input, 2, 4, n);
        both_paths_agree(FLOAT32, FLOAT16, &input, 2, 4, n);
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn streaming_stores_agree_float64() {
        // Doubles in bfloat16's normal range with halfway and near-halfway
        // bits, so that the vector path serves most blocks, and now and
        // then one it does not; past the streaming threshold, from an odd
        // offset.
        let n = STREAM_BYTES / 2 + 37;
        let mut s = 0x2545_f491_4f6c_dd1du64;
        let input: Vec<u8> = (0..n as u64 + 1)
            .flat_map(|k| {
                s ^= s << 13;
                s ^= s >> 7;
                s ^= s << 17;
                let in_range = (s & 0x800f_ffff_ffff_ffff) | ((900 + (s >> 52) % 250) << 52);
                let v = match k % 4 {
                    _ if k % 1999 == 0 => {
                        [f64::NAN, 1e-300, 1e300, -0.0][(k % 4) as usize].to_bits()
                    }
                    0 => in_range,
                    1 => (in_range & !((1 << 45) - 1)) | (1 << 44),
                    2 => (in_range & !((1 << 45) - 1)) | (1 << 44) | (s & 1),
                    _ => (in_range & !((1 << 45) - 1)) | ((1 << 44) - 1),
                };
                v.to_le_bytes()
            })
            .collect();
        both_paths_agree(BFLOAT16, FLOAT64, &input, 8, 2, n);
    }

    #[test]
    fn streaming_stores_agree_int4() {
        // Every byte of two int4 elements, past the streaming threshold,
        // into every offset of a float32 output from a cache line's start:
        // those that put an odd number of elements before it do not stream.
        let n = STREAM_BYTES / 4 + 37;
        let input: Vec<u8> = (0..n / 2 + 1).map(|i| (i * 167 + i / 256) as u8).collect();
        let expect = general(FLOAT32, INT4, &input, n);
        for hw in [false, detect()] {
            let k = find(FLOAT32, INT4, hw).unwrap();
            let mut out = vec![0u8; 4 * n + 2 * LINE];
            let start = (LINE - out.as_ptr() as usize % LINE) % LINE;
            for offset in (0..LINE).step_by(4) {
                let at = start + offset;
                // Safety: sized for n elements from at.
                unsafe { k(out.as_mut_ptr().add(at), input.as_ptr(), n) };
                assert!(
                    out[at..at + 4 * n] == expect[..],
                    "hardware {hw}, offset {offset}"
                );
            }
        }
    }

    #[test]
    fn streaming_stores_agree_float32() {
        // float32 bits of every bfloat16 halfway pattern and more, past the
        // streaming threshold, from an odd offset.
        let n = STREAM_BYTES / 2 + 37;
        let input: Vec<u8> = (0..n as u32 + 1)
            .flat_map(|i| (i.wrapping_mul(2_654_435_761) ^ (i << 15)).to_le_bytes())
            .collect();
        both_paths_agree(BFLOAT16, FLOAT32, &input, 4, 2, n);
    }

    #[test]
    fn fast_kernels_agree_with_the_general_one() {
        let paths: &[bool] = if detect() { &[false, true] } else { &[false] };
        for &(src, dst) in &PAIRS {
            let input = inputs(src);
            let n = input.len() * 8 / TABLE[src as usize].bits as usize;
            for n in [n, n - 1, 1, 0] {
                let expect = general(dst, src, &input, n);
                for &hw in paths {
                    let k = find(dst, src, hw).expect("a kernel");
                    let mut out = vec![0xaau8; expect.len()];
                    // Safety: sized for n elements.
                    unsafe { k(out.as_mut_ptr(), input.as_ptr(), n) };
                    if let Some(i) = (0..expect.len()).find(|&i| out[i] != expect[i]) {
                        panic!(
                            "{} -> {} (hardware {hw}), n = {n}: byte {i} is {:#x}, expected {:#x}",
                            TABLE[src as usize].name, TABLE[dst as usize].name, out[i], expect[i]
                        );
                    }
                }
            }
        }
    }
}
