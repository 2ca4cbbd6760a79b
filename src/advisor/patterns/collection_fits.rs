//! Collection patterns proposed from the design's shape, not only echoed when declared:
//!
//! - **Attribute** (MongoDB, "Building with Patterns: The Attribute Pattern"): a collection
//!   with many optional, type-specific fields, several of them filtered on by access
//!   patterns, would need one index per field; an array of `{k, v}` pairs needs one.
//! - **Polymorphic** ("Building with Patterns: The Polymorphic Pattern"): collections whose
//!   documents share most of their fields and that one read needs together belong in one
//!   collection told apart by a type field.

use super::push;
use crate::advisor::PatternKind;
use crate::fast_hash::FastMap;
use crate::i18n::Arg;
use crate::model::{AccessPattern, BsonType, Entity, Field, Id, Model, Place, QueryKind};
use crate::text;

/// A collection needs at least this many optional scalar fields for the attribute pattern…
const ATTRIBUTE_FIELDS: usize = 6;
/// …and access patterns filtering on at least this many of them.
const ATTRIBUTE_FILTERED: usize = 3;
/// Two collections are variants of one shape when they share at least this many fields…
const SHARED_FIELDS: usize = 3;
/// …making up at least this share of the fields of each (of the larger one).
const SHARED_SHARE: f64 = 0.6;

/// The reads (and analytical reads) of the model by the entity they start at.
pub(super) fn reads_by_entity(model: &Model) -> FastMap<&str, Vec<&AccessPattern>> {
    let mut by: FastMap<&str, Vec<&AccessPattern>> = FastMap::default();
    for q in model.queries.iter().filter(|q| q.kind != QueryKind::Write) {
        by.entry(q.entity.as_str()).or_default().push(q);
    }
    by
}

/// An optional scalar field at the top level (not `_id`): a characteristic some documents have.
fn sparse(f: &Field) -> bool {
    !f.required && f.name != "_id" && !matches!(f.bson_type, BsonType::Object | BsonType::Array)
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

/// The attribute pattern on collection `e`, in use or fitting.
pub(super) fn attribute(
    e: &Entity,
    reads: &FastMap<&str, Vec<&AccessPattern>>,
    out: &mut Vec<crate::advisor::PatternSuggestion>,
) {
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
    let optional: Vec<&Field> = e.fields.iter().filter(|f| sparse(f)).collect();
    if optional.len() < ATTRIBUTE_FIELDS {
        return;
    }
    let mut filtered: Vec<&str> = Vec::new();
    let mut by: Vec<&str> = Vec::new();
    for q in reads.get(e.id.as_str()).map(Vec::as_slice).unwrap_or_default() {
        for flt in &q.filters {
            if optional.iter().any(|f| f.name == flt.field) && !filtered.contains(&flt.field.as_str()) {
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
    let change = text!(
        en: "{collection} has {n} optional, type-specific fields and {queries} filter on {fields}, which would need one index each: move them into an array attrs of {k, v} pairs (e.g. {k: \"{first}\", v: …}) with one index {\"attrs.k\": 1, \"attrs.v\": 1}",
        es: "{collection} tiene {n} campos opcionales propios de cada tipo y {queries} filtran por {fields}, que necesitarían un índice cada uno: muévelos a un array attrs de pares {k, v} (p. ej., {k: \"{first}\", v: …}) con un solo índice {\"attrs.k\": 1, \"attrs.v\": 1}",
        pt: "{collection} tem {n} campos opcionais específicos de cada tipo e {queries} filtram por {fields}, que precisariam de um índice cada: mova-os para um array attrs de pares {k, v} (p. ex., {k: \"{first}\", v: …}) com um só índice {\"attrs.k\": 1, \"attrs.v\": 1}";
        collection, n = optional.len(), queries = Arg::list(&by), fields = Arg::list(&filtered),
        first = filtered.first().copied().unwrap_or_default()
    );
    push(out, PatternKind::Attribute, place(), false, change);
}

/// Field names and types of a collection's documents, `_id` aside.
fn shape(e: &Entity) -> Vec<(&str, BsonType)> {
    e.fields.iter().filter(|f| f.name != "_id").map(|f| (f.name.as_str(), f.bson_type)).collect()
}

/// The fields `a` and `b` share (same name and type), when they make them variants of one shape.
fn shared<'e>(a: &'e Entity, b: &Entity) -> Option<Vec<&'e str>> {
    let (sa, sb) = (shape(a), shape(b));
    let common: Vec<&str> = sa.iter().filter(|x| sb.contains(x)).map(|(name, _)| *name).collect();
    let larger = sa.len().max(sb.len()).max(1);
    (common.len() >= SHARED_FIELDS && common.len() as f64 >= SHARED_SHARE * larger as f64).then_some(common)
}

/// The polymorphic pattern where it fits: for each read that starts at a collection and
/// touches others of the same shape (not already one polymorphic collection).
pub(super) fn polymorphic<'m>(
    model: &'m Model,
    entity: impl Fn(&str) -> Option<&'m Entity>,
    is_collection: impl Fn(&str) -> bool,
    out: &mut Vec<crate::advisor::PatternSuggestion>,
) {
    let declared = |e: &Entity| e.collection.discriminator.is_some() || !e.collection.variants.is_empty();
    let mut proposed: Vec<&str> = Vec::new();
    for q in model.queries.iter().filter(|q| q.kind != QueryKind::Write && !q.touches.is_empty()) {
        let Some(start) = entity(&q.entity).filter(|e| is_collection(&e.id) && !declared(e)) else { continue };
        if proposed.contains(&start.id.as_str()) {
            continue;
        }
        let mut names = vec![start.name.as_str()];
        let mut common: Option<Vec<&str>> = None;
        for other in q.touches.iter().filter_map(|t| entity(t)) {
            if other.id == start.id || !is_collection(&other.id) || declared(other) {
                continue;
            }
            if let Some(fields) = shared(start, other) {
                names.push(other.name.as_str());
                common = Some(match common {
                    Some(c) => c.into_iter().filter(|f| fields.contains(f)).collect(),
                    None => fields,
                });
            }
        }
        let Some(common) = common else { continue };
        proposed.push(start.id.as_str());
        let change = text!(
            en: "{names} share most of their fields ({fields}) and {query} reads them together: keep them in one collection told apart by a type field (e.g. tipo), each variant with its own fields, so one index on the shared fields serves {query} without a $lookup or $unionWith",
            es: "{names} comparten la mayoría de sus campos ({fields}) y {query} los lee juntos: guárdalos en una sola colección distinguidos por un campo de tipo (p. ej., tipo), cada variante con sus propios campos, así un solo índice sobre los campos comunes sirve {query} sin $lookup ni $unionWith",
            pt: "{names} compartilham a maioria dos campos ({fields}) e {query} os lê juntos: guarde-os em uma só coleção distinguidos por um campo de tipo (p. ex., tipo), cada variante com seus próprios campos, assim um só índice nos campos comuns atende {query} sem $lookup nem $unionWith";
            names = Arg::list(&names), fields = Arg::list(&common), query = &q.id
        );
        push(out, PatternKind::Polymorphic, Place::Entity { id: Id::new(&start.id) }, false, change);
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::{analyze, PatternKind, PatternSuggestion};
    use crate::model::{AccessPattern, BsonType, Entity, Field, Filter, FilterOp, Model};

    fn suggested(m: &Model, kind: PatternKind) -> Vec<PatternSuggestion> {
        analyze(m).patterns.into_iter().filter(|p| p.pattern == kind).collect()
    }

    fn search(id: &str, field: &str) -> AccessPattern {
        let mut q = AccessPattern::new(id, "search", "p");
        q.filters = vec![Filter { field: field.into(), op: FilterOp::Equality }];
        q
    }

    fn catalogue() -> Model {
        let mut m = Model::new("t");
        let mut e = Entity::new("p", "products");
        e.fields.push(Field::new("_id", BsonType::ObjectId));
        for name in ["color", "size", "voltage", "capacity", "wattage", "author", "pages"] {
            e.fields.push(Field::new(name, BsonType::String));
        }
        m.entities.push(e);
        m.queries = vec![search("S1", "color"), search("S2", "voltage"), search("S3", "author")];
        m
    }

    #[test]
    fn many_sparse_fields_searched_by_value_get_the_attribute_pattern() {
        let m = catalogue();
        let p = suggested(&m, PatternKind::Attribute);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(!p[0].in_use);
        assert!(p[0].change.en().contains("S1, S2 and S3 filter on color, voltage and author"), "{}", p[0].change);
        assert!(p[0].change.en().contains("{\"attrs.k\": 1, \"attrs.v\": 1}"));
        assert!(p[0].change.render(crate::i18n::Lang::Pt).contains("pares {k, v}"));
    }

    #[test]
    fn required_fields_or_few_searches_get_no_attribute_pattern() {
        let mut m = catalogue();
        m.queries.pop();
        assert!(suggested(&m, PatternKind::Attribute).is_empty(), "two searched fields are two indexes");
        let mut m = catalogue();
        m.entities[0].fields.iter_mut().for_each(|f| f.required = true);
        assert!(suggested(&m, PatternKind::Attribute).is_empty(), "shared, required fields are not sparse");
    }

    #[test]
    fn an_array_of_k_v_pairs_is_the_attribute_pattern_in_use() {
        let mut m = catalogue();
        let mut attrs = Field::new("attrs", BsonType::Array);
        attrs.items = Some(BsonType::Object);
        attrs.fields = vec![Field::new("k", BsonType::String), Field::new("v", BsonType::String)];
        m.entities[0].fields = vec![Field::new("_id", BsonType::ObjectId), attrs];
        let p = suggested(&m, PatternKind::Attribute);
        assert_eq!(p.len(), 1);
        assert!(p[0].in_use && p[0].change.en().contains("{\"attrs.k\": 1, \"attrs.v\": 1}"), "{p:?}");
    }

    fn policies(second: &[&str]) -> Model {
        let mut m = Model::new("t");
        for (id, extra) in [("auto", &["plate"][..]), ("home", second)] {
            let mut e = Entity::new(id, &format!("{id}_policies"));
            for name in ["_id", "customer_id", "policy_no", "premium"].iter().chain(extra) {
                e.fields.push(Field::new(name, BsonType::String));
            }
            m.entities.push(e);
        }
        let mut q = AccessPattern::new("V", "single view", "auto");
        q.touches = vec!["home".into()];
        m.queries.push(q);
        m
    }

    #[test]
    fn collections_of_one_shape_read_together_get_the_polymorphic_pattern() {
        let p = suggested(&policies(&["address"]), PatternKind::Polymorphic);
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(!p[0].in_use);
        assert!(
            p[0].change.en().starts_with(
                "auto_policies and home_policies share most of their fields (customer_id, policy_no and premium)"
            ),
            "{}",
            p[0].change
        );
        // Mostly different documents: not variants of one shape.
        assert!(suggested(&policies(&["a", "b", "c", "d", "e"]), PatternKind::Polymorphic).is_empty());
        // Not read together: nothing says they belong in one collection.
        let mut m = policies(&["address"]);
        m.queries.clear();
        assert!(suggested(&m, PatternKind::Polymorphic).is_empty());
    }
}
