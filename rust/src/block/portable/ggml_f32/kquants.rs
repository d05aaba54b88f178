//! ggml's k-quants, 256 values in sub-blocks of 16 or 32 under a float16
//! d (and dmin) times small integer scales. Each value is
//! (d × scale) × q − (dmin × min), or (d × scale) × q, in float32.

use super::f16;

/// Q2_K, 84 bytes: scales[16] (scale low nibble, min high, one per 16),
/// qs[64], d, dmin. Element 128c + 32s + j is bits 2s, 2s + 1 of
/// qs[32c + j].
pub fn q2_k(b: &[u8; 84], o: &mut [f32; 256]) {
    let (d, dmin) = (f16(b[80], b[81]), f16(b[82], b[83]));
    for c in 0..2 {
        let qs = &b[16 + 32 * c..48 + 32 * c];
        for s in 0..4 {
            let e0 = 128 * c + 32 * s;
            let o = &mut o[e0..e0 + 32];
            for h in 0..2 {
                let sc = b[e0 / 16 + h];
                let dl = d * f32::from(sc & 0xf);
                let ml = dmin * f32::from(sc >> 4);
                for j in 16 * h..16 * h + 16 {
                    o[j] = dl * f32::from((qs[j] >> (2 * s)) & 3) - ml;
                }
            }
        }
    }
}

/// Q3_K, 110 bytes: hmask[32], qs[64], scales[12], d. Scale i of 16 is
/// its nibble of bytes 0..8 (the low nibbles first) and 2 bits of bytes
/// 8..12 above, − 32; element e's code is its 2 bits of qs (as Q2_K's)
/// less 4 when bit e / 32 of hmask[e % 32] is clear.
pub fn q3_k(b: &[u8; 110], o: &mut [f32; 256]) {
    let d = f16(b[108], b[109]);
    let sc = &b[96..108];
    let mut dl = [0f32; 16];
    for (i, dl) in dl.iter_mut().enumerate() {
        let lo = if i < 8 { sc[i] & 0xf } else { sc[i - 8] >> 4 };
        let hi = (sc[8 + i % 4] >> (2 * (i / 4))) & 3;
        *dl = d * f32::from(((lo | (hi << 4)) as i8) - 32);
    }
    for c in 0..2 {
        let qs = &b[32 + 32 * c..64 + 32 * c];
        for s in 0..4 {
            let k = 4 * c + s;
            let e0 = 32 * k;
            let o = &mut o[e0..e0 + 32];
            for h in 0..2 {
                let dl = dl[e0 / 16 + h];
                for j in 16 * h..16 * h + 16 {
                    let ql = ((qs[j] >> (2 * s)) & 3) as i8;
                    let hi = ((b[j] >> k) & 1) ^ 1;
                    o[j] = dl * f32::from(ql - ((hi << 2) as i8));
                }
            }
        }
    }
}

/// The 6-bit scales and mins of Q4_K and Q5_K, eight each, from their 12
/// bytes (ggml's get_scale_min_k4).
#[inline(always)]
pub(crate) fn scale_min(s: &[u8]) -> ([u8; 8], [u8; 8]) {
    let (mut sc, mut mn) = ([0u8; 8], [0u8; 8]);
    for j in 0..4 {
        sc[j] = s[j] & 63;
        mn[j] = s[4 + j] & 63;
        sc[4 + j] = (s[8 + j] & 0xf) | ((s[j] >> 2) & 0x30);
        mn[4 + j] = (s[8 + j] >> 4) | ((s[4 + j] >> 2) & 0x30);
    }
    (sc, mn)
}

/// Q4_K, 144 bytes: d, dmin, scales[12], qs[128]. Sub-block g of 32 is
/// the low (g even) or high nibbles of qs[32 (g / 2)..].
pub fn q4_k(b: &[u8; 144], o: &mut [f32; 256]) {
    let (d, dmin) = (f16(b[0], b[1]), f16(b[2], b[3]));
    let (sc, mn) = scale_min(&b[4..16]);
    for g in 0..8 {
        let dl = d * f32::from(sc[g]);
        let ml = dmin * f32::from(mn[g]);
        let qs = &b[16 + 32 * (g / 2)..48 + 32 * (g / 2)];
        for (o, &q) in o[32 * g..32 * g + 32].iter_mut().zip(qs) {
            *o = dl * f32::from((q >> (4 * (g % 2))) & 0xf) - ml;
        }
    }
}

/// Q5_K, 176 bytes: d, dmin, scales[12], qh[32], qs[128]: Q4_K's codes,
/// the fifth bit of element 32g + j bit g of qh[j].
pub fn q5_k(b: &[u8; 176], o: &mut [f32; 256]) {
    let (d, dmin) = (f16(b[0], b[1]), f16(b[2], b[3]));
    let (sc, mn) = scale_min(&b[4..16]);
    let qh = &b[16..48];
    for g in 0..8 {
        let dl = d * f32::from(sc[g]);
        let ml = dmin * f32::from(mn[g]);
        let qs = &b[48 + 32 * (g / 2)..80 + 32 * (g / 2)];
        let o = &mut o[32 * g..32 * g + 32];
        for j in 0..32 {
            let q = ((qs[j] >> (4 * (g % 2))) & 0xf) | (((qh[j] >> g) & 1) << 4);
            o[j] = dl * f32::from(q) - ml;
        }
    }
}

/// Q6_K, 210 bytes: ql[128], qh[64], scales int8[16], d. Element
/// 128c + 64h + j (j < 64) has the nibble h of ql[64c + j]; element
/// 128c + 32s + j (j < 32) the bits 2s, 2s + 1 of qh[32c + j] above it;
/// the code − 32, under d × scales[e / 16].
pub fn q6_k(b: &[u8; 210], o: &mut [f32; 256]) {
    let d = f16(b[208], b[209]);
    for c in 0..2 {
        let (ql, qh) = (&b[64 * c..64 * c + 64], &b[128 + 32 * c..160 + 32 * c]);
        for s in 0..4 {
            let e0 = 128 * c + 32 * s;
            let ql = &ql[32 * (s % 2)..32 * (s % 2) + 32];
            let o = &mut o[e0..e0 + 32];
            for h in 0..2 {
                let dl = d * f32::from(b[192 + e0 / 16 + h] as i8);
                for j in 16 * h..16 * h + 16 {
                    let lo = (ql[j] >> (4 * (s / 2))) & 0xf;
                    let hi = (qh[j] >> (2 * s)) & 3;
                    o[j] = dl * f32::from(((lo | (hi << 4)) as i8) - 32);
                }
            }
        }
    }
}
