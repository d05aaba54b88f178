//! ggml's quantizers of this family (see the parent module).

use super::Quantizer;

/// The quantizers of this family.
pub const ROWS: &[Quantizer] = &[];
