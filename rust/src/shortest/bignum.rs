//! Unsigned integers of up to [`LIMBS`] × 32 bits, for the exact
//! comparisons of the shortest-decimal search.
//!
//! Only what that search needs: products of a small integer by powers of
//! two and ten, sums and comparisons. The largest number it forms is below
//! 2^1300 (a binary64 subnormal scaled against 10^343), well inside the
//! capacity; an operation that would exceed it is a bug, caught by a
//! `debug_assert!` in tests and saturating silently nowhere.

use core::cmp::Ordering;

/// The number of 32-bit limbs: 2048 bits.
pub const LIMBS: usize = 64;

#[derive(Clone, Copy)]
pub struct Big {
    /// Little-endian limbs; those at `len` and above are zero.
    limbs: [u32; LIMBS],
    len: usize,
}

impl Big {
    pub fn from_u64(v: u64) -> Big {
        let mut b = Big {
            limbs: [0; LIMBS],
            len: 2,
        };
        b.limbs[0] = v as u32;
        b.limbs[1] = (v >> 32) as u32;
        b.trim();
        b
    }

    fn trim(&mut self) {
        while self.len > 0 && self.limbs[self.len - 1] == 0 {
            self.len -= 1;
        }
    }

    /// self *= m.
    pub fn mul_small(&mut self, m: u32) -> &mut Big {
        let mut carry = 0u64;
        for limb in &mut self.limbs[..self.len] {
            let p = u64::from(*limb) * u64::from(m) + carry;
            *limb = p as u32;
            carry = p >> 32;
        }
        if carry != 0 {
            debug_assert!(self.len < LIMBS, "bignum overflow");
            self.limbs[self.len] = carry as u32;
            self.len += 1;
        }
        self
    }

    /// self *= 2^n, in place from the top limb down.
    pub fn mul_pow2(&mut self, n: u32) -> &mut Big {
        if self.len == 0 {
            return self;
        }
        let words = (n / 32) as usize;
        let bits = n % 32;
        debug_assert!(self.len + words < LIMBS, "bignum overflow");
        let len = self.len;
        self.limbs[len + words] = 0;
        for i in (0..len).rev() {
            let v = u64::from(self.limbs[i]) << bits;
            self.limbs[i + words + 1] |= (v >> 32) as u32;
            self.limbs[i + words] = v as u32;
        }
        self.limbs[..words].fill(0);
        self.len += words + 1;
        self.trim();
        self
    }

    /// self *= 10^n.
    pub fn mul_pow10(&mut self, mut n: u32) -> &mut Big {
        const TEN9: u32 = 1_000_000_000;
        while n >= 9 {
            self.mul_small(TEN9);
            n -= 9;
        }
        self.mul_small(10u32.pow(n))
    }

    /// self * m, in one pass of 32-by-64-bit products.
    pub fn times(&self, m: u64) -> Big {
        let mut out = Big {
            limbs: [0; LIMBS],
            len: 0,
        };
        let mut carry = 0u128;
        for i in 0..self.len {
            let p = u128::from(self.limbs[i]) * u128::from(m) + carry;
            out.limbs[i] = p as u32;
            carry = p >> 32;
        }
        let mut len = self.len;
        while carry != 0 {
            debug_assert!(len < LIMBS, "bignum overflow");
            out.limbs[len] = carry as u32;
            carry >>= 32;
            len += 1;
        }
        out.len = len;
        out.trim();
        out
    }

    /// self - other, for self >= other.
    pub fn minus(&self, other: &Big) -> Big {
        debug_assert!(*self >= *other);
        let mut out = *self;
        let mut borrow = 0i64;
        for i in 0..self.len {
            let d = i64::from(self.limbs[i]) - i64::from(other.limbs[i]) - borrow;
            out.limbs[i] = d as u32;
            borrow = i64::from(d < 0);
        }
        out.trim();
        out
    }

    /// The q with q * y <= self < (q + 1) * y, for a q below 2^bits.
    ///
    /// A quotient of doubles gives q within one or two of the truth for
    /// the small quotients of the short decimals of small formats, which
    /// exact comparisons then settle; larger ones (binary64's 17 digits)
    /// are found bit by bit.
    pub fn floor_div(&self, y: &Big, bits: u32) -> u64 {
        if bits <= 40 {
            let estimate = (self.approximate() / y.approximate()).floor();
            if estimate.is_finite() && estimate < (1u64 << 41) as f64 {
                let mut q = (estimate as u64).saturating_sub(2);
                while q > 0 && y.times(q) > *self {
                    q -= 1;
                }
                while y.times(q + 1) <= *self {
                    q += 1;
                }
                return q;
            }
        }
        let mut q = 0u64;
        for bit in (0..bits).rev() {
            let c = q | (1 << bit);
            if y.times(c) <= *self {
                q = c;
            }
        }
        q
    }

    /// The value, as a double: its top 64 bits scaled, so within 2^-52 of
    /// it in ratio (infinite past the double range).
    fn approximate(&self) -> f64 {
        match self.len {
            0 => 0.0,
            1 => f64::from(self.limbs[0]),
            n => {
                let top = (u64::from(self.limbs[n - 1]) << 32) | u64::from(self.limbs[n - 2]);
                top as f64 * 2f64.powi(32 * (n as i32 - 2))
            }
        }
    }

    /// self += other.
    pub fn add(&mut self, other: &Big) -> &mut Big {
        let len = self.len.max(other.len);
        let mut carry = 0u64;
        for i in 0..len {
            let s = u64::from(self.limbs[i]) + u64::from(other.limbs[i]) + carry;
            self.limbs[i] = s as u32;
            carry = s >> 32;
        }
        self.len = len;
        if carry != 0 {
            debug_assert!(len < LIMBS, "bignum overflow");
            self.limbs[len] = carry as u32;
            self.len += 1;
        }
        self
    }
}

impl PartialEq for Big {
    fn eq(&self, other: &Big) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}

impl Eq for Big {}

impl PartialOrd for Big {
    fn partial_cmp(&self, other: &Big) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Big {
    fn cmp(&self, other: &Big) -> Ordering {
        self.len.cmp(&other.len).then_with(|| {
            for i in (0..self.len).rev() {
                match self.limbs[i].cmp(&other.limbs[i]) {
                    Ordering::Equal => continue,
                    o => return o,
                }
            }
            Ordering::Equal
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(v: u64) -> Big {
        Big::from_u64(v)
    }

    #[test]
    fn arithmetic_agrees_with_u128() {
        let mut a = big(123_456_789_012);
        a.mul_pow10(7).mul_pow2(13).mul_small(97);
        let expect = 123_456_789_012u128 * 10u128.pow(7) * (1 << 13) * 97;
        let mut e = big((expect >> 64) as u64);
        e.mul_pow2(64).add(&big(expect as u64));
        assert!(a == e);
        assert!(big(5) < big(6) && big(1 << 40) > big(u32::MAX.into()));
        assert!(*big(0).mul_pow2(100) == big(0));
        assert!(big(1 << 50).times(1 << 40) == *big(1).mul_pow2(90));
        assert!(big(1_000_001).minus(&big(2)) == big(999_999));
        let mut x = big(987_654_321);
        x.mul_pow10(30);
        let mut y = big(1);
        y.mul_pow10(25);
        assert_eq!(x.floor_div(&y, 48), 98_765_432_100_000);
    }

    #[test]
    fn large_powers_compare() {
        // 10^340 < 2^1130 < 10^341.
        let mut t340 = big(1);
        t340.mul_pow10(340);
        let mut t341 = big(1);
        t341.mul_pow10(341);
        let mut p = big(1);
        p.mul_pow2(1130);
        assert!(t340 < p && p < t341);
    }
}
