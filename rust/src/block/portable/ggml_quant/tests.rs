//! llama.cpp's bytes: the vectors of `test/gguf/quantize` (its `gen.py`
//! says how they were made), for every type that has a quantizer here.
//! `NX_QUANT_TYPES=Q4_K,Q6_K` checks only those types.

use super::*;
use std::collections::BTreeMap;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../test/gguf/quantize");
const M64: u64 = u64::MAX;
const SEED: u64 = 0x6e78;
const BULK: usize = 96;
const BULK_N: usize = 256;

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len() / 2)
        .map(|i| u8::from_str_radix(&s[2 * i..2 * i + 2], 16).expect("hex"))
        .collect()
}

fn floats(s: &str) -> Vec<f32> {
    unhex(s)
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect()
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    (z ^ (z >> 31)) & M64
}

/// The bulk rows and their importance matrix, as `gen.py` makes them.
pub(super) fn bulk() -> (Vec<Vec<f32>>, Vec<f32>) {
    let mut s = SEED;
    let mut rows = Vec::new();
    for row in 0..BULK {
        let r = splitmix(&mut s);
        let e = (r % 17) as i32 - 8;
        let k = row % 4;
        let mut us = Vec::with_capacity(BULK_N);
        for _ in 0..BULK_N {
            let w = splitmix(&mut s);
            let mut u = (w >> 40) as i64 - (1 << 23);
            if k == 1 {
                u = (u * u.abs()).div_euclid(1 << 23);
            } else if k == 2 && w % 8 != 0 {
                u = 0;
            }
            us.push(u);
        }
        if k == 3 {
            let o = splitmix(&mut s);
            us[(o % BULK_N as u64) as usize] *= 64;
        }
        let scale = 2f64.powi(e - 23);
        rows.push(us.iter().map(|&u| (u as f64 * scale) as f32).collect());
    }
    let im = (0..BULK_N)
        .map(|_| {
            let w = splitmix(&mut s);
            ((1 + (w >> 40) % 1000) as f64 / 16.0) as f32
        })
        .collect();
    (rows, im)
}

fn fnv(b: &[u8]) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &x in b {
        h = (h ^ u64::from(x)).wrapping_mul(0x100_0000_01b3);
    }
    format!("{h:016x}")
}

struct Corpus {
    rows: BTreeMap<String, Vec<f32>>,
    imatrices: BTreeMap<usize, Vec<f32>>,
}

fn corpus() -> Corpus {
    let text = std::fs::read_to_string(format!("{DIR}/corpus.txt")).expect("corpus.txt");
    let mut c = Corpus {
        rows: BTreeMap::new(),
        imatrices: BTreeMap::new(),
    };
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "row" => {
                let v = floats(f[3]);
                assert_eq!(v.len(), f[2].parse::<usize>().unwrap(), "{}", f[1]);
                c.rows.insert(f[1].to_string(), v);
            }
            "imatrix" => {
                c.imatrices.insert(f[1].parse().unwrap(), floats(f[2]));
            }
            _ => panic!("corpus.txt: {line}"),
        }
    }
    c
}

fn ours(id: u32, x: &[f32], im: Option<&[f32]>) -> Result<Vec<u8>, Refusal> {
    let ty = of_id(id).unwrap();
    let mut out = vec![0u8; x.len() / ty.block * ty.bytes];
    quantize(id, x, x.len(), im, &mut out).map(|()| out)
}

fn first_difference(a: &[u8], b: &[u8]) -> usize {
    a.iter()
        .zip(b)
        .position(|(x, y)| x != y)
        .unwrap_or(a.len().min(b.len()))
}

/// Checks the vectors of one type; the mismatches, described.
fn check_type(
    c: &Corpus,
    bulk: &(Vec<Vec<f32>>, Vec<f32>),
    text: &str,
) -> (String, usize, Vec<String>) {
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let (name, id) = (head[1].to_string(), head[2].parse::<u32>().unwrap());
    let mut bad = Vec::new();
    let mut checked = 0;
    for line in lines {
        let f: Vec<&str> = line.split('\t').collect();
        let im = |n: usize| match f[2] {
            "imatrix" => Some(if f[0] == "bulk" {
                bulk.1.clone()
            } else {
                c.imatrices[&n].clone()
            }),
            _ => None,
        };
        let (what, x) = match f[0] {
            "bulk" => (
                format!("bulk {}", f[1]),
                bulk.0[f[1].parse::<usize>().unwrap()].clone(),
            ),
            _ => (f[1].to_string(), c.rows[f[1]].clone()),
        };
        let m = im(x.len());
        let got = ours(id, &x, m.as_deref());
        checked += 1;
        match (f[0], f[3]) {
            ("nonfinite", _) => {
                if !matches!(got, Err(Refusal::NonFinite(_))) {
                    bad.push(format!("{name} {what} {}: not refused", f[2]));
                }
            }
            (_, "crash") => {
                // ggml aborts on this row: ours refuses it.
                if got != Err(Refusal::OffGrid(0)) {
                    bad.push(format!(
                        "{name} {what} {}: {:?} where ggml aborts",
                        f[2],
                        got.map(|b| fnv(&b))
                    ));
                }
            }
            ("bulk", want) => match got {
                Ok(b) if fnv(&b) == want => {}
                other => bad.push(format!(
                    "{name} {what} {}: {:?}",
                    f[2],
                    other.map(|b| fnv(&b))
                )),
            },
            (_, want) => {
                let want = unhex(want);
                match got {
                    Ok(b) if b == want => {}
                    Ok(b) => {
                        let i = first_difference(&b, &want);
                        bad.push(format!(
                            "{name} {what} {}: byte {i} of {}: {:02x?} for {:02x?}",
                            f[2],
                            want.len(),
                            &b[i..(i + 8).min(b.len())],
                            &want[i..(i + 8).min(want.len())]
                        ))
                    }
                    Err(e) => bad.push(format!("{name} {what} {}: {e:?}", f[2])),
                }
            }
        }
    }
    (name, checked, bad)
}

#[test]
fn llama_cpp_bytes() {
    let only: Option<Vec<String>> = std::env::var("NX_QUANT_TYPES")
        .ok()
        .map(|s| s.split(',').map(str::to_string).collect());
    let c = corpus();
    let b = bulk();
    let mut files: Vec<_> = std::fs::read_dir(format!("{DIR}/expected"))
        .expect("expected/")
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let mut bad = Vec::new();
    for p in files {
        let text = std::fs::read_to_string(&p).unwrap();
        let head: Vec<&str> = text.lines().next().unwrap().split('\t').collect();
        let id: u32 = head[2].parse().unwrap();
        if quantizer(id).is_none()
            || only
                .as_ref()
                .is_some_and(|o| !o.iter().any(|t| t == head[1]))
        {
            continue;
        }
        let (name, n, b) = check_type(&c, &b, &text);
        eprintln!("{name}: {n} vectors, {} mismatches", b.len());
        bad.extend(b);
    }
    for m in bad.iter().take(20) {
        eprintln!("{m}");
    }
    assert!(bad.is_empty(), "{} mismatches", bad.len());
}

#[test]
fn refusals() {
    assert_eq!(
        quantize(1, &[0.0; 32], 32, None, &mut [0; 64]),
        Err(Refusal::UnknownType)
    );
    assert_eq!(
        quantize(999, &[0.0; 32], 32, None, &mut [0; 64]),
        Err(Refusal::UnknownType)
    );
    if quantizer(8).is_some() {
        assert_eq!(
            quantize(8, &[0.0; 32], 16, None, &mut [0; 34]),
            Err(Refusal::Lengths)
        );
        assert_eq!(
            quantize(8, &[0.0; 32], 32, None, &mut [0; 33]),
            Err(Refusal::Lengths)
        );
        assert_eq!(
            quantize(8, &[0.0; 64], 32, Some(&[1.0; 64]), &mut [0; 68]),
            Err(Refusal::Lengths)
        );
        let mut x = [0.5f32; 32];
        x[7] = f32::NAN;
        let mut out = [0xaau8; 34];
        assert_eq!(
            quantize(8, &x, 32, None, &mut out),
            Err(Refusal::NonFinite(7))
        );
        assert_eq!(out, [0xaa; 34]);
        let mut m = [1.0f32; 32];
        m[3] = -1.0;
        assert_eq!(
            quantize(8, &[0.0; 32], 32, Some(&m), &mut out),
            Err(Refusal::BadImatrix(3))
        );
    }
}

/// Every block type llama.cpp quantizes has a quantizer here; Q8_1 and
/// Q8_K, which `ggml_quantize_chunk` does not quantize, are not among
/// the types.
#[test]
fn the_types_quantized() {
    for t in super::super::ggml_f32::TYPES {
        assert!(quantizer(t.id).is_some(), "{}", t.name);
    }
}

/// The types that need an importance matrix are those of ggml's
/// `ggml_quantize_requires_imatrix`.
#[test]
fn the_types_needing_an_imatrix() {
    for t in super::super::ggml_f32::TYPES {
        let q = quantizer(t.id).unwrap();
        assert_eq!(q.needs_imatrix, [16, 17, 19].contains(&t.id), "{}", t.name);
    }
}
