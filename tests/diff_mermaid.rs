//! The Mermaid diagram of `docshape diff` marks a changed sub-field at a row of its own, under
//! its top-level field, as the app's compare view marks the box's rows: `+` added, `-` removed,
//! `~` changed, and `~` on every field above it. The block parses with Mermaid's own parser
//! (`tests/codegen/check.mjs mermaid`, as `hostile_code.rs` checks the `mermaid` export).

use docshape::diff::{diff, markdown::to_markdown};
use docshape::i18n::Lang;
use docshape::model::{load, Field, Model};
use docshape::offload::compare::compare;
use docshape::templates::TEMPLATES;
use std::path::{Path, PathBuf};
use std::process::Command;

fn bibliored() -> Model {
    let t = TEMPLATES.iter().find(|t| t.id == "bibliored").expect("template");
    load(t.json()).expect("loads")
}

/// Where BiblioRed's first field holding two sub-fields or more is: entity and field index.
fn with_sub_fields(m: &Model) -> (usize, usize) {
    m.entities
        .iter()
        .enumerate()
        .find_map(|(ei, e)| e.fields.iter().position(|f| f.fields.len() >= 2).map(|fi| (ei, fi)))
        .expect("BiblioRed has a field with two sub-fields")
}

/// BiblioRed with, in its first field holding two sub-fields or more: the first sub-field's
/// `required` flipped, the last one removed, and `added_inside` added. Returns the new design,
/// the entity id, the field's name and the names of the changed and the removed sub-fields.
fn sub_fields_changed(old: &Model) -> (Model, String, String, String, String) {
    let mut new = old.clone();
    let (ei, fi) = with_sub_fields(&new);
    let field = &mut new.entities[ei].fields[fi];
    field.fields[0].required = !field.fields[0].required;
    let changed = field.fields[0].name.clone();
    let removed = field.fields.pop().expect("a last sub-field").name;
    let mut added = field.fields[0].clone();
    added.name = "added_inside".into();
    added.fields.clear();
    field.fields.push(added);
    let name = field.name.clone();
    (new.clone(), new.entities[ei].id.clone(), name, changed, removed)
}

/// The lines of the Markdown's Mermaid block, without its fences.
fn block(md: &str) -> String {
    let start = md.find("```mermaid\n").expect("a Mermaid block") + "```mermaid\n".len();
    let end = start + md[start..].find("```").expect("closed");
    md[start..end].to_string()
}

/// The rows of entity `alias`'s block in the diagram (`"type name \"mark\""` lines).
fn rows<'a>(diagram: &'a str, name: &str) -> Vec<&'a str> {
    let lines: Vec<&str> = diagram.lines().collect();
    let open = lines.iter().position(|l| l.contains(&format!("[\"~ {name}\"] {{"))).expect("the entity, marked ~");
    lines[open + 1..].iter().take_while(|l| l.trim() != "}").map(|l| l.trim()).collect()
}

#[test]
fn changed_sub_fields_have_rows_of_their_own_marked_as_in_the_app() {
    let old = bibliored();
    let (new, id, field, changed, removed) = sub_fields_changed(&old);
    let d = diff(&old, &new);
    let entity = new.entity(&id).expect("entity").name.clone();
    for lang in Lang::ALL {
        let diagram = block(&to_markdown(&old, &new, &d, lang));
        let rows = rows(&diagram, &entity);
        let at = |path: &str| rows.iter().position(|r| r.ends_with(&format!("\"{path}\"")));
        let parent = rows.iter().position(|r| r.ends_with(&format!(" {field} \"~\""))).expect("the field, marked ~");
        let (c, a, r) = (
            at(&format!("~ {field}.{changed}")).unwrap_or_else(|| panic!("the changed sub-field: {rows:#?}")),
            at(&format!("+ {field}.added_inside")).unwrap_or_else(|| panic!("the added sub-field: {rows:#?}")),
            at(&format!("- {field}.{removed}")).unwrap_or_else(|| panic!("the removed sub-field: {rows:#?}")),
        );
        assert!(parent < c.min(a).min(r), "the sub-fields' rows follow their field: {rows:#?}");
        assert!(rows[c].contains(&format!("{field}_{changed}")), "named by its path: {}", rows[c]);
        let marked = rows.iter().filter(|r| r.ends_with('"')).count();
        assert_eq!(marked, 4, "nothing else is marked: {rows:#?}");
    }
    // The same rows and marks as the app's compare view.
    let app = compare(&old, &new, Lang::En);
    let mut app_marks: Vec<String> = app.fields.iter().map(|(_, path, c)| format!("{c} {path}")).collect();
    app_marks.sort();
    let mut diagram_marks =
        vec![format!("~ {field}"), format!("~ {field}.{changed}"), format!("+ {field}.added_inside")];
    // Both draw the removed sub-field back, with its old type: it is in the picture again, at
    // the end of its field.
    let (picture, _) = docshape::diff::union(&new, &d);
    let held = &picture.entity(&id).expect("entity").fields.iter().find(|f| f.name == field).expect("field").fields;
    assert_eq!(held.last().map(|f| f.name.as_str()), Some(removed.as_str()), "drawn back: {held:#?}");
    diagram_marks.push(format!("- {field}.{removed}"));
    diagram_marks.sort();
    assert_eq!(app_marks, diagram_marks, "one function marks both");
}

#[test]
fn sub_field_rows_come_in_the_order_the_box_lists_them() {
    // Two sub-fields added at the end, "zeta" before "alpha", and the first one changed: the
    // rows follow the design's order (the changed one, then zeta, then alpha), not the names'.
    let old = bibliored();
    let mut new = old.clone();
    let (ei, fi) = with_sub_fields(&new);
    let field = &mut new.entities[ei].fields[fi];
    field.fields[0].required = !field.fields[0].required;
    let first = field.fields[0].name.clone();
    for name in ["zeta", "alpha"] {
        let mut f = field.fields[0].clone();
        f.name = name.into();
        f.fields.clear();
        field.fields.push(f);
    }
    let (name, entity) = (field.name.clone(), new.entities[ei].name.clone());
    let d = diff(&old, &new);
    let diagram = block(&to_markdown(&old, &new, &d, Lang::En));
    let rows = rows(&diagram, &entity);
    let at = |path: &str| {
        rows.iter().position(|r| r.ends_with(&format!("\"{path}\""))).unwrap_or_else(|| panic!("{path}: {rows:#?}"))
    };
    let order = [at(&format!("~ {name}.{first}")), at(&format!("+ {name}.zeta")), at(&format!("+ {name}.alpha"))];
    assert!(order[0] < order[1] && order[1] < order[2], "in the box's order: {rows:#?}");
}

#[test]
fn a_sub_field_two_levels_down_marks_each_field_above_it() {
    let old = bibliored();
    let mut new = old.clone();
    let e = new.entities.iter_mut().find(|e| e.fields.iter().any(|f| !f.fields.is_empty())).expect("an entity");
    let field = e.fields.iter_mut().find(|f| !f.fields.is_empty()).expect("a field");
    let mut deep = Field::new("deep", docshape::model::BsonType::Int);
    deep.required = true;
    let mut middle = field.fields[0].clone();
    middle.name = "middle".into();
    middle.bson_type = docshape::model::BsonType::Object;
    middle.fields = vec![Field::new("kept", docshape::model::BsonType::String)];
    field.fields.push(middle.clone());
    let top = field.name.clone();
    let name = e.name.clone();
    // `middle` first, then `deep` added inside it: the diagram of the second change.
    let old = new.clone();
    let mut newer = new.clone();
    let f = newer.entities.iter_mut().flat_map(|e| e.fields.iter_mut()).find(|f| f.name == top).expect("field");
    f.fields.last_mut().expect("middle").fields.push(deep);
    let diagram = block(&to_markdown(&old, &newer, &diff(&old, &newer), Lang::En));
    let rows = rows(&diagram, &name);
    let marks: Vec<&str> = rows.iter().filter(|r| r.ends_with('"')).copied().collect();
    assert_eq!(marks.len(), 3, "{rows:#?}");
    assert!(marks[0].ends_with(&format!(" {top} \"~\"")), "{marks:?}");
    assert!(marks[1].starts_with("object ") && marks[1].ends_with(&format!("\"~ {top}.middle\"")), "{marks:?}");
    assert!(marks[2].starts_with("int ") && marks[2].ends_with(&format!("\"+ {top}.middle.deep\"")), "{marks:?}");
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_marked_diagram_parses_with_mermaid() {
    let check = root().join("tests/codegen/check.mjs");
    let node_ok = Command::new("node").arg("--version").output().is_ok_and(|o| o.status.success());
    if !node_ok || !root().join("node_modules/mermaid").is_dir() {
        println!("diff_mermaid: node with mermaid is not installed: the diagram is not parsed (scripts/setup.sh installs it)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("docshape-diff-mermaid-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let old = bibliored();
    let (new, ..) = sub_fields_changed(&old);
    // And a hostile sub-field name, which must stay inside its quotes.
    let mut hostile = new.clone();
    let f = hostile.entities.iter_mut().flat_map(|e| e.fields.iter_mut()).find(|f| f.fields.len() >= 2).expect("field");
    f.fields.push(Field::new("x\" }\n```\n<script>\u{202e}", docshape::model::BsonType::String));
    let mut files = Vec::new();
    for (label, new) in [("sub", &new), ("hostile", &hostile)] {
        for lang in Lang::ALL {
            let path = dir.join(format!("{label}.{}.mmd", lang.code()));
            std::fs::write(&path, block(&to_markdown(&old, new, &diff(&old, new), lang))).expect("write");
            files.push(path);
        }
    }
    let out = Command::new("node").arg(&check).arg("mermaid").args(&files).current_dir(root()).output().expect("node");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8_lossy(&out.stdout);
    let answers: serde_json::Value = serde_json::from_str(stdout.lines().last().unwrap_or("{}")).expect("a JSON line");
    for path in &files {
        let parsed = &answers[path.to_str().unwrap()];
        assert!(parsed.get("error").is_none(), "{}: {}", path.display(), parsed["error"]);
        assert!(parsed["entities"].as_array().is_some_and(|e| !e.is_empty()), "{}: {parsed}", path.display());
    }
    let text = std::fs::read_to_string(&files[files.len() - 1]).expect("read");
    assert!(!text.contains("<script>") && !text.contains('\u{202e}') && text.contains("U+202E"), "{text}");
    let _ = Path::new(&dir);
}
