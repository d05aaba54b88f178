//! How an E8M0 scale 2^k is chosen from a block's largest magnitude
//! `amax`. Every policy is computed exactly, on the integers of `amax`'s
//! encoding; the codes are the constructor order of
//! `Nx_array.Block.policy` (ocaml/block.mli), `Block_policy` in
//! `ocaml/core/nx_codes.ml`.

use super::exact::parts;
use super::formats::{e8m0, Element};

crate::codes::coded_enum! {
    /// The rule that chooses an E8M0 scale.
    pub enum Policy {
        /// OCP MX v1.0 §6.3: k = ⌊log2 amax⌋ − emax.
        Floor = 0,
        /// torchao's CEIL: k = ⌈log2 amax⌉ − emax.
        Ceil = 1,
        /// torchao's EVEN: k = ⌊log2 amax'⌋ − emax, amax' being amax
        /// rounded to the element's fraction bits, ties away from zero.
        Even = 2,
        /// cuBLAS's round-up (`cvt.rp` into E8M0; torchao's RCEIL): the
        /// least k with amax ≤ max × 2^k, max the element's largest value.
        Rceil = 3,
    }
}

impl Policy {
    /// The exponent k of the scale of a block whose largest magnitude is
    /// `amax` (finite), for elements `elem`, clamped to E8M0's range:
    /// -127 for a block of zeros.
    pub fn exponent(self, amax: f64, elem: Element) -> i32 {
        let (m, q) = parts(amax);
        if m == 0 {
            return e8m0::MIN_EXPONENT;
        }
        let lz = m.leading_zeros();
        // ⌊log2 amax⌋, and amax's significand as 1.f, 1 at bit 63.
        self.exponent_of(q + 63 - lz as i32, m << lz, elem)
    }

    /// As [`Policy::exponent`] of the float32 of bits `a` (finite, no
    /// sign), read off its fields where it is normal.
    #[inline(always)]
    pub fn exponent32(self, a: u32, elem: Element) -> i32 {
        const FRACTION: u32 = 23;
        let field = (a >> FRACTION) as i32;
        if field == 0 {
            return self.exponent(f64::from(f32::from_bits(a)), elem);
        }
        let fraction = u64::from(a & ((1 << FRACTION) - 1));
        self.exponent_of(field - 127, 1 << 63 | fraction << (63 - FRACTION), elem)
    }

    /// The exponent of a magnitude 2^l × sig / 2^63 (sig's bit 63 set).
    #[inline(always)]
    fn exponent_of(self, l: i32, sig: u64, elem: Element) -> i32 {
        let f = elem.fraction_bits();
        let above = |threshold: u64| u64::from(sig > threshold) as i32;
        let bump = match self {
            Policy::Floor => 0,
            Policy::Ceil => i32::from(sig != 1 << 63),
            // Rounds up past 2 iff the significand is at least
            // 2 − 2^-(f+1), i.e. above 2 − 2^-(f+1) − one unit.
            Policy::Even => above((u64::MAX << (63 - f - 1)) - 1),
            // The largest value's significand, max / 2^emax, in 64 bits.
            Policy::Rceil => above(elem.max_significand() << (63 - f)),
        };
        (l + bump - elem.emax()).clamp(e8m0::MIN_EXPONENT, e8m0::MAX_EXPONENT)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::pow2;
    use crate::testing::Xorshift;

    #[test]
    fn each_policy_at_its_boundaries() {
        let e2m1 = Element::Float4E2m1fn;
        let k = |p: Policy, x: f64| p.exponent(x, e2m1);
        // Floor: ⌊log2 amax⌋ − 2.
        assert_eq!(k(Policy::Floor, 4.0), 0);
        assert_eq!(k(Policy::Floor, 7.99), 0);
        assert_eq!(k(Policy::Floor, 8.0), 1);
        // Ceil: a power of two stays, anything above goes up.
        assert_eq!(k(Policy::Ceil, 4.0), 0);
        assert_eq!(k(Policy::Ceil, 4.0f64.next_up()), 1);
        // Even for E2M1 (one fraction bit): amax rounds to 1 fraction bit,
        // ties away: 1.75 × 2^l goes to 2^(l+1), 1.7499… stays.
        assert_eq!(k(Policy::Even, 7.0), 1);
        assert_eq!(k(Policy::Even, 7.0f64.next_down()), 0);
        // Rceil: the least k with amax ≤ 6 × 2^k.
        assert_eq!(k(Policy::Rceil, 6.0), 0);
        assert_eq!(k(Policy::Rceil, 6.0f64.next_up()), 1);
        assert_eq!(k(Policy::Rceil, 3.0), -1);
        assert_eq!(k(Policy::Rceil, 3.0f64.next_up()), 0);
        // Clamped to E8M0's range; zeros take the least scale.
        assert_eq!(k(Policy::Floor, 0.0), -127);
        assert_eq!(k(Policy::Floor, pow2(-140)), -127);
        assert_eq!(k(Policy::Floor, f64::MAX), 127);
        assert_eq!(k(Policy::Floor, f64::from_bits(1)), -127);
        // MXINT8: Rceil against 127/64.
        let i8s = Element::Int8Scaled;
        assert_eq!(Policy::Rceil.exponent(127.0 / 64.0, i8s), 0);
        assert_eq!(Policy::Rceil.exponent((127.0f64 / 64.0).next_up(), i8s), 1);
        assert_eq!(Policy::Even.exponent(2.0 - pow2(-7), i8s), 1);
        assert_eq!(Policy::Even.exponent((2.0 - pow2(-7)).next_down(), i8s), 0);
    }

    #[test]
    fn exponent32_is_exponent() {
        let mut rng = Xorshift::new(0x3243_f6a8_885a_308du64);
        for i in 0..400_000u32 {
            let s = rng.next_u64() as u32;
            // Random magnitudes, then the significands at every policy's
            // boundaries (all ones, the largest values') in every binade.
            let a = match i % 3 {
                0 => s,
                1 => (s & 0x7f80_0000) | 0x007f_ffff >> (s % 24),
                _ => (s & 0x7f80_0000) | (0x0040_0000 + (s & 1)) >> (s % 24) << (s % 3),
            } & 0x7f7f_ffff;
            for e in Element::MX {
                for p in Policy::ALL {
                    let want = p.exponent(f64::from(f32::from_bits(a)), e);
                    assert_eq!(p.exponent32(a, e), want, "{a:#x} {e:?} {p:?}");
                }
            }
        }
    }

    #[test]
    fn rceil_is_the_least_exponent_that_holds_amax() {
        let mut rng = Xorshift::new(0x9e37_79b9_7f4a_7c15u64);
        for _ in 0..100_000 {
            let s = rng.next_u64();
            let x = f64::from_bits(s >> 12 | 0x3ff0_0000_0000_0000) * pow2((s % 200) as i32 - 100);
            for e in Element::MX {
                let k = Policy::Rceil.exponent(x, e);
                let max = e.max_finite();
                assert!(x <= max * pow2(k) && x > max * pow2(k - 1), "{x:e} {e:?}");
                let f = Policy::Floor.exponent(x, e);
                assert!(x >= pow2(f + e.emax()) && x < pow2(f + e.emax() + 1));
                let c = Policy::Ceil.exponent(x, e);
                assert!(x <= pow2(c + e.emax()) && x > pow2(c + e.emax() - 1));
            }
        }
    }
}
