//! Dequantizing: each element's value times its scale, computed exactly
//! as a double (every product here has at most 34 significant bits and
//! stays in the doubles' normal range), then stored into the destination
//! by the Stores rule: rounded once. The E2M1 blocks into float32 and
//! bfloat16 have a table path (`fp4.rs`), and OCP MX's byte elements an
//! AVX2 one (`x86_64/mx_bytes.rs`); `dispatch.rs` picks them.

use super::quantize::MAX_BLOCK;
use crate::block::formats::{e8m0, Element, Scale};
use crate::block::io::Sink;
use crate::block::scheme::{Facts, Scheme};
use crate::kernels::E4M3_TO_F32;

/// The values of every code of an element format, by code.
pub fn values(elem: Element) -> [f64; 256] {
    let mut t = [0.0; 256];
    for (c, v) in t.iter_mut().enumerate().take(1 << elem.stored_bits()) {
        *v = elem.decode(c as u8);
    }
    t
}

/// The codes of a block in the split layout, as [`super::quantize::split`] packs
/// them.
///
/// # Safety
/// `p` holds the block's element bytes.
#[inline(always)]
unsafe fn unpack_split(p: *const u8, bits: u32, codes: &mut [u8]) {
    if bits == 4 {
        for k in 0..codes.len() / 2 {
            // Safety: codes.len() / 2 bytes.
            let b = unsafe { *p.add(k) };
            codes[2 * k] = b & 0xf;
            codes[2 * k + 1] = b >> 4;
        }
    } else {
        // Safety: codes.len() bytes.
        unsafe { core::ptr::copy_nonoverlapping(p, codes.as_mut_ptr(), codes.len()) };
    }
}

/// The value of a split scheme's scale byte times the tensor scale `st`:
/// a power of two for MX, NaN for its NaN; an E4M3 value times `st` for
/// NVFP4.
#[inline(always)]
pub fn split_scale(scale: Scale, b: u8, st: f64) -> f64 {
    match scale {
        Scale::E8m0 => e8m0::decode(b),
        _ => f64::from(f32::from_bits(E4M3_TO_F32[usize::from(b)])) * st,
    }
}

/// Dequantizes `n` elements of a split scheme into `D`, value by value.
///
/// # Safety
/// `n` is a multiple of the block; `elements` and `scales` hold the
/// blocks of `n` elements; `dst` has room for `n` elements of `D`.
#[inline(always)]
pub unsafe fn split<D: Sink>(
    scheme: Scheme,
    dst: *mut u8,
    elements: *const u8,
    scales: *const u8,
    n: usize,
    st: f64,
) {
    let f = scheme.facts();
    let len = f.block;
    let bytes = len * f.element.stored_bits() as usize / 8;
    let table = values(f.element);
    for b in 0..n / len {
        // Safety: block b's bytes and scale exist; dst has room for it.
        unsafe {
            let s = split_scale(f.scale, *scales.add(b), st);
            block_exact::<D>(&table, &f, elements.add(b * bytes), s, dst, b * len)
        };
    }
}

/// Writes a block of `f`'s scheme, its elements' bytes at `p`, their
/// values in `table`, under the scale `s`, into `dst` from element
/// `at`: each product exact in a double, rounded once into `D`.
///
/// # Safety
/// `p` holds the block's element bytes; `dst` has room for its values
/// from `at`.
#[inline(always)]
pub(in crate::block) unsafe fn block_exact<D: Sink>(
    table: &[f64; 256],
    f: &Facts,
    p: *const u8,
    s: f64,
    dst: *mut u8,
    at: usize,
) {
    let len = f.block;
    let mut codes = [0u8; MAX_BLOCK];
    let mut vs = [0f64; MAX_BLOCK];
    // Safety: as the caller's.
    unsafe { unpack_split(p, f.element.stored_bits(), &mut codes[..len]) };
    for (v, &c) in vs[..len].iter_mut().zip(&codes[..len]) {
        let x = table[usize::from(c)];
        // A NaN element stays itself under a NaN scale too: which of two
        // NaNs a product gives is the compiler's choice of operand order.
        *v = if x.is_nan() { x } else { x * s };
    }
    // Safety: as the caller's.
    unsafe { D::put(dst, at, &vs[..len]) };
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::dispatch::{dequantize_split, quantize_split};
    use crate::block::policy::Policy;
    use crate::block::portable::quantize::Params;
    use crate::facts;
    use crate::format::{pow2, Rounding};

    fn round_trip(scheme: Scheme, xs: &[f32], st: f32) -> Vec<f32> {
        let f = scheme.facts();
        let n = xs.len();
        let mut el = vec![0u8; n * f.element.stored_bits() as usize / 8];
        let mut sc = vec![0u8; n / f.block];
        let p = Params {
            scheme,
            policy: Policy::Floor,
            rounding: Rounding::NearestEven,
            tensor_scale: st,
        };
        let src: Vec<u8> = xs.iter().flat_map(|x| x.to_le_bytes()).collect();
        let mut out = vec![0u8; n * 4];
        // Safety: buffers sized for n elements.
        unsafe {
            assert!(quantize_split(
                &p,
                facts::FLOAT32,
                src.as_ptr(),
                n,
                el.as_mut_ptr(),
                sc.as_mut_ptr()
            ));
            assert!(dequantize_split(
                scheme,
                facts::FLOAT32,
                out.as_mut_ptr(),
                el.as_ptr(),
                sc.as_ptr(),
                n,
                st
            ));
        }
        out.chunks_exact(4)
            .map(|c| f32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    }

    #[test]
    fn values_of_the_grid_come_back() {
        // Values of E2M1 times a power of two survive MXFP4 exactly.
        let grid = [0.0f32, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0];
        let xs: Vec<f32> = (0..64)
            .map(|i| grid[i % 8] * if i % 3 == 0 { -0.25 } else { 0.25 })
            .collect();
        assert_eq!(round_trip(Scheme::Mxfp4, &xs, 1.0), xs);
        let xs8: Vec<f32> = (0..64).map(|i| ((i % 15) as f32 - 7.0) * 0.125).collect();
        assert_eq!(round_trip(Scheme::Mxfp8E4m3, &xs8, 1.0), xs8);
        assert_eq!(round_trip(Scheme::Mxint8, &xs8, 1.0), xs8);
        let xs16: Vec<f32> = (0..32).map(|i| grid[i % 8] * 3.0).collect();
        assert_eq!(round_trip(Scheme::Nvfp4, &xs16, 0.5), xs16);
    }

    #[test]
    fn nan_scale_gives_nan() {
        let el = [0u8; 16];
        let sc = [e8m0::NAN];
        let mut out = [0u8; 32 * 4];
        // Safety: one block.
        unsafe {
            dequantize_split(
                Scheme::Mxfp4,
                facts::FLOAT32,
                out.as_mut_ptr(),
                el.as_ptr(),
                sc.as_ptr(),
                32,
                1.0,
            )
        };
        assert!(f32::from_le_bytes(out[..4].try_into().unwrap()).is_nan());
        assert_eq!(split_scale(Scale::E8m0, 0, 1.0), pow2(-127));
    }
}
