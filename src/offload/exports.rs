//! The text of each export tab and the diagram, from a model. The advisor's report (indexes,
//! findings) is recomputed here from the model, so the UI sends only the model file.

use crate::export::target::{ExportTarget, Options};
use crate::export::Builder;
use crate::i18n::Lang;
use crate::model::Model;
use crate::share::{diagram_svg, SvgOptions, Theme};

/// The text of one export (what each one runs is `ExportTarget::render`). `lang` is the
/// interface's language: the decision sheets, the script's comments, the report and the
/// diagram's words (SVG, Mermaid, DBML) follow it; documents, validators, Extended JSON and code
/// are the same in every language.
pub fn render(target: ExportTarget, model: &Model, lang: Lang, share_url: Option<String>) -> String {
    target.render(&Builder::new(model), &Options { lang, only: None, share_url })
}

/// The diagram as SVG: light or dark, every entity or only `only` (an empty list means all).
pub fn svg(model: &Model, dark: bool, only: Option<Vec<String>>, lang: Lang) -> String {
    let opts = SvgOptions {
        lang,
        theme: if dark { Theme::Dark } else { Theme::Light },
        only: only.filter(|ids| !ids.is_empty()),
        ..SvgOptions::default()
    };
    diagram_svg(model, Some(&crate::advisor::analyze(model)), &opts)
}
