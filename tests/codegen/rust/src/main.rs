//! Replaced by the test (tests/python/test_codegen.py) with the generated modules and their check.
fn main() {}
