//! Bulk conversions, through `nx_convert` of the C API: between bigarrays
//! (of any kind, or nx_array's byte buffers), from a string and into
//! bytes. Each returns -1 when done, the index of the first refused
//! element under the Raise policy (nothing written), -2 for bad
//! parameters. The OCaml side has checked every length.
//!
//! The small parameters travel packed into one OCaml int, as [`PARAMS`]
//! lays them out; `ocaml/core/nx_codes.ml` packs them from the same table.

use nx_array::capi::nx_convert;
use nx_array::convert::storage;
use ocaml_interop::bigarray::Array1;
use ocaml_interop::{BoxRoot, OCaml, OCamlBytes, OCamlInt, OCamlRuntime};
use ocaml_sys::bigarray::Bigarray;
use ocaml_sys::string_val;

/// One field of the packed parameters: its name, shift and width in bits.
#[derive(Clone, Copy)]
pub struct Field {
    pub name: &'static str,
    pub shift: u32,
    pub bits: u32,
}

/// The packed parameters, low bits first: the destination's and the
/// source's storage codes, the rounding, the overflow policy, the flags.
pub const PARAMS: [Field; 5] = [
    Field {
        name: "dst",
        shift: 0,
        bits: 8,
    },
    Field {
        name: "src",
        shift: 8,
        bits: 8,
    },
    Field {
        name: "rounding",
        shift: 16,
        bits: 4,
    },
    Field {
        name: "overflow",
        shift: 20,
        bits: 4,
    },
    Field {
        name: "flags",
        shift: 24,
        bits: 8,
    },
];

/// The fields of the parameters `p` packed as `fields` lays them out, in
/// its order.
pub(crate) fn unpack<const N: usize>(fields: &[Field; N], p: i64) -> [i32; N] {
    fields.map(|f| ((p >> f.shift) & ((1 << f.bits) - 1)) as i32)
}

/// Runs the conversion of `n` elements that `p` describes.
///
/// # Safety
/// As `nx_convert`'s: `src` holds `n` elements of the source's storage
/// format and `dst` room for `n` of the destination's; they do not
/// overlap.
unsafe fn run(p: i64, dst: *mut u8, src: *const u8, n: i64) -> i64 {
    let [dst_code, src_code, rounding, overflow, flags] = unpack(&PARAMS, p);
    let n = usize::try_from(n).unwrap_or(0);
    // Safety: as the caller's.
    unsafe {
        nx_convert(
            dst_code,
            dst.cast(),
            src_code,
            src.cast(),
            n,
            rounding,
            overflow,
            flags,
        )
    }
}

/// The result of [`run`] for OCaml: -2 (bad parameters) where an
/// index would not fit an OCaml int.
fn status(r: i64) -> OCaml<'static, OCamlInt> {
    OCaml::of_i64(r).unwrap_or(OCaml::of_i32(-2))
}

/// The OCaml type `('a, 'b, 'c) Bigarray.Genarray.t`, of any kind and
/// layout, for [`OCaml`]'s type parameter.
pub enum Genarray {}

/// The data of a bigarray, as the runtime's `Caml_ba_data_val`.
pub(crate) fn data<T>(ba: &OCaml<T>) -> *mut u8 {
    // Safety: every bigarray is a custom block whose data is a struct
    // caml_ba_array, which ocaml-sys's Bigarray declares.
    unsafe { (*ba.custom_ptr_val::<Bigarray>()).data.cast() }
}

/// Conversions whose output reaches this many bytes release the runtime
/// lock, so that other domains run meanwhile.
pub(crate) const RELEASE_BYTES: usize = 1 << 16;

/// Between two bigarrays. The data of bigarrays does not move, so a large
/// conversion runs with the lock released, the two arrays rooted until it
/// ends.
#[ocaml_interop::export]
pub fn nx_ml_convert_ba(
    cr: &mut OCamlRuntime,
    p: OCaml<OCamlInt>,
    dst: OCaml<Genarray>,
    src: OCaml<Genarray>,
    n: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    let (p, n) = (p.to_i64(), n.to_i64());
    let (d, s) = (data(&dst), data(&src));
    let [dst_code, ..] = unpack(&PARAMS, p);
    let bytes = storage(dst_code.into()).map_or(0, |st| st.bytes(n.max(0) as usize));
    let r = if bytes >= RELEASE_BYTES {
        let _alive = (BoxRoot::new(dst), BoxRoot::new(src));
        // Safety: the OCaml side sized both bigarrays for n elements of
        // their formats, and they are distinct; rooted, they outlive the
        // run, during which only their data, which the GC leaves in
        // place, is touched.
        cr.releasing_runtime(|| unsafe { run(p, d, s, n) })
    } else {
        // Safety: as above, with the lock held.
        unsafe { run(p, d, s, n) }
    };
    status(r)
}

/// From a string into a byte buffer. The string lives in the OCaml heap,
/// which the GC may move: the lock stays held.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_convert_of_string(
    _cr: &OCamlRuntime,
    p: OCaml<OCamlInt>,
    dst: OCaml<Array1<u8>>,
    src: OCaml<OCamlBytes>,
    n: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    // Safety: the OCaml side sized both for n elements.
    let r = unsafe { run(p.to_i64(), data(&dst), src.as_bytes().as_ptr(), n.to_i64()) };
    status(r)
}

/// From a byte buffer into bytes, the lock held as above.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_convert_to_bytes(
    _cr: &OCamlRuntime,
    p: OCaml<OCamlInt>,
    dst: OCaml<OCamlBytes>,
    src: OCaml<Array1<u8>>,
    n: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    // Safety: dst is bytes, whose contents may be written; the OCaml side
    // sized both for n elements.
    let r = unsafe { run(p.to_i64(), string_val(dst.raw()), data(&src), n.to_i64()) };
    status(r)
}

/// The OCaml type `float array` of a flat float array (tag
/// `Double_array_tag`): its fields are the doubles, in native byte order.
pub enum FloatArray {}

/// The doubles of a flat float array, as the runtime's `Double_flat_field`
/// reads them: its fields start where its value points.
fn doubles(a: &OCaml<FloatArray>) -> *mut u8 {
    // Safety: the raw value of a block is its first field's address; the
    // caller reads or writes through it only while the lock is held.
    unsafe { a.raw() as *mut u8 }
}

/// From a byte buffer into a flat float array (`to_array` of a float
/// dtype), the lock held: the array lives in the OCaml heap.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_convert_to_floats(
    _cr: &OCamlRuntime,
    p: OCaml<OCamlInt>,
    dst: OCaml<FloatArray>,
    src: OCaml<Array1<u8>>,
    n: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    // Safety: the OCaml side passes a flat float array of n doubles, which
    // float64's storage is on a little-endian host, and a buffer of n
    // elements of the source's format.
    let r = unsafe { run(p.to_i64(), doubles(&dst), data(&src), n.to_i64()) };
    status(r)
}

/// From a flat float array into a byte buffer (`of_array` of a float
/// dtype), the lock held as above.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_convert_of_floats(
    _cr: &OCamlRuntime,
    p: OCaml<OCamlInt>,
    dst: OCaml<Array1<u8>>,
    src: OCaml<FloatArray>,
    n: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    // Safety: as above, the other way.
    let r = unsafe { run(p.to_i64(), data(&dst), doubles(&src), n.to_i64()) };
    status(r)
}

/// Whether the flat float array `a` of `n` doubles holds a NaN: the
/// conversions above then leave the OCaml side to redo those elements
/// one by one, as `get` and `set` read and store NaNs.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_has_nan(_cr: &OCamlRuntime, a: OCaml<FloatArray>, n: OCaml<OCamlInt>) -> OCaml<bool> {
    let n = usize::try_from(n.to_i64()).unwrap_or(0);
    let p = doubles(&a) as *const f64;
    // Safety: the OCaml side passes a flat float array of n doubles, which
    // nothing writes meanwhile (the lock is held); n = 0 reads nothing.
    let p = if n == 0 {
        core::ptr::NonNull::dangling().as_ptr()
    } else {
        p
    };
    let xs = unsafe { core::slice::from_raw_parts(p, n) };
    // A chunk at a time, whose test vectorises, to stop early.
    OCaml::of_bool(
        xs.chunks(256)
            .any(|c| c.iter().fold(false, |acc, x| acc | x.is_nan())),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_tile_the_bits() {
        let mut next = 0;
        for f in PARAMS {
            assert_eq!(f.shift, next, "{}", f.name);
            next += f.bits;
        }
        assert!(next <= 62, "the parameters fit an OCaml int");
        let p = 3 | (7 << 8) | (4 << 16) | (2 << 20) | (3 << 24);
        assert_eq!(unpack(&PARAMS, p), [3, 7, 4, 2, 3]);
    }
}
