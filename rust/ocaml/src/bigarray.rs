//! Bigarray views, addresses and allocation: exports over the functions
//! of `ocaml/core/nx_stubs.c`, which stay in C (that file says why), and one in
//! Rust. The C functions are the implementation; these exports give them
//! the names OCaml calls, from the static library and from the shared one
//! that bytecode loads, which exports Rust's symbols only.

use crate::convert::{data, Genarray};
use ocaml_interop::bigarray::Array1;
use ocaml_interop::{OCaml, OCamlBytes, OCamlInt, OCamlRuntime, OCamlUniformArray, RawOCaml};

extern "C" {
    fn nx_c_ba_view(ba: RawOCaml, kind: RawOCaml, dims: RawOCaml) -> RawOCaml;
    fn nx_c_advise_huge_pages(ba: RawOCaml) -> RawOCaml;
    fn nx_c_advise_bytes_huge_pages(b: RawOCaml) -> RawOCaml;
    fn nx_c_alloc_zeroed(n: RawOCaml) -> RawOCaml;
    fn nx_c_release_mapped(ba: RawOCaml) -> RawOCaml;
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

/// The address of `ba`'s first byte, for overlap checks: user-space
/// addresses fit in an OCaml int.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_ba_address(_cr: &OCamlRuntime, ba: OCaml<Array1<u8>>) -> isize {
    data(&ba) as isize
}

/// The bytecode twin of [`nx_ml_ba_address`].
#[ocaml::bytecode_func]
pub fn nx_ml_ba_address_byte(ba: ocaml::Raw) -> isize {
    nx_ml_ba_address(ba.0)
}

/// Asks the system for transparent huge pages under `ba`'s storage.
#[ocaml_interop::export]
pub fn nx_ml_advise_huge_pages(_cr: &mut OCamlRuntime, ba: OCaml<Genarray>) {
    // Safety: ba is a bigarray; the stub reads its data and size.
    unsafe { nx_c_advise_huge_pages(ba.raw()) };
}

/// Asks the system for transparent huge pages under `b`'s bytes.
#[ocaml_interop::export]
pub fn nx_ml_advise_bytes_huge_pages(_cr: &mut OCamlRuntime, b: OCaml<OCamlBytes>) {
    // Safety: b is bytes; the stub reads its address and length.
    unsafe { nx_c_advise_bytes_huge_pages(b.raw()) };
}

/// Whether `a` and `b` hold the same bytes (1) or not (0).
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_bytes_equal(_cr: &OCamlRuntime, a: OCaml<Array1<u8>>, b: OCaml<Array1<u8>>) -> isize {
    let bytes = |x: &OCaml<Array1<u8>>| match x.len() {
        0 => &[][..],
        // Safety: a bigarray's data holds its length's bytes, which the
        // GC does not move; nothing runs in OCaml meanwhile.
        n => unsafe { core::slice::from_raw_parts(data(x).cast_const(), n) },
    };
    isize::from(bytes(&a) == bytes(&b))
}

/// The bytecode twin of [`nx_ml_bytes_equal`].
#[ocaml::bytecode_func]
pub fn nx_ml_bytes_equal_byte(a: ocaml::Raw, b: ocaml::Raw) -> isize {
    nx_ml_bytes_equal(a.0, b.0)
}

/// Drops this process's pages under `ba`'s whole pages if it maps a
/// file: they are read again from the page cache when touched.
#[ocaml_interop::export]
pub fn nx_ml_release_mapped(_cr: &mut OCamlRuntime, ba: OCaml<Array1<u8>>) {
    // Safety: ba is a bigarray; the stub reads its flags, data and size.
    unsafe { nx_c_release_mapped(ba.raw()) };
}

/// A new buffer of `n >= 0` zero bytes, from calloc, advised for huge
/// pages, untouched.
#[ocaml_interop::export]
pub fn nx_ml_alloc_zeroed(cr: &mut OCamlRuntime, n: OCaml<OCamlInt>) -> OCaml<Array1<u8>> {
    // Safety: n is an OCaml int, and the lock is held for the allocation.
    unsafe { OCaml::new(cr, nx_c_alloc_zeroed(n.raw())) }
}
