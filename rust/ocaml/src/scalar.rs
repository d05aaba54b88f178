//! Scalar stores and loads: `Dtype.of_float` of a known float dtype is one
//! direct call of its format's entry point, with nothing to dispatch on;
//! Float16's chooses F16C itself (`nx_array::kernels::hardware`). The
//! stores and loads that take a code serve every other dtype.
//!
//! Each takes and gives unboxed floats and int64s and untagged ints, is
//! `[@@noalloc]`, and has a boxing twin for bytecode.

use nx_array::facts::{self, Facts};
use nx_array::store;
use ocaml_interop::OCamlRuntime;

/// The row of a code the OCaml side took from a dtype, or none: the
/// entry points stay total whatever they are given.
fn row(code: isize) -> Option<&'static Facts> {
    facts::of_code(code as i64)
}

macro_rules! of_float {
    ($($name:ident, $byte:ident = $code:ident;)*) => {$(
        /// The value a store of `x` into the format holds.
        #[ocaml_interop::export(noalloc)]
        pub fn $name(_cr: &OCamlRuntime, x: f64) -> f64 {
            // Every float code has a fast path, so the NaN is never taken.
            store::of_float_fast(facts::$code, x).unwrap_or(f64::NAN)
        }

        /// The bytecode twin of the store above.
        #[ocaml::bytecode_func]
        pub fn $byte(x: f64) -> f64 {
            $name(x)
        }
    )*};
}

of_float! {
    nx_ml_of_float64, nx_ml_of_float64_byte = FLOAT64;
    nx_ml_of_float32, nx_ml_of_float32_byte = FLOAT32;
    nx_ml_of_float16, nx_ml_of_float16_byte = FLOAT16;
    nx_ml_of_bfloat16, nx_ml_of_bfloat16_byte = BFLOAT16;
    nx_ml_of_float8_e4m3fn, nx_ml_of_float8_e4m3fn_byte = FLOAT8_E4M3FN;
    nx_ml_of_float8_e5m2, nx_ml_of_float8_e5m2_byte = FLOAT8_E5M2;
    nx_ml_of_float4_e2m1fn, nx_ml_of_float4_e2m1fn_byte = FLOAT4_E2M1FN;
}

/// The encoding of `x` stored into the dtype `code`, in the low bits; 0
/// for an unknown code.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_store(_cr: &OCamlRuntime, code: isize, x: f64) -> i64 {
    row(code).map_or(0, |dt| store::store(dt, x) as i64)
}

/// The bytecode twin of [`nx_ml_store`].
#[ocaml::bytecode_func]
pub fn nx_ml_store_byte(code: isize, x: f64) -> i64 {
    nx_ml_store(code, x)
}

/// The value of the encoding in the low bits of `bits`; NaN for an
/// unknown code.
#[ocaml_interop::export(noalloc)]
pub fn nx_ml_load(_cr: &OCamlRuntime, code: isize, bits: i64) -> f64 {
    row(code).map_or(f64::NAN, |dt| store::load(dt, bits as u64))
}

/// The bytecode twin of [`nx_ml_load`].
#[ocaml::bytecode_func]
pub fn nx_ml_load_byte(code: isize, bits: i64) -> f64 {
    nx_ml_load(code, bits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nx_array::capi::{nx_load, nx_of_float, nx_store};

    const XS: [f64; 8] = [
        0.1,
        -65519.0,
        65520.0,
        1e-8,
        f64::NAN,
        -f64::INFINITY,
        448.0,
        5.0,
    ];

    #[test]
    fn entries_agree_with_the_c_api() {
        let entries: [(u8, extern "C" fn(f64) -> f64); 7] = [
            (facts::FLOAT64, nx_ml_of_float64),
            (facts::FLOAT32, nx_ml_of_float32),
            (facts::FLOAT16, nx_ml_of_float16),
            (facts::BFLOAT16, nx_ml_of_bfloat16),
            (facts::FLOAT8_E4M3FN, nx_ml_of_float8_e4m3fn),
            (facts::FLOAT8_E5M2, nx_ml_of_float8_e5m2),
            (facts::FLOAT4_E2M1FN, nx_ml_of_float4_e2m1fn),
        ];
        for (code, f) in entries {
            for x in XS {
                let want = nx_of_float(code.into(), x);
                assert_eq!(f(x).to_bits(), want.to_bits(), "code {code}, {x}");
            }
        }
    }

    /// What `Dtype.of_float` gets from these entry points is what a Rust
    /// user gets from `nx_array::store`: around every value of float16
    /// and bfloat16, the value and its neighbouring doubles.
    #[test]
    fn entries_agree_with_the_rust_api() {
        use half::{bf16, f16};
        use nx_array::store;
        for b in 0..=u16::MAX {
            let v = [f16::from_bits(b).to_f64(), bf16::from_bits(b).to_f64()];
            for x in v
                .into_iter()
                .flat_map(|v| [v, v.next_up(), v.next_down(), v * 1.0009765625])
            {
                let (h, bh) = (store::<f16>(x).to_f64(), store::<bf16>(x).to_f64());
                assert_eq!(nx_ml_of_float16(x).to_bits(), h.to_bits(), "{x:e}");
                assert_eq!(nx_ml_of_bfloat16(x).to_bits(), bh.to_bits(), "{x:e}");
                let f = f64::from(store::<f32>(x));
                assert_eq!(nx_ml_of_float32(x).to_bits(), f.to_bits(), "{x:e}");
            }
        }
    }

    #[test]
    fn stores_and_loads_agree_with_the_c_api() {
        for code in -1..=22 {
            for x in XS {
                let bits = nx_ml_store(code, x);
                assert_eq!(bits as u64, nx_store(code as i32, x), "{code} {x}");
                let back = nx_ml_load(code, bits);
                assert_eq!(back.to_bits(), nx_load(code as i32, bits as u64).to_bits());
            }
        }
        assert_eq!(nx_ml_store(isize::MAX, 1.0), 0);
        assert!(nx_ml_load(isize::MIN, 1).is_nan());
    }
}
