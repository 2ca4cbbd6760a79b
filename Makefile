# The two commands: `make serve` and `make test`. Both install what is missing first.
.PHONY: serve test check bench bench-ui

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

# Figures: the UI in headless Chromium on 100/300/500 generated aggregates (release build).
bench-ui:
	scripts/setup.sh test
	PATH="$$HOME/.cargo/bin:$$PWD/node_modules/.bin:$$PATH" trunk build --release --offline
	cargo build --release --bin docshape
	node scripts/bench-ui.mjs
