//! Fast kernels for the hot pairs of the conversion rule, under the default
//! rounding (to nearest, ties to even) and overflow (the Stores rule), on
//! little-endian data. Each gives the same bits as the general kernel of
//! `convert.rs`; the tests compare them, every hardware path and its
//! portable fallback.
//!
//! - [`elements`]: the element functions, branch-free integer code that
//!   LLVM vectorises, and the decode tables of the small formats. A double
//!   goes to a 16-bit or smaller format by way of float32 rounded to odd
//!   (`f64_to_f32_odd`), which is exact for targets of at most 22 bits of
//!   precision, or in one rounding (`f64_to_small`).
//! - [`portable`]: the loops, for any processor.
//! - `x86_64`: the same loops compiled with AVX2 and F16C, and the kernels
//!   written with their intrinsics.
//! - `small_x86`: the AVX2 and F16C kernels of the formats of a byte or
//!   less (float8_e4m3fn, float8_e5m2, float4_e2m1fn, int4), from float32
//!   and back.
//! - `small_avx512`: AVX-512 kernels from float32 into float8_e4m3fn,
//!   float8_e5m2 and float4_e2m1fn, built when the compiler has the intrinsics (Rust 1.89;
//!   `build.rs` sets the cfg `nx_avx512`).
//! - [`find`], the dispatcher, picks one kernel per pair on the [`Path`]
//!   in use, [`path`], the one place that decides whether and which
//!   processor's paths are used.

pub(crate) mod elements;
pub(crate) mod portable;
#[cfg(all(target_arch = "x86_64", nx_avx512))]
mod small_avx512;
#[cfg(target_arch = "x86_64")]
mod small_x86;
#[cfg(target_arch = "x86_64")]
pub(crate) mod x86_64;

pub(crate) use elements::*;

use crate::facts::*;
use core::sync::atomic::{AtomicU8, Ordering};

/// Outputs of at least this many bytes (16 MiB, past this machine class's
/// caches) into existing storage are written with streaming stores, by
/// the conversion kernels and by the blocks' (`crate::block`): kept in the
/// caches, they would only evict the input, and cost a read of every line
/// they write. New storage (the allocating calls, `NX_DST_FRESH`) takes
/// ordinary stores: each of its pages faults on the first touch, and the
/// kernel's zeroing leaves the page in the caches, where ordinary stores
/// find it and streaming ones must evict it first. Into new float32
/// storage, 1e7 elements from bfloat16, float16, float8 and int4 took 4 to
/// 8 ms with ordinary stores against 9 to 13 ms streamed (touching the
/// pages first, then streaming, 4 to 9 ms); at 1e8, 70 to 95 against 90
/// to 130 ms (one run each, on a busy machine).
pub(crate) const STREAM_BYTES: usize = 16 << 20;

/// A kernel: converts `n` elements at `src` into `dst`.
pub type Kernel = unsafe fn(dst: *mut u8, src: *const u8, n: usize);

/// The kernels' paths, from the slowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Path {
    /// The portable loops, for any processor.
    Portable = 1,
    /// AVX2 and F16C.
    Avx2 = 2,
    /// AVX-512 F, BW and VBMI where a pair has such a kernel, the AVX2
    /// one elsewhere.
    Avx512 = 3,
}

/// The path in use, as a `Path`, or 0 before it is decided.
static PATH: AtomicU8 = AtomicU8::new(0);

/// The path in use: the fastest the processor has, unless the environment
/// variable `NX_ARRAY_PORTABLE` is set.
#[inline]
pub fn path() -> Path {
    match PATH.load(Ordering::Relaxed) {
        0 => decide(),
        1 => Path::Portable,
        2 => Path::Avx2,
        _ => Path::Avx512,
    }
}

/// Whether the hardware kernels are in use, which have AVX2 and F16C.
#[inline]
pub fn hardware() -> bool {
    path() != Path::Portable
}

#[cold]
#[inline(never)]
fn decide() -> Path {
    let p = match std::env::var_os("NX_ARRAY_PORTABLE") {
        Some(_) => Path::Portable,
        None => detect(),
    };
    PATH.store(p as u8, Ordering::Relaxed);
    p
}

/// The fastest path of this processor, of those built.
fn detect() -> Path {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::is_x86_feature_detected as has;
        if !(has!("avx2") && has!("f16c")) {
            return Path::Portable;
        }
        #[cfg(nx_avx512)]
        if has!("avx512f") && has!("avx512bw") && has!("avx512vbmi") {
            return Path::Avx512;
        }
        Path::Avx2
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        Path::Portable
    }
}

/// The fast kernel of a pair, if there is one, on the path in use
/// ([`path`]) if `hw`, else the portable one; `stream` as [`find_on`]'s.
pub fn find(dst: u8, src: u8, hw: bool, stream: bool) -> Option<Kernel> {
    find_on(dst, src, if hw { path() } else { Path::Portable }, stream)
}

/// The fast kernel of a pair on `path`, if there is one: its hardware
/// kernels run only on processors with that path's features. With
/// `stream`, the kernels write outputs of [`STREAM_BYTES`] or more with
/// streaming stores, which suits an existing destination; without, with
/// ordinary stores, which suits new storage (see [`STREAM_BYTES`]).
pub fn find_on(dst: u8, src: u8, path: Path, stream: bool) -> Option<Kernel> {
    // A kernel `$k` that may stream, as `stream` asks.
    #[allow(unused_macros)]
    macro_rules! streaming {
        ($($k:ident)::+) => {
            if stream {
                $($k)::+::<true> as Kernel
            } else {
                $($k)::+::<false> as Kernel
            }
        };
    }
    #[cfg(all(target_arch = "x86_64", nx_avx512))]
    if path == Path::Avx512 {
        match (src, dst) {
            (FLOAT32, FLOAT8_E4M3FN) => return Some(streaming!(small_avx512::f32_e4m3)),
            (FLOAT32, FLOAT8_E5M2) => return Some(streaming!(small_avx512::f32_e5m2)),
            (FLOAT32, FLOAT4_E2M1FN) => return Some(streaming!(small_avx512::f32_e2m1)),
            _ => (),
        }
    }
    let hw = path != Path::Portable;
    // The kernel `$name` of module `$hw` (by default `x86_64`) on the
    // hardware paths, else its portable twin; `stream` for those that may
    // stream.
    macro_rules! pick {
        ($name:ident) => {
            pick!(x86_64, $name)
        };
        (stream $name:ident) => {
            pick!(stream x86_64, $name)
        };
        ($hw:ident, $name:ident) => {{
            #[cfg(target_arch = "x86_64")]
            if hw {
                return Some($hw::$name as Kernel);
            }
            let _ = hw;
            Some(portable::$name as Kernel)
        }};
        (stream $hw:ident, $name:ident) => {{
            #[cfg(target_arch = "x86_64")]
            if hw {
                return Some(streaming!($hw::$name));
            }
            let _ = (hw, stream);
            Some(portable::$name as Kernel)
        }};
    }
    match (src, dst) {
        (FLOAT32, BFLOAT16) => pick!(stream f32_bf16),
        (FLOAT32, FLOAT16) => pick!(f32_f16),
        (FLOAT32, FLOAT8_E4M3FN) => pick!(stream small_x86, f32_e4m3),
        (FLOAT32, FLOAT8_E5M2) => pick!(stream small_x86, f32_e5m2),
        (FLOAT32, FLOAT4_E2M1FN) => pick!(stream small_x86, f32_e2m1),
        (FLOAT32, INT4) => pick!(stream small_x86, f32_int4),
        (FLOAT64, FLOAT32) => pick!(f64_f32),
        (FLOAT64, BFLOAT16) => pick!(stream f64_bf16),
        (FLOAT64, FLOAT16) => pick!(f64_f16),
        (INT32, FLOAT16) => pick!(i32_f16),
        (BFLOAT16, FLOAT32) => pick!(stream bf16_f32),
        (FLOAT16, FLOAT32) => pick!(stream f16_f32),
        (FLOAT16, BFLOAT16) => pick!(stream f16_bf16),
        (FLOAT8_E4M3FN, FLOAT32) => pick!(stream small_x86, e4m3_f32),
        (FLOAT8_E5M2, FLOAT32) => pick!(stream small_x86, e5m2_f32),
        (FLOAT4_E2M1FN, FLOAT32) => pick!(stream small_x86, e2m1_f32),
        (INT4, FLOAT32) => pick!(stream small_x86, int4_f32),
        (FLOAT32, FLOAT64) => pick!(f32_f64),
        (BFLOAT16, FLOAT64) => pick!(bf16_f64),
        (FLOAT16, FLOAT64) => pick!(f16_f64),
        (FLOAT8_E4M3FN, FLOAT64) => pick!(e4m3_f64),
        (FLOAT8_E5M2, FLOAT64) => pick!(e5m2_f64),
        _ => None,
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::convert::{storage, Conversion, Overflow};
    use crate::format::binary32::{INFINITY as F32_INF, SIGN as F32_SIGN};
    use crate::format::Rounding;
    use crate::testing::Xorshift;
    #[cfg(target_arch = "x86_64")]
    use x86_64::LINE;

    const PAIRS: [(u8, u8); 22] = [
        (FLOAT32, BFLOAT16),
        (FLOAT32, FLOAT16),
        (FLOAT32, FLOAT8_E4M3FN),
        (FLOAT32, FLOAT8_E5M2),
        (FLOAT32, FLOAT4_E2M1FN),
        (FLOAT32, INT4),
        (FLOAT64, FLOAT32),
        (FLOAT64, BFLOAT16),
        (FLOAT64, FLOAT16),
        (INT32, FLOAT16),
        (BFLOAT16, FLOAT32),
        (FLOAT16, FLOAT32),
        (FLOAT16, BFLOAT16),
        (FLOAT8_E4M3FN, FLOAT32),
        (FLOAT8_E5M2, FLOAT32),
        (FLOAT4_E2M1FN, FLOAT32),
        (INT4, FLOAT32),
        (FLOAT32, FLOAT64),
        (BFLOAT16, FLOAT64),
        (FLOAT16, FLOAT64),
        (FLOAT8_E4M3FN, FLOAT64),
        (FLOAT8_E5M2, FLOAT64),
    ];

    pub(super) fn general(dst: u8, src: u8, input: &[u8], n: usize) -> Vec<u8> {
        let c = Conversion {
            dst: storage(dst.into()).unwrap(),
            src: storage(src.into()).unwrap(),
            rounding: Rounding::NearestEven,
            overflow: Overflow::Stores,
            swap_src: false,
            swap_dst: false,
            fresh_dst: false,
        };
        let mut out = vec![0u8; c.dst.bytes(n)];
        // Safety: sized for n elements.
        unsafe { c.run_general(out.as_mut_ptr(), input.as_ptr(), n) };
        out
    }

    /// Inputs that reach every branch: every 16-bit and smaller encoding,
    /// and for 32- and 64-bit sources, random bits, random values near
    /// the targets' halfway points, and the special values.
    fn inputs(src: u8) -> Vec<u8> {
        let mut rng = Xorshift::new(0x9e37_79b9_7f4a_7c15);
        let mut next = || rng.next_u64();
        let bits = TABLE[src as usize].bits;
        let mut out = Vec::new();
        match bits {
            4 => out.extend((0..=255u8).collect::<Vec<_>>()),
            8 => out.extend((0..=255u8).collect::<Vec<_>>()),
            16 => (0..=u16::MAX).for_each(|v| out.extend(v.to_le_bytes())),
            32 => {
                for k in 0..400_000u32 {
                    let r = next() as u32;
                    // Random bits, then halfway points of 8- to 16-bit
                    // formats with low bits set or clear.
                    let v = match k % 4 {
                        0 => r,
                        1 => (r & 0xffff_0000) | 0x8000,
                        2 => (r & 0xfff0_0000) | 0x0008_0000 | (r & 1),
                        _ => (r & 0xffff_e000) | 0x1000,
                    };
                    out.extend(v.to_le_bytes());
                }
                for v in [
                    0u32,
                    F32_SIGN,
                    F32_INF,
                    F32_INF | F32_SIGN,
                    0x7fc0_0000,
                    0x7f80_0001,
                    1,
                    0x7f7f_ffff,
                ] {
                    out.extend(v.to_le_bytes());
                }
                if src == INT32 {
                    for v in [i32::MIN, i32::MAX, 65519, 65520, -65520, 2049, 4097] {
                        out.extend(v.to_le_bytes());
                    }
                }
            }
            _ => {
                for k in 0..400_000u64 {
                    let r = next();
                    // Exponents where bfloat16 and float16 are normal,
                    // runs of them, with halfway and near-halfway bits.
                    let exp = (880 + (r >> 52) % 300) << 52;
                    let in_range = (r & 0x800f_ffff_ffff_ffff) | exp;
                    let v = match k % 8 {
                        0 => r,
                        1 => (r & 0xffff_ffff_e000_0000) | 0x1000_0000 | (r & 0xf),
                        2 => (r & 0xffff_f000_0000_0000) | 0x0000_0800_0000_0000,
                        3 | 4 => in_range,
                        5 => (in_range & !((1 << 45) - 1)) | (1 << 44),
                        6 => (in_range & !((1 << 45) - 1)) | (1 << 44) | 1,
                        _ => (in_range & !((1 << 45) - 1)) | ((1 << 44) - 1),
                    };
                    out.extend(v.to_le_bytes());
                }
                for x in [
                    0.0,
                    -0.0,
                    f64::INFINITY,
                    f64::NAN,
                    1e300,
                    1e-300,
                    65519.99,
                    3.4e38,
                    1e-45,
                ] {
                    out.extend(f64::to_le_bytes(x));
                }
            }
        }
        out
    }

    /// The kernel of (dst, src) on both paths, over `n` elements of
    /// `input` from byte `from`, into an output `to` bytes into its buffer,
    /// against the general kernel.
    fn both_paths_agree(dst: u8, src: u8, input: &[u8], from: usize, to: usize, n: usize) {
        let expect = general(dst, src, &input[from..], n);
        for path in paths() {
            for stream in [true, false] {
                let mut out = vec![0u8; to + expect.len()];
                let k = find_on(dst, src, path, stream).unwrap();
                // Safety: sized for n elements.
                unsafe { k(out.as_mut_ptr().add(to), input.as_ptr().add(from), n) };
                assert!(out[to..] == expect[..], "{path:?}, stream {stream}");
            }
        }
    }

    /// Every path this processor has, from the portable one.
    pub(crate) fn paths() -> Vec<Path> {
        [Path::Portable, Path::Avx2, Path::Avx512]
            .into_iter()
            .filter(|&p| p <= detect())
            .collect()
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn the_fastest_path_is_chosen() {
        use std::arch::is_x86_feature_detected as has;
        // On a processor with AVX-512 and a compiler that has it, the
        // tests run its kernels, which differ from the AVX2 ones.
        if cfg!(nx_avx512) && has!("avx512f") && has!("avx512bw") && has!("avx512vbmi") {
            assert_eq!(detect(), Path::Avx512);
            for dst in [FLOAT8_E4M3FN, FLOAT8_E5M2, FLOAT4_E2M1FN] {
                let on = |p| find_on(dst, FLOAT32, p, true).unwrap();
                assert!(!core::ptr::fn_addr_eq(on(Path::Avx512), on(Path::Avx2)));
            }
        } else if has!("avx2") && has!("f16c") {
            assert_eq!(detect(), Path::Avx2);
        }
        assert_eq!(
            path() == detect(),
            std::env::var_os("NX_ARRAY_PORTABLE").is_none()
        );
    }

    #[test]
    fn streaming_stores_agree() {
        // Every bfloat16 and float16 encoding, repeated past the streaming
        // threshold, from an odd offset.
        let one: Vec<u8> = (0..=u16::MAX).flat_map(|v| v.to_le_bytes()).collect();
        let input: Vec<u8> = one
            .iter()
            .cycle()
            .take(one.len() * 66 + 2)
            .copied()
            .collect();
        let n = input.len() / 2 - 1;
        both_paths_agree(FLOAT32, BFLOAT16, &input, 2, 4, n);
        both_paths_agree(FLOAT32, FLOAT16, &input, 2, 4, n);
        both_paths_agree(BFLOAT16, FLOAT16, &input, 2, 4, n);
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn streaming_stores_agree_float64() {
        // Doubles in bfloat16's normal range with halfway and near-halfway
        // bits, so that the vector path serves most blocks, and now and
        // then one it does not; past the streaming threshold, from an odd
        // offset.
        let n = STREAM_BYTES / 2 + 37;
        let mut rng = Xorshift::new(0x2545_f491_4f6c_dd1d);
        let input: Vec<u8> = (0..n as u64 + 1)
            .flat_map(|k| {
                let s = rng.next_u64();
                let in_range = (s & 0x800f_ffff_ffff_ffff) | ((900 + (s >> 52) % 250) << 52);
                let v = match k % 4 {
                    _ if k % 1999 == 0 => {
                        [f64::NAN, 1e-300, 1e300, -0.0][(k % 4) as usize].to_bits()
                    }
                    0 => in_range,
                    1 => (in_range & !((1 << 45) - 1)) | (1 << 44),
                    2 => (in_range & !((1 << 45) - 1)) | (1 << 44) | (s & 1),
                    _ => (in_range & !((1 << 45) - 1)) | ((1 << 44) - 1),
                };
                v.to_le_bytes()
            })
            .collect();
        both_paths_agree(BFLOAT16, FLOAT64, &input, 8, 2, n);
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn streaming_stores_agree_int4() {
        // Every byte of two int4 elements, past the streaming threshold,
        // into every offset of a float32 output from a cache line's start:
        // those that put an odd number of elements before it do not stream.
        let n = STREAM_BYTES / 4 + 37;
        let input: Vec<u8> = (0..n / 2 + 1).map(|i| (i * 167 + i / 256) as u8).collect();
        let expect = general(FLOAT32, INT4, &input, n);
        for (path, stream) in paths().into_iter().flat_map(|p| [(p, true), (p, false)]) {
            let k = find_on(FLOAT32, INT4, path, stream).unwrap();
            let mut out = vec![0u8; 4 * n + 2 * LINE];
            let start = (LINE - out.as_ptr() as usize % LINE) % LINE;
            for offset in (0..LINE).step_by(4) {
                let at = start + offset;
                // Safety: sized for n elements from at.
                unsafe { k(out.as_mut_ptr().add(at), input.as_ptr(), n) };
                assert!(
                    out[at..at + 4 * n] == expect[..],
                    "{path:?}, stream {stream}, offset {offset}"
                );
            }
        }
    }

    #[test]
    #[cfg(target_arch = "x86_64")]
    fn streaming_stores_agree_float32() {
        // float32 bits of every bfloat16 halfway pattern and more, past the
        // streaming threshold, from an odd offset.
        let n = STREAM_BYTES / 2 + 37;
        let input: Vec<u8> = (0..n as u32 + 1)
            .flat_map(|i| (i.wrapping_mul(2_654_435_761) ^ (i << 15)).to_le_bytes())
            .collect();
        both_paths_agree(BFLOAT16, FLOAT32, &input, 4, 2, n);
    }

    #[test]
    fn fast_kernels_agree_with_the_general_one() {
        for &(src, dst) in &PAIRS {
            let input = inputs(src);
            let n = input.len() * 8 / TABLE[src as usize].bits as usize;
            for n in [n, n - 1, 1, 0] {
                let expect = general(dst, src, &input, n);
                for path in paths() {
                    let k = find_on(dst, src, path, true).expect("a kernel");
                    let mut out = vec![0xaau8; expect.len()];
                    // Safety: sized for n elements.
                    unsafe { k(out.as_mut_ptr(), input.as_ptr(), n) };
                    if let Some(i) = (0..expect.len()).find(|&i| out[i] != expect[i]) {
                        panic!(
                            "{} -> {} ({path:?}), n = {n}: byte {i} is {:#x}, expected {:#x}",
                            TABLE[src as usize].name, TABLE[dst as usize].name, out[i], expect[i]
                        );
                    }
                }
            }
        }
    }
}
