//! Design reviews in the browser: share links (the model in the URL fragment, never sent to a
//! server; made by the worker, read here), the read-only review mode they open, and SVG / PNG
//! downloads (drawn by the worker).

use super::designs::Designs;
use super::state::{Editor, NoticeAction, NoticeKind};
use super::storage::{download, file_name};
use super::text::tr;
use super::worker_client::Failure;
use crate::i18n::{Lang, Msg};
use crate::model::Model;
use crate::share::{self, decode_link, LINK_PREFIX};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

fn location() -> Option<web_sys::Location> {
    web_sys::window().map(|w| w.location())
}

/// If the page was opened from a share link, the model it carries (or why it cannot be read),
/// with the comments made on it in this tab that it does not carry yet (`review_keep`).
/// `None` when there is no link.
pub fn model_from_location() -> Option<Result<crate::model::Model, String>> {
    let hash = location()?.hash().ok()?;
    if !hash.starts_with(LINK_PREFIX) {
        return None;
    }
    let lang = super::storage::initial_lang();
    if let Some(held) = super::review_keep::restore(&hash) {
        return Some(Ok(held));
    }
    // A design shared without positions opens laid out, as it would from a file.
    Some(
        decode_link(&hash)
            .map(|mut m| {
                crate::editor::arrange::place_stacked(&mut m);
                m
            })
            .map_err(|e| Msg::BrokenLink.fill(lang, &[&e])),
    )
}

/// Removes the fragment from the address bar without reloading.
fn clear_hash() {
    if let (Some(window), Some(loc)) = (web_sys::window(), location()) {
        if let (Ok(history), Ok(path)) = (window.history(), loc.pathname()) {
            let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&path));
        }
    }
}

/// Makes a share link to the design on screen in the worker (the first time it is started,
/// which takes a moment), through the same checked function as the command line, then hands
/// `use_link` the design it was made for, the whole address and the language. A design a link
/// cannot carry is refused, with the reason and a button that downloads the file instead.
fn with_link(editor: &Editor, use_link: impl FnOnce(Editor, Model, String, Lang) + 'static) {
    let Some(base) = page_address() else { return };
    let model = editor.model.get_untracked();
    let editor = *editor;
    leptos::task::spawn_local(async move {
        let lang = editor.lang.get_untracked();
        match super::worker_client::share_link(&model, lang).await {
            Ok(fragment) => use_link(editor, model, format!("{base}{fragment}"), lang),
            Err(Failure::Job(refusal)) => {
                editor.notify_offering(NoticeKind::Error, refusal, NoticeAction::DownloadFile)
            }
            Err(e) => editor.notify(NoticeKind::Error, e.message(lang)),
        }
    });
}

/// Copies a link to the current model and says how long it is, once the clipboard took it.
pub fn copy_link(editor: &Editor) {
    with_link(editor, |editor, _, url, lang| {
        let copied = editor.fill(Msg::LinkCopied, &[&crate::i18n::counts::number(lang, url.len() as f64)]);
        super::storage::copy(editor, url, copied);
    });
}

/// Replaces the share link in the address bar by one to the design on screen (review mode's
/// comments, `comments::apply`): a reload opens it with the comments, and so does the link the
/// reviewer copies. No page load and no `hashchange`: the history entry is replaced. Until it
/// is, and for a reload already on its way, `review_keep` holds the design.
pub fn keep_in_address(editor: &Editor) {
    with_link(editor, |editor, model, url, _| {
        // Only while the same design is on screen: the reviewer may have left it meanwhile.
        if editor.review.get_untracked() && editor.model.with_untracked(|m| *m == model) {
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                // The design stays held for the old link: a reload may already be on its way
                // there (`review_keep`).
                if history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url)).is_ok() {
                    super::review_keep::carried();
                }
            }
        }
    });
}

/// Leaves review mode keeping the shared model as a new design of the user's own (the design
/// the tab showed before stays in My designs).
pub fn edit_copy(editor: &Editor) {
    let shared = editor.model.get_untracked();
    Designs::get().open_new(shared);
    editor.review.set(false);
    super::layout::leave_review(editor);
    clear_hash();
    editor.notify(NoticeKind::Info, editor.text(Msg::EditingCopy));
}

/// Leaves review mode and goes back to the design the tab showed.
pub fn close_review(editor: &Editor) {
    clear_hash();
    end_review(editor);
}

/// Leaves review mode for the design the tab showed, the address bar as it is (a room link
/// opened while reviewing: the room's design then comes beside this one in My designs). The
/// shared design's comments stay in the link the address bar showed (the previous history
/// entry), or in `review_keep` when the worker had not made that link yet.
pub fn end_review(editor: &Editor) {
    Designs::get().reopen();
    editor.review.set(false);
    super::layout::leave_review(editor);
}

#[component]
pub fn ReviewBanner() -> impl IntoView {
    let editor = expect_context::<Editor>();
    // A version or a comparison has its own banner (`compare_ui`).
    let compare = use_context::<super::compare::Compare>();
    let shared = move || editor.review.get() && !compare.is_some_and(|c| c.showing());
    view! {
        <Show when=shared>
            <div class="review-banner" role="status" data-testid="review-banner">
                <strong>{tr(Msg::ReviewMode)}</strong>
                <span>{tr(Msg::ReviewExplain)}</span>
                <Show when=move || !editor.panels.get().side>
                    <button
                        data-testid="review-show-advisor"
                        title=move || format!("{} (])", editor.t(Msg::ReviewShowAdvisor))
                        on:click=move |_| super::layout::toggle_side(&editor)
                    >
                        {tr(Msg::ReviewShowAdvisor)}
                    </button>
                </Show>
                <button class="primary" data-testid="edit-copy" on:click=move |_| edit_copy(&editor)>{tr(Msg::EditACopy)}</button>
                <button data-testid="close-review" on:click=move |_| close_review(&editor)>{tr(Msg::BackToMyModel)}</button>
            </div>
        </Show>
    }
}

/// The diagram as SVG from the worker, then `done` with it; a failure is shown as a notice.
fn with_svg(editor: &Editor, dark: bool, selection_only: bool, done: impl FnOnce(String) + 'static) {
    let only =
        selection_only.then(|| editor.selection.with_untracked(|s| s.entities.clone())).filter(|s| !s.is_empty());
    let model = editor.model.get_untracked();
    let editor = *editor;
    leptos::task::spawn_local(async move {
        match super::worker_client::svg(&model, dark, only, editor.lang.get_untracked()).await {
            Ok(svg) => done(svg),
            Err(e) => editor.notify(NoticeKind::Error, e.message(editor.lang.get_untracked())),
        }
    });
}

pub fn download_svg(editor: &Editor, dark: bool, selection_only: bool) {
    let name = editor.model.with_untracked(|m| file_name(m, ".svg"));
    with_svg(editor, dark, selection_only, move |svg| download(&name, "image/svg+xml", &svg));
}

/// The diagram (light, every box) as `name`: the file a downloaded review report links.
pub fn download_svg_named(editor: &Editor, name: String) {
    with_svg(editor, false, false, move |svg| download(&name, "image/svg+xml", &svg));
}

/// Rasterises the SVG at twice its size in a canvas and downloads the PNG.
pub fn download_png(editor: &Editor, dark: bool, selection_only: bool) {
    let name = editor.model.with_untracked(|m| file_name(m, ".png"));
    let editor = *editor;
    with_svg(&editor, dark, selection_only, move |svg| rasterise(editor, svg, name));
}

fn rasterise(editor: Editor, svg: String, name: String) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(img) = web_sys::HtmlImageElement::new() else { return };
    let img2 = img.clone();
    let onload = wasm_bindgen::closure::Closure::once_into_js(move || {
        let (w, h) = (img2.natural_width(), img2.natural_height());
        let Some(canvas) =
            document.create_element("canvas").ok().and_then(|c| c.dyn_into::<web_sys::HtmlCanvasElement>().ok())
        else {
            return;
        };
        canvas.set_width(w * 2);
        canvas.set_height(h * 2);
        let Some(ctx) = canvas
            .get_context("2d")
            .ok()
            .flatten()
            .and_then(|c| c.dyn_into::<web_sys::CanvasRenderingContext2d>().ok())
        else {
            return;
        };
        let _ = ctx.scale(2.0, 2.0);
        let _ = ctx.draw_image_with_html_image_element(&img2, 0.0, 0.0);
        match canvas.to_data_url_with_type("image/png") {
            Ok(url) => {
                if let Some(a) =
                    document.create_element("a").ok().and_then(|a| a.dyn_into::<web_sys::HtmlAnchorElement>().ok())
                {
                    a.set_href(&url);
                    a.set_download(&name);
                    a.click();
                }
            }
            Err(_) => editor.notify(NoticeKind::Error, editor.text(Msg::PngFailed)),
        }
    });
    img.set_onload(Some(onload.unchecked_ref()));
    img.set_src(&format!("data:image/svg+xml;base64,{}", share::base64_encode(svg.as_bytes())));
}

/// The page's address without its fragment (origin and path): a share link is this followed
/// by the model's fragment.
pub fn page_address() -> Option<String> {
    location().map(|loc| format!("{}{}", loc.origin().unwrap_or_default(), loc.pathname().unwrap_or_default()))
}
