//! The extended reference pattern on one relation: copies of the parent's few stable fields
//! kept beside the reference, in use or fitting when the child's views show them.

use super::{ids, joined, place, push};
use crate::advisor::relations::churn::VOLATILE_COPY_WRITES;
use crate::advisor::relations::{Facts, Usage};
use crate::advisor::{PatternKind, PatternSuggestion, Recommendation};
use crate::i18n::{Arg, Labelled, Text};
use crate::model::{BsonType, CopyCategory, Entity, Volatility};
use crate::text;

pub(super) fn suggest(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let rel = f.rel;
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    if !rel.extended.is_empty() {
        // One copy (the common case) is said in the sentence's own words: nothing nested.
        let change = match rel.extended.as_slice() {
            [one] => keeps_one(child, parent, f.parent_name.ends_with('s'), one, rel.copy_category(one)),
            many => keeps(
                child,
                parent,
                f.parent_name.ends_with('s'),
                joined(many.iter().map(|c| copy(c, rel.copy_category(c))).collect()),
            ),
        };
        push(out, PatternKind::ExtendedReference, place(f), true, change);
    } else if rec == Some(Recommendation::ExtendedReference) {
        let views = ids(f.child_view);
        let fields = u.entity(&rel.parent).map(|e| displayed_fields(e, f.typical)).unwrap_or_default();
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
                en: "copy {what} into each {child} document beside the reference, instead of a $lookup in {views}; each {child} document is written once and never changed, so the copies are historical (the value as it was when written): never propagate them",
                es: "copia {what} en cada documento de {child} junto a la referencia, en lugar de un $lookup en {views}; cada documento de {child} se escribe una vez y no cambia, así que las copias son históricas (el valor tal como era al escribirlas): nunca las propagues",
                pt: "copie {what} em cada documento de {child} ao lado da referência, em vez de um $lookup em {views}; cada documento de {child} é escrito uma vez e não muda, então as cópias são históricas (o valor como era ao serem escritas): nunca as propague";
                what, child, views
            )
        } else {
            text!(
                en: "copy {what} into each {child} document beside the reference, instead of a $lookup in {views}; mark each copy historical (the value as it was when written), immutable or live",
                es: "copia {what} en cada documento de {child} junto a la referencia, en lugar de un $lookup en {views}; marca cada copia como histórica (el valor tal como era al escribirla), inmutable o viva",
                pt: "copie {what} em cada documento de {child} ao lado da referência, em vez de um $lookup em {views}; marque cada cópia como histórica (o valor como era ao ser escrita), imutável ou viva";
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

/// The sentence of an extended reference in use that keeps several copies. English's
/// possessive depends on the parent name's last letter: `socios'`, `catalogo's`.
fn keeps(child: &Arg, parent: &Arg, parent_ends_in_s: bool, copies: Arg) -> Text {
    if parent_ends_in_s {
        text!(
            en: "each {child} document keeps {parent}' {copies} next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {copies} de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {copies} de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, copies
        )
    } else {
        text!(
            en: "each {child} document keeps {parent}'s {copies} next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {copies} de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {copies} de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, copies
        )
    }
}

/// The sentence of an extended reference in use that keeps one copy (the common case): the
/// copy's words are part of it, as [`keeps`] would put [`copy`] (a live copy's category is
/// the catalogue's word, `live` / `vivo`), so nothing is nested.
fn keeps_one(
    child: &Arg,
    parent: &Arg,
    parent_ends_in_s: bool,
    c: &crate::model::CopiedField,
    category: CopyCategory,
) -> Text {
    let field = c.field.as_str();
    match (category, c.propagation, parent_ends_in_s) {
        (CopyCategory::Live, Some(p), true) => text!(
            en: "each {child} document keeps {parent}' {field} (live, {propagation}) next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {field} (vivo, propagación: {propagation}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {field} (vivo, propagação: {propagation}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, propagation = p.msg()
        ),
        (CopyCategory::Live, Some(p), false) => text!(
            en: "each {child} document keeps {parent}'s {field} (live, {propagation}) next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {field} (vivo, propagación: {propagation}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {field} (vivo, propagação: {propagation}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, propagation = p.msg()
        ),
        (CopyCategory::Live, None, true) => text!(
            en: "each {child} document keeps {parent}' {field} (live, no propagation yet) next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {field} (vivo, aún sin propagación) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {field} (vivo, ainda sem propagação) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field
        ),
        (CopyCategory::Live, None, false) => text!(
            en: "each {child} document keeps {parent}'s {field} (live, no propagation yet) next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {field} (vivo, aún sin propagación) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {field} (vivo, ainda sem propagação) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field
        ),
        (cat, _, true) => text!(
            en: "each {child} document keeps {parent}' {field} ({category}) next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {field} ({category}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {field} ({category}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, category = cat.msg()
        ),
        (cat, _, false) => text!(
            en: "each {child} document keeps {parent}'s {field} ({category}) next to the reference, so its views need no second read",
            es: "cada documento de {child} guarda {field} ({category}) de {parent} junto a la referencia, así sus vistas no necesitan una segunda lectura",
            pt: "cada documento de {child} guarda {field} ({category}) de {parent} ao lado da referência, assim suas telas não precisam de uma segunda leitura";
            child, parent, field, category = cat.msg()
        ),
    }
}

/// Short, stable text fields a list would display (a name, a title): up to two. A field whose
/// stated change rate, times the `holders` that would keep a copy, reaches
/// [`VOLATILE_COPY_WRITES`] is not stable: it is never proposed (DS109 would report its copy).
fn displayed_fields(e: &Entity, holders: f64) -> Vec<&str> {
    let stable = |f: &crate::model::Field| f.changes_per_minute.is_none_or(|c| c * holders < VOLATILE_COPY_WRITES);
    let short = |f: &&crate::model::Field| {
        stable(f)
            && f.bson_type == BsonType::String
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
                    let (child, ends_in_s) = (Arg::str("prestamos"), parent.ends_with('s'));
                    let one = keeps_one(&child, &Arg::str(parent), ends_in_s, &c, category);
                    let listed = keeps(&child, &Arg::str(parent), ends_in_s, copy(&c, category));
                    for lang in [Lang::En, Lang::Es, Lang::Pt] {
                        assert_eq!(one.render(lang), listed.render(lang), "{category:?} {propagation:?} {lang:?}");
                    }
                    assert!(one.check().is_ok());
                }
            }
        }
    }

    /// A field that changes often is not proposed for the copy, however short.
    #[test]
    fn a_volatile_field_is_not_proposed() {
        use crate::model::{BsonType, Field};
        let mut e = Entity::new("user", "users");
        e.fields = vec![Field::new("name", BsonType::String), Field::new("status", BsonType::String)];
        e.fields[1].changes_per_minute = Some(50.0);
        assert_eq!(displayed_fields(&e, 10.0), ["name", "status"], "500 copy writes a minute");
        assert_eq!(displayed_fields(&e, 40.0), ["name"], "2,000 copy writes a minute");
    }
}
