//! The layout of the elements of fewer than 8 bits (int4, uint4,
//! float4_e2m1fn, bit): `8 / bits` to a byte, low bits first; element `i`
//! lies at bit `(i % per) × bits` of byte `i / per`. The one definition
//! that the general kernel and the fast ones use; `ocaml/elt.ml` mirrors
//! it for element access without a call, and the array tests hold the two
//! to each other. Also the mask of an element's bits, [`mask`].

/// The elements of `bits` bits (1 or 4) in one byte.
#[inline(always)]
pub const fn per_byte(bits: u32) -> usize {
    8 / bits as usize
}

/// Where element `i` of `bits` bits lies: its byte, and the shift of its
/// bits within that byte.
#[inline(always)]
pub const fn place(i: usize, bits: u32) -> (usize, u32) {
    let per = per_byte(bits);
    (i / per, (i % per) as u32 * bits)
}

/// The bytes that `n` elements of `bits` bits take: packed below a byte,
/// the last byte's unused bits included.
#[inline(always)]
pub const fn bytes(n: usize, bits: u32) -> usize {
    (n * bits as usize).div_ceil(8)
}

/// The byte of two 4-bit elements, `first` in the low half.
#[inline(always)]
pub const fn pair(first: u8, second: u8) -> u8 {
    (first & 0xf) | (second << 4)
}

/// The two 4-bit elements of a byte, the first one first.
#[inline(always)]
pub const fn unpair(b: u8) -> (u8, u8) {
    (b & 0xf, b >> 4)
}

/// A mask of the low `bits` bits: an element's bits in the `u64` that
/// holds them (the stores, the conversion kernel and the decimals share it).
#[inline]
pub const fn mask(bits: u32) -> u64 {
    if bits >= 64 {
        u64::MAX
    } else {
        (1 << bits) - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_and_sizes() {
        assert_eq!(place(0, 4), (0, 0));
        assert_eq!(place(3, 4), (1, 4));
        assert_eq!(place(9, 1), (1, 1));
        assert_eq!(bytes(3, 4), 2);
        assert_eq!(bytes(9, 1), 2);
        assert_eq!(bytes(3, 16), 6);
        assert_eq!(pair(0x1, 0xf), 0xf1);
        assert_eq!(unpair(0xf1), (0x1, 0xf));
    }
}
