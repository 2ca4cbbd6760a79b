//! The canvas' colours as literal values (the custom properties of `style/main.css`), so an
//! exported SVG looks like the canvas without the stylesheet.

/// Light or dark, as the app's theme toggle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Theme {
    #[default]
    Light,
    Dark,
}

/// The colours a diagram uses; names follow the CSS custom properties.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Palette {
    pub bg: &'static str,
    pub ink: &'static str,
    pub muted: &'static str,
    pub line: &'static str,
    pub accent: &'static str,
    pub accent_soft: &'static str,
    pub warn: &'static str,
    pub warn_soft: &'static str,
    pub error: &'static str,
    pub error_soft: &'static str,
    pub info: &'static str,
    pub box_fill: &'static str,
    pub box_head: &'static str,
    pub sub: &'static str,
    pub external: &'static str,
    pub edge: &'static str,
    pub copy: &'static str,
}

impl Theme {
    /// `:root` and `:root.dark` of `style/main.css`.
    pub fn palette(self) -> Palette {
        match self {
            Theme::Light => Palette {
                bg: "#f6f7f9",
                ink: "#1c2430",
                muted: "#5b6675",
                line: "#d9dee5",
                accent: "#00684a",
                accent_soft: "#e3f4ec",
                warn: "#b26a00",
                warn_soft: "#fff4e0",
                error: "#c4291c",
                error_soft: "#fdecea",
                info: "#3d5a80",
                box_fill: "#ffffff",
                box_head: "#f0f3f6",
                sub: "#f8faf9",
                external: "#f4f1fa",
                edge: "#5b6675",
                copy: "#00684a",
            },
            Theme::Dark => Palette {
                bg: "#11161d",
                ink: "#e6eaf0",
                muted: "#9aa6b5",
                line: "#2b3441",
                accent: "#3ecf8e",
                accent_soft: "#14302a",
                warn: "#f0b35a",
                warn_soft: "#33291a",
                error: "#ff7b6e",
                error_soft: "#3a1f1d",
                info: "#9db8e0",
                box_fill: "#1b222c",
                box_head: "#222b37",
                sub: "#1a2420",
                external: "#231f2e",
                edge: "#9aa6b5",
                copy: "#3ecf8e",
            },
        }
    }
}

/// A system font stack: no web font to fetch.
pub const FONT: &str = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
/// The monospaced stack for types.
pub const MONO: &str = "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace";

#[cfg(test)]
mod tests {
    use super::*;

    /// The palette must follow the stylesheet: every literal here is read back from it.
    #[test]
    fn palettes_match_the_stylesheet() {
        let css = include_str!("../../style/main.css");
        let block = |selector: &str| {
            let start = css.find(&format!("{selector} {{")).expect("selector in main.css");
            let end = css[start..].find('}').map(|e| start + e).expect("block end");
            css[start..end].to_string()
        };
        for (theme, selector) in [(Theme::Light, ":root"), (Theme::Dark, ":root.dark")] {
            let p = theme.palette();
            let b = block(selector);
            for (var, value) in [
                ("bg", p.bg),
                ("ink", p.ink),
                ("muted", p.muted),
                ("line", p.line),
                ("accent", p.accent),
                ("accent-soft", p.accent_soft),
                ("warn", p.warn),
                ("warn-soft", p.warn_soft),
                ("error", p.error),
                ("error-soft", p.error_soft),
                ("info", p.info),
                ("box", p.box_fill),
                ("box-head", p.box_head),
                ("sub", p.sub),
                ("external", p.external),
                ("edge", p.edge),
                ("copy", p.copy),
            ] {
                assert!(b.contains(&format!("--{var}: {value};")), "{selector} --{var} is not {value}");
            }
        }
    }
}
