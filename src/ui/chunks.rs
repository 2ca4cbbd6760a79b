//! Parts of the interface whose code is not in the page's wasm: `scripts/build.mjs` splits each
//! into a chunk of its own (wasm-split, with the `wasm-split` feature), fetched the first time
//! the part is shown. The Comments panel, the room's views ("Edit together": the banner, the
//! link dialog, the others' pointers and selections), the Versions dialog with the compare
//! panel, the Scale view, the import dialog's mongodump part, the content of the Export,
//! New model, My designs, Shortcuts and Import dialogs, the inspector, the chosen access
//! pattern's attributes and call, presentation mode's slide and the context menu are such
//! parts; each is a [`Piece`], and the page's `main` registers, per piece, the
//! split point that loads it (src/main.rs; the pieces' views are `ui::pieces`). [`OnDemand`] puts a piece where it goes: nothing
//! until it is first wanted, then "Loading…", then the piece, or what went wrong with a way on.
//! The design is never in a chunk: a piece that cannot load loses nothing.
//!
//! Why a piece could not load matters to what the person does next: without a connection,
//! trying again later works; after a new release of docshape was published while this tab was
//! open (the server has the new release's files only), nothing but a reload brings the piece,
//! so the note says "docshape was updated" and offers the reload, once the design is saved.
//!
//! Not Leptos' `#[lazy]`: it panics when a chunk fails to load, and with `panic = "abort"` a
//! panic stops the whole app. `wasm_split(.., fallible)` (the macro `#[lazy]` expands to) turns
//! that failure into an `Err`.

use super::state::Editor;
use crate::i18n::pick;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;

/// A part of the interface that comes in a chunk. The pieces of one chunk (the room's) are
/// loaded together: the first one wanted fetches the chunk for all.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Piece {
    /// The Comments panel (chunk `comments_panel`).
    Comments,
    /// The room's banner: connection, who is here, leave (chunk `room`).
    RoomBanner,
    /// The dialog with the room link and this person's name (chunk `room`).
    RoomDialog,
    /// The others' pointers and selected boxes, over the diagram (chunk `room`).
    PeerLayer,
    /// The arrows the others selected, inside the SVG of arrows (chunk `room`).
    PeerArrows,
    /// The Versions dialog's content (chunk `compare`).
    Versions,
    /// A version opened read-only or the compare panel (chunk `compare`).
    Aside,
    /// The Export dialog's content (chunk `export`).
    Export,
    /// The New model dialog's content: Blank and the gallery (chunk `new_model`).
    NewModel,
    /// The My designs dialog's content (chunk `designs`).
    Designs,
    /// The keyboard shortcuts' table (chunk `help`).
    Help,
    /// The Scale view: the figures against one replica set, the shard keys (chunk `scale`).
    Scale,
    /// The import dialog's mongodump part: drop or choose, progress, relations (chunk `dump`).
    DumpImport,
    /// The inspector: the selected aggregate's or relation's attributes (chunk `inspector`).
    Inspector,
    /// The chosen access pattern's attributes and its call (chunk `query_editor`).
    QueryEditor,
    /// The import dialog's content: sample documents or a `$jsonSchema` (chunk `import`).
    Import,
    /// Presentation mode's slide (chunk `presentation`).
    Presentation,
    /// The canvas' context menu (chunk `context_menu`).
    ContextMenu,
}

impl Piece {
    const ALL: [Piece; 18] = [
        Piece::Comments,
        Piece::RoomBanner,
        Piece::RoomDialog,
        Piece::PeerLayer,
        Piece::PeerArrows,
        Piece::Versions,
        Piece::Aside,
        Piece::Export,
        Piece::NewModel,
        Piece::Designs,
        Piece::Help,
        Piece::Scale,
        Piece::DumpImport,
        Piece::Inspector,
        Piece::QueryEditor,
        Piece::Import,
        Piece::Presentation,
        Piece::ContextMenu,
    ];

    fn index(self) -> usize {
        Self::ALL.iter().position(|p| *p == self).unwrap_or(0)
    }

    /// The start of the `data-testid` of the piece's notes (`comments-loading`, …).
    fn testid(self) -> &'static str {
        match self {
            Piece::Comments => "comments",
            Piece::RoomBanner | Piece::RoomDialog | Piece::PeerLayer | Piece::PeerArrows => "together",
            Piece::Versions => "versions",
            Piece::Aside => "compare",
            Piece::Export => "export",
            Piece::NewModel => "new-model",
            Piece::Designs => "designs",
            Piece::Help => "help",
            Piece::Scale => "scale",
            Piece::DumpImport => "dump",
            Piece::Inspector => "inspector",
            Piece::QueryEditor => "query-editor",
            Piece::Import => "import",
            Piece::Presentation => "presentation",
            Piece::ContextMenu => "context-menu",
        }
    }
}

/// The chunk could not be fetched or started.
#[derive(Debug, Clone)]
pub struct ChunkUnavailable;

impl From<leptos::wasm_split::SplitLoaderError> for ChunkUnavailable {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        ChunkUnavailable
    }
}

/// What loads a piece's chunk and returns the piece (a split point of src/main.rs).
pub type Loader = fn() -> Pin<Box<dyn Future<Output = Result<AnyView, ChunkUnavailable>>>>;

static LOADERS: [OnceLock<Loader>; Piece::ALL.len()] = [const { OnceLock::new() }; Piece::ALL.len()];

/// Called by the page's `main` (built with the `wasm-split` feature) for each piece, before the
/// app mounts. A split point must be in the page's binary, not in this library: its function is
/// a wasm export, and an export of the library would pull the piece (and the UI it reaches)
/// into the export and room workers too.
pub fn register(piece: Piece, loader: Loader) {
    let _ = LOADERS[piece.index()].set(loader);
}

/// What opens a model file's text once read (`ui::model_file::open_text`, a split point of
/// src/main.rs: chunk `open_file`): the file's reading and the versions it carries.
pub type FileOpener = fn(Editor, String, String) -> Pin<Box<dyn Future<Output = Result<(), ChunkUnavailable>>>>;

static FILE_OPENER: OnceLock<FileOpener> = OnceLock::new();

/// Called by the page's `main`, as [`register`] is.
pub fn register_file_opener(opener: FileOpener) {
    let _ = FILE_OPENER.set(opener);
}

/// What starts the room worker and reads what it says (`ui::together::open`, a split point of
/// src/main.rs in chunk `room`, with the room's views): `(editor, key, joining)`, the error the
/// reason the worker did not start.
pub type RoomOpener =
    fn(Editor, String, bool) -> Pin<Box<dyn Future<Output = Result<Result<(), String>, ChunkUnavailable>>>>;

static ROOM_OPENER: OnceLock<RoomOpener> = OnceLock::new();

/// Called by the page's `main`, as [`register`] is.
pub fn register_room_opener(opener: RoomOpener) {
    let _ = ROOM_OPENER.set(opener);
}

/// Opens the room of `key` (a new one with the design on screen, or the one being joined), its
/// code fetched the first time; the error is the notice to show.
pub async fn open_room(editor: Editor, key: String, joining: bool) -> Result<(), String> {
    let opened = match ROOM_OPENER.get() {
        Some(opener) => opener(editor, key, joining).await,
        None => Err(ChunkUnavailable),
    };
    let lang = editor.lang.get_untracked();
    match opened {
        Ok(Ok(())) => Ok(()),
        Ok(Err(detail)) => Err(editor.fill(crate::i18n::Msg::TogetherUnavailable, &[&detail])),
        Err(ChunkUnavailable) => Err(unavailable_text(lang).await.to_string()),
    }
}

/// Why a chunk could not be had, as a note says it: docshape was updated, or the fetch failed.
async fn unavailable_text(lang: crate::i18n::Lang) -> &'static str {
    if outdated().await {
        updated_text(lang)
    } else {
        failed_text(lang)
    }
}

/// Opens the model file `text` (named `label`) as a new design, its code fetched the first time;
/// when it cannot be, says why (as a piece's note does) and the design on screen stays.
pub async fn open_file(editor: Editor, label: String, text: String) {
    let opened = match FILE_OPENER.get() {
        Some(opener) => opener(editor, label, text).await,
        None => Err(ChunkUnavailable),
    };
    if opened.is_err() {
        let why = unavailable_text(editor.lang.get_untracked()).await;
        editor.notify(super::state::NoticeKind::Error, why.to_string());
    }
}

/// The piece's view once its code is here. Without the `wasm-split` feature (`tests/browser.rs`,
/// scripts/bundle-breakdown.sh) the pieces are linked in and `ui::pieces` registers them as
/// they are; with it, nothing here may name them, or they would stay in the page's wasm.
async fn load(piece: Piece) -> Result<AnyView, ChunkUnavailable> {
    match LOADERS[piece.index()].get() {
        Some(loader) => loader().await,
        None => Err(ChunkUnavailable),
    }
}

/// How a piece's load went, for its placeholder.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pending {
    Loading,
    /// Not fetched: no connection, or the server did not answer.
    Failed,
    /// This tab's release is no longer on the server: docshape was updated.
    Outdated,
}

/// What a piece shows while it loads or when it cannot (the note inside the piece's frame:
/// `frame(note)`). `None`: nothing; another piece of its chunk says it.
pub type Frame = fn(AnyView) -> AnyView;

/// True from the first time `wanted` is, on: for a piece that shows or hides itself by what it
/// reads (the context menu, the chosen access pattern, the slide), so it is fetched when first
/// wanted and then stays, as it did in the page's wasm. Unmounting it when `wanted` turns false
/// would drop its signals while its own view may still be reading them in the same update.
pub fn once_wanted(wanted: impl Fn() -> bool + Send + Sync + 'static) -> Signal<bool> {
    Memo::new(move |before: Option<&bool>| before.copied().unwrap_or(false) || wanted()).into()
}

/// Where a piece goes: nothing while `when` is false, then the piece (its chunk fetched the first
/// time), with its frame around the loading note or the failure meanwhile.
#[component]
pub fn OnDemand(
    piece: Piece,
    #[prop(into)] when: Signal<bool>,
    #[prop(optional)] frame: Option<Frame>,
) -> impl IntoView {
    // Each attempt to load; "Try again" makes a new one.
    let attempt = RwSignal::new(0u32);
    // Drawn again only when it turns: what `when` reads may change more often (a comparison's
    // sentences in another language), and the piece keeps its elements meanwhile.
    let when = Memo::new(move |_| when.get());
    let note = move |pending: Pending| {
        frame.map(|frame| frame(view! { <Note piece=piece pending=pending retry=attempt /> }.into_any()))
    };
    move || {
        attempt.track();
        when.get().then(|| {
            view! {
                <Suspense fallback=move || note(Pending::Loading)>
                    // The browser runs the app on one thread: the chunk's future never moves to
                    // another, which is what `Suspend` asks (Leptos' `#[lazy]` wraps it so too).
                    {Suspend::new(SendWrapper::new(async move {
                        match load(piece).await {
                            Ok(view) => view,
                            Err(ChunkUnavailable) => {
                                let pending = if outdated().await { Pending::Outdated } else { Pending::Failed };
                                note(pending).into_any()
                            }
                        }
                    }))}
                </Suspense>
            }
        })
    }
}

/// "Loading…", or why the piece is not here with the way on (try again, or reload).
#[component]
fn Note(piece: Piece, pending: Pending, retry: RwSignal<u32>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let l = move |forms: [&'static str; 3]| move || pick(editor.lang.get(), forms);
    let id = piece.testid();
    match pending {
        Pending::Loading => {
            view! { <p class="hint" data-testid=format!("{id}-loading") aria-busy="true">{l(["Loading…", "Cargando…", "Carregando…"])}</p> }
                .into_any()
        }
        Pending::Failed => view! {
            <p class="hint" data-testid=format!("{id}-unavailable") role="alert">
                {move || failed_text(editor.lang.get())}" "
                <button data-testid=format!("{id}-retry") on:click=move |_| retry.update(|n| *n += 1)>
                    {l(["Try again", "Reintentar", "Tentar de novo"])}
                </button>
            </p>
        }
        .into_any(),
        Pending::Outdated => view! {
            <p class="hint" data-testid=format!("{id}-outdated") role="alert">
                {move || updated_text(editor.lang.get())}" "
                <button data-testid=format!("{id}-reload") on:click=move |_| super::update_notice::reload_when_saved(&editor)>
                    {l(["Reload", "Recargar", "Recarregar"])}
                </button>
            </p>
        }
        .into_any(),
    }
}

/// What a tab says when a chunk could not be fetched (no connection, no answer).
pub fn failed_text(lang: crate::i18n::Lang) -> &'static str {
    pick(
        lang,
        [
            "This part of docshape could not be loaded (no connection?). Your design is safe.",
            "No se pudo cargar esta parte de docshape (¿sin conexión?). Tu diseño está a salvo.",
            "Não foi possível carregar esta parte do docshape (sem conexão?). Seu design está seguro.",
        ],
    )
}

/// What a tab whose release is gone from the server says when asked for what it lacks.
pub fn updated_text(lang: crate::i18n::Lang) -> &'static str {
    pick(
        lang,
        [
            "docshape was updated — reload to open this. Your design is kept.",
            "docshape se actualizó: recarga para abrir esto. Tu diseño se conserva.",
            "O docshape foi atualizado — recarregue para abrir isto. Seu design é mantido.",
        ],
    )
}

/// Whether this tab's release is gone from the server: its start-up script (named after its
/// content, so one release's) is no longer there. Asked with `HEAD`, which the service worker
/// leaves to the network, and never from a cache. `false` when the server cannot be reached.
pub async fn outdated() -> bool {
    use wasm_bindgen::JsCast;
    thread_local! {
        // Once gone, a release never comes back: asked once for all the pieces.
        static GONE: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    }
    if GONE.get() {
        return true;
    }
    let Some(window) = web_sys::window() else { return false };
    let script = window
        .document()
        .and_then(|d| d.query_selector("script[type=module][src]").ok().flatten())
        .and_then(|s| s.get_attribute("src"));
    let Some(src) = script else { return false };
    let init = web_sys::RequestInit::new();
    init.set_method("HEAD");
    init.set_cache(web_sys::RequestCache::NoStore);
    let asked = wasm_bindgen_futures::JsFuture::from(window.fetch_with_str_and_init(&src, &init)).await;
    let gone = asked
        .ok()
        .and_then(|r| r.dyn_into::<web_sys::Response>().ok())
        .is_some_and(|r| r.status() == 404 || r.status() == 410);
    GONE.set(gone);
    gone
}
