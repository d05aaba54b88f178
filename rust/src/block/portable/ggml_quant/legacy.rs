//! ggml's legacy quantizers, Q4_0 to Q8_0, as `ggml-quants.c` computes
//! them: without an importance matrix, `quantize_row_*_ref`; with one,
//! `quantize_row_*_impl`'s weighted search (Q8_0 ignores it).

use super::search::{abs_max, c_int, make_qkx3_quants, make_qx_quants};
use super::{OffGrid, Quantizer};

/// The legacy types' block: 32 values.
const QK: usize = 32;
/// Q4_0's bytes: a float16 scale, then 16 bytes of two 4-bit codes.
const Q4_0_BYTES: usize = 2 + QK / 2;
/// Q4_1's bytes: a float16 scale and minimum, then 16 bytes of codes.
const Q4_1_BYTES: usize = 4 + QK / 2;
/// Q5_0's bytes: a float16 scale, 4 bytes of fifth bits, 16 of codes.
const Q5_0_BYTES: usize = 2 + 4 + QK / 2;
/// Q5_1's bytes: a float16 scale and minimum, 4 bytes of fifth bits, 16
/// of codes.
const Q5_1_BYTES: usize = 4 + 4 + QK / 2;

/// Q8_0's block: 32 values.
const QK8_0: usize = 32;
/// Q8_0's bytes: a float16 scale, then 32 signed bytes.
const Q8_0_BYTES: usize = 2 + QK8_0;

/// The float16 bits of `x`, rounded to nearest even (ggml's
/// `GGML_FP32_TO_FP16` on a finite value).
#[inline(always)]
pub(super) fn fp16(x: f32) -> [u8; 2] {
    half::f16::from_f32(x).to_bits().to_le_bytes()
}

/// `quantize_row_q8_0_ref`: per block, `d = amax / 127`, each value
/// `roundf(x / d)` (by `x × (1 / d)`).
fn q8_0(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x.chunks_exact(QK8_0).zip(out.chunks_exact_mut(Q8_0_BYTES)) {
        let d = abs_max(b) / 127.0;
        let id = inverse(d);
        o[..2].copy_from_slice(&fp16(d));
        if id.is_finite() {
            // |x × id| ≤ 127.x: in range, a plain conversion.
            for (q, v) in o[2..].iter_mut().zip(b) {
                *q = round_away(v * id) as u8;
            }
        } else {
            for (q, v) in o[2..].iter_mut().zip(b) {
                *q = c_int((v * id).round()) as u8;
            }
        }
    }
    Ok(())
}

/// C's `roundf(v)` (half away from zero) as an `int`, for a finite `v` of
/// magnitude below 2^31: `v + copysign(0.5⁻, v)` truncated, where `0.5⁻`
/// is the float below ½. Equal to `roundf` on every such float32 (a test
/// checks every tie, its neighbours and a stride of all the others), and
/// it vectorizes where `roundf` is a call.
#[inline(always)]
fn round_away(v: f32) -> i32 {
    const BELOW_HALF: f32 = 0.499_999_97;
    (v + BELOW_HALF.copysign(v)) as i32
}

/// The value of `b` of the largest magnitude, the first one where
/// several have it (`if (amax < fabsf(v))`): the largest magnitude first
/// (a pass that vectorizes), then the first value that has it.
#[inline(always)]
fn signed_max(b: &[f32]) -> f32 {
    let amax = abs_max(b);
    b.iter()
        .copied()
        .find(|v| v.abs() == amax)
        .filter(|_| amax > 0.0)
        .unwrap_or(0.0)
}

/// The smallest and largest of `b` (from `FLT_MAX` and `-FLT_MAX`).
#[inline(always)]
fn min_max(b: &[f32]) -> (f32, f32) {
    let (mut min, mut max) = (f32::MAX, -f32::MAX);
    for &v in b {
        if v < min {
            min = v;
        }
        if v > max {
            max = v;
        }
    }
    (min, max)
}

/// `1 / d`, or 0 for a zero `d`.
#[inline(always)]
fn inverse(d: f32) -> f32 {
    if d != 0.0 {
        1.0 / d
    } else {
        0.0
    }
}

/// `MIN(top, (int8_t)(x × id + offset))` of each value `x` of the block
/// `b` (Q4_0's and Q5_0's codes: `offset` is `top + 1` less ½), `id` the
/// finite inverse of `signed_max(b) / −(top + 1)`, in a pass that
/// vectorizes: the minimum is taken before the truncation, which is the
/// same (both are monotonic, and `top` is an integer).
#[inline(always)]
fn offset_codes(b: &[f32], id: f32, offset: f32, top: f32) -> [u8; QK] {
    let mut l = [0u8; QK];
    for (q, &v) in l.iter_mut().zip(b) {
        let c = (v * id + offset).min(top);
        // Safety: |v| is at most the block's largest magnitude |m|, and the
        // scale m / −(top + 1) is rounded once, to at least half its value
        // where it is subnormal (a zero scale makes id 0): so |v × id| is at
        // most 2 (top + 1) rounded, and c is finite and far inside i32's
        // range, as `to_int_unchecked` needs. Its truncation toward zero is
        // C's conversion (a c in (−1, 0) gives 0 in both).
        *q = unsafe { c.to_int_unchecked::<i32>() } as u8;
    }
    l
}

/// `MIN(top, (int8_t)v)` stored as a `uint8_t`.
#[inline(always)]
fn code(v: f32, top: i32) -> u8 {
    top.min(i32::from(c_int(v) as i8)) as u8
}

/// The row's weights for block `b` at `ib`, as the `_impl` functions make
/// them: `qw × √(σ² + x²)`, σ² the row's mean square.
#[inline(always)]
fn weights(b: &[f32], qw: &[f32], sigma2: f32) -> [f32; QK] {
    let mut w = [0f32; QK];
    for ((w, &q), &x) in w.iter_mut().zip(qw).zip(b) {
        *w = q * (sigma2 + x * x).sqrt();
    }
    w
}

/// The row's mean square, `Σ x² / n` in float32, in order.
#[inline(always)]
fn sigma2(x: &[f32]) -> f32 {
    let mut s = 0f32;
    for &v in x {
        s += v * v;
    }
    s / x.len() as f32
}

/// The fifth bits of the 32 codes `l` (value j's bit at bit j), and the
/// 16 bytes of their low four bits (j's and j + 16's).
#[inline(always)]
fn split5(l: &[u8; QK], qh: &mut [u8], qs: &mut [u8]) {
    let mut h = 0u32;
    for j in 0..QK / 2 {
        let (a, b) = (l[j], l[j + QK / 2]);
        qs[j] = (a & 0x0f) | ((b & 0x0f) << 4);
        h |= u32::from((a & 0x10) >> 4) << j;
        h |= u32::from((b & 0x10) >> 4) << (j + QK / 2);
    }
    qh.copy_from_slice(&h.to_le_bytes());
}

/// `quantize_q4_0`: `quantize_row_q4_0_ref` (d = max / −8, codes
/// `MIN(15, (int8_t)(x/d + 8.5))`), or with weights `make_qx_quants`
/// (nmax 8, rmse_type 1).
fn q4_0(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    let s2 = imatrix.map(|_| sigma2(x));
    for (ib, (b, o)) in x
        .chunks_exact(QK)
        .zip(out.chunks_exact_mut(Q4_0_BYTES))
        .enumerate()
    {
        if let (Some(qw), Some(s2)) = (imatrix, s2) {
            let w = weights(b, &qw[QK * ib..QK * ib + QK], s2);
            let mut l = [0i8; QK];
            let d = make_qx_quants(8, b, &mut l, 1, Some(&w));
            o[..2].copy_from_slice(&fp16(d));
            for j in 0..QK / 2 {
                o[2 + j] = (l[j] as u8) | ((l[j + QK / 2] as u8) << 4);
            }
            continue;
        }
        let d = signed_max(b) / -8.0;
        let id = inverse(d);
        o[..2].copy_from_slice(&fp16(d));
        if id.is_finite() {
            let l = offset_codes(b, id, 8.5, 15.0);
            for j in 0..QK / 2 {
                o[2 + j] = l[j] | (l[j + QK / 2] << 4);
            }
        } else {
            for j in 0..QK / 2 {
                let lo = code(b[j] * id + 8.5, 15);
                let hi = code(b[j + QK / 2] * id + 8.5, 15);
                o[2 + j] = lo | (hi << 4);
            }
        }
    }
    Ok(())
}

/// `quantize_q4_1`: `quantize_row_q4_1_ref` (d = (max − min) / 15, codes
/// `MIN(15, (int8_t)((x − min)/d + 0.5))`), or with weights
/// `make_qkx3_quants` (nmax 15, −0.9, 0.05, 36 steps).
fn q4_1(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    let s2 = imatrix.map(|_| sigma2(x));
    for (ib, (b, o)) in x
        .chunks_exact(QK)
        .zip(out.chunks_exact_mut(Q4_1_BYTES))
        .enumerate()
    {
        if let (Some(qw), Some(s2)) = (imatrix, s2) {
            let w = weights(b, &qw[QK * ib..QK * ib + QK], s2);
            let (mut l, mut aux) = ([0u8; QK], [0u8; QK]);
            let (d, the_min) =
                make_qkx3_quants(15, b, Some(&w), &mut l, &mut aux, -0.9, 0.05, 36, false);
            o[..2].copy_from_slice(&fp16(d));
            o[2..4].copy_from_slice(&fp16(-the_min));
            for j in 0..QK / 2 {
                o[4 + j] = l[j] | (l[j + QK / 2] << 4);
            }
            continue;
        }
        let (min, max) = min_max(b);
        let d = (max - min) / 15.0;
        let id = inverse(d);
        o[..2].copy_from_slice(&fp16(d));
        o[2..4].copy_from_slice(&fp16(min));
        for j in 0..QK / 2 {
            let lo = code((b[j] - min) * id + 0.5, 15);
            let hi = code((b[j + QK / 2] - min) * id + 0.5, 15);
            o[4 + j] = lo | (hi << 4);
        }
    }
    Ok(())
}

/// `quantize_q5_0`: `quantize_row_q5_0_ref` (d = max / −16, codes
/// `MIN(31, (int8_t)(x/d + 16.5))`), or with weights `make_qx_quants`
/// (nmax 16, rmse_type 1).
fn q5_0(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    let s2 = imatrix.map(|_| sigma2(x));
    for (ib, (b, o)) in x
        .chunks_exact(QK)
        .zip(out.chunks_exact_mut(Q5_0_BYTES))
        .enumerate()
    {
        let mut l = [0u8; QK];
        let d = if let (Some(qw), Some(s2)) = (imatrix, s2) {
            let w = weights(b, &qw[QK * ib..QK * ib + QK], s2);
            let mut li = [0i8; QK];
            let d = make_qx_quants(16, b, &mut li, 1, Some(&w));
            for (l, li) in l.iter_mut().zip(li) {
                *l = li as u8;
            }
            d
        } else {
            let d = signed_max(b) / -16.0;
            let id = inverse(d);
            if id.is_finite() {
                l = offset_codes(b, id, 16.5, 31.0);
            } else {
                for (l, &v) in l.iter_mut().zip(b) {
                    *l = code(v * id + 16.5, 31);
                }
            }
            d
        };
        o[..2].copy_from_slice(&fp16(d));
        let (qh, qs) = o[2..].split_at_mut(4);
        split5(&l, qh, qs);
    }
    Ok(())
}

/// `quantize_q5_1`: `quantize_row_q5_1_ref` (d = (max − min) / 31, codes
/// `(uint8_t)((x − min)/d + 0.5)`), or with weights `make_qkx3_quants`
/// (nmax 31, −0.9, 0.05, 36 steps).
fn q5_1(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    let s2 = imatrix.map(|_| sigma2(x));
    for (ib, (b, o)) in x
        .chunks_exact(QK)
        .zip(out.chunks_exact_mut(Q5_1_BYTES))
        .enumerate()
    {
        let mut l = [0u8; QK];
        let (d, m) = if let (Some(qw), Some(s2)) = (imatrix, s2) {
            let w = weights(b, &qw[QK * ib..QK * ib + QK], s2);
            let mut aux = [0u8; QK];
            let (d, the_min) =
                make_qkx3_quants(31, b, Some(&w), &mut l, &mut aux, -0.9, 0.05, 36, false);
            (d, -the_min)
        } else {
            let (min, max) = min_max(b);
            let d = (max - min) / 31.0;
            let id = inverse(d);
            for (l, &v) in l.iter_mut().zip(b) {
                *l = c_int((v - min) * id + 0.5) as u8;
            }
            (d, min)
        };
        o[..2].copy_from_slice(&fp16(d));
        o[2..4].copy_from_slice(&fp16(m));
        let (qh, qs) = o[4..].split_at_mut(4);
        split5(&l, qh, qs);
    }
    Ok(())
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[
    Quantizer {
        id: 2,
        needs_imatrix: false,
        row: q4_0,
    },
    Quantizer {
        id: 3,
        needs_imatrix: false,
        row: q4_1,
    },
    Quantizer {
        id: 6,
        needs_imatrix: false,
        row: q5_0,
    },
    Quantizer {
        id: 7,
        needs_imatrix: false,
        row: q5_1,
    },
    Quantizer {
        id: 8,
        needs_imatrix: false,
        row: q8_0,
    },
];

#[cfg(test)]
mod tests {
    use super::round_away;

    /// `round_away` against `f32::round` (C's `roundf`): every float32
    /// n + ½ below 2^24 and its two neighbours, and every 97th float32
    /// below 2^31 in magnitude.
    #[test]
    fn round_away_is_roundf() {
        let check = |v: f32| {
            if v.is_finite() && v.abs() < 2_147_483_648.0 {
                assert_eq!(round_away(v), v.round() as i32, "{v:e}");
                assert_eq!(round_away(-v), (-v).round() as i32, "{:e}", -v);
            }
        };
        for n in 0..1u32 << 24 {
            let t = n as f32 + 0.5;
            check(t);
            check(f32::from_bits(t.to_bits() + 1));
            check(f32::from_bits(t.to_bits() - 1));
        }
        for bits in (0..0x4f00_0000u32).step_by(97) {
            check(f32::from_bits(bits));
        }
    }
}
