//! IQ3_XXS and IQ3_S: `quantize_row_iq3_xxs_impl` (over the 256-point
//! grid) and `quantize_row_iq3_s_impl` (over the 512-point one), groups
//! of 4 magnitudes in sub-blocks of 32.

use super::super::search::nearest_int;
use super::grid::{iq3s, iq3xxs};
use super::lattice::{positive_scale, search, Search};
use super::{fp16_c, group_signs, imatrix_weights, max_c, sum_sq, OffGrid, QK_K};

/// IQ3_XXS's bytes: d, 64 point indices, 8 u32 of 4 × 7 sign bits and a
/// 4-bit scale.
const XXS_BYTES: usize = 98;
/// IQ3_S's: d, qs[64] (low bytes of points), qh[8] (their ninth bits),
/// signs[32], scales[4].
const S_BYTES: usize = 110;
/// `GROUP_MAX_EPS_IQ3_XXS`.
const XXS_EPS: f32 = 1e-8;

/// One sub-block of 32: its weights (the importance matrix's `qw` times
/// `√(sigma2 + x²)`, else x²), magnitudes and signs (`even`: IQ3_XXS's 7
/// bits and parity), then the search; (scale, points, signs), the scale
/// 0 for magnitudes whose largest is not above `eps` (IQ3_S: not 0).
fn sub_block(
    xb: &[f32],
    qw: Option<&[f32]>,
    sigma2: f32,
    s_type: bool,
) -> Result<(f32, [u16; 8], [u8; 4]), OffGrid> {
    let mut weight = [0f32; 32];
    match qw {
        Some(qw) => imatrix_weights(xb, qw, sigma2, &mut weight),
        None => {
            for (w, &x) in weight.iter_mut().zip(xb) {
                *w = x * x;
            }
        }
    }
    let waux: [f32; 32] = core::array::from_fn(|i| weight[i].sqrt());
    let mut xval = [0f32; 32];
    let mut signs = [0u8; 4];
    group_signs(xb, &weight, &mut xval, &mut signs, s_type);
    let max = xval.iter().skip(1).fold(xval[0], |m, &v| max_c(m, v));
    let mut idx = [0u16; 8];
    if (s_type && max == 0.0) || (!s_type && max < XXS_EPS) {
        return Ok((0.0, idx, [0; 4]));
    }
    let s = Search {
        kmaxq: 8,
        steps: if s_type { 9 } else { 15 },
        step: 0.2,
        on_grid_first: !s_type,
        refine_all: s_type,
        refine_always: false,
    };
    let g = if s_type { iq3s() } else { iq3xxs() };
    let mut l = [0i8; 32];
    let scale = search(
        g,
        &s,
        &xval,
        &weight,
        &waux,
        max,
        max / 15.0,
        &mut l,
        &mut idx,
    )?;
    let scale = positive_scale(scale, &mut signs, s_type)?;
    Ok((scale, idx, signs))
}

/// The 4-bit sub-block scale code of `scale` under `id = 1 / d`.
#[inline(always)]
fn scale_code(id: f32, scale: f32) -> u8 {
    nearest_int(0.5 * (id * scale - 1.0)).clamp(0, 15) as u8
}

/// IQ3_XXS (with or without an importance matrix).
pub fn iq3_xxs(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (ibl, (xbl, y)) in x
        .chunks_exact(QK_K)
        .zip(out.chunks_exact_mut(XXS_BYTES))
        .enumerate()
    {
        let sigma2 = 2.0 * sum_sq(xbl) / QK_K as f32;
        let mut scales = [0f32; 8];
        let mut max_scale = 0f32;
        let mut q3 = [0u8; 96];
        for ib in 0..8 {
            let qw = imatrix.map(|m| &m[QK_K * ibl + 32 * ib..][..32]);
            let (scale, idx, signs) = sub_block(&xbl[32 * ib..32 * ib + 32], qw, sigma2, false)?;
            for k in 0..8 {
                q3[8 * ib + k] = idx[k] as u8;
            }
            let ss = u32::from(signs[0])
                | (u32::from(signs[1]) << 7)
                | (u32::from(signs[2]) << 14)
                | (u32::from(signs[3]) << 21);
            q3[64 + 4 * ib..][..4].copy_from_slice(&ss.to_le_bytes());
            scales[ib] = scale;
            max_scale = max_c(max_scale, scale);
        }
        y.fill(0);
        if max_scale == 0.0 {
            continue;
        }
        let d = max_scale / 31.0;
        y[..2].copy_from_slice(&fp16_c(d * 1.0125));
        let id = 1.0 / d;
        for ib in 0..8 {
            q3[64 + 4 * ib + 3] |= scale_code(id, scales[ib]) << 4;
        }
        y[2..].copy_from_slice(&q3);
    }
    Ok(())
}

/// IQ3_S (with or without an importance matrix).
pub fn iq3_s(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (ibl, (xbl, y)) in x
        .chunks_exact(QK_K)
        .zip(out.chunks_exact_mut(S_BYTES))
        .enumerate()
    {
        y.fill(0);
        let sigma2 = 2.0 * sum_sq(xbl) / QK_K as f32;
        let mut scales = [0f32; 8];
        let mut max_scale = 0f32;
        // ggml moves on its pointers into qs and signs only past a
        // sub-block it quantized: one of zeros writes nothing, and the
        // next writes where it would have (qh and scales go by index).
        let mut at = 0;
        for ib in 0..8 {
            let xb = &xbl[32 * ib..32 * ib + 32];
            if xb.iter().all(|&v| v == 0.0) {
                continue;
            }
            let qw = imatrix.map(|m| &m[QK_K * ibl + 32 * ib..][..32]);
            let (scale, idx, signs) = sub_block(xb, qw, sigma2, true)?;
            for k in 0..8 {
                y[2 + 8 * at + k] = idx[k] as u8;
                y[66 + ib] |= ((idx[k] >> 8) as u8) << k;
            }
            y[74 + 4 * at..][..4].copy_from_slice(&signs);
            at += 1;
            scales[ib] = scale;
            max_scale = max_c(max_scale, scale);
        }
        if max_scale == 0.0 {
            continue;
        }
        let d = max_scale / 31.0;
        y[..2].copy_from_slice(&fp16_c(d * 1.033));
        let id = 1.0 / d;
        for ib in (0..8).step_by(2) {
            y[106 + ib / 2] = scale_code(id, scales[ib]) | (scale_code(id, scales[ib + 1]) << 4);
        }
    }
    Ok(())
}
