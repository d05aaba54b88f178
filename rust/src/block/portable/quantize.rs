//! Quantizing, the exact path: a block's scale, then its elements' codes,
//! each element the exact value divided by the scale and rounded once.
//! The functions here work on one block of values and give codes, one
//! per byte; the layouts ([`split`] here, `ggml.rs` for ggml's) pack
//! them. Values that float32 holds, to nearest even, have a faster path
//! with the same bits (`float32.rs`); `dispatch.rs` picks it.

use crate::block::exact::{nearest_e2m1, parts, store_quotient};
use crate::block::formats::{e8m0, Element, Float6E2m3fn, Float6E3m2fn};
use crate::block::io::Source;
use crate::block::policy::Policy;
use crate::block::scheme::Scheme;
use crate::format::{
    pow2, Binary, Float4E2m1fn, Float8E4m3fn, Float8E5m2, Format, Outcome, Rounding, FLOAT32,
    FLOAT4_E2M1FN, FLOAT8_E4M3FN,
};
use crate::kernels::f64_to_small;

/// The most elements a block holds.
pub const MAX_BLOCK: usize = 64;

/// E4M3FN's NaN (positive): the scale of an NVFP4 block holding a NaN or
/// an infinity.
pub const E4M3_NAN: u8 = 0x7f;
/// E4M3FN's least positive value, 2^-9, and largest, 448: NVFP4's block
/// scales are clamped to them.
pub const E4M3_MIN: u8 = 0x01;

/// The largest magnitude of `vs`, and whether every one is finite.
#[inline(always)]
pub fn amax(vs: &[f64]) -> (f64, bool) {
    let mut m = 0.0f64;
    let mut finite = true;
    for &v in vs {
        let a = v.abs();
        finite &= a <= f64::MAX;
        m = m.max(a);
    }
    (m, finite)
}

/// The encoding of `x` stored into `fmt` by `rounding` from the exact
/// value `x × 2^-k`, clamped to ± the largest finite value.
fn encode_scaled(fmt: &Format, x: f64, k: i32, rounding: Rounding) -> u8 {
    let (m, q) = parts(x);
    saturate(
        fmt,
        fmt.encode_exact(x.is_sign_negative(), m, q - k, rounding),
        x,
    )
}

/// A stored element clamped to ± the largest finite value: the encoding
/// of a result past it is that value's.
fn saturate(fmt: &Format, s: crate::format::Stored, x: f64) -> u8 {
    if s.outcome == Outcome::Overflow {
        let sign = if x.is_sign_negative() {
            fmt.sign_bit()
        } else {
            0
        };
        (sign | fmt.max_finite()) as u8
    } else {
        s.bits as u8
    }
}

/// The integer `x × 2^-k` rounded by `rounding`, exactly, clamped to
/// ±`max`.
pub fn integer_scaled(x: f64, k: i32, rounding: Rounding, max: i64) -> i64 {
    let (m, q) = parts(x);
    integer_of_parts(x.is_sign_negative(), m, q - k, rounding, max)
}

/// The integer ±m × 2^q rounded by `rounding`, clamped to ±`max`; `m`
/// may be rounded to odd below the binary point (see
/// [`crate::block::exact::quotient`]).
pub fn integer_of_parts(negative: bool, m: u64, q: i32, rounding: Rounding, max: i64) -> i64 {
    use core::cmp::Ordering::{Equal, Greater, Less};
    let r = if m == 0 {
        0
    } else if q >= 0 {
        // Past 2^63 the shift would lose bits: saturate.
        if q >= m.leading_zeros() as i32 {
            max
        } else {
            ((m << q) as i64).min(max)
        }
    } else {
        let s = (-q) as u32;
        let (kept, rest) = if s >= 64 {
            (0, m)
        } else {
            (m >> s, m & ((1 << s) - 1))
        };
        // The dropped part against half a unit.
        let half = match s {
            0..=63 => rest.cmp(&(1 << (s - 1))),
            64 => m.cmp(&(1 << 63)),
            _ => Less,
        };
        let up = match rounding {
            Rounding::NearestEven => half == Greater || (half == Equal && kept & 1 == 1),
            Rounding::NearestAway => half != Less,
            Rounding::TowardZero => false,
            Rounding::TowardPositive => rest != 0 && !negative,
            Rounding::TowardNegative => rest != 0 && negative,
        };
        ((kept + u64::from(up)) as i64).min(max)
    };
    if negative {
        -r
    } else {
        r
    }
}

/// The codes of an MX block of float elements of the format `T`: the
/// scale's E8M0 byte, each code in `codes`.
#[inline(always)]
fn mx_float<T: Binary>(
    vs: &[f64],
    codes: &mut [u8],
    elem: Element,
    policy: Policy,
    rounding: Rounding,
) -> u8 {
    let (a, finite) = amax(vs);
    if !finite {
        codes.fill(0);
        return e8m0::NAN;
    }
    let k = policy.exponent(a, elem);
    if rounding == Rounding::NearestEven {
        // x × 2^-k is exact but where it falls below the doubles' normal
        // range, and there every element rounds to a zero anyway.
        let inv = pow2(-k);
        let max = elem.max_finite();
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = f64_to_small::<T>((x * inv).clamp(-max, max)) as u8;
        }
    } else {
        let fmt = elem.format().expect("a float element");
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = encode_scaled(fmt, x, k, rounding);
        }
    }
    e8m0::of_exponent(k)
}

/// The codes of an MXINT8 block: the scale's byte, and each element's two's
/// complement byte, clamped to ±127.
fn mx_int8(vs: &[f64], codes: &mut [u8], policy: Policy, rounding: Rounding) -> u8 {
    let (a, finite) = amax(vs);
    if !finite {
        codes.fill(0);
        return e8m0::NAN;
    }
    let k = policy.exponent(a, Element::Int8Scaled);
    if rounding == Rounding::NearestEven {
        let inv = pow2(6 - k);
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = (x * inv).clamp(-127.0, 127.0).round_ties_even() as i8 as u8;
        }
    } else {
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = integer_scaled(x, k - 6, rounding, 127) as i8 as u8;
        }
    }
    e8m0::of_exponent(k)
}

/// The codes of an OCP MX block: the scale's byte and each element's code.
pub fn mx_block(
    elem: Element,
    vs: &[f64],
    codes: &mut [u8],
    policy: Policy,
    rounding: Rounding,
) -> u8 {
    let (p, r) = (policy, rounding);
    match elem {
        Element::Float8E4m3fn => mx_float::<Float8E4m3fn>(vs, codes, elem, p, r),
        Element::Float8E5m2 => mx_float::<Float8E5m2>(vs, codes, elem, p, r),
        Element::Float6E2m3fn => mx_float::<Float6E2m3fn>(vs, codes, elem, p, r),
        Element::Float6E3m2fn => mx_float::<Float6E3m2fn>(vs, codes, elem, p, r),
        Element::Float4E2m1fn => mx_float::<Float4E2m1fn>(vs, codes, elem, p, r),
        Element::Int8Scaled => mx_int8(vs, codes, p, r),
        Element::Int8 | Element::Uint4Minus8 => unreachable!("not an MX element"),
    }
}

/// The E2M1 codes of `vs` divided by the positive `d`, each rounded once
/// from the exact quotient and clamped to ±6; a zero `d` gives zeros of
/// the values' signs.
pub fn e2m1_codes(vs: &[f64], d: f64, codes: &mut [u8], rounding: Rounding) {
    if d == 0.0 {
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = if x.is_sign_negative() { 0x8 } else { 0 };
        }
    } else if rounding == Rounding::NearestEven {
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = f64_to_small::<Float4E2m1fn>(nearest_e2m1(x, d).copysign(x)) as u8;
        }
    } else {
        for (c, &x) in codes.iter_mut().zip(vs) {
            *c = saturate(
                &FLOAT4_E2M1FN,
                store_quotient(&FLOAT4_E2M1FN, x, d, rounding),
                x,
            );
        }
    }
}

/// The codes of an NVFP4 block under the tensor scale `st`: the E4M3 block
/// scale, the exact `amax / (6 st)` rounded to nearest even and clamped to
/// [2^-9, 448], and the elements, each `x / (scale × st)`.
pub fn nvfp4_block(vs: &[f64], codes: &mut [u8], st: f64, rounding: Rounding) -> u8 {
    let (a, finite) = amax(vs);
    if !finite {
        codes.fill(0);
        return E4M3_NAN;
    }
    let s = store_quotient(&FLOAT8_E4M3FN, a, 6.0 * st, Rounding::NearestEven).bits as u8;
    let s = s.max(E4M3_MIN);
    // The divisor, exact: 4 significant bits times float32's 24.
    let d = FLOAT8_E4M3FN.decode(u64::from(s)) * st;
    e2m1_codes(vs, d, codes, rounding);
    s
}

/// NVFP4's default tensor scale: the largest finite magnitude over 2688
/// (6 × 448), rounded once to float32 and saturated to its largest value
/// (only float64 values reach past it), as ModelOpt's `weight_scale_2`;
/// 1 where that is zero.
pub fn default_tensor_scale(amax_finite: f64) -> f32 {
    let s = store_quotient(&FLOAT32, amax_finite, 2688.0, Rounding::NearestEven).bits;
    let s = f32::from_bits(s as u32).min(f32::MAX);
    if s == 0.0 {
        1.0
    } else {
        s
    }
}

/// The largest finite magnitude of `n` elements of `S` at `src`.
///
/// # Safety
/// `src` holds `n` elements of `S`.
#[inline(always)]
pub unsafe fn amax_finite<S: Source>(src: *const u8, n: usize) -> f64 {
    let mut m = 0.0f64;
    for i in 0..n {
        // Safety: i < n.
        let a = unsafe { S::load(src, i) }.abs();
        if a <= f64::MAX {
            m = m.max(a);
        }
    }
    m
}

/// How to quantize.
#[derive(Clone, Copy, Debug)]
pub struct Params {
    pub scheme: Scheme,
    pub policy: Policy,
    pub rounding: Rounding,
    /// NVFP4's tensor scale: a positive finite float32.
    pub tensor_scale: f32,
}

/// Reads block `b` of `len` elements of `S` into `vs`.
///
/// # Safety
/// `src` holds the block.
#[inline(always)]
pub unsafe fn load_block<S: Source>(src: *const u8, b: usize, len: usize, vs: &mut [f64]) {
    for (j, v) in vs[..len].iter_mut().enumerate() {
        // Safety: as the caller's.
        *v = unsafe { S::load(src, b * len + j) };
    }
}

/// Writes one block's codes into the split layout: bytes for 8- and 6-bit
/// elements, two 4-bit codes to a byte, the lower-indexed element in the
/// low nibble (torch's `float4_e2m1fn_x2`).
///
/// # Safety
/// `out` has room for the block's element bytes.
#[inline(always)]
pub(crate) unsafe fn pack_split(codes: &[u8], bits: u32, out: *mut u8) {
    if bits == 4 {
        #[cfg(target_arch = "x86_64")]
        if codes.len() % 16 == 0 {
            use core::arch::x86_64::*;
            // Safety: SSE2 (x86_64's baseline); codes.len() codes and half
            // as many bytes of room. A 16-bit lane holds codes 2k and
            // 2k + 1 (each below 16); (v & 0x0f) | ((v >> 4) & 0xf0) is
            // their byte, and packus takes the low bytes.
            unsafe {
                for k in 0..codes.len() / 16 {
                    let v = _mm_loadu_si128(codes.as_ptr().add(16 * k).cast());
                    let t = _mm_or_si128(
                        _mm_and_si128(v, _mm_set1_epi16(0x0f)),
                        _mm_and_si128(_mm_srli_epi16::<4>(v), _mm_set1_epi16(0xf0)),
                    );
                    _mm_storel_epi64(out.add(8 * k).cast(), _mm_packus_epi16(t, t));
                }
            }
            return;
        }
        for (k, pair) in codes.chunks_exact(2).enumerate() {
            // Safety: codes.len() / 2 bytes of room.
            unsafe { *out.add(k) = (pair[0] & 0xf) | (pair[1] << 4) };
        }
    } else {
        // Safety: codes.len() bytes of room.
        unsafe { core::ptr::copy_nonoverlapping(codes.as_ptr(), out, codes.len()) };
    }
}

/// Quantizes `n` elements of `S` (a multiple of the block) into the split
/// layout.
///
/// # Safety
/// `src` holds `n` elements; `elements` and `scales` have room for theirs.
#[inline(always)]
pub unsafe fn split<S: Source>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let f = p.scheme.facts();
    let len = f.block;
    let bytes = len * f.element.stored_bits() as usize / 8;
    let st = f64::from(p.tensor_scale);
    let mut vs = [0f64; MAX_BLOCK];
    let mut codes = [0u8; MAX_BLOCK];
    for b in 0..n / len {
        // Safety: block b is within the n elements.
        unsafe { load_block::<S>(src, b, len, &mut vs) };
        let (vs, codes) = (&vs[..len], &mut codes[..len]);
        let s = if p.scheme == Scheme::Nvfp4 {
            nvfp4_block(vs, codes, st, p.rounding)
        } else {
            mx_block(f.element, vs, codes, p.policy, p.rounding)
        };
        // Safety: one scale and `bytes` element bytes per block.
        unsafe {
            *scales.add(b) = s;
            pack_split(codes, f.element.stored_bits(), elements.add(b * bytes));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::FLOAT8_E5M2;
    use crate::testing::Xorshift;

    #[test]
    fn mxfp4_block_by_hand() {
        // amax 5: floor(log2 5) − 2 = 0, scale 1: elements round to E2M1.
        let mut vs = [0.0; 32];
        vs[..6].copy_from_slice(&[5.0, 0.25, 0.75, -2.5, -0.0, 1.3]);
        let mut codes = [0u8; 32];
        let s = mx_block(
            Element::Float4E2m1fn,
            &vs,
            &mut codes,
            Policy::Floor,
            Rounding::NearestEven,
        );
        assert_eq!(s, 127);
        // 5 ties between 4 and 6: to even, 4 (0b110); 0.25 to 0; 0.75 to 1
        // (even, 0b010); -2.5 to -2; -0 keeps its sign; 1.3 to 1.5.
        assert_eq!(&codes[..6], &[0x6, 0x0, 0x2, 0xc, 0x8, 0x3]);
        // Floor's scale can leave amax past 6: 7.9 saturates.
        vs[0] = 7.9;
        mx_block(
            Element::Float4E2m1fn,
            &vs,
            &mut codes,
            Policy::Floor,
            Rounding::NearestEven,
        );
        assert_eq!(codes[0], 0x7);
        vs[1] = f64::NAN;
        let s = mx_block(
            Element::Float4E2m1fn,
            &vs,
            &mut codes,
            Policy::Floor,
            Rounding::NearestEven,
        );
        assert_eq!((s, codes[0]), (0xff, 0));
    }

    #[test]
    fn fast_and_exact_element_paths_agree() {
        let mut rng = Xorshift::new(0x0123_4567_89ab_cdefu64);
        let mut vs = [0f64; 32];
        for i in 0..20_000 {
            for v in vs.iter_mut() {
                let s = rng.next_u64();
                let e = (s >> 58) as i32 - 40 + (i % 7) * 20 - 60;
                *v = ((s as i64 >> 11) as f64) * pow2(e - 52);
            }
            for e in Element::MX {
                for p in Policy::ALL {
                    let mut fast = [0u8; 32];
                    let mut slow = [0u8; 32];
                    let a = mx_block(e, &vs, &mut fast, p, Rounding::NearestEven);
                    // The exact path, forced: NearestEven through encode.
                    let k = p.exponent(amax(&vs).0, e);
                    for (c, &x) in slow.iter_mut().zip(&vs) {
                        *c = match e.format() {
                            Some(f) => encode_scaled(f, x, k, Rounding::NearestEven),
                            None => {
                                integer_scaled(x, k - 6, Rounding::NearestEven, 127) as i8 as u8
                            }
                        };
                    }
                    assert_eq!(a, e8m0::of_exponent(k));
                    assert_eq!(fast, slow, "{e:?} {p:?} {vs:?}");
                }
            }
        }
    }

    #[test]
    fn nvfp4_scale_and_elements() {
        let mut vs = [0.0f64; 16];
        vs[0] = 6.0;
        vs[1] = -2.9;
        let mut codes = [0u8; 16];
        // amax 6, tensor scale 1: scale 1 (0x38), elements as they are.
        let s = nvfp4_block(&vs, &mut codes, 1.0, Rounding::NearestEven);
        assert_eq!(s, 0x38);
        assert_eq!(&codes[..3], &[0x7, 0xd, 0x0]);
        // A block of zeros takes the least scale, 2^-9.
        let s = nvfp4_block(&[0.0; 16], &mut codes, 1.0, Rounding::NearestEven);
        assert_eq!(s, 0x01);
        // Past 448 × 6 × st the scale saturates and so do the elements.
        vs[0] = 1e6;
        let s = nvfp4_block(&vs, &mut codes, 1.0, Rounding::NearestEven);
        assert_eq!((s, codes[0]), (0x7e, 0x7));
        assert_eq!(default_tensor_scale(2688.0), 1.0);
        assert_eq!(default_tensor_scale(0.0), 1.0);
        let _ = FLOAT8_E5M2;
    }

    #[test]
    fn integer_scaled_rounds_every_way() {
        use Rounding::*;
        assert_eq!(integer_scaled(2.5, 0, NearestEven, 127), 2);
        assert_eq!(integer_scaled(2.5, 0, NearestAway, 127), 3);
        assert_eq!(integer_scaled(-2.5, 0, NearestAway, 127), -3);
        assert_eq!(integer_scaled(-2.1, 0, TowardNegative, 127), -3);
        assert_eq!(integer_scaled(2.1, 0, TowardPositive, 127), 3);
        assert_eq!(integer_scaled(2.9, 0, TowardZero, 127), 2);
        assert_eq!(integer_scaled(1e10, 0, NearestEven, 127), 127);
        assert_eq!(integer_scaled(pow2(-1070), 0, TowardPositive, 127), 1);
        assert_eq!(integer_scaled(pow2(-1070), 0, NearestEven, 127), 0);
        assert_eq!(integer_scaled(0.5, 0, NearestEven, 127), 0);
        assert_eq!(integer_scaled(0.5, -1, NearestEven, 127), 1);
    }
}
