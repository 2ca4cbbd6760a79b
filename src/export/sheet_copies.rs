//! The decision sheet's "Copies kept here" table: each copied field with where it comes from,
//! its pattern, category and propagation, and whether it is used to decide; then the fields of
//! this collection that other collections copy.

use super::lookup::Lookup;
use super::sheet_parts::{category, pick, propagation, NONE};
use crate::advisor::PatternKind;
use crate::escape::markdown::{code, text as prose, write_text};
use crate::i18n::{Labelled, Lang};
use crate::model::{Entity, Storage};
use crate::text;
use std::fmt::Write;

/// Appends the copies table of the aggregate made of `members` (root first) to `out`.
pub fn copies_section(out: &mut String, lookup: &Lookup, members: &[&str], entity: &Entity, lang: Lang) {
    out.push_str(pick(
    lang,
    [
        "\n**Copies kept here**\n\n| field | copied from | pattern | category | propagation | used to decide |\n|---|---|---|---|---|---|\n",
        "\n**Copias guardadas aquí**\n\n| campo | copiado de | patrón | categoría | propagación | se usa para decidir |\n|---|---|---|---|---|---|\n",
        "\n**Cópias mantidas aqui**\n\n| campo | copiado de | padrão | categoria | propagação | usado para decidir |\n|---|---|---|---|---|---|\n",
    ],
));
    let no = pick(lang, ["no", "no", "não"]);
    let mut copies = 0;
    for member in members {
        for (_, r) in lookup.parents(member).filter(|(_, r)| r.storage != Storage::Embed) {
            let prefix = r
                .reference
                .child_field
                .as_deref()
                .and_then(|p| p.rsplit_once('.'))
                .map(|(h, _)| format!("{h}."))
                .unwrap_or_default();
            for c in &r.extended {
                let decide = if c.used_to_decide {
                    pick(
                        lang,
                        [
                            "**yes**: duplicate what is displayed, not what decides",
                            "**sí**: duplica lo que se muestra, no lo que decide",
                            "**sim**: duplique o que é exibido, não o que decide",
                        ],
                    )
                } else {
                    no
                };
                let _ = writeln!(
                    out,
                    "| {} | {}.{} | {} | {} | {} | {decide} |",
                    code(&format!("{prefix}{}", c.target_name())),
                    prose(&lookup.name(&r.parent)),
                    prose(&c.field),
                    PatternKind::ExtendedReference.msg().text(lang),
                    category(r.copy_category(c), lang),
                    propagation(r.copy_category(c), c.propagation, lang)
                );
                copies += 1;
            }
        }
        for (_, r) in lookup.children(member).filter(|(_, r)| r.storage != Storage::Embed) {
            let child = lookup.name(&r.child);
            if let Some(s) = &r.subset {
                let count = match &s.count_field {
                    Some(c) => {
                        text!(en: ", total in `{c}`", es: ", total en `{c}`", pt: ", total em `{c}`"; c)
                    }
                    None => crate::i18n::Text::empty(),
                };
                let order = if s.order_by.is_empty() {
                    crate::i18n::Text::empty()
                } else {
                    text!(en: " by {o}", es: " por {o}", pt: " por {o}"; o = &s.order_by)
                };
                let row = text!(
                    en: "| `{field}` | {child} ({n} items{order}{count}) | {pattern} | {none} | refreshed lazily | {no} |\n",
                    es: "| `{field}` | {child} ({n} elementos{order}{count}) | {pattern} | {none} | se refresca en segundo plano | {no} |\n",
                    pt: "| `{field}` | {child} ({n} itens{order}{count}) | {pattern} | {none} | atualizado em segundo plano | {no} |\n";
                    field = &s.field, child = &child, n = s.size.to_string(), order, count,
                    pattern = PatternKind::Subset.msg(), none = NONE, no
                );
                write_text(out, &row, lang);
                copies += 1;
            }
            for c in &r.computed {
                let row = text!(
                    en: "| `{field}` | {child}.{source} ({op}) | {pattern} | {none} | $inc on each change, periodic recompute | {no} |\n",
                    es: "| `{field}` | {child}.{source} ({op}) | {pattern} | {none} | $inc en cada cambio, recálculo periódico | {no} |\n",
                    pt: "| `{field}` | {child}.{source} ({op}) | {pattern} | {none} | $inc a cada mudança, recálculo periódico | {no} |\n";
                    field = &c.field, child = &child, source = &c.source, op = &c.op,
                    pattern = PatternKind::Computed.msg(), none = NONE, no
                );
                write_text(out, &row, lang);
                copies += 1;
            }
        }
    }
    if copies == 0 {
        let _ = writeln!(out, "| {NONE} | | | | | |");
    }
    let elsewhere: Vec<String> = lookup
        .children(&entity.id)
        .filter(|(_, r)| !r.extended.is_empty())
        .map(|(_, r)| {
            format!(
                "{} ({})",
                lookup.name(&r.child),
                r.extended.iter().map(|c| c.field.as_str()).collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    if !elsewhere.is_empty() {
        let line = text!(
            en: "\nFields of this collection copied elsewhere: {list}.\n",
            es: "\nCampos de esta colección copiados en otras: {list}.\n",
            pt: "\nCampos desta coleção copiados em outras: {list}.\n";
            list = elsewhere.join("; ")
        );
        write_text(out, &line, lang);
    }
}
