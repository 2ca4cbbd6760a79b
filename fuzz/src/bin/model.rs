//! Fuzz target `model`: feeds each input to `bodies::model_file` (see tests/fuzz_support/bodies.rs).
#[path = "../../../tests/fuzz_support/bodies.rs"]
#[allow(dead_code)]
mod bodies;

fn main() {
    afl::fuzz!(|data: &[u8]| bodies::model_file(data));
}
