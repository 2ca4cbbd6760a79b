//! `docshape check MODEL.json`: the findings, for people or machines; exit 1 on errors.
//!
//! Both formats are written in `--lang` (en, es, pt). The findings come ranked: by severity,
//! then by their impact on this design, with the routine ones grouped per code (one entry
//! that lists its places). `--format json` is the product's API: the whole report, versioned
//! (`reportVersion`), documented in `docs/report-format.md` and described by
//! `public/report.schema.json`; scripts match on its codes and ids, not on its sentences.

use crate::args::{emit, lang, read_model, LANGUAGES};
use clap::{ValueEnum, ValueHint};
use docshape::advisor::ranking::{Entry, Ranked};
use docshape::advisor::report_json::json_report_text;
use docshape::advisor::{analyze, Finding, Report, Severity};
use docshape::i18n::{pick, Lang};
use docshape::model::{Model, PlaceLabels};
use docshape::share::labels::bytes_label;
use std::process::ExitCode;

/// The findings, most important first; exit 1 on an error-level finding.
///
/// The findings come ranked: by severity, then by their impact on this design (a document past
/// the 16 MiB limit, unbounded growth or a write spanning aggregates before a query no index
/// serves), with the routine ones (a missing validator or schema-version field on every
/// collection) grouped per code. Exit 0 when no finding is an error, 1 when one is, 2 when the
/// model cannot be read.
#[derive(clap::Args)]
#[command(after_help = LANGUAGES)]
pub struct Args {
    /// The model file.
    #[arg(value_name = "MODEL.json", value_hint = ValueHint::FilePath)]
    model: String,
    /// human: the findings with the sizes, indexes and queries, for people; json: the whole
    /// report, versioned, for scripts (docs/report-format.md).
    #[arg(long, value_enum, default_value_t = Format::Human)]
    format: Format,
    /// The language of the findings, in both formats.
    #[arg(long, default_value = "en", value_parser = lang())]
    lang: Lang,
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Human,
    Json,
}

pub fn run(args: Args) -> Result<ExitCode, String> {
    let Args { model: path, format, lang } = args;
    let model = read_model(&path)?;
    let report = analyze(&model);
    match format {
        Format::Json => emit(&json_report_text(&model, &report, lang))?,
        Format::Human => {
            emit(&collections(&model, &report, lang))?;
            emit(&human(&model, &report, lang))?;
        }
    }
    Ok(if report.has_errors() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// A model string as the terminal shows it: line breaks, controls (escape sequences included),
/// bidirectional and invisible characters written as `<U+XXXX>`, so a name cannot start a
/// fake line, recolour the terminal or reorder what is read.
fn shown(s: &str) -> String {
    docshape::escape::hazard::visible(s).into_owned()
}

/// The "Document sizes", "Indexes" and "Queries" sections of the human format.
pub fn collections(model: &Model, report: &Report, lang: Lang) -> String {
    let labels = PlaceLabels::new(model);
    let name = |id: &str| shown(labels.entity_name(id));
    let mut out = String::new();
    if !report.sizes.is_empty() {
        out.push_str(pick(
            lang,
            [
                "DOCUMENT SIZES (average / worst now / worst at the horizon)\n",
                "TAMAÑO DE LOS DOCUMENTOS (media / peor caso hoy / peor caso en el horizonte)\n",
                "TAMANHO DOS DOCUMENTOS (média / pior caso hoje / pior caso no horizonte)\n",
            ],
        ));
        for s in &report.sizes {
            out.push_str(&format!(
                "  {:<24} {:>9} / {:>9} / {:>9}  {}, {}\n",
                name(&s.entity),
                bytes_label(s.avg_bytes, lang),
                bytes_label(s.worst_bytes, lang),
                bytes_label(s.horizon_bytes, lang),
                docshape::share::labels::size_level_label(s.level, lang),
                shown(&s.horizon_label.render(lang))
            ));
        }
        out.push('\n');
    }
    if !report.indexes.is_empty() {
        out.push_str(pick(lang, ["INDEXES\n", "ÍNDICES\n", "ÍNDICES\n"]));
        for i in &report.indexes {
            let mut tags = Vec::new();
            if i.declared {
                tags.push(pick(lang, ["declared", "declarado", "declarado"]).to_string());
            }
            if i.multikey {
                tags.push(pick(lang, ["multikey", "multiclave", "multichave"]).to_string());
            }
            if let Some(ttl) = i.index.ttl_seconds {
                tags.push(format!("expireAfterSeconds: {ttl}"));
            }
            let tags = if tags.is_empty() { String::new() } else { format!(" ({})", tags.join(", ")) };
            out.push_str(&format!(
                "  {:<24} {}{tags}\n      {}\n",
                name(&i.entity),
                shown(&i.index.key_doc()),
                shown(&i.reason.render(lang))
            ));
        }
        out.push('\n');
    }
    if !report.queries.is_empty() {
        out.push_str(pick(lang, ["QUERIES\n", "PATRONES DE ACCESO\n", "PADRÕES DE ACESSO\n"]));
        for q in &report.queries {
            let one = if q.single_document {
                pick(lang, ["single-doc", "1 doc", "1 doc"])
            } else {
                pick(lang, ["multi-doc", "2+ docs", "2+ docs"])
            };
            out.push_str(&format!("  {:<6} {one:<10} {}\n", shown(&q.query), shown(&q.explanation.render(lang))));
        }
        out.push('\n');
    }
    out
}

/// Findings by severity, most important first, each with the element it concerns; a routine
/// finding repeated on several places is one entry listing them.
pub fn human(model: &Model, report: &Report, lang: Lang) -> String {
    let findings = &report.findings;
    let ranked = report.ranked(model);
    let labels = PlaceLabels::new(model);
    let mut out = String::new();
    for severity in [Severity::Error, Severity::Warning, Severity::Info] {
        let group: Vec<&Ranked> = ranked.iter().filter(|r| r.entry.first().severity == severity).collect();
        if group.is_empty() {
            continue;
        }
        let title = match severity {
            Severity::Error => pick(lang, ["ERROR", "ERRORES", "ERROS"]),
            Severity::Warning => pick(lang, ["WARNING", "AVISOS", "ALERTAS"]),
            Severity::Info => pick(lang, ["INFO", "NOTAS", "NOTAS"]),
        };
        let count: usize = group.iter().map(|r| r.entry.findings().len()).sum();
        out.push_str(&format!("{title} ({count})\n"));
        for r in group {
            match &r.entry {
                Entry::Single(f) => one(&mut out, &labels, f, lang),
                Entry::Group(g) => {
                    let f = r.entry.first();
                    out.push_str(&format!("  {} {} {}\n", f.code, f.rule, shown(&g.title(model).render(lang))));
                    for f in &g.findings {
                        out.push_str(&format!(
                            "      [{}] {}\n",
                            shown(&labels.label(&f.place, lang)),
                            shown(&f.message.render(lang))
                        ));
                    }
                    fix_line(&mut out, f, lang);
                }
            }
        }
        out.push('\n');
    }
    let count = |s| findings.iter().filter(|f| f.severity == s).count();
    let summary = match lang {
        Lang::En => "{}: {} errors, {} warnings, {} notes\n",
        Lang::Es => "{}: {} errores, {} avisos, {} notas\n",
        Lang::Pt => "{}: {} erros, {} alertas, {} notas\n",
    };
    out.push_str(&docshape::i18n::fill(
        summary,
        &[&shown(&model.name), &count(Severity::Error), &count(Severity::Warning), &count(Severity::Info)],
    ));
    out
}

/// One finding: code, rule, place and message, then what to do.
fn one(out: &mut String, labels: &PlaceLabels, f: &Finding, lang: Lang) {
    let place = shown(&labels.label(&f.place, lang));
    out.push_str(&format!("  {} {} [{place}] {}\n", f.code, f.rule, shown(&f.message.render(lang))));
    fix_line(out, f, lang);
}

fn fix_line(out: &mut String, f: &Finding, lang: Lang) {
    if !f.fix_hint.is_empty() {
        let fix = pick(lang, ["fix", "qué hacer", "o que fazer"]);
        out.push_str(&format!("      {fix}: {}\n", shown(&f.fix_hint.render(lang))));
    }
}
