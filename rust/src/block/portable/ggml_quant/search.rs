//! The searches for scales that llama.cpp's quantizers share:
//! `nearest_int`, `make_qx_quants`, `make_qkx2_quants`, `make_qkx3_quants`,
//! `make_q3_quants` and `make_qp_quants` of `ggml-quants.c`, in its float32
//! order of operations. Each takes its slices to their common length
//! (ggml's `n`), so none can index out of bounds.

/// The integer nearest to `fval` (|fval| ≤ 4194303), ties as ggml's
/// `nearest_int` breaks them: by adding 1.5 × 2^23 in float32 and taking
/// the low 22 bits of the sum's representation.
#[inline(always)]
pub fn nearest_int(fval: f32) -> i32 {
    let val = fval + 12_582_912.0;
    let i = val.to_bits() as i32;
    (i & 0x007f_ffff) - 0x0040_0000
}

/// `(int)v` as ggml's C compiles it on x86-64 (`cvttss2si`): `v`
/// truncated toward zero, and `i32::MIN` for a NaN or a `v` outside the
/// 32-bit range (where C leaves it undefined). A store into a narrower
/// integer (`int8_t q = roundf(v)`) keeps its low bits: `c_int(v) as i8`.
#[inline(always)]
pub fn c_int(v: f32) -> i32 {
    if (-2_147_483_648.0..2_147_483_648.0).contains(&v) {
        v as i32
    } else {
        i32::MIN
    }
}

/// The largest magnitude in `b`, 0 for none (ggml's `MAX(amax, fabsf(v))`
/// from 0, in order), `b` finite: a maximum of magnitudes is the same in any order, so eight
/// lanes take it (a pass that vectorizes).
#[inline(always)]
pub fn abs_max(b: &[f32]) -> f32 {
    let mut lanes = [0f32; 8];
    let mut chunks = b.chunks_exact(8);
    for c in &mut chunks {
        for (m, v) in lanes.iter_mut().zip(c) {
            *m = if *m > v.abs() { *m } else { v.abs() };
        }
    }
    let rest = chunks.remainder();
    rest.iter()
        .chain(&lanes)
        .fold(0f32, |m, v| if m > v.abs() { m } else { v.abs() })
}

/// Σ x² over a block or super-block, in order.
#[inline(always)]
pub fn sum_sq(x: &[f32]) -> f32 {
    let mut s = 0f32;
    for &v in x {
        s += v * v;
    }
    s
}

/// ggml's `GROUP_MAX_EPS`: a group whose largest magnitude is below this
/// is all zero.
pub const GROUP_MAX_EPS: f32 = 1e-15;

/// `MAX(lo, MIN(hi, l))` on C ints.
#[inline(always)]
fn clamp_int(l: i32, lo: i32, hi: i32) -> i32 {
    l.min(hi).max(lo)
}

/// `make_qx_quants`: signed codes `L` (stored biased by `nmax`, in
/// `0..2 nmax`) of `x` and their scale, searching 19 inverse scales
/// around `-nmax / max` for the least weighted squared error. The
/// weights are `qw`, or by `rmse_type` (1: x², 2: 1, 3: |x|, else
/// √|x|); `rmse_type` 0 only rounds, a negative one returns after the
/// first fit.
pub fn make_qx_quants(
    nmax: i32,
    x: &[f32],
    l_out: &mut [i8],
    rmse_type: i32,
    qw: Option<&[f32]>,
) -> f32 {
    let n = x
        .len()
        .min(l_out.len())
        .min(qw.map_or(usize::MAX, <[f32]>::len));
    let (x, l_out, qw) = (&x[..n], &mut l_out[..n], qw.map(|q| &q[..n]));
    let mut max = 0f32;
    let mut amax = 0f32;
    for &v in x {
        let ax = v.abs();
        if ax > amax {
            amax = ax;
            max = v;
        }
    }
    if amax < GROUP_MAX_EPS {
        l_out.iter_mut().for_each(|l| *l = 0);
        return 0.0;
    }
    let mut iscale = -nmax as f32 / max;
    if rmse_type == 0 {
        for (l, &v) in l_out.iter_mut().zip(x) {
            *l = (nmax + clamp_int(nearest_int(iscale * v), -nmax, nmax - 1)) as i8;
        }
        return 1.0 / iscale;
    }
    let (rmse_type, return_early) = if rmse_type < 0 {
        (-rmse_type, true)
    } else {
        (rmse_type, false)
    };
    let weight = |i: usize, v: f32| -> f32 {
        match qw {
            Some(q) => q[i],
            None => match rmse_type {
                1 => v * v,
                2 => 1.0,
                3 => v.abs(),
                _ => v.abs().sqrt(),
            },
        }
    };
    let mut sumlx = 0f32;
    let mut suml2 = 0f32;
    for (i, (lo, &v)) in l_out.iter_mut().zip(x).enumerate() {
        let l = clamp_int(nearest_int(iscale * v), -nmax, nmax - 1);
        *lo = (l + nmax) as i8;
        let w = weight(i, v);
        let lf = l as f32;
        sumlx += w * v * lf;
        suml2 += w * lf * lf;
    }
    let mut scale = if suml2 != 0.0 { sumlx / suml2 } else { 0.0 };
    if return_early {
        return if suml2 > 0.0 {
            0.5 * (scale + 1.0 / iscale)
        } else {
            1.0 / iscale
        };
    }
    let mut best = scale * sumlx;
    if x.len() <= MAX_BATCHED {
        let n = x.len().min(l_out.len());
        let mut ws = [0f32; MAX_BATCHED];
        for (i, (wi, &v)) in ws.iter_mut().zip(x).enumerate() {
            *wi = weight(i, v);
        }
        return qx_batched(nmax, &x[..n], &ws[..n], &mut l_out[..n], max, scale, best);
    }
    for is in -9..=9 {
        if is == 0 {
            continue;
        }
        iscale = -(nmax as f32 + 0.1 * is as f32) / max;
        sumlx = 0.0;
        suml2 = 0.0;
        for (i, &v) in x.iter().enumerate() {
            let l = clamp_int(nearest_int(iscale * v), -nmax, nmax - 1);
            let w = weight(i, v);
            let lf = l as f32;
            sumlx += w * v * lf;
            suml2 += w * lf * lf;
        }
        if suml2 > 0.0 && sumlx * sumlx > best * suml2 {
            for (lo, &v) in l_out.iter_mut().zip(x) {
                *lo = (nmax + clamp_int(nearest_int(iscale * v), -nmax, nmax - 1)) as i8;
            }
            scale = sumlx / suml2;
            best = scale * sumlx;
        }
    }
    scale
}

/// The 18 inverse scales `-(nmax + 0.1 is) / max` of
/// [`make_qx_quants`], `is` in -9..=9 but 0, `LANES` at a time: the same
/// sums per candidate, the same choices in the same order.
#[inline(always)]
fn qx_batched(
    nmax: i32,
    x: &[f32],
    ws: &[f32],
    l_out: &mut [i8],
    max: f32,
    mut scale: f32,
    mut best: f32,
) -> f32 {
    const CANDIDATES: usize = 18;
    let is_of = |c: usize| -> i32 {
        if c < 9 {
            c as i32 - 9
        } else {
            c as i32 - 8
        }
    };
    let nmaxf = nmax as f32;
    for g in (0..CANDIDATES).step_by(LANES) {
        let mut isc = [0f32; LANES];
        for (k, c) in isc.iter_mut().enumerate() {
            *c = -(nmaxf + 0.1 * is_of(g + k) as f32) / max;
        }
        let mut sumlx = [0f32; LANES];
        let mut suml2 = [0f32; LANES];
        for (&v, &w) in x.iter().zip(ws) {
            for k in 0..LANES {
                let lf = clamp_int(nearest_int(isc[k] * v), -nmax, nmax - 1) as f32;
                sumlx[k] += w * v * lf;
                suml2[k] += w * lf * lf;
            }
        }
        for k in 0..LANES.min(CANDIDATES - g) {
            if suml2[k] > 0.0 && sumlx[k] * sumlx[k] > best * suml2[k] {
                for (lo, &v) in l_out.iter_mut().zip(x) {
                    *lo = (nmax + clamp_int(nearest_int(isc[k] * v), -nmax, nmax - 1)) as i8;
                }
                scale = sumlx[k] / suml2[k];
                best = scale * sumlx[k];
            }
        }
    }
    scale
}

/// `make_q3_quants`: signed codes `L` (biased by `nmax`) of `x` and
/// their scale; with `do_rmse`, up to five passes move single codes
/// while that lowers the x²-weighted error.
pub fn make_q3_quants(nmax: i32, x: &[f32], l_out: &mut [i8], do_rmse: bool) -> f32 {
    let mut max = 0f32;
    let mut amax = 0f32;
    for &v in x {
        let ax = v.abs();
        if ax > amax {
            amax = ax;
            max = v;
        }
    }
    if amax < GROUP_MAX_EPS {
        l_out.iter_mut().for_each(|l| *l = 0);
        return 0.0;
    }
    let iscale = -nmax as f32 / max;
    if do_rmse {
        let mut sumlx = 0f32;
        let mut suml2 = 0f32;
        for (lo, &v) in l_out.iter_mut().zip(x) {
            let l = clamp_int(nearest_int(iscale * v), -nmax, nmax - 1);
            *lo = l as i8;
            let w = v * v;
            let lf = l as f32;
            sumlx += w * v * lf;
            suml2 += w * lf * lf;
        }
        for _ in 0..5 {
            let mut n_changed = 0;
            for (lo, &v) in l_out.iter_mut().zip(x) {
                let w = v * v;
                let li = f32::from(*lo);
                let mut slx = sumlx - w * v * li;
                if slx > 0.0 {
                    let mut sl2 = suml2 - w * li * li;
                    let new_l = clamp_int(nearest_int(v * sl2 / slx), -nmax, nmax - 1);
                    if new_l != i32::from(*lo) {
                        let nf = new_l as f32;
                        slx += w * v * nf;
                        sl2 += w * nf * nf;
                        if sl2 > 0.0 && slx * slx * suml2 > sumlx * sumlx * sl2 {
                            *lo = new_l as i8;
                            sumlx = slx;
                            suml2 = sl2;
                            n_changed += 1;
                        }
                    }
                }
            }
            if n_changed == 0 {
                break;
            }
        }
        for lo in l_out.iter_mut() {
            *lo = (i32::from(*lo) + nmax) as i8;
        }
        return if suml2 > 0.0 { sumlx / suml2 } else { 0.0 };
    }
    for (lo, &v) in l_out.iter_mut().zip(x) {
        let l = clamp_int(nearest_int(iscale * v), -nmax, nmax - 1);
        *lo = (l + nmax) as i8;
    }
    1.0 / iscale
}

/// The weighted error of codes `l` under `scale` and `min`: Σ w × |d|
/// (`use_mad`) or Σ w × d², d = scale × l + min − x, in `x`'s order.
#[inline(always)]
fn weighted_error(
    x: &[f32],
    l: &[u8],
    w: impl Fn(usize, f32) -> f32,
    scale: f32,
    min: f32,
    use_mad: bool,
) -> f32 {
    let mut e = 0f32;
    for (i, (&v, &q)) in x.iter().zip(l).enumerate() {
        let diff = scale * f32::from(q) + min - v;
        let diff = if use_mad { diff.abs() } else { diff * diff };
        e += w(i, v) * diff;
    }
    e
}

/// The search `make_qkx2_quants` and `make_qkx3_quants` share: codes
/// `L` in `0..=nmax` of `x` and their scale and min (returned as
/// `(scale, -min)`), trying `nstep + 1` inverse scales
/// `(rmin + rdelta × is + nmax) / (max − min)`, each refit by weighted
/// least squares; `laux` is scratch of `x`'s length. `empty_le` says
/// whether a group is empty when `max <= min` (qkx3) or `max == min`
/// (qkx2).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn make_qkx_quants(
    nmax: i32,
    x: &[f32],
    w: impl Fn(usize, f32) -> f32 + Copy,
    l_out: &mut [u8],
    laux: &mut [u8],
    rmin: f32,
    rdelta: f32,
    nstep: i32,
    use_mad: bool,
    empty_le: bool,
) -> (f32, f32) {
    let n = x.len().min(l_out.len()).min(laux.len());
    let (x, l_out, laux) = (&x[..n], &mut l_out[..n], &mut laux[..n]);
    let Some(&x0) = x.first() else {
        return (0.0, 0.0);
    };
    let mut min = x0;
    let mut max = x0;
    let mut sum_w = w(0, x0);
    let mut sum_x = sum_w * x0;
    for (i, &v) in x.iter().enumerate().skip(1) {
        if v < min {
            min = v;
        }
        if v > max {
            max = v;
        }
        let wi = w(i, v);
        sum_w += wi;
        sum_x += wi * v;
    }
    if min > 0.0 {
        min = 0.0;
    }
    if (empty_le && max <= min) || max == min {
        l_out.iter_mut().for_each(|l| *l = 0);
        return (0.0, -min);
    }
    let nmaxf = nmax as f32;
    let mut iscale = nmaxf / (max - min);
    let mut scale = 1.0 / iscale;
    for (lo, &v) in l_out.iter_mut().zip(x) {
        *lo = clamp_int(nearest_int(iscale * (v - min)), 0, nmax) as u8;
    }
    let mut best_error = weighted_error(x, l_out, w, scale, min, use_mad);
    if nstep < 1 {
        return (scale, -min);
    }
    if x.len() <= MAX_BATCHED {
        let (s, m) = qkx_batched(
            nmax,
            x,
            w,
            l_out,
            (rmin, rdelta, nstep),
            use_mad,
            (min, max),
            (sum_w, sum_x),
            best_error,
            scale,
        );
        return (s, -m);
    }
    for is in 0..=nstep {
        iscale = (rmin + rdelta * is as f32 + nmaxf) / (max - min);
        let mut sum_l = 0f32;
        let mut sum_l2 = 0f32;
        let mut sum_xl = 0f32;
        for (i, (la, &v)) in laux.iter_mut().zip(x).enumerate() {
            let l = clamp_int(nearest_int(iscale * (v - min)), 0, nmax);
            *la = l as u8;
            let wi = w(i, v);
            let lf = l as f32;
            sum_l += wi * lf;
            sum_l2 += wi * lf * lf;
            sum_xl += wi * lf * v;
        }
        let d = sum_w * sum_l2 - sum_l * sum_l;
        if d > 0.0 {
            let mut this_scale = (sum_w * sum_xl - sum_x * sum_l) / d;
            let mut this_min = (sum_l2 * sum_x - sum_l * sum_xl) / d;
            if this_min > 0.0 {
                this_min = 0.0;
                this_scale = sum_xl / sum_l2;
            }
            let cur_error = weighted_error(x, laux, w, this_scale, this_min, use_mad);
            if cur_error < best_error {
                l_out.copy_from_slice(laux);
                best_error = cur_error;
                scale = this_scale;
                min = this_min;
            }
        }
    }
    (scale, -min)
}

/// Candidates searched side by side, each in its own lane with its own
/// sums in ggml's order (so each is bit for bit the scalar search's),
/// and then taken in ggml's order.
const LANES: usize = 4;
/// The longest group searched in lanes (longer ones go one candidate at
/// a time).
const MAX_BATCHED: usize = 32;

/// The candidate loop of [`make_qkx_quants`], `LANES` candidates at a
/// time: the same sums and errors per candidate, the same choices in
/// the same order; `(scale, min)` of the best.
#[allow(clippy::too_many_arguments)]
#[inline(always)]
fn qkx_batched(
    nmax: i32,
    x: &[f32],
    w: impl Fn(usize, f32) -> f32 + Copy,
    l_out: &mut [u8],
    (rmin, rdelta, nstep): (f32, f32, i32),
    use_mad: bool,
    (mut min, max): (f32, f32),
    (sum_w, sum_x): (f32, f32),
    mut best_error: f32,
    mut scale: f32,
) -> (f32, f32) {
    let n = x.len().min(MAX_BATCHED).min(l_out.len());
    let (x, l_out) = (&x[..n], &mut l_out[..n]);
    let mut ws = [0f32; MAX_BATCHED];
    for (i, &v) in x.iter().enumerate() {
        ws[i] = w(i, v);
    }
    let ws = &ws[..n];
    let mut xm = [0f32; MAX_BATCHED];
    let xm = &mut xm[..n];
    let mut lq = [[0u8; LANES]; MAX_BATCHED];
    let lq = &mut lq[..n];
    let nmaxf = nmax as f32;
    let mut is0 = 0;
    while is0 <= nstep {
        // Each candidate sees the min of the last one taken.
        for (d, &v) in xm.iter_mut().zip(x) {
            *d = v - min;
        }
        let mut isc = [0f32; LANES];
        for (k, c) in isc.iter_mut().enumerate() {
            *c = (rmin + rdelta * (is0 + k as i32) as f32 + nmaxf) / (max - min);
        }
        let mut sl = [0f32; LANES];
        let mut sl2 = [0f32; LANES];
        let mut sxl = [0f32; LANES];
        for (((q, &wi), &d), &v) in lq.iter_mut().zip(ws).zip(xm.iter()).zip(x) {
            for k in 0..LANES {
                let l = clamp_int(nearest_int(isc[k] * d), 0, nmax);
                q[k] = l as u8;
                let lf = l as f32;
                sl[k] += wi * lf;
                sl2[k] += wi * lf * lf;
                sxl[k] += wi * lf * v;
            }
        }
        let mut ts = [0f32; LANES];
        let mut tm = [0f32; LANES];
        let mut ok = [false; LANES];
        for k in 0..LANES {
            let d = sum_w * sl2[k] - sl[k] * sl[k];
            ok[k] = d > 0.0;
            let mut this_scale = (sum_w * sxl[k] - sum_x * sl[k]) / d;
            let mut this_min = (sl2[k] * sum_x - sl[k] * sxl[k]) / d;
            if this_min > 0.0 {
                this_min = 0.0;
                this_scale = sxl[k] / sl2[k];
            }
            ts[k] = this_scale;
            tm[k] = this_min;
        }
        let mut err = [0f32; LANES];
        for ((q, &wi), &v) in lq.iter().zip(ws).zip(x) {
            for k in 0..LANES {
                let diff = ts[k] * f32::from(q[k]) + tm[k] - v;
                let diff = if use_mad { diff.abs() } else { diff * diff };
                err[k] += wi * diff;
            }
        }
        let mut next = is0 + LANES as i32;
        for k in 0..LANES {
            if is0 + k as i32 > nstep {
                break;
            }
            if ok[k] && err[k] < best_error {
                for (lo, q) in l_out.iter_mut().zip(lq.iter()) {
                    *lo = q[k];
                }
                best_error = err[k];
                scale = ts[k];
                let moved = tm[k].to_bits() != min.to_bits();
                min = tm[k];
                if moved {
                    // The later lanes assumed the old min: search again
                    // from the next candidate.
                    next = is0 + k as i32 + 1;
                    break;
                }
            }
        }
        is0 = next;
    }
    (scale, min)
}

/// `make_qkx2_quants`: codes `L` in `0..=nmax` of `x` under `weights`,
/// and `(scale, the_min)` with each value ≈ scale × L − the_min (see
/// [`make_qkx_quants`]). `laux` is scratch of `x`'s length.
#[allow(clippy::too_many_arguments)]
pub fn make_qkx2_quants(
    nmax: i32,
    x: &[f32],
    weights: &[f32],
    l_out: &mut [u8],
    laux: &mut [u8],
    rmin: f32,
    rdelta: f32,
    nstep: i32,
    use_mad: bool,
) -> (f32, f32) {
    let n = x.len().min(weights.len());
    let (x, weights) = (&x[..n], &weights[..n]);
    let w = |i: usize, _: f32| weights[i];
    make_qkx_quants(nmax, x, w, l_out, laux, rmin, rdelta, nstep, use_mad, false)
}

/// `make_qkx3_quants`: as [`make_qkx2_quants`], the weights x² when
/// there are none, and a group empty when `max <= min`.
#[allow(clippy::too_many_arguments)]
pub fn make_qkx3_quants(
    nmax: i32,
    x: &[f32],
    weights: Option<&[f32]>,
    l_out: &mut [u8],
    laux: &mut [u8],
    rmin: f32,
    rdelta: f32,
    nstep: i32,
    use_mad: bool,
) -> (f32, f32) {
    match weights {
        Some(ws) => {
            let n = x.len().min(ws.len());
            let (x, ws) = (&x[..n], &ws[..n]);
            let w = |i: usize, _: f32| ws[i];
            make_qkx_quants(nmax, x, w, l_out, laux, rmin, rdelta, nstep, use_mad, true)
        }
        None => {
            let w = |_: usize, v: f32| v * v;
            make_qkx_quants(nmax, x, w, l_out, laux, rmin, rdelta, nstep, use_mad, true)
        }
    }
}

/// `make_qp_quants`: unsigned codes `L` in `0..=nmax` of the
/// non-negative `x` (scales or mins) and their scale, searching 9
/// inverse scales around `nmax / max` under `quant_weights`, then up to
/// five passes moving single codes. `L` holds C's `uint8_t` stores.
pub fn make_qp_quants(nmax: i32, x: &[f32], l_out: &mut [u8], quant_weights: &[f32]) -> f32 {
    let mut max = 0f32;
    for &v in x {
        max = if max > v { max } else { v };
    }
    if max < GROUP_MAX_EPS {
        l_out.iter_mut().for_each(|l| *l = 0);
        return 0.0;
    }
    let nmaxf = nmax as f32;
    let mut iscale = nmaxf / max;
    for (lo, &v) in l_out.iter_mut().zip(x) {
        *lo = nearest_int(iscale * v) as u8;
    }
    let scale = 1.0 / iscale;
    let mut best_mse = 0f32;
    for ((&v, &lo), &w) in x.iter().zip(l_out.iter()).zip(quant_weights) {
        let diff = v - scale * f32::from(lo);
        best_mse += w * diff * diff;
    }
    for is in -4..=4 {
        if is == 0 {
            continue;
        }
        let iscale_is = (0.1 * is as f32 + nmaxf) / max;
        let scale_is = 1.0 / iscale_is;
        let mut mse = 0f32;
        for (&v, &w) in x.iter().zip(quant_weights) {
            let l = nearest_int(iscale_is * v).min(nmax);
            let diff = v - scale_is * l as f32;
            mse += w * diff * diff;
        }
        if mse < best_mse {
            best_mse = mse;
            iscale = iscale_is;
        }
    }
    let mut sumlx = 0f32;
    let mut suml2 = 0f32;
    for ((lo, &v), &w) in l_out.iter_mut().zip(x).zip(quant_weights) {
        let l = nearest_int(iscale * v).min(nmax);
        *lo = l as u8;
        let lf = l as f32;
        sumlx += w * v * lf;
        suml2 += w * lf * lf;
    }
    for _ in 0..5 {
        let mut n_changed = 0;
        for ((lo, &v), &w) in l_out.iter_mut().zip(x).zip(quant_weights) {
            let li = f32::from(*lo);
            let mut slx = sumlx - w * v * li;
            let mut sl2 = suml2 - w * li * li;
            if slx > 0.0 && sl2 > 0.0 {
                let new_l = nearest_int(v * sl2 / slx).min(nmax);
                if new_l != i32::from(*lo) {
                    let nf = new_l as f32;
                    slx += w * v * nf;
                    sl2 += w * nf * nf;
                    if slx * slx * suml2 > sumlx * sumlx * sl2 {
                        *lo = new_l as u8;
                        sumlx = slx;
                        suml2 = sl2;
                        n_changed += 1;
                    }
                }
            }
        }
        if n_changed == 0 {
            break;
        }
    }
    if suml2 > 0.0 {
        sumlx / suml2
    } else {
        0.0
    }
}

/// ggml's `best_index_int8`: the index of the value of the ascending
/// `values` nearest to `x`; below the first or above the last, that end,
/// and between two, the lower only when strictly nearer (`x − lower <
/// upper − x` in float32). A NaN `x` gives the last index, as the C's
/// comparisons do. ggml bisects for the pair around `x`; the upper of it
/// is the count of values not above `x` (every value, for a NaN), clamped
/// to the pairs, which is counted here without branches.
#[inline(always)]
pub fn best_index_int8(values: &[i8; 16], x: f32) -> usize {
    // A NaN counts as above every value.
    let c = if x.is_nan() { f32::INFINITY } else { x };
    let not_above: usize = values.iter().map(|&v| usize::from(f32::from(v) <= c)).sum();
    let mu = not_above.clamp(1, values.len() - 1);
    let (lower, upper) = (f32::from(values[mu - 1]), f32::from(values[mu]));
    mu - usize::from(x - lower < upper - x)
}

/// `lroundf(v)` as glibc computes it on x86-64: `v` rounded half away
/// from zero, and `i64::MIN` for a NaN or a `v` outside the 64-bit range.
/// A store into a C `int` keeps its low 32 bits: `c_lround(v) as i32`.
#[inline(always)]
pub fn c_lround(v: f32) -> i64 {
    if (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&v) {
        v.round() as i64
    } else {
        i64::MIN
    }
}
