//! The facts table: one row per dtype, indexed by its code.
//!
//! This is the one source of truth. `nx_dtype.h` and `ocaml/core/nx_codes.ml`
//! are generated from it (see `header.rs` and the `nx_array_ocaml` crate),
//! and the OCaml library's facts are checked against it by
//! `test/dtype/test_dtype.ml` (`test_facts_match_the_table`), through
//! `Native.facts`. The order of the rows is the order of the constructors
//! of `Nx_array.Dtype.t` in `ocaml/dtype.mli`: keep both in step.

use crate::format::{self, Format};

crate::codes::coded_enum! {
    /// The kind of number a dtype holds. The codes are the `NX_KIND_*`
    /// constants of `nx_dtype.h` and the constructor order of `Dtype.kind`.
    pub enum Kind {
        /// Binary floating point.
        Float = 0,
        /// Pairs of binary floating point numbers.
        Complex = 1,
        /// Two's complement integers.
        Signed = 2,
        Unsigned = 3,
        /// Truth values.
        Boolean = 4,
    }
}

/// One row of the table.
#[derive(Clone, Copy, Debug)]
pub struct Facts {
    pub code: u8,
    /// The constructor name in lower case.
    pub name: &'static str,
    /// The width of one element in bits.
    pub bits: u32,
    pub kind: Kind,
    /// The float format of the element, or of each component of a complex
    /// element; `None` for integers and booleans.
    pub format: Option<&'static Format>,
}

macro_rules! table {
    ($($code:literal $const:ident $name:literal $bits:literal $kind:ident $format:expr;)*) => {
        $(pub const $const: u8 = $code;)*
        /// Every row, in code order.
        pub const TABLE: &[Facts] = &[
            $(Facts { code: $code, name: $name, bits: $bits, kind: Kind::$kind, format: $format },)*
        ];
        /// The names, NUL-terminated for C.
        pub const C_NAMES: &[&str] = &[$(concat!($name, "\0"),)*];
    };
}

table! {
    0  FLOAT64       "float64"       64  Float    Some(&format::FLOAT64);
    1  FLOAT32       "float32"       32  Float    Some(&format::FLOAT32);
    2  FLOAT16       "float16"       16  Float    Some(&format::FLOAT16);
    3  BFLOAT16      "bfloat16"      16  Float    Some(&format::BFLOAT16);
    4  FLOAT8_E4M3FN "float8_e4m3fn" 8   Float    Some(&format::FLOAT8_E4M3FN);
    5  FLOAT8_E5M2   "float8_e5m2"   8   Float    Some(&format::FLOAT8_E5M2);
    6  FLOAT4_E2M1FN "float4_e2m1fn" 4   Float    Some(&format::FLOAT4_E2M1FN);
    7  INT64         "int64"         64  Signed   None;
    8  UINT64        "uint64"        64  Unsigned None;
    9  INT32         "int32"         32  Signed   None;
    10 UINT32        "uint32"        32  Unsigned None;
    11 INT16         "int16"         16  Signed   None;
    12 UINT16        "uint16"        16  Unsigned None;
    13 INT8          "int8"          8   Signed   None;
    14 UINT8         "uint8"         8   Unsigned None;
    15 INT4          "int4"          4   Signed   None;
    16 UINT4         "uint4"         4   Unsigned None;
    17 COMPLEX128    "complex128"    128 Complex  Some(&format::FLOAT64);
    18 COMPLEX64     "complex64"     64  Complex  Some(&format::FLOAT32);
    19 BOOL          "bool"          8   Boolean  None;
    20 BIT           "bit"           1   Boolean  None;
}

/// The number of dtypes.
pub const COUNT: usize = TABLE.len();

/// The row of `code`, if any.
pub fn of_code(code: i64) -> Option<&'static Facts> {
    usize::try_from(code).ok().and_then(|i| TABLE.get(i))
}

impl Facts {
    /// The float format of a float dtype; `None` for the others, complex
    /// ones included.
    pub fn float_format(&self) -> Option<&'static Format> {
        self.format.filter(|_| self.kind == Kind::Float)
    }

    /// The least and greatest integer an integer dtype holds.
    pub fn int_range(&self) -> Option<(i128, i128)> {
        let bits = self.bits;
        match self.kind {
            Kind::Signed => Some((-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1)),
            Kind::Unsigned => Some((0, (1i128 << bits) - 1)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_indices() {
        assert_eq!(COUNT, 21);
        for (i, row) in TABLE.iter().enumerate() {
            assert_eq!(row.code as usize, i, "{}", row.name);
        }
        assert_eq!(TABLE[FLOAT64 as usize].name, "float64");
        assert_eq!(TABLE[BIT as usize].name, "bit");
    }

    #[test]
    fn complex_bits_are_two_components() {
        for row in TABLE.iter().filter(|r| r.kind == Kind::Complex) {
            assert_eq!(row.bits, 2 * row.format.unwrap().bits());
        }
        for row in TABLE.iter().filter(|r| r.kind == Kind::Float) {
            assert_eq!(row.bits, row.format.unwrap().bits());
        }
    }
}
