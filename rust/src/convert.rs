//! Bulk conversion of elements from one storage format to another: the one
//! conversion rule of the array layer, for every pair.
//!
//! A storage format is a dtype, by its code, or [`OCAML_INT`], Bigarray's
//! `Int` kind. Each source element's exact value is stored into the
//! destination:
//! - into a float format, rounded once from the exact value (an int64 into
//!   float32 rounds once, a double into bfloat16 rounds once), by the
//!   rounding asked for, past the range as the overflow policy says;
//! - into an integer, truncated toward zero and saturated (NaN gives 0), or
//!   wrapped modulo 2^bits under [`Overflow::Wrap`] (an OCaml int: 2^63);
//! - into a boolean, as value ≠ 0 (NaN is true);
//! - into a complex format, as the real part with a zero imaginary part.
//!
//! A complex element stored into a real format gives its real part; a
//! boolean counts as 0 or 1.

use crate::facts::{self, Kind};
use crate::format::{Format, Outcome, Rounding};
use crate::kernels;
use crate::packed::{self, mask};
use num_complex::Complex64;

/// The storage code of Bigarray's `Int` kind: OCaml ints, 63-bit signed
/// values in 64-bit words.
pub const OCAML_INT: u8 = 21;

crate::codes::coded_enum! {
    /// What a store past a format's range does.
    pub enum Overflow {
        /// The Stores rule: infinity where the format has one, else
        /// saturate; integers saturate.
        Stores = 0,
        /// The largest finite value of the sign, even where an infinity
        /// exists. An infinity stays one where the format has infinities.
        Saturate = 1,
        /// A NaN where the Stores rule gives an infinity for a finite value
        /// or saturates. Only for destinations with NaNs (nx_convert
        /// refuses the others).
        Nan = 2,
        /// Integers wrap modulo 2^bits (2^63 for NX_OCAML_INT, sign-extended);
        /// a float's truncation wraps, and NaN and infinities give 0. Floats
        /// as under Stores.
        Wrap = 3,
        /// Refuse: the conversion writes nothing and reports the first
        /// element the Stores rule would saturate, turn from finite into
        /// infinite, or turn from NaN or infinite into an integer.
        Raise = 4,
    }
}

/// What a storage format holds.
#[derive(Clone, Copy, Debug)]
enum Class {
    Float(&'static Format),
    Complex(&'static Format),
    Int { lo: i128, hi: i128 },
    Bool,
}

/// A storage format: the width of an element and what it holds.
#[derive(Clone, Copy, Debug)]
pub struct Storage {
    pub code: u8,
    pub bits: u32,
    class: Class,
}

/// The storage format of `code`, if any.
pub fn storage(code: i64) -> Option<Storage> {
    if code == i64::from(OCAML_INT) {
        let class = Class::Int {
            lo: -(1 << 62),
            hi: (1 << 62) - 1,
        };
        let code = OCAML_INT;
        return Some(Storage {
            code,
            bits: 64,
            class,
        });
    }
    let row = facts::of_code(code)?;
    let class = match (row.kind, row.format) {
        (Kind::Float, Some(f)) => Class::Float(f),
        (Kind::Complex, Some(f)) => Class::Complex(f),
        (Kind::Boolean, _) => Class::Bool,
        _ => {
            let (lo, hi) = row.int_range()?;
            Class::Int { lo, hi }
        }
    };
    Some(Storage {
        code: row.code,
        bits: row.bits,
        class,
    })
}

/// An element's exact value.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Value {
    Float(f64),
    Int(i128),
    Complex(Complex64),
}

impl Storage {
    /// Whether the format has NaNs, so that [`Overflow::Nan`] applies.
    pub fn has_nans(&self) -> bool {
        match self.class {
            Class::Float(f) | Class::Complex(f) => f.nans(),
            _ => false,
        }
    }

    /// The bytes of `n` elements: whole bytes, packed for sub-byte widths.
    pub fn bytes(&self, n: usize) -> usize {
        packed::bytes(n, self.bits)
    }

    fn value(&self, bits: u128) -> Value {
        match self.class {
            Class::Float(f) => Value::Float(f.decode(bits as u64)),
            Class::Complex(f) => {
                let half = f.bits();
                let re = f.decode((bits & u128::from(mask(half))) as u64);
                let im = f.decode((bits >> half) as u64);
                Value::Complex(Complex64::new(re, im))
            }
            Class::Int { lo, hi } => {
                // The value's width, not the word's: an OCaml int reads as
                // Bigarray.Genarray.get reads it, its low 63 bits
                // sign-extended.
                let w = int_width(lo, hi);
                let low = bits & ((1u128 << w) - 1);
                if lo < 0 {
                    Value::Int(((low << (128 - w)) as i128) >> (128 - w))
                } else {
                    Value::Int(low as i128)
                }
            }
            Class::Bool => Value::Int(i128::from(bits != 0)),
        }
    }

    /// The encoding of `v`, and whether [`Overflow::Raise`] refuses it.
    fn encode(&self, v: Value, rounding: Rounding, overflow: Overflow) -> (u128, bool) {
        match self.class {
            Class::Float(f) => {
                let (bits, refused) = encode_real(f, v, rounding, overflow);
                (u128::from(bits), refused)
            }
            Class::Complex(f) => {
                let (re, refused_re) = encode_real(f, v, rounding, overflow);
                let (im, refused_im) = match v {
                    Value::Complex(z) => encode_real(f, Value::Float(z.im), rounding, overflow),
                    _ => (0, false),
                };
                let bits = u128::from(re) | (u128::from(im) << f.bits());
                (bits, refused_re || refused_im)
            }
            Class::Int { lo, hi } => {
                let (v, refused) = encode_int(lo, hi, v, overflow);
                ((v as u128) & u128::from(mask(self.bits.min(64))), refused)
            }
            Class::Bool => {
                let nonzero = match v {
                    Value::Float(x) | Value::Complex(Complex64 { re: x, .. }) => x != 0.0,
                    Value::Int(i) => i != 0,
                };
                (u128::from(nonzero), false)
            }
        }
    }
}

/// A value stored into a float format.
fn encode_real(f: &Format, v: Value, rounding: Rounding, overflow: Overflow) -> (u64, bool) {
    let stored = match v {
        Value::Float(x) | Value::Complex(Complex64 { re: x, .. }) => f.encode(x, rounding),
        Value::Int(i) => f.encode_exact(i < 0, i.unsigned_abs() as u64, 0, rounding),
    };
    if stored.outcome != Outcome::Overflow {
        return (stored.bits, false);
    }
    let negative = match v {
        Value::Float(x) | Value::Complex(Complex64 { re: x, .. }) => x.is_sign_negative(),
        Value::Int(i) => i < 0,
    };
    let sign = if negative { f.sign_bit() } else { 0 };
    match overflow {
        Overflow::Stores | Overflow::Wrap => (stored.bits, false),
        Overflow::Saturate => (sign | f.max_finite(), false),
        Overflow::Nan if f.nans() => (f.quiet_nan(negative), false),
        Overflow::Nan => (stored.bits, false),
        Overflow::Raise => (stored.bits, true),
    }
}

/// The number of bits of the values lo..=hi, a two's complement or
/// unsigned range: 63 for an OCaml int, whose word has 64.
fn int_width(lo: i128, hi: i128) -> u32 {
    (hi + 1).trailing_zeros() + u32::from(lo < 0)
}

/// `i` modulo 2^width, as a value of lo..=hi: sign-extended from the
/// width when the range is signed.
fn wrap(i: i128, lo: i128, hi: i128) -> i128 {
    let w = int_width(lo, hi);
    let low = i & ((1i128 << w) - 1);
    if lo < 0 && low > hi {
        low - (1i128 << w)
    } else {
        low
    }
}

/// A value stored into an integer format holding lo..=hi.
fn encode_int(lo: i128, hi: i128, v: Value, overflow: Overflow) -> (i128, bool) {
    match v {
        Value::Int(i) if (lo..=hi).contains(&i) => (i, false),
        Value::Int(i) => match overflow {
            Overflow::Wrap => (wrap(i, lo, hi), false),
            Overflow::Raise => (0, true),
            _ => (i.clamp(lo, hi), false),
        },
        Value::Float(x) | Value::Complex(Complex64 { re: x, .. }) => {
            int_of_float(x, lo, hi, overflow)
        }
    }
}

/// The integer store of a double into a format holding lo..=hi, and whether [`Overflow::Raise`] refuses it: truncation toward
/// zero, then past the range (NaN and infinities too) as `overflow` says.
/// The one integer store: [`crate::store`]'s scalar stores call it with
/// [`Overflow::Stores`].
pub(crate) fn int_of_float(x: f64, lo: i128, hi: i128, overflow: Overflow) -> (i128, bool) {
    if x.is_nan() {
        return (0, overflow == Overflow::Raise);
    }
    let t = x.trunc();
    if t >= lo as f64 && t < (hi + 1) as f64 {
        // In range: exact, as lo and hi + 1 are powers of two or zero.
        return (t as i128, false);
    }
    match overflow {
        Overflow::Wrap => {
            // An integer of magnitude 2^127 or more is a multiple of 2^75,
            // which wraps to 0 in any width here, as do infinities.
            if t.is_finite() && t.abs() < 2f64.powi(127) {
                (wrap(t as i128, lo, hi), false)
            } else {
                (0, false)
            }
        }
        Overflow::Raise => (0, true),
        _ => (if t < 0.0 { lo } else { hi }, false),
    }
}

/// The bits of element `i` of `bits` bits at `ptr`, byte-swapped per
/// component when `swap`.
///
/// # Safety
/// `ptr` holds at least element `i`.
unsafe fn get(ptr: *const u8, st: &Storage, i: usize, swap: bool) -> u128 {
    let bits = st.bits;
    if bits < 8 {
        let (at, shift) = packed::place(i, bits);
        // Safety: the caller guarantees element i, in byte `at`.
        let byte = unsafe { *ptr.add(at) };
        return u128::from((byte >> shift) & (mask(bits) as u8));
    }
    let n = (bits / 8) as usize;
    let mut buf = [0u8; 16];
    // Safety: element i is the n bytes at i * n.
    unsafe { core::ptr::copy_nonoverlapping(ptr.add(i * n), buf.as_mut_ptr(), n) };
    if swap {
        swap_components(&mut buf[..n], st);
    }
    u128::from_le_bytes(buf)
}

/// Writes the bits of element `i`, as [`get`] reads them.
///
/// # Safety
/// `ptr` holds at least element `i`, writable.
unsafe fn put(ptr: *mut u8, st: &Storage, i: usize, v: u128, swap: bool) {
    let bits = st.bits;
    if bits < 8 {
        let (at, shift) = packed::place(i, bits);
        let m = (mask(bits) as u8) << shift;
        // Safety: the caller guarantees element i, in byte `at`.
        unsafe {
            let byte = ptr.add(at);
            *byte = (*byte & !m) | (((v as u8) << shift) & m);
        }
        return;
    }
    let n = (bits / 8) as usize;
    let mut buf = v.to_le_bytes();
    if swap {
        swap_components(&mut buf[..n], st);
    }
    // Safety: element i is the n bytes at i * n.
    unsafe { core::ptr::copy_nonoverlapping(buf.as_ptr(), ptr.add(i * n), n) };
}

/// Reverses the bytes of each component: both halves of a complex element,
/// the whole of any other.
fn swap_components(bytes: &mut [u8], st: &Storage) {
    match st.class {
        Class::Complex(_) => {
            let half = bytes.len() / 2;
            bytes[..half].reverse();
            bytes[half..].reverse();
        }
        _ => bytes.reverse(),
    }
}

/// The parameters of one conversion.
#[derive(Clone, Copy, Debug)]
pub struct Conversion {
    pub dst: Storage,
    pub src: Storage,
    pub rounding: Rounding,
    pub overflow: Overflow,
    pub swap_src: bool,
    pub swap_dst: bool,
    /// The destination is new storage, whose pages fault on their first
    /// touch: the kernels write it with ordinary stores, not streaming
    /// ones (see `kernels::STREAM_BYTES`).
    pub fresh_dst: bool,
}

impl Conversion {
    /// Converts `n` elements from `src` into `dst`: between two formats
    /// that are the same, a move, which keeps every encoding (a NaN's bits,
    /// a boolean's byte). Under
    /// [`Overflow::Raise`] it first looks for an element it refuses, and if
    /// one is found writes nothing and returns its index. The padding bits
    /// of a sub-byte destination's last byte are cleared.
    ///
    /// # Safety
    /// `src` holds `n` elements of `self.src` and `dst` room for `n`
    /// elements of `self.dst`; the two do not overlap.
    pub unsafe fn run(&self, dst: *mut u8, src: *const u8, n: usize) -> Option<usize> {
        if self.overflow == Overflow::Raise {
            for i in 0..n {
                // Safety: i < n, which the caller guarantees.
                let v = self
                    .src
                    .value(unsafe { get(src, &self.src, i, self.swap_src) });
                if self.dst.encode(v, self.rounding, self.overflow).1 {
                    return Some(i);
                }
            }
        }
        let default = self.rounding == Rounding::NearestEven
            && matches!(self.overflow, Overflow::Stores | Overflow::Raise)
            && !self.swap_src
            && !self.swap_dst;
        if let Some(k) = default
            .then(|| {
                let hw = kernels::hardware();
                kernels::find(self.dst.code, self.src.code, hw, !self.fresh_dst)
            })
            .flatten()
        {
            // Safety: the caller's guarantees are the kernel's.
            unsafe { k(dst, src, n) };
        } else {
            // Safety: as the caller's.
            unsafe { self.run_general(dst, src, n) };
        }
        None
    }

    /// [`Conversion::run`] without its check and fast kernels: the
    /// reference they are tested against.
    ///
    /// # Safety
    /// As [`Conversion::run`].
    pub unsafe fn run_general(&self, dst: *mut u8, src: *const u8, n: usize) {
        let same_format =
            self.dst.bits == self.src.bits && same_class(&self.dst.class, &self.src.class);
        if same_format && self.swap_src == self.swap_dst {
            // A move: the bytes as they are, NaN payloads included.
            // Safety: both hold n elements of the same width.
            unsafe { core::ptr::copy_nonoverlapping(src, dst, self.dst.bytes(n)) };
        } else if same_format {
            // A move across byte orders: each element's bits, reordered.
            for i in 0..n {
                // Safety: i < n, which the caller guarantees.
                unsafe {
                    let bits = get(src, &self.src, i, self.swap_src);
                    put(dst, &self.dst, i, bits, self.swap_dst);
                }
            }
        } else {
            for i in 0..n {
                // Safety: i < n, which the caller guarantees.
                unsafe {
                    let v = self.src.value(get(src, &self.src, i, self.swap_src));
                    let (bits, _) = self.dst.encode(v, self.rounding, self.overflow);
                    put(dst, &self.dst, i, bits, self.swap_dst);
                }
            }
        }
        let bits = self.dst.bits as usize;
        if bits < 8 && (n * bits) % 8 != 0 {
            let used = (n * bits) % 8;
            // Safety: the last byte of the n elements exists since n > 0.
            unsafe { *dst.add(n * bits / 8) &= (1u8 << used) - 1 };
        }
    }
}

fn same_class(a: &Class, b: &Class) -> bool {
    match (a, b) {
        (Class::Float(f), Class::Float(g)) | (Class::Complex(f), Class::Complex(g)) => f == g,
        (Class::Int { lo, hi }, Class::Int { lo: l, hi: h }) => lo == l && hi == h,
        (Class::Bool, Class::Bool) => true,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::facts::*;

    fn conv(dst: u8, src: u8, rounding: Rounding, overflow: Overflow) -> Conversion {
        Conversion {
            dst: storage(dst.into()).unwrap(),
            src: storage(src.into()).unwrap(),
            rounding,
            overflow,
            swap_src: false,
            swap_dst: false,
            fresh_dst: false,
        }
    }

    fn run(c: &Conversion, src: &[u8], n: usize) -> (Vec<u8>, Option<usize>) {
        let mut out = vec![0xaa; c.dst.bytes(n)];
        // Safety: the buffers are sized for n elements.
        let r = unsafe { c.run(out.as_mut_ptr(), src.as_ptr(), n) };
        (out, r)
    }

    #[test]
    fn int64_into_float32_rounds_once() {
        // Just above a float32 halfway point, by less than a double holds:
        // by way of a double it would tie, and go to even, below.
        let v: i64 = (1 << 62) + (1 << 38) + 1;
        let c = conv(FLOAT32, INT64, Rounding::NearestEven, Overflow::Stores);
        let (out, _) = run(&c, &v.to_le_bytes(), 1);
        let got = f32::from_le_bytes(out[..4].try_into().unwrap());
        assert_eq!(got, v as f32);
        assert_eq!(f64::from(got), 2f64.powi(62) + 2f64.powi(39));
        assert_ne!(got, (v as f64) as f32);
    }

    #[test]
    fn packing_odd_lengths_clears_padding() {
        let c = conv(INT4, INT8, Rounding::NearestEven, Overflow::Stores);
        let src = [1u8, 0xff, 7];
        let (out, _) = run(&c, &src, 3);
        assert_eq!(out, vec![0xf1, 0x07]);
        let c = conv(BIT, UINT8, Rounding::NearestEven, Overflow::Stores);
        let (out, _) = run(&c, &[1, 0, 2, 0, 0, 0, 0, 0, 9], 9);
        assert_eq!(out, vec![0b101, 1]);
        let back = conv(UINT8, BIT, Rounding::NearestEven, Overflow::Stores);
        let (out, _) = run(&back, &[0b101, 1], 9);
        assert_eq!(out, vec![1, 0, 1, 0, 0, 0, 0, 0, 1]);
    }

    #[test]
    fn overflow_policies() {
        let src = 1e6f64.to_le_bytes();
        let f16 = |o| run(&conv(FLOAT16, FLOAT64, Rounding::NearestEven, o), &src, 1);
        assert_eq!(f16(Overflow::Stores).0, vec![0x00, 0x7c]);
        assert_eq!(f16(Overflow::Saturate).0, vec![0xff, 0x7b]);
        assert_eq!(f16(Overflow::Nan).0, vec![0x00, 0x7e]);
        assert_eq!(f16(Overflow::Raise), (vec![0xaa, 0xaa], Some(0)));
        let e4 = |o| {
            run(
                &conv(FLOAT8_E4M3FN, FLOAT64, Rounding::NearestEven, o),
                &src,
                1,
            )
        };
        assert_eq!(e4(Overflow::Stores).0, vec![0x7e]);
        assert_eq!(e4(Overflow::Nan).0, vec![0x7f]);
        let i16s = 300i16.to_le_bytes();
        let i8_ = |o| run(&conv(INT8, INT16, Rounding::NearestEven, o), &i16s, 1);
        assert_eq!(i8_(Overflow::Stores).0, vec![127]);
        assert_eq!(i8_(Overflow::Wrap).0, vec![44]);
        assert_eq!(i8_(Overflow::Raise).1, Some(0));
        let inf = f64::INFINITY.to_le_bytes();
        let c = conv(FLOAT16, FLOAT64, Rounding::NearestEven, Overflow::Saturate);
        assert_eq!(run(&c, &inf, 1).0, vec![0x00, 0x7c]);
        let c = conv(INT8, FLOAT64, Rounding::NearestEven, Overflow::Wrap);
        assert_eq!(run(&c, &300.7f64.to_le_bytes(), 1).0, vec![44]);
        assert_eq!(run(&c, &(-1e300f64).to_le_bytes(), 1).0, vec![0]);
        let c = conv(INT8, FLOAT64, Rounding::NearestEven, Overflow::Raise);
        assert_eq!(run(&c, &f64::NAN.to_le_bytes(), 1).1, Some(0));
    }

    #[test]
    fn raise_writes_nothing() {
        let src: Vec<u8> = [1.0f64, 2.0, 1e9, 3.0]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let c = conv(FLOAT16, FLOAT64, Rounding::NearestEven, Overflow::Raise);
        let (out, r) = run(&c, &src, 4);
        assert_eq!(r, Some(2));
        assert!(out.iter().all(|&b| b == 0xaa));
    }

    #[test]
    fn byte_order_and_complex() {
        let c = Conversion {
            swap_src: true,
            ..conv(
                COMPLEX64,
                COMPLEX128,
                Rounding::NearestEven,
                Overflow::Stores,
            )
        };
        let mut src = Vec::new();
        src.extend_from_slice(&0.5f64.to_be_bytes());
        src.extend_from_slice(&(-2.0f64).to_be_bytes());
        let (out, _) = run(&c, &src, 1);
        assert_eq!(f32::from_le_bytes(out[..4].try_into().unwrap()), 0.5);
        assert_eq!(f32::from_le_bytes(out[4..].try_into().unwrap()), -2.0);
        let c = conv(FLOAT32, COMPLEX128, Rounding::NearestEven, Overflow::Stores);
        let (out, _) = run(
            &c,
            &[0.5f64.to_le_bytes(), 3.0f64.to_le_bytes()].concat(),
            1,
        );
        assert_eq!(out, 0.5f32.to_le_bytes());
        let c = conv(COMPLEX128, BOOL, Rounding::NearestEven, Overflow::Stores);
        let (out, _) = run(&c, &[7], 1);
        assert_eq!(out, [1.0f64.to_le_bytes(), 0.0f64.to_le_bytes()].concat());
    }

    #[test]
    fn ocaml_int_saturates_to_63_bits() {
        let c = conv(OCAML_INT, UINT64, Rounding::NearestEven, Overflow::Stores);
        let (out, _) = run(&c, &u64::MAX.to_le_bytes(), 1);
        assert_eq!(i64::from_le_bytes(out.try_into().unwrap()), (1 << 62) - 1);
    }

    /// An OCaml int is 63 bits in its 64-bit word: Wrap keeps the 63-bit
    /// range, sign-extended, and a word reads as Genarray.get reads it.
    #[test]
    fn ocaml_int_wraps_modulo_2_63() {
        let c = conv(OCAML_INT, INT64, Rounding::NearestEven, Overflow::Wrap);
        for (x, want) in [
            (i64::MAX, -1),
            (i64::MIN, 0),
            (1 << 62, -(1 << 62)),
            ((1 << 62) - 1, (1 << 62) - 1),
            (-(1 << 62) - 1, (1 << 62) - 1),
        ] {
            let (out, _) = run(&c, &x.to_le_bytes(), 1);
            assert_eq!(i64::from_le_bytes(out.try_into().unwrap()), want, "{x}");
        }
        let c = conv(OCAML_INT, FLOAT64, Rounding::NearestEven, Overflow::Wrap);
        let (out, _) = run(&c, &(2f64.powi(62) + 2048.0).to_le_bytes(), 1);
        assert_eq!(
            i64::from_le_bytes(out.try_into().unwrap()),
            -(1 << 62) + 2048
        );
        let c = conv(INT64, OCAML_INT, Rounding::NearestEven, Overflow::Stores);
        for (word, want) in [(i64::MAX, -1), (1 << 62, -(1 << 62)), (i64::MIN, 0)] {
            let (out, _) = run(&c, &word.to_le_bytes(), 1);
            assert_eq!(i64::from_le_bytes(out.try_into().unwrap()), want, "{word}");
        }
    }

    #[test]
    fn rounding_modes() {
        let x = (1.0f64 + 2f64.powi(-12)).to_le_bytes();
        let f16 = |r| run(&conv(FLOAT16, FLOAT64, r, Overflow::Stores), &x, 1).0;
        assert_eq!(f16(Rounding::NearestEven), vec![0x00, 0x3c]);
        assert_eq!(f16(Rounding::TowardPositive), vec![0x01, 0x3c]);
        assert_eq!(f16(Rounding::TowardZero), vec![0x00, 0x3c]);
        let y = (1.0f64 + 2f64.powi(-11)).to_le_bytes();
        let c = conv(FLOAT16, FLOAT64, Rounding::NearestAway, Overflow::Stores);
        assert_eq!(run(&c, &y, 1).0, vec![0x01, 0x3c]);
    }
}
