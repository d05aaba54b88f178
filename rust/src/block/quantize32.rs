//! The fast path of quantizing: values that float32 holds (float32,
//! bfloat16 and float16 sources) under the default rounding, to nearest,
//! ties to even. It gives the bits of the exact path of `quantize.rs` and
//! `ggml.rs` (the tests compare them) with float32 arithmetic where that is
//! exact and comparisons where it is not:
//!
//! - a product by a power of two is exact (what falls below float32's
//!   normal range rounds to a zero element either way), and an element is
//!   rounded by adding and subtracting a constant whose unit in the last
//!   place is the element's quantum;
//! - a quotient by anything else (NVFP4's, ggml's scales) is judged
//!   against the exact products of the scale and the rounding boundaries;
//! - a scale rounded from a double quotient is checked against the exact
//!   products of the divisor and the midpoints beside it, where a double
//!   rounding could hide.
//!
//! The loops are compiled twice, portably and with AVX2, chosen at run
//! time. Both assume the default floating-point environment.

use super::formats::{e8m0, ue4m3_ggml, Element};
use super::ggml::pack_halves;
use super::io::Source;
use super::policy::Policy;
use super::quantize::{pack_split, Params, E4M3_MIN, E4M3_NAN};
use super::scheme::Scheme;
use crate::format::Float8E4m3fn;
use crate::kernels::{f16_to_f32, f64_to_small, hardware, E4M3_TO_F32};

/// float32's sign and the magnitude of its infinity.
const SIGN: u32 = 0x8000_0000;
const INF: u32 = 0x7f80_0000;

/// The largest magnitude's bits of `xs`, which is at least [`INF`] iff
/// one is not finite.
#[inline(always)]
fn amax_bits<const N: usize>(xs: &[f32; N]) -> u32 {
    xs.iter().fold(0, |m, x| m.max(x.to_bits() & !SIGN))
}

/// The code of `y`, |y| clamped to `max`, in a format of `E` exponent and
/// `F` fraction bits (bias 2^(E-1) − 1, no infinity reached): rounded to
/// nearest even by adding and subtracting 2^(q + 23), q the quantum of
/// |y|'s binade (or of the least normal one), then read off the rounded
/// value's bits: rebiased for a normal result; for a subnormal one, the
/// bits the result adds to the least normal value m (r + m is exact).
/// Nothing here makes a float32 subnormal, which costs some processors a
/// slow assist per operation.
#[inline(always)]
fn element_code<const E: u32, const F: u32>(y: f32, max: f32) -> u8 {
    let bias = (1u32 << (E - 1)) - 1;
    let b = y.to_bits();
    let a = f32::from_bits(b & !SIGN).min(max);
    let field = (a.to_bits() >> 23) as i32;
    let c = f32::from_bits(((field.max(128 - bias as i32) - F as i32 + 23) as u32) << 23);
    let r = (a + c) - c;
    let m = f32::from_bits((128 - bias) << 23);
    let normal = (r.to_bits().wrapping_sub((127 - bias) << 23)) >> (23 - F);
    let subnormal = ((r + m).to_bits() - m.to_bits()) >> (23 - F);
    let mag = if r < m { subnormal } else { normal };
    ((b >> 31) << (E + F) | mag) as u8
}

/// An OCP MX block of float elements: its scale's byte, its codes.
#[inline(always)]
fn mx_float<const E: u32, const F: u32, const N: usize>(
    xs: &[f32; N],
    codes: &mut [u8; N],
    elem: Element,
    policy: Policy,
) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return e8m0::NAN;
    }
    let k = policy.exponent(f64::from(f32::from_bits(a)), elem);
    // 2^-k for k up to 127, float32's least subnormal 2^-127 included.
    let inv = crate::format::pow2(-k) as f32;
    let max = elem.max_finite() as f32;
    for (c, &x) in codes.iter_mut().zip(xs) {
        *c = element_code::<E, F>(x * inv, max);
    }
    e8m0::of_exponent(k)
}

/// An MXINT8 block: its scale's byte and the two's complement bytes.
#[inline(always)]
fn mx_int8<const N: usize>(xs: &[f32; N], codes: &mut [u8; N], policy: Policy) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return e8m0::NAN;
    }
    let k = policy.exponent(f64::from(f32::from_bits(a)), Element::Int8Scaled);
    let inv = crate::format::pow2(-k) as f32;
    for (c, &x) in codes.iter_mut().zip(xs) {
        *c = ((x * inv) * 64.0).clamp(-127.0, 127.0).round_ties_even() as i32 as u8;
    }
    e8m0::of_exponent(k)
}

/// An OCP MX block.
#[inline(always)]
pub fn mx_block<const N: usize>(
    elem: Element,
    xs: &[f32; N],
    codes: &mut [u8; N],
    policy: Policy,
) -> u8 {
    match elem {
        Element::Float8E4m3fn => mx_float::<4, 3, N>(xs, codes, elem, policy),
        Element::Float8E5m2 => mx_float::<5, 2, N>(xs, codes, elem, policy),
        Element::Float6E2m3fn => mx_float::<2, 3, N>(xs, codes, elem, policy),
        Element::Float6E3m2fn => mx_float::<3, 2, N>(xs, codes, elem, policy),
        Element::Float4E2m1fn => mx_float::<2, 1, N>(xs, codes, elem, policy),
        _ => mx_int8(xs, codes, policy),
    }
}

/// The encoding `c`, rounded from the double quotient `x / den` (x, den
/// positive), moved to the exact quotient's rounding where the double
/// quotient landed on the midpoint of `c` and a neighbour: `value` decodes
/// an encoding, `top` is the largest one considered, and each midpoint
/// times `den` must be exact.
#[inline(always)]
fn verified(c: u32, x: f64, den: f64, top: u32, value: impl Fn(u32) -> f64) -> u32 {
    let v = value(c);
    if c < top {
        let hi = (v + value(c + 1)) / 2.0 * den;
        if x > hi || (x == hi && c & 1 == 1) {
            return c + 1;
        }
    }
    if c > 0 {
        let lo = (v + value(c - 1)) / 2.0 * den;
        if x < lo || (x == lo && c & 1 == 1) {
            return c - 1;
        }
    }
    c
}

/// The E4M3FN encoding of x / den (x ≥ 0, den > 0 with at most 48
/// significant bits), the exact quotient rounded to nearest even and
/// saturated to 448.
#[inline(always)]
pub fn e4m3_quotient(x: f64, den: f64) -> u8 {
    let c = f64_to_small::<Float8E4m3fn>(x / den);
    let value = |c: u32| f64::from(f32::from_bits(E4M3_TO_F32[c as usize]));
    verified(c, x, den, 0x7e, value) as u8
}

/// The float16 encoding of x / den (x ≥ 0, den > 0 with at most 41
/// significant bits), the exact quotient rounded to nearest even and
/// saturated to 65504.
#[inline(always)]
pub fn f16_quotient(x: f64, den: f64) -> u16 {
    const MAX: u32 = 0x7bff;
    let c = f64_to_small::<half::f16>(x / den).min(MAX);
    let value = |c: u32| f64::from(f32::from_bits(f16_to_f32(c as u16)));
    verified(c, x, den, MAX, value) as u16
}

/// E2M1's midpoints, 0.25 … 5: the boundaries of its rounding.
const MIDPOINTS: [f64; 7] = [0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0];

/// The E2M1 codes of `xs / d` (d > 0 with at most 50 significant bits),
/// each the exact quotient rounded to nearest even and clamped to ±6:
/// the count of boundaries t below |x| (each t = midpoint × d, exact in a
/// double), a tie counting for the boundaries above an odd code (1, 3,
/// 5). The comparisons are float32's, against l, the float32 below or at
/// t: a float32 |x| is above t iff it is above l, and equal to t iff
/// equal to l when t is l.
#[inline(always)]
pub fn e2m1_codes<const N: usize>(xs: &[f32; N], d: f64, codes: &mut [u8; N]) {
    if d == 0.0 {
        for (c, &x) in codes.iter_mut().zip(xs) {
            *c = ((x.to_bits() >> 31) << 3) as u8;
        }
        return;
    }
    // l and, where t is a float32, t itself (NaN elsewhere: never equal).
    let mut l = [0f32; 7];
    let mut e = [0f32; 7];
    for i in 0..7 {
        let t = MIDPOINTS[i] * d;
        let r = t as f32;
        let below = f64::from(r) > t;
        l[i] = if below {
            f32::from_bits(r.to_bits() - 1)
        } else {
            r
        };
        e[i] = if f64::from(r) == t { r } else { f32::NAN };
    }
    let [l0, l1, l2, l3, l4, l5, l6] = l;
    let (e1, e3, e5) = (e[1], e[3], e[5]);
    for (c, &x) in codes.iter_mut().zip(xs) {
        let a = x.abs();
        let n = u32::from(a > l0)
            + u32::from(a > l1 || a == e1)
            + u32::from(a > l2)
            + u32::from(a > l3 || a == e3)
            + u32::from(a > l4)
            + u32::from(a > l5 || a == e5)
            + u32::from(a > l6);
        *c = ((x.to_bits() >> 31) << 3 | n) as u8;
    }
}

/// An NVFP4 block under the tensor scale `st`: the E4M3 scale, clamped to
/// [2^-9, 448], and the codes.
#[inline(always)]
pub fn nvfp4_block<const N: usize>(xs: &[f32; N], codes: &mut [u8; N], st: f64) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return E4M3_NAN;
    }
    let s = e4m3_quotient(f64::from(f32::from_bits(a)), 6.0 * st).max(E4M3_MIN);
    let d = f64::from(f32::from_bits(E4M3_TO_F32[usize::from(s)])) * st;
    e2m1_codes(xs, d, codes);
    s
}

/// ggml's NVFP4 sub-block: its unsigned E4M3 scale (no lower clamp), its
/// codes; the caller has refused non-finite values.
#[inline(always)]
pub fn ggml_nvfp4_sub<const N: usize>(xs: &[f32; N], codes: &mut [u8; N]) -> u8 {
    let a = f64::from(f32::from_bits(amax_bits(xs)));
    let s = e4m3_quotient(a, 6.0);
    e2m1_codes(xs, ue4m3_ggml(s), codes);
    s
}

/// The integers nearest `xs / d` (d > 0, float16), ties to even, clamped
/// to [lo, hi], each plus `offset` as a byte: the product by float32's
/// 1/d, moved by the comparison with the exact products (c ± 1/2) × d,
/// which a quotient of at most 256 and a float16 d keep within float32's
/// 24 bits. `negate` divides by −d instead.
#[inline(always)]
fn nearest_integers<const N: usize>(
    xs: &[f32; N],
    d: f32,
    negate: bool,
    lo: f32,
    hi: f32,
    offset: f32,
    codes: &mut [u8; N],
) {
    let inv = 1.0 / d;
    for (o, &x) in codes.iter_mut().zip(xs) {
        let x = if negate { -x } else { x };
        let c = (x * inv).round_ties_even().clamp(-256.0, 256.0);
        // c's parity: the low bit of 1.5 × 2^23 + c, whose unit is 1.
        let odd = (c + 12_582_912.0).to_bits() & 1 == 1;
        let up = (c + 0.5) * d;
        let down = (c - 0.5) * d;
        let inc = if (x > up) | ((x == up) & odd) {
            1.0
        } else {
            0.0
        };
        let dec = if (x < down) | ((x == down) & odd) {
            1.0
        } else {
            0.0
        };
        let v = (c + inc - dec).clamp(lo, hi) + offset;
        // Safety: v is an integer, in −127..=255 (clamped above).
        *o = unsafe { v.to_int_unchecked::<i32>() } as u8;
    }
}

/// The index of the first value of `xs` whose magnitude's bits are `a`
/// (one is).
#[inline(always)]
fn first_of_magnitude<const N: usize>(xs: &[f32; N], a: u32) -> usize {
    #[cfg(target_arch = "x86_64")]
    {
        use core::arch::x86_64::*;
        // SSE2, x86_64's baseline: four comparisons at a time, their
        // sign bits gathered into a mask.
        let mut mask = 0u64;
        for k in 0..N / 4 {
            // Safety: 4 values at 4k; SSE2 is always there.
            unsafe {
                let v = _mm_loadu_si128(xs.as_ptr().add(4 * k).cast());
                let mag = _mm_and_si128(v, _mm_set1_epi32(i32::MAX));
                let eq = _mm_cmpeq_epi32(mag, _mm_set1_epi32(a as i32));
                mask |= (_mm_movemask_ps(_mm_castsi128_ps(eq)) as u64) << (4 * k);
            }
        }
        mask.trailing_zeros() as usize % N
    }
    #[cfg(not(target_arch = "x86_64"))]
    xs.iter()
        .position(|x| x.to_bits() & !SIGN == a)
        .unwrap_or(0)
}

/// float16's NaN, and its largest finite value.
const F16_NAN: u16 = 0x7e00;

/// A Q8_0 block: its float16 scale, its int8 codes.
#[inline(always)]
pub fn q8_0<const N: usize>(xs: &[f32; N], codes: &mut [u8; N]) -> u16 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return F16_NAN;
    }
    let s = f16_quotient(f64::from(f32::from_bits(a)), 127.0);
    let d = f32::from_bits(f16_to_f32(s));
    if d == 0.0 {
        codes.fill(0);
        return s;
    }
    // The two's complement byte is the i32's low byte.
    nearest_integers(xs, d, false, -127.0, 127.0, 0.0, codes);
    s
}

/// A Q4_0 block: its float16 scale m / −8, m the first value of largest
/// magnitude, and its codes q + 8.
#[inline(always)]
pub fn q4_0<const N: usize>(xs: &[f32; N], codes: &mut [u8; N]) -> u16 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(8);
        return F16_NAN;
    }
    let m = xs[first_of_magnitude(xs, a)];
    // m / −8 is exact in a double: one rounding, into float16,
    // saturated.
    let s = f64_to_small::<half::f16>(f64::from(m) / -8.0) as u16;
    let s = if s & 0x7fff == 0x7c00 {
        (s & 0x8000) | 0x7bff
    } else {
        s
    };
    let d = f32::from_bits(f16_to_f32(s));
    if d == 0.0 {
        codes.fill(8);
        return s;
    }
    nearest_integers(xs, d.abs(), d < 0.0, -8.0, 7.0, 8.0, codes);
    s
}

/// Reads block `b` of `N` values of `S` as float32.
///
/// # Safety
/// `src` holds the block.
#[inline(always)]
unsafe fn load_block<S: Source, const N: usize>(src: *const u8, b: usize) -> [f32; N] {
    // Safety: as the caller's.
    core::array::from_fn(|j| unsafe { S::load32(src, b * N + j) })
}

/// Quantizes `n` values of `S` into a split scheme's elements and scales,
/// blocks of `N`. (No closures here: a closure does not inherit the AVX2
/// of the function it is written in.)
///
/// # Safety
/// As [`super::quantize::quantize_split`], with `N` the scheme's block.
#[inline(always)]
unsafe fn split_blocks<S: Source, const N: usize>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let f = p.scheme.facts();
    let bits = f.element.stored_bits();
    let bytes = N * bits as usize / 8;
    let st = f64::from(p.tensor_scale);
    let mut codes = [0u8; N];
    for b in 0..n / N {
        // Safety: block b is within the n values.
        let xs = unsafe { load_block::<S, N>(src, b) };
        let s = if p.scheme == Scheme::Nvfp4 {
            nvfp4_block(&xs, &mut codes, st)
        } else {
            mx_block(f.element, &xs, &mut codes, p.policy)
        };
        // Safety: one scale and `bytes` element bytes per block.
        unsafe {
            *scales.add(b) = s;
            pack_split(&codes, bits, elements.add(b * bytes));
        }
    }
}

/// Quantizes `n` values of `S` into a split scheme's elements and scales.
///
/// # Safety
/// As [`super::quantize::quantize_split`].
#[inline(always)]
unsafe fn split_body<S: Source>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    // Safety (both): as the caller's; NVFP4's block is 16, MX's 32.
    if p.scheme == Scheme::Nvfp4 {
        unsafe { split_blocks::<S, 16>(p, src, n, elements, scales) }
    } else {
        unsafe { split_blocks::<S, 32>(p, src, n, elements, scales) }
    }
}

/// Writes one ggml block of 32 values at `o`.
///
/// # Safety
/// `o` has the scheme's bytes per block.
#[inline(always)]
unsafe fn ggml_block32(scheme: Scheme, policy: Policy, xs: &[f32; 32], o: *mut u8) {
    let mut codes = [0u8; 32];
    // Safety (every arm): 2 scale bytes and 32 or 16 element bytes; 1
    // and 16.
    match scheme {
        Scheme::GgmlQ8_0 => unsafe {
            let s = q8_0(xs, &mut codes);
            core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
            core::ptr::copy_nonoverlapping(codes.as_ptr(), o.add(2), 32);
        },
        Scheme::GgmlQ4_0 => unsafe {
            let s = q4_0(xs, &mut codes);
            core::ptr::copy_nonoverlapping(s.to_le_bytes().as_ptr(), o, 2);
            pack_halves(&codes, o.add(2));
        },
        _ => unsafe {
            *o = mx_block(Element::Float4E2m1fn, xs, &mut codes, policy);
            pack_halves(&codes, o.add(1));
        },
    }
}

/// Quantizes `n` values of `S` into ggml blocks; the index of a refused
/// value (NVFP4's NaN and infinities), else None.
///
/// # Safety
/// As [`super::ggml::quantize_ggml`].
#[inline(always)]
unsafe fn ggml_body<S: Source>(
    p: &Params,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    let size = p.scheme.facts().bytes_per_block;
    if p.scheme != Scheme::GgmlNvfp4 {
        for b in 0..n / 32 {
            // Safety: block b is within the n values, its bytes within out.
            unsafe {
                ggml_block32(
                    p.scheme,
                    p.policy,
                    &load_block::<S, 32>(src, b),
                    out.add(b * size),
                )
            };
        }
        return None;
    }
    for b in 0..n / 64 {
        // Safety: block b is within the n values.
        let xs = unsafe { load_block::<S, 64>(src, b) };
        if amax_bits(&xs) >= INF {
            let j = xs.iter().position(|x| !x.is_finite()).unwrap_or(0);
            return Some(b * 64 + j);
        }
        for s in 0..4 {
            let sub: &[f32; 16] = xs[16 * s..16 * (s + 1)].try_into().expect("16 values");
            let mut codes = [0u8; 16];
            let scale = ggml_nvfp4_sub(sub, &mut codes);
            // Safety: four scale bytes, then 8 bytes per sub-block.
            unsafe {
                let o = out.add(b * size);
                *o.add(s) = scale;
                pack_halves(&codes, o.add(4 + 8 * s));
            }
        }
    }
    None
}

/// The largest finite magnitude of `n` values of `S`, on the bits: the
/// magnitudes' order is their bits', and an infinity's or a NaN's bits
/// are past [`INF`] − 1.
///
/// # Safety
/// `src` holds `n` values of `S`.
#[inline(always)]
unsafe fn finite_amax_body<S: Source>(src: *const u8, n: usize) -> f32 {
    let mut m = 0u32;
    for i in 0..n {
        // Safety: i < n.
        let a = unsafe { S::load32(src, i) }.to_bits() & !SIGN;
        m = m.max(if a < INF { a } else { 0 });
    }
    f32::from_bits(m)
}

/// The bodies compiled portably and with AVX2.
macro_rules! twice {
    ($name:ident, $body:ident, ($($arg:ident: $t:ty),*) -> $ret:ty) => {
        /// The fast path, by AVX2 where the processor has it.
        ///
        /// # Safety
        /// As the body's.
        pub unsafe fn $name<S: Source>($($arg: $t),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if hardware() {
                /// Safety: AVX2; as the body's.
                #[target_feature(enable = "avx2")]
                unsafe fn avx2<S: Source>($($arg: $t),*) -> $ret {
                    // Safety: as the caller's.
                    unsafe { $body::<S>($($arg),*) }
                }
                // Safety: hardware() checked AVX2.
                return unsafe { avx2::<S>($($arg),*) };
            }
            // Safety: as the caller's.
            unsafe { $body::<S>($($arg),*) }
        }
    };
}

twice!(split, split_body, (p: &Params, src: *const u8, n: usize, elements: *mut u8, scales: *mut u8) -> ());
twice!(ggml, ggml_body, (p: &Params, src: *const u8, n: usize, out: *mut u8) -> Option<usize>);
twice!(finite_amax, finite_amax_body, (src: *const u8, n: usize) -> f32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::quantize;
    use crate::format::{pow2, Rounding, FLOAT16};

    fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// A block of float32 values of the kinds that matter: random spreads,
    /// grid values and midpoints at a scale, zeros, subnormals.
    fn block(s: &mut u64, len: usize) -> Vec<f32> {
        let kind = next(s) % 5;
        let e = (next(s) % 60) as i32 - 30;
        (0..len)
            .map(|_| {
                let r = next(s);
                let sign = if r & 1 == 0 { 1.0 } else { -1.0 };
                sign * match kind {
                    0 => {
                        f32::from_bits((r >> 40) as u32 | 0x3f80_0000)
                            * pow2(e - (r % 30) as i32) as f32
                    }
                    1 => {
                        [0.25f32, 0.75, 1.25, 2.5, 3.5, 5.0, 6.0, 0.125, 1.0625][(r % 9) as usize]
                            * pow2(e) as f32
                    }
                    2 => 0.0,
                    3 => f32::from_bits((r >> 44) as u32),
                    _ => f32::from_bits((r as u32) & 0x7f7f_ffff),
                }
            })
            .collect()
    }

    #[test]
    fn fast_blocks_agree_with_the_exact_path() {
        let mut s = 0x1234_5678_9abc_def0u64;
        let elems = [
            Element::Float8E4m3fn,
            Element::Float8E5m2,
            Element::Float6E2m3fn,
            Element::Float6E3m2fn,
            Element::Float4E2m1fn,
            Element::Int8Scaled,
        ];
        let ne = Rounding::NearestEven;
        for _ in 0..20_000 {
            let xs = block(&mut s, 32);
            let vs: Vec<f64> = xs.iter().map(|&x| f64::from(x)).collect();
            let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
            let x32: [f32; 32] = xs[..].try_into().unwrap();
            for e in elems {
                for p in Policy::ALL {
                    let sa = mx_block(e, &x32, &mut a, p);
                    let sb = quantize::mx_block(e, &vs, &mut b, p, ne);
                    assert_eq!((sa, a), (sb, b), "{e:?} {p:?} {xs:?}");
                }
            }
            let st = f64::from(f32::from_bits((next(&mut s) as u32 >> 9) | 0x3c00_0000));
            let (x16, mut a16): ([f32; 16], [u8; 16]) = (xs[..16].try_into().unwrap(), [0; 16]);
            let sa = nvfp4_block(&x16, &mut a16, st);
            let sb = quantize::nvfp4_block(&vs[..16], &mut b[..16], st, ne);
            assert_eq!((sa, &a16[..]), (sb, &b[..16]), "nvfp4 {st:e} {xs:?}");
        }
    }

    #[test]
    fn scales_from_quotients_are_exact() {
        let mut s = 0x0bad_cafe_1234_5678u64;
        let ne = Rounding::NearestEven;
        for i in 0..300_000 {
            let den = 6.0 * f64::from(f32::from_bits((next(&mut s) as u32 >> 9) | 0x3800_0000));
            // Dividends near the midpoints of E4M3 and float16 values.
            let m = f64::from(f32::from_bits(E4M3_TO_F32[(next(&mut s) % 0x7e) as usize]));
            let mut x = m * (1.0 + pow2(-4)) * den;
            for _ in 0..i % 3 {
                x = if i % 2 == 0 {
                    x.next_up()
                } else {
                    x.next_down()
                };
            }
            let want =
                crate::block::exact::store_quotient(&crate::format::FLOAT8_E4M3FN, x, den, ne).bits;
            assert_eq!(u64::from(e4m3_quotient(x, den)), want, "{x:e} / {den:e}");
            let h = f64::from(f32::from_bits(f16_to_f32((next(&mut s) % 0x7bff) as u16)));
            let mut y = h * (1.0 + pow2(-11)) * 127.0;
            for _ in 0..i % 3 {
                y = if i % 2 == 0 {
                    y.next_up()
                } else {
                    y.next_down()
                };
            }
            let y = y.max(0.0);
            let st = crate::block::exact::store_quotient(&FLOAT16, y, 127.0, ne);
            let want = if st.bits == 0x7c00 { 0x7bff } else { st.bits };
            assert_eq!(u64::from(f16_quotient(y, 127.0)), want, "{y:e}");
        }
    }
}
