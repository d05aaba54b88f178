//! Stores of one double into any dtype, and loads of one element back: the
//! scalar form of the Stores rule that every kernel follows.
//!
//! An element's encoding is carried in the low bits of a `u64`: all of it
//! for dtypes of at most 64 bits, the real part (the low half) for
//! Complex128, whose stores always have a zero imaginary part.

use crate::convert::{self, Overflow};
use crate::facts::{Facts, Kind};
use crate::format::{
    binary64, Format, Rounding, BFLOAT16, FLOAT16, FLOAT32, FLOAT4_E2M1FN, FLOAT64, FLOAT8_E4M3FN,
    FLOAT8_E5M2,
};
use crate::packed::mask;

/// The encoding of `x` stored into the dtype of row `dt` by the Stores
/// rule (rounding to nearest, ties to even) in the default floating-point
/// environment: a float format rounds, an integer truncates toward zero
/// and saturates (NaN gives 0) by the conversion rule's integer store
/// ([`convert::int_of_float`]), a boolean is `x != 0`.
#[inline]
pub fn store(dt: &Facts, x: f64) -> u64 {
    match (dt.kind, dt.format) {
        (Kind::Float | Kind::Complex, Some(fmt)) => store_format(fmt, x),
        (Kind::Boolean, _) => u64::from(x != 0.0),
        _ => {
            let (lo, hi) = dt.int_range().unwrap_or((0, 0));
            let (v, _) = convert::int_of_float(x, lo, hi, Overflow::Stores);
            (v as u64) & mask(dt.bits)
        }
    }
}

/// The value of the element encoded in the low bits of `bits`, as a double:
/// exact for float formats (and the real part of complex ones), rounded to
/// nearest for integers of more than 53 bits, 0 or 1 for booleans.
pub fn load(dt: &Facts, bits: u64) -> f64 {
    match (dt.kind, dt.format) {
        (Kind::Float | Kind::Complex, Some(fmt)) => fmt.decode(bits & mask(fmt.bits())),
        (Kind::Boolean, _) => f64::from(u8::from(bits & mask(dt.bits) != 0)),
        (Kind::Signed, _) => sign_extend(bits, dt.bits) as f64,
        _ => (bits & mask(dt.bits)) as f64,
    }
}

/// The integer value of an integer or boolean element, sign-extended for
/// signed dtypes.
pub fn load_int(dt: &Facts, bits: u64) -> i64 {
    match dt.kind {
        Kind::Signed => sign_extend(bits, dt.bits),
        Kind::Boolean => i64::from(bits & mask(dt.bits) != 0),
        _ => (bits & mask(dt.bits)) as i64,
    }
}

/// The encoding of `x` stored into a float format by the Stores rule:
/// Float16 and the smaller formats rounded once from the double's bits
/// (integer code, deaf to the floating-point environment), Float32 and
/// Bfloat16 as the documentation of `of_float` says; the tests hold them
/// to [`Format::encode`]. Inlined: given a known format, only its own arm
/// is left.
#[inline(always)]
pub fn store_format(fmt: &Format, x: f64) -> u64 {
    use crate::format::{Float4E2m1fn, Float8E4m3fn, Float8E5m2};
    use crate::kernels::f64_to_small;
    match *fmt {
        FLOAT64 if !x.is_nan() => x.to_bits(),
        FLOAT32 => u64::from(float32_hw(x)),
        BFLOAT16 => u64::from(bfloat16_via_odd(x)),
        FLOAT16 => u64::from(f64_to_small::<half::f16>(x)),
        FLOAT8_E4M3FN => u64::from(f64_to_small::<Float8E4m3fn>(x)),
        FLOAT8_E5M2 => u64::from(f64_to_small::<Float8E5m2>(x)),
        FLOAT4_E2M1FN => u64::from(f64_to_small::<Float4E2m1fn>(x)),
        _ => fmt.encode(x, Rounding::NearestEven).bits,
    }
}

/// The value a store of `x` into the float dtype of `code` holds, as a
/// double, for float codes: the scalar hot path of `Dtype.of_float`. The
/// formats of a byte or less store by table ([`crate::byte_store`]), Float16
/// goes through F16C where the processor has it.
#[inline(always)]
pub fn of_float_fast(code: u8, x: f64) -> Option<f64> {
    use crate::{byte_store, facts};
    let widen = |b: u32| f64::from(f32::from_bits(b));
    Some(match code {
        facts::FLOAT64 if x.is_nan() => f64::from_bits(x.to_bits() | binary64::QUIET_BIT),
        facts::FLOAT64 => x,
        facts::FLOAT32 => f64::from(x as f32),
        facts::FLOAT16 => float16(x),
        facts::BFLOAT16 => widen(u32::from(bfloat16_via_odd(x)) << 16),
        facts::FLOAT8_E4M3FN => byte_store::float8_e4m3fn(x),
        facts::FLOAT8_E5M2 => byte_store::float8_e5m2(x),
        facts::FLOAT4_E2M1FN => byte_store::float4_e2m1fn(x),
        _ => return None,
    })
}

/// The value a Float16 store of `x` holds: with F16C, float32 rounded to
/// odd then the processor's conversion to nearest (its rounding given in
/// the instruction, not taken from the environment) and back; else
/// portably. The choice is made here alone, by [`kernels::hardware`]:
/// one load and a branch before a tail call to either path.
///
/// [`kernels::hardware`]: crate::kernels::hardware
#[inline(always)]
fn float16(x: f64) -> f64 {
    #[cfg(target_arch = "x86_64")]
    if crate::kernels::hardware() {
        // Safety: hardware() checked that the processor has F16C.
        return unsafe { float16_f16c(x) };
    }
    float16_portable(x)
}

/// [`float16`] without F16C; apart, so that the choice stays small.
#[inline(never)]
fn float16_portable(x: f64) -> f64 {
    let h = crate::kernels::f64_to_small::<half::f16>(x);
    f64::from(f32::from_bits(crate::kernels::f16_to_f32(h as u16)))
}

/// Safety: the processor has F16C.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "f16c")]
unsafe fn float16_f16c(x: f64) -> f64 {
    use core::arch::x86_64::*;
    let odd = _mm_castsi128_ps(_mm_cvtsi32_si128(crate::kernels::f64_to_f32_odd(x) as i32));
    let h = _mm_cvtps_ph::<_MM_FROUND_TO_NEAREST_INT>(odd);
    f64::from(_mm_cvtss_f32(_mm_cvtph_ps(h)))
}

#[inline]
fn sign_extend(bits: u64, width: u32) -> i64 {
    let unused = 64 - width.min(64);
    ((bits << unused) as i64) >> unused
}

/// A Float32 store is the processor's own conversion: correctly rounded in
/// the default environment, and it follows the environment's rounding mode
/// and flush-to-zero as the documentation of `of_float` says. Its NaN is
/// the quiet NaN keeping the top of the payload, the NaN rule.
#[inline]
pub fn float32_hw(x: f64) -> u32 {
    (x as f32).to_bits()
}

/// A Bfloat16 store, by way of float32 rounded to odd: the same bits as
/// the exact rule in the default environment, and a zero for subnormal
/// magnitudes under flush-to-zero, as documented.
#[inline]
pub fn bfloat16_via_odd(x: f64) -> u16 {
    crate::kernels::f32_to_bf16(crate::kernels::f64_to_f32_odd(x))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::{self, TABLE};
    use crate::testing::Xorshift;

    fn row(code: u8) -> &'static Facts {
        &TABLE[code as usize]
    }

    #[test]
    fn integer_stores_truncate_and_saturate() {
        let i16_ = row(facts::INT16);
        assert_eq!(store(i16_, 1e9), 0x7fff);
        assert_eq!(store(i16_, -1e9), 0x8000);
        assert_eq!(store(i16_, -2.9), (-2i64 as u64) & 0xffff);
        assert_eq!(store(i16_, f64::NAN), 0);
        assert_eq!(store(row(facts::UINT32), 4294967295.9), 0xffff_ffff);
        assert_eq!(store(row(facts::UINT32), -0.9), 0);
        assert_eq!(store(row(facts::UINT64), 1e30), u64::MAX);
        assert_eq!(store(row(facts::INT64), -1e30), i64::MIN as u64);
        assert_eq!(
            store(row(facts::INT64), 9.223372036854775e18),
            9223372036854774784
        );
        assert_eq!(store(row(facts::INT4), -100.0), 0x8);
        assert_eq!(store(row(facts::INT4), 7.9), 0x7);
        assert_eq!(store(row(facts::UINT4), 15.5), 0xf);
        assert_eq!(store(row(facts::UINT4), -3.0), 0);
        assert_eq!(load(row(facts::INT4), 0x8), -8.0);
        assert_eq!(load_int(row(facts::INT8), 0xff), -1);
    }

    #[test]
    fn booleans_store_nonzero() {
        for code in [facts::BOOL, facts::BIT] {
            assert_eq!(store(row(code), 0.0), 0);
            assert_eq!(store(row(code), -0.0), 0);
            assert_eq!(store(row(code), f64::NAN), 1);
            assert_eq!(store(row(code), -2.5), 1);
        }
    }

    #[test]
    fn complex_stores_the_real_part() {
        assert_eq!(
            store(row(facts::COMPLEX64), 0.1),
            u64::from(0.1f32.to_bits())
        );
        assert_eq!(store(row(facts::COMPLEX128), 0.1), 0.1f64.to_bits());
    }

    #[test]
    fn of_float_fast_is_decode_after_store() {
        let mut rng = Xorshift::new(0x1234_4321_abcd_dcba);
        for _ in 0..300_000 {
            let state = rng.next_u64();
            let x = f64::from_bits(state);
            let y = f64::from(f32::from_bits(state as u32));
            for row in TABLE.iter().filter(|r| r.kind == Kind::Float) {
                let fmt = row.format.unwrap();
                for v in [x, y] {
                    let expect = fmt.decode(fmt.encode(v, Rounding::NearestEven).bits);
                    let got = of_float_fast(row.code, v).unwrap();
                    assert_eq!(got.to_bits(), expect.to_bits(), "{} {v:e}", row.name);
                }
            }
        }
        assert_eq!(of_float_fast(facts::INT8, 1.0), None);
    }

    #[test]
    fn small_stores_are_the_exact_rule() {
        let mut rng = Xorshift::new(0x2545_f491_4f6c_dd1d);
        let formats = [&FLOAT16, &FLOAT8_E4M3FN, &FLOAT8_E5M2, &FLOAT4_E2M1FN];
        for _ in 0..300_000 {
            let state = rng.next_u64();
            for fmt in formats {
                // Random doubles, and doubles near each format's halfway
                // points: a value of it plus half an ulp, nudged.
                let x = f64::from_bits(state);
                let v = fmt.decode(state & store_mask(fmt));
                let h = v + v.abs() * fmt.epsilon() / 2.0;
                for y in [x, h, h.next_up(), h.next_down()] {
                    let exact = fmt.encode(y, Rounding::NearestEven).bits;
                    assert_eq!(store_format(fmt, y), exact, "{fmt:?} {y:e}");
                }
            }
        }
    }

    fn store_mask(fmt: &Format) -> u64 {
        mask(fmt.bits())
    }

    #[test]
    fn bfloat16_via_odd_is_the_exact_rule() {
        let mut rng = Xorshift::new(0x2545_f491_4f6c_dd1d);
        let exact = |x: f64| BFLOAT16.encode(x, Rounding::NearestEven).bits as u16;
        for _ in 0..500_000 {
            let state = rng.next_u64();
            // Random doubles, and doubles near bfloat16 halfway points.
            let x = f64::from_bits(state);
            assert_eq!(bfloat16_via_odd(x), exact(x), "{x:e}");
            let h = f64::from(f32::from_bits(((state as u32) & 0xffff_0000) | 0x8000));
            for y in [h, h.next_up(), h.next_down()] {
                assert_eq!(bfloat16_via_odd(y), exact(y), "{y:e}");
            }
        }
    }
}
