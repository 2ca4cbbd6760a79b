//! What the page tells the app: index.html, written by `scripts/build.mjs`, names the built
//! files the app loads later by their content-hashed names, in two `<meta>` tags (the export
//! worker's entry, and the folder of the rule docs and templates).

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
