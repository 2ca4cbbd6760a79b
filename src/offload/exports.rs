//! The text of each export tab and the diagram, from a model. The advisor's report (indexes,
//! findings) is recomputed here from the model, so the UI sends only the model file.

use super::protocol::ExportKind;
use crate::export::{self, Builder, Flavor};
use crate::i18n::Lang;
use crate::model::Model;
use crate::share::{self, diagram_svg, ReportOptions, SvgOptions, Theme};

/// The text of one export. `lang` is the interface's language: the decision sheets, the
/// script's comments, the report and the diagram's words (SVG, Mermaid, DBML) follow it;
/// documents, validators, Extended JSON and code are the same in every language.
pub fn render(kind: ExportKind, model: &Model, lang: Lang, share_url: Option<String>) -> String {
    let builder = Builder::new(model);
    match kind {
        ExportKind::Examples => export::examples::render_shell(&export::examples::examples_with(&builder)),
        ExportKind::Ejson => {
            export::examples::render_ejson(&export::examples::examples_with(&builder), Flavor::Relaxed)
        }
        ExportKind::Schema => export::schema::render_json(&export::schema::validators(&builder)),
        ExportKind::Script => export::mongosh::script_with(&builder, &crate::advisor::analyze(model).indexes, lang),
        ExportKind::Sheets => export::sheet::sheets_with(&builder, &crate::advisor::analyze(model), lang),
        ExportKind::Report => {
            let opts = ReportOptions {
                // Downloaded beside the report (GitHub shows no `data:` image).
                diagram: share::Diagram::File(share::report_svg_name(model)),
                share_url,
                lang,
            };
            share::review_markdown(model, &crate::advisor::analyze(model), &opts)
        }
        ExportKind::Image => {
            diagram_svg(model, Some(&crate::advisor::analyze(model)), &SvgOptions { lang, ..SvgOptions::default() })
        }
        code => match code.code_target() {
            Some(target) => export::code::generate_with(&builder, target, lang),
            None => String::new(),
        },
    }
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
