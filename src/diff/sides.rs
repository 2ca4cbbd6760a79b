//! Which model file, and which version kept in it, each side of a diff is, when a side is a
//! version (`docshape diff design.json@"before reviews" design.json`): said in a line under the
//! Markdown's title and in the JSON's `old.version` / `new.version`. Names reach the Markdown
//! through `escape::markdown` (the file's name in a code span, the version's name as text).

use crate::escape::markdown::render;
use crate::i18n::{pick, Lang};
use serde_json::{json, Value};

/// A version a model file keeps (its `versions` array), as the user picked it.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptVersion {
    /// Its place in the file's list, from 1 (`docshape versions FILE` numbers them so).
    pub number: usize,
    pub name: String,
    /// When it was kept, in milliseconds since 1970-01-01 UTC.
    pub at: u64,
}

/// One side of a diff: the file it was read from and, when it is one, the version in it.
#[derive(Debug, Clone, PartialEq)]
pub struct Side {
    pub file: String,
    pub version: Option<KeptVersion>,
}

/// Both sides.
#[derive(Debug, Clone, PartialEq)]
pub struct Sides {
    pub old: Side,
    pub new: Side,
}

impl Sides {
    /// Whether either side is a kept version (else the line and the members are left out, and
    /// the output is that of two files).
    pub fn any_version(&self) -> bool {
        self.old.version.is_some() || self.new.version.is_some()
    }
}

fn side(s: &Side, lang: Lang) -> String {
    let file = s.file.as_str();
    let t = match &s.version {
        None => crate::text!(en: "`{file}`", es: "`{file}`", pt: "`{file}`"; file),
        Some(v) => {
            let (number, name) = (v.number, v.name.as_str());
            let at = crate::export::datetime::utc_minute(v.at);
            crate::text!(
                en: "version {number} “{name}” of `{file}` (kept {at})",
                es: "la versión {number} «{name}» de `{file}` (guardada el {at})",
                pt: "a versão {number} “{name}” de `{file}` (guardada em {at})";
                number, name, file, at = at.as_str()
            )
        }
    };
    render(&t, lang)
}

/// "**Compared:** version 1 “before reviews” of `design.json` (kept …) → `design.json`", or
/// `None` when neither side is a version.
pub fn markdown_line(sides: &Sides, lang: Lang) -> Option<String> {
    sides.any_version().then(|| {
        let label = pick(lang, ["Compared", "Comparado", "Comparado"]);
        format!("**{label}:** {} → {}", side(&sides.old, lang), side(&sides.new, lang))
    })
}

/// The app's review report of a change with, under its title, what the design was compared
/// with (`base`: "version “before reviews”", a file's name, "a share link", in `lang`), as text.
pub fn with_base(report: &str, base: &str, lang: Lang) -> String {
    let t = crate::text!(
        en: "**Compared with:** {base} → the design being edited",
        es: "**Comparado con:** {base} → el diseño en edición",
        pt: "**Comparado com:** {base} → o design em edição";
        base
    );
    let line = render(&t, lang);
    match report.split_once("\n\n") {
        Some((title, rest)) => format!("{title}\n\n{line}\n\n{rest}"),
        None => format!("{report}\n\n{line}\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_base_goes_under_the_title_as_text() {
        let report = "## Design change: a → b\n\n**Changes: 1.**\n";
        let out = with_base(report, "version “<b>x</b>\u{202e} | `y`”", Lang::En);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "## Design change: a → b");
        assert!(lines[2].starts_with("**Compared with:** version “&lt;b&gt;x&lt;/b&gt;"), "{out}");
        assert!(!lines[2].contains('\u{202e}') && lines[2].contains("\\|"), "{out}");
        assert_eq!(lines[4], "**Changes: 1.**");
        assert!(with_base(report, "f.json", Lang::Pt).contains("**Comparado com:** f.json → o design"));
    }
}

/// Adds `version` (`number`, `name`, `at`) to the JSON's `old` and `new` where that side is one.
pub fn annotate_json(v: &mut Value, sides: &Sides) {
    for (key, s) in [("old", &sides.old), ("new", &sides.new)] {
        if let (Some(k), Some(about)) = (&s.version, v.get_mut(key).and_then(Value::as_object_mut)) {
            about.insert("version".into(), json!({ "number": k.number, "name": k.name, "at": k.at }));
        }
    }
}
