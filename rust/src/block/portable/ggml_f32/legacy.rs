//! ggml's first block types, 32 values each: a float16 scale d (and a
//! float16 minimum m for Q4_1 and Q5_1), the fifth bits (Q5_0, Q5_1: a
//! u32, bit j element j's), then the codes: 16 bytes, byte j holding
//! element j in its low nibble and element j + 16 in its high one, or 32
//! int8 for Q8_0. The value d × (q − 8), d × q + m, d × (q − 16),
//! d × q + m and q × d, each operation in float32.

use super::{add, f16};

/// The nibbles of `qs` in ggml's order: element j low, j + 16 high.
#[inline(always)]
fn nibbles(qs: &[u8]) -> [u8; 32] {
    let mut q = [0u8; 32];
    for (j, &b) in qs[..16].iter().enumerate() {
        q[j] = b & 0xf;
        q[j + 16] = b >> 4;
    }
    q
}

/// The 5-bit codes of Q5_0 and Q5_1: the nibbles and the fifth bits.
#[inline(always)]
fn fives(qh: &[u8], qs: &[u8]) -> [u8; 32] {
    let h = u32::from_le_bytes([qh[0], qh[1], qh[2], qh[3]]);
    let mut q = nibbles(qs);
    for (j, q) in q.iter_mut().enumerate() {
        *q |= (((h >> j) & 1) as u8) << 4;
    }
    q
}

/// Q4_0, 18 bytes: d, qs[16]; d × (q − 8).
pub fn q4_0(b: &[u8; 18], o: &mut [f32; 32]) {
    let d = f16(b[0], b[1]);
    for (o, &q) in o.iter_mut().zip(&nibbles(&b[2..])) {
        *o = d * (i32::from(q) - 8) as f32;
    }
}

/// Q4_1, 20 bytes: d, m, qs[16]; d × q + m.
pub fn q4_1(b: &[u8; 20], o: &mut [f32; 32]) {
    let (d, m) = (f16(b[0], b[1]), f16(b[2], b[3]));
    for (o, &q) in o.iter_mut().zip(&nibbles(&b[4..])) {
        *o = add(d * f32::from(q), m);
    }
}

/// Q5_0, 22 bytes: d, qh[4], qs[16]; d × (q − 16).
pub fn q5_0(b: &[u8; 22], o: &mut [f32; 32]) {
    let d = f16(b[0], b[1]);
    for (o, &q) in o.iter_mut().zip(&fives(&b[2..6], &b[6..])) {
        *o = d * (i32::from(q) - 16) as f32;
    }
}

/// Q5_1, 24 bytes: d, m, qh[4], qs[16]; d × q + m.
pub fn q5_1(b: &[u8; 24], o: &mut [f32; 32]) {
    let (d, m) = (f16(b[0], b[1]), f16(b[2], b[3]));
    for (o, &q) in o.iter_mut().zip(&fives(&b[4..8], &b[8..])) {
        *o = add(d * f32::from(q), m);
    }
}

/// Q8_0, 34 bytes: d, qs int8[32]; q × d.
pub fn q8_0(b: &[u8; 34], o: &mut [f32; 32]) {
    let d = f16(b[0], b[1]);
    for (o, &q) in o.iter_mut().zip(&b[2..]) {
        *o = f32::from(q as i8) * d;
    }
}
