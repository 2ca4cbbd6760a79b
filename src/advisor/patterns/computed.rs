//! The computed pattern on one relation: values the parent (or each bucket) stores, computed
//! from its children, in use or fitting when reads far outnumber the children's writes.

use super::parent_writes::{recorded, WritesOn};
use super::{joined, place, push};
use crate::advisor::relations::{view_shows_all, Facts, Usage};
use crate::advisor::{CardinalityClass, PatternKind, PatternSuggestion, Recommendation};
use crate::i18n::{Arg, Text};
use crate::model::{Computed, Entity, Storage};
use crate::text;

/// Reads must outnumber writes by this factor before a computed value pays for itself.
const COMPUTED_READ_RATIO: f64 = 10.0;

/// What a computed value is, in the reader's words (`sum` reads "suma" in Spanish); an
/// operation the model file names otherwise stays as written.
fn op_words(op: &str) -> Arg {
    match op {
        "sum" => text!(en: "sum", es: "suma", pt: "soma").into(),
        "count" => text!(en: "count", es: "recuento", pt: "contagem").into(),
        "avg" => text!(en: "average", es: "promedio", pt: "média").into(),
        "min" => text!(en: "minimum", es: "mínimo", pt: "mínimo").into(),
        "max" => text!(en: "maximum", es: "máximo", pt: "máximo").into(),
        other => Arg::str(other),
    }
}

/// One computed value, as an item of the list a holder stores.
fn value(c: &Computed) -> Arg {
    let (field, source) = (c.field.as_str(), c.source.as_str());
    let op = op_words(&c.op);
    match (source.is_empty(), c.op == "avg") {
        (true, false) => text!(en: "{field} ({op})", es: "{field} ({op})", pt: "{field} ({op})"; field, op),
        (false, false) => text!(
            en: "{field} ({op} of {source})",
            es: "{field} ({op} de {source})",
            pt: "{field} ({op} de {source})";
            field, op, source
        ),
        (true, true) => text!(
            en: "{field} ({op} with its sum and count, so each change is a $inc)",
            es: "{field} ({op} con su suma y su recuento, así cada cambio es un $inc)",
            pt: "{field} ({op} com sua soma e contagem, assim cada mudança é um $inc)";
            field, op
        ),
        (false, true) => text!(
            en: "{field} ({op} of {source} with its sum and count, so each change is a $inc)",
            es: "{field} ({op} de {source} con su suma y su recuento, así cada cambio es un $inc)",
            pt: "{field} ({op} de {source} com sua soma e contagem, assim cada mudança é um $inc)";
            field, op, source
        ),
    }
    .into()
}

/// The sentence for a holder that stores several computed values.
fn stores(holder: Arg, values: Arg) -> Text {
    text!(
        en: "{holder} stores {values} instead of recomputing them on every read; a periodic full recompute corrects drift",
        es: "{holder} guarda {values} en lugar de recalcularlos en cada lectura; un recálculo completo periódico corrige la deriva",
        pt: "{holder} armazena {values} em vez de recalculá-los a cada leitura; um recálculo completo periódico corrige o desvio";
        holder, values
    )
}

/// The sentence for a holder that stores one computed value (the common case): the value's
/// words are part of it, as [`stores`] would put [`value`], so nothing is
/// nested.
fn stores_one(holder: Arg, c: &Computed) -> Text {
    let (field, source) = (c.field.as_str(), c.source.as_str());
    let op = op_words(&c.op);
    match (source.is_empty(), c.op == "avg") {
        (true, false) => text!(
            en: "{holder} stores {field} ({op}) instead of recomputing them on every read; a periodic full recompute corrects drift",
            es: "{holder} guarda {field} ({op}) en lugar de recalcularlos en cada lectura; un recálculo completo periódico corrige la deriva",
            pt: "{holder} armazena {field} ({op}) em vez de recalculá-los a cada leitura; um recálculo completo periódico corrige o desvio";
            holder, field, op
        ),
        (false, false) => text!(
            en: "{holder} stores {field} ({op} of {source}) instead of recomputing them on every read; a periodic full recompute corrects drift",
            es: "{holder} guarda {field} ({op} de {source}) en lugar de recalcularlos en cada lectura; un recálculo completo periódico corrige la deriva",
            pt: "{holder} armazena {field} ({op} de {source}) em vez de recalculá-los a cada leitura; um recálculo completo periódico corrige o desvio";
            holder, field, op, source
        ),
        (true, true) => text!(
            en: "{holder} stores {field} ({op} with its sum and count, so each change is a $inc) instead of recomputing them on every read; a periodic full recompute corrects drift",
            es: "{holder} guarda {field} ({op} con su suma y su recuento, así cada cambio es un $inc) en lugar de recalcularlos en cada lectura; un recálculo completo periódico corrige la deriva",
            pt: "{holder} armazena {field} ({op} com sua soma e contagem, assim cada mudança é um $inc) em vez de recalculá-los a cada leitura; um recálculo completo periódico corrige o desvio";
            holder, field, op
        ),
        (false, true) => text!(
            en: "{holder} stores {field} ({op} of {source} with its sum and count, so each change is a $inc) instead of recomputing them on every read; a periodic full recompute corrects drift",
            es: "{holder} guarda {field} ({op} de {source} con su suma y su recuento, así cada cambio es un $inc) en lugar de recalcularlos en cada lectura; un recálculo completo periódico corrige la deriva",
            pt: "{holder} armazena {field} ({op} de {source} com sua soma e contagem, assim cada mudança é um $inc) em vez de recalculá-los a cada leitura; um recálculo completo periódico corrige o desvio";
            holder, field, op, source
        ),
    }
}

/// A numeric child field worth averaging: one with a stated range (a rating, a score).
fn rated_field(e: &Entity) -> Option<&str> {
    e.fields
        .iter()
        .find(|x| x.bson_type.is_numeric() && x.constraints.minimum.is_some() && x.constraints.maximum.is_some())
        .map(|x| x.name.as_str())
}

pub(super) fn suggest<'a>(
    u: &Usage<'a>,
    writes: &WritesOn<'a>,
    f: &Facts,
    rec: Option<Recommendation>,
    out: &mut Vec<PatternSuggestion>,
) {
    let rel = f.rel;
    let (parent, child) = f.names();
    let (parent, child) = (&parent, &child);
    if !rel.computed.is_empty() {
        let holder: Arg = if rel.storage == Storage::Bucket {
            text!(en: "each bucket of {child}", es: "cada contenedor de {child}", pt: "cada bucket de {child}"; child)
                .into()
        } else {
            parent.clone()
        };
        let change = match rel.computed.as_slice() {
            [one] => stores_one(holder, one),
            many => stores(holder, joined(many.iter().map(value).collect())),
        };
        push(out, PatternKind::Computed, place(f), true, change);
        return;
    }
    let referenced = matches!(
        rec,
        Some(
            Recommendation::ReferenceWithSubset
                | Recommendation::ReferenceIdsInParent
                | Recommendation::ReferenceFromChild
                | Recommendation::Bucket
        )
    );
    // A one-to-one child has nothing to count or average: its parent holds one or none.
    if !referenced || f.parent_external || f.parent_view.is_empty() || f.class == CardinalityClass::OneToOne {
        return;
    }
    // A view that shows every child (a movie page and its cast) loads them all anyway: a count
    // or an average kept beside them saves that read nothing.
    if view_shows_all(f) {
        return;
    }
    // Children written through the parent (a `$push` and `$inc` recorded on it) count too, and
    // a counter it already keeps is the count in use.
    let on_parent = recorded(u, writes, rel);
    let child_writes = f.child_writes + on_parent.per_minute;
    if f.parent_reads < COMPUTED_READ_RATIO * child_writes.max(0.1) {
        return;
    }
    let rated = u.entity(&rel.child).and_then(rated_field);
    // A count the parent keeps already (a declared subset's count field, a counter its writes
    // update) or will keep with the subset suggested beside this one (`total_{child}`) is not
    // proposed a second time.
    let counted = rel.subset.as_ref().and_then(|s| s.count_field.as_ref()).is_some()
        || on_parent.counter
        || super::subset::subset_suggested(f, rec);
    let what = match (rated, counted) {
        (Some(field), true) => text!(
            en: "the average of {field} with its sum and count",
            es: "la media de {field} con su suma y su recuento",
            pt: "a média de {field} com sua soma e contagem";
            field
        ),
        (Some(field), false) => text!(
            en: "the count of {child} and the average of {field} with its sum",
            es: "el recuento de {child} y la media de {field} con su suma",
            pt: "a contagem de {child} e a média de {field} com sua soma";
            child, field
        ),
        (None, false) => {
            text!(en: "the count of {child}", es: "el recuento de {child}", pt: "a contagem de {child}"; child)
        }
        (None, true) => return,
    };
    let change = text!(
        en: "store {what} in {parent} and update it with $inc on each write: {reads} reads a minute against {writes} writes",
        es: "guarda {what} en {parent} y actualízalo con $inc en cada escritura: {reads} lecturas por minuto frente a {writes} escrituras",
        pt: "armazene {what} em {parent} e atualize com $inc a cada escrita: {reads} leituras por minuto contra {writes} escritas";
        what, parent, reads = Arg::Count(f.parent_reads), writes = Arg::Count(child_writes)
    );
    push(out, PatternKind::Computed, place(f), false, change);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn a_one_to_one_child_gets_no_count() {
        use crate::advisor::rules::relation_fixtures::{parent_child, read, split_details};
        use crate::advisor::{analyze, PatternKind};
        let computed = |m: &crate::model::Model| analyze(m).patterns.iter().any(|p| p.pattern == PatternKind::Computed);
        // Referenced, read far more than written, but one child at most: nothing to count.
        assert!(!computed(&split_details()));
        // The same reads over a one-to-many rated child do get the average: 50 comments, at
        // most 5,000, more than a view shows (the count comes with the subset suggested).
        let mut m = parent_child(Storage::Reference, 50.0, Some(5_000));
        m.relations[0].read_separately = true;
        let mut stars = crate::model::Field::new("stars", crate::model::BsonType::Int);
        stars.constraints.minimum = Some(1.0);
        stars.constraints.maximum = Some(5.0);
        m.entities[1].fields.push(stars);
        m.queries.push(read("D", "post", &["comment"], 5_000.0));
        assert!(computed(&m));
    }

    #[test]
    fn a_view_that_shows_every_child_gets_no_count_or_average() {
        use crate::advisor::rules::relation_fixtures::{parent_child, read};
        use crate::advisor::{analyze, PatternKind};
        use crate::model::{BsonType, Field};
        let computed = |m: &crate::model::Model| analyze(m).patterns.iter().any(|p| p.pattern == PatternKind::Computed);
        // A movie page showing its whole cast (15, at most 300), read 3,000 times a minute: it
        // loads every actor anyway, so their count or an average kept beside them saves nothing.
        let mut m = parent_child(Storage::Reference, 15.0, Some(300));
        m.relations[0].read_separately = true;
        let mut stars = Field::new("stars", BsonType::Int);
        stars.constraints.minimum = Some(1.0);
        stars.constraints.maximum = Some(5.0);
        m.entities[1].fields.push(stars);
        m.queries.push(read("M", "post", &["comment"], 3_000.0));
        assert!(!computed(&m), "{:?}", analyze(&m).patterns);
        // Past what one view shows (a bound over 1,000 or no bound), the stored values pay.
        m.relations[0].cardinality.max = Some(3_000);
        assert!(computed(&m));
    }

    #[test]
    fn one_value_reads_as_the_list_sentence_would_say_it() {
        for (op, source) in [("sum", ""), ("max", "precio"), ("avg", ""), ("avg", "puntuacion")] {
            let c = Computed { field: "resumen".into(), op: op.into(), source: source.into() };
            let one = stores_one(Arg::str("libros"), &c);
            let listed = stores(Arg::str("libros"), value(&c));
            for lang in [Lang::En, Lang::Es, Lang::Pt] {
                assert_eq!(one.render(lang), listed.render(lang), "{op} {source} {lang:?}");
            }
            assert!(one.check().is_ok());
        }
        let c = Computed { field: "media".into(), op: "avg".into(), source: "nota".into() };
        assert_eq!(
            stores_one(Arg::str("libros"), &c).render(Lang::Pt),
            "libros armazena media (média de nota com sua soma e contagem, assim cada mudança é um $inc) em vez de recalculá-los a cada leitura; um recálculo completo periódico corrige o desvio"
        );
    }
}
