//! Names MongoDB refuses: field names (empty, `$`-prefixed, with NUL or `.`) and collection
//! names (empty, with `$` or NUL, `system.`-prefixed, too long). The reasons are [`Text`]s, so
//! the inspector and the advisor show them in the language on screen. The same walk over the
//! fields refuses a `presence` that is not a share of the documents.

use super::{EntityKind, Field, Id, Model, Place, Problem, Storage};
use crate::i18n::Text;
use crate::keyed::HashSet;
use crate::text;

/// Whether `bytes` contain a NUL or a `.` (field names are a few bytes long: a plain loop is
/// as fast as reading them a word at a time, measured).
fn has_nul_or_dot(bytes: &[u8]) -> bool {
    bytes.iter().any(|&b| b == 0 || b == b'.')
}

/// Why MongoDB refuses `name` as a field name, if it does.
pub fn name_problem(name: &str) -> Option<Text> {
    // The common case, a clean name, in one pass over its bytes.
    if !name.is_empty() && !name.starts_with('$') && !has_nul_or_dot(name.as_bytes()) {
        return None;
    }
    if name.is_empty() {
        Some(text!(
            en: "a field name cannot be empty",
            es: "un nombre de campo no puede estar vacío",
            pt: "um nome de campo não pode ficar vazio"
        ))
    } else if name.starts_with('$') {
        Some(text!(
            en: "field name \"{name}\" starts with '$', which MongoDB reserves for operators",
            es: "el nombre de campo \"{name}\" empieza por '$', que MongoDB reserva para los operadores",
            pt: "o nome de campo \"{name}\" começa com '$', que o MongoDB reserva para operadores";
            name
        ))
    } else if name.contains('\0') {
        Some(text!(
            en: "field name \"{name}\" contains a NUL character",
            es: "el nombre de campo \"{name}\" contiene un carácter NUL",
            pt: "o nome de campo \"{name}\" contém um caractere NUL";
            name = name.replace('\0', "\\0")
        ))
    } else if name.contains('.') {
        Some(text!(
            en: "field name \"{name}\" contains '.', which queries read as a path into a sub-document",
            es: "el nombre de campo \"{name}\" contiene '.', que las consultas leen como una ruta dentro de un subdocumento",
            pt: "o nome de campo \"{name}\" contém '.', que as consultas leem como um caminho para dentro de um subdocumento";
            name
        ))
    } else {
        None
    }
}

/// Why MongoDB refuses `name` as a collection name, if it does.
pub fn collection_name_problem(name: &str) -> Option<Text> {
    // The common case, a clean name, in one pass over its bytes.
    let clean = |b: &u8| *b != b'$' && *b != 0;
    if !name.is_empty() && name.len() <= 200 && name.as_bytes().iter().all(clean) && !name.starts_with("system.") {
        return None;
    }
    if name.is_empty() {
        Some(text!(
            en: "a collection name cannot be empty",
            es: "un nombre de colección no puede estar vacío",
            pt: "um nome de coleção não pode ficar vazio"
        ))
    } else if name.contains('$') {
        Some(text!(
            en: "collection name \"{name}\" contains '$'",
            es: "el nombre de colección \"{name}\" contiene '$'",
            pt: "o nome de coleção \"{name}\" contém '$'";
            name
        ))
    } else if name.contains('\0') {
        Some(text!(
            en: "a collection name cannot contain a NUL character",
            es: "un nombre de colección no puede contener un carácter NUL",
            pt: "um nome de coleção não pode conter um caractere NUL"
        ))
    } else if name.starts_with("system.") {
        Some(text!(
            en: "collection name \"{name}\" starts with \"system.\", which MongoDB reserves",
            es: "el nombre de colección \"{name}\" empieza por \"system.\", que MongoDB reserva",
            pt: "o nome de coleção \"{name}\" começa com \"system.\", que o MongoDB reserva";
            name
        ))
    } else if name.len() > 200 {
        Some(text!(
            en: "collection name is {n} bytes; keep namespaces under 255 bytes",
            es: "el nombre de colección ocupa {n} bytes; mantén los espacios de nombres por debajo de 255 bytes",
            pt: "o nome de coleção ocupa {n} bytes; mantenha os namespaces abaixo de 255 bytes";
            n = name.len()
        ))
    } else {
        None
    }
}

/// Why a field's `presence` is refused: it is the share of documents that carry the field.
fn presence_problem(share: f64) -> Option<Text> {
    (!(0.0..=1.0).contains(&share)).then(|| {
        text!(
            en: "presence is the share of documents that carry the field, between 0 and 1, not {value}",
            es: "la presencia es la fracción de documentos que llevan el campo, entre 0 y 1, no {value}",
            pt: "a presença é a fração de documentos que trazem o campo, entre 0 e 1, não {value}";
            value = share.to_string()
        )
    })
}

/// Why the name of entity `id` is refused, if it is: a collection name for collections, a
/// field name for embedded sub-documents.
pub fn structure_problem_for_name(model: &Model, id: &str) -> Option<Text> {
    let entity = model.entity(id)?;
    if model.is_collection(entity) {
        collection_name_problem(&entity.name)
    } else if model.embedding_parent(id).is_some() && entity.kind != crate::model::EntityKind::Value {
        name_problem(&entity.name)
    } else if entity.name.trim().is_empty() {
        Some(
            text!(en: "a name cannot be empty", es: "un nombre no puede estar vacío", pt: "um nome não pode ficar vazio"),
        )
    } else {
        None
    }
}

/// Forbidden field names anywhere in the model.
pub fn check_names(model: &Model) -> Vec<Problem> {
    let embedded: HashSet<&str> =
        model.relations.iter().filter(|r| r.storage == Storage::Embed).map(|r| r.child.as_str()).collect();
    let mut out = Vec::new();
    check_names_into(model, |i| model.entities.get(i).is_some_and(|e| embedded.contains(e.id.as_str())), &mut out);
    out
}

/// [`check_names`] into `out`, with `embedded(i)`: whether an embedding relation has the entity
/// at position `i` as its child (the structural checks have counted them already).
pub(crate) fn check_names_into(model: &Model, embedded: impl Fn(usize) -> bool, out: &mut Vec<Problem>) {
    let mut names = Vec::new();
    for (i, entity) in model.entities.iter().enumerate() {
        bad_names(&entity.id, &entity.fields, &mut names, out);
        for variant in &entity.collection.variants {
            bad_names(&entity.id, &variant.fields, &mut names, out);
        }
        let is_collection = entity.kind == EntityKind::Document && !embedded(i);
        if is_collection {
            if let Some(why) = collection_name_problem(&entity.name) {
                out.push(Problem::new(Place::Entity { id: Id::new(&entity.id) }, why));
            }
        }
    }
}

/// The forbidden field names among `fields`, and presences that are not a share (outside
/// 0..1), depth first (as `walk_fields` visits them). `names` holds the names of the enclosing
/// fields (empty at the top). The dotted path is built only for a field that has a problem, so
/// a clean model allocates nothing.
fn bad_names<'f>(entity: &str, fields: &'f [Field], names: &mut Vec<&'f str>, out: &mut Vec<Problem>) {
    for field in fields {
        let problems = [name_problem(&field.name), field.presence.and_then(presence_problem)];
        for why in problems.into_iter().flatten() {
            names.push(&field.name);
            out.push(Problem::new(Place::Field { entity: Id::from(entity), path: Id::from(names.join(".")) }, why));
            names.pop();
        }
        // Most fields are scalars: no call, no push for them.
        if !field.fields.is_empty() {
            names.push(&field.name);
            bad_names(entity, &field.fields, names, out);
            names.pop();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Lang;

    #[test]
    fn refused_names_read_in_spanish_and_portuguese_with_local_figures() {
        let long = "c".repeat(1200);
        let why = collection_name_problem(&long).expect("a long name is refused");
        assert_eq!(why.en(), "collection name is 1,200 bytes; keep namespaces under 255 bytes");
        assert_eq!(
            why.render(Lang::Es),
            "el nombre de colección ocupa 1.200 bytes; mantén los espacios de nombres por debajo de 255 bytes"
        );
        let why = name_problem("$where").expect("a $ name is refused");
        assert_eq!(
            why.render(Lang::Pt),
            "o nome de campo \"$where\" começa com '$', que o MongoDB reserva para operadores"
        );
        assert!(name_problem("a\0b").is_some_and(|t| t.render(Lang::Es).contains("\"a\\0b\" contiene un carácter NUL")));
        assert!(name_problem("title").is_none() && collection_name_problem("orders").is_none());
        // The one-pass check lets through exactly the names the checks one by one let through.
        let c200 = "c".repeat(200);
        for name in ["", "$", "a$b", "a\0", "system.", "system.x", "systemx", "xsystem.y", "c", &long, &c200, "año"] {
            let one_by_one = name.is_empty()
                || name.contains('$')
                || name.contains('\0')
                || name.starts_with("system.")
                || name.len() > 200;
            assert_eq!(collection_name_problem(name).is_some(), one_by_one, "{name:?}");
        }
    }

    #[test]
    fn a_nul_or_a_dot_is_found_at_any_position_and_nothing_else_is() {
        for len in 0..=20 {
            let clean: String = "aé-/_Z9ñ~".chars().cycle().take(len).collect();
            assert!(!has_nul_or_dot(clean.as_bytes()), "{clean:?}");
            for at in 0..=clean.len() {
                for bad in [".", "\0"] {
                    let (head, tail) = clean.as_bytes().split_at(at);
                    let name = [head, bad.as_bytes(), tail].concat();
                    assert!(has_nul_or_dot(&name), "{name:?}");
                }
            }
        }
        // Neighbouring byte values are not mistaken for them.
        assert!(!has_nul_or_dot(b"\x01-/\x01-/\x01-/\xff"));
    }

    #[test]
    fn a_presence_outside_0_and_1_is_refused_at_its_field() {
        use crate::model::{check_structure, BsonType, Entity, Variant};
        let mut m = Model::new("t");
        let mut e = Entity::new("p", "products");
        let mut color = Field::new("color", BsonType::String);
        color.presence = Some(0.25);
        let mut dims = Field::new("dims", BsonType::Object);
        let mut depth = Field::new("depth", BsonType::Double);
        depth.presence = Some(1.5);
        dims.fields.push(depth);
        e.fields = vec![color, dims];
        let mut pages = Field::new("pages", BsonType::Int);
        pages.presence = Some(f64::NAN);
        e.collection.variants.push(Variant { value: "book".into(), fields: vec![pages], share: None });
        m.entities.push(e);
        let problems: Vec<_> = check_structure(&m).into_iter().filter(|p| p.message.contains("presence")).collect();
        let places: Vec<String> = problems.iter().map(|p| format!("{:?}", p.place)).collect();
        assert_eq!(problems.len(), 2, "{places:?}");
        assert!(places[0].contains("dims.depth") && places[1].contains("pages"), "{places:?}");
        assert_eq!(
            problems[0].message.en(),
            "presence is the share of documents that carry the field, between 0 and 1, not 1.5"
        );
        assert!(problems[1].message.render(Lang::Es).starts_with("la presencia es la fracción de documentos"));
        assert!(problems[1].message.render(Lang::Pt).ends_with("não NaN"), "{}", problems[1].message.render(Lang::Pt));
    }

    #[test]
    fn an_embedded_entity_with_an_empty_id_is_not_checked_as_a_collection() {
        use crate::model::{check_structure, Entity, Relation};
        let mut m = Model::new("t");
        m.entities.push(Entity::new("", "system.a"));
        m.entities.push(Entity::new("", "system.b"));
        m.entities.push(Entity::new("p", "parent"));
        m.relations.push(Relation::new("r", "p", "", Storage::Embed));
        let names: Vec<_> = check_structure(&m).into_iter().filter(|p| p.message.contains("system.")).collect();
        assert!(names.is_empty(), "{names:?}");
        m.relations[0].storage = Storage::Reference;
        assert_eq!(check_structure(&m).iter().filter(|p| p.message.contains("system.")).count(), 2);
    }
}
