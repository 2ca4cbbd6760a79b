//! Collection patterns proposed from the design's shape, not only echoed when declared (the
//! attribute pattern, which needs evidence of sparse fields, is in `attribute.rs`):
//!
//! - **Polymorphic** ("Building with Patterns: The Polymorphic Pattern"): collections whose
//!   documents share most of their fields and that one read needs together belong in one
//!   collection told apart by a type field.

use super::push;
use crate::advisor::PatternKind;
use crate::i18n::Arg;
use crate::model::{BsonType, Entity, Id, Model, Place, QueryKind};
use crate::text;

/// Two collections are variants of one shape when they share at least this many fields…
const SHARED_FIELDS: usize = 3;
/// …making up at least this share of the fields of each (of the larger one).
const SHARED_SHARE: f64 = 0.6;

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
    use crate::model::{AccessPattern, BsonType, Entity, Field, Model};

    fn suggested(m: &Model, kind: PatternKind) -> Vec<PatternSuggestion> {
        analyze(m).patterns.into_iter().filter(|p| p.pattern == kind).collect()
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
