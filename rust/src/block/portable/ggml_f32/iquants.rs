//! ggml's IQ types of 256 values, each row of 8 (or 4) values a lattice
//! point of [`grids`](super::grids) under a sub-block scale, with signs
//! (IQ2, IQ3) or a shift of ±1/8 (IQ1). The value
//! ((d × a) × b) × grid × sign or (d × s) × (grid + delta), the
//! operations in float32 in that order.

use super::grids::{IQ1S, IQ2S, IQ2XS, IQ2XXS, IQ3S, IQ3XXS, KSIGNS};
use super::{f16, signed};

/// Byte `k` of a grid row.
#[inline(always)]
fn at(row: u64, k: usize) -> u8 {
    (row >> (8 * k)) as u8
}

/// Writes 8 values: (db × row[k]) × ±1, the sign bit k of `signs`.
#[inline(always)]
fn eight(o: &mut [f32], db: f32, row: u64, signs: u8) {
    for (k, o) in o[..8].iter_mut().enumerate() {
        *o = signed(db * f32::from(at(row, k)), (signs >> k) & 1 != 0);
    }
}

fn u32_at(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

fn u16_at(b: &[u8], i: usize) -> u16 {
    u16::from_le_bytes([b[i], b[i + 1]])
}

/// IQ2_XXS, 66 bytes: d, then per 32 values two u32: four grid rows (a
/// byte each), and four 7-bit sign indices into KSIGNS with a 4-bit
/// scale on top; db = (d × (0.5 + scale)) × 0.25.
pub fn iq2_xxs(b: &[u8; 66], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    for g in 0..8 {
        let rows = u32_at(b, 2 + 8 * g);
        let aux = u32_at(b, 6 + 8 * g);
        let db = d * (0.5 + (aux >> 28) as f32) * 0.25;
        for l in 0..4 {
            let row = IQ2XXS[((rows >> (8 * l)) & 0xff) as usize];
            let signs = KSIGNS[((aux >> (7 * l)) & 0x7f) as usize];
            eight(&mut o[32 * g + 8 * l..], db, row, signs);
        }
    }
}

/// IQ2_XS, 74 bytes: d, qs u16[32] (a 9-bit row, 7 bits of sign index),
/// scales[8] (a nibble per 16 values); db = (d × (0.5 + s)) × 0.25.
pub fn iq2_xs(b: &[u8; 74], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    for g in 0..16 {
        let s = (b[66 + g / 2] >> (4 * (g % 2))) & 0xf;
        let db = d * (0.5 + f32::from(s)) * 0.25;
        for l in 0..2 {
            let q = u16_at(b, 2 + 2 * (2 * g + l));
            let row = IQ2XS[usize::from(q & 511)];
            eight(
                &mut o[16 * g + 8 * l..],
                db,
                row,
                KSIGNS[usize::from(q >> 9)],
            );
        }
    }
}

/// IQ2_S, 82 bytes: d, qs[32], signs[32], qh[8], scales[8]. Row i is
/// qs[i] and 2 bits of qh[i / 4] above; its signs the byte signs[i].
pub fn iq2_s(b: &[u8; 82], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    for g in 0..16 {
        let s = (b[74 + g / 2] >> (4 * (g % 2))) & 0xf;
        let db = d * (0.5 + f32::from(s)) * 0.25;
        for l in 0..2 {
            let i = 2 * g + l;
            let hi = (b[66 + i / 4] >> (2 * (i % 4))) & 3;
            let row = IQ2S[usize::from(b[2 + i]) | (usize::from(hi) << 8)];
            eight(&mut o[8 * i..], db, row, b[34 + i]);
        }
    }
}

/// Writes 8 values of two IQ3 rows: (db × row[k]) × ±1, sign bit k.
#[inline(always)]
fn eight3(o: &mut [f32], db: f32, r0: u32, r1: u32, signs: u8) {
    let row = u64::from(r0) | (u64::from(r1) << 32);
    eight(o, db, row, signs);
}

/// IQ3_XXS, 98 bytes: d, qs[64] (a grid row of 4 each), then per 32
/// values a u32: four 7-bit sign indices and a 4-bit scale on top;
/// db = (d × (0.5 + scale)) × 0.5.
pub fn iq3_xxs(b: &[u8; 98], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    for g in 0..8 {
        let aux = u32_at(b, 66 + 4 * g);
        let db = d * (0.5 + (aux >> 28) as f32) * 0.5;
        for l in 0..4 {
            let i = 8 * g + 2 * l;
            let (r0, r1) = (IQ3XXS[usize::from(b[2 + i])], IQ3XXS[usize::from(b[3 + i])]);
            let signs = KSIGNS[((aux >> (7 * l)) & 0x7f) as usize];
            eight3(&mut o[32 * g + 8 * l..], db, r0, r1, signs);
        }
    }
}

/// IQ3_S, 110 bytes: d, qs[64], qh[8], signs[32], scales[4]. Row i is
/// qs[i] and bit i % 8 of qh[i / 8] above; element e's sign bit e % 8 of
/// signs[e / 8]; db = d × (1 + 2s), s a nibble per 32 values.
pub fn iq3_s(b: &[u8; 110], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    let row = |i: usize| {
        let hi = usize::from((b[66 + i / 8] >> (i % 8)) & 1);
        IQ3S[usize::from(b[2 + i]) | (hi << 8)]
    };
    for g in 0..8 {
        let s = (b[106 + g / 2] >> (4 * (g % 2))) & 0xf;
        let db = d * f32::from(1 + 2 * s);
        for l in 0..4 {
            let i = 8 * g + 2 * l;
            eight3(&mut o[4 * i..], db, row(i), row(i + 1), b[74 + i / 2]);
        }
    }
}

/// Writes 8 values: dl × (row[k] + delta), row an int8 grid row.
#[inline(always)]
fn eight1(o: &mut [f32], dl: f32, row: u64, delta: f32) {
    for (k, o) in o[..8].iter_mut().enumerate() {
        *o = dl * (f32::from(at(row, k) as i8) + delta);
    }
}

/// IQ1_S's and IQ1_M's shift.
const DELTA: f32 = 0.125;

/// IQ1_S, 50 bytes: d, qs[32], qh u16[8]. Per 32 values, qh's bits
/// 3l..3l + 3 above qs[4g + l] make row l, bits 12..15 the scale s
/// (dl = d × (2s + 1)) and bit 15 the sign of the shift.
pub fn iq1_s(b: &[u8; 50], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    for g in 0..8 {
        let h = u16_at(b, 34 + 2 * g);
        let dl = d * f32::from(2 * ((h >> 12) & 7) + 1);
        let delta = if h & 0x8000 == 0 { DELTA } else { -DELTA };
        for l in 0..4 {
            let i = usize::from(b[2 + 4 * g + l]) | (usize::from((h >> (3 * l)) & 7) << 8);
            eight1(&mut o[32 * g + 8 * l..], dl, IQ1S[i], delta);
        }
    }
}

/// IQ1_M, 56 bytes: qs[32], qh[16], scales u16[4], the float16 d the top
/// nibbles of the four scales (the first lowest). Row i is qs[i] and
/// nibble i of qh (bits 0..3 above, bit 3 the shift's sign); 3-bit scale
/// t of 16 (bits 3(t % 4).. of scales[t / 4]) gives dl = d × (2s + 1) for
/// values 16t...
pub fn iq1_m(b: &[u8; 56], o: &mut [f32; 256]) {
    let sc = [u16_at(b, 48), u16_at(b, 50), u16_at(b, 52), u16_at(b, 54)];
    let dh = (sc[0] >> 12) | ((sc[1] >> 8) & 0xf0) | ((sc[2] >> 4) & 0xf00) | (sc[3] & 0xf000);
    let [lo, hi] = dh.to_le_bytes();
    let d = f16(lo, hi);
    for t in 0..16 {
        let s = (sc[t / 4] >> (3 * (t % 4))) & 7;
        let dl = d * f32::from(2 * s + 1);
        for r in 0..2 {
            let i = 2 * t + r;
            let nib = (b[32 + i / 2] >> (4 * (i % 2))) & 0xf;
            let row = IQ1S[usize::from(b[i]) | (usize::from(nib & 7) << 8)];
            let delta = if nib & 8 == 0 { DELTA } else { -DELTA };
            eight1(&mut o[8 * i..], dl, row, delta);
        }
    }
}
