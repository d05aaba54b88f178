//! ggml's quantizers of the IQ types of the grids (IQ2_XXS, IQ2_XS,
//! IQ2_S, IQ3_XXS, IQ3_S, IQ1_S, IQ1_M), as `ggml-quants.c` computes
//! them: each group of 8 (or 4) magnitudes becomes a point of its type's
//! grid under a searched sub-block scale (IQ2, IQ3, with the signs apart),
//! or of -1, 0, 1 shifted by ±1/8 (IQ1).
//!
//! [`grid`] builds what `ggml_quantize_init` does (the maps and
//! neighbour lists); [`lattice`] is the search IQ2 and IQ3 share; [`iq2`],
//! [`iq3`] and [`iq1`] are the types.
//!
//! ggml aborts on some rows (`GGML_ASSERT(grid_index >= 0)` when no
//! neighbour has a finite error, or a NaN scale, both from values whose
//! squares overflow): such a row is [`OffGrid`] here.

mod grid;
mod iq1;
mod iq2;
mod iq3;
mod lattice;

use super::legacy::fp16;
use super::search::sum_sq;
use super::{OffGrid, Quantizer};

/// The values of a super-block.
const QK_K: usize = 256;

/// The float16 bits of `x` as ggml's `GGML_FP32_TO_FP16` gives them: the
/// nearest, and for a NaN the quiet NaN 0x7e00 with `x`'s sign.
#[inline(always)]
fn fp16_c(x: f32) -> [u8; 2] {
    if x.is_nan() {
        (0x7e00u16 | ((x.to_bits() >> 16) as u16 & 0x8000)).to_le_bytes()
    } else {
        fp16(x)
    }
}

/// ggml's `MAX(a, b)` on floats: `a > b ? a : b`.
#[inline(always)]
fn max_c(a: f32, b: f32) -> f32 {
    if a > b {
        a
    } else {
        b
    }
}

/// [`fold_signs`] of each group of eight of `xb` into `signs`, a byte a
/// group: all eight bits for the S types (whose groups keep their parity),
/// the seven stored ones for the others (of even parity).
#[inline(always)]
fn group_signs(xb: &[f32], weight: &[f32], xval: &mut [f32], signs: &mut [u8], s_type: bool) {
    for (k, s) in signs.iter_mut().enumerate() {
        let r = 8 * k..8 * k + 8;
        let b = fold_signs(&xb[r.clone()], &weight[r.clone()], &mut xval[r], !s_type);
        *s = if s_type { b } else { b & 127 };
    }
}

/// The weights of a sub-block `xb` with the importance matrix's `qw`:
/// `qw × √(sigma2 + x²)`.
#[inline(always)]
fn imatrix_weights(xb: &[f32], qw: &[f32], sigma2: f32, weight: &mut [f32]) {
    for ((w, &q), &x) in weight.iter_mut().zip(qw).zip(xb) {
        *w = q * (sigma2 + x * x).sqrt();
    }
}

/// The magnitudes of 8 values into `xval` and their signs as bits; with
/// `even`, an even number of them (ggml's `ksigns` keep 7 bits and the
/// parity): for an odd count, the value of least `weight × x²` (the first
/// of them) keeps its sign and is negated in `xval`.
#[inline(always)]
fn fold_signs(xb: &[f32], weight: &[f32], xval: &mut [f32], even: bool) -> u8 {
    let mut s = 0u8;
    let mut nflip = 0;
    for (i, (&x, v)) in xb[..8].iter().zip(&mut xval[..8]).enumerate() {
        if x >= 0.0 {
            *v = x;
        } else {
            *v = -x;
            nflip += 1;
            s |= 1 << i;
        }
    }
    if even && nflip % 2 == 1 {
        let mut imin = 0;
        let mut min = weight[0] * xb[0] * xb[0];
        for i in 1..8 {
            let ax = weight[i] * xb[i] * xb[i];
            if ax < min {
                min = ax;
                imin = i;
            }
        }
        xval[imin] = -xval[imin];
        s ^= 1 << imin;
    }
    s
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[
    Quantizer {
        id: 16,
        needs_imatrix: true,
        row: iq2::iq2_xxs,
    },
    Quantizer {
        id: 17,
        needs_imatrix: true,
        row: iq2::iq2_xs,
    },
    Quantizer {
        id: 18,
        needs_imatrix: false,
        row: iq3::iq3_xxs,
    },
    Quantizer {
        id: 19,
        needs_imatrix: true,
        row: iq1::iq1_s,
    },
    Quantizer {
        id: 21,
        needs_imatrix: false,
        row: iq3::iq3_s,
    },
    Quantizer {
        id: 22,
        needs_imatrix: false,
        row: iq2::iq2_s,
    },
    Quantizer {
        id: 29,
        needs_imatrix: false,
        row: iq1::iq1_m,
    },
];
