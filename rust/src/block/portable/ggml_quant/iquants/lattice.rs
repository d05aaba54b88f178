//! The search IQ2 and IQ3 share (the body of `quantize_row_iq2_xs_impl`
//! and its kin): for a sub-block of magnitudes, inverse scales in steps
//! around `(2 kMaxQ − 1) / max`, each rounding the magnitudes to codes,
//! a group off the grid moved to its neighbour of least weighted error,
//! and the scale of least error kept; then groups off the grid rounded
//! again under that scale, and the scale fitted to the points.

use super::super::search::nearest_int;
use super::grid::{Entry, Grid};
use super::OffGrid;

/// How a type searches.
pub struct Search {
    /// Codes are `0..kMaxQ`.
    pub kmaxq: i32,
    /// The steps are `-steps..=steps`, of `step` each.
    pub steps: i32,
    pub step: f32,
    /// Whether a group counts as on the grid before any step is kept
    /// (ggml's `is_on_grid` start: false for IQ3_S only).
    pub on_grid_first: bool,
    /// Whether the second rounding redoes every group (IQ2_XXS, IQ3_S),
    /// not only those off the grid.
    pub refine_all: bool,
    /// Whether it happens whatever the groups (IQ2_XXS), not only when
    /// one is off the grid.
    pub refine_always: bool,
}

/// The neighbour in `list` of least Σ waux (scale q − x)², the first of
/// equals: `iq2_find_best_neighbour` and `iq3_find_best_neighbour`; none
/// when no error is below `FLT_MAX` (where ggml aborts).
#[inline(always)]
fn best_neighbour<const N: usize>(
    g: &Grid<N>,
    list: &[u16],
    xval: &[f32],
    waux: &[f32],
    scale: f32,
) -> Option<usize> {
    let mut best_d2 = f32::MAX;
    let mut best = None;
    // Each value's term waux (scale q − x)² for each code (q = 2 L + 1),
    // rounded as ggml's; a neighbour's error is its codes' terms summed
    // in order. With 3 codes (the 8-wide grids) the terms are found
    // first; with 8 (IQ3's grids, of shorter lists), as they come.
    let mut terms = [[0f32; 3]; N];
    let few = g.levels() <= 3;
    if few {
        for ((t, &x), &w) in terms.iter_mut().zip(xval).zip(waux) {
            for (c, t) in t.iter_mut().enumerate() {
                let diff = scale * (2 * c + 1) as f32 - x;
                *t = w * diff * diff;
            }
        }
    }
    for &j in list {
        let p = g.codes(usize::from(j));
        let mut d2 = 0f32;
        if few {
            for (t, &c) in terms.iter().zip(p) {
                d2 += t[usize::from(c)];
            }
        } else {
            for ((&c, &x), &w) in p.iter().zip(xval).zip(waux) {
                let diff = scale * f32::from(2 * c + 1) - x;
                d2 += w * diff * diff;
            }
        }
        if d2 < best_d2 {
            best_d2 = d2;
            best = Some(usize::from(j));
        }
    }
    best
}

/// Rounds group `k` of `xval` under the inverse scale `id` into `l`,
/// moved to its best neighbour under `scale` when off the grid: whether
/// it was on the grid.
#[inline(always)]
fn round_group<const N: usize>(
    g: &Grid<N>,
    s: &Search,
    xval: &[f32],
    waux: &[f32],
    id: f32,
    scale: f32,
    l: &mut [i8],
) -> Result<bool, OffGrid> {
    let mut c = [0i8; N];
    for (c, &x) in c.iter_mut().zip(xval) {
        *c = nearest_int(0.5 * (id * x - 1.0)).min(s.kmaxq - 1).max(0) as i8;
    }
    match g.entry(Grid::<N>::pack(&c)) {
        Entry::On(_) => {
            l[..N].copy_from_slice(&c);
            Ok(true)
        }
        Entry::Off(list) => {
            let j = best_neighbour(g, list, xval, waux, scale).ok_or(OffGrid)?;
            for (l, &p) in l[..N].iter_mut().zip(g.codes(j)) {
                *l = p as i8;
            }
            Ok(false)
        }
        Entry::Unreachable => Err(OffGrid),
    }
}

/// Σ w x q and Σ w q² with q = 2 L + 1, in order.
#[inline(always)]
fn sums(xval: &[f32], weight: &[f32], l: &[i8]) -> (f32, f32) {
    let (mut sumqx, mut sumq2) = (0f32, 0f32);
    for ((&x, &w), &l) in xval.iter().zip(weight).zip(l) {
        let q = f32::from(2 * l + 1);
        sumqx += w * x * q;
        sumq2 += w * q * q;
    }
    (sumqx, sumq2)
}

/// The search of one sub-block of `B` magnitudes `xval` in groups of `N`,
/// with its weights and their square roots `waux`: the steps divide by
/// `denom`, starting from the scale `scale` and codes `l`. Gives the
/// scale (which may be negative: the caller flips the signs) and leaves
/// in `idx` each group's point; [`OffGrid`] where ggml aborts.
#[allow(clippy::too_many_arguments)]
pub fn search<const N: usize, const B: usize>(
    g: &Grid<N>,
    s: &Search,
    xval: &[f32; B],
    weight: &[f32; B],
    waux: &[f32; B],
    denom: f32,
    mut scale: f32,
    l: &mut [i8; B],
    idx: &mut [u16],
) -> Result<f32, OffGrid> {
    let groups = B / N;
    let mut on = [s.on_grid_first; 8];
    let mut on_aux = [true; 8];
    let mut laux = [0i8; B];
    let mut best = 0f32;
    for is in -s.steps..=s.steps {
        let id = ((2 * s.kmaxq - 1) as f32 + is as f32 * s.step) / denom;
        let this_scale = 1.0 / id;
        for (k, on_k) in on_aux[..groups].iter_mut().enumerate() {
            let r = N * k..N * (k + 1);
            *on_k = round_group(
                g,
                s,
                &xval[r.clone()],
                &waux[r.clone()],
                id,
                this_scale,
                &mut laux[r],
            )?;
        }
        let (sumqx, sumq2) = sums(xval, weight, &laux);
        if sumq2 > 0.0 && sumqx * sumqx > best * sumq2 {
            scale = sumqx / sumq2;
            best = scale * sumqx;
            *l = laux;
            on = on_aux;
        }
    }
    let off = on[..groups].iter().any(|&o| !o);
    if (s.refine_always || off) && scale > 0.0 {
        let id = 1.0 / scale;
        for (k, &on_k) in on[..groups].iter().enumerate() {
            if !s.refine_all && on_k {
                continue;
            }
            let r = N * k..N * (k + 1);
            round_group(
                g,
                s,
                &xval[r.clone()],
                &waux[r.clone()],
                id,
                scale,
                &mut l[r],
            )?;
        }
        let (sumqx, sumq2) = sums(xval, weight, l);
        if sumq2 > 0.0 {
            scale = sumqx / sumq2;
        }
    }
    for (k, idx) in idx[..groups].iter_mut().enumerate() {
        let c: &[i8; N] = l[N * k..N * (k + 1)].try_into().map_err(|_| OffGrid)?;
        match g.entry(Grid::<N>::pack(c)) {
            Entry::On(j) => *idx = j as u16,
            _ => return Err(OffGrid),
        }
    }
    Ok(scale)
}

/// The scale `search` found, made positive with its group's signs flipped
/// (all eight bits of each for the S types, the seven stored ones for
/// the others), as ggml does after its search; `OffGrid` for a NaN scale,
/// where ggml aborts.
pub fn positive_scale(scale: f32, signs: &mut [u8], s_type: bool) -> Result<f32, OffGrid> {
    let scale = if scale < 0.0 {
        for s in signs.iter_mut() {
            *s = if s_type { !*s } else { !*s & 127 };
        }
        -scale
    } else {
        scale
    };
    if scale.is_nan() {
        Err(OffGrid)
    } else {
        Ok(scale)
    }
}
