//! `nx_dtype.h`, rendered from the facts table.
//!
//! The header is committed as `ocaml/core/nx_dtype.h` (dune installs it with the
//! library). A test renders it again and fails if the committed file
//! differs; `make generated` (`NX_BLESS=1`) rewrites it.

use crate::capi::FLAGS;
use crate::codes::{fill, one_line, screaming};
use crate::convert::{Overflow, OCAML_INT};
use crate::facts::{Kind, TABLE};
use crate::format::Rounding;
use crate::shortest;
use std::fmt::Write;

const PREAMBLE: &str = r#"/* nx_dtype.h: the dtypes of nx_array, for C and C++.

   Do not edit: generated from the facts table, rust/src/facts.rs, by
   rust/src/header.rs, and from the coded enums of the Rust library (made
   by rust/src/codes.rs). Regenerate with `make generated`.

   A dtype is named by its code, the index of its row in the facts table and
   the value of Nx_array.Dtype.code. Elements are little-endian; elements of
   fewer than 8 bits are packed low bits first. The functions are those of
   the Rust static library libnx_array.a, which the OCaml library nx_array
   links: they never fail, and an unknown code gives the neutral result each
   documents. Every store of a double follows the Stores rule of
   Nx_array.Dtype: rounded once, to nearest, ties to even. */

#ifndef NX_DTYPE_H
#define NX_DTYPE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

"#;

const DECLARATIONS: &str = r#"
/* The facts of a dtype. The float facts (exponent_bits to max_finite) are
   those of its format for a float dtype, and zero for every other dtype. */
typedef struct nx_dtype_facts {
  int code;              /* the dtype's code, its index in the table */
  const char *name;      /* the constructor name in lower case */
  int bits;              /* the width of one element in bits */
  int kind;              /* an NX_KIND_* constant */
  int exponent_bits;     /* the width of the exponent field */
  int fraction_bits;     /* the width of the fraction field */
  int infinities;        /* 1 iff the format has infinities */
  int nans;              /* 1 iff the format has NaNs */
  double epsilon;        /* the gap between 1 and the next value */
  double min_normal;     /* the least positive normal value */
  double max_finite;     /* the largest finite value */
} nx_dtype_facts;

/* The facts table, one row per dtype in code order. */
static const nx_dtype_facts nx_dtype_table[NX_DTYPE_COUNT] = {
"#;

const FUNCTIONS: &str = r#"};

/* nx_facts(code) is the row of code in the library's own copy of the
   table, or NULL if code is not a dtype's code. It equals
   nx_dtype_table[code]; tests check that it does. */
const nx_dtype_facts *nx_facts(int code);

/* nx_store(code, x) is the encoding of x stored into the dtype, in the low
   bits: a float format rounds (NaNs keep their sign and the top of their
   payload, quieted), an integer truncates toward zero and saturates (NaN
   gives 0), a boolean is x != 0 (NaN gives 1), and a complex dtype holds x
   as its real part with a zero imaginary part: its encoding's low 64 bits
   are given, the rest being zero. 0 for an unknown code. */
uint64_t nx_store(int code, double x);

/* nx_load(code, bits) is the value of the element encoded in the low bits
   of bits: exact for float formats, the real part of a complex element,
   the integer rounded to nearest where it has more than 53 bits, 0 or 1
   for a boolean. NaN for an unknown code. */
double nx_load(int code, uint64_t bits);

/* nx_of_float(code, x) is nx_load(code, nx_store(code, x)): the value a
   store of x holds, as Nx_array.Dtype.of_float gives it for float dtypes.
   NaN for an unknown code. */
double nx_of_float(int code, double x);
"#;

const FORMAT_VALUE: &str = r#"
/* nx_format_value(code, x, buf, size) writes the text of the value a store
   of x into a float dtype (or a complex dtype's component format) holds,
   as Nx_array.Dtype.pp_value prints it: the shortest decimal that rounds to
   it, "inf" or "-inf" for an infinity, "nan" for a NaN x, whatever the
   format (printing stores nothing). It writes at most size bytes, with a final
   NUL when there is room, and returns the length of the text; 0 for a
   dtype that is neither float nor complex, or a NULL buf. */
size_t nx_format_value(int code, double x, char *buf, size_t size);

/* Bulk conversion.

   Besides the dtype codes, nx_convert knows NX_OCAML_INT, the elements of
   OCaml's Bigarray Int kind: 63-bit signed integers in 64-bit words. */
"#;

const CONVERT: &str = r#"
/* nx_convert(dst_code, dst, src_code, src, n, rounding, overflow, flags)
   stores each of the n elements at src into the element of dst at the same
   index, by the one conversion rule: a float format rounds once from the
   exact value (an int64 into float32 too), an integer truncates toward zero
   and saturates (NaN gives 0), a boolean is value != 0 (NaN is true), a
   complex format takes the value as its real part; from a complex element
   the real part is stored, a boolean counts as 0 or 1. Elements of fewer
   than 8 bits are packed low bits first, and the unused bits of dst's last
   byte are cleared. It returns -1 when done; under NX_OVERFLOW_RAISE, the
   index of the first element the Stores rule would saturate, make infinite
   from a finite value, or store as an integer from a NaN or infinity, and
   then nothing is written; -2, writing nothing, for bad parameters: an
   unknown code or rounding, an unknown overflow policy or NX_OVERFLOW_NAN
   into a dst_code without NaN, a flag bit other than those above, or a
   NULL buffer with n > 0. src and dst must not overlap. */
int64_t nx_convert(int dst_code, void *dst, int src_code, const void *src, size_t n,
                   int rounding, int overflow, int flags);

#ifdef __cplusplus
}
#endif

#endif /* NX_DTYPE_H */
"#;

/// The text of `nx_dtype.h`.
pub fn render() -> String {
    let mut h = String::from(PREAMBLE);
    h.push_str("/* Dtype codes. */\n");
    for row in TABLE {
        define(
            &mut h,
            &format!("NX_{}", row.name.to_uppercase()),
            row.code,
            "",
        );
    }
    define(&mut h, "NX_DTYPE_COUNT", TABLE.len(), "");
    h.push_str("\n/* Kinds of number, the values of nx_dtype_facts.kind. */\n");
    defines(&mut h, "NX_KIND", &Kind::NAMES, &Kind::DOCS);
    h.push_str(DECLARATIONS);
    for row in TABLE {
        let kind = format!("NX_KIND_{}", screaming(row.kind.name()));
        let (e, f, inf, nan, eps, min, max) = match row.float_format() {
            Some(f) => (
                f.exponent_bits,
                f.fraction_bits,
                u8::from(f.infinities()),
                u8::from(f.nans()),
                c_double(f.epsilon()),
                c_double(f.min_normal()),
                c_double(f.max_finite_value()),
            ),
            None => (0, 0, 0, 0, "0.0".into(), "0.0".into(), "0.0".into()),
        };
        let _ = writeln!(
            h,
            "  {{NX_{}, \"{}\", {}, {kind}, {e}, {f}, {inf}, {nan}, {eps}, {min}, {max}}},",
            row.name.to_uppercase(),
            row.name,
            row.bits,
        );
    }
    h.push_str(FUNCTIONS);
    h.push_str("\n/* The size of a buffer that holds any text of nx_format_value. */\n");
    define(&mut h, "NX_FORMAT_VALUE_SIZE", shortest::MAX_LEN + 1, "");
    h.push_str(FORMAT_VALUE);
    define(&mut h, "NX_OCAML_INT", OCAML_INT, "");
    h.push_str("\n/* Roundings, for stores into float formats. */\n");
    defines(&mut h, "NX_ROUND", &Rounding::NAMES, &Rounding::DOCS);
    h.push_str("\n/* Overflow policies: what a store past a format's range does. */\n");
    defines(&mut h, "NX_OVERFLOW", &Overflow::NAMES, &Overflow::DOCS);
    h.push_str("\n/* Flags of nx_convert: which side is big-endian, each component swapped;\n   DST_FRESH: dst is new, untouched storage, written without streaming\n   stores, which cost more into pages that fault on first touch. */\n");
    for (name, bit) in FLAGS {
        define(&mut h, &format!("NX_{name}"), bit, "");
    }
    h.push_str(CONVERT);
    h
}

/// `#define name value`, after a comment of `doc` if there is one.
fn define(h: &mut String, name: &str, value: impl core::fmt::Display, doc: &str) {
    let doc = one_line(doc);
    if !doc.is_empty() {
        h.push_str(&comment(&doc));
    }
    let _ = writeln!(h, "#define {name} {value}");
}

/// The constants `PREFIX_NAME` of an enum's codes, in code order.
fn defines(h: &mut String, prefix: &str, names: &[&str], docs: &[&str]) {
    for (code, (name, doc)) in names.iter().zip(docs).enumerate() {
        define(h, &format!("{prefix}_{}", screaming(name)), code, doc);
    }
}

/// `text` as a C comment, its lines filled to 76 columns.
fn comment(text: &str) -> String {
    format!("/* {} */\n", fill(text, 70).join("\n   "))
}

/// A C literal for a finite double: the shortest decimal that reads back
/// as it, which C compilers round correctly.
fn c_double(x: f64) -> String {
    format!("{x:e}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn header_is_up_to_date() {
        crate::codes::check_generated("ocaml/core/nx_dtype.h", &super::render());
    }
}
