//! What the page tells the app: index.html, written by `scripts/build.mjs`, names the built
//! files the app loads later by their content-hashed names, in two `<meta>` tags (the export
//! worker's entry, and the folder of the rule docs and templates); and fetching a file of
//! that folder.

/// The content of `<meta name="{name}">`, if the page has it.
fn meta(name: &str) -> Option<String> {
    let document = web_sys::window()?.document()?;
    document.query_selector(&format!("meta[name=\"{name}\"]")).ok()??.get_attribute("content")
}

/// The address of the export worker's entry script.
pub fn worker_url() -> String {
    meta("docshape-worker").unwrap_or_else(|| "docshape-worker_loader.js".into())
}

/// The address of a file of the data folder: `rules/en/DS101.md`, `templates/orders.json`.
pub fn data_url(path: &str) -> String {
    format!("{}{path}", meta("docshape-data").unwrap_or_default())
}

/// The address of the room worker's entry script ("Edit together").
pub fn collab_url() -> String {
    meta("docshape-collab").unwrap_or_else(|| "docshape-collab_loader.js".into())
}

/// The sync server's address: this browser's setting (`docshape.sync` in localStorage, to point
/// one browser at another server), else the page's `<meta name="docshape-sync">` (a deployment
/// names its server there), else the default for the page's host
/// ([`crate::together::setup::default_sync_url`]).
pub fn sync_url() -> String {
    use crate::together::setup::{default_sync_url, is_sync_url};
    let own = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .and_then(|s| s.get_item("docshape.sync").ok().flatten());
    if let Some(url) = own.into_iter().chain(meta("docshape-sync")).find(|u| is_sync_url(u)) {
        return url;
    }
    let Some(location) = web_sys::window().map(|w| w.location()) else { return default_sync_url("", "127.0.0.1", "") };
    default_sync_url(
        &location.protocol().unwrap_or_default(),
        &location.hostname().unwrap_or_default(),
        &location.host().unwrap_or_default(),
    )
}

/// GETs a text file of the app's data folder (templates and rule docs are served, not bundled):
/// `path` as in public/, `templates/orders.json`.
pub async fn fetch_text(path: &str) -> Result<String, String> {
    use wasm_bindgen::JsCast;
    use wasm_bindgen_futures::JsFuture;
    let url = &data_url(path);
    let window = web_sys::window().ok_or("no window")?;
    let response =
        JsFuture::from(window.fetch_with_str(url)).await.map_err(|_| format!("{path} could not be fetched"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a response".to_string())?;
    if !response.ok() {
        return Err(format!("{path} answered {}", response.status()));
    }
    let text =
        JsFuture::from(response.text().map_err(|_| "no body")?).await.map_err(|_| "the body could not be read")?;
    text.as_string().ok_or_else(|| "the body is not text".to_string())
}
