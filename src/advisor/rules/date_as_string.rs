use super::typed_fields::{retype, typed_fields};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::export::lexicon::for_each_token;
use crate::model::{BsonType, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a field typed `string` (or an array of `string`) whose name says it holds a date
    /// or a moment: a word of its name (split at `_`, `-` and camelCase, accents folded) is
    /// `date`, `datetime`, `timestamp`, `birthday`, `deadline`, `fecha`, `vencimiento`…; or it
    /// ends in a participle and `at` / `en` / `em` (`createdAt`, `updated_at`, `paid_at`,
    /// `creado_en`, `criado_em`); or it is the Portuguese `data` with what it dates
    /// (`data_nascimento`, `data_pedido`; `data` alone, as in English, is not a date). A name
    /// that says it holds a format, a label or a text (`date_format`, `fecha_texto`) is not
    /// flagged. Collections kept outside MongoDB are not checked.
    ///
    /// ## Why is this bad?
    /// A date written as text sorts and compares as text: `"9/2/2026"` comes after
    /// `"10/2/2026"`, a range query on ISO strings works only while every writer uses the same
    /// format, time zone and precision, and a string is bigger than the 8 bytes of a BSON date.
    /// A TTL index ignores it (the documents never expire), and `$dateTrunc`, `$dateDiff`,
    /// `$dateToString` and the time-series collections need real dates, so every report
    /// converts first.
    ///
    /// ## Example
    /// `orders.created_at: string` holding `"2026-03-01T10:00:00Z"`, as `docshape infer` writes
    /// it from plain JSON samples (JSON has no date type), or `socios.fecha_alta: string`.
    ///
    /// ## Use instead
    /// The `date` type (`ISODate("2026-03-01T10:00:00Z")` in mongosh, the drivers' date
    /// types): one UTC instant that sorts, compares and indexes as time. Convert the old
    /// strings with `$dateFromString` in an update pipeline; keep the user's time zone in a
    /// field of its own when it matters.
    ///
    /// ## References
    /// MongoDB manual, "Date()" and "BSON Types" (Date), "Expire Data from Collections by
    /// Setting TTL", "$dateFromString"; "Patrones de Diseño de Esquema en MongoDB" and
    /// "Modelagem de Documentos", whose buckets and orders keep their moments as `ISODate`.
    pub DateAsString {
        code: "DS405",
        name: "date-as-string",
        category: Validation,
        severity: Warning,
    }
}

/// Words that name a date or a moment (accents folded, lower case).
#[rustfmt::skip]
const DATE: &[&str] = &[
    "date", "dates", "datetime", "timestamp", "birthday", "birthdate", "dob", "deadline",
    "fecha", "fechas", "vencimiento", "caducidad", "nacimiento",
    "vencimento", "nascimento",
];

/// Participles that a trailing `at` (`en`, `em`) turns into a moment (`sent_at`); with the
/// regular English `-ed`, Spanish `-ado`/`-ido` and Portuguese `-ado`/`-ido` forms.
const MOMENT_OF: &[&str] = &["sent", "paid", "seen", "read", "run", "done", "made", "begun", "taken", "due"];

/// What the Portuguese `data` may date (`data_nascimento`, `data_pedido`): with one of these
/// it is a date; alone (or with English words: `raw_data`) it is data.
#[rustfmt::skip]
const DATED: &[&str] = &[
    "nascimento", "criacao", "cadastro", "pedido", "entrega", "compra", "pagamento", "envio", "inicio", "fim",
    "vencimento", "atualizacao", "emissao", "publicacao", "registro", "admissao", "validade", "evento",
];

/// Words that make the field a format, a label or a text about a date, not the date.
#[rustfmt::skip]
const NOT_THE_DATE: &[&str] = &[
    "format", "formato", "pattern", "label", "text", "texto", "display", "string", "str", "zone", "zona", "fuso",
    "type", "tipo", "source", "fonte", "fuente", "unit", "unidad", "unidade",
];

fn participle(t: &str) -> bool {
    MOMENT_OF.contains(&t) || t.ends_with("ed") || t.ends_with("ado") || t.ends_with("ido")
}

/// Whether a field named `name` holds a date, by the words of its name.
fn names_date(name: &str) -> bool {
    // What the words say, read as they come (a name's words are not kept).
    let (mut not_the_date, mut date, mut data, mut dated) = (false, false, false, false);
    // Whether the last word is "at" (or the Spanish and Portuguese "en", "em") and the word
    // before it a participle ("created at").
    let (mut last_participle, mut before_participle, mut last_at) = (false, false, false);
    for_each_token(name, |t| {
        not_the_date |= NOT_THE_DATE.contains(&t);
        date |= DATE.contains(&t);
        data |= t == "data";
        dated |= DATED.contains(&t);
        before_participle = last_participle;
        last_participle = participle(t);
        last_at = ["at", "en", "em"].contains(&t);
    });
    if not_the_date {
        return false;
    }
    date || (data && dated) || (last_at && before_participle)
}

impl Rule for DateAsString {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in &cx.model.entities {
            for path in typed_fields(e, BsonType::String, names_date) {
                let shown = format!("{}.{path}", e.name);
                let mut f = Self::finding(
                    Place::Field { entity: Id::new(&e.id), path: Id::from(path.as_str()) },
                    text!(
                        en: "{field} holds a date as a string.",
                        es: "{field} guarda una fecha como string.",
                        pt: "{field} guarda uma data como string.";
                        field = &shown
                    ),
                    text!(
                        en: "Text sorts and compares as text (\"9/2/2026\" after \"10/2/2026\"); ranges hold only while every writer uses one format and time zone, a TTL index ignores it, and date operators need a conversion first.",
                        es: "El texto se ordena y se compara como texto (\"9/2/2026\" después de \"10/2/2026\"); los rangos solo funcionan mientras todos escriben con un formato y una zona horaria, un índice TTL lo ignora y los operadores de fecha necesitan convertirlo antes.",
                        pt: "Texto se ordena e se compara como texto (\"9/2/2026\" depois de \"10/2/2026\"); intervalos só funcionam enquanto todos escrevem no mesmo formato e fuso, um índice TTL o ignora e os operadores de data precisam convertê-lo antes."
                    ),
                    text!(
                        en: "Make it a date (ISODate, one UTC instant); convert the old strings with $dateFromString, and keep the user's time zone in a field of its own when it matters.",
                        es: "Hazlo date (ISODate, un instante en UTC); convierte los strings antiguos con $dateFromString y guarda la zona horaria del usuario en un campo aparte si importa.",
                        pt: "Torne-o date (ISODate, um instante em UTC); converta as strings antigas com $dateFromString e guarde o fuso do usuário em um campo próprio quando importar."
                    ),
                );
                f.fix = Some(retype(e, &path, BsonType::String, BsonType::Date));
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use super::names_date;
    use crate::i18n::Lang;
    use crate::model::{BsonType, EntityKind, Field};

    #[test]
    fn date_words_in_three_languages() {
        for name in [
            "date",
            "created_at",
            "createdAt",
            "updatedAt",
            "paid_at",
            "sent_at",
            "due_date",
            "birthDate",
            "timestamp",
            "fecha",
            "fecha_alta",
            "fechaNacimiento",
            "creado_en",
            "data_nascimento",
            "criado_em",
            "vencimento",
        ] {
            assert!(names_date(name), "{name} is a date");
        }
        for name in [
            "data",
            "raw_data",
            "metadata",
            "date_format",
            "fecha_texto",
            "look_at",
            "name",
            "status",
            "update",
            "timezone",
            "time_zone",
            "dia_semana",
            "en",
            "at",
        ] {
            assert!(!names_date(name), "{name} is not a date");
        }
    }

    #[test]
    fn a_creation_date_typed_string_is_flagged_and_the_fix_makes_it_a_date() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("created_at", BsonType::String));
        let mut events = Field::new("events", BsonType::Array);
        events.items = Some(BsonType::Object);
        events.fields.push(Field::new("fecha", BsonType::String));
        events.fields.push(Field::new("tipo", BsonType::String));
        m.entities[0].fields.push(events);
        m.entities[0].fields.push(Field::new("updated_at", BsonType::Date));

        let f = findings(&m, "DS405");
        let at: Vec<String> = f.iter().map(|f| format!("{:?}", f.place)).collect();
        assert_eq!(f.len(), 2, "{at:?}");
        assert_eq!(f[0].message.render(Lang::En), "items.created_at holds a date as a string.");
        assert!(at[1].contains("events.fecha"), "{at:?}");
        for finding in &f {
            assert!(finding.fix.as_ref().is_some_and(|fix| fix.apply(&mut m)));
        }
        let e = &m.entities[0];
        assert_eq!(e.field("created_at").map(|f| f.bson_type), Some(BsonType::Date));
        assert_eq!(e.field("events.fecha").map(|f| f.bson_type), Some(BsonType::Date));
        assert_eq!(e.field("events.tipo").map(|f| f.bson_type), Some(BsonType::String), "not a date: left alone");
        assert!(findings(&m, "DS405").is_empty());
    }

    #[test]
    fn outside_mongodb_is_not_flagged() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("created_at", BsonType::String));
        m.entities[0].kind = EntityKind::External;
        assert!(findings(&m, "DS405").is_empty());
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("fecha_alta", BsonType::String));
        let f = &findings(&m, "DS405")[0];
        assert_eq!(f.message.render(Lang::Es), "items.fecha_alta guarda una fecha como string.");
        assert_eq!(f.message.render(Lang::Pt), "items.fecha_alta guarda uma data como string.");
        assert_eq!(f.fix.as_ref().map(|x| x.label().render(Lang::Pt)), Some("Mudar fecha_alta para date".to_string()));
    }
}
