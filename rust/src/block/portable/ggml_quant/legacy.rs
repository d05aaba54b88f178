//! ggml's legacy quantizers, Q4_0 to Q8_0, as `ggml-quants.c` computes
//! them: without an importance matrix, `quantize_row_*_ref`; with one,
//! `quantize_row_*_impl`'s weighted search (Q8_0 ignores it).

use super::search::c_int;
use super::Quantizer;

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
fn q8_0(x: &[f32], _imatrix: Option<&[f32]>, out: &mut [u8]) {
    for (b, o) in x.chunks_exact(QK8_0).zip(out.chunks_exact_mut(Q8_0_BYTES)) {
        let amax = b.iter().fold(0f32, |m, v| m.max(v.abs()));
        let d = amax / 127.0;
        let id = if d != 0.0 { 1.0 / d } else { 0.0 };
        o[..2].copy_from_slice(&fp16(d));
        for (q, v) in o[2..].iter_mut().zip(b) {
            *q = c_int((v * id).round()) as u8;
        }
    }
}

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[Quantizer {
    id: 8,
    needs_imatrix: false,
    row: q8_0,
}];
