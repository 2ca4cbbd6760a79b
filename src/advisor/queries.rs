//! How each access pattern is served: by one document (its aggregate, with the copies it
//! keeps) or by several reads, and by which index.

use super::paths::Layout;
use super::query_shape::{serves, shapes, Shape};
use super::{IndexAdvice, QueryAdvice};
use crate::fast_hash::FastMap;
use crate::model::{AccessPattern, Entity, IndexSpec, Model, QueryKind};

/// One advice per access pattern, in model order.
pub fn advise(model: &Model, indexes: &[IndexAdvice]) -> Vec<QueryAdvice> {
    let layout = Layout::new(model);
    advise_with(&layout, &shapes(&layout), indexes)
}

/// `advise` with the look-ups and the query shapes already built.
pub(crate) fn advise_with(layout: &Layout, shapes: &[Option<Shape>], indexes: &[IndexAdvice]) -> Vec<QueryAdvice> {
    let mut by_root: FastMap<&str, Vec<&IndexAdvice>> = FastMap::default();
    for a in indexes {
        by_root.entry(a.entity.as_str()).or_default().push(a);
    }
    layout.model.queries.iter().zip(shapes).map(|(q, s)| advise_one(layout, &by_root, q, s.as_ref())).collect()
}

/// How a touched entity's data reaches the query.
enum Reach {
    /// Inside the same documents.
    Embedded,
    /// Copied into the documents: the phrases that say how.
    Copied(Vec<String>),
    /// Elsewhere: the phrase that says where.
    Apart(String),
}

fn advise_one(
    layout: &Layout,
    by_root: &FastMap<&str, Vec<&IndexAdvice>>,
    q: &AccessPattern,
    shape: Option<&Shape>,
) -> QueryAdvice {
    let name = |id: &str| layout.entity(id).map_or_else(|| id.to_string(), |e| e.name.clone());
    let Some(root) = layout.root_id(&q.entity).and_then(|id| layout.entity(id)) else {
        let where_ = match layout.entity(&q.entity) {
            Some(e) if e.is_external() => format!("is kept in {}", e.system.as_deref().unwrap_or("another database")),
            Some(_) => "is not stored in any collection".to_string(),
            None => "does not exist".to_string(),
        };
        return QueryAdvice {
            query: q.id.clone(),
            single_document: false,
            index: None,
            explanation: format!("{} {where_}: MongoDB does not serve this access pattern.", name(&q.entity)).into(),
        };
    };
    let write = q.kind == QueryKind::Write;
    let mut copied = Vec::new();
    let mut apart = Vec::new();
    for e in q.touches.iter().filter(|e| **e != q.entity) {
        match reach(layout, root, e, write) {
            Reach::Embedded => {}
            Reach::Copied(how) => copied.extend(how),
            Reach::Apart(where_) => apart.push(where_),
        }
    }
    let single = apart.is_empty() && !q.uses_lookup;
    let mut text = if !apart.is_empty() && write {
        format!(
            "Changes {} and {}: more than one aggregate, so the write needs a multi-document transaction or tolerance of a temporary inconsistency.",
            root.name,
            apart.join(", ")
        )
    } else if !apart.is_empty() {
        format!("Needs a second read or a $lookup: {}.", apart.join("; "))
    } else if q.uses_lookup {
        format!("Its data is in {} documents, yet it is written with $lookup: read the documents directly.", root.name)
    } else if !copied.is_empty() {
        format!("One {} document serves it: {}.", root.name, copied.join(", "))
    } else if write {
        format!("Changes one {} document: atomic on its own.", root.name)
    } else {
        format!("Served by {} documents alone: no second read.", root.name)
    };
    let index = match shape {
        Some(s) if s.id_equality => {
            text.push_str(" The built-in _id index finds the document.");
            Some(IndexSpec::new(&[("_id", 1)]))
        }
        Some(s) if s.needs_index() => {
            let candidates = by_root.get(root.id.as_str()).map(Vec::as_slice).unwrap_or(&[]);
            let chosen = candidates
                .iter()
                .find(|a| a.queries.contains(&q.id))
                .or_else(|| candidates.iter().find(|a| serves(&a.index, s)));
            match chosen {
                Some(a) => {
                    let kind = if a.declared { "declared index" } else { "index" };
                    let multikey = if a.multikey { " (multikey)" } else { "" };
                    let what = match (s.is_empty(), s.sort.is_empty()) {
                        (_, true) => "its filter",
                        (true, false) => "its sort",
                        (false, false) if s.equality.is_empty() && s.range.is_empty() => "its sort",
                        _ => "its filter and sort",
                    };
                    text.push_str(&format!(" The {kind} {}{multikey} serves {what}.", a.index.key_doc()));
                    Some(a.index.clone())
                }
                None => {
                    text.push_str(" No index serves it: every run scans the collection.");
                    None
                }
            }
        }
        _ => None,
    };
    QueryAdvice { query: q.id.clone(), single_document: single, index, explanation: text.into() }
}

/// How the data of entity `e` reaches a query on `root`'s documents.
fn reach(layout: &Layout, root: &Entity, e: &str, write: bool) -> Reach {
    let Some(entity) = layout.entity(e) else { return Reach::Apart(format!("{e} does not exist")) };
    let e_root = layout.root_id(e);
    if e_root == Some(root.id.as_str()) {
        return Reach::Embedded;
    }
    let apart = || match (entity.is_external(), e_root.and_then(|r| layout.entity(r))) {
        (true, _) => format!("{} is kept in {}", entity.name, entity.system.as_deref().unwrap_or("another database")),
        (false, Some(r)) if r.id != entity.id => format!("{} lives in {} documents", entity.name, r.name),
        _ => format!("{} is its own collection", entity.name),
    };
    if write {
        let holder = e_root.and_then(|r| layout.entity(r)).map_or_else(&apart, |r| r.name.clone());
        return Reach::Apart(holder);
    }
    let inside = |id: &str| layout.root_id(id) == Some(root.id.as_str());
    let mut how = Vec::new();
    for r in layout.parents(e).iter().filter(|r| inside(&r.parent)) {
        if let Some(s) = &r.subset {
            how.push(format!("{} come from the subset {} (the {} kept)", entity.name, s.field, s.size));
        }
        for c in &r.computed {
            how.push(format!("{} is computed from {}", c.field, entity.name));
        }
    }
    for r in layout.children(e).iter().filter(|r| inside(&r.child) && !r.extended.is_empty()) {
        let fields: Vec<&str> = r.extended.iter().map(|c| c.target_name()).collect();
        how.push(format!("{} of {} are copied in (extended reference)", fields.join(", "), entity.name));
    }
    if how.is_empty() {
        Reach::Apart(apart())
    } else {
        Reach::Copied(how)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::advisor::indexes::derive;
    use crate::model::load;

    fn advice() -> (Model, Vec<QueryAdvice>) {
        let m = load(include_str!("../../public/templates/bibliored.json")).expect("template loads");
        let idx = derive(&m);
        let q = advise(&m, &idx);
        (m, q)
    }

    fn get<'a>(v: &'a [QueryAdvice], id: &str) -> &'a QueryAdvice {
        v.iter().find(|q| q.query == id).expect("query advice")
    }

    #[test]
    fn bibliored_c1_is_one_document_by_id() {
        let (m, v) = advice();
        assert_eq!(v.len(), m.queries.len());
        let c1 = get(&v, "C1");
        assert!(c1.single_document, "{}", c1.explanation);
        assert_eq!(c1.index, Some(IndexSpec::new(&[("_id", 1)])));
        assert!(c1.explanation.contains("resenas_destacadas"), "{}", c1.explanation);
    }

    #[test]
    fn bibliored_list_queries_use_their_derived_index() {
        let (_, v) = advice();
        let c2 = get(&v, "C2");
        assert!(c2.single_document);
        assert_eq!(c2.index, Some(IndexSpec::new(&[("material.material_id", 1), ("votos_utiles", -1)])));
        let c8 = get(&v, "C8");
        assert!(c8.explanation.contains("multikey"), "{}", c8.explanation);
    }

    #[test]
    fn a_write_across_aggregates_is_not_single_document() {
        let (_, v) = advice();
        let w1 = get(&v, "W1");
        assert!(!w1.single_document, "{}", w1.explanation);
        assert!(w1.explanation.contains("transaction"), "{}", w1.explanation);
        assert_eq!(w1.index, None);
    }

    #[test]
    fn a_read_of_another_collection_without_copies_needs_a_second_read() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("a", "orders"));
        m.entities.push(Entity::new("b", "customers"));
        m.relations.push(crate::model::Relation::new("r", "b", "a", crate::model::Storage::Reference));
        let mut q = AccessPattern::new("q", "order with customer", "a");
        q.touches.push("b".into());
        m.queries.push(q);
        let v = advise(&m, &derive(&m));
        assert!(!v[0].single_document);
        assert!(v[0].explanation.contains("customers is its own collection"), "{}", v[0].explanation);
        assert_eq!(v[0].index, None, "no filter, no index");
    }
}
