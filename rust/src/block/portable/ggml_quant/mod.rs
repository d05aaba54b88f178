//! Quantizing float32 rows into ggml's block types as llama.cpp's
//! `ggml_quantize_chunk` does, byte for byte: the same searches for
//! scales (`make_qx_quants`, `make_qkx2_quants`, `make_q3_quants` …), the
//! same rounding (`nearest_int`), the same float32 operations in the same
//! order, as ggml's portable C compiles without FMA contraction (a
//! Release build of `ggml-quants.c` with `-DGGML_NATIVE=OFF`, the build
//! the vectors of `test/gguf/quantize` come from).
//!
//! This is not [`super::ggml`], which rounds each value to the nearest
//! representable one: llama.cpp's quantizers search for scales that
//! minimise a weighted error, and its bytes are what published models
//! hold.
//!
//! One module per family: [`legacy`] (Q4_0 to Q8_0), [`kquants`] (Q2_K to
//! Q6_K, with the searches of [`search`]), [`lookup`] (IQ4_NL, IQ4_XS,
//! MXFP4 and NVFP4), [`ternary`] (TQ1_0, TQ2_0), [`lowbit`] (Q1_0, Q2_0)
//! and [`iquants`] (the IQ types of the grids). Each gives its
//! quantizers as [`Row`]s in its `ROWS`.

pub mod iquants;
pub mod kquants;
pub mod legacy;
pub mod lookup;
pub mod lowbit;
pub mod search;
pub mod ternary;

#[cfg(test)]
mod tests;

use super::ggml_f32::{of_id, BlockType};

/// A quantizer of one row: `x` (whole blocks of the type) into `out`
/// (their bytes), with the importance matrix `imatrix` (one weight per
/// value of `x`) when there is one. `x` and `imatrix` are finite, and
/// `imatrix` is non-negative. [`OffGrid`] for a row on which ggml aborts
/// (`out` then holds part of the row).
pub type Row = fn(x: &[f32], imatrix: Option<&[f32]>, out: &mut [u8]) -> Result<(), OffGrid>;

/// A row on which ggml aborts: an IQ type of a grid whose search finds no
/// point (`GGML_ASSERT(grid_index >= 0)`) or a NaN scale, from values
/// whose squares or sums overflow float32.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OffGrid;

/// A quantizable type: its id, whether it needs an importance matrix (as
/// `ggml_quantize_requires_imatrix` says), and its row quantizer.
#[derive(Clone, Copy)]
pub struct Quantizer {
    pub id: u32,
    pub needs_imatrix: bool,
    pub row: Row,
}

/// Why a quantization was refused, with nothing written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The id is not a type quantized here.
    UnknownType,
    /// The row length is not whole blocks, the source not whole rows, the
    /// destination not their bytes, or the importance matrix not a row.
    Lengths,
    /// The type needs an importance matrix and none was given.
    NeedsImatrix,
    /// The importance matrix holds a NaN, an infinity or a negative value
    /// (at this index).
    BadImatrix(usize),
    /// The source holds a NaN or an infinity (at this index), which
    /// llama.cpp quantizes into garbage or aborts on.
    NonFinite(usize),
    /// ggml aborts on this row (see [`OffGrid`]); unlike the others,
    /// this refusal comes after the rows before it are written.
    OffGrid(usize),
}

/// Every quantizer, by family.
fn families() -> [&'static [Quantizer]; 6] {
    [
        legacy::ROWS,
        kquants::ROWS,
        lookup::ROWS,
        ternary::ROWS,
        lowbit::ROWS,
        iquants::ROWS,
    ]
}

/// The quantizer of the type `id`, if there is one.
pub fn quantizer(id: u32) -> Option<Quantizer> {
    families()
        .into_iter()
        .flat_map(|f| f.iter().copied())
        .find(|q| q.id == id)
}

/// The type `id` and its quantizer, checked against the lengths of one
/// call: `src` rows of `n_per_row` values into `dst_len` bytes.
pub fn check(
    id: u32,
    src_len: usize,
    n_per_row: usize,
    imatrix: Option<&[f32]>,
    dst_len: usize,
) -> Result<(BlockType, Quantizer), Refusal> {
    let (ty, q) = match (of_id(id), quantizer(id)) {
        (Some(t), Some(q)) => (t, q),
        _ => return Err(Refusal::UnknownType),
    };
    if n_per_row == 0 || n_per_row % ty.block != 0 || src_len % n_per_row != 0 {
        return Err(Refusal::Lengths);
    }
    let row_bytes = n_per_row / ty.block * ty.bytes;
    if src_len / n_per_row * row_bytes != dst_len {
        return Err(Refusal::Lengths);
    }
    match imatrix {
        None if q.needs_imatrix => return Err(Refusal::NeedsImatrix),
        Some(m) if m.len() != n_per_row => return Err(Refusal::Lengths),
        Some(m) => {
            if let Some(i) = m.iter().position(|w| !(w.is_finite() && *w >= 0.0)) {
                return Err(Refusal::BadImatrix(i));
            }
        }
        None => {}
    }
    Ok((ty, q))
}

/// The index of the first NaN or infinity of `x`, if there is one: a
/// pass without branches a piece at a time (which vectorizes), then a
/// search in the piece that has one.
fn first_nonfinite(x: &[f32]) -> Option<usize> {
    const PIECE: usize = 1024;
    const EXPONENT: u32 = 0x7f80_0000;
    for (k, piece) in x.chunks(PIECE).enumerate() {
        let any = piece.iter().fold(0u32, |a, v| {
            a | u32::from(v.to_bits() & EXPONENT == EXPONENT)
        });
        if any != 0 {
            return piece
                .iter()
                .position(|v| !v.is_finite())
                .map(|i| k * PIECE + i);
        }
    }
    None
}

/// Quantizes `src`, rows of `n_per_row` values, into `dst`, their blocks
/// of type `id`, as `ggml_quantize_chunk(id, src, dst, 0, nrows,
/// n_per_row, imatrix)` does; refused as [`Refusal`] says, with nothing
/// written (but for [`Refusal::OffGrid`]).
pub fn quantize(
    id: u32,
    src: &[f32],
    n_per_row: usize,
    imatrix: Option<&[f32]>,
    dst: &mut [u8],
) -> Result<(), Refusal> {
    let (ty, q) = check(id, src.len(), n_per_row, imatrix, dst.len())?;
    if let Some(i) = first_nonfinite(src) {
        return Err(Refusal::NonFinite(i));
    }
    let row_bytes = n_per_row / ty.block * ty.bytes;
    for (r, (x, out)) in src
        .chunks_exact(n_per_row)
        .zip(dst.chunks_exact_mut(row_bytes))
        .enumerate()
    {
        (q.row)(x, imatrix, out).map_err(|OffGrid| Refusal::OffGrid(r))?;
    }
    Ok(())
}
