//! Fuzz target `import`: feeds each input to `bodies::importers` (see tests/fuzz_support/bodies.rs).
#[path = "../../../tests/fuzz_support/bodies.rs"]
#[allow(dead_code)]
mod bodies;

fn main() {
    afl::fuzz!(|data: &[u8]| bodies::importers(data));
}
