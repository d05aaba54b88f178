//! What ggml's `ggml_quantize_init` builds for a grid (`iq2xs_init_impl`,
//! `iq3xs_init_impl`): each point's codes `L` (its levels, 0 up), the map
//! from a packed vector of codes to its point, and for a vector off the
//! grid, its neighbours: the points at the `nwant` least squared
//! distances from it (as `2 L + 1`), by distance then index, the order in
//! which ggml's searches meet them and so break their ties.
//!
//! The points are those of [`grids`](super::super::super::ggml_f32::grids)
//! (gguf-py's tables, in ggml's order). Only the vectors a quantizer can
//! make have neighbour lists: codes up to 2 for the 8-wide grids, up to 7
//! for the 4-wide; another is [`Entry::Unreachable`].

use super::super::super::ggml_f32::grids::{IQ1S, IQ2S, IQ2XS, IQ2XXS, IQ3S, IQ3XXS};
use std::sync::OnceLock;

/// A grid of points of `N` codes of `BITS` bits each.
pub struct Grid<const N: usize> {
    /// Each point's codes.
    codes: Vec<[u8; N]>,
    /// The number of codes (levels), at most 8.
    levels: usize,
    /// For each packed vector: its point (>= 0), or `-1 - start` with
    /// `neighbours[start]` the length of its list, which follows; or
    /// `i32::MIN` for a vector no quantizer makes.
    map: Vec<i32>,
    neighbours: Vec<u16>,
}

/// What [`Grid::entry`] finds for a packed vector of codes.
pub enum Entry<'a> {
    /// The vector is the point of this index.
    On(usize),
    /// The vector is off the grid: its neighbours, nearest first.
    Off(&'a [u16]),
    /// A vector no quantizer makes (ggml would read past its map).
    Unreachable,
}

impl<const N: usize> Grid<N> {
    /// Bits per code in a packed vector.
    const BITS: u32 = if N == 8 { 2 } else { 3 };

    /// The grid of `rows` (byte `k` of row `r`, from the low byte, is
    /// element `k` of point `r`), whose element values are `levels` in
    /// order, with lists of the `nwant` nearest distances, for vectors of
    /// codes up to `max_code`, in a map of `map_size` vectors.
    fn build(rows: &[u64], levels: &[u8], nwant: usize, max_code: u8, map_size: usize) -> Self {
        let codes: Vec<[u8; N]> = rows
            .iter()
            .map(|&r| {
                core::array::from_fn(|k| {
                    let b = (r >> (8 * k)) as u8;
                    levels.iter().position(|&v| v == b).unwrap_or(0) as u8
                })
            })
            .collect();
        let mut map = vec![i32::MIN; map_size];
        for (j, c) in codes.iter().enumerate() {
            map[Self::pack(c)] = j as i32;
        }
        let mut neighbours = Vec::new();
        let mut d2 = vec![0u16; codes.len()];
        for (u, m) in map.iter_mut().enumerate() {
            if *m >= 0 {
                continue;
            }
            let c: [u8; N] = core::array::from_fn(|k| {
                (u >> (Self::BITS as usize * k)) as u8 & ((1 << Self::BITS) - 1)
            });
            if c.iter().any(|&l| l > max_code) {
                continue;
            }
            // Distances between the points 2 L + 1 (twice those of the codes).
            for (d, p) in d2.iter_mut().zip(&codes) {
                *d = p
                    .iter()
                    .zip(&c)
                    .map(|(&a, &b)| {
                        let e = 2 * (i32::from(a) - i32::from(b));
                        (e * e) as u16
                    })
                    .sum();
            }
            // The nwant least distinct distances, ascending.
            let mut least: Vec<u16> = Vec::with_capacity(nwant + 1);
            for &d in &d2 {
                if let Err(at) = least.binary_search(&d) {
                    if at < nwant {
                        least.insert(at, d);
                        least.truncate(nwant);
                    }
                }
            }
            *m = -1 - neighbours.len() as i32;
            let start = neighbours.len();
            neighbours.push(0);
            for &t in &least {
                neighbours.extend(
                    d2.iter()
                        .enumerate()
                        .filter(|&(_, &d)| d == t)
                        .map(|(j, _)| j as u16),
                );
            }
            neighbours[start] = (neighbours.len() - start - 1) as u16;
        }
        Grid {
            codes,
            levels: levels.len(),
            map,
            neighbours,
        }
    }

    /// The packed vector of `codes`, as ggml packs `L` (code `k` at bit
    /// `BITS k`).
    #[inline(always)]
    pub fn pack<T: Copy + Into<i32>>(codes: &[T; N]) -> usize {
        codes.iter().enumerate().fold(0, |u, (k, &l)| {
            u | ((l.into() as usize) << (Self::BITS as usize * k))
        })
    }

    /// What the map holds for the packed vector `u`.
    #[inline(always)]
    pub fn entry(&self, u: usize) -> Entry<'_> {
        match self.map.get(u) {
            Some(&m) if m >= 0 => Entry::On(m as usize),
            Some(&m) if m != i32::MIN => {
                let start = (-1 - m) as usize;
                let n = usize::from(self.neighbours[start]);
                Entry::Off(&self.neighbours[start + 1..start + 1 + n])
            }
            _ => Entry::Unreachable,
        }
    }

    /// The number of codes, at most 8.
    #[inline(always)]
    pub fn levels(&self) -> usize {
        self.levels
    }

    /// The codes of point `j`.
    #[inline(always)]
    pub fn codes(&self, j: usize) -> &[u8; N] {
        &self.codes[j]
    }
}

/// The values of the 8-wide IQ2 grids' elements.
const IQ2_LEVELS: [u8; 3] = [0x08, 0x19, 0x2b];
/// IQ1's: -1, 0, 1 as bytes.
const IQ1_LEVELS: [u8; 3] = [0xff, 0x00, 0x01];
/// IQ3_XXS's.
const IQ3XXS_LEVELS: [u8; 8] = [0x04, 0x0c, 0x14, 0x1c, 0x24, 0x2c, 0x34, 0x3e];
/// IQ3_S's.
const IQ3S_LEVELS: [u8; 8] = [1, 3, 5, 7, 9, 11, 13, 15];
/// The packed vectors of the 8-wide grids' maps (`kmap_size`).
const MAP8: usize = 43692;
/// Of the 4-wide grids'.
const MAP4: usize = 4096;

fn widen(rows: &[u32]) -> Vec<u64> {
    rows.iter().map(|&r| u64::from(r)).collect()
}

/// IQ2_XXS's grid (256 points, the 2 nearest distances).
pub fn iq2xxs() -> &'static Grid<8> {
    static G: OnceLock<Grid<8>> = OnceLock::new();
    G.get_or_init(|| Grid::build(&IQ2XXS, &IQ2_LEVELS, 2, 2, MAP8))
}

/// IQ2_XS's grid (512 points, the 2 nearest distances).
pub fn iq2xs() -> &'static Grid<8> {
    static G: OnceLock<Grid<8>> = OnceLock::new();
    G.get_or_init(|| Grid::build(&IQ2XS, &IQ2_LEVELS, 2, 2, MAP8))
}

/// IQ2_S's grid (1024 points, the nearest distance).
pub fn iq2s() -> &'static Grid<8> {
    static G: OnceLock<Grid<8>> = OnceLock::new();
    G.get_or_init(|| Grid::build(&IQ2S, &IQ2_LEVELS, 1, 2, MAP8))
}

/// IQ1_S's and IQ1_M's grid (2048 points, the 3 nearest distances).
pub fn iq1s() -> &'static Grid<8> {
    static G: OnceLock<Grid<8>> = OnceLock::new();
    G.get_or_init(|| Grid::build(&IQ1S, &IQ1_LEVELS, 3, 2, MAP8))
}

/// IQ3_XXS's grid (256 points, the 2 nearest distances).
pub fn iq3xxs() -> &'static Grid<4> {
    static G: OnceLock<Grid<4>> = OnceLock::new();
    G.get_or_init(|| Grid::build(&widen(&IQ3XXS), &IQ3XXS_LEVELS, 2, 7, MAP4))
}

/// IQ3_S's grid (512 points, the 3 nearest distances).
pub fn iq3s() -> &'static Grid<4> {
    static G: OnceLock<Grid<4>> = OnceLock::new();
    G.get_or_init(|| Grid::build(&widen(&IQ3S), &IQ3S_LEVELS, 3, 7, MAP4))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ggml lists each grid's points by their packed codes, ascending:
    /// the levels read the points as ggml's `kgrid` tables hold them.
    #[test]
    fn points_ascend_by_packed_codes() {
        fn ascending<const N: usize>(g: &Grid<N>) -> bool {
            g.codes
                .windows(2)
                .all(|w| Grid::<N>::pack(&w[0]) < Grid::<N>::pack(&w[1]))
        }
        assert!(ascending(iq2xxs()) && ascending(iq2xs()) && ascending(iq2s()));
        assert!(ascending(iq1s()) && ascending(iq3xxs()) && ascending(iq3s()));
    }
}
