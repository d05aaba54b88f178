//! IQ1_S and IQ1_M: `quantize_row_iq1_s_impl` and
//! `quantize_row_iq1_m_impl`. A sub-block's values are split into three
//! runs of the sorted values (codes 0, 1, 2: -1, 0, 1, shifted by ±1/8),
//! the split of least weighted error found exhaustively; then each group
//! of 8 codes off the grid moves to its nearest neighbour on it.

use super::super::search::nearest_int;
use super::grid::{iq1s, Entry, Grid};
use super::{fp16_c, imatrix_weights, max_c, sum_sq, OffGrid, QK_K};

/// `IQ1S_DELTA` and `IQ1M_DELTA`.
const DELTA: f32 = 0.125;
/// The values of codes 0, 1, 2 shifted up by the delta, and down.
const X_P: [f32; 3] = [-1.0 + DELTA, DELTA, 1.0 + DELTA];
const X_M: [f32; 3] = [-1.0 - DELTA, -DELTA, 1.0 - DELTA];
/// IQ1_S's bytes: d, qs[32] (low bytes of points), qh[8] u16 (3 high
/// bits per point, a 3-bit scale, the shift's sign).
const S_BYTES: usize = 50;
/// IQ1_M's: qs[32], qh[16] (3 high bits and a shift bit per point),
/// scales[8] (3-bit scales, and the float16 scale in the top nibbles).
const M_BYTES: usize = 56;
/// `GROUP_MAX_EPS_IQ1_S` and `GROUP_MAX_EPS_IQ1_M`.
const S_EPS: f32 = 1e-12;
const M_EPS: f32 = 1e-7;

/// The indices of `xb` by ascending value, equals in order: glibc's
/// `qsort` on (value, index) pairs by value, which is a merge sort (so
/// stable) for arrays this small.
fn order<const B: usize>(xb: &[f32]) -> [usize; B] {
    let mut idx: [usize; B] = core::array::from_fn(|i| i);
    idx.sort_by(|&a, &b| {
        xb[a]
            .partial_cmp(&xb[b])
            .unwrap_or(core::cmp::Ordering::Equal)
    });
    idx
}

/// The codes of a sub-block whose values, in the sorted order `idx`, are
/// split at `i1` and `i2`: 0 before `i1`, 1 before `i2`, 2 from there;
/// each mirrored (2 - code) if `mirror`, for a negative scale that the
/// caller makes positive.
fn split_codes<const B: usize>(idx: &[usize; B], i1: usize, i2: usize, mirror: bool) -> [i8; B] {
    let mut l = [0i8; B];
    for (j, &i) in idx.iter().enumerate() {
        let code = i8::from(j >= i1) + i8::from(j >= i2);
        l[i] = if mirror { 2 - code } else { code };
    }
    l
}

/// `iq1_find_best_neighbour2`: the neighbour in `list` of least
/// Σ w (scale xg[code] − x)², the first of equals; none when no error is
/// below `FLT_MAX`. (ggml then scans the whole grid, reading its values
/// past the group's, and aborts when that finds none either; here the
/// row is refused.)
fn best_neighbour(
    g: &Grid<8>,
    list: &[u16],
    xb: &[f32],
    weight: &[f32],
    scale: f32,
    xg: &[f32; 3],
) -> Option<usize> {
    // Each value's term w (scale q − x)² for each code, rounded as
    // ggml's; a neighbour's error is its codes' terms summed in order.
    let mut terms = [[0f32; 3]; 8];
    for ((t, &x), &w) in terms.iter_mut().zip(xb).zip(weight) {
        for (t, &q) in t.iter_mut().zip(xg) {
            let diff = scale * q - x;
            *t = w * diff * diff;
        }
    }
    let mut best = f32::MAX;
    let mut at = None;
    for &j in list {
        let p = g.codes(usize::from(j));
        let mut d2 = 0f32;
        for (t, &c) in terms.iter().zip(p) {
            d2 += t[usize::from(c)];
        }
        if d2 < best {
            best = d2;
            at = Some(usize::from(j));
        }
    }
    at
}

/// The point of group `l` (8 codes), or its neighbour: (point, whether on
/// the grid).
fn point(
    g: &Grid<8>,
    l: &[i8],
    xb: &[f32],
    weight: &[f32],
    scale: f32,
    xg: &[f32; 3],
) -> Result<(u16, bool), OffGrid> {
    let c: &[i8; 8] = l.try_into().map_err(|_| OffGrid)?;
    match g.entry(Grid::<8>::pack(c)) {
        Entry::On(j) => Ok((j as u16, true)),
        Entry::Off(list) => best_neighbour(g, list, xb, weight, scale, xg)
            .map(|j| (j as u16, false))
            .ok_or(OffGrid),
        Entry::Unreachable => Err(OffGrid),
    }
}

/// Σ w q x and Σ w q² over the groups' points, q = xg[code] × m.
fn refit(
    g: &Grid<8>,
    idx: &[u16],
    xb: &[f32],
    weight: &[f32],
    xg: &[&[f32; 3]],
    m: f32,
) -> (f32, f32) {
    let (mut sumqx, mut sumq2) = (0f32, 0f32);
    for (k, &j) in idx.iter().enumerate() {
        let p = g.codes(usize::from(j));
        for i in 0..8 {
            let w = weight[8 * k + i];
            let q = xg[k][usize::from(p[i])] * m;
            sumqx += w * q * xb[8 * k + i];
            sumq2 += w * q * q;
        }
    }
    (sumqx, sumq2)
}

/// The max of |x| over a sub-block, as ggml's `MAX` chain.
fn amax(xb: &[f32]) -> f32 {
    xb.iter()
        .skip(1)
        .fold(xb[0].abs(), |m, &v| max_c(m, v.abs()))
}

/// The 3-bit sub-block scale code of `scale` under `id = 1 / d`.
#[inline(always)]
fn scale_code(id: f32, scale: f32) -> u16 {
    nearest_int(0.5 * (id * scale - 1.0)).clamp(0, 7) as u16
}

/// IQ1_S (an importance matrix is required): sub-blocks of 32, one
/// shift each.
pub fn iq1_s(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    // The quantizer's table says IQ1_S needs one; `check` holds to it.
    let qw_row = imatrix.ok_or(OffGrid)?;
    let g = iq1s();
    for ((xbl, qwb), y) in x
        .chunks_exact(QK_K)
        .zip(qw_row.chunks_exact(QK_K))
        .zip(out.chunks_exact_mut(S_BYTES))
    {
        y.fill(0);
        let sigma2 = 2.0 * sum_sq(xbl) / QK_K as f32;
        let mut scales = [0f32; 8];
        let mut shifts = [1i8; 8];
        let mut qh = [0u16; 8];
        let mut max_scale = 0f32;
        for ib in 0..8 {
            let xb = &xbl[32 * ib..32 * ib + 32];
            let mut weight = [0f32; 32];
            imatrix_weights(xb, &qwb[32 * ib..32 * ib + 32], sigma2, &mut weight);
            let max = amax(xb);
            if max < S_EPS {
                continue;
            }
            let idx = order::<32>(xb);
            let mut sumx = [0f32; 33];
            let mut sumw = [0f32; 33];
            for (j, &i) in idx.iter().enumerate() {
                sumx[j + 1] = sumx[j] + weight[i] * xb[i];
                sumw[j + 1] = sumw[j] + weight[i];
            }
            let mut best_score = -f32::MAX;
            let mut scale = max;
            let mut best: Option<(usize, usize, i8)> = None;
            for i1 in 0..=32 {
                for i2 in i1..=32 {
                    let (a, b, c) = (sumx[i1] - sumx[0], sumx[i2] - sumx[i1], sumx[32] - sumx[i2]);
                    let (wa, wb, wc) =
                        (sumw[i1] - sumw[0], sumw[i2] - sumw[i1], sumw[32] - sumw[i2]);
                    for (xs, shift) in [(&X_P, 1i8), (&X_M, -1)] {
                        let sumqx = a * xs[0] + b * xs[1] + c * xs[2];
                        let sumq2 = wa * xs[0] * xs[0] + wb * xs[1] * xs[1] + wc * xs[2] * xs[2];
                        if sumq2 > 0.0 && sumqx * sumqx > best_score * sumq2 {
                            scale = sumqx / sumq2;
                            best_score = scale * sumqx;
                            best = Some((i1, i2, shift));
                        }
                    }
                }
            }
            let Some((i1, i2, mut shift)) = best else {
                continue;
            };
            let l = split_codes(&idx, i1, i2, scale < 0.0);
            if scale < 0.0 {
                scale = -scale;
                shift = -shift;
            }
            let xx = if shift == 1 { &X_P } else { &X_M };
            let mut points = [0u16; 4];
            let mut all_on = true;
            for (k, p) in points.iter_mut().enumerate() {
                let r = 8 * k..8 * k + 8;
                let (j, on) = point(g, &l[r.clone()], &xb[r.clone()], &weight[r], scale, xx)?;
                *p = j;
                all_on &= on;
            }
            if !all_on {
                let (sumqx, sumq2) = refit(g, &points, xb, &weight, &[xx; 4], 1.0);
                if sumqx > 0.0 && sumq2 > 0.0 {
                    scale = sumqx / sumq2;
                }
            }
            let mut h = 0u16;
            for (k, &j) in points.iter().enumerate() {
                y[2 + 4 * ib + k] = j as u8;
                h |= (j >> 8) << (3 * k);
            }
            qh[ib] = h;
            if scale.is_nan() {
                return Err(OffGrid);
            }
            scales[ib] = scale;
            shifts[ib] = shift;
            max_scale = max_c(max_scale, scale);
        }
        if max_scale != 0.0 {
            let d = max_scale / 15.0;
            y[..2].copy_from_slice(&fp16_c(d * 1.125));
            let id = 1.0 / d;
            for ib in 0..8 {
                let mut l = scale_code(id, scales[ib]);
                if shifts[ib] == -1 {
                    l |= 8;
                }
                qh[ib] |= l << 12;
            }
        }
        for (o, h) in y[34..].chunks_exact_mut(2).zip(qh) {
            o.copy_from_slice(&h.to_le_bytes());
        }
    }
    Ok(())
}

/// IQ1_M (with or without an importance matrix): sub-blocks of 16, a
/// shift for each group of 8.
pub fn iq1_m(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    const MASKS: [u8; 4] = [0x00, 0x80, 0x08, 0x88];
    let g = iq1s();
    // The shifts of a sub-block's halves in each of the four choices.
    let halves = |k: usize| -> [&[f32; 3]; 2] {
        [
            if k < 2 { &X_P } else { &X_M },
            if k % 2 == 0 { &X_P } else { &X_M },
        ]
    };
    for (ibl, (xbl, y)) in x
        .chunks_exact(QK_K)
        .zip(out.chunks_exact_mut(M_BYTES))
        .enumerate()
    {
        y.fill(0);
        let sigma2 = 2.0 * sum_sq(xbl) / QK_K as f32;
        let weights = |ib: usize, weight: &mut [f32; 16]| {
            let xb = &xbl[16 * ib..16 * ib + 16];
            match imatrix {
                Some(m) => imatrix_weights(xb, &m[QK_K * ibl + 16 * ib..][..16], sigma2, weight),
                None => {
                    for (w, &x) in weight.iter_mut().zip(xb) {
                        *w = x * x;
                    }
                }
            }
        };
        let mut scales = [0f32; 16];
        let mut shifts = [0usize; 16];
        let mut points = [[0u16; 2]; 16];
        let mut max_scale = 0f32;
        for ib in 0..16 {
            let xb = &xbl[16 * ib..16 * ib + 16];
            let mut weight = [0f32; 16];
            weights(ib, &mut weight);
            let max = amax(xb);
            if max < M_EPS {
                continue;
            }
            let idx = order::<16>(xb);
            let mut best_score = -f32::MAX;
            let mut scale = max;
            let mut best: Option<(usize, usize, usize)> = None;
            // The terms value j (in sorted order) adds at each level to
            // the four choices' Σ w p x (lanes 0 to 3) and Σ w p² (4 to
            // 7), each (w p) x and (w p) p as ggml rounds them: summed
            // lane by lane in ggml's order, the sums are its sums.
            let mut terms = [[[0f32; 8]; 3]; 16];
            for (t, &i) in terms.iter_mut().zip(&idx) {
                for (level, t) in t.iter_mut().enumerate() {
                    for k in 0..4 {
                        let p = halves(k)[usize::from(i >= 8)][level];
                        t[k] = weight[i] * p * xb[i];
                        t[4 + k] = weight[i] * p * p;
                    }
                }
            }
            for i1 in 0..=16 {
                for i2 in i1..=16 {
                    let mut sums = [0f32; 8];
                    for (j, t) in terms.iter().enumerate() {
                        let level = usize::from(j >= i1) + usize::from(j >= i2);
                        for (s, &t) in sums.iter_mut().zip(&t[level]) {
                            *s += t;
                        }
                    }
                    for k in 0..4 {
                        let (sumqx, sumq2) = (sums[k], sums[4 + k]);
                        if sumq2 > 0.0 && sumqx * sumqx > best_score * sumq2 {
                            scale = sumqx / sumq2;
                            best_score = scale * sumqx;
                            best = Some((i1, i2, k));
                        }
                    }
                }
            }
            let Some((i1, i2, mut best_k)) = best else {
                continue;
            };
            let l = split_codes(&idx, i1, i2, scale < 0.0);
            if scale < 0.0 {
                scale = -scale;
                best_k = 3 - best_k;
            }
            let xx = halves(best_k);
            let mut all_on = true;
            for k in 0..2 {
                let r = 8 * k..8 * k + 8;
                let (j, on) = point(g, &l[r.clone()], &xb[r.clone()], &weight[r], scale, xx[k])?;
                points[ib][k] = j;
                all_on &= on;
            }
            if !all_on {
                let (sumqx, sumq2) = refit(g, &points[ib], xb, &weight, &xx, 1.0);
                if sumqx > 0.0 && sumq2 > 0.0 {
                    scale = sumqx / sumq2;
                }
            }
            if scale.is_nan() {
                return Err(OffGrid);
            }
            scales[ib] = scale;
            shifts[ib] = best_k;
            max_scale = max_c(max_scale, scale);
        }
        for ib in 0..16 {
            let [a, b] = points[ib];
            y[2 * ib] = a as u8;
            y[2 * ib + 1] = b as u8;
            y[32 + ib] = ((a >> 8) | ((b >> 8) << 4)) as u8;
        }
        if max_scale == 0.0 {
            continue;
        }
        let mut sc = [0u16; 4];
        let mut d = max_scale / 15.0;
        let id = 1.0 / d;
        let (mut sumqx, mut sumq2) = (0f32, 0f32);
        for ib in 0..16 {
            let l = scale_code(id, scales[ib]);
            sc[ib / 4] |= l << (3 * (ib % 4));
            y[32 + ib] |= MASKS[shifts[ib]];
            let mut weight = [0f32; 16];
            weights(ib, &mut weight);
            let p = points[ib];
            let xb = &xbl[16 * ib..16 * ib + 16];
            let xx = halves(shifts[ib]);
            for k in 0..2 {
                let c = g.codes(usize::from(p[k]));
                for i in 0..8 {
                    let w = weight[8 * k + i];
                    let q = xx[k][usize::from(c[i])] * f32::from(2 * l + 1);
                    sumqx += w * q * xb[8 * k + i];
                    sumq2 += w * q * q;
                }
            }
        }
        if sumq2 > 0.0 {
            d = sumqx / sumq2;
        }
        let s = u16::from_le_bytes(fp16_c(d * 1.1125));
        sc[0] |= (s & 0x000f) << 12;
        sc[1] |= (s & 0x00f0) << 8;
        sc[2] |= (s & 0x0f00) << 4;
        sc[3] |= s & 0xf000;
        for (o, v) in y[48..].chunks_exact_mut(2).zip(sc) {
            o.copy_from_slice(&v.to_le_bytes());
        }
    }
    Ok(())
}
