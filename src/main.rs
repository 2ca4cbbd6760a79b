//! The browser app's entry point (built for wasm32 by scripts/build.mjs).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    reserve_memory();
    #[cfg(feature = "wasm-split")]
    docshape::ui::comments_chunk::load_panel_with(|| Box::pin(comments_panel()));
    docshape::ui::mount();
}

/// The split point of the Comments panel: scripts/build.mjs (wasm-split-cli) moves this function
/// and all the code only it reaches into a chunk fetched when the panel first opens
/// (src/ui/comments_chunk.rs). `fallible`: a chunk that cannot be fetched is an `Err`, not the
/// panic (an abort of the whole app) Leptos' `#[lazy]` makes of it.
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
#[leptos::wasm_split::wasm_split(comments_panel, wasm_split_path = ::leptos::wasm_split, fallible)]
fn comments_panel() -> Result<leptos::prelude::AnyView, docshape::ui::comments_chunk::ChunkUnavailable> {
    Ok(docshape::ui::comments_chunk::panel())
}

/// Grows the WebAssembly memory once, by the size a large model needs on start, instead of
/// page by page: the allocator asks the browser for more memory in small steps (hundreds of
/// `memory.grow` on a model of 500 aggregates, each detaching the JavaScript views of it).
/// The block is freed at once and stays in the allocator's free space for what follows.
#[cfg(target_arch = "wasm32")]
fn reserve_memory() {
    const RESERVE: usize = 32 << 20;
    let block: Vec<u8> = Vec::with_capacity(RESERVE);
    // Keeps the allocation from being optimised away with its free.
    drop(std::hint::black_box(block));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("docshape-web is the browser app: run `make serve`. The command-line tool is `docshape`.");
    std::process::exit(2);
}
