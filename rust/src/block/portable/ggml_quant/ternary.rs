//! ggml's ternary quantizers, TQ1_0 and TQ2_0, as `quantize_row_tq1_0_ref`
//! and `quantize_row_tq2_0_ref` compute them (ggml ignores an importance
//! matrix for both): per block of 256, d = amax, each value's trit
//! `lroundf(x / d) + 1` (by `x × (1 / d)`).

use super::legacy::fp16;
use super::search::c_lround;
use super::{OffGrid, Quantizer};

/// The ternary types' block: 256 values.
const QK_K: usize = 256;
/// TQ1_0's bytes of five trits: 48 (32 then 16, over 160 and 80 values).
const TQ1_QS: usize = 48;
/// TQ1_0's bytes of four trits: 4 (over the last 16 values).
const TQ1_QH: usize = 4;
/// TQ1_0's bytes: the trits, then a float16 scale.
const TQ1_0_BYTES: usize = TQ1_QS + TQ1_QH + 2;
/// TQ2_0's bytes: 64 bytes of four 2-bit codes, then a float16 scale.
const TQ2_0_BYTES: usize = QK_K / 4 + 2;

/// The block's scale (its largest magnitude) and `1 / d` (0 for 0).
#[inline(always)]
fn scale(b: &[f32]) -> (f32, f32) {
    let d = b
        .iter()
        .fold(0f32, |m, v| if m > v.abs() { m } else { v.abs() });
    (d, if d != 0.0 { 1.0 / d } else { 0.0 })
}

/// The trit of `v`: 0, 1 or 2 for −1, 0 and 1 (C's `int`, whatever an
/// infinite `id` gives).
#[inline(always)]
fn trit(v: f32) -> i32 {
    (c_lround(v) as i32).wrapping_add(1)
}

/// Trits packed five or four to a byte as `uint8_t` arithmetic, then
/// scaled to a byte by the ceiling of `q × 256 / 243`.
#[inline(always)]
fn pack(trits: impl Iterator<Item = i32>, extra: bool) -> u8 {
    let mut q = 0u8;
    for t in trits {
        q = q.wrapping_mul(3).wrapping_add(t as u8);
    }
    if extra {
        q = q.wrapping_mul(3);
    }
    (u16::from(q) * 256).div_ceil(243) as u8
}

/// `quantize_row_tq1_0_ref`.
fn tq1_0(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x.chunks_exact(QK_K).zip(out.chunks_exact_mut(TQ1_0_BYTES)) {
        let (d, id) = scale(b);
        for m in 0..32 {
            o[m] = pack((0..5).map(|n| trit(b[m + n * 32] * id)), false);
        }
        for m in 0..16 {
            o[32 + m] = pack((0..5).map(|n| trit(b[160 + m + n * 16] * id)), false);
        }
        for j in 0..TQ1_QH {
            o[TQ1_QS + j] = pack((0..4).map(|m| trit(b[240 + j + m * TQ1_QH] * id)), true);
        }
        o[TQ1_QS + TQ1_QH..].copy_from_slice(&fp16(d));
    }
    Ok(())
}

/// `quantize_row_tq2_0_ref`.
fn tq2_0(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x.chunks_exact(QK_K).zip(out.chunks_exact_mut(TQ2_0_BYTES)) {
        let (d, id) = scale(b);
        for j in (0..QK_K / 4).step_by(32) {
            for m in 0..32 {
                let mut q = 0u8;
                for n in 0..4 {
                    let t = trit(b[4 * j + m + n * 32] * id);
                    q = q.wrapping_add(((t & 3) << (2 * n)) as u8);
                }
                o[j + m] = q;
            }
        }
        o[QK_K / 4..].copy_from_slice(&fp16(d));
    }
    Ok(())
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[
    Quantizer {
        id: 34,
        needs_imatrix: false,
        row: tq1_0,
    },
    Quantizer {
        id: 35,
        needs_imatrix: false,
        row: tq2_0,
    },
];
