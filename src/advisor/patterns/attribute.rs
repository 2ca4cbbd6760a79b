//! The attribute pattern (MongoDB, "Building with Patterns: The Attribute Pattern"), in use or
//! where the evidence says it fits.
//!
//! The pattern is for characteristics that only a small part of the documents carry (the
//! voltage of a lamp, the page count of a book) and that searches filter on: each would need an
//! index of its own, while an array of `{k, v}` pairs needs one. A field that is merely
//! optional is not such a characteristic: an order's coupon or carrier is an ordinary field of
//! most orders, served by compound indexes (ESR) and by dropping the rarely used ones. So the
//! pattern is proposed only from evidence that the fields are sparse:
//!
//! - a stated `presence` under one half (the share of documents that carry the field, which
//!   `docshape infer` measures), or
//! - fields of a polymorphic collection's variants whose documents are under half of the
//!   collection (each variant's `share`, the rest split between those that state none).
//!
//! Names alone (`release_us`, `release_fr`…) are not taken as evidence: a family of names
//! with one stem is as often a flattened sub-document (`address_city`, `address_zip`) or a set
//! of figures (`price_min`, `price_max`) as a set of keyed values.

use super::push;
use crate::advisor::{PatternKind, PatternSuggestion};
use crate::i18n::{Arg, Text};
use crate::keyed::HashMap;
use crate::model::{AccessPattern, BsonType, Entity, Field, Id, Model, Place, QueryKind};
use crate::text;

/// A characteristic is sparse when fewer than this share of the documents carry it.
const SPARSE: f64 = 0.5;
/// A collection needs at least this many sparse characteristics for the attribute pattern…
const ATTRIBUTE_FIELDS: usize = 6;
/// …and access patterns filtering on at least this many of them.
const ATTRIBUTE_FILTERED: usize = 3;

/// The reads (and analytical reads) of the model by the entity they start at.
pub(super) fn reads_by_entity(model: &Model) -> HashMap<&str, Vec<&AccessPattern>> {
    let mut by: HashMap<&str, Vec<&AccessPattern>> = HashMap::default();
    for q in model.queries.iter().filter(|q| q.kind != QueryKind::Write) {
        by.entry(q.entity.as_str()).or_default().push(q);
    }
    by
}

/// What says that a field is sparse.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Evidence {
    /// Its `presence`, stated or measured.
    Stated,
    /// It belongs to variants of a polymorphic collection that are under half of its documents.
    Variant,
}

/// A scalar field that under half of a collection's documents carry.
#[derive(Debug, PartialEq)]
struct Characteristic<'e> {
    name: &'e str,
    /// The share of the collection's documents that carry it (0..1).
    presence: f64,
    evidence: Evidence,
}

/// A scalar field that could be a characteristic: not `_id`, not a sub-document or an array.
fn scalar(f: &Field) -> bool {
    f.name != "_id" && !matches!(f.bson_type, BsonType::Object | BsonType::Array)
}

/// The sparse characteristics of collection `e`, in model order: top-level fields by their
/// stated presence, then the fields of its variants by the variants' shares (a field several
/// variants carry counts the share of each; one with a `presence` of its own, counted within
/// its variant, scales it).
fn characteristics(e: &Entity) -> Vec<Characteristic<'_>> {
    let mut out: Vec<Characteristic> = e
        .fields
        .iter()
        .filter(|f| scalar(f))
        .filter_map(|f| f.carried_by().map(|presence| (f, presence)))
        .filter(|(_, presence)| *presence < SPARSE)
        .map(|(f, presence)| Characteristic { name: &f.name, presence, evidence: Evidence::Stated })
        .collect();
    let variants = &e.collection.variants;
    let unset = variants.iter().filter(|v| v.share.is_none()).count().max(1) as f64;
    let given: f64 = variants.iter().filter_map(|v| v.share).filter(|s| s.is_finite()).sum();
    let rest = (1.0 - given).max(0.0) / unset;
    let discriminator = e.collection.discriminator.as_deref();
    let mut shared: Vec<(&str, f64)> = Vec::new();
    for v in variants {
        let share = v.share.filter(|s| (0.0..=1.0).contains(s)).unwrap_or(rest);
        for f in v.fields.iter().filter(|f| scalar(f) && Some(f.name.as_str()) != discriminator) {
            if e.fields.iter().any(|top| top.name == f.name) {
                continue; // every document may carry it: the top-level field says how many
            }
            let within = if f.required { 1.0 } else { f.presence.unwrap_or(1.0) };
            match shared.iter_mut().find(|(name, _)| *name == f.name) {
                Some((_, presence)) => *presence += share * within,
                None => shared.push((&f.name, share * within)),
            }
        }
    }
    out.extend(shared.into_iter().filter(|(_, presence)| *presence < SPARSE).map(|(name, presence)| Characteristic {
        name,
        presence: presence.min(1.0),
        evidence: Evidence::Variant,
    }));
    out
}

/// An array of `{k, v}` sub-documents: the attribute pattern in use.
fn attribute_array(e: &Entity) -> Option<&Field> {
    e.fields.iter().find(|f| {
        f.bson_type == BsonType::Array
            && f.items == Some(BsonType::Object)
            && f.fields.iter().any(|s| s.name == "k")
            && f.fields.iter().any(|s| s.name == "v")
    })
}

/// How the sentence names the evidence.
fn evidence_text(all: &[Characteristic]) -> Text {
    let stated = all.iter().any(|c| c.evidence == Evidence::Stated);
    let variant = all.iter().any(|c| c.evidence == Evidence::Variant);
    match (stated, variant) {
        (true, false) => text!(
            en: "by their presence figures",
            es: "según sus cifras de presencia",
            pt: "segundo suas cifras de presença"
        ),
        (false, _) => text!(
            en: "fields only some of its variants have",
            es: "campos que solo tienen algunas de sus variantes",
            pt: "campos que só algumas de suas variantes têm"
        ),
        (true, true) => text!(
            en: "by their presence figures, or as fields only some of its variants have",
            es: "según sus cifras de presencia, o como campos que solo tienen algunas de sus variantes",
            pt: "segundo suas cifras de presença, ou como campos que só algumas de suas variantes têm"
        ),
    }
}

/// The attribute pattern on collection `e`, in use or fitting.
pub(super) fn attribute(e: &Entity, reads: &HashMap<&str, Vec<&AccessPattern>>, out: &mut Vec<PatternSuggestion>) {
    let place = || Place::Entity { id: Id::new(&e.id) };
    let collection = e.name.as_str();
    if let Some(array) = attribute_array(e) {
        let field = array.name.as_str();
        let change = text!(
            en: "{collection} keeps its varying characteristics in {field} as {k, v} pairs, so one index {\"{field}.k\": 1, \"{field}.v\": 1} serves a search on any of them",
            es: "{collection} guarda sus características variables en {field} como pares {k, v}, así un solo índice {\"{field}.k\": 1, \"{field}.v\": 1} sirve una búsqueda por cualquiera de ellas",
            pt: "{collection} guarda suas características variáveis em {field} como pares {k, v}, assim um só índice {\"{field}.k\": 1, \"{field}.v\": 1} atende uma busca por qualquer uma delas";
            collection, field
        );
        push(out, PatternKind::Attribute, place(), true, change);
        return;
    }
    let sparse = characteristics(e);
    if sparse.len() < ATTRIBUTE_FIELDS {
        return;
    }
    let mut filtered: Vec<&str> = Vec::new();
    let mut by: Vec<&str> = Vec::new();
    for q in reads.get(e.id.as_str()).map(Vec::as_slice).unwrap_or_default() {
        for flt in &q.filters {
            if sparse.iter().any(|c| c.name == flt.field) && !filtered.contains(&flt.field.as_str()) {
                filtered.push(flt.field.as_str());
                if !by.contains(&q.id.as_str()) {
                    by.push(q.id.as_str());
                }
            }
        }
    }
    if filtered.len() < ATTRIBUTE_FILTERED {
        return;
    }
    let most = sparse.iter().map(|c| c.presence).fold(0.0, f64::max);
    let change = text!(
        en: "{collection} has {n} characteristics, each in at most {share} of its documents ({evidence}), and {queries} filter on {fields}, which would need one index each: move them into an array attrs of {k, v} pairs (e.g. {k: \"{first}\", v: …}) with one index {\"attrs.k\": 1, \"attrs.v\": 1}",
        es: "{collection} tiene {n} características, cada una presente como mucho en el {share} de sus documentos ({evidence}), y {queries} filtran por {fields}, que necesitarían un índice cada una: muévelas a un array attrs de pares {k, v} (p. ej., {k: \"{first}\", v: …}) con un solo índice {\"attrs.k\": 1, \"attrs.v\": 1}",
        pt: "{collection} tem {n} características, cada uma presente em no máximo {share} de seus documentos ({evidence}), e {queries} filtram por {fields}, que precisariam de um índice cada: mova-as para um array attrs de pares {k, v} (p. ex., {k: \"{first}\", v: …}) com um só índice {\"attrs.k\": 1, \"attrs.v\": 1}";
        collection, n = sparse.len(), share = Arg::Percent(most), evidence = evidence_text(&sparse),
        queries = Arg::list(&by), fields = Arg::list(&filtered),
        first = filtered.first().copied().unwrap_or_default()
    );
    push(out, PatternKind::Attribute, place(), false, change);
}

#[cfg(test)]
mod tests {
    use super::{characteristics, Evidence};
    use crate::advisor::{analyze, PatternKind, PatternSuggestion};
    use crate::i18n::Lang;
    use crate::model::{AccessPattern, BsonType, Entity, Field, Filter, FilterOp, Model, Variant};

    fn suggested(m: &Model) -> Vec<PatternSuggestion> {
        analyze(m).patterns.into_iter().filter(|p| p.pattern == PatternKind::Attribute).collect()
    }

    fn search(id: &str, field: &str) -> AccessPattern {
        let mut q = AccessPattern::new(id, "search", "p");
        q.filters = vec![Filter::new(field, FilterOp::Equality)];
        q
    }

    const TRAITS: [&str; 7] = ["color", "size", "voltage", "capacity", "wattage", "author", "pages"];

    /// Products with seven optional characteristics, each carried by `presence` of them
    /// (`None`: not stated), three of them searched.
    fn catalogue(presence: Option<f64>) -> Model {
        let mut m = Model::new("t");
        let mut e = Entity::new("p", "products");
        e.fields.push(Field::new("_id", BsonType::ObjectId));
        for name in TRAITS {
            let mut f = Field::new(name, BsonType::String);
            f.presence = presence;
            e.fields.push(f);
        }
        m.entities.push(e);
        m.queries = vec![search("S1", "color"), search("S2", "voltage"), search("S3", "author")];
        m
    }

    #[test]
    fn sparse_characteristics_searched_by_value_get_the_attribute_pattern_with_the_evidence() {
        let p = suggested(&catalogue(Some(0.2)));
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(!p[0].in_use);
        let en = p[0].change.en();
        assert!(
            en.starts_with(
                "products has 7 characteristics, each in at most 20% of its documents (by their presence figures), and S1"
            ),
            "{en}"
        );
        assert!(en.contains("S1, S2 and S3 filter on color, voltage and author"), "{en}");
        assert!(en.contains("{\"attrs.k\": 1, \"attrs.v\": 1}"));
        let es = p[0].change.render(Lang::Es);
        assert!(
            es.contains(
                "cada una presente como mucho en el 20% de sus documentos (según sus cifras de presencia), y S1"
            ),
            "{es}"
        );
        assert!(p[0].change.render(Lang::Pt).contains("pares {k, v}"));
    }

    #[test]
    fn optional_fields_are_not_sparse_without_evidence() {
        // Optional and searched, but nothing says how many documents carry them: ordinary
        // optional fields (an order's coupon, carrier, city) want compound indexes, not {k, v}.
        assert!(suggested(&catalogue(None)).is_empty());
        // In half of the documents or more: not sparse either.
        assert!(suggested(&catalogue(Some(0.5))).is_empty());
        assert!(suggested(&catalogue(Some(0.9))).is_empty());
        // Required fields are in every document, whatever presence says.
        let mut m = catalogue(Some(0.2));
        m.entities[0].fields.iter_mut().for_each(|f| f.required = true);
        assert!(suggested(&m).is_empty(), "shared, required fields are not sparse");
        // Sparse, but only two searched: two indexes do the job.
        let mut m = catalogue(Some(0.2));
        m.queries.pop();
        assert!(suggested(&m).is_empty(), "two searched fields are two indexes");
        // Five sparse fields and two dense ones: too few characteristics.
        let mut m = catalogue(Some(0.2));
        m.entities[0].fields[1].presence = Some(0.8);
        m.entities[0].fields[2].presence = None;
        assert!(suggested(&m).is_empty());
    }

    /// A polymorphic catalogue: three variants (lamps 30%, books 40%, the rest split by the
    /// fridges and the phones) with fields of their own, and searches on three of them.
    fn variants() -> Model {
        let mut m = Model::new("t");
        let mut e = Entity::new("p", "products");
        e.fields = vec![Field::new("_id", BsonType::ObjectId), Field::new("name", BsonType::String)];
        let variant = |value: &str, share: Option<f64>, fields: &[&str]| Variant {
            value: value.into(),
            fields: fields.iter().map(|n| Field::new(n, BsonType::String)).collect(),
            share,
        };
        e.collection.discriminator = Some("kind".into());
        e.collection.variants = vec![
            variant("lamp", Some(0.3), &["voltage", "wattage", "color"]),
            variant("book", Some(0.4), &["author", "pages", "isbn"]),
            variant("fridge", None, &["capacity", "color"]),
            variant("phone", None, &["screen", "ram"]),
        ];
        m.entities.push(e);
        m.queries = vec![search("S1", "voltage"), search("S2", "author"), search("S3", "capacity")];
        m
    }

    #[test]
    fn fields_of_minority_variants_are_sparse_characteristics() {
        let m = variants();
        let all = characteristics(&m.entities[0]);
        let names: Vec<&str> = all.iter().map(|c| c.name).collect();
        // color: lamps and fridges, 30% + 15% = 45%.
        assert_eq!(names, ["voltage", "wattage", "color", "author", "pages", "isbn", "capacity", "screen", "ram"]);
        let color = all.iter().find(|c| c.name == "color").map(|c| c.presence).unwrap_or_default();
        assert!((color - 0.45).abs() < 1e-9, "{color}");
        assert!(all.iter().all(|c| c.evidence == Evidence::Variant));
        let p = suggested(&m);
        assert_eq!(p.len(), 1, "{p:?}");
        let en = p[0].change.en();
        assert!(
            en.contains(
                "9 characteristics, each in at most 45% of its documents (fields only some of its variants have), and"
            ),
            "{en}"
        );
        assert!(en.contains("S1, S2 and S3 filter on voltage, author and capacity"), "{en}");

        // A variant that most documents are: its fields are not sparse.
        let mut m = variants();
        m.entities[0].collection.variants[1].share = Some(0.6);
        m.entities[0].collection.variants[0].share = Some(0.1);
        let names: Vec<&str> = characteristics(&m.entities[0]).iter().map(|c| c.name).collect();
        assert!(!names.contains(&"author") && names.contains(&"voltage"), "{names:?}");
        assert!(suggested(&m).is_empty(), "author is in 60% of the documents: two sparse fields searched");
    }

    #[test]
    fn a_top_level_field_and_the_discriminator_are_not_variant_characteristics() {
        let mut m = variants();
        let mut voltage = Field::new("voltage", BsonType::Int);
        voltage.presence = Some(0.9);
        m.entities[0].fields.push(voltage);
        m.entities[0].collection.variants[2].fields.push(Field::new("kind", BsonType::String));
        let names: Vec<&str> = characteristics(&m.entities[0]).iter().map(|c| c.name).collect();
        assert!(!names.contains(&"voltage") && !names.contains(&"kind"), "{names:?}");
        // Stated and variant evidence together.
        let mut m = variants();
        let mut weight = Field::new("weight", BsonType::Double);
        weight.presence = Some(0.1);
        m.entities[0].fields.push(weight);
        let en = suggested(&m)[0].change.en();
        assert!(en.contains("(by their presence figures, or as fields only some of its variants have)"), "{en}");
    }

    #[test]
    fn an_array_of_k_v_pairs_is_the_attribute_pattern_in_use() {
        let mut m = catalogue(None);
        let mut attrs = Field::new("attrs", BsonType::Array);
        attrs.items = Some(BsonType::Object);
        attrs.fields = vec![Field::new("k", BsonType::String), Field::new("v", BsonType::String)];
        m.entities[0].fields = vec![Field::new("_id", BsonType::ObjectId), attrs];
        let p = suggested(&m);
        assert_eq!(p.len(), 1);
        assert!(p[0].in_use && p[0].change.en().contains("{\"attrs.k\": 1, \"attrs.v\": 1}"), "{p:?}");
    }
}
