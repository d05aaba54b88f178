//! Numbers written out, stored exactly (`nx_array::decimal`): the record
//! `Native.stored` of `ocaml/core/native.ml`.

use nx_array::decimal;
use nx_array::facts;
use ocaml_interop::{OCaml, OCamlRuntime};

/// `Native.stored`, field for field in the same order.
#[derive(ocaml::ToValue)]
struct MlStored {
    bits: i64,
    outcome: isize,
    abs_error: f64,
    rel_error: f64,
}

/// The store of the number `s` writes into the dtype `code`, if `s` is
/// one and `code` a dtype's; with the errors when `errors` (reading the
/// number whole), else zero errors (reading it shortened, in time linear
/// in its length).
#[ocaml_interop::export]
pub fn nx_ml_store_string(
    cr: &mut OCamlRuntime,
    code: OCaml<isize>,
    s: OCaml<String>,
    errors: OCaml<bool>,
) -> OCaml<Option<MlStoredRecord>> {
    let stored = facts::of_code(code.to_i64()).and_then(|dt| {
        let s = s.as_bytes();
        if errors.to_bool() {
            decimal::report(dt, s)
        } else {
            decimal::store(dt, s).map(|(bits, outcome)| decimal::Report {
                bits,
                outcome,
                abs_error: 0.0,
                rel_error: 0.0,
            })
        }
    });
    let stored = stored.map(|r| MlStored {
        bits: r.bits as i64,
        outcome: r.outcome.code().into(),
        abs_error: r.abs_error,
        rel_error: r.rel_error,
    });
    // Safety: ocaml-rs roots each value it allocates (boxroot) while it
    // builds the next, and the lock is held.
    let v = ocaml::ToValue::to_value(&stored, unsafe { ocaml::Runtime::recover_handle() });
    // Safety: v is the record option, live until returned.
    unsafe { OCaml::new(cr, v.raw().0) }
}

/// The OCaml type of the record, for [`OCaml`]'s type parameter.
pub enum MlStoredRecord {}
