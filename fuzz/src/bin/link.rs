//! Fuzz target `link`: feeds each input to `bodies::share_link` (see tests/fuzz_support/bodies.rs).
#[path = "../../../tests/fuzz_support/bodies.rs"]
#[allow(dead_code)]
mod bodies;

fn main() {
    afl::fuzz!(|data: &[u8]| bodies::share_link(data));
}
