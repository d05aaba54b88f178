//! The portable paths of the block formats, for any processor; the
//! kernels of `x86_64/` take their tables, blocks and exact fallbacks
//! from here, never the reverse. The loops the dispatcher falls back to
//! are `#[inline(always)]`: each compiles into the dispatcher's function
//! that chose it.
//!
//! - [`quantize`] and [`dequantize`]: the exact path of OCP MX and NVFP4,
//!   elements and scales in two arrays, value by value.
//! - [`ggml`]: ggml's Q8_0, Q4_0, MXFP4 and NVFP4 blocks, exactly.
//! - [`float32`], [`float32_nvfp4`] and [`float32_loops`]: the fast path
//!   of quantizing values float32 holds, to nearest even: OCP MX's and
//!   ggml's Q8_0 and Q4_0 blocks, NVFP4's tables of bounds, the loops.
//! - [`fp4`]: E2M1 blocks into float32 and bfloat16 by a table per scale.
//! - [`ggml_f32`]: every ggml block type gguf-py dequantizes, into float32
//!   as gguf-py and ggml compute it, bit for bit.

pub mod dequantize;
pub mod float32;
pub mod float32_loops;
pub mod float32_nvfp4;
pub mod fp4;
pub mod ggml;
pub mod ggml_f32;
pub mod ggml_quant;
pub mod quantize;
