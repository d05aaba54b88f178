//! ggml's one- and two-bit block types: a float16 scale d, then 16 bytes
//! of codes, element i in bits (i mod 8) of byte i / 8 (Q1_0, 128 values)
//! or bits 2 (i mod 4), 2 (i mod 4) + 1 of byte i / 4 (Q2_0, 64 values),
//! the lowest bits first. The value ±d (d, quieted if a NaN, negated
//! for a clear bit) and (q − 1) × d in float32. gguf-py 0.19 lacks both
//! types: these are llama.cpp's `dequantize_row_q1_0` and
//! `dequantize_row_q2_0`, against which test/gguf/dequantize.txt checks
//! them.

use super::f16;

/// The quiet bit of a float32 NaN.
const QUIET: u32 = 0x0040_0000;

/// Q1_0, 18 bytes: d, qs[16]; d for a set bit, −d for a clear one, a
/// NaN d quieted and its sign flipped as any other's.
pub fn q1_0(b: &[u8; 18], o: &mut [f32; 128]) {
    let d = f16(b[0], b[1]);
    let d = if d.is_nan() {
        f32::from_bits(d.to_bits() | QUIET)
    } else {
        d
    };
    for (i, o) in o.iter_mut().enumerate() {
        let bit = (b[2 + i / 8] >> (i % 8)) & 1;
        *o = if bit == 1 { d } else { -d };
    }
}

/// Q2_0, 18 bytes: d, qs[16]; (q − 1) × d, q of 0 to 3.
pub fn q2_0(b: &[u8; 18], o: &mut [f32; 64]) {
    let d = f16(b[0], b[1]);
    for (i, o) in o.iter_mut().enumerate() {
        let q = (b[2 + i / 4] >> (2 * (i % 4))) & 3;
        *o = (f32::from(q) - 1.0) * d;
    }
}
