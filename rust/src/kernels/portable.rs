//! The kernels as portable loops over the element functions. Each is
//! compiled here for any processor; those without a kernel of their own in
//! [`x86_64`](super::x86_64) or [`small_x86`](super::small_x86) are
//! compiled there again with AVX2 and F16C enabled, from the copies in
//! [`inline`].

use super::elements::*;
use crate::format::binary32::{
    FRACTION_MASK as F32_FRACTION, INFINITY as F32_INF, QUIET_BIT as F32_QUIET, SIGN as F32_SIGN,
};
use crate::format::binary64::INFINITY as F64_INF;
use crate::format::{Float4E2m1fn, Float8E4m3fn, Float8E5m2};
use crate::packed;
use half::f16;

/// Reads element `i` of `W` bytes.
///
/// Safety: `p` holds element `i`.
#[inline(always)]
unsafe fn rd<const W: usize>(p: *const u8, i: usize) -> [u8; W] {
    // Safety: as the caller's.
    unsafe { core::ptr::read_unaligned(p.add(i * W) as *const [u8; W]) }
}

/// Writes element `i` of `W` bytes.
///
/// Safety: `p` holds element `i`, writable.
#[inline(always)]
unsafe fn wr<const W: usize>(p: *mut u8, i: usize, v: [u8; W]) {
    // Safety: as the caller's.
    unsafe { core::ptr::write_unaligned(p.add(i * W) as *mut [u8; W], v) }
}

fn le32(b: [u8; 4]) -> u32 {
    u32::from_le_bytes(b)
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
                for (j, two) in chunk.chunks_exact(2).enumerate() {
                    // Safety: byte out + j holds elements below n.
                    unsafe { *dst.add(out + j) = packed::pair(two[0], two[1]) };
                }
                if len % 2 == 1 {
                    // Safety: the last element, n - 1, is in byte out + len / 2.
                    unsafe { *dst.add(out + len / 2) = packed::pair(chunk[len - 1], 0) };
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
                // Safety: the last element is the first of byte n / 2.
                let both = pairs[unsafe { *src.add(n / 2) } as usize] as u32;
                // Safety: element n - 1 < n.
                unsafe { wr::<4>(dst, n - 1, both.to_le_bytes()) }
            }
        }
    };
}

/// The kernels: for each, `pub unsafe fn $name` with the contract of
/// [`Kernel`](super::Kernel), and the same loop in [`inline`], to be
/// compiled again with other target features.
macro_rules! kernels {
    ($($name:ident = $body:expr;)*) => {
        $(
            /// Safety: as [`Kernel`](super::Kernel).
            pub unsafe fn $name(dst: *mut u8, src: *const u8, n: usize) {
                // Safety: as the caller's.
                unsafe { inline::$name(dst, src, n) }
            }
        )*

        /// The loops, inlined wherever they are called.
        pub(super) mod inline {
            #[allow(unused_imports)]
            use super::*;

            $(
                /// The loop: a closure over raw pointers, whose unsafe
                /// blocks rely on this function's contract.
                ///
                /// Safety: as [`Kernel`](super::super::Kernel).
                #[inline(always)]
                pub unsafe fn $name(dst: *mut u8, src: *const u8, n: usize) {
                    ($body)(dst, src, n)
                }
            )*
        }
    };
}

/// A quieted NaN: a store of a NaN's float32 bits.
#[inline(always)]
fn quiet(w: u32) -> u32 {
    let nan = (w & !F32_SIGN) > F32_INF;
    if nan {
        w | F32_QUIET
    } else {
        w
    }
}

kernels! {
    f32_bf16 = map!(4, 2, |b| f32_to_bf16(le32(b)).to_le_bytes());
    f32_f16 = map!(4, 2, |b| (f32_to_small::<f16>(le32(b)) as u16).to_le_bytes());
    f32_e4m3 = map!(4, 1, |b| [f32_to_small::<Float8E4m3fn>(le32(b)) as u8]);
    f32_e5m2 = map!(4, 1, |b| [f32_to_small::<Float8E5m2>(le32(b)) as u8]);
    f32_e2m1 = pack4!(4, |b| f32_to_small::<Float4E2m1fn>(le32(b)) as u8);
    f32_int4 = pack4!(4, |b| (f32::from_le_bytes(b) as i8).clamp(-8, 7) as u8);
    f64_f32 = map!(8, 4, |b| (f64::from_le_bytes(b) as f32).to_le_bytes());
    f64_bf16 = map!(8, 2, |b| f32_to_bf16(f64_to_f32_odd(f64::from_le_bytes(b))).to_le_bytes());
    f64_f16 = map!(8, 2, |b| {
        (f32_to_small::<f16>(f64_to_f32_odd(f64::from_le_bytes(b))) as u16).to_le_bytes()
    });
    i32_f16 = map!(4, 2, |b| {
        // Below 2^24 the float32 is exact; above, the result is infinite
        // either way.
        (f32_to_small::<f16>((i32::from_le_bytes(b) as f32).to_bits()) as u16).to_le_bytes()
    });
    bf16_f32 = map!(2, 4, |b| quiet(u32::from(u16::from_le_bytes(b)) << 16).to_le_bytes());
    f16_f32 = map!(2, 4, |b| f16_to_f32(u16::from_le_bytes(b)).to_le_bytes());
    // By way of the float32 that holds each value exactly: one rounding.
    f16_bf16 = map!(2, 2, |b| f32_to_bf16(f16_to_f32(u16::from_le_bytes(b))).to_le_bytes());
    e4m3_f32 = map!(1, 4, |b: [u8; 1]| E4M3_TO_F32[b[0] as usize].to_le_bytes());
    e5m2_f32 = map!(1, 4, |b: [u8; 1]| quiet(E5M2_TO_F32[b[0] as usize]).to_le_bytes());
    e2m1_f32 = unpack4!(&E2M1_PAIRS);
    int4_f32 = unpack4!(&INT4_PAIRS);
    // Into float64 (to_array's doubles) by way of the float32 that holds
    // each value exactly: widening keeps a quiet NaN's payload.
    f32_f64 = map!(4, 8, |b| widen(quiet(le32(b))));
    bf16_f64 = map!(2, 8, |b| widen(quiet(u32::from(u16::from_le_bytes(b)) << 16)));
    f16_f64 = map!(2, 8, |b| widen(f16_to_f32(u16::from_le_bytes(b))));
    e4m3_f64 = map!(1, 8, |b: [u8; 1]| widen(E4M3_TO_F32[b[0] as usize]));
    e5m2_f64 = map!(1, 8, |b: [u8; 1]| widen(quiet(E5M2_TO_F32[b[0] as usize])));
}

/// The float64 bytes of the float32 bits `w`: the same number, or a NaN
/// of the same sign, quiet bit and payload (on its bits, since Rust
/// leaves a NaN's bits after `as` unspecified).
#[inline(always)]
fn widen(w: u32) -> [u8; 8] {
    let nan = (u64::from(w & F32_SIGN) << 32) | F64_INF | (u64::from(w & F32_FRACTION) << 29);
    let x = f32::from_bits(w);
    (if x.is_nan() {
        nan
    } else {
        f64::from(x).to_bits()
    })
    .to_le_bytes()
}
