//! Toolbar icons as inline SVG (no icon font, no emoji: they render the same everywhere).

use leptos::prelude::*;

/// SVG path data on a 24×24 grid, stroked with the current colour.
fn path(name: &str) -> &'static str {
    match name {
        "new" => "M6 3h8l4 4v14H6z M14 3v4h4 M12 10v7 M8.5 13.5h7",
        "open" => "M3 7h6l2 2h10v10H3z",
        // My designs: a shelf of design cards (the duplicate icon is two overlapping sheets).
        "designs" => "M4 4h7v7H4z M13 4h7v7h-7z M4 13h7v7H4z M13 13h7v7h-7z",
        "save" => "M5 3h11l3 3v15H5z M8 3v5h7V3 M8 14h8v7H8z",
        "undo" => "M9 7L4 12l5 5 M4 12h11a5 5 0 010 10h-3",
        "redo" => "M15 7l5 5-5 5 M20 12H9a5 5 0 000 10h3",
        "box" => "M4 5h16v14H4z M4 9h16",
        // Add an access pattern: a line added to the list of access patterns.
        "query" => "M4 6h11 M4 11h11 M4 16h6 M17.5 13v8 M13.5 17h8",
        "duplicate" => "M8 8h12v12H8z M4 16V4h12",
        "trash" => "M4 7h16 M9 7V4h6v3 M6 7l1 13h10l1-13",
        "minus" => "M5 12h14",
        "plus" => "M12 5v14 M5 12h14",
        "fit" => "M4 9V4h5 M20 9V4h-5 M4 15v5h5 M20 15v5h-5",
        "layout" => "M4 4h7v7H4z M13 13h7v7h-7z M7.5 11v5.5H13",
        "grid" => "M4 9h16 M4 15h16 M9 4v16 M15 4v16",
        "theme" => "M12 3a9 9 0 100 18z M12 3a9 9 0 010 18",
        // Import sample documents: the braces of a JSON document.
        "import" => "M9 4H8a2 2 0 00-2 2v4l-2 2 2 2v4a2 2 0 002 2h1 M15 4h1a2 2 0 012 2v4l2 2-2 2v4a2 2 0 01-2 2h-1 M10 12h.5 M13.5 12h.5",
        // Scale: one replica set split into shards.
        "scale" => "M8 3h8v5H8z M12 8v3 M5 11h14 M5 11v3 M19 11v3 M12 11v3 M3 14h4v6H3z M10 14h4v6h-4z M17 14h4v6h-4z",
        "present" => "M3 4h18v12H3z M12 16v4 M8 20h8",
        "share" => "M6 12a3 3 0 100 .1 M18 6a3 3 0 100 .1 M18 18a3 3 0 100 .1 M8.7 10.7l6.6-3.4 M8.7 13.3l6.6 3.4",
        "panel-left" => "M3 4h18v16H3z M9 4v16 M5.5 8h1.5 M5.5 11h1.5",
        "panel-right" => "M3 4h18v16H3z M15 4v16 M17 8h1.5 M17 11h1.5",
        "versions" => "M4 12a8 8 0 108-8 8 8 0 00-6 2.7 M4 4v4h4 M12 8v4l3 2",
        "together" => "M9 11a3 3 0 100-6 3 3 0 000 6z M3 20a6 6 0 0112 0 M16 5a3 3 0 010 6 M18 14.5a6 6 0 013 5.5",
        "help" => "M9 9a3 3 0 116 0c0 2-3 2-3 4 M12 17v.5",
        _ => "",
    }
}

#[component]
pub fn Icon(name: &'static str) -> impl IntoView {
    view! {
        <svg class="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
            <path d=path(name) fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" />
        </svg>
    }
}
