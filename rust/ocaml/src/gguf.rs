//! The walk of a GGUF array of strings (`ocaml/files/gguf.ml`), the one
//! loop of the reader that a tokenizer makes long: 150,000 tokens and as
//! many merges, each a length of 8 bytes, little-endian, then that many
//! bytes of UTF-8.

use crate::convert::data;
use ocaml_interop::bigarray::Array1;
use ocaml_interop::{OCaml, OCamlInt, OCamlRuntime};

/// A GGUF string's length: 8 bytes, little-endian.
const LENGTH_BYTES: usize = 8;

/// Where the `count` strings from byte `pos` of `b` end, or -1 if one of
/// them runs past the end of `b` or is not UTF-8 (the OCaml reader then
/// walks them again to say which, and why). The OCaml side checked `pos`
/// and `count`; a `pos` outside `b` or a negative `count` gives -1.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_gguf_strings_end(
    _cr: &OCamlRuntime,
    b: OCaml<Array1<u8>>,
    pos: OCaml<OCamlInt>,
    count: OCaml<OCamlInt>,
) -> OCaml<OCamlInt> {
    let len = b.len();
    let p = if len == 0 {
        core::ptr::NonNull::dangling().as_ptr()
    } else {
        data(&b)
    };
    // Safety: a bigarray's data holds its length's bytes (Caml_ba_data_val
    // and the first dimension); the lock is held, so nothing writes them
    // during the call. A length of 0 is read through a dangling pointer.
    let bytes = unsafe { core::slice::from_raw_parts(p, len) };
    let end = match (
        usize::try_from(pos.to_i64()),
        usize::try_from(count.to_i64()),
    ) {
        (Ok(pos), Ok(count)) => strings_end(bytes, pos, count),
        _ => None,
    };
    OCaml::of_i64(end.map_or(-1, |e| e as i64)).unwrap_or(OCaml::of_i32(-1))
}

/// Where the `count` strings from `pos` end in `b`, if they are all there
/// and all UTF-8.
///
/// The lengths are read first. Where no byte of any length has its top
/// bit set (every string shorter than 128 bytes, as tokens are), the
/// lengths are ASCII: the bytes from the first length to the last string's
/// end are then UTF-8 if and only if each string is (an ASCII byte is a
/// character of its own, so a character crosses no boundary of a valid
/// whole), and are checked in one pass; else each string is checked.
fn strings_end(b: &[u8], pos: usize, count: usize) -> Option<usize> {
    if pos > b.len() {
        return None;
    }
    let mut at = pos;
    let mut high_bits = 0u64;
    for _ in 0..count {
        let length = b.get(at..at.checked_add(LENGTH_BYTES)?)?;
        let n = u64::from_le_bytes(length.try_into().ok()?);
        high_bits |= n & 0x8080_8080_8080_8080;
        at += LENGTH_BYTES;
        at = at.checked_add(usize::try_from(n).ok()?)?;
        if at > b.len() {
            return None;
        }
    }
    let valid = if high_bits == 0 {
        utf8(&b[pos..at])
    } else {
        let mut s = pos;
        (0..count).all(|_| {
            let n =
                u64::from_le_bytes(b[s..s + LENGTH_BYTES].try_into().unwrap_or([0; 8])) as usize;
            s += LENGTH_BYTES;
            let ok = utf8(&b[s..s + n]);
            s += n;
            ok
        })
    };
    valid.then_some(at)
}

/// Whether `b` is UTF-8, as `core::str::from_utf8` says (simdutf8's
/// basic validator: the same verdict, without the error's position).
fn utf8(b: &[u8]) -> bool {
    simdutf8::basic::from_utf8(b).is_ok()
}

#[cfg(test)]
mod tests {
    use super::strings_end;

    fn gguf_strings(ss: &[&[u8]]) -> Vec<u8> {
        let mut v = vec![7u8; 3]; // bytes before the array
        for s in ss {
            v.extend_from_slice(&(s.len() as u64).to_le_bytes());
            v.extend_from_slice(s);
        }
        v
    }

    #[test]
    fn walks_and_checks() {
        let long = vec![b'a'; 300];
        for ss in [
            vec![&b"tok"[..], "\u{120}the".as_bytes(), b""],
            vec![&long[..], "é".as_bytes()],
        ] {
            let b = gguf_strings(&ss);
            assert_eq!(strings_end(&b, 3, ss.len()), Some(b.len()));
            // Every truncation runs past the end.
            for cut in 3..b.len() {
                assert_eq!(strings_end(&b[..cut], 3, ss.len()), None, "{cut}");
            }
        }
        // Not UTF-8: a lone continuation byte, a lead byte cut by the
        // next length, an overlong encoding; short and long strings.
        for bad in [&[0x80u8][..], &[b'a', 0xc4], &[0xc0, 0x80]] {
            let b = gguf_strings(&[b"ok", bad, b"x"]);
            assert_eq!(strings_end(&b, 3, 3), None);
            let mut l = long.clone();
            l.extend_from_slice(bad);
            let b = gguf_strings(&[&l, b"x"]);
            assert_eq!(strings_end(&b, 3, 2), None);
        }
        // A length of 2^64 - 1, and a count past the bytes.
        let mut b = vec![0xffu8; 8];
        b.push(b'a');
        assert_eq!(strings_end(&b, 0, 1), None);
        assert_eq!(strings_end(&gguf_strings(&[b"a"]), 3, 2), None);
        assert_eq!(strings_end(&[], 5, 0), None);
    }
}
