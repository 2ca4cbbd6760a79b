//! The subset pattern on one relation: the few children a view shows kept in the parent, the
//! full set in their own collection.

use super::{ids, place, push};
use crate::advisor::relations::{subset_size, Facts, Usage};
use crate::advisor::{PatternKind, PatternSuggestion, Recommendation};
use crate::i18n::{Arg, Text};
use crate::model::{BsonType, Storage};
use crate::text;

/// Whether a subset (with its `total_` count) is suggested for this relation: the verdict is a
/// reference with a subset, and none is declared. Never beside a bucket: one relation, one shape.
pub(super) fn subset_suggested(f: &Facts, rec: Option<Recommendation>) -> bool {
    f.rel.subset.is_none()
        && rec == Some(Recommendation::ReferenceWithSubset)
        && f.rel.bucket.is_none()
        && f.rel.storage != Storage::Bucket
}

pub(super) fn suggest(u: &Usage, f: &Facts, rec: Option<Recommendation>, out: &mut Vec<PatternSuggestion>) {
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    if let Some(s) = &f.rel.subset {
        let order = order_words(u, f, &s.order_by);
        let count = s.count_field.as_deref().filter(|c| !c.is_empty());
        push(out, PatternKind::Subset, place(f), true, in_use(s.size, child, order, &s.field, count, parent));
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

/// The sentence of a subset in use: the `size` children in `order` kept in `field` of
/// `parent`, with the `count` beside them when there is one.
fn in_use(size: u32, child: &Arg, order: Text, field: &str, count: Option<&str>, parent: &Arg) -> Text {
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
