//! The browser app's entry point (built by trunk for wasm32).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    docshape::ui::mount();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("docshape-web is the browser app: run `make serve`. The command-line tool is `docshape`.");
    std::process::exit(2);
}
