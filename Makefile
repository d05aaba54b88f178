# nx_array. The two commands:
#
#   make run    builds everything and runs nx-dtype, the command-line tool
#   make test   runs every test: lint, cargo tests, dune tests, the C header
#               test and an installed-package consumer
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

.PHONY: run build test lint test-rust test-dune test-consumer env header \
        vectors block-vectors vendor bench check-memory fuzz clean help

run: build ## Build, then print the facts table of every dtype
	@$(TC) dune exec --no-print-directory -- nx-dtype

build: ## Build the library, the tool and the tests
	@$(TC) dune build

test: lint test-rust test-dune test-consumer ## Run every test

lint: ## cargo fmt --check and cargo clippy -D warnings
	cargo fmt --check
	cargo clippy --release --locked --all-targets --quiet -- -D warnings

test-rust: ## The Rust tests
	cargo test --release --locked --quiet

test-dune: ## The OCaml and C tests
	@$(TC) dune build @runtest --force

test-consumer: ## Install, then build and run a separate project against it
	@$(TC) .ci/check-consumer

env: ## Print the line that puts this toolchain first: eval "$(make -s env)"
	@echo "export PATH=\"$$(.ci/toolchain):\$$PATH\""

header: ## Regenerate ocaml/nx_dtype.h from the facts table
	NX_BLESS=1 cargo test --release --locked --quiet header_is_up_to_date

vectors: ## Regenerate test/vectors (needs python3 with numpy) and rust/src/pow10.rs
	python3 test/vectors/gen_stores.py > test/vectors/stores.txt
	python3 test/vectors/gen_decimals.py > test/vectors/decimals.txt
	python3 rust/tools/gen_pow10.py > rust/src/pow10.rs

block-vectors: ## Regenerate test/block's vectors (numpy, ml_dtypes, gguf==0.19.0; ~25 min)
	cd test/block && python3 gen_vectors.py > vectors.txt
	cd test/block && python3 gen_values.py > values.txt
	cd test/block && python3 gen_gguf.py > gguf.txt

vendor: ## Vendor the crates into rust/vendor, for builds without network
	cargo vendor --locked --quiet rust/vendor > .cargo-vendor.toml
	mkdir -p .cargo && mv .cargo-vendor.toml .cargo/config.toml
	@echo "crates vendored into rust/vendor; .cargo/config.toml uses them"

BENCH_SIZES ?= 1e3 1e4 1e5 1e6 1e7 1e8
# Rounds of the three programs in turn; each row keeps its best round, so
# that every contender sees the same spells of a noisy machine.
BENCH_ROUNDS ?= 3

bench: ## Benchmarks beside numpy, ml_dtypes, half, ryu (not part of test)
	@mkdir -p target/bench
	@rm -f target/bench/round-*.csv
	@$(TC) dune build --profile release --build-dir _build-release ./test/bench/bench.exe
	cargo build --release --locked --quiet --example bench_ref
	@numpy=yes; python3 -c 'import numpy, ml_dtypes' 2>/dev/null || { numpy=; \
	  echo "bench: no python3 with numpy and ml_dtypes (pip install numpy ml_dtypes): skipped"; }; \
	for r in $$(seq $(BENCH_ROUNDS)); do \
	  echo "bench: round $$r of $(BENCH_ROUNDS)"; \
	  ./_build-release/default/test/bench/bench.exe $(BENCH_SIZES) > target/bench/round-$$r-nx.csv; \
	  ./target/release/examples/bench_ref $(BENCH_SIZES) > target/bench/round-$$r-rust.csv; \
	  if [ -n "$$numpy" ]; then \
	    python3 test/bench/bench_numpy.py $(BENCH_SIZES) > target/bench/round-$$r-numpy.csv; fi; \
	done
	python3 test/bench/report.py target/bench/results.csv target/bench/round-*.csv \
	  | tee target/bench/report.md

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
fuzz: ## Fuzz the kernels, FUZZ_SECONDS per target (needs cargo-fuzz)
	@command -v cargo-fuzz >/dev/null || cargo install cargo-fuzz --locked
	cd rust && for t in stores shortest convert; do \
	  RUSTC_BOOTSTRAP=1 cargo fuzz run --fuzz-dir fuzz -O $$t fuzz/corpus/$$t -- \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=128 || exit 1; done

clean: ## Remove build products (not the toolchain cache)
	@$(TC) dune clean
	rm -rf _build-release
	cargo clean

help: ## This list
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | sed -E 's/:.*## /\t/' | expand -t 16
