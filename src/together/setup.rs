//! Where the sync server is, and how a person shows in a room: the page's choices, kept pure so
//! they are tested natively.

/// The sync server's address for a page at `protocol//host` (`location.protocol`,
/// `location.hostname`, `location.host`), when neither this browser (`docshape.sync` in
/// localStorage) nor the page (`<meta name="docshape-sync">`) names one: `make serve`'s own
/// server on 127.0.0.1:8787 when the app is served from this machine, else the app's host on
/// `/sync` (`wss` when the page is https).
pub fn default_sync_url(protocol: &str, hostname: &str, host: &str) -> String {
    if matches!(hostname, "127.0.0.1" | "localhost" | "[::1]" | "::1") {
        return "ws://127.0.0.1:8787".into();
    }
    let scheme = if protocol == "https:" { "wss" } else { "ws" };
    format!("{scheme}://{host}/sync")
}

/// Whether a configured address is a WebSocket address docshape will open.
pub fn is_sync_url(url: &str) -> bool {
    (url.starts_with("ws://") || url.starts_with("wss://")) && url.len() > 6 && !url.chars().any(char::is_whitespace)
}

/// The colours a person may be drawn in (readable on the light and the dark theme).
pub const PALETTE: [&str; 8] = ["#d9480f", "#2f9e44", "#1971c2", "#ae3ec9", "#e8590c", "#0c8599", "#c2255c", "#5f3dc4"];

/// A colour from a peer, as the page may put it in a `style` attribute: `#rgb` or `#rrggbb`,
/// else a neutral grey (a hostile peer's `red; background: url(…)` never reaches the CSS).
pub fn safe_colour(colour: &str) -> &str {
    let hex = colour.strip_prefix('#').unwrap_or("");
    if matches!(hex.len(), 3 | 6) && hex.chars().all(|c| c.is_ascii_hexdigit()) {
        colour
    } else {
        "#868e96"
    }
}

/// The name shown for a peer: trimmed and at most 40 characters; "Guest" when empty.
pub fn shown_name(name: &str) -> String {
    let name: String = name.trim().chars().take(40).collect();
    if name.is_empty() {
        "Guest".into()
    } else {
        name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_server_follows_the_page() {
        assert_eq!(default_sync_url("http:", "127.0.0.1", "127.0.0.1:8080"), "ws://127.0.0.1:8787");
        assert_eq!(default_sync_url("http:", "localhost", "localhost:3000"), "ws://127.0.0.1:8787");
        assert_eq!(default_sync_url("https:", "docshape.example", "docshape.example"), "wss://docshape.example/sync");
        assert_eq!(default_sync_url("http:", "lan-box", "lan-box:8080"), "ws://lan-box:8080/sync");
    }

    #[test]
    fn only_websocket_addresses_are_taken() {
        assert!(is_sync_url("ws://127.0.0.1:8811"));
        assert!(is_sync_url("wss://sync.example/sync"));
        for bad in ["", "http://x", "javascript:alert(1)", "ws://", "ws://a b"] {
            assert!(!is_sync_url(bad), "{bad}");
        }
    }

    #[test]
    fn a_hostile_colour_never_reaches_the_style() {
        assert_eq!(safe_colour("#1971c2"), "#1971c2");
        assert_eq!(safe_colour("#abc"), "#abc");
        for bad in ["red; background:url(//evil)", "#12345g", "", "#1234", "expression(alert(1))", "#abc;x:y"] {
            assert_eq!(safe_colour(bad), "#868e96", "{bad}");
        }
        assert!(PALETTE.iter().all(|c| safe_colour(c) == *c));
    }

    #[test]
    fn names_are_bounded() {
        assert_eq!(shown_name("  Ana "), "Ana");
        assert_eq!(shown_name(""), "Guest");
        assert_eq!(shown_name(&"x".repeat(100)).chars().count(), 40);
        // Kept as given otherwise: the page renders it as text.
        assert_eq!(shown_name("<script>alert(1)</script>"), "<script>alert(1)</script>");
    }
}
