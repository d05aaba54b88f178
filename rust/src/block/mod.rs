//! Block-scaled formats: elements that share a scale, as OCP Microscaling
//! (MX v1.0), NVIDIA's NVFP4 and ggml's GGUF blocks store them.
//!
//! The modules in layers, each importing only from its own and those
//! below (the test of `layers.rs` holds them to it):
//!
//! 1. The facts of the schemes: [`formats`], the formats a block holds
//!    that are not dtypes (E8M0, the 6-bit floats, ggml's unsigned E4M3)
//!    and each scheme's element and scale formats; [`scheme`], the
//!    schemes and their facts (block size, bytes per block); [`policy`],
//!    how an E8M0 scale is chosen from a block's largest magnitude;
//!    [`exact`], quotients rounded once, exactly.
//! 2. The portable paths: [`io`], the sources and destinations, one
//!    element at a time; [`portable`], the exact path of quantizing and
//!    dequantizing every scheme, the float32 fast path of quantizing, the
//!    table path of E2M1 blocks, each portably.
//! 3. `x86_64`: the kernels with AVX2 and AVX-512, over the portable
//!    paths' tables and blocks.
//! 4. [`dispatch`]: the one place that picks a path or a kernel, at run
//!    time.
//! 5. [`api`]: the entry points the OCaml library calls, all total.

pub mod api;
pub mod dispatch;
pub mod exact;
pub mod formats;
pub mod io;
pub mod policy;
pub mod portable;
pub mod scheme;
#[cfg(target_arch = "x86_64")]
mod x86_64;

/// What the tests share.
#[cfg(test)]
pub(crate) mod testing {
    use crate::format::pow2;

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

    /// The next of the xorshift `s` (the float32 path's tests draw from it).
    pub(crate) fn next(s: &mut u64) -> u64 {
        *s ^= *s << 13;
        *s ^= *s >> 7;
        *s ^= *s << 17;
        *s
    }

    /// A block of float32 values of the kinds that matter: random spreads,
    /// grid values and midpoints at a scale, zeros, subnormals.
    pub(crate) fn block(s: &mut u64, len: usize) -> Vec<f32> {
        let kind = next(s) % 5;
        let e = (next(s) % 60) as i32 - 30;
        (0..len)
            .map(|_| {
                let r = next(s);
                let sign = if r & 1 == 0 { 1.0 } else { -1.0 };
                sign * match kind {
                    0 => {
                        f32::from_bits((r >> 40) as u32 | 0x3f80_0000)
                            * pow2(e - (r % 30) as i32) as f32
                    }
                    1 => {
                        [0.25f32, 0.75, 1.25, 2.5, 3.5, 5.0, 6.0, 0.125, 1.0625][(r % 9) as usize]
                            * pow2(e) as f32
                    }
                    2 => 0.0,
                    3 => f32::from_bits((r >> 44) as u32),
                    _ => f32::from_bits((r as u32) & 0x7f7f_ffff),
                }
            })
            .collect()
    }

    /// The float32 magnitudes at `t` and two steps either side.
    pub(crate) fn around(t: f64) -> impl Iterator<Item = f32> {
        let r = t as f32;
        let (d, u) = (r.next_down(), r.next_up());
        [d.next_down(), d, r, u, u.next_up()]
            .into_iter()
            .filter(|x| x.is_finite() && *x >= 0.0)
    }
}
