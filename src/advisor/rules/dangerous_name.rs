use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::declare_rule;
use crate::escape::hazard::{name_hazard, note_hazard, visible, Hazard};
use crate::i18n::{Arg, Text};
use crate::model::{Field, Id, Model, Place};
use crate::text;

declare_rule! {
    /// ## What it does
    /// Flags a name, an id or a note that holds a character MongoDB accepts but that changes
    /// what a script or a review shows or does: a line break (`\n`, a lone `\r`, U+0085,
    /// U+2028, U+2029), another control character (a tab, an escape), a bidirectional control
    /// (U+202A to U+202E, U+2066 to U+2069, U+200E, U+200F, U+061C) or an invisible character
    /// (U+200B, U+2060, U+FEFF, or a zero-width joiner outside the scripts and emoji that use
    /// one).
    ///
    /// ## Why is this bad?
    /// docshape's exports escape these characters, but the name travels further: into
    /// application code, shell scripts, logs and other tools' exports. A line break inside a
    /// name written into a `//` comment ends the comment and turns the rest of the name into
    /// code; a bidirectional control makes a reviewer read text in a different order from the
    /// one a program runs ("Trojan Source"); an invisible character makes two different
    /// names look the same, so a query silently reads the wrong field or collection.
    ///
    /// ## Example
    /// A collection named `orders` followed by U+2028 and `require("fs")`, or a field named
    /// `price` followed by U+202E and `tnuocsid`.
    ///
    /// ## Use instead
    /// Rename the element with printable characters only (`orders`, `discount_price`); keep
    /// line breaks for notes, written as plain line feeds.
    ///
    /// ## References
    /// MongoDB manual, "Naming Restrictions" and "Field Names"; Unicode Technical Report #36,
    /// "Unicode Security Considerations"; CVE-2021-42574 ("Trojan Source").
    pub DangerousName {
        code: "DS002",
        name: "dangerous-name",
        category: Structure,
        severity: Warning,
    }
}

/// What kind of string the character was found in.
#[derive(Debug, Clone, Copy)]
enum Slot {
    Name,
    Id,
    Field,
    Value,
    Note,
}

impl Slot {
    fn label(self) -> Text {
        match self {
            Slot::Name => text!(en: "the name", es: "el nombre", pt: "o nome"),
            Slot::Id => text!(en: "the id", es: "el id", pt: "o id"),
            Slot::Field => text!(en: "the field name", es: "el nombre de campo", pt: "o nome de campo"),
            Slot::Value => text!(en: "the value", es: "el valor", pt: "o valor"),
            Slot::Note => text!(en: "the note", es: "la nota", pt: "a nota"),
        }
    }
}

fn hazard_label(h: Hazard) -> Text {
    match h {
        Hazard::LineBreak => text!(en: "a line break", es: "un salto de línea", pt: "uma quebra de linha"),
        Hazard::Control => {
            text!(en: "a control character", es: "un carácter de control", pt: "um caractere de controle")
        }
        Hazard::Bidi => text!(
            en: "a bidirectional control",
            es: "un control de dirección del texto",
            pt: "um controle de direção do texto"
        ),
        Hazard::Invisible => {
            text!(en: "an invisible character", es: "un carácter invisible", pt: "um caractere invisível")
        }
        Hazard::Joiner => text!(
            en: "a zero-width joiner",
            es: "un carácter de unión de ancho cero",
            pt: "um caractere de junção de largura zero"
        ),
    }
}

/// At most this many characters of a name are quoted in a message.
const QUOTED: usize = 60;

impl Rule for DangerousName {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        scan(cx.model, &mut |place: &dyn Fn() -> Place, slot, s| {
            let found = match slot {
                Slot::Note => note_hazard(s),
                _ => name_hazard(s),
            };
            if let Some((c, h)) = found {
                out.push(finding(place(), slot, s, c, h));
            }
        });
    }
}

fn finding(place: Place, slot: Slot, s: &str, c: char, h: Hazard) -> Finding {
    let shown = visible(s);
    let quoted: String = if shown.chars().count() > QUOTED {
        shown.chars().take(QUOTED).chain(['…']).collect()
    } else {
        shown.into_owned()
    };
    DangerousName::finding(
        place,
        text!(
            en: "{what} \"{name}\" contains {hazard} ({code})",
            es: "{what} \"{name}\" contiene {hazard} ({code})",
            pt: "{what} \"{name}\" contém {hazard} ({code})";
            what = slot.label(), name = quoted, hazard = hazard_label(h),
            code = Arg::from(format!("U+{:04X}", c as u32))
        ),
        text!(
            en: "Copied into a script, a log or a review, it can end a comment and run as code, reorder the text a reviewer reads, or make two different names look the same.",
            es: "Copiado en un script, un registro o una revisión, puede cerrar un comentario y ejecutarse como código, reordenar el texto que lee quien revisa o hacer que dos nombres distintos parezcan iguales.",
            pt: "Copiado para um script, um log ou uma revisão, pode encerrar um comentário e rodar como código, reordenar o texto que o revisor lê ou fazer dois nomes diferentes parecerem iguais."
        ),
        text!(
            en: "Rename it with printable characters only; keep line breaks for notes, as plain line feeds.",
            es: "Renómbralo solo con caracteres imprimibles; deja los saltos de línea para las notas, como saltos de línea simples.",
            pt: "Renomeie-o só com caracteres imprimíveis; deixe as quebras de linha para as notas, como quebras de linha simples."
        ),
    )
}

/// What [`scan`] calls for each string: its place (built only when a finding needs it), its
/// kind and the string.
type Visit<'v> = dyn FnMut(&dyn Fn() -> Place, Slot, &str) + 'v;

/// Calls `visit(place, slot, string)` for every string of the model a script or a review may
/// show. `place` builds the finding's place only when one is reported.
fn scan(model: &Model, visit: &mut Visit) {
    let here = || Place::Model;
    visit(&here, Slot::Name, &model.name);
    visit(&here, Slot::Name, &model.database);
    visit(&here, Slot::Note, &model.notes);
    let mut path = String::new();
    for e in &model.entities {
        let at = || Place::Entity { id: Id::new(&e.id) };
        visit(&at, Slot::Name, &e.name);
        visit(&at, Slot::Id, &e.id);
        visit(&at, Slot::Note, &e.notes);
        let settings = &e.collection;
        for s in settings.discriminator.iter().chain(&settings.schema_version_field) {
            visit(&at, Slot::Field, s);
        }
        for index in &settings.indexes {
            for k in index.keys.iter() {
                visit(&at, Slot::Field, &k.field);
            }
        }
        path.clear();
        fields(&e.id, &e.fields, &mut path, visit);
        for v in &settings.variants {
            visit(&at, Slot::Value, &v.value);
            path.clear();
            fields(&e.id, &v.fields, &mut path, visit);
        }
    }
    for r in &model.relations {
        let at = || Place::Relation { id: Id::new(&r.id) };
        visit(&at, Slot::Id, &r.id);
        visit(&at, Slot::Note, &r.notes);
        // Each field name the relation writes, visited in place (no list gathered first).
        let mut field = |n: &str| visit(&at, Slot::Field, n);
        field(&r.field);
        r.reference.child_field.iter().for_each(|n| field(n));
        r.reference.parent_field.iter().for_each(|n| field(n));
        for c in &r.extended {
            field(&c.field);
            c.as_field.iter().for_each(|n| field(n));
        }
        if let Some(s) = &r.subset {
            field(&s.field);
            field(&s.order_by);
            s.count_field.iter().for_each(|n| field(n));
            s.fields.iter().for_each(|n| field(n));
        }
        for c in &r.computed {
            field(&c.field);
            field(&c.source);
            field(&c.op);
        }
        if let Some(b) = &r.bucket {
            field(&b.array_field);
            field(&b.period);
            field(&b.id_scheme);
            b.count_field.iter().for_each(|n| field(n));
            b.period_field.iter().for_each(|n| field(n));
        }
        if let Some(o) = &r.outlier {
            field(&o.flag_field);
            field(&o.overflow_collection);
        }
    }
    for q in &model.queries {
        let at = || Place::Query { id: Id::new(&q.id) };
        visit(&at, Slot::Id, &q.id);
        visit(&at, Slot::Name, &q.name);
        visit(&at, Slot::Name, &q.actor);
        for n in q.filters.iter().map(|f| &f.field).chain(q.sort.iter().map(|s| &s.field)) {
            visit(&at, Slot::Field, n);
        }
        for n in q.projection.iter().chain(&q.changes) {
            visit(&at, Slot::Field, n);
        }
        for n in [&q.consistency, &q.volume, &q.precondition, &q.notes] {
            visit(&at, Slot::Note, n);
        }
    }
}

/// The fields of entity `entity` under `path` (dotted, restored before returning).
fn fields(entity: &str, list: &[Field], path: &mut String, visit: &mut Visit) {
    for f in list {
        let len = path.len();
        if len > 0 {
            path.push('.');
        }
        path.push_str(&f.name);
        let at = || Place::Field { entity: Id::new(entity), path: Id::new(path.as_str()) };
        visit(&at, Slot::Field, &f.name);
        visit(&at, Slot::Note, &f.notes);
        fields(entity, &f.fields, path, visit);
        path.truncate(len);
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::collection_fixtures::{findings, model, query};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, Relation, Storage};

    #[test]
    fn every_kind_of_dangerous_character_triggers_where_it_is() {
        let cases: [(&str, &str); 6] = [
            ("items\u{2028}require(\"fs\")", "a line break (U+2028)"),
            ("items\rx", "a line break (U+000D)"),
            ("price\u{202e}tnuocsid", "a bidirectional control (U+202E)"),
            ("pri\u{200b}ce", "an invisible character (U+200B)"),
            ("tab\there", "a control character (U+0009)"),
            ("ad\u{200d}min", "a zero-width joiner (U+200D)"),
        ];
        for (name, said) in cases {
            let mut m = model();
            m.entities[0].name = name.into();
            let found = findings(&m, "DS002");
            assert_eq!(found.len(), 1, "{name:?}: {found:?}");
            assert!(found[0].message.en().contains(said), "{}", found[0].message.en());
            assert!(!found[0].message.en().chars().any(crate::escape::hazard::must_show), "quoted visibly");
        }
    }

    #[test]
    fn names_anywhere_in_the_model_are_read() {
        let mut m = model();
        m.database = "shop\ndb".into();
        let mut f = Field::new("meta", BsonType::Object);
        f.fields.push(Field::new("in\u{2066}ner", BsonType::String));
        m.entities[0].fields.push(f);
        let mut q = query("Q1\u{2029}", "c", &["sku\u{feff}"], &[]);
        q.notes = "fine\nnote\r\nwith lines".into();
        m.queries.push(q);
        let mut r = Relation::new("r1", "c", "c", Storage::Reference);
        r.reference.child_field = Some("owner\u{85}id".into());
        m.relations.push(r);
        let found = findings(&m, "DS002");
        let places: Vec<String> = found.iter().map(|f| f.place.label(&m)).collect();
        // The query helper names the query after its id: both are reported.
        assert_eq!(found.len(), 6, "{places:?}");
        assert!(places.iter().any(|p| p == "items.meta.in\u{2066}ner"), "{places:?}");
        let es = found[0].message.render(Lang::Es);
        assert!(es.starts_with("el nombre \"shop<U+000A>db\" contiene un salto de línea"), "{es}");
        for f in &found {
            assert!(f.message.is_translated() && f.message.check().is_ok(), "{:?}", f.message.check());
            assert!(f.why.check().is_ok() && f.fix_hint.check().is_ok());
        }
    }

    #[test]
    fn ordinary_names_notes_and_scripts_do_not_trigger() {
        let mut m = model();
        m.name = "Catálogo — reseñas “2026” 📚".into();
        m.notes = "Line one.\nLine two,\tindented.\r\n\nA new paragraph.".into();
        m.entities[0].fields.push(Field::new("familia_👨\u{200d}👩", BsonType::String));
        m.entities[0].fields.push(Field::new("می\u{200c}خواهم", BsonType::String));
        m.entities[0].fields.push(Field::new("</script><img src=x onerror=alert(1)>", BsonType::String));
        assert!(findings(&m, "DS002").is_empty(), "{:?}", findings(&m, "DS002"));
    }

    #[test]
    fn long_names_are_quoted_shortened() {
        let mut m = model();
        m.entities[0].name = format!("{}\u{202e}", "n".repeat(500));
        let found = findings(&m, "DS002");
        assert_eq!(found.len(), 1);
        assert!(found[0].message.en().len() < 200, "{}", found[0].message.en());
    }
}
