//! `docshape check MODEL.json`: the findings, for people or machines; exit 1 on errors.
//!
//! The human format is written in `--lang` (en, es, pt); `--format json` is English whatever
//! `--lang` says, so scripts that read it do not depend on the reader's language.

use crate::args::{emit, read_model, Args};
use docshape::advisor::{analyze, Finding, Report, Severity};
use docshape::i18n::{pick, Lang};
use docshape::model::{Model, PlaceLabels};
use docshape::share::labels::bytes_label;
use std::process::ExitCode;

pub fn run(args: &[String]) -> Result<ExitCode, String> {
    let args = Args::parse(args, &["format", "lang"])?;
    let format = args.choice("format", &["human", "json"])?;
    let lang = args.lang()?;
    let [path] = args.positional.as_slice() else {
        return Err("usage: docshape check MODEL.json [--format human|json] [--lang en|es|pt]".into());
    };
    let model = read_model(path)?;
    let report = analyze(&model);
    match format {
        "json" => {
            let out = serde_json::json!({
                "model": model.name,
                "findings": report.findings,
                "sizes": report.sizes,
                "indexes": report.indexes,
                "queries": report.queries,
            });
            emit(&format!("{}\n", serde_json::to_string_pretty(&out).unwrap_or_default()))?;
        }
        _ => {
            emit(&collections(&model, &report, lang))?;
            emit(&human(&model, &report.findings, lang))?;
        }
    }
    Ok(if report.has_errors() { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

/// The "Document sizes", "Indexes" and "Queries" sections of the human format.
pub fn collections(model: &Model, report: &Report, lang: Lang) -> String {
    let labels = PlaceLabels::new(model);
    let name = |id: &str| labels.entity_name(id).to_string();
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
                s.horizon_label.render(lang)
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
                i.index.key_doc(),
                i.reason.render(lang)
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
            out.push_str(&format!("  {:<6} {one:<10} {}\n", q.query, q.explanation.render(lang)));
        }
        out.push('\n');
    }
    out
}

/// Findings grouped by severity, each with the element it concerns.
pub fn human(model: &Model, findings: &[Finding], lang: Lang) -> String {
    let labels = PlaceLabels::new(model);
    let mut out = String::new();
    for severity in [Severity::Error, Severity::Warning, Severity::Info] {
        let group: Vec<&Finding> = findings.iter().filter(|f| f.severity == severity).collect();
        if group.is_empty() {
            continue;
        }
        let title = match severity {
            Severity::Error => pick(lang, ["ERROR", "ERRORES", "ERROS"]),
            Severity::Warning => pick(lang, ["WARNING", "AVISOS", "ALERTAS"]),
            Severity::Info => pick(lang, ["INFO", "NOTAS", "NOTAS"]),
        };
        out.push_str(&format!("{title} ({})\n", group.len()));
        for f in group {
            let place = labels.label(&f.place, lang);
            out.push_str(&format!("  {} {} [{place}] {}\n", f.code, f.rule, f.message.render(lang)));
            if !f.fix_hint.is_empty() {
                let fix = pick(lang, ["fix", "qué hacer", "o que fazer"]);
                out.push_str(&format!("      {fix}: {}\n", f.fix_hint.render(lang)));
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
        &[&model.name, &count(Severity::Error), &count(Severity::Warning), &count(Severity::Info)],
    ));
    out
}
