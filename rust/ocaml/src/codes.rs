//! `ocaml/core/nx_codes.ml`, rendered from the Rust side's tables and enums:
//! the dtype codes, kinds, roundings, overflow policies and flags, the
//! codes of block-scaled formats, and the packing of parameters
//! ([`crate::convert::PARAMS`], [`crate::block::QUANTIZE`] and
//! [`crate::block::DEQUANTIZE`]), and the codes of a step of inflate or
//! deflate ([`crate::zlib::STEP`]).
//!
//! The module is committed (dune builds it with the library). A test
//! renders it again and fails if the committed file differs; `make
//! generated` (`NX_BLESS=1`) rewrites it.

use crate::block::{DEQUANTIZE, QUANTIZE};
use crate::convert::{Field, PARAMS};
use crate::zlib::STEP;
use nx_array::block::formats::Single;
use nx_array::block::policy::Policy;
use nx_array::block::scheme::Scheme;
use nx_array::capi::FLAGS;
use nx_array::codes::{fill, one_line, snake};
use nx_array::convert::{Overflow, OCAML_INT};
use nx_array::facts::{Kind, TABLE};
use nx_array::format::Rounding;
use std::fmt::Write;

const PREAMBLE: &str = r#"(* nx_codes.ml: the codes that nx_array's OCaml side shares with its Rust
   library, and the packing of parameters into one int.

   Do not edit: generated from rust/src/facts.rs, the coded enums of the
   Rust library (made by rust/src/codes.rs), rust/ocaml/src/convert.rs,
   rust/ocaml/src/block.rs and rust/ocaml/src/zlib.rs, by
   rust/ocaml/src/codes.rs. Regenerate with
   `make generated`. *)
"#;

/// The text of `ocaml/core/nx_codes.ml`.
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
        "Flags of conversions: which side is big-endian, each component\n   swapped; dst_fresh: the destination is new storage, not yet touched,\n   written without streaming stores.",
        FLAGS
            .iter()
            .map(|&(n, v)| (n.to_ascii_lowercase(), v.into(), "")),
    );
    packer(&mut m, "params", "a conversion's parameters", &PARAMS);
    coded(
        &mut m,
        "Block_scheme",
        "Block-scaled schemes: the order of Nx_array.Block.scheme's\n   constructors.",
        &Scheme::NAMES,
        &Scheme::DOCS,
    );
    coded(
        &mut m,
        "Block_policy",
        "Rules that choose an E8M0 scale: the order of\n   Nx_array.Block.policy's constructors.",
        &Policy::NAMES,
        &Policy::DOCS,
    );
    coded(
        &mut m,
        "Block_format",
        "Formats of single values that are not dtypes, in blocks.",
        &Single::NAMES,
        &Single::DOCS,
    );
    packer(
        &mut m,
        "block_quantize",
        "a quantization's parameters",
        &QUANTIZE,
    );
    packer(
        &mut m,
        "block_dequantize",
        "a dequantization's parameters",
        &DEQUANTIZE,
    );
    module(
        &mut m,
        "Flate_step",
        "How a step of inflate or deflate went (rust/ocaml/src/zlib.rs).",
        STEP.iter().map(|&(n, c, d)| (n.to_string(), c, d)),
    );
    m
}

/// `let name ~field ... = field lor (field lsl shift) ...`, which packs
/// `what` into one int as `fields` lays them out, after a comment.
fn packer(m: &mut String, name: &str, what: &str, fields: &[Field]) {
    let args: Vec<String> = fields.iter().map(|f| format!("~{}", f.name)).collect();
    let packed: Vec<String> = fields
        .iter()
        .map(|f| match f.shift {
            0 => f.name.to_string(),
            s => format!("({} lsl {s})", f.name),
        })
        .collect();
    let widths: Vec<String> = fields
        .iter()
        .map(|f| format!("{} {}", f.name, f.bits))
        .collect();
    let doc = format!(
        "[{name} {}] packs {what} into one int, low bits first, each field as wide as its bits ({}).",
        args.join(" "),
        widths.join(", ")
    );
    let _ = write!(
        m,
        "\n(* {} *)\nlet {name} {} =\n  {}\n",
        fill(&doc, 72).join("\n   "),
        args.join(" "),
        packed.join(" lor ")
    );
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
        nx_array::codes::check_generated("ocaml/core/nx_codes.ml", &super::render());
    }
}
