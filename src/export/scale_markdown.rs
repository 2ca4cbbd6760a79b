//! The Scale part of the decision sheets and of the review report (issue 35), in Markdown: for
//! a collection with shard key advice, its figures now and at the horizon against one replica
//! set, the key (stated or recommended) with the six criteria's reasons, and which access
//! patterns reach one shard and which go to several or every shard. Nothing is written for a
//! collection one replica set holds: most get silence.
//!
//! The sentences are the advisor's ([`crate::advisor::scale::texts`]); names go through the
//! Markdown escaping (`escape::markdown`).

use crate::advisor::scale::texts::{bucket_note, limit, unique_note, when, zones_note};
use crate::advisor::scale::{bytes_arg, key_doc, CollectionScale, KeyOption, ShardAdvice};
use crate::escape::markdown::{self as md, write_text};
use crate::i18n::{Arg, Lang, Text};
use crate::model::{Model, Thresholds};
use crate::text;
use std::fmt::Write;

/// Writes the Scale part of one collection (no heading): nothing when it has no shard advice.
pub fn write_scale(out: &mut String, model: &Model, s: &CollectionScale, lang: Lang) {
    let Some(advice) = &s.shard else { return };
    let t = &model.thresholds;
    let f = &s.figures;
    let verdict = if advice.needed {
        text!(
            en: "Outgrows one replica set {when}: {what}.\n\n",
            es: "Supera un replica set {when}: {what}.\n\n",
            pt: "Supera um replica set {when}: {what}.\n\n";
            when = when(f), what = limit(f, t)
        )
    } else {
        text!(
            en: "{what}. The design states a shard key, judged below.\n\n",
            es: "{what}. El diseño indica una clave de shard, juzgada abajo.\n\n",
            pt: "{what}. O design indica uma chave de shard, julgada abaixo.\n\n";
            what = limit(f, t)
        )
    };
    write_text(out, &verdict, lang);
    figures_table(out, s, t, lang);
    out.push('\n');
    for problem in &advice.problems {
        out.push_str("- ");
        write_text(out, &problem.message, lang);
        out.push('\n');
    }
    let Some(option) = advice.stated_option().or_else(|| advice.recommended_option()) else { return };
    key_part(out, model, advice, option, lang);
}

/// The Scale section of the review report: a heading and each collection with shard advice;
/// nothing when none has any.
pub fn scale_section(out: &mut String, model: &Model, scale: &[CollectionScale], lang: Lang) {
    let advised: Vec<&CollectionScale> = scale.iter().filter(|s| s.shard.is_some()).collect();
    if advised.is_empty() {
        return;
    }
    out.push_str(pick(lang, ["## Scale\n\n", "## Escala\n\n", "## Escala\n\n"]));
    for s in advised {
        let Some(e) = model.entity(s.entity.as_str()) else { continue };
        let _ = writeln!(out, "### {}\n", md::text(&e.name));
        write_scale(out, model, s, lang);
        out.push('\n');
    }
}

fn pick(lang: Lang, texts: [&'static str; 3]) -> &'static str {
    crate::export::pick(lang, texts)
}

/// One value of the figures table in `lang`.
fn cell(arg: Arg, lang: Lang) -> String {
    md::render(&text!(en: "{v}", es: "{v}", pt: "{v}"; v = arg), lang)
}

fn figures_table(out: &mut String, s: &CollectionScale, t: &Thresholds, lang: Lang) {
    let f = &s.figures;
    let horizon = md::render(
        &text!(
            en: "At the horizon ({days})",
            es: "En el horizonte ({days})",
            pt: "No horizonte ({days})";
            days = Arg::Days(f.horizon_days)
        ),
        lang,
    );
    let header = [
        "",
        pick(lang, ["Now", "Hoy", "Hoje"]),
        horizon.as_str(),
        pick(lang, ["One replica set", "Un replica set", "Um replica set"]),
    ];
    let dash = "—".to_string();
    let ram = md::render(
        &text!(
            en: "{ram} of RAM ({tier})", es: "{ram} de RAM ({tier})", pt: "{ram} de RAM ({tier})";
            ram = bytes_arg(f.ram_bytes), tier = f.tier.as_str()
        ),
        lang,
    );
    let mut rows = vec![
        vec![
            pick(lang, ["Documents", "Documentos", "Documentos"]).to_string(),
            cell(Arg::Count(f.documents_now.round()), lang),
            cell(Arg::Count(f.documents_horizon.round()), lang),
            dash.clone(),
        ],
        vec![
            pick(lang, ["Data", "Datos", "Dados"]).to_string(),
            cell(bytes_arg(f.data_now), lang),
            cell(bytes_arg(f.data_horizon), lang),
            cell(bytes_arg(t.replica_set_data_bytes as f64), lang),
        ],
        vec![
            pick(lang, ["Indexes", "Índices", "Índices"]).to_string(),
            cell(bytes_arg(f.index_now), lang),
            cell(bytes_arg(f.index_horizon), lang),
            dash.clone(),
        ],
        vec![
            pick(lang, ["Working set", "Conjunto de trabajo", "Conjunto de trabalho"]).to_string(),
            cell(bytes_arg(f.working_set_now), lang),
            cell(bytes_arg(f.working_set_horizon), lang),
            ram,
        ],
        vec![
            pick(lang, ["Writes a second", "Escrituras por segundo", "Escritas por segundo"]).to_string(),
            cell(Arg::Count(f.writes_per_second.round()), lang),
            cell(Arg::Count(f.writes_per_second.round()), lang),
            cell(Arg::Count(t.primary_writes_per_second as f64), lang),
        ],
        vec![
            pick(lang, ["Replica sets needed", "Replica sets necesarios", "Replica sets necessários"]).to_string(),
            f.shards_now.to_string(),
            f.shards_horizon.to_string(),
            "1".to_string(),
        ],
    ];
    if let Some(n) = f.bucket_measurements {
        let label = pick(lang, ["Measurements a bucket", "Mediciones por contenedor", "Medições por bucket"]);
        rows.push(vec![label.to_string(), cell(Arg::Count(n.round()), lang), cell(Arg::Count(n.round()), lang), dash]);
    }
    out.push_str(&md::table(&header, &rows));
}

/// The key, its reasons, its notes, and where each pattern goes.
fn key_part(out: &mut String, model: &Model, advice: &ShardAdvice, option: &KeyOption, lang: Lang) {
    let stated = advice.stated_option().is_some_and(|s| std::ptr::eq(s, option));
    let line = if stated {
        text!(
            en: "**Shard key** (stated in the design): `{key}`\n\n",
            es: "**Clave de shard** (indicada en el diseño): `{key}`\n\n",
            pt: "**Chave de shard** (indicada no design): `{key}`\n\n";
            key = key_doc(&option.key)
        )
    } else {
        text!(
            en: "**Shard key** (recommended): `{key}`\n\n",
            es: "**Clave de shard** (recomendada): `{key}`\n\n",
            pt: "**Chave de shard** (recomendada): `{key}`\n\n";
            key = key_doc(&option.key)
        )
    };
    write_text(out, &line, lang);
    for vote in &advice.votes(option) {
        let line = text!(
            en: "- {criterion} ({fit}): {reason}\n",
            es: "- {criterion} ({fit}): {reason}\n",
            pt: "- {criterion} ({fit}): {reason}\n";
            criterion = vote.criterion.title(), fit = vote.fit.title(), reason = vote.reason.clone()
        );
        write_text(out, &line, lang);
    }
    // The zones as this key allows them (the advice's are judged for the recommended key).
    let zones = advice.zones.clone().map(|mut z| {
        z.key_starts_with_it = option.key.fields.first().is_some_and(|f| f.field == z.field && !f.hashed);
        z
    });
    let mut notes: Vec<Text> =
        [bucket_note(option), unique_note(option), zones_note(zones.as_ref())].into_iter().collect();
    if stated && advice.stated_is_worse() {
        if let Some(r) = advice.recommended_option() {
            notes.push(text!(
                en: "the advisor recommends `{key}` instead (shard-key-weak, DS207)",
                es: "el asesor recomienda `{key}` en su lugar (shard-key-weak, DS207)",
                pt: "o assistente recomenda `{key}` em seu lugar (shard-key-weak, DS207)";
                key = key_doc(&r.key)
            ));
        }
    }
    for note in notes.iter().filter(|n| !n.is_empty()) {
        out.push_str("- ");
        write_text(out, note, lang);
        out.push('\n');
    }
    let name = |id: &str| {
        let q = model.queries.iter().find(|q| q.id == id);
        match q {
            Some(q) => format!("{} {}", md::code(&q.id), md::text(&q.name)),
            None => md::code(id),
        }
    };
    let targeted: Vec<String> = option.targeted().map(|r| name(r.query.as_str())).collect();
    let everywhere: Vec<String> = option.everywhere().map(|r| name(r.query.as_str())).collect();
    let none = pick(lang, ["none", "ninguno", "nenhum"]);
    let list = |items: &[String]| if items.is_empty() { none.to_string() } else { items.join(", ") };
    let _ = writeln!(
        out,
        "\n{} {}\n",
        pick(lang, ["**Reach one shard:**", "**Llegan a un solo shard:**", "**Chegam a um só shard:**"]),
        list(&targeted)
    );
    let _ = writeln!(
        out,
        "{} {}",
        pick(
            lang,
            [
                "**Go to several or every shard:**",
                "**Van a varios o a todos los shards:**",
                "**Vão a vários ou a todos os shards:**"
            ]
        ),
        list(&everywhere)
    );
}

#[cfg(test)]
mod tests {
    use crate::advisor::analyze;
    use crate::export::sheet::sheets;
    use crate::i18n::Lang;
    use crate::model::{load, Model};
    use crate::share::{review_markdown, ReportOptions};

    fn fixture(name: &str) -> Model {
        let path = format!("{}/tests/fixtures/scale/{name}", env!("CARGO_MANIFEST_DIR"));
        load(&std::fs::read_to_string(path).unwrap()).unwrap()
    }

    /// The sheet of one collection, from its heading to the next one.
    fn sheet_of(all: &str, name: &str) -> String {
        let start = all.find(&format!("## {name}\n")).unwrap_or_else(|| panic!("no sheet {name}"));
        let rest = &all[start + 3..];
        rest.find("\n## ").map_or(rest, |end| &rest[..end]).to_string()
    }

    #[test]
    fn the_sheet_of_a_collection_that_outgrows_one_replica_set_has_its_scale() {
        let m = fixture("marketplace.json");
        let r = analyze(&m);
        let all = sheets(&m, &r, Lang::En);
        let orders = sheet_of(&all, "orders");
        assert!(orders.contains("**Scale**"), "{orders}");
        assert!(orders.contains("Outgrows one replica set already: a working set of 815.3 GB"), "{orders}");
        assert!(orders.contains("| Working set | 288.6 GB | 815.3 GB | 64 GB of RAM (M60) |"), "{orders}");
        assert!(orders.contains("| Replica sets needed | 5 | 13 | 1 |"), "{orders}");
        assert!(orders.contains("**Shard key** (recommended): `{ customer_id: 1, _id: 1 }`"), "{orders}");
        assert!(orders.contains("- Reads targeted (weak): "), "{orders}");
        assert!(orders.contains("**Go to several or every shard:** `Q2` An order by its number, `Q5`"), "{orders}");
        // The customers fit one replica set: no scale part in their sheet.
        assert!(!sheet_of(&all, "customers").contains("**Scale**"));
        let pt = sheets(&m, &r, Lang::Pt);
        assert!(sheet_of(&pt, "orders").contains("**Vão a vários ou a todos os shards:**"), "{pt}");
    }

    #[test]
    fn a_stated_key_is_judged_as_stated_with_its_zones_and_the_better_key() {
        let m = fixture("tenants.json");
        let all = sheets(&m, &analyze(&m), Lang::En);
        let events = sheet_of(&all, "events");
        assert!(events.contains("one replica set holds it. The design states a shard key, judged below."), "{events}");
        assert!(events.contains("**Shard key** (stated in the design): `{ tenant: 1 }`"), "{events}");
        assert!(events.contains("zones: the key starts with tenant"), "{events}");
        assert!(
            events.contains("the advisor recommends `{ _id: \"hashed\" }` instead (shard-key-weak, DS207)"),
            "{events}"
        );
    }

    #[test]
    fn the_review_report_has_a_scale_section_only_when_a_collection_has_shard_advice() {
        let m = fixture("marketplace.json");
        let opts = ReportOptions { lang: Lang::Es, ..ReportOptions::default() };
        let md = review_markdown(&m, &analyze(&m), &opts);
        let scale = &md[md.find("## Escala\n").expect("a scale section")..];
        assert!(scale.starts_with("## Escala\n\n### orders\n\nSupera un replica set ya"), "{scale}");
        assert!(!scale[..scale.find("\n## ").unwrap_or(scale.len())].contains("### customers"), "{scale}");
        let bibliored = load(include_str!("../../public/templates/bibliored.json")).unwrap();
        let md = review_markdown(&bibliored, &analyze(&bibliored), &ReportOptions::default());
        assert!(!md.contains("## Scale"), "BiblioRed needs no sharding");
        assert!(!sheets(&bibliored, &analyze(&bibliored), Lang::En).contains("**Scale**"));
    }
}
