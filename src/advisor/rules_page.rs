//! The rules page (`docs/rules.md`, `docs/rules.es.md`, `docs/rules.pt.md`): every rule's
//! code, name, category, severity and documentation, in Markdown, as `docshape rules` prints it.

use super::rule_docs::docs;
use super::RULES;
use crate::i18n::Lang;

/// The rules page in English.
pub fn rules_markdown() -> String {
    rules_markdown_in(Lang::En)
}

/// The rules page in `lang`. Category and severity stay the identifiers the model file, the
/// JSON output and `docshape check` use (`AntiPattern`, `warning`).
pub fn rules_markdown_in(lang: Lang) -> String {
    let (title, generated, header) = match lang {
        Lang::En => (
            "docshape advisor rules",
            "Generated from the rules' doc comments by `docshape rules`.",
            "| code | name | category | severity |",
        ),
        Lang::Es => (
            "Reglas del asesor de docshape",
            "Generado a partir de la documentación de las reglas por `docshape rules --lang es`.",
            "| código | nombre | categoría | severidad |",
        ),
        Lang::Pt => (
            "Regras do assistente do docshape",
            "Gerado a partir da documentação das regras por `docshape rules --lang pt`.",
            "| código | nome | categoria | severidade |",
        ),
    };
    let mut out = format!("# {title}\n\n{generated}\n\n{header}\n|---|---|---|---|\n");
    for rule in RULES {
        let m = rule.meta();
        out.push_str(&format!("| {} | `{}` | {:?} | {} |\n", m.code, m.name, m.category, m.severity.label()));
    }
    for rule in RULES {
        let m = rule.meta();
        out.push_str(&format!("\n---\n\n# {} `{}`\n\n", m.code, m.name));
        // Doc comments carry a leading space on each line; headings move one level down.
        for line in docs(m, lang).trim_end().lines() {
            let line = line.strip_prefix(' ').unwrap_or(line);
            if line.starts_with("## ") {
                out.push('#');
            }
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}
