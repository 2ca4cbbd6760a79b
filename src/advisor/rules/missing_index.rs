use super::local_figures::rate;
use super::single_field_indexes::single_on;
use crate::advisor::query_shape::{blocked, keys_serve, serves, Blocked, FREQUENT_PER_MINUTE};
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{with_key_doc_of, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// When a collection declares its indexes, flags each frequent access pattern (10 or
    /// more per minute) that filters or sorts and that no declared index serves (equality
    /// fields leading, then the sort keys), and offers the ESR index the advisor derives.
    /// Equality on `_id` is served by the built-in `_id` index. (Shapes already covered by
    /// several single-field indexes are `single-field-indexes`' concern.) When the collection
    /// has no room for one more index (write-heavy with 9 indexes, or at
    /// `thresholds.maxIndexes`), the finding offers no index to add: it asks to replace one
    /// serving only rare queries, so following it never makes `too-many-indexes` fire. When a
    /// declared index finds the documents and only the sort is not served, `sort-in-memory`
    /// (DS311) explains the sort and carries the one-click index: this finding names the
    /// index for the whole shape and does not repeat the sort's cost.
    ///
    /// ## Why is this bad?
    /// Without an index serving it, the query scans the collection (or a poor index) and
    /// sorts in memory, on every run: the cost grows with the collection, not with the page.
    ///
    /// ## Example
    /// The moderation queue filters reviews by `estado` and sorts by `fecha`, but only
    /// `{material.material_id: 1, votos_utiles: -1}` is declared.
    ///
    /// ## Use instead
    /// `{estado: 1, fecha: -1}`: equality, then sort, then range.
    ///
    /// ## References
    /// The course lesson on access patterns (access patterns drive the indexes); the BiblioRed
    /// lesson on document modelling, "Los índices, brevemente"; MongoDB, "The ESR (Equality, Sort,
    /// Range) Guideline".
    pub MissingIndex {
        code: "DS304",
        name: "missing-index",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for MissingIndex {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for (q, shape) in cx.model.queries.iter().zip(cx.design.shapes()) {
            let Some(shape) = shape.as_ref() else { continue };
            if !shape.needs_index() {
                continue;
            }
            let Some(root) = shape.root_in(cx.model) else { continue };
            let declared = &root.collection.indexes;
            if declared.is_empty() || declared.iter().any(|i| serves(i, shape)) {
                continue;
            }
            // A declared index whose keys would serve the query, kept from it by an option.
            let kept_from =
                declared.iter().find_map(|i| blocked(i, shape).filter(|_| keys_serve(i, shape)).map(|b| (i, b)));
            if q.per_minute < FREQUENT_PER_MINUTE && kept_from.is_none() {
                continue;
            }
            if declared.iter().filter(|i| single_on(i, shape)).nth(1).is_some() {
                continue;
            }
            // The derivation kept an index for the query only while the collection's budget
            // allowed it.
            let room = cx.indexes_of(&root.id).any(|i| i.queries.iter().any(|id| id == q.id.as_str()));
            let ideal = || with_key_doc_of(shape.ideal_keys(), Arg::str);
            let why = text!(
                en: "Without an index serving its filter and sort, every run scans the collection and sorts in memory; the cost grows with the collection.",
                es: "Sin un índice que atienda su filtro y su ordenación, cada ejecución recorre la colección y ordena en memoria; el coste crece con la colección.",
                pt: "Sem um índice que atenda seu filtro e sua ordenação, cada execução varre a coleção e ordena em memória; o custo cresce com a coleção."
            );
            // A declared index finds the documents and only the sort is missing: sort-in-memory
            // (DS311) says what that sort costs and carries the fix; this finding names the
            // index for the whole shape without repeating it.
            let finder = super::sort_in_memory::sorts_in_memory(cx, q, shape);
            let why = match (kept_from, finder) {
                (Some((index, blocked)), _) => kept_from_text(index.key_doc(), blocked),
                (None, Some(finder)) => text!(
                    en: "The declared index {finder} finds its documents but not in the order the query asks for; sort-in-memory (DS311) on this query says what that costs. One index on the whole shape serves both.",
                    es: "El índice declarado {finder} encuentra sus documentos pero no en el orden que pide la consulta; sort-in-memory (DS311) en esta consulta dice lo que eso cuesta. Un índice sobre toda la forma atiende a las dos cosas.",
                    pt: "O índice declarado {finder} encontra seus documentos mas não na ordem que a consulta pede; sort-in-memory (DS311) nesta consulta diz o que isso custa. Um índice sobre toda a forma atende às duas coisas.";
                    finder = finder.key_doc()
                ),
                (None, None) => why,
            };
            let mut f = Self::finding(
                Place::Query { id: Id::new(&q.id) },
                text!(
                    en: "{id} ({name}, {rate}/min) has no declared index on {coll} that serves it.",
                    es: "Ningún índice declarado en {coll} atiende a {id} ({name}, {rate}/min).",
                    pt: "Nenhum índice declarado em {coll} atende {id} ({name}, {rate}/min).";
                    id = &q.id, name = &q.name, rate = rate(q.per_minute), coll = &root.name
                ),
                why,
                if room {
                    text!(
                        en: "Create {ideal} (equality, sort, range).",
                        es: "Crea {ideal} (igualdad, ordenación, rango).",
                        pt: "Crie {ideal} (igualdade, ordenação, intervalo).";
                        ideal = ideal()
                    )
                } else {
                    text!(
                        en: "{coll} has no room for another index: replace one that serves only rare queries with {ideal} (equality, sort, range).",
                        es: "{coll} no admite otro índice: sustituye uno que solo atienda consultas poco frecuentes por {ideal} (igualdad, ordenación, rango).",
                        pt: "{coll} não comporta outro índice: substitua um que atenda só consultas raras por {ideal} (igualdade, ordenação, intervalo).";
                        coll = &root.name, ideal = ideal()
                    )
                },
            );
            if room && finder.is_none() {
                f.fix = Some(Fix::AddIndex { entity: Id::new(&root.id), index: shape.ideal() });
            }
            out.push(f);
        }
    }
}

/// Why the declared index `keys` does not serve the query, though its keys would.
fn kept_from_text(keys: String, blocked: Blocked) -> crate::i18n::Text {
    match blocked {
        Blocked::Hidden => text!(
            en: "{keys} is hidden: the planner ignores it, and every run scans the collection.",
            es: "{keys} está oculto: el planificador lo ignora y cada ejecución recorre la colección.",
            pt: "{keys} está oculto: o planejador o ignora e cada execução varre a coleção.";
            keys
        ),
        Blocked::Partial => text!(
            en: "{keys} is partial, and this query's filter does not include its partialFilterExpression: the index lacks documents the query must find, so the planner cannot use it and every run scans the collection.",
            es: "{keys} es parcial y el filtro de esta consulta no incluye su partialFilterExpression: al índice le faltan documentos que la consulta debe encontrar, así que el planificador no puede usarlo y cada ejecución recorre la colección.",
            pt: "{keys} é parcial e o filtro desta consulta não inclui sua partialFilterExpression: faltam ao índice documentos que a consulta precisa encontrar, então o planejador não pode usá-lo e cada execução varre a coleção.";
            keys
        ),
        Blocked::Sparse => text!(
            en: "{keys} is sparse and the query does not exclude the documents without the key: the planner cannot use it for a result over all documents, and every run scans the collection.",
            es: "{keys} es disperso (sparse) y la consulta no excluye los documentos sin la clave: el planificador no puede usarlo para un resultado sobre todos los documentos, y cada ejecución recorre la colección.",
            pt: "{keys} é esparso (sparse) e a consulta não exclui os documentos sem a chave: o planejador não pode usá-lo para um resultado sobre todos os documentos, e cada execução varre a coleção.";
            keys
        ),
        Blocked::Hashed => text!(
            en: "{keys} is hashed: it serves equality matches, never a range or a sort, so every run scans the collection and sorts in memory.",
            es: "{keys} es hashed: atiende igualdades, nunca un rango ni una ordenación, así que cada ejecución recorre la colección y ordena en memoria.",
            pt: "{keys} é hashed: atende igualdades, nunca um intervalo nem uma ordenação, então cada execução varre a coleção e ordena em memória.";
            keys
        ),
        Blocked::Text => text!(
            en: "{keys} is a text index: it serves $text search only, so every run scans the collection.",
            es: "{keys} es un índice de texto: solo atiende búsquedas $text, así que cada ejecución recorre la colección.",
            pt: "{keys} é um índice de texto: só atende buscas $text, então cada execução varre a coleção.";
            keys
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::advisor::Fix;
    use crate::model::IndexSpec;

    /// A leaderboard (corpus case 53): `{ game_id: 1 }` finds a game's scores, the sort on
    /// score is served by no declared index.
    fn leaderboard(declared: &[(&str, i8)]) -> crate::model::Model {
        let mut m = model();
        m.entities[0].collection.documents = Some(50_000_000);
        m.entities[0].collection.indexes = vec![IndexSpec::new(declared)];
        let mut q = query("L1", "c", &["game_id"], &[("score", -1)]);
        q.per_minute = 1_200.0;
        m.queries.push(q);
        m
    }

    #[test]
    fn a_sort_that_sort_in_memory_explains_is_not_repeated_and_its_fix_is_there() {
        let mut m = leaderboard(&[("game_id", 1)]);
        let f = findings(&m, "DS304");
        assert_eq!(f.len(), 1, "{f:?}");
        let why = f[0].why.en();
        assert!(why.contains("{ game_id: 1 } finds its documents") && why.contains("DS311"), "{why}");
        assert!(!why.contains("scans the collection") && !why.contains("sorts in memory"), "{why}");
        assert!(f[0].fix.is_none(), "the fix is on DS311: {:?}", f[0].fix);
        let sort = findings(&m, "DS311");
        let fix = sort[0].fix.clone().expect("DS311 carries the index");
        assert_eq!(fix, Fix::AddIndex { entity: "c".into(), index: IndexSpec::new(&[("game_id", 1), ("score", -1)]) });
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS304").is_empty() && findings(&m, "DS311").is_empty(), "one fix resolves both");
    }

    #[test]
    fn a_query_no_declared_index_finds_keeps_the_scan_and_its_fix() {
        // Near-miss: the declared index is on another field, so nothing finds the documents:
        // DS311 stays silent and DS304 says the whole story.
        let m = leaderboard(&[("player", 1)]);
        assert!(findings(&m, "DS311").is_empty());
        let f = findings(&m, "DS304");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].why.en().contains("scans the collection and sorts in memory"), "{}", f[0].why.en());
        assert!(f[0].fix.is_some());
    }

    #[test]
    fn a_frequent_query_without_a_declared_index() {
        let mut m = model();
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("material_id", 1), ("votos", -1)])];
        let mut q = query("C5", "c", &["estado"], &[("fecha", -1)]);
        q.per_minute = 30.0;
        m.queries.push(q);
        let f = findings(&m, "DS304");
        assert_eq!(f.len(), 1, "{f:?}");
        let want = IndexSpec::new(&[("estado", 1), ("fecha", -1)]);
        let fix = f[0].fix.clone().expect("fix");
        assert_eq!(fix, Fix::AddIndex { entity: "c".into(), index: want });
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS304").is_empty(), "the fix resolves it");
    }

    #[test]
    fn rare_queries_id_lookups_and_undeclared_collections_pass() {
        let mut m = model();
        let mut rare = query("r", "c", &["estado"], &[]);
        rare.per_minute = 1.0;
        m.queries.push(rare);
        let mut by_id = query("i", "c", &["_id"], &[]);
        by_id.per_minute = 500.0;
        m.queries.push(by_id);
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("x", 1)])];
        assert!(findings(&m, "DS304").is_empty());
        m.entities[0].collection.indexes.clear();
        let mut frequent = query("f", "c", &["estado"], &[]);
        frequent.per_minute = 100.0;
        m.queries.push(frequent);
        assert!(findings(&m, "DS304").is_empty(), "no declared indexes: the derived list is the advice");
    }

    #[test]
    fn a_missing_index_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("material_id", 1)])];
        let mut q = query("C5", "c", &["estado"], &[("fecha", -1)]);
        q.name = "Cola de moderación".into();
        q.per_minute = 12.5;
        m.queries.push(q);
        let f = findings(&m, "DS304");
        assert_eq!(
            f[0].message.en(),
            "C5 (Cola de moderación, 12.5/min) has no declared index on items that serves it."
        );
        assert_eq!(
            f[0].message.render(Lang::Es),
            "Ningún índice declarado en items atiende a C5 (Cola de moderación, 12,5/min)."
        );
        assert_eq!(f[0].fix_hint.render(Lang::Pt), "Crie { estado: 1, fecha: -1 } (igualdade, ordenação, intervalo).");
    }

    #[test]
    fn a_collection_without_room_gets_no_index_to_add() {
        use crate::i18n::Lang;
        use crate::model::QueryKind;
        let mut m = model();
        m.entities[0].collection.indexes = (0..9).map(|i| IndexSpec::new(&[(&format!("f{i}"), 1)])).collect();
        let mut w = query("W", "c", &["_id"], &[]);
        w.kind = QueryKind::Write;
        w.per_minute = 2000.0;
        m.queries.push(w);
        let mut q = query("C5", "c", &["estado"], &[("fecha", -1)]);
        q.per_minute = 30.0;
        m.queries.push(q);
        let f = findings(&m, "DS304");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].fix, None, "a tenth index would make DS301 fire");
        assert_eq!(
            f[0].fix_hint.en(),
            "items has no room for another index: replace one that serves only rare queries with { estado: 1, fecha: -1 } (equality, sort, range)."
        );
        assert!(f[0].fix_hint.render(Lang::Es).starts_with("items no admite otro índice: sustituye uno"));
        assert!(f[0].fix_hint.render(Lang::Pt).starts_with("items não comporta outro índice: substitua um"));
        assert!(findings(&m, "DS301").is_empty());
    }

    #[test]
    fn room_for_an_index_is_the_room_the_derivation_left() {
        use crate::model::QueryKind;
        let mut m = model();
        let mut full = super::super::collection_fixtures::collection("d", "full");
        full.collection.indexes = (0..9).map(|i| IndexSpec::new(&[(&format!("f{i}"), 1)])).collect();
        m.entities.push(full);
        m.entities[0].collection.indexes = vec![IndexSpec::new(&[("material_id", 1)])];
        let mut w = query("W", "d", &["_id"], &[]);
        w.kind = QueryKind::Write;
        w.per_minute = 2000.0;
        m.queries.push(w);
        for (id, on) in [("Q1", "c"), ("Q2", "d")] {
            let mut q = query(id, on, &["estado"], &[("fecha", -1)]);
            q.per_minute = 30.0;
            m.queries.push(q);
        }
        // Q1's collection has room (a fix), Q2's is write-heavy and full (none).
        let f = findings(&m, "DS304");
        assert_eq!(f.iter().map(|f| f.fix.is_some()).collect::<Vec<_>>(), [true, false], "{f:?}");
    }

    #[test]
    fn a_query_an_index_option_keeps_from_its_index_is_named_however_rare() {
        use crate::model::{FilterOp, IndexKey, KeyKind};
        let mut m = model();
        m.entities[0].collection.indexes = vec![IndexSpec {
            keys: vec![IndexKey { kind: Some(KeyKind::Hashed), ..IndexKey::new("no", 1) }],
            ..IndexSpec::default()
        }];
        let mut by_no = query("R1", "c", &["no"], &[]);
        by_no.per_minute = 1000.0;
        m.queries.push(by_no);
        let mut export = query("R2", "c", &[], &[("no", 1)]);
        export.filters.push(crate::model::Filter::new("no", FilterOp::Range));
        export.per_minute = 2.0;
        m.queries.push(export);
        let f = findings(&m, "DS304");
        assert_eq!(f.len(), 1, "equality is served, the rare range is not: {f:?}");
        assert_eq!(f[0].place, crate::model::Place::Query { id: "R2".into() });
        assert!(
            f[0].why.en().starts_with("{ no: \"hashed\" } is hashed: it serves equality matches"),
            "{}",
            f[0].why.en()
        );
        let mut rare = query("R3", "c", &["other"], &[]);
        rare.per_minute = 2.0;
        m.queries.push(rare);
        assert_eq!(findings(&m, "DS304").len(), 1, "a rare query no index would serve stays a rare query");
    }
}
