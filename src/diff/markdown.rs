//! The diff as Markdown for a pull-request comment (`docshape diff --format md`): a summary
//! line, the changes, their consequences from the advisor, what the stored documents need,
//! and the Mermaid diagram of the change (the project's one Mermaid generator, with the changed
//! elements marked). Every model string goes through `escape::markdown`.

use super::sides::{markdown_line, Sides};
use super::stored::needs;
use super::text::{self as words, Element};
use super::union::union;
use super::{ModelDiff, RecordChange};
use crate::escape::markdown::{render, text};
use crate::export::code::mermaid::er_diagram_marked;
use crate::i18n::{pick, Lang, Text};
use crate::model::Model;
use std::fmt::Write;

fn item(out: &mut String, indent: &str, t: &Text, lang: Lang) {
    let _ = writeln!(out, "{indent}- {}", render(t, lang));
}

fn heading(out: &mut String, level: &str, forms: [&str; 3], lang: Lang) {
    if !out.ends_with("\n\n") {
        out.push('\n');
    }
    let _ = writeln!(out, "{level} {}\n", pick(lang, forms));
}

fn records(out: &mut String, element: Element, list: &[RecordChange], lang: Lang) {
    for c in list.iter().filter(|c| !c.is_layout_only()) {
        let _ = writeln!(out, "- **{}**", render(&words::headline(element, c), lang));
        for p in c.properties.iter().filter(|p| !p.is_layout()) {
            item(out, "  ", &words::property(p), lang);
        }
        for f in &c.fields {
            item(out, "  ", &words::field(f), lang);
            for p in &f.properties {
                item(out, "    ", &words::property(p), lang);
            }
        }
    }
}

/// The whole comment.
pub fn to_markdown(old: &Model, new: &Model, d: &ModelDiff, lang: Lang) -> String {
    to_markdown_with(old, new, d, lang, None)
}

/// The whole comment, with a line under the title saying which version of which file each side
/// is when `sides` has a kept version ([`super::sides`]).
pub fn to_markdown_with(old: &Model, new: &Model, d: &ModelDiff, lang: Lang, sides: Option<&Sides>) -> String {
    let mut out = String::with_capacity(8 * 1024);
    let title = crate::text!(
        en: "## Design change: {old} → {new}",
        es: "## Cambio de diseño: {old} → {new}",
        pt: "## Mudança de design: {old} → {new}";
        old = old.name.as_str(), new = new.name.as_str()
    );
    let _ = writeln!(out, "{}\n", render(&title, lang));
    if let Some(line) = sides.and_then(|s| markdown_line(s, lang)) {
        let _ = writeln!(out, "{line}\n");
    }
    let _ = writeln!(out, "**{}**", render(&words::summary(d), lang));
    if d.change_count() > 0 {
        heading(&mut out, "###", ["Changes", "Cambios", "Mudanças"], lang);
        for p in d.design_changes() {
            item(&mut out, "", &words::property(p), lang);
        }
        records(&mut out, Element::Entity, &d.entities, lang);
        records(&mut out, Element::Relation, &d.relations, lang);
        records(&mut out, Element::Query, &d.queries, lang);
    }
    let moved = d.entities.iter().filter(|c| c.is_layout_only()).count();
    if moved > 0 {
        let t = crate::text!(
            en: "{n} boxes only moved on the canvas.",
            es: "{n} cajas solo se movieron en el lienzo.",
            pt: "{n} caixas só se moveram na tela.";
            n = moved
        );
        let _ = writeln!(out, "\n{}", render(&t, lang));
    }
    consequences(&mut out, d, lang);
    let stored = needs(old, new, d);
    if !stored.is_empty() {
        heading(&mut out, "###", ["Stored data", "Datos guardados", "Dados guardados"], lang);
        for n in &stored {
            let _ = writeln!(out, "- {}: {}", text(&n.collection), render(&n.text, lang));
        }
        let _ = writeln!(
            out,
            "\n{}",
            pick(
                lang,
                [
                    "The migration section of the mongosh script (`docshape diff OLD NEW --format mongosh`) writes the mechanical steps; it has not been run against a MongoDB server.",
                    "La sección de migración del script de mongosh (`docshape diff OLD NEW --format mongosh`) escribe los pasos mecánicos; no se ha ejecutado contra un servidor MongoDB.",
                    "A seção de migração do script do mongosh (`docshape diff OLD NEW --format mongosh`) escreve os passos mecânicos; ela não foi executada contra um servidor MongoDB.",
                ],
            )
        );
    }
    if d.change_count() > 0 {
        heading(&mut out, "###", ["Diagram of the change", "Diagrama del cambio", "Diagrama da mudança"], lang);
        let (picture, marks) = union(new, d);
        out.push_str(&er_diagram_marked(&picture, lang, &marks));
        out.push_str(pick(
            lang,
            [
                "Marks: `+` added, `-` removed, `~` changed (before a box's name, a relation's label, or as a field's comment; a changed sub-field has a row under its field, its path in the comment, and the fields above it are `~`).\n",
                "Marcas: `+` añadido, `-` eliminado, `~` modificado (antes del nombre de una caja, de la etiqueta de una relación, o como comentario de un campo; un subcampo modificado tiene una fila bajo su campo, con su ruta en el comentario, y los campos por encima llevan `~`).\n",
                "Marcas: `+` adicionado, `-` removido, `~` alterado (antes do nome de uma caixa, do rótulo de uma relação, ou como comentário de um campo; um subcampo alterado tem uma linha sob seu campo, com seu caminho no comentário, e os campos acima dele levam `~`).\n",
            ],
        ));
    }
    out
}

fn consequences(out: &mut String, d: &ModelDiff, lang: Lang) {
    let c = &d.consequences;
    if c.is_empty() {
        return;
    }
    heading(out, "###", ["Consequences", "Consecuencias", "Consequências"], lang);
    let mut section = |forms: [&str; 3], items: Vec<Text>| {
        if !items.is_empty() {
            heading(out, "####", forms, lang);
            for t in &items {
                item(out, "", t, lang);
            }
        }
    };
    section(
        ["Verdicts that flip", "Veredictos que cambian", "Veredictos que mudam"],
        c.verdicts.iter().map(words::verdict).collect(),
    );
    section(
        ["Findings introduced", "Hallazgos nuevos", "Achados novos"],
        c.findings_introduced.iter().map(words::finding).collect(),
    );
    section(
        ["Findings resolved", "Hallazgos resueltos", "Achados resolvidos"],
        c.findings_resolved.iter().map(words::finding).collect(),
    );
    let indexes = c
        .indexes_added
        .iter()
        .map(|i| words::index(i, true))
        .chain(c.indexes_dropped.iter().map(|i| words::index(i, false)));
    section(["Indexes", "Índices", "Índices"], indexes.collect());
    section(
        ["Document sizes and growth", "Tamaño y crecimiento de los documentos", "Tamanho e crescimento dos documentos"],
        c.sizes.iter().map(words::size).collect(),
    );
    let spans = c
        .spanning_started
        .iter()
        .map(|s| words::span(s, true))
        .chain(c.spanning_stopped.iter().map(|s| words::span(s, false)));
    section(["Writes across aggregates", "Escrituras entre agregados", "Escritas entre agregados"], spans.collect());
}
