//! The kernels of nx_array: exact stores into the element formats of
//! machine learning, the shortest decimal of their values, and the C API of
//! `nx_dtype.h` through which the OCaml library and C code call them.
//!
//! - [`facts`]: the facts table, the one source of truth.
//! - [`format`](mod@format): binary float formats and the exact Stores rule.
//! - [`store`](mod@store): stores into and loads from every dtype, one element.
//! - [`element`]: [`store()`], a double stored into Rust's own types
//!   (`half`'s `f16` and `bf16`, `num-complex`'s `Complex`).
//! - [`byte_store`]: the same, by table, for the formats of a byte or less.
//! - [`shortest`]: the shortest decimal of a value and its text
//!   (`pp_value`): the search, the big-integer reference, the layout.
//! - [`decimal`]: numbers written out, read exactly and stored into any
//!   dtype rounding once (`Nx_array.of_string`, `nx-dtype store`).
//! - [`convert`]: bulk conversion between any two storage formats.
//! - [`kernels`]: fast kernels for the hot pairs, hardware and portable.
//! - [`packed`]: the layout of elements of fewer than 8 bits.
//! - [`capi`]: the C functions, all total.
//! - [`codes`]: the enums whose codes C and OCaml share.
//! - [`block`]: block-scaled formats (OCP MX, NVFP4, ggml).

pub mod block;
pub mod byte_store;
pub mod capi;
pub mod codes;
pub mod convert;
pub mod decimal;
pub mod element;
pub mod facts;
pub mod format;
pub mod header;
pub mod kernels;
#[cfg(test)]
mod layers;
pub mod packed;
pub mod scaled;
pub mod shortest;
pub mod store;
#[cfg(test)]
mod testing;

pub use element::{store, Element};
