//! The arrays blocks are quantized from and dequantized into: a source
//! gives each element's exact value as a double; a sink stores exact
//! doubles by the Stores rule, each rounded once. Both are types, so that
//! each kernel is compiled for each pair with nothing to dispatch per
//! element.

use crate::facts;
use crate::format::{FLOAT4_E2M1FN, FLOAT8_E4M3FN, FLOAT8_E5M2};
use crate::kernels::{f16_to_f32, f64_to_small};
use crate::store::{bfloat16_via_odd, store_format};

/// An array of float elements to read.
pub trait Source: Copy {
    /// The dtype's code (`facts`).
    const CODE: u8;

    /// Whether float32 holds every value: then [`Source::load32`] reads
    /// them.
    const F32: bool;

    /// The value of element `i`.
    ///
    /// # Safety
    /// `p` holds element `i`.
    unsafe fn load(p: *const u8, i: usize) -> f64;

    /// The value of element `i`, for sources whose values float32 holds.
    ///
    /// # Safety
    /// `p` holds element `i`.
    #[inline(always)]
    unsafe fn load32(p: *const u8, i: usize) -> f32 {
        // Safety: as the caller's; exact where F32 holds.
        (unsafe { Self::load(p, i) }) as f32
    }
}

/// An array of float elements to write.
pub trait Sink: Copy {
    /// The destination of [`super::portable::fp4`]'s fast path, if this is one.
    const FP4: Option<super::portable::fp4::Dest> = None;

    /// Stores `vs` into the elements from `start`, which is even.
    ///
    /// # Safety
    /// `p` has room for those elements.
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]);
}

/// Reads `W` bytes at element `i`.
///
/// # Safety
/// `p` holds element `i` of `W` bytes.
#[inline(always)]
unsafe fn read<const W: usize>(p: *const u8, i: usize) -> [u8; W] {
    // Safety: as the caller's.
    unsafe { core::ptr::read_unaligned(p.add(i * W).cast::<[u8; W]>()) }
}

#[derive(Clone, Copy)]
pub struct Float64;
#[derive(Clone, Copy)]
pub struct Float32;
#[derive(Clone, Copy)]
pub struct Bfloat16;
#[derive(Clone, Copy)]
pub struct Float16;
#[derive(Clone, Copy)]
pub struct Float8E4m3fn;
#[derive(Clone, Copy)]
pub struct Float8E5m2;
#[derive(Clone, Copy)]
pub struct Float4E2m1fn;

impl Source for Float64 {
    const CODE: u8 = facts::FLOAT64;
    const F32: bool = false;

    #[inline(always)]
    unsafe fn load(p: *const u8, i: usize) -> f64 {
        // Safety: as the caller's.
        f64::from_le_bytes(unsafe { read::<8>(p, i) })
    }
}

/// The sources float32 holds read as float32 first.
macro_rules! source32 {
    ($t:ty, $code:expr, |$b:ident: [u8; $w:literal]| $f32:expr) => {
        impl Source for $t {
            const CODE: u8 = $code;
            const F32: bool = true;

            #[inline(always)]
            unsafe fn load(p: *const u8, i: usize) -> f64 {
                // Safety: as the caller's.
                f64::from(unsafe { Self::load32(p, i) })
            }

            #[inline(always)]
            unsafe fn load32(p: *const u8, i: usize) -> f32 {
                // Safety: as the caller's.
                let $b = unsafe { read::<$w>(p, i) };
                $f32
            }
        }
    };
}

source32!(Float32, facts::FLOAT32, |b: [u8; 4]| f32::from_le_bytes(b));
source32!(Bfloat16, facts::BFLOAT16, |b: [u8; 2]| f32::from_bits(
    u32::from(u16::from_le_bytes(b)) << 16
));
source32!(Float16, facts::FLOAT16, |b: [u8; 2]| f32::from_bits(
    f16_to_f32(u16::from_le_bytes(b))
));

/// Writes `vs` as elements of `W` bytes, each the low bytes of `enc(v)`.
///
/// # Safety
/// `p` has room for the elements from `start` to `start + vs.len()`.
#[inline(always)]
unsafe fn write<const W: usize>(p: *mut u8, start: usize, vs: &[f64], enc: impl Fn(f64) -> u64) {
    for (k, &v) in vs.iter().enumerate() {
        let b = enc(v).to_le_bytes();
        // Safety: element start + k is in the caller's room.
        unsafe { core::ptr::copy_nonoverlapping(b.as_ptr(), p.add((start + k) * W), W) };
    }
}

impl Sink for Float64 {
    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        // Safety: as the caller's. A NaN is quieted, as a store does.
        unsafe { write::<8>(p, start, vs, |v| store_format(&crate::format::FLOAT64, v)) }
    }
}

impl Sink for Float32 {
    const FP4: Option<super::portable::fp4::Dest> = Some(super::portable::fp4::Dest::Float32);

    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        // Safety: as the caller's.
        unsafe { write::<4>(p, start, vs, |v| u64::from((v as f32).to_bits())) }
    }
}

impl Sink for Bfloat16 {
    const FP4: Option<super::portable::fp4::Dest> = Some(super::portable::fp4::Dest::Bfloat16);

    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        // Safety: as the caller's.
        unsafe { write::<2>(p, start, vs, |v| u64::from(bfloat16_via_odd(v))) }
    }
}

impl Sink for Float16 {
    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        // Safety: as the caller's.
        unsafe { write::<2>(p, start, vs, |v| u64::from(f64_to_small::<half::f16>(v))) }
    }
}

impl Sink for Float8E4m3fn {
    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        // Safety: as the caller's.
        unsafe { write::<1>(p, start, vs, |v| store_format(&FLOAT8_E4M3FN, v)) }
    }
}

impl Sink for Float8E5m2 {
    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        // Safety: as the caller's.
        unsafe { write::<1>(p, start, vs, |v| store_format(&FLOAT8_E5M2, v)) }
    }
}

impl Sink for Float4E2m1fn {
    #[inline(always)]
    unsafe fn put(p: *mut u8, start: usize, vs: &[f64]) {
        debug_assert!(start % 2 == 0 && vs.len() % 2 == 0);
        for (k, pair) in vs.chunks_exact(2).enumerate() {
            let lo = store_format(&FLOAT4_E2M1FN, pair[0]) as u8;
            let hi = store_format(&FLOAT4_E2M1FN, pair[1]) as u8;
            // Safety: byte (start + 2k) / 2 holds elements the caller has
            // room for.
            unsafe { *p.add(start / 2 + k) = lo | (hi << 4) };
        }
    }
}

/// Calls `$f::<S>` with `S` the source type of the float dtype `$code`,
/// or gives `$none`.
macro_rules! with_source {
    ($code:expr, $f:ident, ($($arg:expr),*), $none:expr) => {
        match $code {
            $crate::facts::FLOAT64 => $f::<$crate::block::io::Float64>($($arg),*),
            $crate::facts::FLOAT32 => $f::<$crate::block::io::Float32>($($arg),*),
            $crate::facts::BFLOAT16 => $f::<$crate::block::io::Bfloat16>($($arg),*),
            $crate::facts::FLOAT16 => $f::<$crate::block::io::Float16>($($arg),*),
            _ => $none,
        }
    };
}

/// Calls `$f::<S>` with `S` the sink type of the float dtype `$code`, or
/// gives `$none`: the sources' types, and the narrow floats'.
macro_rules! with_sink {
    ($code:expr, $f:ident, ($($arg:expr),*), $none:expr) => {
        match $code {
            $crate::facts::FLOAT8_E4M3FN => $f::<$crate::block::io::Float8E4m3fn>($($arg),*),
            $crate::facts::FLOAT8_E5M2 => $f::<$crate::block::io::Float8E5m2>($($arg),*),
            $crate::facts::FLOAT4_E2M1FN => $f::<$crate::block::io::Float4E2m1fn>($($arg),*),
            code => $crate::block::io::with_source!(code, $f, ($($arg),*), $none),
        }
    };
}

pub(crate) use with_sink;
pub(crate) use with_source;

/// Whether `code` is a float dtype a block can be quantized from.
pub fn is_source(code: u8) -> bool {
    matches!(
        code,
        facts::FLOAT64 | facts::FLOAT32 | facts::BFLOAT16 | facts::FLOAT16
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::{Format, Rounding, BFLOAT16, FLOAT16, FLOAT32, FLOAT64};
    use crate::testing::Xorshift;

    fn put_one<S: Sink>(v: f64, bytes: usize) -> u64 {
        let mut out = [0u8; 8];
        // Safety: out has room for two elements of up to 4 bytes, or one
        // of 8.
        unsafe {
            S::put(
                out.as_mut_ptr(),
                0,
                &[v, 0.0][..if bytes == 8 { 1 } else { 2 }],
            )
        };
        u64::from_le_bytes(out) & crate::packed::mask(bytes as u32 * 8)
    }

    #[test]
    fn sinks_store_by_the_rule() {
        let mut rng = Xorshift::new(0x2545_f491_4f6c_dd1du64);
        for _ in 0..100_000 {
            let s = rng.next_u64();
            let v = f64::from_bits(s);
            let rule = |f: &Format| f.encode(v, Rounding::NearestEven).bits;
            assert_eq!(put_one::<Float64>(v, 8), rule(&FLOAT64));
            assert_eq!(put_one::<Float32>(v, 4), rule(&FLOAT32));
            assert_eq!(put_one::<Bfloat16>(v, 2), rule(&BFLOAT16));
            assert_eq!(put_one::<Float16>(v, 2), rule(&FLOAT16));
            assert_eq!(put_one::<Float8E4m3fn>(v, 1), rule(&FLOAT8_E4M3FN));
            assert_eq!(put_one::<Float8E5m2>(v, 1), rule(&FLOAT8_E5M2));
            assert_eq!(put_one::<Float4E2m1fn>(v, 1) & 0xf, rule(&FLOAT4_E2M1FN));
        }
    }
}
