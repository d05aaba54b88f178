//! The OCaml externals of nx_array, the functions `ocaml/core/native.ml`
//! declares, over the kernels of the `nx_array` crate. Dune links this
//! crate's static library (and bytecode its shared one) as `nx_array_rs`.
//!
//! - [`scalar`]: one store per float format, and the stores and loads
//!   that take a dtype's code: unboxed, untagged, `[@@noalloc]`.
//! - [`text`]: the text of `pp_value`, a string allocated once.
//! - [`number`]: a number written out, stored exactly (`Nx_array.of_string`).
//! - [`facts`]: a row of the facts table, as an OCaml record.
//! - [`convert`]: bulk conversions between bigarrays, strings and bytes.
//! - [`block`]: the block-scaled formats of `Nx_array.Block`.
//! - [`bigarray`]: views of bigarrays, and allocation advice, over the C of
//!   `ocaml/core/nx_stubs.c`.
//! - [`zlib`]: DEFLATE and CRC-32 of `.npz` members, over zlib-rs.
//! - [`codes`]: the generator of `ocaml/core/nx_codes.ml`, the codes and the
//!   parameter packing that OCaml shares with this crate.
//!
//! The exports are written by `#[ocaml_interop::export]`, which wraps those
//! that may allocate in a catch that would raise a panic as `Failure`. The
//! release profile aborts on panic instead (the workspace's Cargo.toml says
//! why), so no panic reaches OCaml: every export is total, indexing
//! nothing unchecked and calling only total kernels, and the `noalloc`
//! ones, which nothing catches, the same.
//!
//! ocaml-rs (the `ocaml` crate) serves where ocaml-interop 0.12 does not:
//! its `bytecode = "..."` twin reads its arguments from an array, the
//! convention OCaml's bytecode uses only for six arguments or more, where
//! `#[ocaml::bytecode_func]` takes them one by one as every external here
//! needs; and `#[derive(ocaml::ToValue)]` builds the facts record from a
//! Rust struct without a field list to keep in step by hand.
//!
//! Symbol names say which side defines them: every OCaml external is an
//! `nx_ml_*` export of this crate (a bytecode twin adds `_byte`); `nx_c_*`
//! are the C functions of `ocaml/core/nx_stubs.c`, what neither crate expresses,
//! which two of them call; `nx_*` is the C API of `nx_dtype.h` (the
//! `nx_array` crate).

pub mod bigarray;
pub mod block;
pub mod codes;
pub mod convert;
pub mod facts;
pub mod gguf;
pub mod number;
pub mod scalar;
pub mod text;
pub mod zlib;
