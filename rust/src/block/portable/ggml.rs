//! ggml's blocks as GGUF stores them (ggml/src/ggml-common.h; gguf-py's
//! `gguf/quants.py`), each block its scales then its elements, in one
//! array of bytes:
//!
//! - Q8_0, 34 bytes per 32 elements: a float16 scale d, then 32 int8 k;
//!   the value k × d.
//! - Q4_0, 18 bytes per 32: a float16 d, then 16 bytes, byte j holding
//!   element j in its low nibble and element j + 16 in its high one; the
//!   value (q − 8) × d.
//! - MXFP4, 17 bytes per 32: an E8M0 scale, then 16 bytes of E2M1 codes
//!   paired as Q4_0's.
//! - NVFP4, 36 bytes per 64: four unsigned E4M3 scales, one per 16
//!   elements, then 32 bytes, 8 per sub-block, byte j of sub-block s
//!   holding element 16s + j low and 16s + j + 8 high.
//!
//! The scales are chosen and the elements rounded exactly; `block.mli`
//! says where ggml's own float32 arithmetic gives other bits. This is the
//! exact path, value by value; the faster ones with the same bits
//! (`float32_loops.rs`, `fp4.rs`, `x86_64/`) are picked by `dispatch.rs`.

use super::quantize::{
    amax, e2m1_codes, integer_of_parts, load_block, mx_block, Params, MAX_BLOCK,
};
use crate::block::exact::{nearest_integer, parts, quotient, store_quotient};
use crate::block::formats::{e8m0, ue4m3_ggml, Element};
use crate::block::io::{Sink, Source};
use crate::block::scheme::Scheme;
use crate::format::{Rounding, FLOAT16, FLOAT4_E2M1FN, FLOAT8_E4M3FN};

/// float16's NaN and largest finite value.
const F16_NAN: u16 = 0x7e00;
const F16_MAX: u16 = 0x7bff;
const F16_SIGN: u16 = 0x8000;

/// A float16 scale: the exact `x / d` rounded to nearest even, saturated
/// to ±65504.
fn f16_scale(x: f64, d: f64) -> u16 {
    let s = store_quotient(&FLOAT16, x, d, Rounding::NearestEven).bits as u16;
    if s & !F16_SIGN == 0x7c00 {
        (s & F16_SIGN) | F16_MAX
    } else {
        s
    }
}

/// The integer nearest `x / d` by `rounding`, from the exact quotient,
/// clamped to [lo, hi]; `d` not zero.
fn integer_quotient(x: f64, d: f64, rounding: Rounding, lo: i64, hi: i64) -> i64 {
    let r = if rounding == Rounding::NearestEven {
        let (x, d) = if d < 0.0 { (-x, -d) } else { (x, d) };
        nearest_integer(x, d).clamp(-256.0, 256.0) as i64
    } else {
        let (negative, m, q) = quotient(x, d);
        integer_of_parts(negative, m, q, rounding, 256)
    };
    r.clamp(lo, hi)
}

/// Q8_0: the scale's bits and the elements' codes.
fn q8_0(vs: &[f64], codes: &mut [u8], rounding: Rounding) -> u16 {
    let (a, finite) = amax(vs);
    if !finite {
        codes.fill(0);
        return F16_NAN;
    }
    let s = f16_scale(a, 127.0);
    let d = FLOAT16.decode(u64::from(s));
    for (c, &x) in codes.iter_mut().zip(vs) {
        *c = if d == 0.0 {
            0
        } else {
            integer_quotient(x, d, rounding, -127, 127) as i8 as u8
        };
    }
    s
}

/// Q4_0: the scale's bits and the nibbles; the element of largest
/// magnitude (the first of them) maps to −8.
fn q4_0(vs: &[f64], codes: &mut [u8], rounding: Rounding) -> u16 {
    let (a, finite) = amax(vs);
    if !finite {
        codes.fill(8);
        return F16_NAN;
    }
    // The first value of largest magnitude, a zero too.
    let max = vs.iter().copied().find(|x| x.abs() == a).unwrap_or(0.0);
    // max / −8, exact before the float16 rounding.
    let (m, q) = parts(max);
    let st = FLOAT16.encode_exact(!max.is_sign_negative(), m, q - 3, Rounding::NearestEven);
    let s = st.bits as u16;
    let s = if s & !F16_SIGN == 0x7c00 {
        (s & F16_SIGN) | F16_MAX
    } else {
        s
    };
    let d = FLOAT16.decode(u64::from(s));
    for (c, &x) in codes.iter_mut().zip(vs) {
        *c = if d == 0.0 {
            8
        } else {
            (integer_quotient(x, d, rounding, -8, 7) + 8) as u8
        };
    }
    s
}

/// ggml's NVFP4 sub-block: the unsigned E4M3 scale, amax / 6 rounded to
/// nearest even and saturated to 448 (no lower clamp: a block below
/// 2^-10 × 6 gets the scale 0 and zero elements), then the elements.
fn nvfp4_sub(vs: &[f64], codes: &mut [u8], rounding: Rounding) -> u8 {
    let (a, _) = amax(vs);
    let s = store_quotient(&FLOAT8_E4M3FN, a, 6.0, Rounding::NearestEven).bits as u8;
    e2m1_codes(vs, ue4m3_ggml(s), codes, rounding);
    s
}

/// Writes `codes` (32 or 16 of them) as ggml pairs them: byte j holds
/// code j low and code j + N / 2 high.
///
/// # Safety
/// `out` has room for N / 2 bytes.
#[inline(always)]
pub(crate) unsafe fn pack_halves<const N: usize>(codes: &[u8; N], out: *mut u8) {
    #[cfg(target_arch = "x86_64")]
    if N == 32 || N == 16 {
        use core::arch::x86_64::*;
        // Safety: SSE2 (x86_64's baseline); N codes, N / 2 bytes of room.
        // The codes are below 16: a shift of 16-bit lanes by 4 keeps each
        // byte's within it.
        unsafe {
            let p = codes.as_ptr();
            if N == 32 {
                let lo = _mm_loadu_si128(p.cast());
                let hi = _mm_loadu_si128(p.add(16).cast());
                _mm_storeu_si128(out.cast(), _mm_or_si128(lo, _mm_slli_epi16::<4>(hi)));
            } else {
                let lo = _mm_loadl_epi64(p.cast());
                let hi = _mm_loadl_epi64(p.add(8).cast());
                _mm_storel_epi64(out.cast(), _mm_or_si128(lo, _mm_slli_epi16::<4>(hi)));
            }
        }
        return;
    }
    let (lo, hi) = codes.split_at(N / 2);
    for (j, (&l, &h)) in lo.iter().zip(hi).enumerate() {
        // Safety: j < N / 2.
        unsafe { *out.add(j) = (l & 0xf) | (h << 4) };
    }
}

/// Reads codes paired as [`pack_halves`] writes them.
fn unpack_halves(bytes: &[u8], codes: &mut [u8]) {
    let half = codes.len() / 2;
    for (j, &b) in bytes[..half].iter().enumerate() {
        codes[j] = b & 0xf;
        codes[j + half] = b >> 4;
    }
}

/// Quantizes `n` elements of `S` into ggml blocks; the index of the first
/// element refused (a NaN or an infinity in an NVFP4 block), else None.
///
/// # Safety
/// `n` is a multiple of the block; `src` holds `n` elements and `out`
/// room for their blocks.
#[inline(always)]
pub unsafe fn quantize<S: Source>(
    p: &Params,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    let f = p.scheme.facts();
    let len = f.block;
    let mut vs = [0f64; MAX_BLOCK];
    let mut codes = [0u8; MAX_BLOCK];
    for b in 0..n / len {
        // Safety: block b is within the n elements.
        unsafe { load_block::<S>(src, b, len, &mut vs) };
        // Safety: each block's bytes are within the caller's room.
        let o = unsafe { out.add(b * f.bytes_per_block) };
        let (vs, codes) = (&vs[..len], &mut codes[..len]);
        // Safety (every arm): o has bytes_per_block bytes.
        match p.scheme {
            Scheme::GgmlQ8_0 => unsafe {
                let s = q8_0(vs, codes, p.rounding);
                core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
                core::ptr::copy_nonoverlapping(codes.as_ptr(), o.add(2), 32);
            },
            Scheme::GgmlQ4_0 => unsafe {
                let s = q4_0(vs, codes, p.rounding);
                core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
                pack_halves::<32>((&*codes).try_into().expect("32 codes"), o.add(2));
            },
            Scheme::GgmlMxfp4 => unsafe {
                *o = mx_block(Element::Float4E2m1fn, vs, codes, p.policy, p.rounding);
                pack_halves::<32>((&*codes).try_into().expect("32 codes"), o.add(1));
            },
            _ => {
                if let Some(j) = vs.iter().position(|x| !x.is_finite()) {
                    return Some(b * len + j);
                }
                for s in 0..4 {
                    let r = 16 * s..16 * (s + 1);
                    let scale = nvfp4_sub(&vs[r.clone()], &mut codes[r.clone()], p.rounding);
                    // Safety: four scale bytes, then 8 bytes per sub-block.
                    unsafe {
                        *o.add(s) = scale;
                        pack_halves::<16>(codes[r].try_into().expect("16 codes"), o.add(4 + 8 * s));
                    }
                }
            }
        }
    }
    None
}

/// How quantizing into ggml blocks ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantized {
    Done,
    /// The element of this index is refused (ggml's NVFP4 has no NaN: a
    /// NaN or an infinity there is refused), and the output is partly
    /// written.
    Refused(usize),
}

/// Writes E2M1 codes (ggml's halves) under the scale `d` at element `at`
/// of `dst`, value by value.
///
/// # Safety
/// `bytes` are the codes' bytes; `dst` has room for the elements from
/// `at`.
unsafe fn e2m1_out<D: Sink>(bytes: &[u8], d: f64, dst: *mut u8, at: usize) {
    let mut codes = [0u8; 32];
    let codes = &mut codes[..2 * bytes.len()];
    unpack_halves(bytes, codes);
    let mut vs = [0f64; 32];
    for (v, &c) in vs.iter_mut().zip(codes.iter()) {
        *v = FLOAT4_E2M1FN.decode(u64::from(c)) * d;
    }
    // Safety: as the caller's.
    unsafe { D::put(dst, at, &vs[..codes.len()]) };
}

/// Writes a Q8_0 block (a Q4_0 one when `q4`) at element `at` of `dst`,
/// value by value.
///
/// # Safety
/// `blk` is the block's bytes; `dst` has room for its elements from `at`.
#[inline(always)]
pub(in crate::block) unsafe fn q_block<D: Sink>(q4: bool, blk: &[u8], dst: *mut u8, at: usize) {
    let d = FLOAT16.decode(u64::from(u16::from_le_bytes([blk[0], blk[1]])));
    let mut vs = [0f64; 32];
    if q4 {
        let mut codes = [0u8; 32];
        unpack_halves(&blk[2..18], &mut codes);
        for (v, &c) in vs.iter_mut().zip(&codes) {
            *v = (f64::from(c) - 8.0) * d;
        }
    } else {
        for (v, &k) in vs.iter_mut().zip(&blk[2..34]) {
            *v = f64::from(k as i8) * d;
        }
    }
    // Safety: as the caller's.
    unsafe { D::put(dst, at, &vs) };
}

/// Dequantizes `n` elements of ggml blocks into `D`, value by value.
///
/// # Safety
/// `n` is a multiple of the block; `blocks` holds their bytes and `dst`
/// room for `n` elements of `D`.
#[inline(always)]
pub unsafe fn dequantize<D: Sink>(scheme: Scheme, dst: *mut u8, blocks: *const u8, n: usize) {
    let f = scheme.facts();
    let len = f.block;
    for b in 0..n / len {
        // Safety: block b's bytes exist.
        let blk = unsafe {
            core::slice::from_raw_parts(blocks.add(b * f.bytes_per_block), f.bytes_per_block)
        };
        // Safety (every arm): dst has room for the block's elements.
        match scheme {
            Scheme::GgmlQ8_0 | Scheme::GgmlQ4_0 => unsafe {
                q_block::<D>(scheme == Scheme::GgmlQ4_0, blk, dst, b * len)
            },
            Scheme::GgmlMxfp4 => unsafe {
                e2m1_out::<D>(&blk[1..], e8m0::decode(blk[0]), dst, b * len)
            },
            _ => {
                for s in 0..4 {
                    let bytes = &blk[4 + 8 * s..12 + 8 * s];
                    unsafe { e2m1_out::<D>(bytes, ue4m3_ggml(blk[s]), dst, b * len + 16 * s) };
                }
            }
        }
    }
}
