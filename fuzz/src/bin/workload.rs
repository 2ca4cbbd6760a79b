//! Fuzz target `workload`: feeds each input to `bodies::workload` (see tests/fuzz_support/bodies.rs).
#[path = "../../../tests/fuzz_support/bodies.rs"]
#[allow(dead_code)]
mod bodies;

fn main() {
    afl::fuzz!(|data: &[u8]| bodies::workload(data));
}
