//! The dispatcher's tests: every path it can pick, on this processor,
//! gives the portable loops' bits.

use super::*;
use crate::block::io;
use crate::block::portable::float32_nvfp4::{E4M3_MAX, MIDPOINTS};
use crate::block::portable::fp4::{block_exact, GgmlMx, GgmlNv, Mx, Nv};
use crate::block::testing::{around, at_offsets, block};
use crate::format::pow2;
use crate::kernels::{hardware, E4M3_TO_F32};
use crate::testing::Xorshift;

// The float32 path of quantizing.

/// Values of the kinds of [`block`], then of NVFP4's element
/// boundaries under the tensor scale `st`, of ties of Q8_0 and Q4_0,
/// a NaN or an infinity here and there: `blocks` blocks of 64.
fn corpus(s: &mut u64, blocks: usize, st: f64) -> Vec<f32> {
    let value = |c: usize| f64::from(f32::from_bits(E4M3_TO_F32[c]));
    let mut xs = Vec::new();
    for i in 0..blocks {
        let mut b = block(s, 64);
        if i % 2 == 0 {
            let d = value(1 + i % E4M3_MAX) * st;
            for (j, x) in b.iter_mut().enumerate() {
                let near: Vec<f32> = around(MIDPOINTS[j % 7] * d).collect();
                *x = near[(i / 2 + j) % near.len()] * if j % 3 == 0 { -1.0 } else { 1.0 };
            }
        }
        if i % 6 == 1 {
            // Halves of 2^e, ties of Q8_0 under the scale 2^e (the
            // amax 127 × 2^e) or of Q4_0 under the scale 2^e (the
            // first value of largest magnitude −8 × 2^e).
            let e = pow2((i % 40) as i32 - 20) as f32;
            let (span, first) = if i % 12 == 1 { (32, 127.0) } else { (16, -8.0) };
            for (j, x) in b.iter_mut().enumerate() {
                *x = ((j % span) as f32 - (span / 2) as f32 + 0.5) * e;
            }
            b[0] = first * e;
            b[32] = b[0];
        }
        if i % 6 == 3 {
            // MXINT8's ties under 2^e, (j + 1/2) / 64 × 2^e, below a
            // largest magnitude just under 2^(e + 1), which rounds to
            // 128 and is clamped to 127.
            let e = pow2((i % 50) as i32 - 25) as f32;
            for (j, x) in b.iter_mut().enumerate() {
                let sign = if j % 3 == 1 { -1.0 } else { 1.0 };
                *x = sign * ((j % 32) as f32 * 4.0 + 0.5) / 64.0 * e;
            }
            let t = i / 6;
            let sign = if t / 12 % 2 == 1 { -1.0 } else { 1.0 };
            for h in [0, 32] {
                b[h] = sign * (2.0 - pow2(-((t % 12) as i32) - 1) as f32) * e;
            }
        }
        if i % 97 == 5 {
            b[(i * 7) % 64] = [f32::NAN, f32::INFINITY, -f32::INFINITY][i % 3];
        }
        xs.extend(b);
    }
    xs
}

/// The split and ggml outputs of the `n` values of `S` at `src` (`st`
/// NVFP4's tensor scale), by the dispatcher (the hardware loops here)
/// and by the portable loops, for every scheme and policy.
fn compare_paths<S: Source>(src: *const u8, n: usize, st: f32) {
    for scheme in Scheme::ALL {
        for policy in Policy::ALL {
            let p = Params {
                scheme,
                policy,
                rounding: Rounding::NearestEven,
                tensor_scale: st,
            };
            let (mut ea, mut eb) = (vec![0u8; 2 * n], vec![0u8; 2 * n]);
            let (mut sa, mut sb) = (vec![0u8; n], vec![0u8; n]);
            // Safety: n values of S; room for every scheme's bytes.
            let (ra, rb) = unsafe {
                if scheme.facts().layout == Layout::Split {
                    split32::<S>(&p, src, n, ea.as_mut_ptr(), sa.as_mut_ptr());
                    split_body::<S, false>(&p, src, n, eb.as_mut_ptr(), sb.as_mut_ptr());
                    (None, None)
                } else {
                    (
                        ggml32::<S>(&p, src, n, ea.as_mut_ptr()),
                        ggml_body::<S, false>(&p, src, n, eb.as_mut_ptr()),
                    )
                }
            };
            assert_eq!(ra, rb, "{scheme:?} {policy:?}");
            assert!(ea == eb && sa == sb, "{scheme:?} {policy:?} {}", S::CODE);
        }
    }
}

/// Both comparisons of the values `xs` held by `S`: the dispatcher's
/// and every path's loops against the portable ones.
fn compare<S: Source>(xs: &[f32], bytes: usize, enc: impl Fn(f32) -> u64, st: f32) {
    let src: Vec<u8> = xs
        .iter()
        .flat_map(|&x| enc(x).to_le_bytes()[..bytes].to_vec())
        .collect();
    compare_paths::<S>(src.as_ptr(), xs.len(), st);
    #[cfg(target_arch = "x86_64")]
    compare_mx_paths::<S>(src.as_ptr(), xs.len(), st);
}

#[test]
fn hardware_loops_give_the_portable_bits() {
    if !hardware() {
        return;
    }
    let mut s = 0x510e_527f_ade6_82d1u64;
    for st in [0.37f32, 1.0, 3e-30, 1e30] {
        let xs = corpus(&mut s, 600, f64::from(st));
        compare::<io::Float32>(&xs, 4, |x| u64::from(x.to_bits()), st);
        compare::<io::Bfloat16>(&xs, 2, |x| u64::from(x.to_bits() >> 16), st);
        let f16 = |x: f32| u64::from(half::f16::from_f32(x).to_bits());
        compare::<io::Float16>(&xs, 2, f16, st);
    }
}

/// The OCP MX blocks of the `n` values of `S` at `src` by the loops of
/// every hardware path (`mx_on`), against the portable ones, for
/// every float element and policy, in both layouts; and NVFP4's
/// under the tensor scale `st` and ggml's NVFP4
/// ([`compare_nvfp4_path`]).
#[cfg(target_arch = "x86_64")]
fn compare_mx_paths<S: Source>(src: *const u8, n: usize, st: f32) {
    let hardware = crate::kernels::tests::paths();
    let hardware = hardware.iter().filter(|&&p| p != Path::Portable);
    for &path in hardware {
        for scheme in Scheme::ALL {
            let e = scheme.facts().element;
            let ggml = scheme == Scheme::GgmlMxfp4;
            let e8m0 = matches!(scheme.facts().scale, Scale::E8m0);
            if scheme == Scheme::Nvfp4 {
                // Every count of blocks past a multiple of four.
                for tail in 0..4 {
                    compare_nvfp4_path::<S>(path, scheme, src, n - 16 * tail, st);
                }
            }
            if scheme == Scheme::GgmlNvfp4 {
                compare_nvfp4_path::<S>(path, scheme, src, n, st);
            }
            if !e8m0 {
                continue;
            }
            for policy in Policy::ALL {
                let p = Params {
                    scheme,
                    policy,
                    rounding: Rounding::NearestEven,
                    tensor_scale: 1.0,
                };
                let (mut ea, mut eb) = (vec![0u8; 2 * n], vec![0u8; 2 * n]);
                let (mut sa, mut sb) = (vec![0u8; n], vec![0u8; n]);
                // Safety: n values of S; room for every scheme's
                // bytes; the path is this processor's.
                unsafe {
                    let out = if ggml {
                        ggml_body::<S, false>(&p, src, n, eb.as_mut_ptr());
                        MxOut::Ggml(ea.as_mut_ptr())
                    } else {
                        split_body::<S, false>(&p, src, n, eb.as_mut_ptr(), sb.as_mut_ptr());
                        MxOut::Split(ea.as_mut_ptr(), sa.as_mut_ptr())
                    };
                    assert!(mx_on::<S>(path, e, policy, src, n, out));
                }
                assert!(
                    ea == eb && sa == sb,
                    "{path:?} {scheme:?} {policy:?} {}",
                    S::CODE
                );
            }
        }
    }
}

/// NVFP4's or ggml's NVFP4 blocks of the `n` values of `S` at `src` by
/// the loop of `path` against the portable loop.
#[cfg(target_arch = "x86_64")]
fn compare_nvfp4_path<S: Source>(path: Path, scheme: Scheme, src: *const u8, n: usize, st: f32) {
    let p = Params {
        scheme,
        policy: Policy::Floor,
        rounding: Rounding::NearestEven,
        tensor_scale: st,
    };
    let (mut ea, mut eb) = (vec![0u8; n], vec![0u8; n]);
    let (mut sa, mut sb) = (vec![0u8; n], vec![0u8; n]);
    // Safety: n values of S; room for the scheme's bytes; the path is
    // this processor's.
    let (ra, rb) = unsafe {
        if scheme == Scheme::Nvfp4 {
            let t = Nvfp4Tables::nvfp4(f64::from(st));
            nvfp4_on::<S>(path, &t, src, n, ea.as_mut_ptr(), sa.as_mut_ptr());
            split_body::<S, false>(&p, src, n, eb.as_mut_ptr(), sb.as_mut_ptr());
            (None, None)
        } else {
            let t = Nvfp4Tables::ggml();
            (
                ggml_nvfp4_on::<S>(path, &t, src, n, ea.as_mut_ptr()),
                ggml_body::<S, false>(&p, src, n, eb.as_mut_ptr()),
            )
        }
    };
    assert_eq!(ra, rb, "{path:?} {scheme:?}");
    assert!(ea == eb && sa == sb, "{path:?} {scheme:?} {}", S::CODE);
}

// The E2M1 blocks into float32 and bfloat16.

/// Checks `blocks` dequantized on every path this processor has,
/// streaming or not, into every byte offset of a cache line, against
/// each value computed exactly; the bytes around stay untouched.
fn check<B: Blocks>(blocks: &B, dest: Dest, what: &str) {
    let per = 2 * B::BYTES * dest.bytes();
    let len = blocks.count() * per;
    let mut expect = vec![0u8; len];
    // Safety: room for every block's values.
    unsafe {
        for k in 0..blocks.count() {
            let (p, s) = blocks.block(k);
            block_exact::<B>(p, blocks.scale(s), dest, expect.as_mut_ptr().add(k * per));
        }
    }
    for path in crate::kernels::tests::paths() {
        let write = |p: *mut u8, stream| {
            // Safety: room for len bytes at p.
            unsafe { fp4_on(path, blocks, dest, p, stream) }
        };
        at_offsets(1, &expect, write, |i| {
            format!("{what} {dest:?} {path:?}: byte {i}")
        });
    }
}

#[test]
fn every_path_is_the_exact_one() {
    let mut rng = Xorshift::new(0x0f0f_1234_9999_7777u64);
    let mut bytes = vec![0u8; 36 * 256];
    for b in bytes.iter_mut() {
        let s = rng.next_u64();
        *b = s as u8;
    }
    let scales: Vec<u8> = (0..=255).collect();
    let p = bytes.as_ptr();
    for dest in [Dest::Float32, Dest::Bfloat16] {
        let mx = Mx {
            elements: p,
            scales: scales.as_ptr(),
            n: 256 * 32,
        };
        check(&mx, dest, "mx");
        for st in [1.0, 0.1f32 as f64, pow2(-140), 3e30f32 as f64] {
            // An odd number of blocks too: NVFP4 into bfloat16 takes
            // them two at a time.
            for n in [256 * 16, 255 * 16] {
                let nv = Nv {
                    elements: p,
                    scales: scales.as_ptr(),
                    n,
                    st,
                };
                check(&nv, dest, &format!("nv {st:e} {n}"));
            }
        }
        check(
            &GgmlMx {
                blocks: p,
                n: 256 * 32,
            },
            dest,
            "ggml mx",
        );
        check(
            &GgmlNv {
                blocks: p,
                n: 256 * 64,
            },
            dest,
            "ggml nv",
        );
        check(
            &GgmlNv {
                blocks: p,
                n: 63 * 64,
            },
            dest,
            "ggml nv odd",
        );
    }
}
