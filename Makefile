# The two commands: `make serve` and `make test`. Both install what is missing first.
.PHONY: serve test check bench

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
