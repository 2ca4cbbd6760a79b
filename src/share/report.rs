//! The design review: one Markdown file for a pull request or a design document, with the
//! diagram, the access patterns and how each is served, every finding with its explanation,
//! the relation recommendations with the six criteria's votes, per collection its size,
//! indexes, decision sheet and validator, and the review comments' threads.
//!
//! The diagram is referenced as a sibling `.svg` file by default: GitHub strips inline `<svg>`
//! and `data:` images from Markdown but renders an image file committed next to the report.
//! A `data:` URI is offered for viewers that accept it when there is nowhere to write a file.
//! Either way the diagram follows as a Mermaid `erDiagram` block, which GitHub draws itself.
//!
//! The report is written in the language of [`ReportOptions::lang`]: its headings and the
//! advisor's sentences follow it; names, code and the validators' JSON do not.

use super::base64url::encode_standard;
use super::labels::{caption, cardinality_label};
use super::markdown::{cell, code, paragraphs, table, text};
use super::report_collections::collections_section;
use super::report_comments::comments_section;
use super::svg::{diagram_svg, SvgOptions};
use crate::advisor::ranking::Entry;
use crate::advisor::{rule_by_code, rule_docs, Report, Severity};
use crate::export::{decimal, pick};
use crate::i18n::{Labelled, Lang};
use crate::model::{filters_text, sort_text, Model};
use crate::text;
use std::collections::HashMap;
use std::fmt::Write;

/// Where the report's diagram comes from.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum Diagram {
    /// A relative path to the exported SVG (written beside the report).
    File(String),
    /// The SVG inlined as a `data:` URI (renders in many viewers, not on GitHub).
    Inline(SvgOptions),
    /// No diagram.
    #[default]
    None,
}

/// How to write the report.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ReportOptions {
    pub diagram: Diagram,
    /// A share link (full URL) to open the design in docshape.
    pub share_url: Option<String>,
    /// The language the report is written in (English by default).
    pub lang: Lang,
}

fn rate(per_minute: f64, lang: Lang) -> String {
    if per_minute.fract() == 0.0 && per_minute.abs() < 1e15 {
        format!("{}/min", per_minute as i64)
    } else {
        format!("{}/min", decimal(lang, per_minute))
    }
}

/// The stem of the files a model is saved and exported as: its name in lower-case letters and
/// digits, other characters as `-` (`BiblioRed` gives `bibliored`), or `model`.
pub fn file_stem(name: &str) -> String {
    let stem: String = name.chars().map(|c| if c.is_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect();
    let stem = stem.trim_matches('-');
    if stem.is_empty() {
        "model".to_string()
    } else {
        stem.to_string()
    }
}

/// The diagram file a report made in the browser links (downloaded beside `<stem>.review.md`).
pub fn report_svg_name(model: &Model) -> String {
    format!("{}.review.svg", file_stem(&model.name))
}

/// The review report of `model`, from the advisor's `report`, in `opts.lang`.
pub fn review_markdown(model: &Model, report: &Report, opts: &ReportOptions) -> String {
    let lang = opts.lang;
    let mut out = String::with_capacity(16 * 1024);
    out.push_str(
        &text!(
            en: "# Design review: {name}\n\n", es: "# Revisión del diseño: {name}\n\n", pt: "# Revisão do design: {name}\n\n";
            name = text(&model.name)
        )
        .render(lang),
    );
    if !model.notes.trim().is_empty() {
        let _ = writeln!(out, "{}\n", paragraphs(&model.notes));
    }
    let count = |s: Severity| report.findings.iter().filter(|f| f.severity == s).count().to_string();
    out.push_str(
        &text!(
            en: "Database {db} · {c} collections · {r} relations · {q} access patterns · {e} errors, {w} warnings, {i} notes.\n\n",
            es: "Base de datos {db} · {c} colecciones · {r} relaciones · {q} patrones de acceso · {e} errores, {w} avisos, {i} notas.\n\n",
            pt: "Banco de dados {db} · {c} coleções · {r} relações · {q} padrões de acesso · {e} erros, {w} alertas, {i} notas.\n\n";
            db = code(&model.database), c = model.collections().count().to_string(),
            r = model.relations.len().to_string(), q = model.queries.len().to_string(),
            e = count(Severity::Error), w = count(Severity::Warning), i = count(Severity::Info)
        )
        .render(lang),
    );
    if let Some(url) = &opts.share_url {
        let open = pick(
            lang,
            ["Open this design in docshape", "Abre este diseño en docshape", "Abra este design no docshape"],
        );
        let _ = writeln!(out, "[{open}]({})\n", url.replace(' ', "%20").replace(')', "%29"));
    }
    diagram_section(&mut out, model, report, &opts.diagram, lang);
    queries_section(&mut out, model, report, lang);
    findings_section(&mut out, model, report, lang);
    relations_section(&mut out, model, report, lang);
    crate::export::scale_markdown::scale_section(&mut out, model, &report.scale, lang);
    collections_section(&mut out, model, report, lang);
    comments_section(&mut out, model, lang);
    out.push_str(pick(
        lang,
        [
            "---\n\n*Generated by docshape from the model file; the advisor recomputes it on every change.*\n",
            "---\n\n*Generado por docshape a partir del archivo del modelo; el asesor lo recalcula en cada cambio.*\n",
            "---\n\n*Gerado pelo docshape a partir do arquivo do modelo; o assistente o recalcula a cada mudança.*\n",
        ],
    ));
    out
}

fn diagram_section(out: &mut String, model: &Model, report: &Report, diagram: &Diagram, lang: Lang) {
    let alt_of = |name: String| {
        text!(en: "Diagram of {name}", es: "Diagrama de {name}", pt: "Diagrama de {name}"; name).render(lang)
    };
    let heading = pick(lang, ["## Diagram\n\n", "## Diagrama\n\n", "## Diagrama\n\n"]);
    match diagram {
        Diagram::None => return,
        Diagram::File(path) => {
            let target = path.replace('\\', "/").replace(' ', "%20").replace('(', "%28").replace(')', "%29");
            // Markdown text, without brackets (they would end the image's text early).
            let alt = alt_of(cell(&model.name.replace(['[', ']'], "")));
            let _ = writeln!(out, "{heading}![{alt}]({target})\n");
        }
        Diagram::Inline(opts) => {
            let svg = diagram_svg(model, Some(report), opts);
            let _ = writeln!(
                out,
                "{heading}<img alt=\"{}\" src=\"data:image/svg+xml;base64,{}\">\n",
                // An HTML attribute of docshape's own tag: escaped once, as XML.
                super::xml::escape(&alt_of(model.name.clone())),
                encode_standard(svg.as_bytes())
            );
        }
    }
    out.push_str(pick(
        lang,
        [
            "Solid arrows: data copied into the document (embedding, extended reference, subset, computed). \
             Dashed: a reference. Dotted: data kept outside MongoDB. A `!` marks storage the advisor disagrees with.\n\n",
            "Flechas continuas: datos copiados en el documento (embebido, referencia extendida, subconjunto, calculado). \
             Discontinuas: una referencia. Punteadas: datos guardados fuera de MongoDB. Un `!` marca un almacenamiento \
             con el que el asesor no está de acuerdo.\n\n",
            "Setas contínuas: dados copiados para o documento (embutido, referência estendida, subconjunto, calculado). \
             Tracejadas: uma referência. Pontilhadas: dados mantidos fora do MongoDB. Um `!` marca um armazenamento \
             do qual o assistente discorda.\n\n",
        ],
    ));
    // GitHub shows no `data:` image: the same diagram as Mermaid, which it draws.
    out.push_str(&crate::export::code::mermaid::er_diagram(model, lang));
}

fn queries_section(out: &mut String, model: &Model, report: &Report, lang: Lang) {
    out.push_str(pick(lang, ["## Access patterns\n\n", "## Patrones de acceso\n\n", "## Padrões de acesso\n\n"]));
    if model.queries.is_empty() {
        out.push_str(pick(
            lang,
            [
                "No access patterns are listed: the design cannot say which queries it serves.\n\n",
                "No hay patrones de acceso: el diseño no puede decir a qué consultas atiende.\n\n",
                "Nenhum padrão de acesso listado: o design não consegue dizer quais consultas atende.\n\n",
            ],
        ));
        return;
    }
    let rows: Vec<Vec<String>> = model
        .queries
        .iter()
        .map(|q| {
            let advice = report.query(&q.id);
            vec![
                code(&q.id),
                cell(&q.name),
                cell(&q.actor),
                q.kind.msg().text(lang).to_string(),
                rate(q.per_minute, lang),
                code(&filters_text(&q.filters)),
                code(&sort_text(&q.sort)),
                match advice {
                    Some(a) if a.single_document => pick(lang, ["yes", "sí", "sim"]).into(),
                    Some(_) => pick(lang, ["**no**", "**no**", "**não**"]).into(),
                    None => pick(lang, ["not analysed", "sin analizar", "não analisado"]).into(),
                },
                advice.and_then(|a| a.index.as_ref()).map(|i| code(&i.key_doc())).unwrap_or_default(),
            ]
        })
        .collect();
    let header = match lang {
        Lang::En => ["id", "name", "actor", "kind", "frequency", "filters", "sort", "one document", "index"],
        Lang::Es => ["id", "nombre", "actor", "tipo", "frecuencia", "filtros", "orden", "un documento", "índice"],
        Lang::Pt => ["id", "nome", "ator", "tipo", "frequência", "filtros", "ordenação", "um documento", "índice"],
    };
    out.push_str(&table(&header, &rows));
    out.push_str(pick(
        lang,
        [
            "\nFilters: `>` range, `[]` array membership, `?` exists, `~` text, otherwise equality.\n\n",
            "\nFiltros: `>` rango, `[]` pertenencia a un array, `?` existe, `~` texto; si no, igualdad.\n\n",
            "\nFiltros: `>` intervalo, `[]` pertence ao array, `?` existe, `~` texto; senão, igualdade.\n\n",
        ],
    ));
    for q in &model.queries {
        if let Some(a) = report.query(&q.id).filter(|a| !a.explanation.is_empty()) {
            let _ = writeln!(out, "- {}: {}", code(&q.id), text(&a.explanation.render(lang)));
        }
    }
    if model.queries.iter().any(|q| report.query(&q.id).is_some_and(|a| !a.explanation.is_empty())) {
        out.push('\n');
    }
}

fn findings_section(out: &mut String, model: &Model, report: &Report, lang: Lang) {
    let labels = crate::model::PlaceLabels::new(model);
    out.push_str(pick(lang, ["## Findings\n\n", "## Hallazgos\n\n", "## Achados\n\n"]));
    if report.findings.is_empty() {
        out.push_str(pick(
            lang,
            [
                "The advisor has no findings.\n\n",
                "El asesor no tiene hallazgos.\n\n",
                "O assistente não tem achados.\n\n",
            ],
        ));
        return;
    }
    let groups = [
        (Severity::Error, pick(lang, ["Errors", "Errores", "Erros"])),
        (Severity::Warning, pick(lang, ["Warnings", "Avisos", "Alertas"])),
        (Severity::Info, pick(lang, ["Notes", "Notas", "Notas"])),
    ];
    let why_label = pick(lang, ["Why", "Por qué", "Por quê"]);
    let fix_label = pick(lang, ["Fix", "Qué hacer", "O que fazer"]);
    let one_click = pick(
        lang,
        ["One-click fix in docshape", "Corrección con un clic en docshape", "Correção com um clique no docshape"],
    );
    let rule_label = pick(lang, ["Rule", "Regla", "Regra"]);
    // Ranked as the CLI and the app rank them; routine findings repeated on several places
    // are one item listing its places.
    let ranked = report.ranked(model);
    for (severity, title) in groups {
        let group: Vec<_> = ranked.iter().filter(|r| r.entry.first().severity == severity).collect();
        if group.is_empty() {
            continue;
        }
        let count: usize = group.iter().map(|r| r.entry.findings().len()).sum();
        let _ = writeln!(out, "### {title} ({count})\n");
        for r in group {
            let f = r.entry.first();
            let rule = rule_by_code(f.code);
            match &r.entry {
                Entry::Single(f) => {
                    let place = text(&labels.label(&f.place, lang));
                    let _ =
                        writeln!(out, "- **{}** {} · {place}: {}", f.code, code(f.rule), text(&f.message.render(lang)));
                }
                Entry::Group(g) => {
                    let _ = writeln!(out, "- **{}** {} {}", f.code, code(f.rule), text(&g.title(model).render(lang)));
                    for f in &g.findings {
                        let place = text(&labels.label(&f.place, lang));
                        let _ = writeln!(out, "  - {place}: {}", text(&f.message.render(lang)));
                    }
                }
            }
            let why = if f.why.is_empty() {
                rule.map(|r| rule_docs::why_of(rule_docs::docs(r, lang))).unwrap_or_default().to_string()
            } else {
                f.why.render(lang)
            };
            if !why.is_empty() {
                let _ = writeln!(out, "  - {why_label}: {}", text(&one_line(&why)));
            }
            if !f.fix_hint.is_empty() {
                let _ = writeln!(out, "  - {fix_label}: {}", text(&one_line(&f.fix_hint.render(lang))));
            }
            if let Some(fix) = &f.fix {
                let _ = writeln!(out, "  - {one_click}: {}", text(&fix.label().render(lang)));
            }
            if let Some(rule) = rule {
                let summary = rule_docs::summary_of(rule_docs::docs(rule, lang));
                let _ = writeln!(out, "  - {rule_label} {} `{}`: {}", rule.code, rule.name, one_line(summary));
            }
        }
        out.push('\n');
    }
}

fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn relations_section(out: &mut String, model: &Model, report: &Report, lang: Lang) {
    let labels = crate::model::PlaceLabels::new(model);
    let entity_name = |_: &Model, id: &str| labels.entity_name(id).to_string();
    let advice: HashMap<&str, _> = report.relations.iter().rev().map(|a| (a.relation.as_str(), a)).collect();
    out.push_str(pick(lang, ["## Relations\n\n", "## Relaciones\n\n", "## Relações\n\n"]));
    if model.relations.is_empty() {
        out.push_str(pick(
            lang,
            [
                "The design has no relations.\n\n",
                "El diseño no tiene relaciones.\n\n",
                "O design não tem relações.\n\n",
            ],
        ));
        return;
    }
    for r in &model.relations {
        let _ =
            writeln!(out, "### {} → {}\n", text(&entity_name(model, &r.parent)), text(&entity_name(model, &r.child)));
        out.push_str(
            &text!(
                en: "Stored as **{storage}**, cardinality {cardinality}",
                es: "Almacenamiento: **{storage}**, cardinalidad {cardinality}",
                pt: "Armazenamento: **{storage}**, cardinalidade {cardinality}";
                storage = r.storage.msg(), cardinality = code(&cardinality_label(r, lang))
            )
            .render(lang),
        );
        let carried = caption(r, lang);
        if !carried.is_empty() {
            let _ = write!(
                out,
                "{}{}",
                pick(lang, ["; on the arrow: ", "; en la flecha: ", "; na seta: "]),
                text(&carried)
            );
        }
        let Some(a) = advice.get(r.id.as_str()).copied() else {
            out.push_str(pick(
                lang,
                [
                    ". The advisor gives no recommendation for this relation.\n\n",
                    ". El asesor no da ninguna recomendación para esta relación.\n\n",
                    ". O assistente não dá nenhuma recomendação para esta relação.\n\n",
                ],
            ));
            continue;
        };
        let verdict = if a.agrees {
            text!(en: "it agrees", es: "coincide", pt: "concorda")
        } else {
            text!(en: "it **disagrees** ⚠", es: "**no coincide** ⚠", pt: "**discorda** ⚠")
        };
        out.push_str(
            &text!(
                en: " ({class}). Advisor: **{recommendation}**; {verdict}.\n\n",
                es: " ({class}). Asesor: **{recommendation}**; {verdict}.\n\n",
                pt: " ({class}). Assistente: **{recommendation}**; {verdict}.\n\n";
                class = a.class.msg(), recommendation = a.recommendation.msg(), verdict
            )
            .render(lang),
        );
        let summary = a.summary();
        if !summary.is_empty() {
            let _ = writeln!(out, "{}\n", text(&summary.render(lang)));
        }
        let rows: Vec<Vec<String>> = a
            .criteria()
            .map(|c| {
                vec![
                    c.criterion.msg().text(lang).to_string(),
                    c.vote.msg().text(lang).to_string(),
                    cell(&c.reason.render(lang)),
                ]
            })
            .collect();
        if !rows.is_empty() {
            let header = match lang {
                Lang::En => ["criterion", "vote", "reason"],
                Lang::Es => ["criterio", "voto", "motivo"],
                Lang::Pt => ["critério", "voto", "motivo"],
            };
            out.push_str(&table(&header, &rows));
            out.push('\n');
        }
        let names = |ids: &[crate::model::Id]| ids.iter().map(|q| code(q)).collect::<Vec<_>>().join(", ");
        if !a.read_together().is_empty() {
            out.push_str(
                &text!(
                    en: "Read together by {queries}.\n", es: "Se leen juntos en {queries}.\n", pt: "Lidos juntos por {queries}.\n";
                    queries = names(a.read_together())
                )
                .render(lang),
            );
        }
        if !a.read_apart().is_empty() {
            out.push_str(
                &text!(
                    en: "Child read without its parent by {queries}.\n",
                    es: "El hijo se lee sin su padre en {queries}.\n",
                    pt: "O filho é lido sem o pai por {queries}.\n";
                    queries = names(a.read_apart())
                )
                .render(lang),
            );
        }
        if !a.read_together().is_empty() || !a.read_apart().is_empty() {
            out.push('\n');
        }
    }
}
