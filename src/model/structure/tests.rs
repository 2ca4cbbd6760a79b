use super::*;
use crate::model::{BsonType, Entity, Relation};

#[test]
fn places_read_in_each_language_with_the_models_own_names() {
    use crate::i18n::Lang;
    let mut m = Model::new("t");
    m.entities.push(Entity::new("u", "usuarios"));
    let field = Place::Field { entity: "u".into(), path: "email".into() };
    assert_eq!(field.label_in(&m, Lang::Es), "usuarios.email");
    assert_eq!(Place::Model.label_in(&m, Lang::Pt), "modelo");
    assert_eq!(Place::Relation { id: "r9".into() }.label_in(&m, Lang::Es), "relación r9");
    assert_eq!(Place::Query { id: "Q1".into() }.label(&m), "query Q1");
    assert_eq!(Place::Query { id: "Q1".into() }.label_in(&m, Lang::Pt), "padrão de acesso Q1");
}

#[test]
fn forbidden_names_are_reported_with_their_place() {
    let mut m = Model::new("t");
    let mut e = Entity::new("u", "users");
    e.fields =
        vec![Field::new("$where", BsonType::String), Field::new("", BsonType::Int), Field::new("a\0b", BsonType::Int)];
    m.entities.push(e);
    let problems = check_structure(&m);
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert!(problems[0].message.contains("'$'"));
    assert_eq!(problems[0].place, Place::Field { entity: "u".into(), path: "$where".into() });
}

#[test]
fn dangling_ids_and_cycles_are_reported() {
    let mut m = Model::new("t");
    m.entities.push(Entity::new("a", "a"));
    m.entities.push(Entity::new("b", "b"));
    m.relations.push(Relation::new("r1", "a", "b", Storage::Embed));
    m.relations.push(Relation::new("r2", "b", "a", Storage::Embed));
    m.relations.push(Relation::new("r3", "a", "ghost", Storage::Reference));
    let problems = check_structure(&m);
    assert!(problems.iter().any(|p| p.message.contains("\"ghost\" does not exist")), "{problems:?}");
    assert_eq!(problems.iter().filter(|p| p.message.contains("embedding cycle")).count(), 1, "{problems:?}");
    assert!(m.root_of("a").is_none(), "a cycle has no root");
}

#[test]
fn cycles_walked_by_position_are_the_cycles_walked_by_id() {
    let mut m = crate::model::synthetic::generate(120, 5);
    // Cycles of one, two and three entities, one of them reached from outside, plus a
    // second embedding of a cycle member (only the first relation counts).
    let id = |m: &Model, i: usize| m.entities[i].id.clone();
    for (k, (p, c)) in
        [(7, 7), (10, 11), (11, 10), (20, 21), (21, 22), (22, 20), (30, 20), (40, 21)].into_iter().enumerate()
    {
        let (p, c) = (id(&m, p), id(&m, c));
        m.relations.push(Relation::new(&format!("cyc{k}"), &p, &c, Storage::Embed));
    }
    let ids = IdIndex::new(&m);
    let mut first = vec![None; m.entities.len()];
    for (i, r) in m.relations.iter().enumerate().filter(|(_, r)| r.storage == Storage::Embed) {
        let c = ids.end_positions(i).1.expect("every end is an entity");
        first[c].get_or_insert(i);
        assert!(ids.end_positions(i).0.is_some(), "{}", r.id);
    }
    let mut by_position = Vec::new();
    embedding_cycles_by_position(&ids, &first, &mut by_position);
    assert_eq!(by_position, embedding_cycles(&m));
    assert!(by_position.len() >= 2, "{by_position:?}");
    // A dangling end or a repeated id takes the walk by id: same findings either way.
    m.relations.push(Relation::new("g1", "ghost", &id(&m, 50), Storage::Embed));
    m.relations.push(Relation::new("g2", &id(&m, 50), "ghost", Storage::Embed));
    let problems = check_structure(&m);
    assert!(problems.iter().any(|p| p.message.contains("ghost ⊂")), "{problems:?}");
}

#[test]
fn problems_read_in_spanish_and_portuguese() {
    use crate::i18n::Lang;
    let mut m = Model::new("t");
    m.entities.push(Entity::new("a", "a"));
    m.entities.push(Entity::new("b", "b"));
    m.relations.push(Relation::new("r1", "a", "b", Storage::Embed));
    m.relations.push(Relation::new("r2", "b", "a", Storage::Embed));
    m.relations[0].cardinality.typical = -2.5;
    let problems = check_structure(&m);
    let cycle = problems.iter().find(|p| p.message.contains("cycle")).expect("the cycle is reported");
    assert!(
        cycle.message.render(Lang::Es).starts_with("ciclo de documentos embebidos: "),
        "{}",
        cycle.message.render(Lang::Es)
    );
    let negative = problems.iter().find(|p| p.message.contains("-2.5")).expect("the negative count is reported");
    assert_eq!(negative.message.render(Lang::Pt), "os filhos típicos por pai devem ser um número ≥ 0, não -2.5");
    assert!(problems.iter().all(|p| p.message.is_translated() && p.message.check().is_ok()));
}

#[test]
fn clean_model_has_no_problems() {
    let mut m = Model::new("t");
    let mut e = Entity::new("a", "orders");
    e.fields.push(Field::new("total", BsonType::Decimal));
    m.entities.push(e);
    assert!(check_structure(&m).is_empty());
}

#[test]
fn a_files_access_pattern_that_starts_nowhere_is_a_dangling_name() {
    // A model file whose access pattern has entity "": `check` reports it (the editor hides
    // it only for a pattern the person is creating, whose start is not chosen yet).
    let mut m = Model::new("t");
    m.queries.push(crate::model::AccessPattern::new("q1", "New access pattern", ""));
    let problems = check_structure(&m);
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!(problems[0].message, super::names_missing_entity(""));
    assert!(problems[0].message.contains("the entity \"\", which does not exist"), "{problems:?}");
    // One that names a box that is not there is reported with its name.
    m.queries.push(crate::model::AccessPattern::new("q2", "Orders", "ghost"));
    let problems = check_structure(&m);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(problems[1].message.contains("\"ghost\", which does not exist"), "{problems:?}");
    assert_ne!(problems[1].message, super::names_missing_entity(""));
}
