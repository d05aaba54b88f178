//! The decimal digits of the shortest text, sixteen at a time: the ASCII
//! bytes of two numbers below 10^8, made without a loop and stored by the
//! caller at fixed widths.
//!
//! On x86_64 the split into digits runs in SSE2 (which every x86_64
//! processor has): each step divides all the parts side by side, by a
//! multiplication and a shift exact over their range (the tests check every
//! value), where the portable version divides them one by one and reads the
//! pairs from a table. Both give the same bytes; the tests check that too.

/// The sixteen digits of `hi × 10^8 + lo`, for `hi` and `lo` below 10^8,
/// zeros ahead included, as ASCII bytes, first digit lowest.
#[inline(always)]
pub(crate) fn sixteen(hi: u32, lo: u32) -> u128 {
    #[cfg(target_arch = "x86_64")]
    {
        sse2::sixteen(hi, lo)
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        portable::sixteen(hi, lo)
    }
}

#[cfg(target_arch = "x86_64")]
mod sse2 {
    use core::arch::x86_64::*;

    /// `x / 10^4` for `x < 10^8`: `(x × M) >> 40`, M = ceil(2^40 / 10^4),
    /// errs by less than 2.1e-5, below the 1e-4 between x / 10^4 and the
    /// next integer when it is not one.
    const DIV_1E4: i64 = 109_951_163;
    /// `x / 100` for `x < 10^4`: `(x × 5243) >> 19`, an error below 2.3e-3.
    const DIV_100: i16 = 5243;
    /// `x / 10` for `x < 100`: `(x × 6554) >> 16`, an error below 6.2e-4.
    const DIV_10: i16 = 6554;

    #[inline(always)]
    pub(super) fn sixteen(hi: u32, lo: u32) -> u128 {
        // Safety: SSE2 is part of x86_64 itself: every processor of the
        // architecture has it, and these intrinsics touch no memory.
        let (low, high) = unsafe {
            // hi and lo in the two 64-bit lanes, hi lowest.
            let x = _mm_set_epi64x(i64::from(lo), i64::from(hi));
            // Their four-digit halves in 32-bit lanes, the leading half lowest.
            let q = _mm_srli_epi64::<40>(_mm_mul_epu32(x, _mm_set1_epi64x(DIV_1E4)));
            let r = _mm_sub_epi64(x, _mm_mul_epu32(q, _mm_set1_epi64x(10_000)));
            let halves = _mm_or_si128(q, _mm_slli_epi64::<32>(r));
            // Their pairs in 16-bit lanes: the halves' upper 16 bits are zero,
            // and stay so through the 16-bit arithmetic.
            let q = _mm_srli_epi16::<3>(_mm_mulhi_epu16(halves, _mm_set1_epi16(DIV_100)));
            let r = _mm_sub_epi16(halves, _mm_mullo_epi16(q, _mm_set1_epi16(100)));
            let pairs = _mm_or_si128(q, _mm_slli_epi32::<16>(r));
            // Their digits in bytes.
            let q = _mm_mulhi_epu16(pairs, _mm_set1_epi16(DIV_10));
            let r = _mm_sub_epi16(pairs, _mm_mullo_epi16(q, _mm_set1_epi16(10)));
            let digits = _mm_or_si128(q, _mm_slli_epi16::<8>(r));
            let ascii = _mm_or_si128(digits, _mm_set1_epi8(b'0' as i8));
            (
                _mm_cvtsi128_si64(ascii) as u64,
                _mm_cvtsi128_si64(_mm_unpackhi_epi64(ascii, ascii)) as u64,
            )
        };
        u128::from(high) << 64 | u128::from(low)
    }
}

#[cfg(any(test, not(target_arch = "x86_64")))]
mod portable {
    /// "00" to "99", as little-endian words: the tens digit in the low byte.
    const PAIRS: [u16; 100] = {
        let mut t = [0u16; 100];
        let mut i = 0;
        while i < 100 {
            t[i] = u16::from_le_bytes([b'0' + (i / 10) as u8, b'0' + (i % 10) as u8]);
            i += 1;
        }
        t
    };

    /// The eight decimal digits of `v < 10^8`, zeros ahead, as the bytes
    /// of a word, first digit lowest: four pairs from [`PAIRS`], split by
    /// multiplications the compiler makes of the divisions by constants.
    #[inline(always)]
    fn eight(v: u32) -> u64 {
        let (a, b) = (v / 10_000, v % 10_000);
        let pair = |x: u32| u64::from(PAIRS[x as usize]);
        pair(a / 100) | pair(a % 100) << 16 | pair(b / 100) << 32 | pair(b % 100) << 48
    }

    #[inline(always)]
    pub(super) fn sixteen(hi: u32, lo: u32) -> u128 {
        u128::from(eight(lo)) << 64 | u128::from(eight(hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(hi: u32, lo: u32) -> String {
        format!("{hi:08}{lo:08}")
    }

    /// Every value below 10^8 in each lane, the other lane varying.
    #[test]
    fn every_eight_digit_value() {
        let mut other = 0x9e37_79b9u32;
        for v in 0..100_000_000u32 {
            other = other.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            let w = other % 100_000_000;
            let (a, b) = (sixteen(v, w), sixteen(w, v));
            if v % 9_973 == 0 {
                assert_eq!(a.to_le_bytes(), text(v, w).as_bytes(), "{v} {w}");
                assert_eq!(b.to_le_bytes(), text(w, v).as_bytes(), "{w} {v}");
            }
            assert_eq!(a, portable::sixteen(v, w), "{v} {w}");
            assert_eq!(b, portable::sixteen(w, v), "{w} {v}");
        }
    }

    #[test]
    fn the_portable_digits_are_the_text() {
        for (hi, lo) in [
            (0, 0),
            (1, 0),
            (0, 1),
            (99_999_999, 99_999_999),
            (12_345_678, 90_123_456),
        ] {
            assert_eq!(
                portable::sixteen(hi, lo).to_le_bytes(),
                text(hi, lo).as_bytes()
            );
        }
    }
}
