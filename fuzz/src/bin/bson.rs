//! Fuzz target `bson`: feeds each input to `bodies::bson_dump` (see tests/fuzz_support/bodies.rs).
#[path = "../../../tests/fuzz_support/bodies.rs"]
#[allow(dead_code)]
mod bodies;

fn main() {
    afl::fuzz!(|data: &[u8]| bodies::bson_dump(data));
}
