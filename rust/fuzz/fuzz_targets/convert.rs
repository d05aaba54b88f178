//! Bulk conversion between random storage formats, lengths, roundings,
//! overflow policies and byte orders, against a loop over the elements
//! that stores each through the general kernel, one element at a time.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nx_array::convert::{storage, Conversion, Overflow, OCAML_INT};
use nx_array::format::Rounding;

fuzz_target!(|data: &[u8]| {
    if data.len() < 4 {
        return;
    }
    let code = |b: u8| i64::from(b % (OCAML_INT + 1));
    let (Some(dst), Some(src)) = (storage(code(data[0])), storage(code(data[1]))) else {
        return;
    };
    let rounding = Rounding::of_code(i64::from(data[2] % 5)).unwrap();
    let overflow = Overflow::of_code(i64::from((data[2] / 5) % 5)).unwrap();
    let c = Conversion {
        dst,
        src,
        rounding,
        overflow,
        swap_src: data[3] & 1 != 0,
        swap_dst: data[3] & 2 != 0,
        fresh_dst: data[3] & 4 != 0,
    };
    let body = &data[4..];
    let n = body.len() * 8 / src.bits as usize;
    let mut whole = vec![0x5au8; dst.bytes(n)];
    // Safety: sized for n elements.
    let refused = unsafe { c.run(whole.as_mut_ptr(), body.as_ptr(), n) };
    // One element at a time: element i's bytes alone, converted alone.
    let mut refused_at = None;
    let mut each = vec![0u8; dst.bytes(n)];
    for i in 0..n {
        let sbits = src.bits as usize;
        let mut one = [0u8; 16];
        let mut single = [0u8; 16];
        if sbits < 8 {
            one[0] = (body[i * sbits / 8] >> (i * sbits % 8)) & ((1u16 << sbits) - 1) as u8;
        } else {
            one[..sbits / 8].copy_from_slice(&body[i * sbits / 8..(i + 1) * sbits / 8]);
        }
        // Safety: one element each.
        let r = unsafe { c.run(single.as_mut_ptr(), one.as_ptr(), 1) };
        if r.is_some() && refused_at.is_none() {
            refused_at = Some(i);
        }
        let dbits = dst.bits as usize;
        if dbits < 8 {
            each[i * dbits / 8] |= (single[0] & ((1u16 << dbits) - 1) as u8) << (i * dbits % 8);
        } else {
            each[i * dbits / 8..(i + 1) * dbits / 8].copy_from_slice(&single[..dbits / 8]);
        }
    }
    assert_eq!(refused, refused_at);
    if refused.is_none() {
        assert_eq!(whole, each);
    } else {
        assert!(
            whole.iter().all(|&b| b == 0x5a),
            "a refused conversion wrote"
        );
    }
});
