//! Sets `nx_avx512` when the compiler has the AVX-512 intrinsics (stable
//! from Rust 1.89): the AVX-512 kernels are built then, and the crate
//! still builds without them on its older supported compilers.

use std::process::Command;

/// The first Rust whose `core::arch` has the AVX-512 intrinsics stable.
const AVX512_MINOR: u32 = 89;

/// The minor version of `rustc --version` ("rustc 1.89.0 (...)"), if it
/// says one.
fn minor(version: &str) -> Option<u32> {
    let number = version.split_whitespace().nth(1)?;
    let mut parts = number.split('.');
    (parts.next()? == "1").then_some(())?;
    parts.next()?.parse().ok()
}

fn main() {
    println!("cargo::rustc-check-cfg=cfg(nx_avx512)");
    println!("cargo::rerun-if-env-changed=RUSTC");
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let version = Command::new(rustc)
        .arg("--version")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|v| minor(&v));
    if version.is_some_and(|m| m >= AVX512_MINOR) {
        println!("cargo::rustc-cfg=nx_avx512");
    }
}
