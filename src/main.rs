//! The browser app's entry point (built for wasm32 by scripts/build.mjs).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    reserve_memory();
    #[cfg(feature = "wasm-split")]
    register_chunks();
    docshape::ui::mount();
}

/// The split points: scripts/build.mjs (wasm-split-cli) moves each function below, and all the
/// code only it reaches, into the chunk its first argument names, fetched when one of its
/// pieces is first shown (src/ui/chunks.rs). The functions of one chunk load together.
/// `fallible`: a chunk that cannot be fetched is an `Err`, not the panic (an abort of the whole
/// app) Leptos' `#[lazy]` makes of it.
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
fn register_chunks() {
    use docshape::ui::chunks::{register, Piece};
    register(Piece::Comments, || Box::pin(comments_panel()));
    register(Piece::RoomBanner, || Box::pin(room_banner()));
    register(Piece::RoomDialog, || Box::pin(room_dialog()));
    register(Piece::PeerLayer, || Box::pin(peer_layer()));
    register(Piece::PeerArrows, || Box::pin(peer_arrows()));
    register(Piece::Versions, || Box::pin(versions_dialog()));
    register(Piece::Aside, || Box::pin(compare_aside()));
    register(Piece::Export, || Box::pin(export_dialog()));
    register(Piece::NewModel, || Box::pin(new_model_dialog()));
    register(Piece::Designs, || Box::pin(designs_dialog()));
    register(Piece::Help, || Box::pin(help_dialog()));
    register(Piece::Scale, || Box::pin(scale_view()));
    register(Piece::DumpImport, || Box::pin(dump_import()));
    register(Piece::Inspector, || Box::pin(inspector()));
    register(Piece::QueryEditor, || Box::pin(query_editor()));
    register(Piece::Import, || Box::pin(import_dialog()));
    register(Piece::Presentation, || Box::pin(presentation()));
    register(Piece::ContextMenu, || Box::pin(context_menu()));
    docshape::ui::chunks::register_file_opener(|editor, label, text| Box::pin(open_file(editor, label, text)));
    docshape::ui::chunks::register_room_opener(|editor, key, joining| Box::pin(open_room(editor, key, joining)));
}

/// Declares the split point `$name` in chunk `$chunk`, returning the piece `$view` makes.
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
macro_rules! split_point {
    ($chunk:ident, $name:ident, $view:path) => {
        #[leptos::wasm_split::wasm_split($chunk, wasm_split_path = ::leptos::wasm_split, fallible)]
        fn $name() -> Result<leptos::prelude::AnyView, docshape::ui::chunks::ChunkUnavailable> {
            Ok($view())
        }
    };
}

#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(comments_panel, comments_panel, docshape::ui::pieces::comments);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(room, room_banner, docshape::ui::pieces::room_banner);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(room, room_dialog, docshape::ui::pieces::room_dialog);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(room, peer_layer, docshape::ui::pieces::peer_layer);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(room, peer_arrows, docshape::ui::pieces::peer_arrows);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(compare, versions_dialog, docshape::ui::pieces::versions);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(compare, compare_aside, docshape::ui::pieces::aside);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(export, export_dialog, docshape::ui::pieces::export);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(new_model, new_model_dialog, docshape::ui::pieces::new_model);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(designs, designs_dialog, docshape::ui::pieces::designs);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(help, help_dialog, docshape::ui::pieces::help);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(scale, scale_view, docshape::ui::pieces::scale);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(dump, dump_import, docshape::ui::pieces::dump_import);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(inspector, inspector, docshape::ui::pieces::inspector);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(query_editor, query_editor, docshape::ui::pieces::query_editor);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(import, import_dialog, docshape::ui::pieces::import);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(presentation, presentation, docshape::ui::pieces::presentation);
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
split_point!(context_menu, context_menu, docshape::ui::pieces::context_menu);

/// Opening a model file (chunk `open_file`): what reads the file's design and its versions.
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
#[leptos::wasm_split::wasm_split(open_file, wasm_split_path = ::leptos::wasm_split, fallible)]
fn open_file(
    editor: docshape::ui::state::Editor,
    label: String,
    text: String,
) -> Result<(), docshape::ui::chunks::ChunkUnavailable> {
    docshape::ui::pieces::open_file(&editor, &label, &text);
    Ok(())
}

/// Starting the room worker and reading its messages (chunk `room`, with the room's views).
#[cfg(all(target_arch = "wasm32", feature = "wasm-split"))]
#[leptos::wasm_split::wasm_split(room, wasm_split_path = ::leptos::wasm_split, fallible)]
fn open_room(
    editor: docshape::ui::state::Editor,
    key: String,
    joining: bool,
) -> Result<Result<(), String>, docshape::ui::chunks::ChunkUnavailable> {
    Ok(docshape::ui::pieces::open_room(editor, key, joining))
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
