//! ggml's quantizers of one and two bits, Q1_0 and Q2_0, as
//! `quantize_row_q1_0_ref` and `quantize_row_q2_0_ref` compute them
//! (ggml ignores an importance matrix for both).

use super::legacy::fp16;
use super::search::{abs_max, c_int};
use super::{OffGrid, Quantizer};

/// Q1_0's block: 128 values.
const QK1_0: usize = 128;
/// Q1_0's bytes: a float16 scale, then a sign bit a value.
const Q1_0_BYTES: usize = 2 + QK1_0 / 8;
/// Q2_0's block: 64 values.
const QK2_0: usize = 64;
/// Q2_0's bytes: a float16 scale, then a 2-bit code a value.
const Q2_0_BYTES: usize = 2 + QK2_0 / 4;

/// `quantize_row_q1_0_ref`: d = the mean magnitude (summed in float32, in
/// order), bit j set where value j is not below 0 (−0 included).
fn q1_0(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x.chunks_exact(QK1_0).zip(out.chunks_exact_mut(Q1_0_BYTES)) {
        let mut sum = 0f32;
        for v in b {
            sum += v.abs();
        }
        o[..2].copy_from_slice(&fp16(sum / QK1_0 as f32));
        for (byte, vs) in o[2..].iter_mut().zip(b.chunks_exact(8)) {
            *byte = vs
                .iter()
                .enumerate()
                .fold(0u8, |q, (k, &v)| q | (u8::from(v >= 0.0) << k));
        }
    }
    Ok(())
}

/// `quantize_row_q2_0_ref`: d = amax, each code `roundf(x / d) + 1` (by
/// `x × (1 / d)`) clamped to 0..=3.
fn q2_0(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid> {
    for (b, o) in x.chunks_exact(QK2_0).zip(out.chunks_exact_mut(Q2_0_BYTES)) {
        let d = abs_max(b);
        let id = if d > 0.0 { 1.0 / d } else { 0.0 };
        o[..2].copy_from_slice(&fp16(d));
        for (byte, vs) in o[2..].iter_mut().zip(b.chunks_exact(4)) {
            *byte = vs.iter().enumerate().fold(0u8, |q, (k, &v)| {
                let c = c_int((v * id).round()).wrapping_add(1).clamp(0, 3);
                q | ((c as u8) << (2 * k))
            });
        }
    }
    Ok(())
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[
    Quantizer {
        id: 41,
        needs_imatrix: false,
        row: q1_0,
    },
    Quantizer {
        id: 42,
        needs_imatrix: false,
        row: q2_0,
    },
];
