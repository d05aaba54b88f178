//! Stores of a double into Rust's own types, for Rust users: the 16-bit
//! formats as the `half` crate's [`f16`] and [`bf16`], complex dtypes as
//! `num-complex`'s [`Complex`]. Each is the store `Dtype.of_float` gives
//! in OCaml and `nx_store` in C: rounded once from the double, to nearest,
//! ties to even.

use crate::format::{FLOAT16, FLOAT64};
use crate::store::{bfloat16_via_odd, float32_hw, store_format};
use half::{bf16, f16};
use num_complex::Complex;

/// A Rust type that holds the values of a dtype: float64, float32,
/// float16, bfloat16, complex128 and complex64.
pub trait Element: Copy {
    /// The value a store of `x` into the dtype holds.
    fn of_f64(x: f64) -> Self;
}

/// The value a store of `x` into the dtype of `T` holds, as a `T`: the
/// Stores rule of `Nx_array.Dtype`, rounded once from the double, NaNs
/// quieted with the top of their payload kept, a complex number's
/// imaginary part zero.
///
/// `half`'s own `from_f64` first drops the double's low 32 bits, and the
/// sticky bits with them: a value just above a halfway point then ties,
/// and goes to even.
///
/// ```
/// use half::bf16;
/// // Just above the halfway point between bfloat16's 1 and 1 + 2^-7.
/// let x = 1.0 + 2f64.powi(-8) + 2f64.powi(-40);
/// assert_eq!(nx_array::store::<bf16>(x).to_bits(), 0x3f81);
/// assert_eq!(bf16::from_f64(x).to_bits(), 0x3f80);
/// ```
#[inline]
pub fn store<T: Element>(x: f64) -> T {
    T::of_f64(x)
}

impl Element for f64 {
    #[inline]
    fn of_f64(x: f64) -> f64 {
        f64::from_bits(store_format(&FLOAT64, x))
    }
}

/// The processor's conversion, which follows the floating-point
/// environment as `Dtype.of_float` documents.
impl Element for f32 {
    #[inline]
    fn of_f64(x: f64) -> f32 {
        f32::from_bits(float32_hw(x))
    }
}

impl Element for f16 {
    #[inline]
    fn of_f64(x: f64) -> f16 {
        f16::from_bits(store_format(&FLOAT16, x) as u16)
    }
}

impl Element for bf16 {
    #[inline]
    fn of_f64(x: f64) -> bf16 {
        bf16::from_bits(bfloat16_via_odd(x))
    }
}

impl<T: Element + Default> Element for Complex<T> {
    #[inline]
    fn of_f64(x: f64) -> Complex<T> {
        Complex::new(T::of_f64(x), T::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::{check, reference_stores};

    /// Every double of the reference vectors (test/vectors/stores.txt),
    /// which the OCaml and C tests also read, stored through this API.
    #[test]
    fn stores_agree_with_the_reference_vectors() {
        for row in reference_stores() {
            let x = f64::from_bits(row.x);
            check("float64", x, store::<f64>(x).to_bits(), row.f64);
            check("float32", x, u64::from(store::<f32>(x).to_bits()), row.f32);
            check("float16", x, u64::from(store::<f16>(x).to_bits()), row.f16);
            check(
                "bfloat16",
                x,
                u64::from(store::<bf16>(x).to_bits()),
                row.bf16,
            );
            let z = store::<Complex<f64>>(x);
            check("complex128 re", x, z.re.to_bits(), row.f64);
            check("complex128 im", x, z.im.to_bits(), 0);
            let z = store::<Complex<f32>>(x);
            check("complex64 re", x, u64::from(z.re.to_bits()), row.f32);
            check("complex64 im", x, u64::from(z.im.to_bits()), 0);
        }
    }

    /// The traps of the conversions that round twice or drop bits, which
    /// `half`'s own conversions fall into.
    #[test]
    fn half_double_rounds_where_store_does_not() {
        let p = |e: i32| 2f64.powi(e);
        let x = 1.0 + p(-8) + p(-40);
        check("bf16", x, store::<bf16>(x).to_bits().into(), 0x3f81);
        check("half bf16", x, bf16::from_f64(x).to_bits().into(), 0x3f80);
        let x = 1.0 + p(-11) + p(-40);
        check("f16", x, store::<f16>(x).to_bits().into(), 0x3c01);
        check("half f16", x, f16::from_f64(x).to_bits().into(), 0x3c00);
    }
}
