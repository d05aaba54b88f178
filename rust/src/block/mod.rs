//! Block-scaled formats: elements that share a scale, as OCP Microscaling
//! (MX v1.0), NVIDIA's NVFP4 and ggml's GGUF blocks store them.
//!
//! - [`formats`]: the formats a block holds that are not dtypes (E8M0,
//!   the 6-bit floats, ggml's unsigned E4M3) and each scheme's element and
//!   scale formats.
//! - [`scheme`]: the schemes and their facts (block size, bytes per block).
//! - [`policy`]: how an E8M0 scale is chosen from a block's largest
//!   magnitude.
//! - [`exact`]: quotients rounded once, exactly.
//! - [`quantize`] and [`dequantize`]: the kernels of OCP MX and NVFP4,
//!   elements and scales in two arrays.
//! - [`fp4`]: the fast path of E2M1 blocks into float32 and bfloat16;
//!   `fp4_avx512`, its kernels with AVX-512; `mx_bytes`, the fast path of
//!   OCP MX's byte elements (MXFP8, MXFP6, MXINT8) into the same.
//! - [`quantize32`]: the fast path of quantizing values float32 holds;
//!   `quantize_avx2`, its block functions with AVX2; `quantize_avx512`,
//!   OCP MX's with AVX-512.
//! - [`ggml`]: ggml's Q8_0, Q4_0, MXFP4 and NVFP4 blocks; `ggml_q`, the
//!   fast path of Q8_0 and Q4_0 into float32 and bfloat16, with AVX2.
//! - [`api`]: the entry points the OCaml library calls, all total.

pub mod api;
pub mod dequantize;
pub mod exact;
pub mod formats;
pub mod fp4;
#[cfg(all(target_arch = "x86_64", nx_avx512))]
mod fp4_avx512;
pub mod ggml;
#[cfg(target_arch = "x86_64")]
mod ggml_q;
pub mod io;
#[cfg(target_arch = "x86_64")]
mod mx_bytes;
pub mod policy;
pub mod quantize;
pub mod quantize32;
#[cfg(target_arch = "x86_64")]
mod quantize_avx2;
#[cfg(all(target_arch = "x86_64", nx_avx512))]
mod quantize_avx512;
pub mod scheme;

/// What the tests of the fast paths share.
#[cfg(test)]
pub(crate) mod testing {
    /// Runs `write(p, stream)` at byte offsets 0 to 63 (every `step`th)
    /// of a cache line, streamed and not, and checks that it writes
    /// `want` there and nothing around it; on a difference, panics with
    /// `what` of the first byte that differs.
    pub(crate) fn at_offsets(
        step: usize,
        want: &[u8],
        write: impl Fn(*mut u8, bool),
        what: impl Fn(usize) -> String,
    ) {
        let bytes = want.len();
        // A line's worth of room before the offsets, a guard line after.
        let mut out = vec![0u8; bytes + 192];
        let line = (64 - out.as_ptr() as usize % 64) % 64;
        for (off, stream) in (0..64)
            .step_by(step)
            .flat_map(|off| [(off, false), (off, true)])
        {
            let at = line + off;
            out.fill(0xa5);
            write(out.as_mut_ptr().wrapping_add(at), stream);
            let got = &out[at..at + bytes];
            if let Some(i) = (0..bytes).find(|&i| got[i] != want[i]) {
                panic!("offset {off}, stream {stream}: {}", what(i));
            }
            let around = out[..at].iter().chain(&out[at + bytes..]);
            assert!(
                around.into_iter().all(|&b| b == 0xa5),
                "offset {off}, stream {stream}: bytes around written"
            );
        }
    }
}
