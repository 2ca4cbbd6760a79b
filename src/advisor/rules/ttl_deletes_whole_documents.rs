use crate::advisor::paths::resolve;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{BsonType, Entity, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Reads each TTL the design declares as the server applies it, and flags four that do
    /// not do what they seem to:
    /// - a TTL index on a date inside an array (a date of embedded items, `sessions.expires_at`,
    ///   or an array of dates): the whole document is deleted when its earliest date expires,
    ///   and the array is never trimmed;
    /// - a TTL index on a field that is not a BSON `date` (epoch milliseconds in a `long`, a
    ///   string): no document ever expires;
    /// - a clustered collection with `expireAfterSeconds` whose `_id` is not a date (an
    ///   ObjectId, the default): no document ever expires;
    /// - a compound index with `expireAfterSeconds` (`{ user_id: 1, last_seen: 1 }`): TTL
    ///   indexes are single-field indexes, a compound index ignores the option, and no
    ///   document ever expires.
    ///
    /// A TTL index on a top-level date, and the `expireAfterSeconds` of a time series
    /// collection (which expires measurements by their time field), are what they seem.
    ///
    /// ## Why is this bad?
    /// A TTL index deletes whole documents, never parts of them: a background task (about once
    /// a minute) removes every document whose indexed date is older than the expiry, and when
    /// the field holds several dates the earliest decides. Put on the embedded sessions of a
    /// user, it deletes the user. And the task compares dates only: a document whose indexed
    /// field holds no date never expires, so the collection grows without the retention the
    /// team believes it has.
    ///
    /// ## Example
    /// `users` with its sessions embedded (`sessions: [{ token, expires_at }]`) and a TTL index
    /// on `sessions.expires_at`; or `login_codes.expires_at` stored as `Date.now()` (a number)
    /// under a TTL index.
    ///
    /// ## Use instead
    /// Keep what expires on its own in its own collection with a TTL on its own date, or
    /// remove expired items from the array with `$pull` on a schedule. Store the indexed field
    /// as a BSON date (`new Date(ms)`; convert old values with `$toDate`). For a clustered
    /// collection, cluster on a date `_id` or put an ordinary TTL index on a date field. For a
    /// compound index, put the TTL on a single-field index of its date beside it.
    ///
    /// ## References
    /// MongoDB manual, "TTL Indexes" (Behavior: expiration of data, array of dates, non-date
    /// fields; Restrictions: compound indexes), "Expire Data from Collections by Setting TTL"
    /// and "Clustered Collections".
    pub TtlDeletesWholeDocuments {
        code: "DS314",
        name: "ttl-deletes-whole-documents",
        category: Indexes,
        severity: Warning,
    }
}

/// What a TTL does that it does not seem to.
#[derive(Debug, Clone, PartialEq)]
enum Surprise {
    /// A TTL index on a date inside an array: the whole document goes at the earliest date.
    DateInArray { path: String },
    /// A TTL index on a field of this type: never expires.
    NotADate { path: String, found: BsonType },
    /// A clustered collection's TTL on an `_id` of this type: never expires.
    ClusteredOnNonDate { found: BsonType, seconds: u64 },
    /// A compound index with a TTL (ignored): never expires. `date` is its first date key.
    Compound { index: crate::model::IndexSpec, date: Option<String>, seconds: u64 },
}

/// The surprising TTLs of collection `e`.
fn surprises(cx: &Context, e: &Entity) -> Vec<Surprise> {
    let mut out = Vec::new();
    let layout = cx.design.layout();
    for index in e.collection.indexes.iter().filter(|i| i.ttl_seconds.is_some()) {
        // TTL applies to single-field indexes only: a compound index ignores it.
        let [key] = index.keys.as_slice() else {
            if index.keys.len() > 1 {
                let date = index
                    .keys
                    .iter()
                    .map(|k| k.field.as_str())
                    .find(|path| resolve(layout, e, path).is_some_and(|r| r.bson_type == BsonType::Date));
                let seconds = index.ttl_seconds.unwrap_or(0);
                out.push(Surprise::Compound { index: index.clone(), date: date.map(str::to_string), seconds });
            }
            continue;
        };
        let path = key.field.to_string();
        let Some(resolved) = resolve(layout, e, &path) else { continue };
        // An array field itself: the type of its items decides.
        let ty = match resolved.bson_type {
            BsonType::Array => e.field(&path).and_then(|f| f.items).unwrap_or(BsonType::Array),
            ty => ty,
        };
        if ty != BsonType::Date {
            out.push(Surprise::NotADate { path, found: ty });
        } else if resolved.array {
            out.push(Surprise::DateInArray { path });
        }
    }
    if let (true, Some(seconds), None) =
        (e.collection.clustered, e.collection.expire_after_seconds, &e.collection.timeseries)
    {
        let found = e.field("_id").map_or(BsonType::ObjectId, |f| f.bson_type);
        if found != BsonType::Date {
            out.push(Surprise::ClusteredOnNonDate { found, seconds });
        }
    }
    out
}

impl Rule for TtlDeletesWholeDocuments {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for c in cx.design.collections() {
            let e = c.entity;
            let name = &e.name;
            for surprise in surprises(cx, e) {
                out.push(match surprise {
                    Surprise::DateInArray { path } => Self::finding(
                        Place::Entity { id: Id::new(&e.id) },
                        text!(
                            en: "The TTL index on {path} deletes whole {name} documents: {path} is a date inside an array, so each document goes, with everything it holds, when its earliest date expires; the array is never trimmed.",
                            es: "El índice TTL sobre {path} borra documentos enteros de {name}: {path} es una fecha dentro de un array, así que cada documento desaparece, con todo lo que contiene, cuando vence su fecha más antigua; el array nunca se recorta.",
                            pt: "O índice TTL sobre {path} apaga documentos inteiros de {name}: {path} é uma data dentro de um array, então cada documento some, com tudo o que contém, quando vence sua data mais antiga; o array nunca é aparado.";
                            path = &path, name
                        ),
                        text!(
                            en: "A TTL index removes documents, never parts of them; when the indexed field holds several dates, the earliest decides when the whole document expires.",
                            es: "Un índice TTL elimina documentos, nunca partes de ellos; cuando el campo indexado tiene varias fechas, la más antigua decide cuándo vence el documento entero.",
                            pt: "Um índice TTL remove documentos, nunca partes deles; quando o campo indexado tem várias datas, a mais antiga decide quando o documento inteiro vence."
                        ),
                        text!(
                            en: "Keep what expires in its own collection with a TTL index on its own date, or remove expired items from the array with $pull on a schedule; drop the TTL option from the index on {path}.",
                            es: "Guarda lo que vence en su propia colección con un índice TTL sobre su propia fecha, o quita los elementos vencidos del array con $pull periódicamente; retira la opción TTL del índice sobre {path}.",
                            pt: "Guarde o que vence em sua própria coleção com um índice TTL sobre sua própria data, ou remova os itens vencidos do array com $pull periodicamente; retire a opção TTL do índice sobre {path}.";
                            path = &path
                        ),
                    ),
                    Surprise::NotADate { path, found } => {
                        let mut f = Self::finding(
                            Place::Field { entity: Id::new(&e.id), path: Id::new(&path) },
                            text!(
                                en: "{path} of {name} carries a TTL index but holds {found}, not a date: no {name} document ever expires.",
                                es: "{path} de {name} tiene un índice TTL pero guarda {found}, no una fecha (date): ningún documento de {name} vence nunca.",
                                pt: "{path} de {name} tem um índice TTL mas guarda {found}, não uma data (date): nenhum documento de {name} vence nunca.";
                                path = &path, name, found = found.name()
                            ),
                            text!(
                                en: "The TTL monitor deletes a document only when the indexed field is a BSON date or an array of dates; numbers (epoch milliseconds) and strings are ignored, so the collection keeps growing.",
                                es: "El proceso TTL borra un documento solo cuando el campo indexado es una fecha BSON o un array de fechas; los números (milisegundos desde 1970) y los strings se ignoran, así que la colección sigue creciendo.",
                                pt: "O processo TTL apaga um documento só quando o campo indexado é uma data BSON ou um array de datas; números (milissegundos desde 1970) e strings são ignorados, então a coleção continua crescendo."
                            ),
                            text!(
                                en: "Store {path} as a BSON date (new Date(ms)); convert the old values with $toDate in an update pipeline.",
                                es: "Guarda {path} como fecha BSON (new Date(ms)); convierte los valores antiguos con $toDate en un pipeline de actualización.",
                                pt: "Guarde {path} como data BSON (new Date(ms)); converta os valores antigos com $toDate em um pipeline de atualização.";
                                path = &path
                            ),
                        );
                        // A declared field is retyped in one click; a path through a relation is not.
                        if e.field(&path).is_some_and(|x| x.bson_type == found) {
                            f.fix = Some(Fix::SetFieldType {
                                entity: Id::new(&e.id),
                                path: Id::new(&path),
                                from: found,
                                to: BsonType::Date,
                            });
                        }
                        f
                    }
                    Surprise::ClusteredOnNonDate { found, seconds } => Self::finding(
                        Place::Entity { id: Id::new(&e.id) },
                        text!(
                            en: "{name} is clustered on an _id that holds {found}, not a date, with expireAfterSeconds {s}: no {name} document ever expires.",
                            es: "{name} está agrupada (clustered) por un _id que guarda {found}, no una fecha (date), con expireAfterSeconds {s}: ningún documento de {name} vence nunca.",
                            pt: "{name} é clusterizada por um _id que guarda {found}, não uma data (date), com expireAfterSeconds {s}: nenhum documento de {name} vence nunca.";
                            name, found = found.name(), s = Arg::Int(seconds)
                        ),
                        text!(
                            en: "A clustered collection's expireAfterSeconds uses the clustered index on _id as its TTL index, and TTL deletes on date values only.",
                            es: "El expireAfterSeconds de una colección agrupada usa el índice agrupado sobre _id como índice TTL, y el TTL solo borra por valores de fecha.",
                            pt: "O expireAfterSeconds de uma coleção clusterizada usa o índice clusterizado sobre _id como índice TTL, e o TTL só apaga por valores de data."
                        ),
                        text!(
                            en: "Make _id a date unique per document (the minute of a summary), or drop the collection's expireAfterSeconds and put a TTL index on a date field.",
                            es: "Haz que _id sea una fecha única por documento (el minuto de un resumen), o quita el expireAfterSeconds de la colección y pon un índice TTL sobre un campo de fecha.",
                            pt: "Faça do _id uma data única por documento (o minuto de um resumo), ou retire o expireAfterSeconds da coleção e ponha um índice TTL sobre um campo de data."
                        ),
                    ),
                    Surprise::Compound { index, date, seconds } => {
                        let key = index.with_key_doc(Arg::str);
                        let place = match &date {
                            Some(path) => Place::Field { entity: Id::new(&e.id), path: Id::new(path) },
                            None => Place::Entity { id: Id::new(&e.id) },
                        };
                        let single = date.as_deref().or_else(|| index.keys.first().map(|k| k.field.as_str())).unwrap_or("");
                        let single = crate::model::IndexSpec::new(&[(single, 1)]).with_key_doc(Arg::str);
                        Self::finding(
                            place,
                            text!(
                                en: "The index {key} of {name} has expireAfterSeconds {s}, but it is compound: MongoDB ignores the TTL of a compound index, so no {name} document ever expires.",
                                es: "El índice {key} de {name} tiene expireAfterSeconds {s}, pero es compuesto: MongoDB ignora el TTL de un índice compuesto, así que ningún documento de {name} vence nunca.",
                                pt: "O índice {key} de {name} tem expireAfterSeconds {s}, mas é composto: o MongoDB ignora o TTL de um índice composto, então nenhum documento de {name} vence nunca.";
                                key = key.clone(), name, s = Arg::Int(seconds)
                            ),
                            text!(
                                en: "TTL indexes are single-field indexes; a compound index keeps its keys and ignores expireAfterSeconds, so the collection grows without the retention the design states.",
                                es: "Los índices TTL son de un solo campo; un índice compuesto conserva sus claves e ignora expireAfterSeconds, así que la colección crece sin la retención que indica el diseño.",
                                pt: "Índices TTL são de um só campo; um índice composto mantém suas chaves e ignora expireAfterSeconds, então a coleção cresce sem a retenção que o design indica."
                            ),
                            text!(
                                en: "Put the TTL on a single-field index of the date, {single} with expireAfterSeconds {s}, and keep {key} without it for the queries.",
                                es: "Pon el TTL en un índice de un solo campo sobre la fecha, {single} con expireAfterSeconds {s}, y deja {key} sin él para las consultas.",
                                pt: "Ponha o TTL num índice de um só campo sobre a data, {single} com expireAfterSeconds {s}, e deixe {key} sem ele para as consultas.";
                                single, s = Arg::Int(seconds), key
                            ),
                        )
                    }
                });
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};
    use crate::advisor::Fix;
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, IndexSpec, Model, Relation, Storage, TimeSeries};

    fn ttl(field: &str) -> IndexSpec {
        IndexSpec { ttl_seconds: Some(0), ..IndexSpec::new(&[(field, 1)]) }
    }

    /// Users with their sessions embedded (at most 10).
    fn users_with_sessions() -> Model {
        let mut m = model();
        m.entities[0].fields.push(Field::new("created_at", BsonType::Date));
        let mut s = crate::model::Entity::new("s", "session");
        s.fields.push(Field::new("token", BsonType::String));
        s.fields.push(Field::new("expires_at", BsonType::Date));
        m.entities.push(s);
        let mut r = Relation::new("c-s", "c", "s", Storage::Embed);
        r.field = "sessions".into();
        r.cardinality.typical = 2.0;
        r.cardinality.max = Some(10);
        m.relations.push(r);
        m
    }

    #[test]
    fn a_ttl_on_a_compound_index_is_ignored_and_the_finding_says_so_on_its_date() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("user_id", BsonType::ObjectId));
        m.entities[0].fields.push(Field::new("last_seen", BsonType::Date));
        let compound = IndexSpec { ttl_seconds: Some(1800), ..IndexSpec::new(&[("user_id", 1), ("last_seen", 1)]) };
        m.entities[0].collection.indexes.push(compound);
        let f = findings(&m, "DS314");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, crate::model::Place::Field { entity: "c".into(), path: "last_seen".into() });
        assert!(
            f[0].message.en().contains("{ user_id: 1, last_seen: 1 }")
                && f[0].message.en().contains("ignores the TTL of a compound index"),
            "{}",
            f[0].message.en()
        );
        assert!(
            f[0].fix_hint.en().starts_with(
                "Put the TTL on a single-field index of the date, { last_seen: 1 } with expireAfterSeconds 1,800"
            ),
            "{}",
            f[0].fix_hint.en()
        );
        assert!(f[0].message.render(Lang::Pt).contains("o MongoDB ignora o TTL de um índice composto"));
        // The same retention on a single-field index of the date: what it seems.
        m.entities[0].collection.indexes = vec![
            IndexSpec::new(&[("user_id", 1), ("last_seen", 1)]),
            IndexSpec { ttl_seconds: Some(1800), ..IndexSpec::new(&[("last_seen", 1)]) },
        ];
        assert!(findings(&m, "DS314").is_empty(), "{:?}", findings(&m, "DS314"));
    }

    #[test]
    fn a_ttl_on_an_embedded_date_deletes_the_whole_document() {
        let mut m = users_with_sessions();
        m.entities[0].collection.indexes.push(ttl("sessions.expires_at"));
        let f = findings(&m, "DS314");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, crate::model::Place::Entity { id: "c".into() });
        let en = f[0].message.en();
        assert!(en.contains("deletes whole items documents") && en.contains("earliest"), "{en}");
        assert!(f[0].message.render(Lang::Es).contains("documentos enteros"));
        assert!(f[0].fix_hint.render(Lang::Pt).contains("$pull"));
        // An array of dates says the same.
        let mut m = model();
        let mut reminders = Field::new("reminders", BsonType::Array);
        reminders.items = Some(BsonType::Date);
        m.entities[0].fields.push(reminders);
        m.entities[0].collection.indexes.push(ttl("reminders"));
        assert_eq!(findings(&m, "DS314").len(), 1);
    }

    #[test]
    fn a_ttl_on_a_top_level_date_is_what_it_seems() {
        let mut m = users_with_sessions();
        m.entities[0].collection.indexes.push(ttl("created_at"));
        assert!(findings(&m, "DS314").is_empty());
        // A compound index ignores its TTL ("TTL Indexes", Restrictions): it says that, not
        // that the array's dates would delete the users.
        m.entities[0].collection.indexes = vec![IndexSpec {
            ttl_seconds: Some(0),
            ..IndexSpec::new(&[("sessions.expires_at", 1), ("created_at", 1)])
        }];
        let f = findings(&m, "DS314");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().contains("ignores the TTL of a compound index"), "{}", f[0].message.en());
    }

    #[test]
    fn a_ttl_on_a_number_or_a_string_never_expires_and_retypes_in_one_click() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("expires_at", BsonType::Long));
        m.entities[0].collection.indexes.push(ttl("expires_at"));
        let f = findings(&m, "DS314");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.en().contains("expires_at of items carries a TTL index but holds long, not a date"));
        assert_eq!(
            f[0].fix,
            Some(Fix::SetFieldType {
                entity: "c".into(),
                path: "expires_at".into(),
                from: BsonType::Long,
                to: BsonType::Date
            })
        );
        let mut fixed = m.clone();
        assert!(f[0].fix.as_ref().is_some_and(|x| x.apply(&mut fixed)));
        assert!(findings(&fixed, "DS314").is_empty());
        m.entities[0].fields[2].bson_type = BsonType::String;
        assert!(findings(&m, "DS314")[0].message.en().contains("holds string"));
    }

    #[test]
    fn a_clustered_ttl_needs_a_date_id() {
        let mut m = model();
        m.entities[0].collection.clustered = true;
        m.entities[0].collection.expire_after_seconds = Some(86_400);
        let f = findings(&m, "DS314");
        assert_eq!(f.len(), 1, "an ObjectId _id: {f:?}");
        assert!(f[0].message.en().contains("not a date") && f[0].message.en().contains("objectId"));
        m.entities[0].fields[0].bson_type = BsonType::Date;
        assert!(findings(&m, "DS314").is_empty(), "a date _id expires");
        // A time series collection expires its measurements by their time field.
        let mut m = model();
        let mut e = collection("t", "metrics");
        e.fields.push(Field::new("ts", BsonType::Date));
        e.collection.timeseries = Some(TimeSeries {
            time_field: "ts".into(),
            meta_field: None,
            granularity: None,
            bucket_max_span_seconds: None,
            bucket_rounding_seconds: None,
        });
        e.collection.expire_after_seconds = Some(86_400);
        m.entities.push(e);
        assert!(findings(&m, "DS314").is_empty());
    }
}
