//! The schemes and their facts. The codes are the constructor order of
//! `Nx_array.Block.scheme` (ocaml/block.mli); `ocaml/core/nx_codes.ml` has them
//! as `Block_scheme`.

use super::formats::{Element, Scale};

crate::codes::coded_enum! {
    /// A block-scaled scheme.
    pub enum Scheme {
        Mxfp8E4m3 = 0,
        Mxfp8E5m2 = 1,
        Mxfp6E2m3 = 2,
        Mxfp6E3m2 = 3,
        Mxfp4 = 4,
        Mxint8 = 5,
        Nvfp4 = 6,
        GgmlQ8_0 = 7,
        GgmlQ4_0 = 8,
        GgmlMxfp4 = 9,
        GgmlNvfp4 = 10,
    }
}

/// Where a scheme's scales are.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Two arrays, elements and scales, as torch and safetensors
    /// checkpoints hold them; NVFP4 adds a float32 tensor scale.
    Split,
    /// ggml: each block's scales, then its elements, in one array.
    Interleaved,
}

/// The facts of a scheme.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Elements in one block: a row's length must be a multiple.
    pub block: usize,
    /// Elements that share one scale: `block` but for ggml's NVFP4, whose
    /// blocks of 64 hold four scales.
    pub scale_block: usize,
    pub element: Element,
    pub scale: Scale,
    /// The bytes of one block, elements and scales.
    pub bytes_per_block: usize,
    pub layout: Layout,
    /// Whether a float32 scale of the whole tensor multiplies every value.
    pub tensor_scale: bool,
}

impl Scheme {
    pub const fn facts(self) -> Facts {
        use Element as E;
        const MX: usize = 32;
        let (block, scale_block, element, scale, layout) = match self {
            Scheme::Mxfp8E4m3 => (MX, MX, E::Float8E4m3fn, Scale::E8m0, Layout::Split),
            Scheme::Mxfp8E5m2 => (MX, MX, E::Float8E5m2, Scale::E8m0, Layout::Split),
            Scheme::Mxfp6E2m3 => (MX, MX, E::Float6E2m3fn, Scale::E8m0, Layout::Split),
            Scheme::Mxfp6E3m2 => (MX, MX, E::Float6E3m2fn, Scale::E8m0, Layout::Split),
            Scheme::Mxfp4 => (MX, MX, E::Float4E2m1fn, Scale::E8m0, Layout::Split),
            Scheme::Mxint8 => (MX, MX, E::Int8Scaled, Scale::E8m0, Layout::Split),
            Scheme::Nvfp4 => (16, 16, E::Float4E2m1fn, Scale::Float8E4m3fn, Layout::Split),
            Scheme::GgmlQ8_0 => (32, 32, E::Int8, Scale::Float16, Layout::Interleaved),
            Scheme::GgmlQ4_0 => (32, 32, E::Uint4Minus8, Scale::Float16, Layout::Interleaved),
            Scheme::GgmlMxfp4 => (32, 32, E::Float4E2m1fn, Scale::E8m0, Layout::Interleaved),
            Scheme::GgmlNvfp4 => (64, 16, E::Float4E2m1fn, Scale::Ue4m3, Layout::Interleaved),
        };
        let scale_bytes = match scale {
            Scale::Float16 => 2,
            _ => 1,
        };
        let element_bytes = block * element.stored_bits() as usize / 8;
        Facts {
            block,
            scale_block,
            element,
            scale,
            bytes_per_block: element_bytes + scale_bytes * (block / scale_block),
            layout,
            tensor_scale: matches!(self, Scheme::Nvfp4),
        }
    }
}

impl Element {
    /// The bits an element takes in a scheme's storage: 6-bit elements
    /// take a byte each (see `ocaml/block.mli`).
    pub const fn stored_bits(self) -> u32 {
        match self.bits() {
            6 => 8,
            b => b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_indices() {
        for (i, s) in Scheme::ALL.iter().enumerate() {
            assert_eq!(*s as usize, i);
            assert_eq!(Scheme::of_code(i as i64), Some(*s));
        }
        assert_eq!(Scheme::of_code(11), None);
        assert_eq!(Scheme::of_code(-1), None);
    }

    #[test]
    fn bytes_per_block_as_gguf_and_torch_store_them() {
        let bytes = |s: Scheme| s.facts().bytes_per_block;
        // GGUF's type sizes (gguf-py GGML_QUANT_SIZES).
        assert_eq!(bytes(Scheme::GgmlQ8_0), 34);
        assert_eq!(bytes(Scheme::GgmlQ4_0), 18);
        assert_eq!(bytes(Scheme::GgmlMxfp4), 17);
        assert_eq!(bytes(Scheme::GgmlNvfp4), 36);
        assert_eq!(bytes(Scheme::Mxfp4), 17);
        assert_eq!(bytes(Scheme::Mxfp8E4m3), 33);
        assert_eq!(bytes(Scheme::Mxfp6E3m2), 33);
        assert_eq!(bytes(Scheme::Nvfp4), 9);
    }
}
