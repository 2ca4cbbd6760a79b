//! Copy and paste of boxes with the relations between them, as text: a JSON payload of model
//! records with a marker, so the system clipboard carries it to another model, tab or window
//! (Excalidraw and tldraw put their own JSON in `text/plain` the same way).

use super::edit::unique_name;
use super::placement::{group_bounds, place_group};
use crate::model::{Entity, Model, Point, Relation};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};

/// The marker that tells a docshape clipboard payload from any other text.
pub const MARKER: &str = "docshape/clipboard";

/// The largest payload read back (a pasted text beyond this is not a design of boxes).
const MAX_BYTES: usize = 4 << 20;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Payload {
    #[serde(rename = "type")]
    pub marker: String,
    pub version: u32,
    pub entities: Vec<Entity>,
    #[serde(default)]
    pub relations: Vec<Relation>,
}

/// The payload of the entities `ids` of `m` and the relations between them, as JSON text; `None`
/// when none of the ids exists.
pub fn copy(m: &Model, ids: &[String]) -> Option<String> {
    let wanted: HashSet<&str> = ids.iter().map(String::as_str).collect();
    let entities: Vec<Entity> = m.entities.iter().filter(|e| wanted.contains(e.id.as_str())).cloned().collect();
    if entities.is_empty() {
        return None;
    }
    let relations = m
        .relations
        .iter()
        .filter(|r| wanted.contains(r.parent.as_str()) && wanted.contains(r.child.as_str()))
        .cloned()
        .collect();
    let payload = Payload { marker: MARKER.to_string(), version: 1, entities, relations };
    serde_json::to_string(&payload).ok()
}

/// Reads a payload back from clipboard text; `None` for any other text.
pub fn parse(text: &str) -> Option<Payload> {
    if text.len() > MAX_BYTES || !text.contains(MARKER) {
        return None;
    }
    let p: Payload = serde_json::from_str(text).ok()?;
    (p.marker == MARKER && !p.entities.is_empty()).then_some(p)
}

/// Adds the payload's boxes to `m` with fresh ids and free names, their group's top-left corner
/// on the free spot nearest `at`, and the relations between them (those whose ends both came
/// along); returns the new entity ids.
pub fn paste(m: &mut Model, payload: Payload, at: Point) -> Vec<String> {
    let mut ids: HashMap<String, String> = HashMap::new();
    let mut out = Vec::new();
    for mut e in payload.entities {
        if ids.contains_key(&e.id) {
            continue;
        }
        let new_id = m.fresh_id(&e.id);
        e.name = unique_name(m, &e.name);
        ids.insert(std::mem::replace(&mut e.id, new_id.clone()), new_id.clone());
        m.entities.push(e);
        out.push(new_id);
    }
    for mut r in payload.relations {
        let (Some(parent), Some(child)) = (ids.get(&r.parent), ids.get(&r.child)) else { continue };
        if parent == child {
            continue;
        }
        r.parent = parent.clone();
        r.child = child.clone();
        r.id = m.fresh_id(&r.id);
        m.relations.push(r);
    }
    let placed: HashSet<String> = out.iter().cloned().collect();
    if group_bounds(m, &placed).is_some() {
        place_group(m, &placed, at);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::editor::edit::{add_entity, connect};
    use crate::editor::geometry::entity_rect;

    fn shop() -> (Model, String, String, String) {
        let mut m = Model::new("shop");
        let a = add_entity(&mut m, Point::default());
        let b = add_entity(&mut m, Point::default());
        let c = add_entity(&mut m, Point::default());
        m.entity_mut(&a).unwrap().name = "customers".into();
        m.entity_mut(&b).unwrap().name = "orders".into();
        connect(&mut m, &a, &b).unwrap();
        connect(&mut m, &b, &c).unwrap();
        (m, a, b, c)
    }

    #[test]
    fn copied_boxes_paste_with_their_relation_and_fresh_ids() {
        let (mut m, a, b, _) = shop();
        let text = copy(&m, &[a.clone(), b.clone()]).unwrap();
        assert!(text.contains(MARKER));
        let payload = parse(&text).unwrap();
        assert_eq!(payload.relations.len(), 1, "only the relation between the two copied boxes");
        let new = paste(&mut m, payload, Point { x: 2000.0, y: 2000.0 });
        assert_eq!(new.len(), 2);
        assert!(!new.contains(&a) && !new.contains(&b), "ids made unique");
        let names: Vec<&str> = new.iter().map(|id| m.entity(id).unwrap().name.as_str()).collect();
        assert_eq!(names, ["customers_2", "orders_2"]);
        let pasted = m.relations.last().unwrap();
        assert_eq!((&pasted.parent, &pasted.child), (&new[0], &new[1]));
        assert_eq!(m.relations.len(), 3);
        assert!(crate::model::check_structure(&m).is_empty(), "{:?}", crate::model::check_structure(&m));
        let ids: HashSet<String> = new.iter().cloned().collect();
        let area = group_bounds(&m, &ids).unwrap();
        assert_eq!((area.x, area.y), (2000.0, 2000.0), "at the pointer");
    }

    #[test]
    fn pasting_into_another_model_works_and_covers_no_box() {
        let (m, a, b, _) = shop();
        let text = copy(&m, &[a, b]).unwrap();
        let (mut other, ..) = shop();
        let new = paste(&mut other, parse(&text).unwrap(), Point::default());
        let rects: Vec<_> = other.entities.iter().map(entity_rect).collect();
        for id in &new {
            let r = entity_rect(other.entity(id).unwrap());
            let covered = other.entities.iter().filter(|e| !new.contains(&e.id)).any(|e| entity_rect(e).intersects(&r));
            assert!(!covered, "{id} covers a box: {r:?} among {rects:?}");
        }
        assert!(crate::model::check_structure(&other).is_empty());
    }

    #[test]
    fn other_text_and_hostile_payloads_are_refused_or_made_safe() {
        assert!(parse("customers, orders").is_none());
        assert!(parse(r#"{"type":"other","version":1,"entities":[]}"#).is_none());
        assert!(parse(&format!(r#"{{"type":"{MARKER}","version":1,"entities":[]}}"#)).is_none());
        assert!(parse(&format!(r#"{{"type":"{MARKER}","#)).is_none(), "truncated JSON");
        // Two boxes with one id, and a relation to a box that did not come along.
        let hostile = format!(
            r#"{{"type":"{MARKER}","version":1,"entities":[{{"id":"x","name":"<img src=x onerror=alert(1)>"}},{{"id":"x","name":"dup"}}],
            "relations":[{{"id":"r","parent":"x","child":"ghost","storage":"embed","field":"f"}}]}}"#
        );
        let mut m = Model::new("t");
        let new = paste(&mut m, parse(&hostile).unwrap(), Point::default());
        assert_eq!(new.len(), 1);
        assert!(m.relations.is_empty());
        assert_eq!(m.entities[0].name, "<img src=x onerror=alert(1)>", "kept as text; the views escape it");
    }
}
