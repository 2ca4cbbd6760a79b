# The two commands: `make serve` and `make test`. Both install what is missing first.
.PHONY: serve test check bench bench-ui fuzz

serve:
	scripts/serve.sh

test:
	scripts/test.sh

# Fast iteration: native core tests only.
check:
	cargo test

# Figures: advisor, exporters and importer benchmarks (native), printed.
bench:
	cargo bench

# Figures: the UI in headless Chromium on 100/300/500 generated aggregates (release build), and
# load times on a throttled network, first and repeat visits (scripts/bench-load.mjs).
bench-ui:
	scripts/setup.sh test
	PATH="$$HOME/.cargo/bin:$$PWD/node_modules/.bin:$$PATH" node scripts/build.mjs
	cargo build --release --bin docshape
	node scripts/bench-ui.mjs
	node scripts/bench-load.mjs

# Coverage-guided fuzzing (cargo-afl) of model loading, share links, the importers, the dump
# reader (BSON, archives) and the workload reader (mongod's log), 60 s per
# target by default (`make fuzz FUZZ_SECONDS=600`): prints executions and crashes, keeps every
# crash as a regression input that `make test` replays.
FUZZ_SECONDS ?= 60
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)
