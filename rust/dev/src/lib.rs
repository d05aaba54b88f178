//! Nothing: this crate is the home of `tests/` and `examples/` that need
//! crates the library does not (see `Cargo.toml`).
