//! DEFLATE (RFC 1951) and CRC-32 for the members of zip archives
//! (`ocaml/files/flate.ml`), over the zlib-rs crate: raw streams, without
//! zlib's header, a 32 KiB window; deflate at zlib's default level, 6, as
//! Python's zipfile writes `np.savez_compressed`'s members.
//!
//! A stream's state is a custom block (ocaml-interop's `DynBox`) that the
//! GC finalizes; `nx_ml_*_end` frees its memory at once. Each step reads a
//! byte buffer and writes into another, both whole (the OCaml side passes
//! sub-arrays), and says how it went by a code of [`STEP`]; the counts of
//! bytes read and written so far are the state's. The steps and the CRC
//! are `[@@noalloc]`: the lock stays held, and nothing here allocates in
//! the OCaml heap. A state is used by one domain at a time (the OCaml side
//! makes one per member and never shares it); a state that is borrowed
//! already, or ended, gives [`STEP`]'s "misused", never a panic (the
//! `DynBox`'s borrow checks the Rust type inside, which the abstract OCaml
//! types `Native.inflater` and `deflater` guarantee).

use crate::convert::data;
use core::cell::RefCell;
use ocaml_interop::bigarray::Array1;
use ocaml_interop::{DynBox, OCaml, OCamlBytes, OCamlInt, OCamlRuntime, ToOCaml};
use std::borrow::Borrow;
use zlib_rs::{Deflate, DeflateFlush, Inflate, InflateError, InflateFlush, Status};

/// The codes a step gives, with their names in `ocaml/core/nx_codes.ml`
/// (module `Flate_step`, rendered by `crate::codes`).
pub const STEP: [(&str, i64, &str); 5] = [
    ("more", 0, "Progress: call again with what is left."),
    (
        "ended",
        1,
        "The stream's end: every byte it makes is written.",
    ),
    (
        "stuck",
        2,
        "No progress: the input is used up, or no room is left.",
    ),
    (
        "bad",
        3,
        "A malformed stream; the state keeps zlib's message.",
    ),
    ("misused", 4, "A state ended, borrowed already, or broken."),
];

const MORE: i64 = STEP[0].1;
const ENDED: i64 = STEP[1].1;
const STUCK: i64 = STEP[2].1;
const BAD: i64 = STEP[3].1;
const MISUSED: i64 = STEP[4].1;

/// A 32 KiB window, zlib's largest.
const WINDOW_BITS: u8 = 15;

/// zlib's `Z_DEFAULT_COMPRESSION`, which Python's zipfile asks for.
const LEVEL: i32 = 6;

/// A stream's state and its last error: `None` once ended.
pub struct State<Z> {
    stream: RefCell<(Option<Z>, &'static str)>,
}

impl<Z> State<Z> {
    fn new(z: Z) -> Self {
        State {
            stream: RefCell::new((Some(z), "")),
        }
    }

    /// `f` on the stream, or [`MISUSED`] for a state ended or borrowed.
    fn with(&self, f: impl FnOnce(&mut Z, &mut &'static str) -> i64) -> i64 {
        match self.stream.try_borrow_mut() {
            Ok(mut s) => {
                let (z, message) = &mut *s;
                z.as_mut().map_or(MISUSED, |z| f(z, message))
            }
            Err(_) => MISUSED,
        }
    }

    /// A count of the stream's, or 0 for a state ended or borrowed.
    fn count(&self, f: impl FnOnce(&Z) -> u64) -> OCaml<'static, OCamlInt> {
        let n = self
            .stream
            .try_borrow()
            .ok()
            .and_then(|s| s.0.as_ref().map(f))
            .unwrap_or(0);
        // Counts of bytes in buffers fit an OCaml int.
        OCaml::of_i64(n as i64).unwrap_or(OCaml::of_i32(-1))
    }

    /// Frees the stream's memory now.
    fn end(&self) {
        if let Ok(mut s) = self.stream.try_borrow_mut() {
            s.0 = None;
        }
    }
}

/// The bytes of a byte buffer.
fn bytes<'a>(b: &'a OCaml<Array1<u8>>) -> &'a [u8] {
    let len = b.len();
    let p = if len == 0 {
        core::ptr::NonNull::dangling().as_ptr()
    } else {
        data(b)
    };
    // Safety: a bigarray's data holds its length's bytes (Caml_ba_data_val
    // and the first dimension); the lock is held, so nothing writes them
    // during the call. A length of 0 is read through a dangling pointer.
    unsafe { core::slice::from_raw_parts(p, len) }
}

/// The bytes of a byte buffer, to be written: its data and length.
fn bytes_mut_parts(b: &OCaml<Array1<u8>>) -> (*mut u8, usize) {
    let len = b.len();
    if len == 0 {
        (core::ptr::NonNull::dangling().as_ptr(), 0)
    } else {
        (data(b), len)
    }
}

/// The slice of `len` bytes at `p`.
///
/// # Safety
/// `p` and `len` are a byte buffer's, from [`bytes_mut_parts`], and no
/// other slice of these bytes is alive: the OCaml side never passes
/// overlapping buffers to one step.
unsafe fn bytes_mut<'a>((p, len): (*mut u8, usize)) -> &'a mut [u8] {
    // Safety: as in `bytes`, and the caller's.
    unsafe { core::slice::from_raw_parts_mut(p, len) }
}

fn code(c: i64) -> OCaml<'static, OCamlInt> {
    OCaml::of_i32(c as i32)
}

/// The OCaml type of an inflate state.
pub type Inflater = DynBox<State<Inflate>>;

/// The OCaml type of a deflate state.
pub type Deflater = DynBox<State<Deflate>>;

/// A new state that inflates a raw stream.
#[ocaml_interop::export]
pub fn nx_ml_inflate_create(cr: &mut OCamlRuntime, _unit: OCaml<()>) -> OCaml<Inflater> {
    OCaml::box_value(cr, State::new(Inflate::new(false, WINDOW_BITS)))
}

/// One step: reads from `src`, writes into `dst` (distinct buffers).
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_inflate_step(
    _cr: &OCamlRuntime,
    st: OCaml<Inflater>,
    src: OCaml<Array1<u8>>,
    dst: OCaml<Array1<u8>>,
) -> OCaml<OCamlInt> {
    let st: &State<Inflate> = st.borrow();
    code(st.with(|z, message| {
        // Safety: dst is the only slice of its bytes (the caller passes
        // buffers that do not overlap).
        let out = unsafe { bytes_mut(bytes_mut_parts(&dst)) };
        match z.decompress(bytes(&src), out, InflateFlush::NoFlush) {
            Ok(Status::Ok) => MORE,
            Ok(Status::StreamEnd) => ENDED,
            Ok(Status::BufError) => STUCK,
            Err(InflateError::DataError) => {
                *message = z.error_message().unwrap_or("invalid data");
                BAD
            }
            Err(e) => {
                *message = e.as_str();
                MISUSED
            }
        }
    }))
}

/// The bytes an inflate state has read so far.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_inflate_total_in(_cr: &OCamlRuntime, st: OCaml<Inflater>) -> OCaml<OCamlInt> {
    let st: &State<Inflate> = st.borrow();
    st.count(|z| z.total_in())
}

/// The bytes an inflate state has written so far.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_inflate_total_out(_cr: &OCamlRuntime, st: OCaml<Inflater>) -> OCaml<OCamlInt> {
    let st: &State<Inflate> = st.borrow();
    st.count(|z| z.total_out())
}

/// zlib's message for the last step that failed ("" if none did).
#[ocaml_interop::export]
pub fn nx_ml_inflate_message(cr: &mut OCamlRuntime, st: OCaml<Inflater>) -> OCaml<String> {
    let st: &State<Inflate> = st.borrow();
    let message = st.stream.try_borrow().map_or("", |s| s.1);
    message.to_ocaml(cr)
}

/// Frees an inflate state's memory; later steps give "misused".
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_inflate_end(_cr: &OCamlRuntime, st: OCaml<Inflater>) {
    let st: &State<Inflate> = st.borrow();
    st.end();
}

/// A new state that deflates into a raw stream at level 6.
#[ocaml_interop::export]
pub fn nx_ml_deflate_create(cr: &mut OCamlRuntime, _unit: OCaml<()>) -> OCaml<Deflater> {
    OCaml::box_value(cr, State::new(Deflate::new(LEVEL, false, WINDOW_BITS)))
}

/// One step: reads from `src`, writes into `dst` (distinct buffers); the
/// last steps, `finish` true, end the stream.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_deflate_step(
    _cr: &OCamlRuntime,
    st: OCaml<Deflater>,
    src: OCaml<Array1<u8>>,
    dst: OCaml<Array1<u8>>,
    finish: OCaml<bool>,
) -> OCaml<OCamlInt> {
    let st: &State<Deflate> = st.borrow();
    let flush = if finish.to_bool() {
        DeflateFlush::Finish
    } else {
        DeflateFlush::NoFlush
    };
    code(st.with(|z, message| {
        // Safety: dst is the only slice of its bytes, as for inflate.
        let out = unsafe { bytes_mut(bytes_mut_parts(&dst)) };
        match z.compress(bytes(&src), out, flush) {
            Ok(Status::Ok) => MORE,
            Ok(Status::StreamEnd) => ENDED,
            Ok(Status::BufError) => STUCK,
            Err(e) => {
                *message = e.as_str();
                MISUSED
            }
        }
    }))
}

/// The bytes a deflate state has read so far.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_deflate_total_in(_cr: &OCamlRuntime, st: OCaml<Deflater>) -> OCaml<OCamlInt> {
    let st: &State<Deflate> = st.borrow();
    st.count(|z| z.total_in())
}

/// The bytes a deflate state has written so far.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_deflate_total_out(_cr: &OCamlRuntime, st: OCaml<Deflater>) -> OCaml<OCamlInt> {
    let st: &State<Deflate> = st.borrow();
    st.count(|z| z.total_out())
}

/// Frees a deflate state's memory; later steps give "misused".
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_deflate_end(_cr: &OCamlRuntime, st: OCaml<Deflater>) {
    let st: &State<Deflate> = st.borrow();
    st.end();
}

/// The CRC-32 of the bytes `[off, off + len)` of `b` after a message whose
/// CRC-32 is `crc` (0 for the empty one). The OCaml side checked the range;
/// a range outside `b` reads nothing.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_crc32(
    _cr: &OCamlRuntime,
    crc: OCaml<OCamlInt>,
    b: OCaml<Array1<u8>>,
    off: OCaml<OCamlInt>,
    len: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    let part = range(bytes(&b), off.to_i64(), len.to_i64());
    OCaml::of_i64(zlib_rs::crc32::crc32(crc.to_i64() as u32, part).into())
        .unwrap_or(OCaml::of_i32(0))
}

/// [`nx_ml_crc32`] of bytes (or a string).
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_crc32_bytes(
    _cr: &OCamlRuntime,
    crc: OCaml<OCamlInt>,
    b: OCaml<OCamlBytes>,
    off: OCaml<OCamlInt>,
    len: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    let part = range(b.as_bytes(), off.to_i64(), len.to_i64());
    OCaml::of_i64(zlib_rs::crc32::crc32(crc.to_i64() as u32, part).into())
        .unwrap_or(OCaml::of_i32(0))
}

/// The bytes `[off, off + len)` of `b`, or none if they are not all there.
fn range(b: &[u8], off: i64, len: i64) -> &[u8] {
    let (Ok(off), Ok(len)) = (usize::try_from(off), usize::try_from(len)) else {
        return &[];
    };
    off.checked_add(len)
        .and_then(|end| b.get(off..end))
        .unwrap_or(&[])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_codes_are_their_indices() {
        for (i, (name, c, _)) in STEP.iter().enumerate() {
            assert_eq!(*c, i as i64, "{name}");
        }
    }

    #[test]
    fn range_is_total() {
        let b = [1u8, 2, 3];
        assert_eq!(range(&b, 1, 2), &[2, 3]);
        assert_eq!(range(&b, 2, 2), &[] as &[u8]);
        assert_eq!(range(&b, -1, 1), &[] as &[u8]);
        assert_eq!(range(&b, i64::MAX, i64::MAX), &[] as &[u8]);
    }

    #[test]
    fn crc32_of_check_string() {
        // The check value of CRC-32/ISO-HDLC.
        assert_eq!(zlib_rs::crc32::crc32(0, b"123456789"), 0xcbf4_3926);
    }
}
