//! The Rust speed references of `make bench`: the `half` crate's slice
//! conversions and the `ryu` crate, printed as CSV rows
//! `impl,case,n,seconds` like test/bench/bench.ml's.

use half::slice::HalfFloatSliceExt;
use half::{bf16, f16};
use std::hint::black_box;
use std::time::Instant;

/// The best time of one call, as test/bench/bench.ml's `time` takes it:
/// calls batched so that a batch lasts at least 2 ms, batches run at least
/// 3 times and until 0.5 s are spent, the best batch's mean.
fn time(mut f: impl FnMut()) -> f64 {
    let mut batch = |reps: u32| {
        let t = Instant::now();
        for _ in 0..reps {
            f();
        }
        t.elapsed().as_secs_f64()
    };
    let mut reps = 1;
    while batch(reps) < 0.002 {
        reps *= 2;
    }
    let (mut best, mut total, mut runs) = (f64::INFINITY, 0.0, 0);
    while runs < 3 || (total < 0.5 && runs < 10_000) {
        let s = batch(reps);
        best = best.min(s / f64::from(reps));
        total += s;
        runs += 1;
    }
    best
}

fn row(imp: &str, case: &str, n: usize, s: f64) {
    println!("{imp},{case},{n},{s:.9}");
}

fn main() {
    println!("impl,case,n,seconds");
    let sizes: Vec<usize> = std::env::args()
        .skip(1)
        .map(|s| s.parse::<f64>().expect("a size") as usize)
        .collect();
    for &n in &sizes {
        let f64s: Vec<f64> = (0..n)
            .map(|i| ((i * 7919) % 10007) as f64 / 10007.0 * 4.0 - 2.0)
            .collect();
        let f32s: Vec<f32> = f64s.iter().map(|&x| x as f32).collect();
        let mut h = vec![f16::ZERO; n];
        let mut b = vec![bf16::ZERO; n];
        let mut out = vec![0f32; n];
        row(
            "half",
            "float32->float16",
            n,
            time(|| h.convert_from_f32_slice(black_box(&f32s))),
        );
        row(
            "half",
            "float32->bfloat16",
            n,
            time(|| b.convert_from_f32_slice(black_box(&f32s))),
        );
        row(
            "half",
            "float64->float16",
            n,
            time(|| h.convert_from_f64_slice(black_box(&f64s))),
        );
        row(
            "half",
            "float64->bfloat16",
            n,
            time(|| b.convert_from_f64_slice(black_box(&f64s))),
        );
        row(
            "half",
            "back:float16->float32",
            n,
            time(|| h.convert_to_f32_slice(&mut out)),
        );
        row(
            "half",
            "back:bfloat16->float32",
            n,
            time(|| b.convert_to_f32_slice(&mut out)),
        );
    }
    let xs: Vec<f64> = (0..1024u64)
        .map(|i| f64::from_bits(0x3f00_0000_0000_0000 + i * 0x1234_5678_9abc))
        .collect();
    // ryu, and pp_value's text from Rust (Schubfach and our layout), in turns so
    // that both see the same moments of a noisy machine.
    let m = 100_000;
    let mut ryu_buf = ryu::Buffer::new();
    let mut nx_buf = [0 as std::os::raw::c_char; 64];
    let (mut ryu_best, mut nx_best) = (f64::INFINITY, f64::INFINITY);
    for _ in 0..60 {
        let t = Instant::now();
        for i in 0..m {
            black_box(ryu_buf.format_finite(xs[i & 1023]).len());
        }
        ryu_best = ryu_best.min(t.elapsed().as_secs_f64());
        let t = Instant::now();
        for i in 0..m {
            // Safety: nx_buf has 64 bytes.
            black_box(unsafe {
                nx_array::capi::nx_format_value(0, xs[i & 1023], nx_buf.as_mut_ptr(), 64)
            });
        }
        nx_best = nx_best.min(t.elapsed().as_secs_f64());
    }
    row("ryu", "pp_value:float64", 1, ryu_best / m as f64 * 1e9);
    row(
        "nx_format_value",
        "pp_value:float64",
        1,
        nx_best / m as f64 * 1e9,
    );
}
