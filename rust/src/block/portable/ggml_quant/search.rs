//! The searches for scales that llama.cpp's quantizers share:
//! `nearest_int`, `make_qx_quants`, `make_qkx2_quants`, `make_qkx3_quants`,
//! `make_q3_quants` and `make_qp_quants` of `ggml-quants.c`, in its float32
//! order of operations.

/// The integer nearest to `fval` (|fval| ≤ 4194303), ties as ggml's
/// `nearest_int` breaks them: by adding 1.5 × 2^23 in float32 and taking
/// the low 22 bits of the sum's representation.
#[inline(always)]
pub fn nearest_int(fval: f32) -> i32 {
    let val = fval + 12_582_912.0;
    let i = val.to_bits() as i32;
    (i & 0x007f_ffff) - 0x0040_0000
}

/// `(int)v` as ggml's C compiles it on x86-64 (`cvttss2si`): `v`
/// truncated toward zero, and `i32::MIN` for a NaN or a `v` outside the
/// 32-bit range (where C leaves it undefined). A store into a narrower
/// integer (`int8_t q = roundf(v)`) keeps its low bits: `c_int(v) as i8`.
#[inline(always)]
pub fn c_int(v: f32) -> i32 {
    if (-2_147_483_648.0..2_147_483_648.0).contains(&v) {
        v as i32
    } else {
        i32::MIN
    }
}

/// ggml's `best_index_int8`: the index of the value of the ascending
/// `values` nearest to `x`; below the first or above the last, that end,
/// and between two, the lower only when strictly nearer (`x − lower <
/// upper − x` in float32). A NaN `x` gives the last index, as the C's
/// comparisons do. ggml bisects for the pair around `x`; the upper of it
/// is the count of values not above `x` (every value, for a NaN), clamped
/// to the pairs, which is counted here without branches.
#[inline(always)]
pub fn best_index_int8(values: &[i8; 16], x: f32) -> usize {
    // A NaN counts as above every value.
    let c = if x.is_nan() { f32::INFINITY } else { x };
    let not_above: usize = values.iter().map(|&v| usize::from(f32::from(v) <= c)).sum();
    let mu = not_above.clamp(1, values.len() - 1);
    let (lower, upper) = (f32::from(values[mu - 1]), f32::from(values[mu]));
    mu - usize::from(x - lower < upper - x)
}
