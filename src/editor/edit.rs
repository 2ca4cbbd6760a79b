//! Edits of the model, as plain functions. The UI records each one (or each gesture) in the
//! history as a diff, so none of these needs its own undo.

use super::geometry::{entity_rect, snap};
use super::placement::{free_spot_in, group_bounds, place_group};
use crate::model::{
    find_path_mut, AccessPattern, BsonType, Cardinality, Entity, Field, Model, Point, Relation, Storage,
};
use std::collections::{HashMap, HashSet};

/// A name not used by another entity: `stem`, `stem_2`, `stem_3`...
pub fn unique_name(m: &Model, stem: &str) -> String {
    let used = |n: &str| m.entities.iter().any(|e| e.name == n);
    if !used(stem) {
        return stem.to_string();
    }
    (2..).map(|i| format!("{stem}_{i}")).find(|n| !used(n)).unwrap_or_default()
}

/// Adds a collection named `collection` (made unique) with an `_id` at the free spot nearest
/// `at` (snapped to the grid, covering no other box); returns its id.
pub fn add_entity(m: &mut Model, at: Point) -> String {
    add_entity_in(m, at, None, "collection")
}

/// As `add_entity`, preferring a spot inside `view` (the part of the diagram on screen), named
/// `stem` (the word for "collection" in the interface language), `stem_2`... when taken.
pub fn add_entity_in(m: &mut Model, at: Point, view: Option<super::geometry::Rect>, stem: &str) -> String {
    let id = m.fresh_id("entity");
    let mut e = Entity::new(&id, &unique_name(m, stem));
    let mut key = Field::new("_id", BsonType::ObjectId);
    key.required = true;
    e.fields.push(key);
    let r = entity_rect(&e);
    e.position = free_spot_in(m, at, r.w, r.h, &HashSet::new(), view);
    m.entities.push(e);
    id
}

/// Adds `e` (an imported collection) at the free spot nearest `at`, inside `view` when there is
/// room, covering no other box.
pub fn add_placed(m: &mut Model, mut e: Entity, at: Point, view: Option<super::geometry::Rect>) {
    let r = entity_rect(&e);
    e.position = free_spot_in(m, at, r.w, r.h, &HashSet::new(), view);
    m.entities.push(e);
}

/// Adds `entities` and the `relations` between them (a dropped dump's, as accepted) in one
/// step: laid out among themselves as the automatic layout would, then moved together to the
/// free spot nearest `at`, covering no other box. Their ids must be new to `m` (the dump's
/// preview was read against it).
pub fn add_group(m: &mut Model, entities: Vec<Entity>, relations: Vec<Relation>, at: Point) {
    let mut group = Model::new("");
    group.entities = entities;
    group.relations = relations;
    let positions = super::layout::auto_layout(&group);
    let ids: HashSet<String> = group.entities.iter().map(|e| e.id.to_string()).collect();
    for mut e in group.entities {
        if let Some(p) = positions.get(e.id.as_str()) {
            e.position = *p;
        }
        m.entities.push(e);
    }
    m.relations.extend(group.relations);
    place_group(m, &ids, at);
}

/// Inserts `field` right after the field at `path` (among its siblings), with a name its
/// siblings do not use; returns the new field's path.
pub fn insert_field_after(m: &mut Model, entity: &str, path: &str, field: Field) -> Option<String> {
    let e = m.entity_mut(entity)?;
    let (parent, _) = split_parent(path);
    let (list, i) = siblings_mut(e, path)?;
    let mut field = field;
    let stem = field.name.clone();
    let mut n = 2;
    while list.iter().any(|f| f.name == field.name) {
        field.name = format!("{stem}_{n}");
        n += 1;
    }
    let name = field.name.clone();
    list.insert(i + 1, field);
    Some(match parent {
        None => name,
        Some(p) => format!("{p}.{name}"),
    })
}

/// Adds a field to an entity, at the top level or inside the sub-document at `parent`.
/// Returns the new field's path, or `None` when the entity or parent does not exist.
pub fn add_field(m: &mut Model, entity: &str, parent: Option<&str>, field: Field) -> Option<String> {
    let e = m.entity_mut(entity)?;
    let siblings = match parent {
        None => &mut e.fields,
        Some(path) => &mut find_path_mut(&mut e.fields, path)?.fields,
    };
    let mut field = field;
    let stem = field.name.clone();
    let mut n = 2;
    while siblings.iter().any(|f| f.name == field.name) {
        field.name = format!("{stem}_{n}");
        n += 1;
    }
    let name = field.name.clone();
    siblings.push(field);
    Some(match parent {
        None => name,
        Some(p) => format!("{p}.{name}"),
    })
}

fn split_parent(path: &str) -> (Option<&str>, &str) {
    match path.rsplit_once('.') {
        Some((p, n)) => (Some(p), n),
        None => (None, path),
    }
}

fn siblings_mut<'a>(e: &'a mut Entity, path: &str) -> Option<(&'a mut Vec<Field>, usize)> {
    let (parent, name) = split_parent(path);
    let list = match parent {
        None => &mut e.fields,
        Some(p) => &mut find_path_mut(&mut e.fields, p)?.fields,
    };
    let i = list.iter().position(|f| f.name == name)?;
    Some((list, i))
}

pub fn remove_field(m: &mut Model, entity: &str, path: &str) -> bool {
    let Some(e) = m.entity_mut(entity) else { return false };
    match siblings_mut(e, path) {
        Some((list, i)) => {
            list.remove(i);
            true
        }
        None => false,
    }
}

/// Moves a field up (`delta` < 0) or down among its siblings.
pub fn move_field(m: &mut Model, entity: &str, path: &str, delta: i32) -> bool {
    let Some(e) = m.entity_mut(entity) else { return false };
    let Some((list, i)) = siblings_mut(e, path) else { return false };
    let j = i as i64 + delta as i64;
    if j < 0 || j >= list.len() as i64 {
        return false;
    }
    let f = list.remove(i);
    list.insert(j as usize, f);
    true
}

/// Moves entities by (dx, dy); with `grid`, their new corners snap to the grid.
pub fn move_entities(m: &mut Model, ids: &HashSet<String>, dx: f64, dy: f64, grid: bool) {
    for e in m.entities.iter_mut().filter(|e| ids.contains(&e.id)) {
        let (x, y) = (e.position.x + dx, e.position.y + dy);
        e.position = if grid { Point { x: snap(x), y: snap(y) } } else { Point { x, y } };
    }
}

/// Connects `parent` to `child` with an embedding of a few children (the user then states the
/// facts); returns the relation id.
pub fn connect(m: &mut Model, parent: &str, child: &str) -> Option<String> {
    if parent == child || m.entity(parent).is_none() {
        return None;
    }
    let child_name = m.entity(child)?.name.clone();
    let id = m.fresh_id(&format!("{parent}-{child}"));
    let mut r = Relation::new(&id, parent, child, Storage::Embed);
    r.field = child_name;
    r.cardinality = Cardinality { typical: 3.0, max: Some(10), ..Cardinality::default() };
    m.relations.push(r);
    Some(id)
}

/// Deletes entities (with the relations attached to them), relations and queries. Queries that
/// started from a deleted entity stay, so the user sees what they lost (and can undo).
pub fn delete(m: &mut Model, entities: &HashSet<String>, relations: &HashSet<String>, queries: &HashSet<String>) {
    m.entities.retain(|e| !entities.contains(&e.id));
    m.relations.retain(|r| !relations.contains(&r.id) && !entities.contains(&r.parent) && !entities.contains(&r.child));
    m.queries.retain(|q| !queries.contains(&q.id));
    for q in &mut m.queries {
        q.touches.retain(|t| !entities.contains(t));
    }
}

/// Deletes arrow `id`; its child keeps the reference field as a plain field (`keep_field`) or
/// loses it too (`Model::reference_field`).
pub fn delete_arrow(m: &mut Model, id: &str, keep_field: bool) {
    if !keep_field {
        m.remove_reference_field(id);
    }
    m.relations.retain(|r| r.id != id);
}

/// Duplicates entities (and the relations among them) on the free spot nearest the originals;
/// returns the new entity ids.
pub fn duplicate(m: &mut Model, ids: &[String]) -> Vec<String> {
    let mut map: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for id in ids {
        let Some(original) = m.entity(id).cloned() else { continue };
        let new_id = m.fresh_id(&original.id);
        let mut copy = original.clone();
        copy.id = new_id.clone();
        copy.name = unique_name(m, &original.name);
        m.entities.push(copy);
        map.insert(id.clone(), new_id.clone());
        out.push(new_id);
    }
    let inner: Vec<Relation> =
        m.relations.iter().filter(|r| map.contains_key(&r.parent) && map.contains_key(&r.child)).cloned().collect();
    for mut r in inner {
        r.id = m.fresh_id(&r.id);
        r.parent = map[&r.parent].clone();
        r.child = map[&r.child].clone();
        m.relations.push(r);
    }
    let copies: HashSet<String> = out.iter().cloned().collect();
    if let Some(area) = group_bounds(m, &copies) {
        place_group(m, &copies, Point { x: area.x + 40.0, y: area.y + 40.0 });
    }
    out
}

/// Adds an access pattern starting from `entity`; returns its id (`Q1`, `Q2`...).
pub fn add_query(m: &mut Model, entity: &str) -> String {
    let n = m.queries.len() + 1;
    let id = m.fresh_id(&format!("Q{n}"));
    m.queries.push(AccessPattern::new(&id, "New access pattern", entity));
    id
}

/// Moves every entity to the automatic layout's position.
pub fn auto_layout(m: &mut Model) {
    let positions = super::layout::auto_layout(m);
    for e in &mut m.entities {
        if let Some(p) = positions.get(&e.id) {
            e.position = *p;
        }
    }
}

/// The field at an index path (`[2, 0]` = first sub-field of the third field).
pub fn field_at_mut<'a>(fields: &'a mut [Field], path: &[usize]) -> Option<&'a mut Field> {
    let (first, rest) = path.split_first()?;
    let f = fields.get_mut(*first)?;
    if rest.is_empty() {
        Some(f)
    } else {
        field_at_mut(&mut f.fields, rest)
    }
}

/// Every field with its index path, depth first.
pub fn index_paths(fields: &[Field]) -> Vec<Vec<usize>> {
    fn walk(fields: &[Field], prefix: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        for (i, f) in fields.iter().enumerate() {
            prefix.push(i);
            out.push(prefix.clone());
            walk(&f.fields, prefix, out);
            prefix.pop();
        }
    }
    let mut out = Vec::new();
    walk(fields, &mut Vec::new(), &mut out);
    out
}

/// The dotted name path of the field at an index path.
pub fn name_path(fields: &[Field], path: &[usize]) -> Option<String> {
    let mut names = Vec::new();
    let mut list = fields;
    for &i in path {
        let f = list.get(i)?;
        names.push(f.name.as_str());
        list = &f.fields;
    }
    Some(names.join("."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_entities_get_unique_names_and_an_id_field() {
        let mut m = Model::new("t");
        let a = add_entity(&mut m, Point { x: 13.0, y: 29.0 });
        let b = add_entity(&mut m, Point::default());
        assert_ne!(a, b);
        assert_eq!(m.entities[0].name, "collection");
        assert_eq!(m.entities[1].name, "collection_2");
        assert_eq!(m.entities[0].position, Point { x: 20.0, y: 20.0 });
        assert!(
            !entity_rect(&m.entities[0]).intersects(&entity_rect(&m.entities[1])),
            "the second box is placed beside the first"
        );
        assert_eq!(m.entities[0].fields[0].name, "_id");
    }

    #[test]
    fn new_entities_take_the_given_word_and_stay_unique() {
        let mut m = Model::new("t");
        add_entity_in(&mut m, Point::default(), None, "coleccion");
        add_entity_in(&mut m, Point::default(), None, "coleccion");
        add_entity_in(&mut m, Point::default(), None, "collection");
        let names: Vec<&str> = m.entities.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["coleccion", "coleccion_2", "collection"]);
    }

    #[test]
    fn fields_add_reorder_and_remove_inside_subdocuments() {
        let mut m = Model::new("t");
        let id = add_entity(&mut m, Point::default());
        add_field(&mut m, &id, None, Field::new("addr", BsonType::Object)).unwrap();
        add_field(&mut m, &id, Some("addr"), Field::new("city", BsonType::String)).unwrap();
        let zip = add_field(&mut m, &id, Some("addr"), Field::new("city", BsonType::String)).unwrap();
        assert_eq!(zip, "addr.city_2", "a clashing name gets a suffix");
        assert!(move_field(&mut m, &id, "addr.city_2", -1));
        assert_eq!(m.entities[0].fields[1].fields[0].name, "city_2");
        assert!(!move_field(&mut m, &id, "addr.city_2", -1), "already first");
        assert!(remove_field(&mut m, &id, "addr.city"));
        assert_eq!(m.entities[0].fields[1].fields.len(), 1);
    }

    #[test]
    fn index_paths_walk_depth_first() {
        let mut m = Model::new("t");
        let id = add_entity(&mut m, Point::default());
        add_field(&mut m, &id, None, Field::new("addr", BsonType::Object)).unwrap();
        add_field(&mut m, &id, Some("addr"), Field::new("city", BsonType::String)).unwrap();
        let fields = &m.entities[0].fields;
        assert_eq!(index_paths(fields), vec![vec![0], vec![1], vec![1, 0]]);
        assert_eq!(name_path(fields, &[1, 0]).as_deref(), Some("addr.city"));
        assert!(field_at_mut(&mut m.entities[0].fields, &[1, 5]).is_none());
    }

    #[test]
    fn deleting_an_entity_removes_its_arrows() {
        let mut m = Model::new("t");
        let a = add_entity(&mut m, Point::default());
        let b = add_entity(&mut m, Point::default());
        connect(&mut m, &a, &b).unwrap();
        delete(&mut m, &HashSet::from([b]), &HashSet::new(), &HashSet::new());
        assert!(m.relations.is_empty());
    }

    #[test]
    fn duplicate_copies_inner_relations() {
        let mut m = Model::new("t");
        let a = add_entity(&mut m, Point::default());
        let b = add_entity(&mut m, Point::default());
        connect(&mut m, &a, &b).unwrap();
        let copies = duplicate(&mut m, &[a.clone(), b.clone()]);
        assert_eq!(copies.len(), 2);
        assert_eq!(m.relations.len(), 2);
        assert_eq!(m.relations[1].parent, copies[0]);
        assert!(crate::model::check_structure(&m).is_empty(), "{:?}", crate::model::check_structure(&m));
        let rects: Vec<_> = m.entities.iter().map(entity_rect).collect();
        for (i, a) in rects.iter().enumerate() {
            assert!(rects[i + 1..].iter().all(|b| !a.intersects(b)), "the copies cover no box");
        }
    }

    #[test]
    fn a_group_is_added_laid_out_beside_the_design() {
        let mut m = Model::new("t");
        let old = add_entity(&mut m, Point::default());
        let (users, posts) = (Entity::new("users", "users"), Entity::new("posts", "posts"));
        let r = Relation::new("posts-users", "users", "posts", Storage::Reference);
        add_group(&mut m, vec![users, posts], vec![r], Point::default());
        assert_eq!((m.entities.len(), m.relations.len()), (3, 1));
        assert!(crate::model::check_structure(&m).is_empty(), "{:?}", crate::model::check_structure(&m));
        let rects: Vec<_> = m.entities.iter().map(entity_rect).collect();
        for (i, a) in rects.iter().enumerate() {
            assert!(rects[i + 1..].iter().all(|b| !a.intersects(b)), "the group covers no box, nor itself");
        }
        assert_eq!(m.entities[0].id, old);
    }

    #[test]
    fn a_field_is_inserted_after_another_with_a_free_name() {
        let mut m = Model::new("t");
        let id = add_entity(&mut m, Point::default());
        add_field(&mut m, &id, None, Field::new("email", BsonType::String)).unwrap();
        let new = insert_field_after(&mut m, &id, "_id", Field::new("email", BsonType::String)).unwrap();
        assert_eq!(new, "email_2");
        let names: Vec<&str> = m.entities[0].fields.iter().map(|f| f.name.as_str()).collect();
        assert_eq!(names, ["_id", "email_2", "email"]);
        assert!(insert_field_after(&mut m, &id, "nope", Field::new("x", BsonType::String)).is_none());
    }

    /// Clients and orders, connected and made a reference: the order holds `cliente_id`.
    fn drawn_reference() -> (Model, String) {
        let mut m = Model::new("t");
        let c = add_entity(&mut m, Point::default());
        let p = add_entity(&mut m, Point { x: 400.0, y: 0.0 });
        m.entity_mut(&c).unwrap().name = "clientes".into();
        m.entity_mut(&p).unwrap().name = "pedidos".into();
        let r = connect(&mut m, &c, &p).unwrap();
        m.set_storage(&r, crate::model::Storage::Reference);
        (m, r)
    }

    fn order_fields(m: &Model) -> Vec<String> {
        m.entities[1].fields.iter().map(|f| f.name.clone()).collect()
    }

    #[test]
    fn deleting_an_arrow_keeps_or_deletes_its_field_in_one_undo_step() {
        use crate::editor::store::Store;
        use std::cell::RefCell;
        for keep in [true, false] {
            let (m, r) = drawn_reference();
            assert!(order_fields(&m).contains(&"cliente_id".to_string()));
            let slot = RefCell::new(m.clone());
            let store = Store::default();
            assert!(store.edit(&slot, None, |m| delete_arrow(m, &r, keep)));
            let after = slot.borrow().clone();
            assert!(after.relations.is_empty());
            assert_eq!(order_fields(&after).contains(&"cliente_id".to_string()), keep, "keep = {keep}");
            assert!(crate::model::check_structure(&after).is_empty());
            assert!(store.undo(&slot));
            assert_eq!(*slot.borrow(), m, "one undo brings the arrow and its field back");
        }
    }

    #[test]
    fn renaming_an_arrows_field_while_typing_is_one_undo_step() {
        use crate::editor::store::Store;
        use std::cell::RefCell;
        let (m, r) = drawn_reference();
        let slot = RefCell::new(m.clone());
        let store = Store::default();
        for typed in ["c", "cu", "customer", "customer_id"] {
            store.edit(&slot, Some("relation:r:cf"), |m| m.rename_reference_field(&r, typed).unwrap());
        }
        assert!(order_fields(&slot.borrow()).contains(&"customer_id".to_string()));
        assert!(store.undo(&slot));
        assert_eq!(*slot.borrow(), m);
    }
}
