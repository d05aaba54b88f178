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
//! - a quotient by anything else is judged against bounds: for each
//!   rounding boundary t, exact in a double, the float32 bits past which
//!   a magnitude rounds above it. NVFP4's and ggml's NVFP4 take tables
//!   made once per call (a scale has 126 values), so that an element costs
//!   seven integer comparisons and a scale, read off a float32 product,
//!   one; Q8_0's and Q4_0's integers, read off a float32 product, are
//!   moved by comparisons with the exact products beside them;
//! - Q8_0's float16 scale, amax / 127, is rounded from the double
//!   quotient, which no double rounding can move (see
//!   [`f16_quotient127`]).
//!
//! The loops are compiled twice, portably and with AVX2, chosen at run
//! time; the AVX2 twin takes `quantize_avx2`'s loops, written with its
//! intrinsics, and on processors with AVX-512 `quantize_avx512`'s for
//! OCP MX's float elements and both NVFP4s (in one run at 1e5 and 1e6
//! float32 values, OCP MX 0.38 to 0.44 ns a value against AVX2's 0.76 to
//! 0.84; best of six in turns at 1e5, NVFP4 0.97 against 1.27, ggml's
//! 0.92 against 1.25); the tests hold each to the portable loops' bits.
//! All assume the default floating-point environment.

use super::formats::{e8m0, ue4m3_ggml, Element};
use super::ggml::pack_halves;
use super::io::Source;
use super::policy::Policy;
use super::quantize::{pack_split, Params, E4M3_MIN, E4M3_NAN};
use super::scheme::Scheme;
use crate::kernels::{f16_to_f32, f64_to_small, hardware, E4M3_TO_F32};

/// float32's sign and the magnitude of its infinity.
const SIGN: u32 = 0x8000_0000;
pub(crate) const INF: u32 = 0x7f80_0000;

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
    let k = policy.exponent32(a, elem);
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
    let k = policy.exponent32(a, Element::Int8Scaled);
    let inv = crate::format::pow2(-k) as f32;
    for (c, &x) in codes.iter_mut().zip(xs) {
        *c = ((x * inv) * 64.0).clamp(-127.0, 127.0).round_ties_even() as i32 as u8;
    }
    e8m0::of_exponent(k)
}

/// An OCP MX block.
#[inline(always)]
pub fn mx_block(elem: Element, xs: &[f32; 32], codes: &mut [u8; 32], policy: Policy) -> u8 {
    match elem {
        Element::Float8E4m3fn => mx_float::<4, 3, 32>(xs, codes, elem, policy),
        Element::Float8E5m2 => mx_float::<5, 2, 32>(xs, codes, elem, policy),
        Element::Float6E2m3fn => mx_float::<2, 3, 32>(xs, codes, elem, policy),
        Element::Float6E3m2fn => mx_float::<3, 2, 32>(xs, codes, elem, policy),
        Element::Float4E2m1fn => mx_float::<2, 1, 32>(xs, codes, elem, policy),
        _ => mx_int8(xs, codes, policy),
    }
}

/// The float16 encoding of a / 127, `a` the bits of a finite float32
/// magnitude: the exact quotient rounded to nearest even and saturated to
/// 65504 (Q8_0's scale). The double quotient rounds as the exact one
/// does: it is within 2^-53 of it, relatively, and a quotient that is not
/// a midpoint of float16 values is at least 2^-31 from every one (a has
/// 24 significant bits, a midpoint times 127 at most 19).
#[inline(always)]
pub fn f16_quotient127(a: u32) -> u16 {
    const MAX: u32 = 0x7bff;
    f64_to_small::<half::f16>(f64::from(f32::from_bits(a)) / 127.0).min(MAX) as u16
}

/// The bound of a rounding boundary `t` > 0 (exact in a double) among
/// float32 magnitudes: the bits `l` such that a magnitude of bits `a`
/// rounds past t iff `a > l` (as integers, which order non-negative
/// float32 as their values), a tie at t going past iff `up`. It is the
/// bits of the float32 below t, or at t when a tie stays.
#[inline(always)]
fn bound(t: f64, up: bool) -> i32 {
    let r = t as f32;
    let r64 = f64::from(r);
    r.to_bits() as i32 - i32::from(r64 > t || (up && r64 == t))
}

/// A bound that no float32 magnitude passes.
const NEVER: i32 = i32::MAX;

/// E4M3FN's largest finite encoding, 448.
const E4M3_MAX: usize = 0x7e;

/// The E4M3FN encodings of quotients by one divisor `den` (> 0, at most
/// 48 significant bits), each the exact quotient of a float32 magnitude
/// rounded to nearest even and saturated to 448: NVFP4's block scales
/// (den = 6 × the tensor scale) and ggml's (den = 6). The double product
/// by 1/den, rounded to float32, is within 2^-23 of the quotient,
/// relatively, far closer than any midpoint is to the encodings beside
/// it: so the encoding at or below it, t, is the quotient's rounding or
/// the one below, and the bound of the midpoint above t tells which.
pub struct E4m3Quotients {
    inv: f64,
    /// `bounds[c]`: past it, the quotient rounds above the encoding c;
    /// [`NEVER`] past the largest.
    bounds: [i32; E4M3_MAX + 1],
}

impl E4m3Quotients {
    pub fn new(den: f64) -> Self {
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        E4m3Quotients {
            inv: 1.0 / den,
            bounds: core::array::from_fn(|c| {
                if c < E4M3_MAX {
                    // Each midpoint (5 significant bits) times den is exact.
                    bound((value(c) + value(c + 1)) / 2.0 * den, c & 1 == 1)
                } else {
                    NEVER
                }
            }),
        }
    }

    /// The encoding of the quotient of the magnitude of bits `a` (finite).
    #[inline(always)]
    pub fn code(&self, a: u32) -> usize {
        /// E4M3's least normal value, 2^-6, and its quantum below, 2^-9.
        const NORMAL: f32 = 1.0 / 64.0;
        const QUANTUM: f32 = 1.0 / 512.0;
        let q = ((f64::from(f32::from_bits(a)) * self.inv) as f32).min(448.0);
        // At or above 2^-6, the encoding below is q's exponent and top
        // three fraction bits, rebiased (from 127 to 7); below, the
        // number of quanta in q.
        let t = if q >= NORMAL {
            (q.to_bits() >> 20) as usize - (120 << 3)
        } else {
            (q / QUANTUM) as usize
        };
        let t = t.min(E4M3_MAX);
        t + usize::from(a as i32 > self.bounds[t])
    }
}

/// E2M1's midpoints, 0.25 … 5: the boundaries of its rounding, the tie
/// at each odd one (0.75, 1.75, 3.5) going up, to the even encoding.
const MIDPOINTS: [f64; 7] = [0.25, 0.75, 1.25, 1.75, 2.5, 3.5, 5.0];

/// The bounds of an E2M1 scale: see [`e2m1_bounds`].
pub type E2m1Bounds = [i32; 8];

/// The bounds of E2M1's boundaries times `d` (≥ 0, at most 50 significant
/// bits, so that each product is exact), the eighth never passed: the
/// code of a value under the scale d, the exact quotient rounded to
/// nearest even and clamped to ±6, is its sign and the number of bounds
/// its magnitude passes. Under d = 0 none is passed: zeros of the values'
/// signs.
#[inline(always)]
pub fn e2m1_bounds(d: f64) -> E2m1Bounds {
    core::array::from_fn(|i| {
        if i < 7 && d > 0.0 {
            bound(MIDPOINTS[i] * d, i & 1 == 1)
        } else {
            NEVER
        }
    })
}

/// The E2M1 codes of `xs` under the bounds `l` of [`e2m1_bounds`].
#[inline(always)]
pub fn e2m1_codes<const N: usize>(xs: &[f32; N], l: &E2m1Bounds, codes: &mut [u8; N]) {
    for (c, &x) in codes.iter_mut().zip(xs) {
        let b = x.to_bits();
        let a = (b & !SIGN) as i32;
        let n: u32 = l[..7].iter().map(|&t| u32::from(a > t)).sum();
        *c = ((b >> 31) << 3 | n) as u8;
    }
}

/// The tables of NVFP4's quantizing under one tensor scale, or of ggml's
/// NVFP4: the scales' quotients, and the E2M1 bounds under each scale
/// encoding (the scale's value times the tensor scale).
pub struct Nvfp4Tables {
    pub scales: E4m3Quotients,
    pub elements: [E2m1Bounds; E4M3_MAX + 1],
}

impl Nvfp4Tables {
    /// NVFP4's under the tensor scale `st` (a positive float32).
    pub fn nvfp4(st: f64) -> Self {
        let value = |s: usize| f64::from(f32::from_bits(E4M3_TO_F32[s]));
        Nvfp4Tables {
            scales: E4m3Quotients::new(6.0 * st),
            elements: core::array::from_fn(|s| e2m1_bounds(value(s) * st)),
        }
    }

    /// ggml's, whose scales are unsigned E4M3 (no tensor scale).
    pub fn ggml() -> Self {
        Nvfp4Tables {
            scales: E4m3Quotients::new(6.0),
            elements: core::array::from_fn(|s| e2m1_bounds(ue4m3_ggml(s as u8))),
        }
    }
}

/// An NVFP4 block: the E4M3 scale, clamped to [2^-9, 448], and the codes.
#[inline(always)]
pub fn nvfp4_block(xs: &[f32; 16], codes: &mut [u8; 16], t: &Nvfp4Tables) -> u8 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return E4M3_NAN;
    }
    let s = t.scales.code(a).max(usize::from(E4M3_MIN));
    e2m1_codes(xs, &t.elements[s], codes);
    s as u8
}

/// ggml's NVFP4 sub-block under its tables: its unsigned E4M3 scale (no
/// lower clamp), its codes; the caller has refused non-finite values.
#[inline(always)]
pub fn ggml_nvfp4_sub(xs: &[f32; 16], codes: &mut [u8; 16], t: &Nvfp4Tables) -> u8 {
    let s = t.scales.code(amax_bits(xs));
    e2m1_codes(xs, &t.elements[s], codes);
    s as u8
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

/// float16's NaN.
pub(crate) const F16_NAN: u16 = 0x7e00;

/// Q8_0's scale of a block whose largest magnitude's bits are `a`
/// (finite): its float16 encoding, amax / 127 rounded once, and value.
#[inline(always)]
pub(crate) fn q8_0_scale(a: u32) -> (u16, f32) {
    let s = f16_quotient127(a);
    (s, f32::from_bits(f16_to_f32(s)))
}

/// Q4_0's scale of a block whose first value of largest magnitude is `m`
/// (finite): its float16 encoding, m / −8 rounded once and saturated
/// (the quotient is exact in a double), and value.
#[inline(always)]
pub(crate) fn q4_0_scale(m: f32) -> (u16, f32) {
    let s = f64_to_small::<half::f16>(f64::from(m) / -8.0) as u16;
    let s = if s & 0x7fff == 0x7c00 {
        (s & 0x8000) | 0x7bff
    } else {
        s
    };
    (s, f32::from_bits(f16_to_f32(s)))
}

/// A Q8_0 block: its float16 scale, its int8 codes.
#[inline(always)]
pub fn q8_0<const N: usize>(xs: &[f32; N], codes: &mut [u8; N]) -> u16 {
    let a = amax_bits(xs);
    if a >= INF {
        codes.fill(0);
        return F16_NAN;
    }
    let (s, d) = q8_0_scale(a);
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
    let (s, d) = q4_0_scale(xs[first_of_magnitude(xs, a)]);
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

/// A split scheme's blocks of `N` values: each quantized into its scale's
/// byte and its codes.
trait SplitBlocks<const N: usize> {
    fn block(&self, xs: &[f32; N], codes: &mut [u8; N]) -> u8;
}

/// OCP MX blocks: the element format and the scale's policy.
struct Mx(Element, Policy);

impl SplitBlocks<32> for Mx {
    #[inline(always)]
    fn block(&self, xs: &[f32; 32], codes: &mut [u8; 32]) -> u8 {
        mx_block(self.0, xs, codes, self.1)
    }
}

impl SplitBlocks<16> for Nvfp4Tables {
    #[inline(always)]
    fn block(&self, xs: &[f32; 16], codes: &mut [u8; 16]) -> u8 {
        nvfp4_block(xs, codes, self)
    }
}

/// Quantizes `n` values of `S` into a split scheme's elements and scales,
/// blocks of `N` of elements of `bits`. (No closures here: a closure does
/// not inherit the AVX2 of the function it is written in.)
///
/// # Safety
/// As [`super::quantize::quantize_split`], with `N` the scheme's block.
#[inline(always)]
unsafe fn split_blocks<S: Source, const N: usize>(
    q: &impl SplitBlocks<N>,
    bits: u32,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let bytes = N * bits as usize / 8;
    let mut codes = [0u8; N];
    for b in 0..n / N {
        // Safety: block b is within the n values.
        let xs = unsafe { load_block::<S, N>(src, b) };
        let s = q.block(&xs, &mut codes);
        // Safety: one scale and `bytes` element bytes per block.
        unsafe {
            *scales.add(b) = s;
            pack_split(&codes, bits, elements.add(b * bytes));
        }
    }
}

/// Quantizes `n` values of `S` into a split scheme's elements and scales,
/// by [`super::quantize_avx2`]'s loops when `V`.
///
/// # Safety
/// As [`super::quantize::quantize_split`]; AVX2 and F16C when `V`.
#[inline(always)]
unsafe fn split_body<S: Source, const V: bool>(
    p: &Params,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    let e = p.scheme.facts().element;
    let bits = e.stored_bits();
    if p.scheme == Scheme::Nvfp4 {
        let t = Nvfp4Tables::nvfp4(f64::from(p.tensor_scale));
        #[cfg(target_arch = "x86_64")]
        if V {
            let path = crate::kernels::path();
            // Safety: as the caller's; V: the processor has AVX2 and F16C.
            return unsafe { nvfp4_on::<S>(path, &t, src, n, elements, scales) };
        }
        // Safety: as the caller's; NVFP4's block is 16.
        return unsafe { split_blocks::<S, 16>(&t, bits, src, n, elements, scales) };
    }
    #[cfg(target_arch = "x86_64")]
    if V {
        let out = super::quantize_avx2::MxOut::Split(elements, scales);
        // Safety: as the caller's; V: the processor has AVX2 and F16C.
        if unsafe { mx_on::<S>(crate::kernels::path(), e, p.policy, src, n, out) } {
            return;
        }
    }
    // Safety: as the caller's; MX's block is 32.
    unsafe { split_blocks::<S, 32>(&Mx(e, p.policy), bits, src, n, elements, scales) }
}

/// Quantizes `n` values of `S` into OCP MX blocks of the elements `e` by
/// the loops of `path` (AVX-512's or AVX2's; MXINT8 by AVX2's on both):
/// false, with nothing written, for elements that have none.
///
/// # Safety
/// As `quantize_avx2::quantize_mx`; the processor has `path`'s features,
/// at least AVX2 and F16C.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn mx_on<S: Source>(
    path: crate::kernels::Path,
    e: Element,
    policy: Policy,
    src: *const u8,
    n: usize,
    out: super::quantize_avx2::MxOut,
) -> bool {
    macro_rules! on {
        ($e:literal, $f:literal) => {{
            #[cfg(nx_avx512)]
            if path == crate::kernels::Path::Avx512 {
                // Safety: as the caller's; the path has AVX-512 F and BW.
                unsafe { super::quantize_avx512::quantize_mx::<S, $e, $f>(e, policy, src, n, out) };
                return true;
            }
            // Safety: as the caller's.
            unsafe { super::quantize_avx2::quantize_mx::<S, $e, $f>(e, policy, src, n, out) };
            true
        }};
    }
    match e {
        Element::Float8E4m3fn => on!(4, 3),
        Element::Float8E5m2 => on!(5, 2),
        Element::Float6E2m3fn => on!(2, 3),
        Element::Float6E3m2fn => on!(3, 2),
        Element::Float4E2m1fn => on!(2, 1),
        // AVX2's loop on both paths: AVX-512's was no faster (0.30 ns a
        // value at 1e5).
        Element::Int8Scaled => {
            // Safety: as the caller's.
            unsafe { super::quantize_avx2::quantize_mx::<S, 0, 0>(e, policy, src, n, out) };
            true
        }
        _ => false,
    }
}

/// Quantizes `n` values of `S` into NVFP4's elements and scales under
/// the tables `t` by the loop of `path` (AVX-512's or AVX2's).
///
/// # Safety
/// As `quantize_avx2::split_nvfp4`; the processor has `path`'s features,
/// at least AVX2 and F16C.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn nvfp4_on<S: Source>(
    path: crate::kernels::Path,
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    elements: *mut u8,
    scales: *mut u8,
) {
    #[cfg(nx_avx512)]
    if path == crate::kernels::Path::Avx512 {
        // Safety: as the caller's; the path has AVX-512 F and BW.
        return unsafe { super::quantize_avx512::split_nvfp4::<S>(t, src, n, elements, scales) };
    }
    // Safety: as the caller's.
    unsafe { super::quantize_avx2::split_nvfp4::<S>(t, src, n, elements, scales) }
}

/// Quantizes `n` values of `S` into ggml's NVFP4 blocks under the tables
/// `t` by the loop of `path`, as `quantize_avx2::ggml_nvfp4`.
///
/// # Safety
/// As `quantize_avx2::ggml_nvfp4`; the processor has `path`'s features,
/// at least AVX2 and F16C.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn ggml_nvfp4_on<S: Source>(
    path: crate::kernels::Path,
    t: &Nvfp4Tables,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    #[cfg(nx_avx512)]
    if path == crate::kernels::Path::Avx512 {
        // Safety: as the caller's; the path has AVX-512 F and BW.
        return unsafe { super::quantize_avx512::ggml_nvfp4::<S>(t, src, n, out) };
    }
    // Safety: as the caller's.
    unsafe { super::quantize_avx2::ggml_nvfp4::<S>(t, src, n, out) }
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
unsafe fn ggml_body<S: Source, const V: bool>(
    p: &Params,
    src: *const u8,
    n: usize,
    out: *mut u8,
) -> Option<usize> {
    let size = p.scheme.facts().bytes_per_block;
    #[cfg(target_arch = "x86_64")]
    if V && matches!(p.scheme, Scheme::GgmlQ8_0 | Scheme::GgmlQ4_0) {
        let q4 = p.scheme == Scheme::GgmlQ4_0;
        // Safety: as the caller's.
        unsafe { super::quantize_avx2::quantize_q::<S>(q4, src, n, out) };
        return None;
    }
    #[cfg(target_arch = "x86_64")]
    if V && p.scheme == Scheme::GgmlMxfp4 {
        let (e, out) = (
            Element::Float4E2m1fn,
            super::quantize_avx2::MxOut::Ggml(out),
        );
        // Safety: as the caller's; V: the processor has AVX2 and F16C.
        unsafe { mx_on::<S>(crate::kernels::path(), e, p.policy, src, n, out) };
        return None;
    }
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
    let t = Nvfp4Tables::ggml();
    #[cfg(target_arch = "x86_64")]
    if V {
        // Safety: as the caller's; V: the processor has AVX2 and F16C.
        return unsafe { ggml_nvfp4_on::<S>(crate::kernels::path(), &t, src, n, out) };
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
            let scale = ggml_nvfp4_sub(sub, &mut codes, &t);
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
unsafe fn finite_amax_body<S: Source, const V: bool>(src: *const u8, n: usize) -> f32 {
    let mut m = 0u32;
    for i in 0..n {
        // Safety: i < n.
        let a = unsafe { S::load32(src, i) }.to_bits() & !SIGN;
        m = m.max(if a < INF { a } else { 0 });
    }
    f32::from_bits(m)
}

/// The bodies compiled portably and with AVX2, the latter with `V` set:
/// the bodies then take `quantize_avx2`'s loops where it has them.
macro_rules! twice {
    ($name:ident, $body:ident, ($($arg:ident: $t:ty),*) -> $ret:ty) => {
        /// The fast path, by AVX2 where the processor has it.
        ///
        /// # Safety
        /// As the body's.
        pub unsafe fn $name<S: Source>($($arg: $t),*) -> $ret {
            #[cfg(target_arch = "x86_64")]
            if hardware() {
                /// Safety: AVX2 and F16C; as the body's.
                #[target_feature(enable = "avx2,f16c")]
                unsafe fn avx2<S: Source>($($arg: $t),*) -> $ret {
                    // Safety: as the caller's.
                    unsafe { $body::<S, true>($($arg),*) }
                }
                // Safety: hardware() checked AVX2 and F16C.
                return unsafe { avx2::<S>($($arg),*) };
            }
            // Safety: as the caller's.
            unsafe { $body::<S, false>($($arg),*) }
        }
    };
}

twice!(split, split_body, (p: &Params, src: *const u8, n: usize, elements: *mut u8, scales: *mut u8) -> ());
twice!(ggml, ggml_body, (p: &Params, src: *const u8, n: usize, out: *mut u8) -> Option<usize>);
twice!(finite_amax, finite_amax_body, (src: *const u8, n: usize) -> f32);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::block::io;
    use crate::block::quantize;
    use crate::format::{pow2, Rounding, FLOAT16};
    use crate::testing::Xorshift;

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
        let ne = Rounding::NearestEven;
        for _ in 0..20_000 {
            let xs = block(&mut s, 32);
            let vs: Vec<f64> = xs.iter().map(|&x| f64::from(x)).collect();
            let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
            let x32: [f32; 32] = xs[..].try_into().unwrap();
            for e in Element::MX {
                for p in Policy::ALL {
                    let sa = mx_block(e, &x32, &mut a, p);
                    let sb = quantize::mx_block(e, &vs, &mut b, p, ne);
                    assert_eq!((sa, a), (sb, b), "{e:?} {p:?} {xs:?}");
                }
            }
            let st = f64::from(f32::from_bits((next(&mut s) as u32 >> 9) | 0x3c00_0000));
            let (x16, mut a16): ([f32; 16], [u8; 16]) = (xs[..16].try_into().unwrap(), [0; 16]);
            let sa = nvfp4_block(&x16, &mut a16, &Nvfp4Tables::nvfp4(st));
            let sb = quantize::nvfp4_block(&vs[..16], &mut b[..16], st, ne);
            assert_eq!((sa, &a16[..]), (sb, &b[..16]), "nvfp4 {st:e} {xs:?}");
        }
    }

    /// The float32 magnitudes at `t` and two steps either side.
    fn around(t: f64) -> impl Iterator<Item = f32> {
        let r = t as f32;
        let (d, u) = (r.next_down(), r.next_up());
        [d.next_down(), d, r, u, u.next_up()]
            .into_iter()
            .filter(|x| x.is_finite() && *x >= 0.0)
    }

    /// The exact model's E2M1 code of x / d, clamped to ±6 (a zero of
    /// x's sign when d is 0).
    fn exact_e2m1(x: f32, d: f64) -> u8 {
        let (x, ne) = (f64::from(x), Rounding::NearestEven);
        if d == 0.0 {
            return u8::from(x.is_sign_negative()) << 3;
        }
        let s = crate::block::exact::store_quotient(&crate::format::FLOAT4_E2M1FN, x, d, ne);
        if s.outcome == crate::format::Outcome::Overflow {
            u8::from(x < 0.0) << 3 | 7
        } else {
            s.bits as u8
        }
    }

    /// The exact model's E4M3 code of a / den, saturated to 448.
    fn exact_e4m3(a: f32, den: f64) -> usize {
        let (a, ne) = (f64::from(a), Rounding::NearestEven);
        let s = crate::block::exact::store_quotient(&crate::format::FLOAT8_E4M3FN, a, den, ne);
        if s.outcome == crate::format::Outcome::Overflow {
            E4M3_MAX
        } else {
            s.bits as usize
        }
    }

    /// Checks the tables against the exact model at every boundary: of
    /// the scales (quotients by `den`), and of the elements under every
    /// scale encoding, whose value times the tensor scale is `d(s)`. Gives
    /// the number of values checked.
    fn check_tables(t: &Nvfp4Tables, den: f64, d: impl Fn(usize) -> f64) -> usize {
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        let mut checked = 0;
        // The midpoints, and the encodings where truncation changes.
        let mids = (0..E4M3_MAX).map(|c| (value(c) + value(c + 1)) / 2.0);
        for m in mids.chain((0..=E4M3_MAX).map(value)) {
            for a in around(m * den) {
                let want = exact_e4m3(a, den);
                assert_eq!(t.scales.code(a.to_bits()), want, "{a:e} / {den:e}");
                checked += 1;
            }
        }
        for (s, l) in t.elements.iter().enumerate() {
            for m in MIDPOINTS {
                for a in around(m * d(s)) {
                    for x in [a, -a] {
                        let mut c = [0u8];
                        e2m1_codes(&[x], l, &mut c);
                        assert_eq!(c[0], exact_e2m1(x, d(s)), "{x:e} / {:e}, scale {s}", d(s));
                        checked += 1;
                    }
                }
            }
        }
        checked
    }

    #[test]
    fn nvfp4_tables_at_every_boundary() {
        let mut rng = Xorshift::new(0x6a09_e667_f3bc_c908u64);
        // Tensor scales at the ends of float32's range, then random ones.
        let mut sts = vec![
            f32::from_bits(1),
            f32::MIN_POSITIVE,
            1.0,
            1.0 / 2688.0,
            f32::MAX,
        ];
        sts.extend((0..40).map(|_| f32::from_bits((rng.next_u64() % 0x7f00_0000) as u32 + 1)));
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        let mut checked = 0;
        for st in sts {
            let st = f64::from(st);
            checked += check_tables(&Nvfp4Tables::nvfp4(st), 6.0 * st, |s| value(s) * st);
        }
        checked += check_tables(&Nvfp4Tables::ggml(), 6.0, |s| ue4m3_ggml(s as u8));
        assert!(checked > 400_000, "{checked}");
    }

    /// Values of the kinds of [`block`], then of NVFP4's element
    /// boundaries under the tensor scale `st`, of ties of Q8_0 and Q4_0,
    /// a NaN or an infinity here and there: `blocks` blocks of 64.
    fn corpus(s: &mut u64, blocks: usize, st: f64) -> Vec<f32> {
        let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
        let mut xs = Vec::new();
        for i in 0..blocks {
            let mut b = block(s, 64);
            if i % 2 == 0 {
                let d = value(1 + i % E4M3_MAX) * st;
                for (j, x) in b.iter_mut().enumerate() {
                    let near: Vec<f32> = around(MIDPOINTS[j % 7] * d).collect();
                    *x = near[(i / 2 + j) % near.len()] * if j % 3 == 0 { -1.0 } else { 1.0 };
                }
            }
            if i % 6 == 1 {
                // Halves of 2^e, ties of Q8_0 under the scale 2^e (the
                // amax 127 × 2^e) or of Q4_0 under the scale 2^e (the
                // first value of largest magnitude −8 × 2^e).
                let e = pow2((i % 40) as i32 - 20) as f32;
                let (span, first) = if i % 12 == 1 { (32, 127.0) } else { (16, -8.0) };
                for (j, x) in b.iter_mut().enumerate() {
                    *x = ((j % span) as f32 - (span / 2) as f32 + 0.5) * e;
                }
                b[0] = first * e;
                b[32] = b[0];
            }
            if i % 6 == 3 {
                // MXINT8's ties under 2^e, (j + 1/2) / 64 × 2^e, below a
                // largest magnitude just under 2^(e + 1), which rounds to
                // 128 and is clamped to 127.
                let e = pow2((i % 50) as i32 - 25) as f32;
                for (j, x) in b.iter_mut().enumerate() {
                    let sign = if j % 3 == 1 { -1.0 } else { 1.0 };
                    *x = sign * ((j % 32) as f32 * 4.0 + 0.5) / 64.0 * e;
                }
                let t = i / 6;
                let sign = if t / 12 % 2 == 1 { -1.0 } else { 1.0 };
                for h in [0, 32] {
                    b[h] = sign * (2.0 - pow2(-((t % 12) as i32) - 1) as f32) * e;
                }
            }
            if i % 97 == 5 {
                b[(i * 7) % 64] = [f32::NAN, f32::INFINITY, -f32::INFINITY][i % 3];
            }
            xs.extend(b);
        }
        xs
    }

    /// The split and ggml outputs of the `n` values of `S` at `src` (`st`
    /// NVFP4's tensor scale), by the dispatcher (the hardware loops here)
    /// and by the portable loops, for every scheme and policy.
    fn compare_paths<S: Source>(src: *const u8, n: usize, st: f32) {
        for scheme in Scheme::ALL {
            for policy in Policy::ALL {
                let p = Params {
                    scheme,
                    policy,
                    rounding: Rounding::NearestEven,
                    tensor_scale: st,
                };
                let (mut ea, mut eb) = (vec![0u8; 2 * n], vec![0u8; 2 * n]);
                let (mut sa, mut sb) = (vec![0u8; n], vec![0u8; n]);
                // Safety: n values of S; room for every scheme's bytes.
                let (ra, rb) = unsafe {
                    if scheme.facts().layout == crate::block::scheme::Layout::Split {
                        split::<S>(&p, src, n, ea.as_mut_ptr(), sa.as_mut_ptr());
                        split_body::<S, false>(&p, src, n, eb.as_mut_ptr(), sb.as_mut_ptr());
                        (None, None)
                    } else {
                        (
                            ggml::<S>(&p, src, n, ea.as_mut_ptr()),
                            ggml_body::<S, false>(&p, src, n, eb.as_mut_ptr()),
                        )
                    }
                };
                assert_eq!(ra, rb, "{scheme:?} {policy:?}");
                assert!(ea == eb && sa == sb, "{scheme:?} {policy:?} {}", S::CODE);
            }
        }
    }

    /// Both comparisons of the values `xs` held by `S`: the dispatcher's
    /// and every path's loops against the portable ones.
    fn compare<S: Source>(xs: &[f32], bytes: usize, enc: impl Fn(f32) -> u64, st: f32) {
        let src: Vec<u8> = xs
            .iter()
            .flat_map(|&x| enc(x).to_le_bytes()[..bytes].to_vec())
            .collect();
        compare_paths::<S>(src.as_ptr(), xs.len(), st);
        #[cfg(target_arch = "x86_64")]
        compare_mx_paths::<S>(src.as_ptr(), xs.len(), st);
    }

    #[test]
    fn hardware_loops_give_the_portable_bits() {
        if !hardware() {
            return;
        }
        let mut s = 0x510e_527f_ade6_82d1u64;
        for st in [0.37f32, 1.0, 3e-30, 1e30] {
            let xs = corpus(&mut s, 600, f64::from(st));
            compare::<io::Float32>(&xs, 4, |x| u64::from(x.to_bits()), st);
            compare::<io::Bfloat16>(&xs, 2, |x| u64::from(x.to_bits() >> 16), st);
            let f16 = |x: f32| u64::from(half::f16::from_f32(x).to_bits());
            compare::<io::Float16>(&xs, 2, f16, st);
        }
    }

    /// The OCP MX blocks of the `n` values of `S` at `src` by the loops of
    /// every hardware path (`mx_on`), against the portable ones, for
    /// every float element and policy, in both layouts; and NVFP4's
    /// under the tensor scale `st` and ggml's NVFP4
    /// ([`compare_nvfp4_path`]).
    #[cfg(target_arch = "x86_64")]
    fn compare_mx_paths<S: Source>(src: *const u8, n: usize, st: f32) {
        use super::super::quantize_avx2::MxOut;
        let hardware = crate::kernels::tests::paths();
        let hardware = hardware
            .iter()
            .filter(|&&p| p != crate::kernels::Path::Portable);
        for &path in hardware {
            for scheme in Scheme::ALL {
                let e = scheme.facts().element;
                let ggml = scheme == Scheme::GgmlMxfp4;
                let e8m0 = matches!(scheme.facts().scale, super::super::formats::Scale::E8m0);
                if scheme == Scheme::Nvfp4 {
                    // Every count of blocks past a multiple of four.
                    for tail in 0..4 {
                        compare_nvfp4_path::<S>(path, scheme, src, n - 16 * tail, st);
                    }
                }
                if scheme == Scheme::GgmlNvfp4 {
                    compare_nvfp4_path::<S>(path, scheme, src, n, st);
                }
                if !e8m0 {
                    continue;
                }
                for policy in Policy::ALL {
                    let p = Params {
                        scheme,
                        policy,
                        rounding: Rounding::NearestEven,
                        tensor_scale: 1.0,
                    };
                    let (mut ea, mut eb) = (vec![0u8; 2 * n], vec![0u8; 2 * n]);
                    let (mut sa, mut sb) = (vec![0u8; n], vec![0u8; n]);
                    // Safety: n values of S; room for every scheme's
                    // bytes; the path is this processor's.
                    unsafe {
                        let out = if ggml {
                            ggml_body::<S, false>(&p, src, n, eb.as_mut_ptr());
                            MxOut::Ggml(ea.as_mut_ptr())
                        } else {
                            split_body::<S, false>(&p, src, n, eb.as_mut_ptr(), sb.as_mut_ptr());
                            MxOut::Split(ea.as_mut_ptr(), sa.as_mut_ptr())
                        };
                        assert!(mx_on::<S>(path, e, policy, src, n, out));
                    }
                    assert!(
                        ea == eb && sa == sb,
                        "{path:?} {scheme:?} {policy:?} {}",
                        S::CODE
                    );
                }
            }
        }
    }

    /// NVFP4's or ggml's NVFP4 blocks of the `n` values of `S` at `src` by
    /// the loop of `path` against the portable loop.
    #[cfg(target_arch = "x86_64")]
    fn compare_nvfp4_path<S: Source>(
        path: crate::kernels::Path,
        scheme: Scheme,
        src: *const u8,
        n: usize,
        st: f32,
    ) {
        let p = Params {
            scheme,
            policy: Policy::Floor,
            rounding: Rounding::NearestEven,
            tensor_scale: st,
        };
        let (mut ea, mut eb) = (vec![0u8; n], vec![0u8; n]);
        let (mut sa, mut sb) = (vec![0u8; n], vec![0u8; n]);
        // Safety: n values of S; room for the scheme's bytes; the path is
        // this processor's.
        let (ra, rb) = unsafe {
            if scheme == Scheme::Nvfp4 {
                let t = Nvfp4Tables::nvfp4(f64::from(st));
                nvfp4_on::<S>(path, &t, src, n, ea.as_mut_ptr(), sa.as_mut_ptr());
                split_body::<S, false>(&p, src, n, eb.as_mut_ptr(), sb.as_mut_ptr());
                (None, None)
            } else {
                let t = Nvfp4Tables::ggml();
                (
                    ggml_nvfp4_on::<S>(path, &t, src, n, ea.as_mut_ptr()),
                    ggml_body::<S, false>(&p, src, n, eb.as_mut_ptr()),
                )
            }
        };
        assert_eq!(ra, rb, "{path:?} {scheme:?}");
        assert!(ea == eb && sa == sb, "{path:?} {scheme:?} {}", S::CODE);
    }

    #[test]
    fn q8_0_scales_are_exact_at_every_midpoint() {
        let ne = Rounding::NearestEven;
        let value = |c: u32| f64::from(f32::from_bits(f16_to_f32(c as u16)));
        let mut checked = 0;
        // Every midpoint of float16 values, and the values themselves,
        // times 127; past the largest, the saturation.
        for c in 0..0x7c00u32 {
            let m = (value(c) + value(c + 1)) / 2.0;
            for a in around(m * 127.0).chain(around(value(c) * 127.0)) {
                let st = crate::block::exact::store_quotient(&FLOAT16, f64::from(a), 127.0, ne);
                let want = if st.bits >= 0x7c00 { 0x7bff } else { st.bits };
                assert_eq!(u64::from(f16_quotient127(a.to_bits())), want, "{a:e}");
                checked += 1;
            }
        }
        assert_eq!(f16_quotient127(f32::MAX.to_bits()), 0x7bff);
        assert!(checked > 300_000, "{checked}");
    }
}
