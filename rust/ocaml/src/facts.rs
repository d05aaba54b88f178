//! A row of the facts table, as the record `Native.facts` of
//! `ocaml/core/native.ml`: the OCaml tests hold the OCaml facts to it.

use nx_array::facts::{self, Facts};
use ocaml_interop::{OCaml, OCamlRuntime};

/// `Native.facts`, field for field in the same order: the float facts are
/// zero for a dtype that is not a float.
#[derive(ocaml::ToValue)]
struct MlFacts {
    code: isize,
    name: &'static str,
    bits: isize,
    kind: isize,
    exponent_bits: isize,
    fraction_bits: isize,
    infinities: bool,
    nans: bool,
    epsilon: f64,
    min_normal: f64,
    max_finite: f64,
}

impl MlFacts {
    fn of_row(row: &Facts) -> MlFacts {
        let float = row.float_format();
        MlFacts {
            code: row.code.into(),
            name: row.name,
            bits: row.bits as isize,
            kind: row.kind.code().into(),
            exponent_bits: float.map_or(0, |f| f.exponent_bits as isize),
            fraction_bits: float.map_or(0, |f| f.fraction_bits as isize),
            infinities: float.is_some_and(|f| f.infinities()),
            nans: float.is_some_and(|f| f.nans()),
            epsilon: float.map_or(0.0, |f| f.epsilon()),
            min_normal: float.map_or(0.0, |f| f.min_normal()),
            max_finite: float.map_or(0.0, |f| f.max_finite_value()),
        }
    }
}

/// The row of `code`, if any.
#[ocaml_interop::export]
pub fn nx_ml_facts(cr: &mut OCamlRuntime, code: OCaml<isize>) -> OCaml<Option<MlFactsRecord>> {
    let row = facts::of_code(code.to_i64()).map(MlFacts::of_row);
    // Safety: ocaml-rs roots each value it allocates (boxroot) while it
    // builds the next, and the lock is held.
    let v = ocaml::ToValue::to_value(&row, unsafe { ocaml::Runtime::recover_handle() });
    // Safety: v is the record option, live until returned.
    unsafe { OCaml::new(cr, v.raw().0) }
}

/// The OCaml type of the record, for [`OCaml`]'s type parameter.
pub enum MlFactsRecord {}
