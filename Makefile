# nx_array. The two commands:
#
#   make run    builds everything and runs nx-dtype, the command-line tool
#   make test   runs every test: lint, the vendored crates, cargo tests, dune
#               tests, the C header test and an installed-package consumer
#
# Both use the OCaml (>= 5.2) and dune (>= 3) on PATH when recent enough,
# else build them once into a per-user cache (.ci/toolchain says where).

SHELL := bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := run

# Puts the toolchain first on PATH for one recipe line (bootstrapping it the
# first time), and keeps cargo's build directory at the top of the tree.
TC = PATH="$$(.ci/toolchain):$$PATH"
export CARGO_TARGET_DIR := $(CURDIR)/target
export NX_CARGO_TARGET_DIR := $(CURDIR)/target
# The library's crates come from rust/vendor (`make vendor`), as in dune's
# build; rust/dev, the dev-only crates, has its own lock and uses the registry.
CARGO_LIB = cargo --config rust/vendor.toml
DEV = --manifest-path rust/dev/Cargo.toml

.PHONY: run build test test-all install lint test-vendor test-rust test-dune test-consumer env \
        generated vectors block-vectors vendor dist check-opam bench bench-blocks bench-alloc bench-gguf bench-quantize bench-safetensors bench-npz bench-files \
        safetensors-files npy-files gguf-files error-files check-report-svg checkpoint-files quantized-files torch-files ggml-grids check-zip64 check-memory fuzz clean help

run: build ## Build, then print the facts table of every dtype
	@$(TC) dune exec --no-print-directory -- nx-dtype

build: ## Build the library, the tool and the tests
	@$(TC) dune build

test: ## Run every test; the last lines sum them, skips and their reasons included
	@mkdir -p target
	@$(MAKE) --no-print-directory test-all 2>&1 | tee target/test.log; rc=$${PIPESTATUS[0]}; \
	  .ci/summary target/test.log; exit $$rc

test-all: lint test-vendor test-rust test-dune test-consumer

# The OCaml crates' build scripts (ocaml-sys, boxroot, rust/ocaml) ask
# ocamlopt where OCaml's headers are: cargo runs with the toolchain on PATH.
lint: ## cargo fmt --check and cargo clippy -D warnings
	cargo fmt --check
	cargo fmt $(DEV) --check
	@$(TC) $(CARGO_LIB) clippy --release --locked --workspace --all-targets --quiet -- -D warnings
	.ci/dev-cargo clippy --release --locked --all-targets --quiet -- -D warnings

test-vendor: ## Cargo.lock and rust/vendor agree, and build without network
	.ci/check-vendor

test-rust: ## The Rust tests (the library's workspace, then rust/dev's)
	@$(TC) $(CARGO_LIB) test --release --locked --workspace --quiet
	.ci/dev-cargo test --release --locked --quiet

test-dune: ## The OCaml and C tests
	@$(TC) dune build @runtest --force

test-consumer: ## Install, then build and run a separate project against it
	@$(TC) .ci/check-consumer

PREFIX ?= /usr/local

install: build ## Install the library, nx-dtype and nx_dtype.h under PREFIX (default /usr/local), without opam
	@$(TC) dune install --prefix $(PREFIX) --display short 2>&1 | tail -n 1
	@echo "install: nx_array under $(PREFIX)/lib (OCAMLPATH=$(PREFIX)/lib), nx-dtype in $(PREFIX)/bin"

env: ## Print the line that puts this toolchain first: eval "$(make -s env)"
	@echo "export PATH=\"$$(.ci/toolchain):\$$PATH\""

generated: ## Regenerate ocaml/core/nx_dtype.h and ocaml/core/nx_codes.ml
	@$(TC) env NX_BLESS=1 $(CARGO_LIB) test --release --locked --workspace --quiet _is_up_to_date

vectors: ## Regenerate test/vectors and test/cli/npy_cases.txt (need python3 with numpy) and rust/src/shortest/pow10.rs
	python3 test/vectors/gen_stores.py > test/vectors/stores.txt
	python3 test/cli/gen_npy_cases.py > test/cli/npy_cases.txt
	python3 test/vectors/gen_decimals.py > test/vectors/decimals.txt
	python3 test/vectors/gen_strings.py > test/vectors/strings.txt
	python3 rust/tools/gen_pow10.py > rust/src/shortest/pow10.rs

block-vectors: ## Regenerate test/block's vectors and files (numpy, ml_dtypes, gguf==0.19.0, safetensors==0.8.0; ~25 min)
	cd test/block && python3 gen_vectors.py > vectors.txt
	cd test/block && python3 gen_values.py > values.txt
	cd test/block && python3 gen_gguf.py > gguf.txt
	cd test/block && python3 gen_files.py

safetensors-files: ## Regenerate test/safetensors's files (needs python3 with safetensors, numpy, ml_dtypes)
	cd test/safetensors && python3 gen_files.py

npy-files: ## Regenerate test/npy's files (needs python3 with numpy 2.4.6 and ml_dtypes 0.7.0)
	cd test/npy && python3 gen_files.py

gguf-files: ## Regenerate test/gguf's files and dequantize.txt (needs python3 with gguf 0.19, numpy and safetensors)
	cd test/gguf && python3 gen_files.py
	cd test/gguf && python3 gen_dequantize.py > dequantize.txt

error-files: ## Regenerate test/gguf's error_* files, Quant_error's reference (needs python3 with gguf 0.19, numpy and safetensors)
	cd test/gguf && python3 gen_error.py

check-report-svg: build ## nx-dtype error --svg's chart, rendered by headless Chromium: a PNG that is not blank (DOC=1 also writes doc/error-report.png)
	@$(TC) .ci/check-report-svg _build/default/ocaml/cli/nx_dtype.exe $(if $(DOC),doc/error-report.png)

ggml-grids: ## Regenerate rust/src/block/portable/ggml_f32/grids.rs, ggml's IQ grids (needs python3 with gguf 0.19 and numpy)
	python3 rust/tools/gen_ggml_grids.py > rust/src/block/portable/ggml_f32/grids.rs

checkpoint-files: ## Regenerate test/checkpoint's files (needs python3 with huggingface_hub and safetensors)
	cd test/checkpoint && python3 gen_files.py

quantized-files: ## Regenerate test/quantized's checkpoints and expected.txt (needs torch, safetensors, ml_dtypes, compressed-tensors, transformers)
	cd test/quantized && python3 gen_files.py

torch-files: ## Regenerate test/torch's checkpoints, expected.txt and expected_tar.txt (needs python3 with torch 2.15 and safetensors)
	cd test/torch && python3 gen_files.py && python3 gen_tar.py && python3 gen_model.py

vendor: ## Vendor Cargo.lock's crates into rust/vendor; write rust/vendor.toml
	.ci/vendor

dist: ## Write the release tarball dist/nx_array-VERSION.tbz (reproducible)
	.ci/dist

check-opam: ## opam install, sandboxed and offline, of a clone and of make dist
	.ci/check-opam

BENCH_SIZES ?= 1e3 1e4 1e5 1e6 1e7 1e8
# Rounds of the three programs in turn; each row keeps its best round, so
# that every contender sees the same spells of a noisy machine.
BENCH_ROUNDS ?= 3

bench: ## Benchmarks beside numpy, ml_dtypes, half, ryu (not part of test)
	@mkdir -p target/bench
	@rm -f target/bench/round-*.csv
	@$(TC) dune build --profile release --build-dir _build-release ./test/bench/bench.exe
	cargo build $(DEV) --release --locked --quiet --example bench_ref
	@numpy=yes; python3 -c 'import numpy, ml_dtypes' 2>/dev/null || { numpy=; \
	  echo "bench: no python3 with numpy and ml_dtypes (pip install numpy ml_dtypes): skipped"; }; \
	for r in $$(seq $(BENCH_ROUNDS)); do \
	  echo "bench: round $$r of $(BENCH_ROUNDS)"; \
	  ./_build-release/default/test/bench/bench.exe $(BENCH_SIZES) > target/bench/round-$$r-nx.csv; \
	  ./target/release/examples/bench_ref $(BENCH_SIZES) > target/bench/round-$$r-rust.csv; \
	  if [ -n "$$numpy" ]; then \
	    python3 test/bench/bench_numpy.py $(BENCH_SIZES) > target/bench/round-$$r-numpy.csv; \
	    python3 test/bench/bench_ggml.py $(BENCH_SIZES) > target/bench/round-$$r-ggml.csv; fi; \
	done
	python3 test/bench/report.py target/bench/results.csv target/bench/round-*.csv \
	  | tee target/bench/report.md
	@$(MAKE) --no-print-directory bench-safetensors
	@$(MAKE) --no-print-directory bench-npz
	@$(MAKE) --no-print-directory bench-quantize
	@$(MAKE) --no-print-directory bench-files

# $(call bench_part,PART,TABLE): the rows BENCH_ONLY=PART of bench.exe and
# bench_numpy.py, BENCH_ROUNDS rounds in turn, their tables (the command
# TABLE picks them from report.py's output) into target/bench/PART.md.
define bench_part
	@mkdir -p target/bench
	@rm -f target/bench/$(1)-round-*.csv
	@$(TC) dune build --profile release --build-dir _build-release ./test/bench/bench.exe
	for r in $$(seq $(BENCH_ROUNDS)); do \
	  echo "bench-$(1): round $$r of $(BENCH_ROUNDS)"; \
	  BENCH_ONLY=$(1) ./_build-release/default/test/bench/bench.exe $(BENCH_SIZES) \
	    > target/bench/$(1)-round-$$r-nx.csv; \
	  BENCH_ONLY=$(1) python3 test/bench/bench_numpy.py $(BENCH_SIZES) \
	    > target/bench/$(1)-round-$$r-py.csv || true; \
	done
	python3 test/bench/report.py target/bench/$(1).csv target/bench/$(1)-round-*.csv \
	  | $(2) | tee target/bench/$(1).md
endef

BLOCK_TABLES = sed -n '/^Dequantizing blocks/,$$p'
ALLOC_TABLE = sed -n '/^Allocating calls/,/^Scalar calls/p' | sed '$$d'

# The block rows alone, beside gguf-py and numpy: quicker than bench while
# working on the block kernels.
bench-blocks: ## The block-format part of bench (make bench-blocks BENCH_SIZES="1e6 1e7")
	$(call bench_part,blocks,$(BLOCK_TABLES))

# The allocating rows alone, beside numpy and ml_dtypes: the second run of
# that table.
bench-alloc: ## The allocating part of bench (make bench-alloc BENCH_SIZES="1e4 1e5")
	$(call bench_part,alloc,$(ALLOC_TABLE))

# The ggml types of published GGUF models, beside llama.cpp's to_float
# (bench_ggml.py: the llama_cpp package's libggml-base, or GGML_LIB).
GGML_TABLE = sed -n '/^Dequantizing the ggml types/,$$p'

bench-gguf: ## The ggml part of bench, beside llama.cpp (make bench-gguf BENCH_SIZES="1e6 1e7 1e8")
	@mkdir -p target/bench
	@rm -f target/bench/gguf-round-*.csv
	@$(TC) dune build --profile release --build-dir _build-release ./test/bench/bench.exe
	for r in $$(seq $(BENCH_ROUNDS)); do \
	  echo "bench-gguf: round $$r of $(BENCH_ROUNDS)"; \
	  BENCH_ONLY=ggml ./_build-release/default/test/bench/bench.exe $(BENCH_SIZES) \
	    > target/bench/gguf-round-$$r-nx.csv; \
	  python3 test/bench/bench_ggml.py $(BENCH_SIZES) > target/bench/gguf-round-$$r-py.csv || true; \
	done
	python3 test/bench/report.py target/bench/gguf.csv target/bench/gguf-round-*.csv \
	  | $(GGML_TABLE) | tee target/bench/gguf.md

# An F16 llama model of 1.1 GB in a temporary directory (2.5 GB of disk at
# most): nx-dtype quantize --type beside llama.cpp's llama_model_quantize,
# two cores each, and their outputs' bytes compared (bench_quantize.py).
BENCH_QUANTIZE_TYPES ?=

bench-quantize: ## Quantizing a whole GGUF model beside llama-quantize (needs gguf, llama-cpp-python; about 5 minutes)
	@mkdir -p target/bench
	@$(TC) dune build --profile release --build-dir _build-release ./ocaml/cli/nx_dtype.exe
	@python3 -c 'import numpy, gguf' 2>/dev/null || { echo "bench-quantize: no python3 with numpy and gguf: skipped"; exit 0; }; \
	  BENCH_ROUNDS=$(BENCH_ROUNDS) python3 test/bench/bench_quantize.py \
	  _build-release/default/ocaml/cli/nx_dtype.exe $(BENCH_QUANTIZE_TYPES) | tee target/bench/quantize.md

# A generated checkpoint of 1.1 GB in a temporary directory (5.4 GB of disk
# at most): open, get, convert to bfloat16 (the library and nx-dtype),
# beside Python and cp.
bench-safetensors: ## The safetensors part of bench (about a minute)
	@mkdir -p target/bench
	@$(TC) dune build --profile release --build-dir _build-release ./test/bench/bench_safetensors.exe \
	  ./ocaml/cli/nx_dtype.exe
	./_build-release/default/test/bench/bench_safetensors.exe target/bench/safetensors.csv \
	  _build-release/default/ocaml/cli/nx_dtype.exe | tee target/bench/safetensors.md

# Deflated .npz archives of 100 and 200 MB of float32 (written by
# np.savez_compressed into a temporary directory, 1 GB of disk at most):
# read and written by nx_array and by numpy, BENCH_ROUNDS rounds in turn.
# BENCH_NPZ_BUILDS adds other builds' bench_npz.exe (LABEL=PATH) beside this one.
BENCH_NPZ_BUILDS ?=

bench-npz: ## The deflated .npz part of bench: read and write beside numpy (about 3 minutes)
	@mkdir -p target/bench
	@$(TC) dune build --profile release --build-dir _build-release ./test/bench/bench_npz.exe
	@python3 -c 'import numpy' 2>/dev/null || { echo "bench-npz: no python3 with numpy: skipped"; exit 0; }; \
	  BENCH_ROUNDS=$(BENCH_ROUNDS) python3 test/bench/bench_npz.py \
	  nx=_build-release/default/test/bench/bench_npz.exe $(BENCH_NPZ_BUILDS) | tee target/bench/npz.md

# Whole files of about a gigabyte, generated into a temporary directory
# (7 GB of disk at most; BENCH_FILES_DIR keeps them): nx-dtype converting
# GGUF (F16, Q8_0, Q4_K) into bfloat16 safetensors, dequantizing a sharded
# FP8 checkpoint and converting a torch.save state dict, beside cp of the
# output, DeepSeek's FP8 cast and torch.load with save_file; times and
# maximum resident sets, BENCH_ROUNDS rounds in turn.
bench-files: ## nx-dtype on whole files beside cp and Python: GGUF, FP8 checkpoints, pytorch_model.bin (about 6 minutes)
	@mkdir -p target/bench
	@$(TC) dune build --profile release --build-dir _build-release ./ocaml/cli/nx_dtype.exe
	@python3 -c 'import numpy, gguf, safetensors' 2>/dev/null || { \
	  echo "bench-files: no python3 with numpy, gguf and safetensors: skipped"; exit 0; }; \
	  [ -x /usr/bin/time ] || { echo "bench-files: no GNU time at /usr/bin/time: skipped"; exit 0; }; \
	  BENCH_ROUNDS=$(BENCH_ROUNDS) python3 test/bench/bench_files.py \
	  _build-release/default/ocaml/cli/nx_dtype.exe | tee target/bench/files.md

check-zip64: ## .npz archives past 4 GiB, by numpy and by nx-dtype, both ways (9 GB of disk; not part of test)
	@$(TC) dune build --profile release --build-dir _build-release ./ocaml/cli/nx_dtype.exe
	sh test/npy/big_zip64.sh _build-release/default/ocaml/cli/nx_dtype.exe

check-memory: ## The C header test and the Dtype tests under valgrind memcheck
	@$(TC) dune build @test/c/runtest ./test/dtype/test_dtype.exe ./test/dtype/test_stores.exe \
	  ./test/vectors/stores.txt ./test/byte/test_byte.bc
	cd _build/default/test/c && NX_SKIP_FENV=1 valgrind -q --error-exitcode=1 --leak-check=full \
	  --errors-for-leak-kinds=definite ./test_header_c.exe ../vectors/stores.txt
	cd _build/default/test/dtype && valgrind -q --error-exitcode=1 ./test_dtype.exe
	cd _build/default/test/dtype && valgrind -q --error-exitcode=1 ./test_stores.exe
	@echo "check-memory: valgrind found no error"

FUZZ_SECONDS ?= 60

# cargo fuzz needs a nightly compiler's flags; the stable one takes them
# with RUSTC_BOOTSTRAP=1, since these machines cannot fetch a nightly.
fuzz: ## Fuzz the GGUF reader, then the kernels (needs cargo-fuzz), FUZZ_SECONDS per target
	@$(TC) dune build ./test/gguf/fuzz_gguf.exe
	cd test/gguf && ../../_build/default/test/gguf/fuzz_gguf.exe --seconds $(FUZZ_SECONDS) *.gguf
	@command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	cd rust && for t in stores shortest convert; do \
	  RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir fuzz -O $$t fuzz/corpus/$$t -- \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=128 || exit 1; done

clean: ## Remove build products (not the toolchain cache)
	@$(TC) dune clean
	rm -rf _build-release
	cargo clean
	rm -rf dist

help: ## This list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 16
