//! The Comments panel's code is not in the page's wasm: `scripts/build.mjs` splits it into a
//! chunk of its own (wasm-split, with the `wasm-split` feature), fetched the first time the
//! panel opens and kept offline by the service worker. While it loads, the panel says so; if it
//! cannot be fetched (offline before the service worker kept it, a server gone), the panel says
//! that instead and offers to try again. The comments themselves are in the design, never in the
//! chunk: nothing is lost either way.
//!
//! The split point is `comments_panel` in src/main.rs. Not Leptos' `#[lazy]`: it panics when the chunk fails to load, and with `panic = "abort"` a
//! panic stops the whole app. `wasm_split(.., fallible)` (the macro `#[lazy]` expands to) turns
//! that failure into an `Err` this file shows.

use super::comments::Comments;
use super::state::Editor;
use crate::i18n::pick;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use std::future::Future;
use std::pin::Pin;
use std::sync::OnceLock;

/// The chunk could not be fetched or started.
#[derive(Debug, Clone)]
pub struct ChunkUnavailable;

impl From<leptos::wasm_split::SplitLoaderError> for ChunkUnavailable {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        ChunkUnavailable
    }
}

/// What loads the panel's chunk and returns the panel (src/main.rs's split point).
pub type PanelLoader = fn() -> Pin<Box<dyn Future<Output = Result<AnyView, ChunkUnavailable>>>>;

static LOADER: OnceLock<PanelLoader> = OnceLock::new();

/// Called once by the page's `main` (built with the `wasm-split` feature) before the app
/// mounts. The split point must be in the page's binary, not in this library: a split point's
/// function is a wasm export, and an export of the library would pull the panel (and the UI it
/// reaches) into the export and room workers too.
pub fn load_panel_with(loader: PanelLoader) {
    let _ = LOADER.set(loader);
}

/// The panel itself; in the page's build, only the split point reaches it, so it and everything
/// only it reaches (the thread list, the draft, the replies) go to the chunk.
pub fn panel() -> AnyView {
    view! { <super::comments_ui::CommentsPanel /> }.into_any()
}

/// The panel's view once its code is here. Without the `wasm-split` feature (`tests/browser.rs`,
/// scripts/bundle-breakdown.sh) the panel is linked in and comes at once; with it, nothing here
/// may name `panel`, or the panel would stay in the page's wasm.
async fn load() -> Result<AnyView, ChunkUnavailable> {
    match LOADER.get() {
        Some(loader) => loader().await,
        #[cfg(feature = "wasm-split")]
        None => Err(ChunkUnavailable),
        #[cfg(not(feature = "wasm-split"))]
        None => Ok(panel()),
    }
}

/// Where the Comments panel goes: nothing until it first opens, then its chunk's panel (or the
/// loading note, or the failure).
#[component]
pub fn CommentsPanelOnDemand() -> impl IntoView {
    let comments = expect_context::<Comments>();
    // Each attempt to load; a click on "Try again" makes a new one.
    let attempt = RwSignal::new(0u32);
    move || {
        attempt.track();
        comments.open.get().then(|| {
            view! {
                <Suspense fallback=|| view! { <Placeholder failed=false /> }>
                    // The browser runs the app on one thread: the chunk's future never moves to
                    // another, which is what `Suspend` asks (Leptos' `#[lazy]` wraps it so too).
                    {Suspend::new(SendWrapper::new(async move {
                        load().await.unwrap_or_else(|ChunkUnavailable| {
                            view! { <Placeholder failed=true retry=attempt /> }.into_any()
                        })
                    }))}
                </Suspense>
            }
        })
    }
}

/// The panel's frame while its code loads (`failed`: could not load, with "Try again").
#[component]
fn Placeholder(failed: bool, #[prop(optional)] retry: Option<RwSignal<u32>>) -> impl IntoView {
    let editor = expect_context::<Editor>();
    let comments = expect_context::<Comments>();
    let l = move |forms: [&'static str; 3]| move || pick(editor.lang.get(), forms);
    let title = l(["Review comments", "Comentarios de revisión", "Comentários de revisão"]);
    let body = if failed {
        view! {
            <p class="hint" data-testid="comments-unavailable" role="alert">
                {l([
                    "The comments panel could not be loaded (no connection?). Your comments are safe in the design. ",
                    "No se pudo cargar el panel de comentarios (¿sin conexión?). Tus comentarios siguen en el diseño. ",
                    "Não foi possível carregar o painel de comentários (sem conexão?). Seus comentários continuam no design. ",
                ])}
                <button data-testid="comments-retry" on:click=move |_| if let Some(r) = retry { r.update(|n| *n += 1) }>
                    {l(["Try again", "Reintentar", "Tentar de novo"])}
                </button>
            </p>
        }
        .into_any()
    } else {
        view! { <p class="hint" data-testid="comments-loading" aria-busy="true">{l(["Loading…", "Cargando…", "Carregando…"])}</p> }.into_any()
    };
    view! {
        <aside class="comments-panel" aria-label=title>
            <header>
                <h2>{title}</h2>
                <button class="link close" data-testid="comments-close" aria-label=l(["Close", "Cerrar", "Fechar"]) on:click=move |_| comments.open.set(false)>"×"</button>
            </header>
            {body}
        </aside>
    }
}
