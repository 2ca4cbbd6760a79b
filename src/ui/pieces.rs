//! The views of the parts of the interface that come in chunks of their own (`ui::chunks`): the
//! split points of src/main.rs each name one of these, so the code only it reaches goes to its
//! chunk. Without the `wasm-split` feature they are linked in, and [`link_all`] registers them.

use leptos::prelude::*;

pub fn comments() -> AnyView {
    view! { <super::comments_ui::CommentsPanel /> }.into_any()
}
pub fn room_banner() -> AnyView {
    view! { <super::together_ui::TogetherBanner /> }.into_any()
}
pub fn room_dialog() -> AnyView {
    view! { <super::together_ui::TogetherDialog /> }.into_any()
}
pub fn peer_layer() -> AnyView {
    view! { <super::together_ui::PeerLayer /> }.into_any()
}
pub fn peer_arrows() -> AnyView {
    view! { <super::together_ui::PeerArrows /> }.into_any()
}
pub fn versions() -> AnyView {
    view! { <super::compare_ui::VersionsDialog /> }.into_any()
}
pub fn aside() -> AnyView {
    view! { <super::compare_ui::AsideView /> }.into_any()
}
pub fn export() -> AnyView {
    view! { <super::export_dialog::ExportDialog /> }.into_any()
}
pub fn new_model() -> AnyView {
    view! { <super::dialogs::NewModel /> }.into_any()
}
pub fn designs() -> AnyView {
    view! { <super::designs_ui::DesignsDialog /> }.into_any()
}
pub fn help() -> AnyView {
    view! { <super::dialogs::Help /> }.into_any()
}
pub fn scale() -> AnyView {
    view! { <super::scale_view::ScaleView /> }.into_any()
}
pub fn dump_import() -> AnyView {
    view! { <super::dump_import::DumpImport /> }.into_any()
}
pub fn inspector() -> AnyView {
    view! { <super::inspector::Inspector /> }.into_any()
}
pub fn query_editor() -> AnyView {
    view! { <super::queries_panel::ChosenQuery /> }.into_any()
}
pub fn import() -> AnyView {
    view! { <super::import_dialog::ImportDialog /> }.into_any()
}
pub fn presentation() -> AnyView {
    view! { <super::presentation::Presentation /> }.into_any()
}
pub fn context_menu() -> AnyView {
    view! { <super::context_menu::ContextMenu /> }.into_any()
}

/// Opens a model file's text as a new design (the split point `open_file` of src/main.rs).
pub fn open_file(editor: &super::state::Editor, label: &str, text: &str) {
    super::model_file::open_text(editor, label, text);
}

/// Starts the room worker and reads what it says (the split point `open_room` of src/main.rs,
/// chunk `room`): see `ui::together::open`.
pub fn open_room(editor: super::state::Editor, key: String, joining: bool) -> Result<(), String> {
    super::together::open(editor, key, joining)
}

/// Registers every piece as linked in (a build without the `wasm-split` feature: the page's
/// `main` registers the split points instead).
#[cfg(not(feature = "wasm-split"))]
pub fn link_all() {
    use super::chunks::{register, Piece};
    register(Piece::Comments, || Box::pin(async { Ok(comments()) }));
    register(Piece::RoomBanner, || Box::pin(async { Ok(room_banner()) }));
    register(Piece::RoomDialog, || Box::pin(async { Ok(room_dialog()) }));
    register(Piece::PeerLayer, || Box::pin(async { Ok(peer_layer()) }));
    register(Piece::PeerArrows, || Box::pin(async { Ok(peer_arrows()) }));
    register(Piece::Versions, || Box::pin(async { Ok(versions()) }));
    register(Piece::Aside, || Box::pin(async { Ok(aside()) }));
    register(Piece::Export, || Box::pin(async { Ok(export()) }));
    register(Piece::NewModel, || Box::pin(async { Ok(new_model()) }));
    register(Piece::Designs, || Box::pin(async { Ok(designs()) }));
    register(Piece::Help, || Box::pin(async { Ok(help()) }));
    register(Piece::Scale, || Box::pin(async { Ok(scale()) }));
    register(Piece::DumpImport, || Box::pin(async { Ok(dump_import()) }));
    register(Piece::Inspector, || Box::pin(async { Ok(inspector()) }));
    register(Piece::QueryEditor, || Box::pin(async { Ok(query_editor()) }));
    register(Piece::Import, || Box::pin(async { Ok(import()) }));
    register(Piece::Presentation, || Box::pin(async { Ok(presentation()) }));
    register(Piece::ContextMenu, || Box::pin(async { Ok(context_menu()) }));
    super::chunks::register_room_opener(|editor, key, joining| {
        Box::pin(async move { Ok(open_room(editor, key, joining)) })
    });
    super::chunks::register_file_opener(|editor, label, text| {
        Box::pin(async move {
            open_file(&editor, &label, &text);
            Ok(())
        })
    });
}
