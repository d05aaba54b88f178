//! Enumerations whose values cross into C and OCaml as small integer
//! codes: the kinds of number, the roundings, the overflow policies.
//!
//! [`coded_enum!`] writes each one with what the generated files need: the
//! values in code order, their names and documentation, and the value of a
//! code. `nx_dtype.h` and `ocaml/core/nx_codes.ml` are rendered from these, so
//! that no code is written by hand in another language.

/// An enum of codes `0..N` in declaration order, with:
/// - `ALL`, every value in code order, and `NAMES`, their Rust names;
/// - `DOCS`, each value's documentation on one line;
/// - `code`, a value's code, and `of_code`, the value of a code, if any.
///
/// A compile-time check holds each code to its index in `ALL`.
macro_rules! coded_enum {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[doc = $doc:literal])* $variant:ident = $code:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        #[repr(u8)]
        pub enum $name {
            $( $(#[doc = $doc])* $variant = $code, )*
        }

        impl $name {
            /// Every value, in code order.
            pub const ALL: [$name; [$($code),*].len()] = [$($name::$variant),*];

            /// The names of the values in Rust, in code order.
            pub const NAMES: [&'static str; [$($code),*].len()] = [$(stringify!($variant)),*];

            /// The documentation of each value, its lines joined.
            pub const DOCS: [&'static str; [$($code),*].len()] = [$(concat!($($doc),*)),*];

            /// The value's code.
            pub const fn code(self) -> u8 {
                self as u8
            }

            /// The value of `code`, if any.
            pub fn of_code(code: i64) -> Option<$name> {
                usize::try_from(code)
                    .ok()
                    .and_then(|i| Self::ALL.get(i).copied())
            }

            /// The value's name in Rust.
            pub const fn name(self) -> &'static str {
                Self::NAMES[self as usize]
            }
        }

        const _: () = {
            let mut i = 0;
            while i < $name::ALL.len() {
                assert!($name::ALL[i] as usize == i, "codes are indices");
                i += 1;
            }
        };
    };
}

pub(crate) use coded_enum;

/// `NearestEven` as a C constant's suffix: `NEAREST_EVEN`.
pub fn screaming(name: &str) -> String {
    let mut s = String::new();
    for (i, c) in name.chars().enumerate() {
        if i > 0 && c.is_ascii_uppercase() {
            s.push('_');
        }
        s.push(c.to_ascii_uppercase());
    }
    s
}

/// `NearestEven` as an OCaml value name: `nearest_even`.
pub fn snake(name: &str) -> String {
    screaming(name).to_ascii_lowercase()
}

/// A documentation string on one line: its lines' words, single-spaced.
pub fn one_line(doc: &str) -> String {
    doc.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The words of `text` in lines of at most `width` characters (a longer
/// word alone on its line).
pub fn fill(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.len() + 1 + word.len() <= width => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Checks that the committed file at `path` (from the repository's root)
/// is `fresh`, what its generator renders; with `NX_BLESS` set in the
/// environment (`make generated`), writes it first. For the tests of the
/// generators, here and in the `nx_array_ocaml` crate.
#[doc(hidden)]
#[track_caller]
pub fn check_generated(path: &str, fresh: &str) {
    let file = format!("{}/../{path}", env!("CARGO_MANIFEST_DIR"));
    if std::env::var_os("NX_BLESS").is_some() {
        std::fs::write(&file, fresh).unwrap_or_else(|e| panic!("writing {path}: {e}"));
    }
    let committed = std::fs::read_to_string(&file).unwrap_or_default();
    assert!(
        committed == fresh,
        "{path} is not what its generator renders: run `make generated`"
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    coded_enum! {
        /// A test enum.
        pub enum Sample {
            /// The first
            /// value.
            FirstOne = 0,
            Second = 1,
        }
    }

    #[test]
    fn codes_names_and_docs() {
        assert_eq!(Sample::ALL, [Sample::FirstOne, Sample::Second]);
        assert_eq!(Sample::of_code(1), Some(Sample::Second));
        assert_eq!(Sample::of_code(2), None);
        assert_eq!(Sample::of_code(-1), None);
        assert_eq!(Sample::Second.code(), 1);
        assert_eq!(Sample::FirstOne.name(), "FirstOne");
        assert_eq!(one_line(Sample::DOCS[0]), "The first value.");
        assert_eq!(Sample::DOCS[1], "");
        assert_eq!(screaming("FirstOne"), "FIRST_ONE");
        assert_eq!(snake("FirstOne"), "first_one");
        assert_eq!(fill("a bb ccc dddd", 6), ["a bb", "ccc", "dddd"]);
    }
}
