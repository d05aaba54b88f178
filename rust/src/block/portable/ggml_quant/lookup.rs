//! llama.cpp's quantizers of the types whose codes index a table of
//! values, as `ggml-quants.c` computes them: IQ4_NL and IQ4_XS by
//! `quantize_row_iq4_nl_impl`'s weighted search for each 32 values' scale
//! (seven tries either side, with or without an importance matrix), MXFP4
//! and NVFP4 by `quantize_row_mxfp4_ref` and `quantize_row_nvfp4_ref`
//! (a scale from the block's largest magnitude, each value the table's
//! nearest; the importance matrix ignored).

use super::super::ggml_f32::lookup::{e8m0_half, IQ4NL, KVALUES, UE4M3_HALF};
use super::legacy::fp16;
use super::search::{abs_max, best_index_int8, c_int, nearest_int};
use super::{OffGrid, Quantizer};

/// The values one IQ4 scale covers, and one nibble pair of bytes.
const SUB: usize = 32;
/// IQ4_NL's bytes: a float16 scale, then 16 bytes of nibbles.
const IQ4_NL_BYTES: usize = 2 + SUB / 2;
/// IQ4_XS's block: eight sub-blocks of 32.
const QK_K: usize = 256;
/// IQ4_XS's sub-blocks.
const XS_SUBS: usize = QK_K / SUB;
/// IQ4_XS's bytes: d (float16), scales_h (u16), scales_l[4], qs[128].
const IQ4_XS_BYTES: usize = 2 + 2 + XS_SUBS / 2 + QK_K / 2;
/// Offset of IQ4_XS's scales_l, and of its nibbles.
const XS_SCALES_L: usize = 4;
const XS_QS: usize = XS_SCALES_L + XS_SUBS / 2;
/// The tries either side of the first scale (`ntry` of `quantize_iq4_nl`
/// and `quantize_iq4_xs`).
const NTRY: i32 = 7;
/// Below this largest magnitude a sub-block's scale is 0 (GROUP_MAX_EPS).
const GROUP_MAX_EPS: f32 = 1e-15;
/// IQ4_XS's 6-bit sub-block scales are stored plus this.
const XS_SCALE_BIAS: i32 = 32;

/// MXFP4's block: 32 values.
const QK_MXFP4: usize = 32;
/// MXFP4's bytes: the E8M0 exponent, then 16 bytes of nibbles.
const MXFP4_BYTES: usize = 1 + QK_MXFP4 / 2;
/// E8M0's exponent bias.
const E8M0_BIAS: f32 = 127.0;
/// log2 of E2M1's largest value, 6 (rounded down): MXFP4's exponent is
/// floor(log2 amax) less this.
const E2M1_EMAX: f32 = 2.0;

/// NVFP4's block: 64 values, four sub-blocks of 16, each with a scale.
const QK_NVFP4: usize = 64;
const NVFP4_SUB: usize = 16;
const NVFP4_SUBS: usize = QK_NVFP4 / NVFP4_SUB;
/// NVFP4's bytes: d[4] (unsigned E4M3), then qs[32].
const NVFP4_BYTES: usize = NVFP4_SUBS + QK_NVFP4 / 2;
/// E2M1's largest value, which the sub-block's largest magnitude maps to.
const E2M1_MAX: f32 = 6.0;
/// E2M1's magnitudes: codes 0 to 7 of `KVALUES`, whose codes 8 to 15
/// are theirs negated.
const E2M1_MAGNITUDES: usize = 8;

/// The low and high nibbles of 32 codes, as IQ4 and MXFP4 pair them:
/// byte j holds codes j and j + 16.
#[inline(always)]
fn pack32(l: &[u8; SUB], q4: &mut [u8]) {
    for (j, q) in q4[..SUB / 2].iter_mut().enumerate() {
        *q = l[j] | (l[j + SUB / 2] << 4);
    }
}

/// The weighted sums Σ w·q·x and Σ w·q·q over `xb`, each value's q the
/// table's value nearest to `id × x`.
#[inline(always)]
fn iq4_sums(xb: &[f32], weight: &[f32; SUB], id: f32) -> (f32, f32) {
    let (mut sumqx, mut sumq2) = (0f32, 0f32);
    for (&x, &w) in xb.iter().zip(weight) {
        let q = f32::from(IQ4NL[best_index_int8(&IQ4NL, id * x)]);
        sumqx += w * q * x;
        sumq2 += w * q * q;
    }
    (sumqx, sumq2)
}

/// The scale of 32 values `xb` under `weight`, as
/// `quantize_row_iq4_nl_impl` searches it: from the value of largest
/// magnitude mapped to the table's first, the least-squares scale, then
/// that of each of the `2·NTRY + 1` neighbouring mappings where it fits
/// better.
fn iq4_scale(xb: &[f32], weight: &[f32; SUB]) -> f32 {
    let (mut amax, mut max) = (0f32, 0f32);
    for &x in xb {
        let ax = x.abs();
        if ax > amax {
            amax = ax;
            max = x;
        }
    }
    if amax < GROUP_MAX_EPS {
        return 0.0;
    }
    let v0 = IQ4NL[0];
    let d = -max / f32::from(v0);
    let (sumqx, sumq2) = iq4_sums(xb, weight, 1.0 / d);
    let mut d = if sumq2 > 0.0 { sumqx / sumq2 } else { 0.0 };
    let mut best = d * sumqx;
    for itry in -NTRY..=NTRY {
        let id = (itry + i32::from(v0)) as f32 / max;
        let (sumqx, sumq2) = iq4_sums(xb, weight, id);
        if sumq2 > 0.0 && sumqx * sumqx > best * sumq2 {
            d = sumqx / sumq2;
            best = d * sumqx;
        }
    }
    d
}

/// The weights of the 32 values `xb`: with an importance matrix `qw`,
/// `qw × sqrt(sigma2 + x²)`, else `x²`.
#[inline(always)]
fn iq4_weights(xb: &[f32], qw: Option<&[f32]>, sigma2: f32, weight: &mut [f32; SUB]) {
    match qw {
        Some(qw) => {
            for ((w, &x), &q) in weight.iter_mut().zip(xb).zip(qw) {
                *w = q * (sigma2 + x * x).sqrt();
            }
        }
        None => {
            for (w, &x) in weight.iter_mut().zip(xb) {
                *w = x * x;
            }
        }
    }
}

/// `2/n × Σ x²` over the super-block `x` (`sigma2`).
#[inline(always)]
fn sigma2(x: &[f32]) -> f32 {
    let s = x.iter().fold(0f32, |s, v| s + v * v);
    s * (2.0 / x.len() as f32)
}

/// The codes of the 32 values `xb`, each the table's value nearest to
/// `id × x`.
#[inline(always)]
fn iq4_codes(xb: &[f32], id: f32, l: &mut [u8; SUB]) {
    for (c, &x) in l.iter_mut().zip(xb) {
        *c = best_index_int8(&IQ4NL, id * x) as u8;
    }
}

/// `quantize_iq4_nl`: per block of 32, the searched scale as float16 and
/// each value's code under it.
fn iq4_nl(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    let mut weight = [0f32; SUB];
    let mut l = [0u8; SUB];
    for (ib, (xb, o)) in x
        .chunks_exact(SUB)
        .zip(out.chunks_exact_mut(IQ4_NL_BYTES))
        .enumerate()
    {
        let qw = imatrix.map(|m| &m[ib * SUB..(ib + 1) * SUB]);
        iq4_weights(xb, qw, sigma2(xb), &mut weight);
        let d = iq4_scale(xb, &weight);
        o[..2].copy_from_slice(&fp16(d));
        let id = if d != 0.0 { 1.0 / d } else { 0.0 };
        iq4_codes(xb, id, &mut l);
        pack32(&l, &mut o[2..]);
    }
    Ok(())
}

/// `quantize_iq4_xs`: per block of 256, each 32's searched scale, the
/// block's scale d = −(the scale of largest magnitude) / 32 as float16,
/// each 32's scale as the 6-bit multiple of d nearest, and each value's
/// code under (d × that multiple).
fn iq4_xs(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    let mut weight = [0f32; SUB];
    let mut l = [0u8; SUB];
    let mut scales = [0f32; XS_SUBS];
    for (ibl, (xs, o)) in x
        .chunks_exact(QK_K)
        .zip(out.chunks_exact_mut(IQ4_XS_BYTES))
        .enumerate()
    {
        let s2 = sigma2(xs);
        let (mut max_scale, mut amax_scale) = (0f32, 0f32);
        for (ib, (xb, s)) in xs.chunks_exact(SUB).zip(&mut scales).enumerate() {
            let at = ibl * QK_K + ib * SUB;
            iq4_weights(xb, imatrix.map(|m| &m[at..at + SUB]), s2, &mut weight);
            *s = iq4_scale(xb, &weight);
            if s.abs() > amax_scale {
                amax_scale = s.abs();
                max_scale = *s;
            }
        }
        let d = -max_scale / XS_SCALE_BIAS as f32;
        o[..2].copy_from_slice(&fp16(d));
        let id = if d != 0.0 { 1.0 / d } else { 0.0 };
        let mut scales_h = 0u16;
        for (ib, (xb, &s)) in xs.chunks_exact(SUB).zip(&scales).enumerate() {
            let k = nearest_int(id * s).clamp(-XS_SCALE_BIAS, XS_SCALE_BIAS - 1);
            let dl = d * k as f32;
            let idl = if dl != 0.0 { 1.0 / dl } else { 0.0 };
            iq4_codes(xb, idl, &mut l);
            pack32(&l, &mut o[XS_QS + ib * SUB / 2..]);
            let k = (k + XS_SCALE_BIAS) as u8;
            let lo = &mut o[XS_SCALES_L + ib / 2];
            if ib % 2 == 0 {
                *lo = k & 0xf;
            } else {
                *lo |= (k & 0xf) << 4;
            }
            scales_h |= u16::from(k >> 4) << (2 * ib);
        }
        o[2..4].copy_from_slice(&scales_h.to_le_bytes());
    }
    Ok(())
}

/// ggml's `best_index_mxfp4`: the code whose value (`KVALUES` × `e`) is
/// nearest to `x`, the first of equals, found among the eight magnitudes.
/// The codes 8 to 15 are 0 to 7 negated, and a value's error is the same
/// for a code as for its magnitude's on `|x|`, negation being exact; a
/// code of the other sign than `x` is never nearer than code 0, which
/// comes first (its error is `|x|`, theirs `a·e + |x|` rounded), so the
/// search over all sixteen ends on the magnitude's code, negated for a
/// negative `x` (code 0 stays 0).
#[inline(always)]
fn best_index_fp4(x: f32, e: f32) -> u8 {
    let ax = x.abs();
    let mut best = 0u8;
    let mut best_err = (f32::from(KVALUES[0]) * e - ax).abs();
    for (i, &k) in KVALUES[..E2M1_MAGNITUDES].iter().enumerate().skip(1) {
        let err = (f32::from(k) * e - ax).abs();
        if err < best_err {
            best = i as u8;
            best_err = err;
        }
    }
    if x < 0.0 && best > 0 {
        best + E2M1_MAGNITUDES as u8
    } else {
        best
    }
}

/// `quantize_row_mxfp4_ref`: per block of 32, the E8M0 exponent
/// floor(log2 amax) − 2 (stored as C's cast of the float sum stores it),
/// and each value's nearest code under half its power of two.
fn mxfp4(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x
        .chunks_exact(QK_MXFP4)
        .zip(out.chunks_exact_mut(MXFP4_BYTES))
    {
        let a = abs_max(b);
        let e = if a > 0.0 {
            c_int(a.log2().floor() - E2M1_EMAX + E8M0_BIAS) as u8
        } else {
            0
        };
        let d = e8m0_half(e);
        o[0] = e;
        let (lo, hi) = b.split_at(QK_MXFP4 / 2);
        for ((q, &x0), &x1) in o[1..].iter_mut().zip(lo).zip(hi) {
            *q = best_index_fp4(x0, d) | (best_index_fp4(x1, d) << 4);
        }
    }
    Ok(())
}

/// The largest finite unsigned E4M3 byte, 448, which ggml's encoder
/// saturates to.
const UE4M3_MAX_BYTE: u8 = 0x7e;
/// 448, the largest unsigned E4M3 value.
const UE4M3_MAX: f32 = 448.0;
/// E4M3's exponent bias, and its largest exponent field plus one.
const UE4M3_BIAS: i32 = 7;
const UE4M3_EXP_END: i32 = 15;
/// float32's exponent bias.
const F32_BIAS: i32 = 127;
/// 2^9: unsigned E4M3's subnormals are multiples of 2^-9.
const UE4M3_SUBNORMAL_STEPS: f32 = 512.0;

/// ggml's `ggml_fp32_to_ue4m3`: 0 for x ≤ 0; below 2^-6 the nearest
/// multiple of 2^-9 (ties up, at most 7, 0 below 2^-10); else the 3-bit
/// mantissa rounded on its next bit only, saturating at 448.
fn fp32_to_ue4m3(x: f32) -> u8 {
    if x.is_nan() || x <= 0.0 {
        return 0;
    }
    let x = if x > UE4M3_MAX { UE4M3_MAX } else { x };
    let bits = x.to_bits();
    let mut exp = ((bits >> 23) & 0xff) as i32 - F32_BIAS + UE4M3_BIAS;
    if exp <= 0 {
        let man = ((x * UE4M3_SUBNORMAL_STEPS + 0.5) as i32).min(7);
        return if man < 1 { 0 } else { man as u8 };
    }
    if exp >= UE4M3_EXP_END {
        return UE4M3_MAX_BYTE;
    }
    let mut man = ((bits >> 20) & 7) + ((bits >> 19) & 1);
    if man > 7 {
        man = 0;
        exp += 1;
        if exp >= UE4M3_EXP_END {
            return UE4M3_MAX_BYTE;
        }
    }
    ((exp as u8) << 3) | man as u8
}

/// `quantize_row_nvfp4_ref`: per 16 values, the unsigned E4M3 scale of
/// amax / 6 and each value's nearest code under half of it; byte j of a
/// 16's 8 holds values j and j + 8.
fn nvfp4(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x
        .chunks_exact(QK_NVFP4)
        .zip(out.chunks_exact_mut(NVFP4_BYTES))
    {
        let (ds, qs) = o.split_at_mut(NVFP4_SUBS);
        for ((xb, ue), q) in b
            .chunks_exact(NVFP4_SUB)
            .zip(ds)
            .zip(qs.chunks_exact_mut(NVFP4_SUB / 2))
        {
            *ue = fp32_to_ue4m3(abs_max(xb) / E2M1_MAX);
            let d = UE4M3_HALF[usize::from(*ue)];
            let (lo, hi) = xb.split_at(NVFP4_SUB / 2);
            for ((q, &x0), &x1) in q.iter_mut().zip(lo).zip(hi) {
                *q = best_index_fp4(x0, d) | (best_index_fp4(x1, d) << 4);
            }
        }
    }
    Ok(())
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[
    Quantizer {
        id: 20,
        needs_imatrix: false,
        row: iq4_nl,
    },
    Quantizer {
        id: 23,
        needs_imatrix: false,
        row: iq4_xs,
    },
    Quantizer {
        id: 39,
        needs_imatrix: false,
        row: mxfp4,
    },
    Quantizer {
        id: 40,
        needs_imatrix: false,
        row: nvfp4,
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    /// `best_index_int8` as ggml writes it: by bisection.
    fn bisected(values: &[i8; 16], x: f32) -> usize {
        let v = |i: usize| f32::from(values[i]);
        if x <= v(0) {
            return 0;
        }
        if x >= v(15) {
            return 15;
        }
        let (mut ml, mut mu) = (0, 15);
        while mu - ml > 1 {
            let mav = (ml + mu) / 2;
            if x < v(mav) {
                mu = mav;
            } else {
                ml = mav;
            }
        }
        if x - v(mu - 1) < v(mu) - x {
            mu - 1
        } else {
            mu
        }
    }

    #[test]
    fn best_index_is_the_bisection() {
        let mut xs = vec![f32::NAN, f32::INFINITY, f32::NEG_INFINITY, 0.0, -0.0];
        for t in [IQ4NL, KVALUES] {
            for w in t.windows(2) {
                let (a, b) = (f32::from(w[0]), f32::from(w[1]));
                for m in [a, b, (a + b) / 2.0, a - 1.0, b + 1.0] {
                    xs.extend([
                        m,
                        f32::from_bits(m.to_bits().wrapping_add(1)),
                        f32::from_bits(m.to_bits().wrapping_sub(1)),
                    ]);
                }
            }
        }
        for x in xs {
            assert_eq!(best_index_int8(&IQ4NL, x), bisected(&IQ4NL, x), "{x}");
        }
    }

    /// The search over E2M1's eight magnitudes gives the code of ggml's
    /// search over all sixteen codes, the first of equals: every value
    /// near each code's value and halfway between two, under every scale
    /// MXFP4 and NVFP4 use, and zeros of both signs.
    #[test]
    fn best_index_fp4_is_the_sixteen_code_search() {
        let sixteen = |x: f32, e: f32| {
            let mut best = 0u8;
            let mut best_err = (f32::from(KVALUES[0]) * e - x).abs();
            for (i, &k) in KVALUES.iter().enumerate().skip(1) {
                let err = (f32::from(k) * e - x).abs();
                if err < best_err {
                    best = i as u8;
                    best_err = err;
                }
            }
            best
        };
        let mut scales: Vec<f32> = (0..=255u8).map(e8m0_half).collect();
        scales.extend(UE4M3_HALF.iter().copied());
        for e in scales {
            let mut xs = vec![0.0f32, -0.0];
            for w in KVALUES.windows(2) {
                let (a, b) = (f32::from(w[0]) * e, f32::from(w[1]) * e);
                for m in [a, b, (a + b) / 2.0, a * 1.25, b * 0.75] {
                    for y in [m, -m] {
                        xs.extend([
                            y,
                            f32::from_bits(y.to_bits().wrapping_add(1)),
                            f32::from_bits(y.to_bits().wrapping_sub(1)),
                        ]);
                    }
                }
            }
            for x in xs.into_iter().filter(|x| x.is_finite()) {
                assert_eq!(best_index_fp4(x, e), sixteen(x, e), "x {x:e} e {e:e}");
            }
        }
    }
}
