//! Compiles the C stubs that stay in C, ocaml/core/nx_stubs.c, against the
//! headers of the OCaml that builds the library: the directory that
//! `OCAML_WHERE_PATH` names, else that `ocamlopt -where` prints (`OCAMLOPT`
//! names another compiler), found on PATH as ocaml-sys and
//! ocaml-boxroot-sys find it. Under dune, PATH is dune's.

use std::env;
use std::path::PathBuf;
use std::process::Command;

fn ocaml_where() -> String {
    if let Ok(path) = env::var("OCAML_WHERE_PATH") {
        return path;
    }
    let ocamlopt = env::var("OCAMLOPT").unwrap_or_else(|_| "ocamlopt".into());
    let out = Command::new(&ocamlopt)
        .arg("-where")
        .output()
        .unwrap_or_else(|e| panic!("{ocamlopt} -where: {e} (is OCaml on PATH?)"));
    assert!(out.status.success(), "{ocamlopt} -where failed");
    String::from_utf8(out.stdout)
        .expect("ocamlopt -where prints a path")
        .trim()
        .to_owned()
}

fn main() {
    let stubs =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").unwrap()).join("../../ocaml/core/nx_stubs.c");
    println!("cargo:rerun-if-changed={}", stubs.display());
    println!("cargo:rerun-if-env-changed=OCAML_WHERE_PATH");
    println!("cargo:rerun-if-env-changed=OCAMLOPT");
    cc::Build::new()
        .file(&stubs)
        .include(ocaml_where())
        .flag_if_supported("-Wall")
        .flag_if_supported("-Wextra")
        .compile("nx_stubs");
}
