//! Bigarray views and allocation advice: exports over the two functions
//! of `ocaml/nx_stubs.c`, which stay in C (that file says why). The C
//! functions are the implementation; these exports give them the names
//! OCaml calls, from the static library and from the shared one that
//! bytecode loads, which exports Rust's symbols only.

use crate::convert::Genarray;
use ocaml_interop::bigarray::Array1;
use ocaml_interop::{OCaml, OCamlInt, OCamlRuntime, OCamlUniformArray, RawOCaml};

extern "C" {
    fn nx_c_ba_view(ba: RawOCaml, kind: RawOCaml, dims: RawOCaml) -> RawOCaml;
    fn nx_c_advise_huge_pages(ba: RawOCaml) -> RawOCaml;
}

/// The OCaml type `('a, 'b) Bigarray.kind`, for [`OCaml`]'s type
/// parameter.
pub enum Kind {}

/// A c_layout bigarray of `kind` and `dims` over `ba`'s data, which holds
/// enough bytes, sharing its storage as Bigarray's own slices do.
#[ocaml_interop::export]
pub fn nx_ml_ba_view(
    cr: &mut OCamlRuntime,
    ba: OCaml<Genarray>,
    kind: OCaml<Kind>,
    dims: OCaml<OCamlUniformArray<OCamlInt>>,
) -> OCaml<Genarray> {
    // Safety: the arguments are the OCaml values the C stub expects, and
    // the lock is held; it registers them as its own roots.
    unsafe { OCaml::new(cr, nx_c_ba_view(ba.raw(), kind.raw(), dims.raw())) }
}

/// Asks the system for transparent huge pages under `ba`'s storage.
#[ocaml_interop::export]
pub fn nx_ml_advise_huge_pages(_cr: &mut OCamlRuntime, ba: OCaml<Array1<u8>>) {
    // Safety: ba is a bigarray; the stub reads its data and size.
    unsafe { nx_c_advise_huge_pages(ba.raw()) };
}
