//! The block formats' kernels with x86_64's vector extensions, each
//! giving the bits of the portable path it replaces (`portable/`, whose
//! tables, blocks and exact fallbacks they use); `dispatch.rs` runs them
//! only on processors that have their features.
//!
//! - `quantize_avx2`, `quantize_avx512`: the float32 fast path's loops,
//!   eight and 16 values a vector.
//! - `fp4_avx2`, `fp4_avx512`: E2M1 blocks into float32 and bfloat16.
//! - `mx_bytes`: OCP MX's byte elements (MXFP8, MXFP6, MXINT8) into the
//!   same, with AVX2 and F16C.
//! - `ggml_q`: ggml's Q8_0 and Q4_0 into the same, with AVX2.
//! - `ggml_types`: ggml's types of published models (Q8_0, Q4_K, Q5_K,
//!   Q6_K, IQ4_XS, MXFP4, NVFP4) into float32, bfloat16 and float16, as
//!   `portable/ggml_f32` computes them, with AVX2 and F16C.
//!
//! The AVX-512 ones are built only by compilers that have the intrinsics
//! (the cfg `nx_avx512` of `build.rs`).

pub(super) mod fp4_avx2;
#[cfg(nx_avx512)]
pub(super) mod fp4_avx512;
pub(super) mod ggml_q;
pub(super) mod ggml_types;
pub(super) mod mx_bytes;
pub(super) mod quantize_avx2;
#[cfg(nx_avx512)]
pub(super) mod quantize_avx512;
