// Copyright (c) Viable Systems and TezEdge Contributors
// SPDX-License-Identifier: MIT

mod from_ocaml;
mod to_ocaml;

pub use self::from_ocaml::FromOCaml;
pub use self::to_ocaml::ToOCaml;
