//! `ocaml/nx_codes.ml`, rendered from the Rust side's tables and enums:
//! the dtype codes, kinds, roundings, overflow policies and flags, and the
//! packing of a conversion's parameters ([`crate::convert::PARAMS`]).
//!
//! The module is committed (dune builds it with the library). A test
//! renders it again and fails if the committed file differs; `make
//! generated` (`NX_BLESS=1`) rewrites it.

use crate::convert::PARAMS;
use nx_array::capi::FLAGS;
use nx_array::codes::{fill, one_line, snake};
use nx_array::convert::{Overflow, OCAML_INT};
use nx_array::facts::{Kind, TABLE};
use nx_array::format::Rounding;
use std::fmt::Write;

const PREAMBLE: &str = r#"(* nx_codes.ml: the codes that nx_array's OCaml side shares with its Rust
   library, and the packing of a conversion's parameters.

   Do not edit: generated from rust/src/facts.rs, the coded enums of the
   Rust library (made by rust/src/codes.rs) and rust/ocaml/src/convert.rs,
   by rust/ocaml/src/codes.rs. Regenerate with `make generated`. *)
"#;

/// The text of `ocaml/nx_codes.ml`.
pub fn render() -> String {
    let mut m = String::from(PREAMBLE);
    module(
        &mut m,
        "Dtype",
        "Dtype codes: the index of each dtype's row in the facts table, in the\n   order of Dtype.t's constructors.",
        TABLE.iter().map(|r| (r.name.to_string(), r.code.into(), "")),
    );
    let _ = writeln!(
        m,
        "\n(* The number of dtypes. *)\nlet count = {}",
        TABLE.len()
    );
    let _ = writeln!(
        m,
        "\n(* The storage code of Bigarray's Int kind, beside the dtypes'. *)\nlet ocaml_int = {OCAML_INT}"
    );
    coded(
        &mut m,
        "Kind",
        "Kinds of number: the order of Dtype.kind's constructors.",
        &Kind::NAMES,
        &Kind::DOCS,
    );
    coded(
        &mut m,
        "Rounding",
        "Roundings, for stores into float formats.",
        &Rounding::NAMES,
        &Rounding::DOCS,
    );
    coded(
        &mut m,
        "Overflow",
        "Overflow policies: what a store past a format's range does.",
        &Overflow::NAMES,
        &Overflow::DOCS,
    );
    module(
        &mut m,
        "Flag",
        "Flags of conversions: which side is big-endian, each component\n   swapped.",
        FLAGS
            .iter()
            .map(|&(n, v)| (n.to_ascii_lowercase(), v.into(), "")),
    );
    let args: Vec<String> = PARAMS.iter().map(|f| format!("~{}", f.name)).collect();
    let fields: Vec<String> = PARAMS
        .iter()
        .map(|f| match f.shift {
            0 => f.name.to_string(),
            s => format!("({} lsl {s})", f.name),
        })
        .collect();
    let widths: Vec<String> = PARAMS
        .iter()
        .map(|f| format!("{} {}", f.name, f.bits))
        .collect();
    let doc = format!(
        "[params {}] packs a conversion's parameters into one int, low bits first, each field as wide as its bits ({}).",
        args.join(" "),
        widths.join(", ")
    );
    let _ = write!(
        m,
        "\n(* {} *)\nlet params {} =\n  {}\n",
        fill(&doc, 72).join("\n   "),
        args.join(" "),
        fields.join(" lor ")
    );
    m
}

/// `module Name = struct let value = code ... end`, after a comment.
fn module<'a>(
    m: &mut String,
    name: &str,
    doc: &str,
    values: impl Iterator<Item = (String, i64, &'a str)>,
) {
    let _ = writeln!(m, "\n(* {doc} *)\nmodule {name} = struct");
    for (value, code, doc) in values {
        let doc = fill(&one_line(doc), 70);
        if !doc.is_empty() {
            let _ = writeln!(m, "  (* {} *)", doc.join("\n     "));
        }
        let _ = writeln!(m, "  let {value} = {code}");
    }
    m.push_str("end\n");
}

/// The module of a coded enum's values, in code order.
fn coded(m: &mut String, name: &str, doc: &str, names: &[&str], docs: &[&'static str]) {
    let values = names.iter().zip(docs).enumerate();
    module(
        m,
        name,
        doc,
        values.map(|(i, (n, d))| (snake(n), i as i64, *d)),
    );
}

#[cfg(test)]
mod tests {
    #[test]
    fn nx_codes_is_up_to_date() {
        nx_array::codes::check_generated("ocaml/nx_codes.ml", &super::render());
    }
}
