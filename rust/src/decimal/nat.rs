//! Natural numbers of any size, for the exact reading of written numbers:
//! little-endian 32-bit limbs in a `Vec`, with no zero limb on top.
//!
//! Only what [`super`] needs: building from digits, products, shifts, a
//! difference, a comparison, and a quotient known to be below 2^127.
//! Schoolbook throughout: the operands are at most a few thousand limbs.

use core::cmp::Ordering;

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Nat {
    limbs: Vec<u32>,
}

impl Nat {
    pub fn zero() -> Nat {
        Nat::default()
    }

    pub fn of_u128(v: u128) -> Nat {
        let mut n = Nat {
            limbs: (0..4).map(|i| (v >> (32 * i)) as u32).collect(),
        };
        n.trim();
        n
    }

    /// 2^e.
    pub fn pow2(e: u64) -> Nat {
        Nat::of_u128(1).shl(e)
    }

    /// 10^e.
    pub fn pow10(e: u64) -> Nat {
        let mut n = Nat::of_u128(1);
        n.mul_pow10(e);
        n
    }

    /// The number the digits `ds` (values below `base`, most significant
    /// first) write, nine decimal or seven hexadecimal digits a step.
    pub fn of_digits(ds: &[u8], base: u32) -> Nat {
        let step = if base == 16 { 7 } else { 9 };
        let mut n = Nat::zero();
        for chunk in ds.chunks(step) {
            let v = chunk.iter().fold(0u32, |v, &d| v * base + u32::from(d));
            n.mul_add_small(base.pow(chunk.len() as u32), v);
        }
        n
    }

    fn trim(&mut self) {
        while self.limbs.last() == Some(&0) {
            self.limbs.pop();
        }
    }

    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of bits, 0 for zero.
    pub fn bit_len(&self) -> u64 {
        self.limbs.last().map_or(0, |&top| {
            32 * (self.limbs.len() as u64 - 1) + u64::from(32 - top.leading_zeros())
        })
    }

    /// self = self * m + a.
    fn mul_add_small(&mut self, m: u32, a: u32) {
        let mut carry = u64::from(a);
        for limb in &mut self.limbs {
            let p = u64::from(*limb) * u64::from(m) + carry;
            *limb = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            self.limbs.push(carry as u32);
        }
    }

    /// self *= 10^e.
    pub fn mul_pow10(&mut self, mut e: u64) {
        while e > 0 {
            let k = e.min(9) as u32;
            self.mul_add_small(10u32.pow(k), 0);
            e -= u64::from(k);
        }
    }

    /// self * 2^e.
    pub fn shl(&self, e: u64) -> Nat {
        if self.is_zero() {
            return Nat::zero();
        }
        let (words, bits) = ((e / 32) as usize, (e % 32) as u32);
        let mut limbs = vec![0u32; words];
        let mut carry = 0u32;
        for &l in &self.limbs {
            limbs.push((l << bits) | carry);
            carry = if bits == 0 { 0 } else { l >> (32 - bits) };
        }
        limbs.push(carry);
        let mut n = Nat { limbs };
        n.trim();
        n
    }

    /// self / 2, rounded down.
    fn halve(&mut self) {
        let mut carry = 0u32;
        for l in self.limbs.iter_mut().rev() {
            let v = *l;
            *l = (v >> 1) | (carry << 31);
            carry = v & 1;
        }
        self.trim();
    }

    pub fn mul(&self, other: &Nat) -> Nat {
        if self.is_zero() || other.is_zero() {
            return Nat::zero();
        }
        let mut limbs = vec![0u32; self.limbs.len() + other.limbs.len()];
        for (i, &a) in self.limbs.iter().enumerate() {
            let mut carry = 0u64;
            for (j, &b) in other.limbs.iter().enumerate() {
                let t = u64::from(a) * u64::from(b) + u64::from(limbs[i + j]) + carry;
                limbs[i + j] = t as u32;
                carry = t >> 32;
            }
            limbs[i + other.limbs.len()] = carry as u32;
        }
        let mut n = Nat { limbs };
        n.trim();
        n
    }

    pub fn add(&self, other: &Nat) -> Nat {
        let (long, short) = if self.limbs.len() >= other.limbs.len() {
            (self, other)
        } else {
            (other, self)
        };
        let mut limbs = Vec::with_capacity(long.limbs.len() + 1);
        let mut carry = 0u64;
        for (i, &l) in long.limbs.iter().enumerate() {
            let s = u64::from(l) + u64::from(short.limbs.get(i).copied().unwrap_or(0)) + carry;
            limbs.push(s as u32);
            carry = s >> 32;
        }
        limbs.push(carry as u32);
        let mut n = Nat { limbs };
        n.trim();
        n
    }

    /// self -= other, for self >= other.
    pub fn sub_assign(&mut self, other: &Nat) {
        debug_assert!(*self >= *other);
        let mut borrow = 0i64;
        for (i, l) in self.limbs.iter_mut().enumerate() {
            let d = i64::from(*l) - i64::from(other.limbs.get(i).copied().unwrap_or(0)) - borrow;
            *l = d as u32;
            borrow = i64::from(d < 0);
        }
        self.trim();
    }

    /// The quotient and whether a remainder is left, of self / d, for a
    /// quotient below 2^127 (d not zero): bit by bit, from d * 2^126 down.
    pub fn div_small_quotient(&self, d: &Nat) -> (u128, bool) {
        debug_assert!(!d.is_zero());
        const TOP: u32 = 126;
        let mut rem = self.clone();
        let mut step = d.shl(u64::from(TOP));
        debug_assert!(rem < step.shl(1), "quotient past 2^127");
        let mut q = 0u128;
        for bit in (0..=TOP).rev() {
            if rem >= step {
                rem.sub_assign(&step);
                q |= 1 << bit;
            }
            step.halve();
        }
        (q, !rem.is_zero())
    }
}

impl PartialOrd for Nat {
    fn partial_cmp(&self, other: &Nat) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Nat {
    fn cmp(&self, other: &Nat) -> Ordering {
        self.limbs
            .len()
            .cmp(&other.limbs.len())
            .then_with(|| self.limbs.iter().rev().cmp(other.limbs.iter().rev()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_agrees_with_u128() {
        let a = 0x1234_5678_9abc_def0_1122u128;
        let b = 0xfedc_ba98_7654u128;
        assert_eq!(Nat::of_u128(a).mul(&Nat::of_u128(b)), {
            let p = a * b;
            Nat::of_u128(p)
        });
        assert_eq!(Nat::of_u128(a).shl(13), Nat::of_u128(a << 13));
        assert_eq!(Nat::of_u128(a).shl(64), Nat::of_u128(a).mul(&Nat::pow2(64)));
        let mut d = Nat::of_u128(a);
        d.sub_assign(&Nat::of_u128(b));
        assert_eq!(d, Nat::of_u128(a - b));
        assert_eq!(
            Nat::of_u128(u128::MAX).add(&Nat::of_u128(1)),
            Nat::pow2(128)
        );
        assert_eq!(Nat::of_u128(b).add(&Nat::of_u128(a)), Nat::of_u128(a + b));
        assert_eq!(
            Nat::of_digits(&[1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 1], 10),
            Nat::of_u128(12_345_678_901)
        );
        assert_eq!(
            Nat::of_digits(&[0xf, 0xe, 0, 1, 2, 3, 4, 5, 6], 16),
            Nat::of_u128(0xfe0123456)
        );
        assert_eq!(Nat::pow10(30), Nat::of_u128(10u128.pow(30)));
        assert_eq!(
            Nat::of_u128(a).div_small_quotient(&Nat::of_u128(b)),
            (a / b, a % b != 0)
        );
        assert_eq!(
            Nat::pow2(200).div_small_quotient(&Nat::pow2(80)),
            (1 << 120, false)
        );
        assert_eq!(Nat::of_u128(u128::MAX).bit_len(), 128);
        assert!(Nat::pow10(40) > Nat::pow2(132) && Nat::pow10(40) < Nat::pow2(133));
    }
}
