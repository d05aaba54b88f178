//! ggml's block types whose codes index a table of values: IQ4_NL and
//! IQ4_XS (a non-linear int8 table under a float16 scale), MXFP4 and
//! NVFP4 (E2M1 as the int8 table `KVALUES`, twice E2M1's values, under
//! half the scale). The value d × table[q], in float32.

use super::f16;

/// IQ4_NL's and IQ4_XS's values (ggml-common.h's kvalues_iq4nl).
pub const IQ4NL: [i8; 16] = [
    -127, -104, -83, -65, -49, -35, -22, -10, 1, 13, 25, 38, 53, 69, 89, 113,
];

/// Twice the E2M1 values of the codes (ggml's kvalues_mxfp4); code 8, −0
/// in E2M1, is 0 here, so that ggml's value is +0.
pub const KVALUES: [i8; 16] = [0, 1, 2, 3, 4, 6, 8, 12, 0, -1, -2, -3, -4, -6, -8, -12];

/// IQ4_NL, 18 bytes: d, qs[16] paired as Q4_0's.
pub fn iq4_nl(b: &[u8; 18], o: &mut [f32; 32]) {
    let d = f16(b[0], b[1]);
    for (j, &q) in b[2..].iter().enumerate() {
        o[j] = d * f32::from(IQ4NL[usize::from(q & 0xf)]);
        o[j + 16] = d * f32::from(IQ4NL[usize::from(q >> 4)]);
    }
}

/// IQ4_XS, 136 bytes: d, scales_h u16, scales_l[4], qs[128]. Sub-block g
/// of 32 has the 6-bit scale (nibble g of scales_l, bits 2g, 2g + 1 of
/// scales_h above it) − 32, and bytes 16g.. of qs, paired as Q4_0's; the
/// value (d × scale) × table[q].
pub fn iq4_xs(b: &[u8; 136], o: &mut [f32; 256]) {
    let d = f16(b[0], b[1]);
    let sh = u16::from_le_bytes([b[2], b[3]]);
    for g in 0..8 {
        let lo = (b[4 + g / 2] >> (4 * (g % 2))) & 0xf;
        let hi = ((sh >> (2 * g)) & 3) as u8;
        let dl = d * f32::from(((lo | (hi << 4)) as i8) - 32);
        let qs = &b[8 + 16 * g..24 + 16 * g];
        let o = &mut o[32 * g..32 * g + 32];
        for (j, &q) in qs.iter().enumerate() {
            o[j] = dl * f32::from(IQ4NL[usize::from(q & 0xf)]);
            o[j + 16] = dl * f32::from(IQ4NL[usize::from(q >> 4)]);
        }
    }
}

/// Half the E8M0 scale `e`, 2^(e − 128), as gguf-py's `e8m0_to_fp32_half`:
/// subnormal below e = 2, and 2^127 for e = 255 (no NaN).
#[inline(always)]
pub fn e8m0_half(e: u8) -> f32 {
    let e = u32::from(e);
    f32::from_bits(if e < 2 {
        0x0020_0000 << e
    } else {
        (e - 1) << 23
    })
}

/// MXFP4, 17 bytes: e (E8M0), qs[16] paired as Q4_0's.
pub fn mxfp4(b: &[u8; 17], o: &mut [f32; 32]) {
    let d = e8m0_half(b[0]);
    for (j, &q) in b[1..].iter().enumerate() {
        o[j] = d * f32::from(KVALUES[usize::from(q & 0xf)]);
        o[j + 16] = d * f32::from(KVALUES[usize::from(q >> 4)]);
    }
}

/// Half the unsigned E4M3 scale `x` as gguf-py's `ue4m3_to_fp32` reads
/// it: bit 7 ignored but for zero, and 0 and 0x7f (E4M3's NaN) zero.
pub const fn ue4m3_half(x: u8) -> f32 {
    if x == 0 || x == 0x7f {
        return 0.0;
    }
    let exp = (x >> 3) & 0xf;
    let man = (x & 7) as f32;
    let raw = if exp == 0 {
        man / 512.0
    } else {
        // (1 + man / 8) × 2^(exp − 7), exact.
        let mut p = 1.0f32;
        let mut k = exp;
        while k < 7 {
            p /= 2.0;
            k += 1;
        }
        while k > 7 {
            p *= 2.0;
            k -= 1;
        }
        (1.0 + man / 8.0) * p
    };
    raw * 0.5
}

/// [`ue4m3_half`] of every byte.
pub static UE4M3_HALF: [f32; 256] = {
    let mut t = [0f32; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = ue4m3_half(i as u8);
        i += 1;
    }
    t
};

/// NVFP4, 36 bytes per 64: d[4] (unsigned E4M3, one per 16), qs[32]:
/// byte j of sub-block s's 8 holds element 16s + j low, 16s + 8 + j high.
pub fn nvfp4(b: &[u8; 36], o: &mut [f32; 64]) {
    for s in 0..4 {
        let d = UE4M3_HALF[usize::from(b[s])];
        for (j, &q) in b[4 + 8 * s..12 + 8 * s].iter().enumerate() {
            o[16 * s + j] = d * f32::from(KVALUES[usize::from(q & 0xf)]);
            o[16 * s + 8 + j] = d * f32::from(KVALUES[usize::from(q >> 4)]);
        }
    }
}
