//! The kernels of nx_array: exact stores into the element formats of
//! machine learning, the shortest decimal of their values, and the C API of
//! `nx_dtype.h` through which the OCaml library and C code call them.
//!
//! - [`facts`]: the facts table, the one source of truth.
//! - [`format`](mod@format): binary float formats and the exact Stores rule.
//! - [`store`]: stores into and loads from every dtype, one element.
//! - [`byte_store`]: the same, by table, for the formats of a byte or less.
//! - [`shortest`]: the shortest decimal of a value (`pp_value`).
//! - [`schubfach`]: its fast search, and [`pow10`] the table it reads.
//! - [`digits`]: its digits as ASCII, sixteen at a time.
//! - [`convert`]: bulk conversion between any two storage formats.
//! - [`kernels`]: fast kernels for the hot pairs, hardware and portable.
//! - [`capi`]: the C functions, all total.
//! - [`ml`]: the scalar entry points of the OCaml library alone.
//! - [`block`]: block-scaled formats (OCP MX, NVFP4, ggml).

pub mod bignum;
pub mod block;
pub mod byte_store;
pub mod capi;
pub mod convert;
pub mod digits;
pub mod facts;
pub mod format;
pub mod header;
pub mod kernels;
pub mod ml;
pub mod pow10;
pub mod schubfach;
pub mod shortest;
pub mod store;
