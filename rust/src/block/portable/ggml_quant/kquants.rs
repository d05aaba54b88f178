//! ggml's k-quants, Q2_K to Q6_K, as `ggml-quants.c` computes them:
//! without an importance matrix, `quantize_row_*_K_ref`; with one,
//! `quantize_row_*_K_impl`. Each block of 256 values is quantized alone,
//! on the stack.

use super::legacy::fp16;
use super::search::{
    make_q3_quants, make_qkx2_quants, make_qkx3_quants, make_qp_quants, make_qx_quants,
    nearest_int, sum_sq, GROUP_MAX_EPS,
};
use super::{OffGrid, Quantizer};

/// The values of a k-quant super-block.
const QK_K: usize = 256;
/// Q2_K's bytes: scales[16], qs[64], d, dmin.
const Q2_K_BYTES: usize = 84;
/// Q3_K's bytes: hmask[32], qs[64], scales[12], d.
const Q3_K_BYTES: usize = 110;
/// Q4_K's bytes: d, dmin, scales[12], qs[128].
const Q4_K_BYTES: usize = 144;
/// Q5_K's bytes: d, dmin, scales[12], qh[32], qs[128].
const Q5_K_BYTES: usize = 176;
/// Q6_K's bytes: ql[128], qh[64], scales[16], d.
const Q6_K_BYTES: usize = 210;
/// The packed 6-bit scales and mins of Q4_K and Q5_K (`K_SCALE_SIZE`).
const K_SCALE_SIZE: usize = 12;

/// A float16's value, from its bytes (`GGML_FP16_TO_FP32`).
#[inline(always)]
fn fp32(h: [u8; 2]) -> f32 {
    half::f16::from_bits(u16::from_le_bytes(h)).to_f32()
}

/// The blocks of a row and, with an importance matrix, their weights.
fn blocks<'a, const B: usize>(
    x: &'a [f32],
    imatrix: Option<&'a [f32]>,
    out: &'a mut [u8],
) -> impl Iterator<Item = (&'a [f32; QK_K], Option<&'a [f32; QK_K]>, &'a mut [u8; B])> {
    let mut weights = imatrix.map(|m| m.chunks_exact(QK_K));
    x.chunks_exact(QK_K)
        .zip(out.chunks_exact_mut(B))
        .filter_map(move |(b, o)| {
            let w = match weights.as_mut() {
                Some(it) => Some(it.next()?.try_into().ok()?),
                None => None,
            };
            Some((b.try_into().ok()?, w, o.try_into().ok()?))
        })
}

/// Σ w in order.
#[inline(always)]
fn sum(w: &[f32]) -> f32 {
    let mut s = 0f32;
    for &v in w {
        s += v;
    }
    s
}

/// Packs the 2-bit codes `l` (256) into `qs` (64), four per byte as
/// Q2_K and Q3_K keep them (C's int arithmetic, stored as a byte).
#[inline(always)]
fn pack_2bit<T: Copy + Into<i32>>(l: &[T; QK_K], qs: &mut [u8]) {
    for j in (0..QK_K).step_by(128) {
        for i in 0..32 {
            let q = |k: usize| -> i32 { l[j + i + k].into() };
            qs[j / 4 + i] = (q(0) | (q(32) << 2) | (q(64) << 4) | (q(96) << 6)) as u8;
        }
    }
}

/// Stores scale `ls` and min `lm` of sub-block `j` into the 12 bytes of
/// Q4_K's and Q5_K's scales, as C's `uint8_t` stores.
#[inline(always)]
fn put_scale_min(sc: &mut [u8; K_SCALE_SIZE], j: usize, ls: u8, lm: u8) {
    if j < 4 {
        sc[j] = ls;
        sc[j + 4] = lm;
    } else {
        sc[j + 4] = (ls & 0xf) | ((lm & 0xf) << 4);
        sc[j - 4] |= (ls >> 4) << 6;
        sc[j] |= (lm >> 4) << 6;
    }
}

/// `get_scale_min_k4`: scale and min of sub-block `j`.
#[inline(always)]
fn get_scale_min_k4(j: usize, q: &[u8; K_SCALE_SIZE]) -> (u8, u8) {
    if j < 4 {
        (q[j] & 63, q[j + 4] & 63)
    } else {
        (
            (q[j + 4] & 0xf) | ((q[j - 4] >> 6) << 4),
            (q[j + 4] >> 4) | ((q[j] >> 6) << 4),
        )
    }
}

/// The final codes of Q4_K and Q5_K, in `0..=nmax`, from the stored
/// scales (sub-blocks whose scale is 0 keep the search's codes).
#[inline(always)]
fn requantize_k4(
    x: &[f32; QK_K],
    dh: [u8; 2],
    dminh: [u8; 2],
    sc: &[u8; K_SCALE_SIZE],
    nmax: i32,
    l: &mut [u8; QK_K],
) {
    let (d0, m0) = (fp32(dh), fp32(dminh));
    for j in 0..QK_K / 32 {
        let (s, m) = get_scale_min_k4(j, sc);
        let d = d0 * f32::from(s);
        if d == 0.0 {
            continue;
        }
        let dm = m0 * f32::from(m);
        for ii in 0..32 {
            let q = nearest_int((x[32 * j + ii] + dm) / d);
            l[32 * j + ii] = q.clamp(0, nmax) as u8;
        }
    }
}

/// The sub-block search of Q4_K's and Q5_K's `_ref`: per 32 values,
/// weights `√(Σx²/32) + |x|` and `make_qkx2_quants`; then the 6-bit
/// scales and mins under float16 `d` and `dmin`. The codes are in `l`.
fn k4_ref(x: &[f32; QK_K], nmax: i32, rmin: f32, nstep: i32, y: &mut [u8], l: &mut [u8; QK_K]) {
    let mut laux = [0u8; 32];
    let mut weights = [0f32; 32];
    let mut mins = [0f32; QK_K / 32];
    let mut scales = [0f32; QK_K / 32];
    let mut max_scale = 0f32;
    let mut max_min = 0f32;
    for j in 0..QK_K / 32 {
        let xs = &x[32 * j..32 * j + 32];
        let av_x = (sum_sq(xs) / 32.0).sqrt();
        for (w, &v) in weights.iter_mut().zip(xs) {
            *w = av_x + v.abs();
        }
        let (s, m) = make_qkx2_quants(
            nmax,
            xs,
            &weights,
            &mut l[32 * j..32 * j + 32],
            &mut laux,
            rmin,
            0.1,
            nstep,
            false,
        );
        scales[j] = s;
        mins[j] = m;
        if s > max_scale {
            max_scale = s;
        }
        if m > max_min {
            max_min = m;
        }
    }
    let inv_scale = if max_scale > 0.0 {
        63.0 / max_scale
    } else {
        0.0
    };
    let inv_min = if max_min > 0.0 { 63.0 / max_min } else { 0.0 };
    let mut sc = [0u8; K_SCALE_SIZE];
    for j in 0..QK_K / 32 {
        let ls = (nearest_int(inv_scale * scales[j]) as u8).min(63);
        let lm = (nearest_int(inv_min * mins[j]) as u8).min(63);
        put_scale_min(&mut sc, j, ls, lm);
    }
    let dh = fp16(max_scale / 63.0);
    let dminh = fp16(max_min / 63.0);
    y[0..2].copy_from_slice(&dh);
    y[2..4].copy_from_slice(&dminh);
    y[4..16].copy_from_slice(&sc);
    requantize_k4(x, dh, dminh, &sc, nmax, l);
}

/// The sub-block search of Q4_K's and Q5_K's `_impl`: weights
/// `qw × √(σ² + x²)`, `make_qkx3_quants`, then `make_qp_quants` for the
/// scales and the mins; `clamp` says whether the codes are capped at 63
/// (Q5_K) before packing.
fn k4_impl(
    x: &[f32; QK_K],
    qw: &[f32; QK_K],
    nmax: i32,
    clamp: bool,
    y: &mut [u8],
    l: &mut [u8; QK_K],
) {
    let mut laux = [0u8; 32];
    let mut ls = [0u8; QK_K / 32];
    let mut lm = [0u8; QK_K / 32];
    let mut weights = [0f32; 32];
    let mut sw = [0f32; QK_K / 32];
    let mut mins = [0f32; QK_K / 32];
    let mut scales = [0f32; QK_K / 32];
    let sigma2 = 2.0 * sum_sq(x) / QK_K as f32;
    for j in 0..QK_K / 32 {
        let xs = &x[32 * j..32 * j + 32];
        for ((w, &q), &v) in weights.iter_mut().zip(&qw[32 * j..32 * j + 32]).zip(xs) {
            *w = q * (sigma2 + v * v).sqrt();
        }
        sw[j] = sum(&weights);
        let (s, m) = make_qkx3_quants(
            nmax,
            xs,
            Some(&weights),
            &mut l[32 * j..32 * j + 32],
            &mut laux,
            -0.9,
            0.05,
            36,
            false,
        );
        scales[j] = s;
        mins[j] = m;
    }
    let d_block = make_qp_quants(63, &scales, &mut ls, &sw);
    let m_block = make_qp_quants(63, &mins, &mut lm, &sw);
    let mut sc = [0u8; K_SCALE_SIZE];
    for j in 0..QK_K / 32 {
        let (a, b) = if clamp {
            (ls[j].min(63), lm[j].min(63))
        } else {
            (ls[j], lm[j])
        };
        put_scale_min(&mut sc, j, a, b);
    }
    let dh = fp16(d_block);
    let dminh = fp16(m_block);
    y[0..2].copy_from_slice(&dh);
    y[2..4].copy_from_slice(&dminh);
    y[4..16].copy_from_slice(&sc);
    requantize_k4(x, dh, dminh, &sc, nmax, l);
}

/// `quantize_q4_K`: 4-bit codes, two per byte (sub-blocks 2c and 2c + 1
/// share bytes 32c..32c + 32, low nibble first).
fn q4_k(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, w, y) in blocks::<Q4_K_BYTES>(x, imatrix, out) {
        let mut l = [0u8; QK_K];
        match w {
            None => k4_ref(b, 15, -1.0, 20, y, &mut l),
            Some(qw) => k4_impl(b, qw, 15, false, y, &mut l),
        }
        let q = &mut y[16..];
        for (c, j) in (0..QK_K).step_by(64).enumerate() {
            for i in 0..32 {
                q[32 * c + i] = l[j + i] | (l[j + i + 32] << 4);
            }
        }
    }
    Ok(())
}

/// `quantize_q5_K`: as Q4_K with 5-bit codes, the fifth bits in qh.
fn q5_k(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, w, y) in blocks::<Q5_K_BYTES>(x, imatrix, out) {
        let mut l = [0u8; QK_K];
        match w {
            None => k4_ref(b, 31, -0.5, 15, y, &mut l),
            Some(qw) => k4_impl(b, qw, 31, true, y, &mut l),
        }
        let mut qh = [0u8; 32];
        let (mut m1, mut m2) = (1u8, 2u8);
        for (c, n) in (0..QK_K).step_by(64).enumerate() {
            for j in 0..32 {
                let (l1, l2) = (l[n + j], l[n + j + 32]);
                let (h1, h2) = (u8::from(l1 > 15), u8::from(l2 > 15));
                qh[j] |= (m1 * h1) | (m2 * h2);
                y[48 + 32 * c + j] = (l1 - 16 * h1) | ((l2 - 16 * h2) << 4);
            }
            m1 <<= 2;
            m2 <<= 2;
        }
        y[16..48].copy_from_slice(&qh);
    }
    Ok(())
}

/// `quantize_q6_K`: per 16 values `make_qx_quants` (nmax 32, x² or the
/// importance weights), 8-bit scales under a float16 d, 6-bit codes (low
/// nibbles in ql, high pairs in qh).
fn q6_k(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, w, y) in blocks::<Q6_K_BYTES>(x, imatrix, out) {
        let mut l = [0i8; QK_K];
        let mut scales = [0f32; QK_K / 16];
        let mut max_scale = 0f32;
        let mut max_abs_scale = 0f32;
        for ib in 0..QK_K / 16 {
            let qw = w.map(|q| &q[16 * ib..16 * ib + 16]);
            let scale = make_qx_quants(
                32,
                &b[16 * ib..16 * ib + 16],
                &mut l[16 * ib..16 * ib + 16],
                1,
                qw,
            );
            scales[ib] = scale;
            let abs_scale = scale.abs();
            if abs_scale > max_abs_scale {
                max_abs_scale = abs_scale;
                max_scale = scale;
            }
        }
        if max_abs_scale < GROUP_MAX_EPS {
            y.fill(0);
            continue;
        }
        let iscale = -128.0 / max_scale;
        let dh = fp16(1.0 / iscale);
        let d0 = fp32(dh);
        let mut sc = [0i8; QK_K / 16];
        for (s, &v) in sc.iter_mut().zip(&scales) {
            *s = nearest_int(iscale * v).min(127) as i8;
        }
        for j in 0..QK_K / 16 {
            let d = d0 * f32::from(sc[j]);
            if d == 0.0 {
                continue;
            }
            for ii in 0..16 {
                let q = nearest_int(b[16 * j + ii] / d).clamp(-32, 31);
                l[16 * j + ii] = (q + 32) as i8;
            }
        }
        let (ql, rest) = y.split_at_mut(128);
        let (qh, rest) = rest.split_at_mut(64);
        for (c, j) in (0..QK_K).step_by(128).enumerate() {
            for i in 0..32 {
                let a = i32::from(l[j + i]);
                let b2 = i32::from(l[j + i + 32]);
                let c3 = i32::from(l[j + i + 64]);
                let d4 = i32::from(l[j + i + 96]);
                ql[64 * c + i] = ((a & 0xf) | ((c3 & 0xf) << 4)) as u8;
                ql[64 * c + i + 32] = ((b2 & 0xf) | ((d4 & 0xf) << 4)) as u8;
                qh[32 * c + i] =
                    ((a >> 4) | ((b2 >> 4) << 2) | ((c3 >> 4) << 4) | ((d4 >> 4) << 6)) as u8;
            }
        }
        for (o, &s) in rest[..16].iter_mut().zip(&sc) {
            *o = s as u8;
        }
        rest[16..18].copy_from_slice(&dh);
    }
    Ok(())
}

/// Q3_K's 6-bit scale `j` (of 16), biased by 32, into its nibble of
/// bytes 0..8 and its 2 bits of bytes 8..12 (`scales` starts zeroed).
#[inline(always)]
fn put_scale_q3(scales: &mut [u8; K_SCALE_SIZE], j: usize, l: i32) {
    if j < 8 {
        scales[j] = (l & 0xf) as u8;
    } else {
        scales[j - 8] |= ((l & 0xf) << 4) as u8;
    }
    let l = l >> 4;
    scales[j % 4 + 8] |= (l << (2 * (j / 4))) as u8;
}

/// Q3_K's signed scale `j`, as the dequantizer reads it.
#[inline(always)]
fn get_scale_q3(scales: &[u8; K_SCALE_SIZE], j: usize) -> i8 {
    let lo = if j < 8 {
        scales[j] & 0xf
    } else {
        scales[j - 8] >> 4
    } as i8;
    let hi = ((scales[8 + j % 4] >> (2 * (j / 4))) & 3) as i8;
    (lo | (hi << 4)).wrapping_sub(32)
}

/// `quantize_q3_K`: per 16 values a signed 3-bit search
/// (`make_q3_quants` without an importance matrix, `make_qx_quants`
/// with one), 6-bit scales under a float16 d; the codes' high bits in
/// hmask, their low pairs in qs.
fn q3_k(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, w, y) in blocks::<Q3_K_BYTES>(x, imatrix, out) {
        let mut l = [0i8; QK_K];
        let mut scales = [0f32; QK_K / 16];
        let mut sc = [0u8; K_SCALE_SIZE];
        let dh = match w {
            None => {
                let mut max_scale = 0f32;
                let mut amax = 0f32;
                for j in 0..QK_K / 16 {
                    let s = make_q3_quants(
                        4,
                        &b[16 * j..16 * j + 16],
                        &mut l[16 * j..16 * j + 16],
                        true,
                    );
                    scales[j] = s;
                    let a = s.abs();
                    if a > amax {
                        amax = a;
                        max_scale = s;
                    }
                }
                if max_scale != 0.0 {
                    let iscale = -32.0 / max_scale;
                    for (j, &s) in scales.iter().enumerate() {
                        let q = i32::from(nearest_int(iscale * s) as i8);
                        put_scale_q3(&mut sc, j, q.clamp(-32, 31) + 32);
                    }
                    fp16(1.0 / iscale)
                } else {
                    fp16(0.0)
                }
            }
            Some(qw) => {
                let mut weight = [0f32; 16];
                let mut sw = [0f32; QK_K / 16];
                let mut ls = [0i8; QK_K / 16];
                let sigma2 = 2.0 * sum_sq(b) / QK_K as f32;
                for j in 0..QK_K / 16 {
                    let xs = &b[16 * j..16 * j + 16];
                    for ((wt, &q), &v) in weight.iter_mut().zip(&qw[16 * j..16 * j + 16]).zip(xs) {
                        *wt = q * (sigma2 + v * v).sqrt();
                    }
                    sw[j] = sum(&weight);
                    scales[j] =
                        make_qx_quants(4, xs, &mut l[16 * j..16 * j + 16], 1, Some(&weight));
                }
                let d_block = make_qx_quants(32, &scales, &mut ls, 1, Some(&sw));
                for (j, &q) in ls.iter().enumerate() {
                    put_scale_q3(&mut sc, j, i32::from(q));
                }
                fp16(d_block)
            }
        };
        let d0 = fp32(dh);
        for j in 0..QK_K / 16 {
            let d = d0 * f32::from(get_scale_q3(&sc, j));
            if d == 0.0 {
                continue;
            }
            for ii in 0..16 {
                let q = nearest_int(b[16 * j + ii] / d).clamp(-4, 3);
                l[16 * j + ii] = (q + 4) as i8;
            }
        }
        let mut hmask = [0u8; 32];
        for (bit, ls) in l.chunks_exact_mut(32).enumerate() {
            for (h, lj) in hmask.iter_mut().zip(ls) {
                let hi = i8::from(*lj > 3);
                *h |= (hi as u8) << bit;
                *lj -= 4 * hi;
            }
        }
        y[0..32].copy_from_slice(&hmask);
        pack_2bit(&l, &mut y[32..96]);
        y[96..108].copy_from_slice(&sc);
        y[108..110].copy_from_slice(&dh);
    }
    Ok(())
}

/// `quantize_q2_K`: per 16 values an unsigned 2-bit search with a min
/// (`make_qkx2_quants` on |x| without an importance matrix,
/// `make_qkx3_quants` and `make_qp_quants` with one), 4-bit scales and
/// mins under float16 d and dmin.
fn q2_k(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    const Q4SCALE: f32 = 15.0;
    for (b, w, y) in blocks::<Q2_K_BYTES>(x, imatrix, out) {
        let mut l = [0u8; QK_K];
        let mut laux = [0u8; 16];
        let mut weight = [0f32; 16];
        let mut mins = [0f32; QK_K / 16];
        let mut scales = [0f32; QK_K / 16];
        let mut sc = [0u8; QK_K / 16];
        let (dh, dminh) = match w {
            None => {
                let mut max_scale = 0f32;
                let mut max_min = 0f32;
                for j in 0..QK_K / 16 {
                    let xs = &b[16 * j..16 * j + 16];
                    for (wt, &v) in weight.iter_mut().zip(xs) {
                        *wt = v.abs();
                    }
                    let (s, m) = make_qkx2_quants(
                        3,
                        xs,
                        &weight,
                        &mut l[16 * j..16 * j + 16],
                        &mut laux,
                        -0.5,
                        0.1,
                        15,
                        true,
                    );
                    scales[j] = s;
                    mins[j] = m;
                    if s > max_scale {
                        max_scale = s;
                    }
                    if m > max_min {
                        max_min = m;
                    }
                }
                let dh = if max_scale > 0.0 {
                    let iscale = Q4SCALE / max_scale;
                    for (o, &s) in sc.iter_mut().zip(&scales) {
                        *o = nearest_int(iscale * s) as u8;
                    }
                    fp16(max_scale / Q4SCALE)
                } else {
                    fp16(0.0)
                };
                let dminh = if max_min > 0.0 {
                    let iscale = Q4SCALE / max_min;
                    for (o, &m) in sc.iter_mut().zip(&mins) {
                        *o |= (nearest_int(iscale * m) << 4) as u8;
                    }
                    fp16(max_min / Q4SCALE)
                } else {
                    fp16(0.0)
                };
                (dh, dminh)
            }
            Some(qw) => {
                let mut sw = [0f32; QK_K / 16];
                let mut ls = [0u8; QK_K / 16];
                let mut lm = [0u8; QK_K / 16];
                let sigma2 = sum_sq(b) / QK_K as f32;
                for j in 0..QK_K / 16 {
                    let xs = &b[16 * j..16 * j + 16];
                    for ((wt, &q), &v) in weight.iter_mut().zip(&qw[16 * j..16 * j + 16]).zip(xs) {
                        *wt = q * (sigma2 + v * v).sqrt();
                    }
                    sw[j] = sum(&weight);
                    let (s, m) = make_qkx3_quants(
                        3,
                        xs,
                        Some(&weight),
                        &mut l[16 * j..16 * j + 16],
                        &mut laux,
                        -0.9,
                        0.05,
                        36,
                        false,
                    );
                    scales[j] = s;
                    mins[j] = m;
                }
                let dm = make_qp_quants(15, &scales, &mut ls, &sw);
                let mm = make_qp_quants(15, &mins, &mut lm, &sw);
                for ((o, &a), &m) in sc.iter_mut().zip(&ls).zip(&lm) {
                    *o = a | (m << 4);
                }
                (fp16(dm), fp16(mm))
            }
        };
        let (d0, m0) = (fp32(dh), fp32(dminh));
        for j in 0..QK_K / 16 {
            let d = d0 * f32::from(sc[j] & 0xf);
            if d == 0.0 {
                continue;
            }
            let dm = m0 * f32::from(sc[j] >> 4);
            for ii in 0..16 {
                let q = nearest_int((b[16 * j + ii] + dm) / d).clamp(0, 3);
                l[16 * j + ii] = q as u8;
            }
        }
        y[0..16].copy_from_slice(&sc);
        pack_2bit(&l, &mut y[16..80]);
        y[80..82].copy_from_slice(&dh);
        y[82..84].copy_from_slice(&dminh);
    }
    Ok(())
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[
    Quantizer {
        id: 10,
        needs_imatrix: false,
        row: q2_k,
    },
    Quantizer {
        id: 11,
        needs_imatrix: false,
        row: q3_k,
    },
    Quantizer {
        id: 12,
        needs_imatrix: false,
        row: q4_k,
    },
    Quantizer {
        id: 13,
        needs_imatrix: false,
        row: q5_k,
    },
    Quantizer {
        id: 14,
        needs_imatrix: false,
        row: q6_k,
    },
];
