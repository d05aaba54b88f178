//! ggml's ternary block types, 256 values of −1, 0 or 1 under a float16
//! d: TQ1_0 (five trits a byte, as a fraction of 243) and TQ2_0 (two bits
//! each). The value d × q, in float32.

use super::f16;

/// The trit of `x` at the power `p` (1, 3, 9, 27 or 81): the top of
/// (x × p mod 256) × 3, − 1.
#[inline(always)]
fn trit(x: u8, p: u8) -> i8 {
    ((u16::from(x.wrapping_mul(p)) * 3) >> 8) as i8 - 1
}

const POW3: [u8; 5] = [1, 3, 9, 27, 81];

/// TQ1_0, 54 bytes: qs[48], qh[4], d. Element 32p + j (p < 5, j < 32) is
/// trit p of qs[j]; 160 + 16p + j (j < 16) trit p of qs[32 + j];
/// 240 + 4p + j (p < 4, j < 4) trit p of qh[j].
pub fn tq1_0(b: &[u8; 54], o: &mut [f32; 256]) {
    let d = f16(b[52], b[53]);
    for (p, &pw) in POW3.iter().enumerate() {
        for j in 0..32 {
            o[32 * p + j] = d * f32::from(trit(b[j], pw));
        }
        for j in 0..16 {
            o[160 + 16 * p + j] = d * f32::from(trit(b[32 + j], pw));
        }
    }
    for (p, &pw) in POW3[..4].iter().enumerate() {
        for j in 0..4 {
            o[240 + 4 * p + j] = d * f32::from(trit(b[48 + j], pw));
        }
    }
}

/// TQ2_0, 66 bytes: qs[64], d. Element 128c + 32s + j is bits 2s, 2s + 1
/// of qs[32c + j], − 1.
pub fn tq2_0(b: &[u8; 66], o: &mut [f32; 256]) {
    let d = f16(b[64], b[65]);
    for c in 0..2 {
        let qs = &b[32 * c..32 * c + 32];
        for s in 0..4 {
            let o = &mut o[128 * c + 32 * s..128 * c + 32 * s + 32];
            for (o, &q) in o.iter_mut().zip(qs) {
                *o = d * f32::from(((q >> (2 * s)) & 3) as i8 - 1);
            }
        }
    }
}
