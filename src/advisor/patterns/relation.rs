//! Patterns on one relation: extended reference, subset, outlier, computed (bucket and archive
//! in `bucket.rs`).

use super::later::{Item, Later};
use super::parent_writes::WritesOn;
use super::{joined, push};
use crate::advisor::relations::{subset_size, Facts, Outliers, Usage};
use crate::advisor::{PatternKind, PatternSuggestion, Recommendation};
use crate::i18n::{Arg, Labelled, Text};
use crate::model::{BsonType, CopyCategory, Entity, Id, Place, Storage, Volatility};
use crate::text;

pub(super) fn suggest<'a>(
    u: &Usage<'a>,
    writes: &WritesOn<'a>,
    f: &Facts,
    rec: Option<Recommendation>,
    later: &mut Later,
    out: &mut Vec<PatternSuggestion>,
) {
    extended_reference(u, f, rec, out);
    subset(u, f, rec, later, out);
    super::bucket::suggest(u, f, rec, later, out);
    outlier(f, rec, out);
    super::computed::suggest(u, writes, f, rec, out);
}

pub(super) fn place(f: &Facts) -> Place {
    Place::Relation { id: Id::new(&f.rel.id) }
}

/// Query ids, as an `Arg::List` (one allocation).
fn ids(queries: &[&crate::model::AccessPattern]) -> Arg {
    Arg::List(queries.iter().map(|q| Arg::str(&q.id)).collect())
}

fn extended_reference(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let (child, parent) = (f.child_name, f.parent_name);
    if !rel.extended.is_empty() {
        // One copy (the common case) is said in the sentence's own words: nothing nested.
        let change = match rel.extended.as_slice() {
            [one] => keeps_one(child, parent, one, rel.copy_category(one)),
            many => keeps(child, parent, joined(many.iter().map(|c| copy(c, rel.copy_category(c))).collect())),
        };
        push(out, PatternKind::ExtendedReference, place(f), true, change);
    } else if rec == Some(Recommendation::ExtendedReference) {
        let views = ids(f.child_view);
        let fields = u.entity(&rel.parent).map(displayed_fields).unwrap_or_default();
        let what = if fields.is_empty() {
            text!(
                en: "the few stable fields of {parent} that {views} display",
                es: "los pocos campos estables de {parent} que se muestran en {views}",
                pt: "os poucos campos estáveis de {parent} exibidos em {views}";
                parent, views = views.clone()
            )
        } else {
            text!(en: "{fields} of {parent}", es: "{fields} de {parent}", pt: "{fields} de {parent}"; fields = Arg::list(&fields), parent)
        };
        // Children written once and never changed keep the value of that moment: their copies
        // are historical, and the advice says so first.
        let change = if rel.child_changes == Volatility::Never {
            text!(
                en: "copy {what} into each {child} beside the reference, instead of a $lookup in {views}; each {child} is written once and never changed, so the copies are historical (the value as it was when written): never propagate them",
                es: "copia {what} en cada {child} junto a la referencia, en lugar de un $lookup en {views}; cada {child} se escribe una vez y no cambia, así que las copias son históricas (el valor tal como era al escribirlas): nunca las propagues",
                pt: "copie {what} em cada {child} ao lado da referência, em vez de um $lookup em {views}; cada {child} é escrito uma vez e não muda, então as cópias são históricas (o valor como era ao serem escritas): nunca as propague";
                what, child, views
            )
        } else {
            text!(
                en: "copy {what} into each {child} beside the reference, instead of a $lookup in {views}; mark each copy historical (the value as it was when written), immutable or live",
                es: "copia {what} en cada {child} junto a la referencia, en lugar de un $lookup en {views}; marca cada copia como histórica (el valor tal como era al escribirla), inmutable o viva",
                pt: "copie {what} em cada {child} ao lado da referência, em vez de um $lookup em {views}; marque cada cópia como histórica (o valor como era ao ser escrita), imutável ou viva";
                what, child, views
            )
        };
        push(out, PatternKind::ExtendedReference, place(f), false, change);
    }
}

/// One copied field with its category (and propagation, for a live copy), as an item of the
/// list an extended reference keeps.
fn copy(c: &crate::model::CopiedField, category: CopyCategory) -> Arg {
    match (category, c.propagation) {
        (CopyCategory::Live, Some(p)) => text!(
            en: "{field} ({category}, {propagation})",
            es: "{field} ({category}, propagación: {propagation})",
            pt: "{field} ({category}, propagação: {propagation})";
            field = &c.field, category = category.msg(), propagation = p.msg()
        ),
        (CopyCategory::Live, None) => text!(
            en: "{field} (live, no propagation yet)",
            es: "{field} (vivo, aún sin propagación)",
            pt: "{field} (vivo, ainda sem propagação)";
            field = &c.field
        ),
        (cat, _) => text!(
            en: "{field} ({category})", es: "{field} ({category})", pt: "{field} ({category})";
            field = &c.field, category = cat.msg()
        ),
    }
    .into()
}

/// The sentence of an extended reference in use that keeps several copies.
fn keeps(child: &str, parent: &str, copies: Arg) -> Text {
    // English's possessive depends on the name's last letter: `socios'`, `catalogo's`.
    if parent.ends_with('s') {
        text!(
            en: "each {child} keeps {parent}' {copies} next to the reference, so its views need no second read",
            es: "cada {child} guarda {copies} de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {copies} de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, copies
        )
    } else {
        text!(
            en: "each {child} keeps {parent}'s {copies} next to the reference, so its views need no second read",
            es: "cada {child} guarda {copies} de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {copies} de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, copies
        )
    }
}

/// The sentence of an extended reference in use that keeps one copy (the common case): the
/// copy's words are part of it, as [`keeps`] would put [`copy`] (a live copy's category is
/// the catalogue's word, `live` / `vivo`), so nothing is nested.
fn keeps_one(child: &str, parent: &str, c: &crate::model::CopiedField, category: CopyCategory) -> Text {
    let field = c.field.as_str();
    match (category, c.propagation, parent.ends_with('s')) {
        (CopyCategory::Live, Some(p), true) => text!(
            en: "each {child} keeps {parent}' {field} (live, {propagation}) next to the reference, so its views need no second read",
            es: "cada {child} guarda {field} (vivo, propagación: {propagation}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {field} (vivo, propagação: {propagation}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, propagation = p.msg()
        ),
        (CopyCategory::Live, Some(p), false) => text!(
            en: "each {child} keeps {parent}'s {field} (live, {propagation}) next to the reference, so its views need no second read",
            es: "cada {child} guarda {field} (vivo, propagación: {propagation}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {field} (vivo, propagação: {propagation}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, propagation = p.msg()
        ),
        (CopyCategory::Live, None, true) => text!(
            en: "each {child} keeps {parent}' {field} (live, no propagation yet) next to the reference, so its views need no second read",
            es: "cada {child} guarda {field} (vivo, aún sin propagación) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {field} (vivo, ainda sem propagação) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field
        ),
        (CopyCategory::Live, None, false) => text!(
            en: "each {child} keeps {parent}'s {field} (live, no propagation yet) next to the reference, so its views need no second read",
            es: "cada {child} guarda {field} (vivo, aún sin propagación) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {field} (vivo, ainda sem propagação) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field
        ),
        (cat, _, true) => text!(
            en: "each {child} keeps {parent}' {field} ({category}) next to the reference, so its views need no second read",
            es: "cada {child} guarda {field} ({category}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {field} ({category}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, category = cat.msg()
        ),
        (cat, _, false) => text!(
            en: "each {child} keeps {parent}'s {field} ({category}) next to the reference, so its views need no second read",
            es: "cada {child} guarda {field} ({category}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada {child} guarda {field} ({category}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, category = cat.msg()
        ),
    }
}

/// Short, stable text fields a list would display (a name, a title): up to two.
fn displayed_fields(e: &Entity) -> Vec<&str> {
    let short = |f: &&crate::model::Field| {
        f.bson_type == BsonType::String
            && f.name != "_id"
            && f.size.avg_bytes.is_none_or(|b| b <= 100)
            && f.constraints.max_length.is_none_or(|m| m <= 300)
    };
    let mut picked: Vec<&str> = e.fields.iter().filter(short).filter(|f| f.required).map(|f| f.name.as_str()).collect();
    if picked.is_empty() {
        picked = e.fields.iter().filter(short).map(|f| f.name.as_str()).collect();
    }
    picked.truncate(2);
    picked
}

/// " with the highest votos_utiles" / " with the latest fecha", from `field:-1`; empty when
/// there is no order.
fn order_words(u: &Usage, f: &Facts, order_by: &str) -> Text {
    let (field, dir) = match order_by.split_once(':') {
        Some((field, dir)) => (field.trim(), dir.trim()),
        None => (order_by.trim(), "-1"),
    };
    if field.is_empty() {
        return Text::empty();
    }
    let is_date = u.entity(&f.rel.child).and_then(|e| e.field(field)).is_some_and(|x| x.bson_type == BsonType::Date);
    match (is_date, dir.starts_with('-')) {
        (true, true) => text!(
            en: " with the latest {field}",
            es: " con el valor de {field} más reciente",
            pt: " com o valor de {field} mais recente";
            field
        ),
        (true, false) => text!(
            en: " with the earliest {field}",
            es: " con el valor de {field} más antiguo",
            pt: " com o valor de {field} mais antigo";
            field
        ),
        (false, true) => text!(
            en: " with the highest {field}",
            es: " con el valor de {field} más alto",
            pt: " com o valor de {field} mais alto";
            field
        ),
        (false, false) => text!(
            en: " with the lowest {field}",
            es: " con el valor de {field} más bajo",
            pt: " com o valor de {field} mais baixo";
            field
        ),
    }
}

/// Whether a subset (with its `total_` count) is suggested for this relation: the verdict is a
/// reference with a subset, and none is declared. Never beside a bucket: one relation, one shape.
pub(super) fn subset_suggested(f: &Facts, rec: Option<Recommendation>) -> bool {
    f.rel.subset.is_none()
        && rec == Some(Recommendation::ReferenceWithSubset)
        && f.rel.bucket.is_none()
        && f.rel.storage != Storage::Bucket
}

fn subset(u: &Usage, f: &Facts, rec: Option<Recommendation>, later: &mut Later, out: &mut Vec<PatternSuggestion>) {
    let (child, parent) = (f.child_name, f.parent_name);
    if let Some(s) = &f.rel.subset {
        let item = Item::Subset {
            size: Arg::from(s.size),
            child: Arg::str(child),
            order: order_words(u, f, &s.order_by).into(),
            field: Arg::str(&s.field),
            count: s.count_field.as_deref().filter(|c| !c.is_empty()).map(Arg::str),
            parent: Arg::str(parent),
        };
        out.push(PatternSuggestion {
            pattern: PatternKind::Subset,
            place: place(f),
            change: later.push(item),
            in_use: true,
        });
    } else if subset_suggested(f, rec) {
        let change = text!(
            en: "keep the {size} {child} that {views} shows, plus total_{child}, in {parent}; the full set stays in {child} (one read for the main view, a second only for \"see all\")",
            es: "guarda {size} {child} que se muestran en {views}, más total_{child}, en {parent}; el conjunto completo queda en {child} (una lectura para la vista principal y una segunda solo para \"ver todos\")",
            pt: "mantenha {size} {child} exibidos em {views}, mais total_{child}, em {parent}; o conjunto completo fica em {child} (uma leitura para a tela principal e uma segunda só para \"ver todos\")";
            size = subset_size(f), child, views = ids(f.parent_view), parent
        );
        push(out, PatternKind::Subset, place(f), false, change);
    }
}

fn outlier(f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let (child, parent) = (f.child_name, f.parent_name);
    // A figure, or a fixed phrase: neither allocates (made only for the sentences that say it).
    let bound = || -> Arg {
        match f.bound {
            Some(m) => Arg::Count(m as f64),
            None => text!(en: "the common bound", es: "el límite habitual", pt: "o limite comum").into(),
        }
    };
    match (&rel.outlier, f.outliers) {
        (Some(o), Outliers::Minor { share, max }) => {
            let overflow: Arg = if o.overflow_collection.is_empty() {
                text!(en: "an overflow collection", es: "una colección de desbordamiento", pt: "uma coleção de excedentes").into()
            } else {
                Arg::str(&o.overflow_collection)
            };
            let change = text!(
                en: "design for the {common} common case; the {share} of {parent} over {bound} {child} (up to {max}) carry {flag} and overflow to {overflow}",
                es: "diseña para el caso común, el {common}; el {share} de {parent} con más de {bound} {child} (hasta {max}) lleva {flag} y se desborda hacia {overflow}",
                pt: "projete para o caso comum, os {common}; os {share} de {parent} com mais de {bound} {child} (até {max}) levam {flag} e transbordam para {overflow}";
                common = Arg::Percent(1.0 - share), share = Arg::Percent(share), parent, bound = bound(), child,
                max = Arg::Count(max as f64), flag = &o.flag_field, overflow
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (Some(o), Outliers::Major { share, .. }) => {
            let change = text!(
                en: "{flag} flags the overflow, but {share} of {parent} overflow: that is not a tiny minority, so reference {child} for all",
                es: "{flag} marca el desbordamiento, pero el {share} de {parent} desborda: no es una minoría diminuta, así que referencia {child} para todos",
                pt: "{flag} sinaliza o transbordo, mas {share} de {parent} transbordam: isso não é uma minoria ínfima, então referencie {child} para todos";
                flag = &o.flag_field, share = Arg::Percent(share), parent, child
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (Some(o), Outliers::None) => {
            let change = text!(
                en: "{flag} flags the {parent} over {bound} {child}; state the share of outliers so the advisor can check it is a tiny minority",
                es: "{flag} marca los {parent} con más de {bound} {child}; indica la proporción de valores atípicos para que el asesor compruebe que son una minoría diminuta",
                pt: "{flag} sinaliza os {parent} com mais de {bound} {child}; informe a proporção de outliers para que o assistente confira que são uma minoria ínfima";
                flag = &o.flag_field, parent, bound = bound(), child
            );
            push(out, PatternKind::Outlier, place(f), true, change);
        }
        (None, Outliers::Minor { share, max })
            if matches!(rec, Some(Recommendation::Embed | Recommendation::EmbedWatchBound)) =>
        {
            let change = text!(
                en: "embed for the {common} of {parent} with at most {bound} {child}, and flag the {share} that reach {max} (e.g. has_extras: true), moving their overflow to a {child}_extra collection",
                es: "embebe para el {common} de {parent}, con {bound} {child} como máximo, y marca el {share} que llega a {max} (p. ej., has_extras: true), moviendo su desbordamiento a una colección {child}_extra",
                pt: "embuta para os {common} de {parent} com no máximo {bound} {child} e sinalize os {share} que chegam a {max} (p. ex., has_extras: true), movendo o excedente para uma coleção {child}_extra";
                common = Arg::Percent(1.0 - share), parent, bound = bound(), child, share = Arg::Percent(share),
                max = Arg::Count(max as f64)
            );
            push(out, PatternKind::Outlier, place(f), false, change);
        }
        _ => {}
    }
}

/// The sentence of a subset in use: the `size` children in `order` kept in `field` of
/// `parent`, with the `count` beside them when there is one.
pub(super) fn subset_sentence(
    size: &Arg,
    child: &Arg,
    order: &Arg,
    field: &Arg,
    count: Option<&Arg>,
    parent: &Arg,
) -> Text {
    match count {
        Some(count) => text!(
            en: "keep the {size} {child}{order} in {field} and {count} in {parent}; the full set stays in {child} and the copy is refreshed lazily",
            es: "guarda {size} {child}{order} en {field} y {count} en {parent}; el conjunto completo queda en {child} y la copia se actualiza de forma diferida",
            pt: "mantenha {size} {child}{order} em {field} e {count} em {parent}; o conjunto completo fica em {child} e a cópia é atualizada de forma adiada";
            size, child, order, field, count, parent
        ),
        None => text!(
            en: "keep the {size} {child}{order} in {field} (add a total count beside it) in {parent}; the full set stays in {child} and the copy is refreshed lazily",
            es: "guarda {size} {child}{order} en {field} (añade un recuento total a su lado) en {parent}; el conjunto completo queda en {child} y la copia se actualiza de forma diferida",
            pt: "mantenha {size} {child}{order} em {field} (adicione uma contagem total ao lado) em {parent}; o conjunto completo fica em {child} e a cópia é atualizada de forma adiada";
            size, child, order, field, parent
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;
    use crate::model::{CopiedField, Propagation};

    /// The one-copy sentence says, in every language, what the list sentence says with the
    /// copy nested.
    #[test]
    fn one_copy_reads_as_the_list_sentence_would_say_it() {
        let propagations = [None, Some(Propagation::Immediate), Some(Propagation::Deferred), Some(Propagation::Reread)];
        for category in [CopyCategory::Immutable, CopyCategory::Historical, CopyCategory::Live] {
            for propagation in propagations {
                for parent in ["socios", "catalogo"] {
                    let c = CopiedField {
                        field: "titulo".into(),
                        as_field: None,
                        category: Some(category),
                        propagation,
                        used_to_decide: false,
                    };
                    let one = keeps_one("prestamos", parent, &c, category);
                    let listed = keeps("prestamos", parent, copy(&c, category));
                    for lang in [Lang::En, Lang::Es, Lang::Pt] {
                        assert_eq!(one.render(lang), listed.render(lang), "{category:?} {propagation:?} {lang:?}");
                    }
                    assert!(one.check().is_ok());
                }
            }
        }
    }
}
