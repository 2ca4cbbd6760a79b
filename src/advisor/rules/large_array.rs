use super::local_figures::count;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::{Arg, Text};
use crate::model::{Field, Id, Place, Relation, Storage, Thresholds};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags an array whose largest size is over `thresholds.arrayWarn` (1,000 elements, MongoDB's
    /// advice) or `thresholds.arrayAtlas` (10,000, where Atlas' schema advisor flags it): a
    /// declared array's `maxItems` (constraint or size hint), an embedded relation's or id array's
    /// maximum (outliers included when no outlier pattern takes them), or a bucket's cap. Unbounded
    /// arrays are the `unbounded-array` rule's concern. A bucket's event array (the bucket
    /// relation's `arrayField`) capped at no more than `thresholds.arrayAtlas` is not flagged: the
    /// cap is the bucket pattern's point, and "Modelagem de Documentos" holds up a sensor-day
    /// bucket of 1,440 readings (one a minute) as the design whose "array has a known ceiling". A
    /// bucket capped above Atlas' flag still is.
    ///
    /// ## Why is this bad?
    /// Every element of an indexed array is an index entry, `$push` and `$pull` on a long
    /// array rewrite a large document, and reading one element loads all of them. Past a
    /// thousand elements the array usually wants to be a collection.
    ///
    /// ## Example
    /// `votos` embedded in each review with a maximum of 50,000 votes.
    ///
    /// ## Use instead
    /// Reference the elements from their own collection (each pointing at the parent) and
    /// keep a subset or a computed summary (count, average) in the parent; for events, the
    /// bucket pattern with a cap of a few hundred.
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Uno a pocos, uno a muchos, uno a muchísimos";
    /// MongoDB, "Avoid Unbounded Arrays"; Atlas schema suggestions (arrays over 10,000 entries).
    pub LargeArray {
        code: "DS203",
        name: "large-array",
        category: Size,
        severity: Warning,
    }
}

impl Rule for LargeArray {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let t = &cx.model.thresholds;
        // The two thresholds' clauses, written once and copied into each finding.
        let overs = Overs::new(t);
        let t = &overs;
        for array in cx.design.array_fields() {
            let Some(n) = cap_of(array.field).filter(|n| *n > t.array_warn) else { continue };
            let (e, path) = (array.entity, &*array.path);
            // A bucket document's event array (of a bucket relation to `e`), read from the
            // entity's own relations: few arrays get this far.
            let bucket_array = || {
                let is_bucket = |r: &&Relation| match (r.storage, &r.bucket) {
                    (Storage::Bucket, Some(b)) => b.array_field == path,
                    _ => false,
                };
                cx.design.parents(&e.id).iter().any(is_bucket)
            };
            if n <= t.array_atlas && bucket_array() {
                continue;
            }
            let source = text!(en: "its declared maximum", es: "su máximo declarado", pt: "seu máximo declarado");
            let place = Place::Field { entity: Id::new(&e.id), path: Id::new(path) };
            out.push(finding(t, place, (&e.name, path), n, source));
        }
        for r in &cx.model.relations {
            let holder_field = match r.storage {
                Storage::Embed => Some(r.field.as_str()),
                _ => r.reference.parent_field.as_deref(),
            };
            // The figures first: most relations are small, and need no look-up of their ends.
            let large = holder_field.filter(|f| !f.is_empty()).zip(largest(r).filter(|n| *n > t.array_warn));
            let limit = t.array_atlas; // a capped bucket is the fix, up to Atlas' flag
            let bucket = match (r.storage, &r.bucket) {
                (Storage::Bucket, Some(b)) if b.cap > limit => Some(b),
                _ => None,
            };
            if large.is_none() && bucket.is_none() {
                continue;
            }
            let (Some(parent), child) = cx.design.ends(r) else { continue };
            if let Some((field, n)) = large.filter(|(f, _)| !capped(parent, f)) {
                let label = (parent.name.as_str(), field);
                let source =
                    text!(en: "the relation's maximum", es: "el máximo de la relación", pt: "o máximo da relação");
                out.push(finding(t, Place::Relation { id: Id::new(&r.id) }, label, n, source));
            }
            if let Some(b) = bucket {
                if !child.is_some_and(|c| capped(c, &b.array_field)) {
                    let label = (child.map_or(r.child.as_str(), |c| c.name.as_str()), b.array_field.as_str());
                    let source = text!(en: "the bucket's cap", es: "el tope del contenedor", pt: "o teto do bucket");
                    out.push(finding(t, Place::Relation { id: Id::new(&r.id) }, label, b.cap, source));
                }
            }
        }
    }
}

/// The declared field `name` of `e` carries its own cap (reported on the field).
fn capped(e: &crate::model::Entity, name: &str) -> bool {
    e.field(name).is_some_and(|f| cap_of(f).is_some())
}

/// An array's declared maximum: the `maxItems` constraint, else the size hint.
fn cap_of(f: &Field) -> Option<u64> {
    f.constraints.max_items.or(f.size.max_items)
}

/// The most children one parent holds, outliers included unless the outlier pattern
/// moves them out; `None` when unbounded.
fn largest(r: &Relation) -> Option<u64> {
    let max = r.cardinality.max?;
    let outliers = r.cardinality.outliers.as_ref().filter(|_| r.outlier.is_none()).map_or(0, |o| o.max);
    Some(max.max(outliers))
}

/// The finding about the array `field` of `holder` (`(holder, field)`, shown dotted).
/// The thresholds and the clause each one adds to a finding (`over the 10000 entries Atlas'
/// schema advisor flags`), built once per analysis rather than once per finding.
struct Overs<'t> {
    thresholds: &'t Thresholds,
    atlas: Arg,
    warn: Arg,
}

impl<'t> Overs<'t> {
    fn new(t: &'t Thresholds) -> Overs<'t> {
        let atlas = text!(
            en: "over the {n} entries Atlas' schema advisor flags",
            es: "por encima de las {n} entradas que señala el schema advisor de Atlas",
            pt: "acima das {n} entradas que o schema advisor do Atlas sinaliza";
            n = count(t.array_atlas)
        );
        let warn = text!(
            en: "over the {n} elements MongoDB advises",
            es: "por encima de los {n} elementos que aconseja MongoDB",
            pt: "acima dos {n} elementos que o MongoDB recomenda";
            n = count(t.array_warn)
        );
        Overs { thresholds: t, atlas: Arg::from(atlas), warn: Arg::from(warn) }
    }
}

impl std::ops::Deref for Overs<'_> {
    type Target = Thresholds;

    fn deref(&self) -> &Thresholds {
        self.thresholds
    }
}

fn finding(t: &Overs, place: Place, (holder, field): (&str, &str), n: u64, source: Text) -> Finding {
    let array = format!("{holder}.{field}");
    let over = if n > t.array_atlas { t.atlas.clone() } else { t.warn.clone() };
    LargeArray::finding(
        place,
        text!(
            en: "{array} can hold {n} elements ({source}), {over}.",
            es: "{array} puede contener {n} elementos ({source}), {over}.",
            pt: "{array} pode conter {n} elementos ({source}), {over}.";
            array, n = count(n), source, over
        ),
        text!(
            en: "Each element of an indexed array is an index entry; every $push rewrites the document and reading one element loads them all.",
            es: "Cada elemento de un array indexado es una entrada de índice; cada $push reescribe el documento y leer un elemento los carga todos.",
            pt: "Cada elemento de um array indexado é uma entrada de índice; cada $push reescreve o documento e ler um elemento carrega todos."
        ),
        text!(
            en: "Move the elements to their own collection (each pointing at the parent) and keep a subset or a computed summary in the parent; for events use buckets of a few hundred.",
            es: "Mueve los elementos a su propia colección (cada uno apuntando al padre) y guarda un subconjunto o un resumen calculado en el padre; para eventos, usa contenedores (buckets) de unos cientos.",
            pt: "Mova os elementos para uma coleção própria (cada um apontando para o pai) e guarde um subconjunto ou um resumo calculado no pai; para eventos, use buckets de algumas centenas."
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};
    use crate::model::{BsonType, Cardinality, Field, Relation, Storage};

    #[test]
    fn a_declared_array_over_the_atlas_flag_is_reported() {
        let mut m = model();
        let mut votes = Field::new("votos", BsonType::Array);
        votes.items = Some(BsonType::Int);
        votes.constraints.max_items = Some(50_000);
        m.entities[0].fields.push(votes);
        let f = findings(&m, "DS203");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(
            f[0].message.contains("items.votos can hold 50,000") && f[0].message.contains("Atlas"),
            "{}",
            f[0].message
        );
    }

    #[test]
    fn an_embedded_relation_with_outliers_is_reported() {
        let mut m = model();
        m.entities.push(collection("v", "votes"));
        let mut r = Relation::new("r", "c", "v", Storage::Embed);
        r.field = "votes".into();
        r.cardinality = Cardinality { typical: 10.0, max: Some(100), ..Cardinality::default() };
        r.cardinality.outliers = Some(crate::model::Outliers { share: 0.001, max: 3_000 });
        m.relations.push(r);
        let f = findings(&m, "DS203");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("3,000") && f[0].message.contains("1,000 elements"), "{}", f[0].message);
    }

    #[test]
    fn small_arrays_pass() {
        let mut m = model();
        let mut tags = Field::new("tags", BsonType::Array);
        tags.constraints.max_items = Some(10);
        m.entities[0].fields.push(tags);
        assert!(findings(&m, "DS203").is_empty());
    }

    #[test]
    fn a_large_array_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        let mut votes = Field::new("votos", BsonType::Array);
        votes.items = Some(BsonType::Int);
        votes.constraints.max_items = Some(50_000);
        m.entities[0].fields.push(votes);
        let f = findings(&m, "DS203");
        assert_eq!(
            f[0].message.render(Lang::Es),
            "items.votos puede contener 50.000 elementos (su máximo declarado), por encima de las 10.000 entradas que señala el schema advisor de Atlas."
        );
        let pt = f[0].message.render(Lang::Pt);
        assert!(
            pt.starts_with("items.votos pode conter 50.000 elementos (seu máximo declarado), acima das 10.000"),
            "{pt}"
        );
    }

    #[test]
    fn seed_004s_day_bucket_of_1440_readings_passes() {
        let m = crate::model::load(include_str!("../../../public/templates/sensor-day.json")).expect("template");
        assert!(findings(&m, "DS203").is_empty(), "{:?}", findings(&m, "DS203"));
        // The same cap outside a bucket is an ordinary long array.
        let mut plain = m.clone();
        plain.relations.clear();
        assert_eq!(findings(&plain, "DS203").len(), 1);
        // A bucket capped past Atlas' flag is still flagged, on the field or on the relation.
        let mut huge = m.clone();
        let readings = huge.entities[1].fields.iter_mut().find(|f| f.name == "leituras").expect("leituras");
        readings.constraints.max_items = Some(20_000);
        readings.size.max_items = Some(20_000);
        assert_eq!(findings(&huge, "DS203").len(), 1);
        let mut by_cap = m;
        let readings = by_cap.entities[1].fields.iter_mut().find(|f| f.name == "leituras").expect("leituras");
        readings.constraints.max_items = None;
        readings.size.max_items = None;
        by_cap.relations[0].bucket.as_mut().expect("bucket").cap = 20_000;
        let f = findings(&by_cap, "DS203");
        assert!(f.len() == 1 && f[0].message.contains("the bucket's cap"), "{f:?}");
    }
}
