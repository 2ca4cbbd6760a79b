//! With the `wasm-split` feature, the page's wasm keeps its relocations (`--emit-relocs`):
//! wasm-split-cli reads them to move the code behind a split point into its own chunk
//! (scripts/build.mjs). Only the page's binary, only for wasm32: nothing else is rebuilt.
fn main() {
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if wasm && std::env::var_os("CARGO_FEATURE_WASM_SPLIT").is_some() {
        println!("cargo:rustc-link-arg-bin=docshape-web=--emit-relocs");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
