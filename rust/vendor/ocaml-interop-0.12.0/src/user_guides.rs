// Copyright (c) Viable Systems and TezEdge Contributors
// SPDX-License-Identifier: MIT

#[allow(unused_imports)]
use crate::*;

#[doc = include_str!("../docs/part1-initial-usage-a-brief-overview.md")]
pub mod part1_initial_usage_a_brief_overview {}

#[doc = include_str!("../docs/part2-fundamental-concepts.md")]
pub mod part2_fundamental_concepts {}

#[doc = include_str!("../docs/part3-exporting-rust-functions-to-ocaml.md")]
pub mod part3_exporting_rust_functions_to_ocaml {}

#[doc = include_str!("../docs/part4-invoking-ocaml-functions-from-rust.md")]
pub mod part4_invoking_ocaml_functions_from_rust {}

#[doc = include_str!("../docs/part5-managing-the-ocaml-runtime-for-rust-driven-programs.md")]
pub mod part5_managing_the_ocaml_runtime_for_rust_driven_programs {}

#[doc = include_str!("../docs/part6-advanced-topics.md")]
pub mod part6_advanced_topics {}

#[doc = include_str!("../docs/part7-build-and-link-instructions.md")]
pub mod part7_build_and_link_instructions {}
