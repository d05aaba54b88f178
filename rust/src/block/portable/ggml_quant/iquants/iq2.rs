//! IQ2_XXS, IQ2_XS and IQ2_S: `quantize_row_iq2_xxs_impl`,
//! `quantize_row_iq2_xs_impl` and `quantize_row_iq2_s_impl`.

use super::super::search::{make_qp_quants, nearest_int, GROUP_MAX_EPS};
use super::grid::{iq2s, iq2xs, iq2xxs};
use super::lattice::{positive_scale, search, Search};
use super::{fp16_c, group_signs, imatrix_weights, max_c, sum_sq, OffGrid, QK_K};

/// IQ2_XXS's bytes: d, then per 32 values two u32.
const XXS_BYTES: usize = 66;
/// IQ2_XS's: d, 16 u16 (a 9-bit point and 7 sign bits per 8 values),
/// 8 bytes of two 4-bit scales.
const XS_BYTES: usize = 74;
/// IQ2_S's: d, qs[64] (32 low bytes of points, then 32 bytes of signs),
/// qh[8] (2 high bits per point), scales[8].
const S_BYTES: usize = 82;
/// IQ2_S's `GROUP_MAX_EPS_IQ2_S`.
const S_EPS: f32 = 1e-8;

/// The 4-bit sub-block scale code of `scale` under `id = 1 / d`.
#[inline(always)]
fn scale_code(id: f32, scale: f32) -> u32 {
    nearest_int(0.5 * (id * scale - 1.0)).clamp(0, 15) as u32
}

/// IQ2_XXS (an importance matrix is required): sub-blocks of 32 from
/// `make_qp_quants`, 13 steps, each group rounded again.
pub fn iq2_xxs(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    // The quantizer's table says IQ2_XXS needs one; `check` holds to it.
    let qw_row = imatrix.ok_or(OffGrid)?;
    let g = iq2xxs();
    let s = Search {
        kmaxq: 3,
        steps: 6,
        step: 0.1,
        on_grid_first: true,
        refine_all: true,
        refine_always: true,
    };
    for ((xbl, qwb), y) in x
        .chunks_exact(QK_K)
        .zip(qw_row.chunks_exact(QK_K))
        .zip(out.chunks_exact_mut(XXS_BYTES))
    {
        let mut q2 = [0u32; 16];
        let mut scales = [0f32; 8];
        let mut max_scale = 0f32;
        let sigma2 = sum_sq(xbl) / QK_K as f32;
        for ib in 0..8 {
            let xb = &xbl[32 * ib..32 * ib + 32];
            let mut weight = [0f32; 32];
            imatrix_weights(xb, &qwb[32 * ib..32 * ib + 32], sigma2, &mut weight);
            let waux: [f32; 32] = core::array::from_fn(|i| weight[i].sqrt());
            let mut xval = [0f32; 32];
            let mut signs = [0u8; 4];
            group_signs(xb, &weight, &mut xval, &mut signs, false);
            let max = xval.iter().skip(1).fold(xval[0], |m, &v| max_c(m, v));
            if max < GROUP_MAX_EPS {
                continue;
            }
            let mut lq = [0u8; 32];
            let scale = make_qp_quants(4, &xval, &mut lq, &weight);
            let eff_max = scale * 3.0;
            if eff_max <= 0.0 {
                continue;
            }
            let mut l: [i8; 32] = core::array::from_fn(|i| lq[i] as i8);
            let mut idx = [0u16; 4];
            let scale = search(
                g, &s, &xval, &weight, &waux, eff_max, scale, &mut l, &mut idx,
            )?;
            let scale = positive_scale(scale, &mut signs, false)?;
            for k in 0..4 {
                q2[2 * ib] |= u32::from(idx[k]) << (8 * k);
                q2[2 * ib + 1] |= u32::from(signs[k]) << (7 * k);
            }
            scales[ib] = scale;
            max_scale = max_c(max_scale, scale);
        }
        y.fill(0);
        if max_scale == 0.0 {
            continue;
        }
        let d = max_scale / 31.0;
        y[..2].copy_from_slice(&fp16_c(d));
        let id = 1.0 / d;
        for ib in 0..8 {
            q2[2 * ib + 1] |= scale_code(id, scales[ib]) << 28;
        }
        for (o, q) in y[2..].chunks_exact_mut(4).zip(q2) {
            o.copy_from_slice(&q.to_le_bytes());
        }
    }
    Ok(())
}

/// The sub-blocks of 16 that IQ2_XS and IQ2_S share: each one's scale
/// (0 for one of magnitudes below `eps`), points and signs.
struct Sixteens {
    scales: [f32; 16],
    idx: [[u16; 2]; 16],
    signs: [[u8; 2]; 16],
    max_scale: f32,
}

/// IQ2_XS's and IQ2_S's sub-blocks of one super-block: `s_type` is
/// IQ2_S (weights `0.25 sigma2 + x²` without an importance matrix, a
/// doubled sigma2, 8 sign bits, its grid and eps), else IQ2_XS.
fn sixteens(xbl: &[f32], qwb: Option<&[f32]>, s_type: bool) -> Result<Sixteens, OffGrid> {
    let g = if s_type { iq2s() } else { iq2xs() };
    let eps = if s_type { S_EPS } else { GROUP_MAX_EPS };
    let s = Search {
        kmaxq: 3,
        steps: 9,
        step: 0.1,
        on_grid_first: true,
        refine_all: false,
        refine_always: false,
    };
    let mut r = Sixteens {
        scales: [0.0; 16],
        idx: [[0; 2]; 16],
        signs: [[0; 2]; 16],
        max_scale: 0.0,
    };
    let sumx2 = sum_sq(xbl);
    let sigma2 = if s_type {
        2.0 * sumx2 / QK_K as f32
    } else {
        sumx2 / QK_K as f32
    };
    for ib in 0..16 {
        let xb = &xbl[16 * ib..16 * ib + 16];
        let mut weight = [0f32; 16];
        match qwb {
            Some(qw) => imatrix_weights(xb, &qw[16 * ib..16 * ib + 16], sigma2, &mut weight),
            None => {
                for (w, &x) in weight.iter_mut().zip(xb) {
                    *w = 0.25 * sigma2 + x * x;
                }
            }
        }
        let waux: [f32; 16] = core::array::from_fn(|i| weight[i].sqrt());
        let mut xval = [0f32; 16];
        let mut signs = [0u8; 2];
        group_signs(xb, &weight, &mut xval, &mut signs, s_type);
        let max = xval.iter().skip(1).fold(xval[0], |m, &v| max_c(m, v));
        if max < eps {
            continue;
        }
        let mut l = [0i8; 16];
        let mut idx = [0u16; 2];
        let scale = search(
            g,
            &s,
            &xval,
            &weight,
            &waux,
            max,
            max / 5.0,
            &mut l,
            &mut idx,
        )?;
        let scale = positive_scale(scale, &mut signs, s_type)?;
        r.idx[ib] = idx;
        r.signs[ib] = signs;
        r.scales[ib] = scale;
        r.max_scale = max_c(r.max_scale, scale);
    }
    Ok(r)
}

/// IQ2_XS (an importance matrix is required).
pub fn iq2_xs(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    // The quantizer's table says IQ2_XS needs one; `check` holds to it.
    let qw_row = imatrix.ok_or(OffGrid)?;
    for ((xbl, qwb), y) in x
        .chunks_exact(QK_K)
        .zip(qw_row.chunks_exact(QK_K))
        .zip(out.chunks_exact_mut(XS_BYTES))
    {
        let r = sixteens(xbl, Some(qwb), false)?;
        y.fill(0);
        if r.max_scale == 0.0 {
            continue;
        }
        let d = r.max_scale / 31.0;
        y[..2].copy_from_slice(&fp16_c(d));
        let id = 1.0 / d;
        for ib in 0..16 {
            for k in 0..2 {
                let q = r.idx[ib][k] | (u16::from(r.signs[ib][k]) << 9);
                y[2 + 2 * (2 * ib + k)..][..2].copy_from_slice(&q.to_le_bytes());
            }
            y[66 + ib / 2] |= (scale_code(id, r.scales[ib]) as u8) << (4 * (ib % 2));
        }
    }
    Ok(())
}

/// IQ2_S (with or without an importance matrix).
pub fn iq2_s(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (ibl, (xbl, y)) in x
        .chunks_exact(QK_K)
        .zip(out.chunks_exact_mut(S_BYTES))
        .enumerate()
    {
        let qwb = imatrix.map(|m| &m[QK_K * ibl..QK_K * (ibl + 1)]);
        let r = sixteens(xbl, qwb, true)?;
        y.fill(0);
        for ib in 0..16 {
            for k in 0..2 {
                let i8 = 2 * ib + k;
                let j = r.idx[ib][k];
                y[2 + i8] = j as u8;
                y[66 + i8 / 4] |= ((j >> 8) as u8) << (2 * (i8 % 4));
                y[2 + 32 + i8] = r.signs[ib][k];
            }
        }
        if r.max_scale == 0.0 {
            continue;
        }
        let d = r.max_scale / 31.0;
        y[..2].copy_from_slice(&fp16_c(d * 0.9875));
        let id = 1.0 / d;
        for ib in 0..16 {
            y[74 + ib / 2] |= (scale_code(id, r.scales[ib]) as u8) << (4 * (ib % 2));
        }
    }
    Ok(())
}
