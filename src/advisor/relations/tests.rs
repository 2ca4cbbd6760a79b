//! The relation advice of BiblioRed (public/templates/bibliored.json) rendered in Spanish and
//! Portuguese: the criteria's reasons and the decision's summary, with figures in each
//! language's notation and English unchanged.

/// The reasons of `criteria.rs`.
mod criteria {
    use crate::advisor::{analyze, Criterion, RelationAdvice};
    use crate::i18n::Lang;

    fn bibliored(relation: &str) -> RelationAdvice {
        let m = crate::model::load(include_str!("../../../public/templates/bibliored.json")).expect("template loads");
        let report = analyze(&m);
        report.relation(relation).cloned().expect("relation advised")
    }

    fn reason(a: &RelationAdvice, c: Criterion, lang: Lang) -> String {
        a.reason(c).render(lang)
    }

    #[test]
    fn material_resenas_reasons_read_in_spanish_and_portuguese() {
        let a = bibliored("material-resenas");
        assert!(a.criteria().all(|v| v.reason.is_translated() && v.reason.check().is_ok()));
        assert_eq!(
            reason(&a, Criterion::Cardinality, Lang::Es),
            "habitualmente 20 resenas, sin máximo declarado (~57 en 5 años); el 0,2% de catalogo llega a 5.000 \
             (valores atípicos): uno a muchos, más de lo que cabe en un array uno a pocos"
        );
        assert_eq!(
            reason(&a, Criterion::Cardinality, Lang::Pt),
            "normalmente 20 resenas, sem máximo declarado (~57 em 5 anos); 0,2% de catalogo chegam a 5.000 \
             (outliers): um para muitos, mais do que cabe num array um para poucos"
        );
        assert_eq!(
            reason(&a, Criterion::ReadSeparately, Lang::Es),
            "se lee sin catalogo en C2, C3, C5 y C5b: tiene vida propia"
        );
        assert_eq!(
            reason(&a, Criterion::ReadSeparately, Lang::Pt),
            "é lido sem catalogo em C2, C3, C5 e C5b: tem vida própria"
        );
        assert_eq!(
            reason(&a, Criterion::Size, Lang::Es),
            "57 × 1,2 KB (estimado) ≈ 69,7 KB por documento de catalogo en 5 años: pequeño frente al límite de 16 MiB"
        );
        assert_eq!(
            reason(&a, Criterion::Growth, Lang::Pt),
            "sem máximo declarado e continua crescendo (0,02 por dia, ~7,3 por ano): se não for possível declarar o máximo, não embuta"
        );
        assert_eq!(
            reason(&a, Criterion::Volatility, Lang::Es),
            "cambia a menudo: cada cambio reescribe el documento que lo contiene; catalogo se lee 3.950 veces por minuto"
        );
        // English stays as it was.
        assert_eq!(
            reason(&a, Criterion::Volatility, Lang::En),
            "changes often: each change rewrites the document that holds it; catalogo is read 3,950 times a minute"
        );
    }

    #[test]
    fn fixed_reasons_and_catalogue_classes_follow_the_language() {
        let tags = bibliored("material-etiquetas");
        assert_eq!(
            reason(&tags, Criterion::Cardinality, Lang::Pt),
            "normalmente 5 etiquetas, no máximo 8: um para poucos"
        );
        assert_eq!(
            reason(&tags, Criterion::Atomicity, Lang::Es),
            "un valor simple sin identidad: solo cambia como parte de catalogo"
        );
        let events = bibliored("socio-actividad");
        assert_eq!(reason(&events, Criterion::Volatility, Lang::Pt), "nunca muda depois de gravado");
        assert_eq!(
            reason(&events, Criterion::Cardinality, Lang::Es),
            "habitualmente 1.500 actividad, sin máximo declarado (~8.800 en 5 años): uno a muchísimos, más de 5.000"
        );
    }
}

/// The summaries of `decide.rs`.
mod decide {
    use crate::advisor::{analyze, Recommendation};
    use crate::i18n::{Lang, Text};

    fn summary(relation: &str) -> (Recommendation, Text) {
        let m = crate::model::load(include_str!("../../../public/templates/bibliored.json")).expect("template loads");
        let report = analyze(&m);
        let a = report.relation(relation).expect("relation advised");
        (a.recommendation, a.summary().clone())
    }

    #[test]
    fn bibliored_summaries_name_the_deciding_criterion_in_each_language() {
        let (rec, s) = summary("material-resenas");
        assert_eq!(rec, Recommendation::ReferenceWithSubset);
        assert!(s.is_translated() && s.check().is_ok());
        assert_eq!(
            s.render(Lang::Es),
            "Referenciar + subconjunto: resenas no tiene máximo declarado (decide el crecimiento); resenas se muestra \
             con catalogo en C1: guarda un subconjunto de 5 en catalogo y el conjunto completo en su propia colección."
        );
        assert_eq!(
            s.render(Lang::Pt),
            "Referenciar + subconjunto: resenas não tem máximo declarado (decide o crescimento); resenas aparece \
             com catalogo em C1: mantenha um subconjunto de 5 em catalogo e o conjunto completo em uma coleção própria."
        );
        let (_, tags) = summary("material-etiquetas");
        assert_eq!(
            tags.render(Lang::Es),
            "Embeber: 5 etiquetas por documento de catalogo, como máximo 8, que se leen con él: uno a pocos (decide la cardinalidad); \
             los seis criterios apuntan a embeber."
        );
        assert_eq!(
            tags.en(),
            "Embed: 5 etiquetas per catalogo document, at most 8, read with it: one-to-few (cardinality decides); \
             all six criteria point to embed."
        );
    }

    #[test]
    fn bucket_period_and_kept_outside_copies_are_translated() {
        let (rec, s) = summary("socio-actividad");
        assert_eq!(rec, Recommendation::Bucket);
        assert!(s
            .render(Lang::Es)
            .ends_with("(80 B cada uno, 4 al día por documento de socios) en un documento contenedor por documento de socios y día."));
        assert!(s.render(Lang::Pt).ends_with("em um documento bucket por documento de socios e dia."));
        assert!(s.en().ends_with("into one bucket document per socios document and day."));
        let (rec, s) = summary("socio-resenas");
        assert_eq!(rec, Recommendation::ExtendedReference);
        assert!(s.en().contains("resenas displays socios' nombre: keep them beside the reference."), "{s}");
        assert!(s
            .render(Lang::Es)
            .contains("resenas muestra nombre de socios: guarda una copia junto a la referencia."));
        let (rec, s) = summary("material-ejemplares");
        assert_eq!(rec, Recommendation::KeepOutside);
        assert_eq!(
            s.render(Lang::Pt),
            "Manter fora do MongoDB: ejemplares é mantido fora do MongoDB (decide onde os dados vivem); catalogo \
             guarda só disponibilidad.disponibles para exibição."
        );
    }
}

/// The facts a relation reads from the rest of the design and from its tail.
mod coherence {
    use crate::advisor::{analyze, PatternKind, Recommendation};
    use crate::model::{Cardinality, Entity, Model, Place, Relation, Storage, Volatility};

    /// Users and their tiny comments, arriving daily: the bucket's home ground.
    fn comments() -> Model {
        let mut m = Model::new("t");
        for (id, name) in [("user", "users"), ("comment", "comments"), ("post", "posts")] {
            m.entities.push(Entity::new(id, name));
        }
        let mut r = Relation::new("uc", "user", "comment", Storage::Reference);
        r.cardinality = Cardinality { typical: 30.0, max: None, growth_per_day: Some(2.0), ..Cardinality::default() };
        (r.child_bytes, r.child_changes) = (Some(80), Volatility::Never);
        m.relations.push(r);
        m
    }

    fn bucketed(m: &Model) -> (Option<Recommendation>, bool) {
        let report = analyze(m);
        let place = Place::Relation { id: "uc".into() };
        let bucket = report.patterns.iter().any(|p| p.pattern == PatternKind::Bucket && p.place == place);
        (report.relation("uc").map(|a| a.recommendation), bucket)
    }

    #[test]
    fn a_child_embedded_in_another_aggregate_is_never_bucketed() {
        let mut m = comments();
        assert_eq!(bucketed(&m), (Some(Recommendation::Bucket), true));
        let mut embed = Relation::new("pc", "post", "comment", Storage::Embed);
        embed.cardinality = Cardinality { typical: 8.0, max: Some(100), ..Cardinality::default() };
        m.relations.push(embed);
        assert_eq!(bucketed(&m), (Some(Recommendation::ReferenceFromChild), false));
    }

    #[test]
    fn a_child_with_referenced_children_of_its_own_is_not_an_event() {
        let mut m = comments();
        m.entities.push(Entity::new("reply", "replies"));
        m.relations.push(Relation::new("cr", "comment", "reply", Storage::Reference));
        assert!(!bucketed(&m).1, "comments with replies of their own are entities");
    }

    #[test]
    fn a_child_read_by_its_own_id_is_not_an_event() {
        // A comment page opened by its link: the comments have an identity the application
        // reads them by, so grouping them into buckets would break that read.
        let mut m = comments();
        let mut q = crate::model::AccessPattern::new("C1", "Comment by link", "comment");
        q.filters.push(crate::model::Filter::new("_id", crate::model::FilterOp::Equality));
        m.queries.push(q);
        assert_eq!(bucketed(&m), (Some(Recommendation::ReferenceFromChild), false));
        // Read by their user (the bucket's own key), they are events again.
        m.queries[0].filters[0].field = "user_id".into();
        assert_eq!(bucketed(&m), (Some(Recommendation::Bucket), true));
    }

    #[test]
    fn a_child_declared_without_a_time_is_not_an_event() {
        // Comments holding a text and no date: a bucket would have no period to gather.
        let mut m = comments();
        m.entities[1].fields.push(crate::model::Field::new("text", crate::model::BsonType::String));
        assert_eq!(bucketed(&m), (Some(Recommendation::ReferenceFromChild), false));
        // With the time they were written, they are events again.
        m.entities[1].fields.push(crate::model::Field::new("at", crate::model::BsonType::Date));
        assert_eq!(bucketed(&m), (Some(Recommendation::Bucket), true));
    }

    #[test]
    fn an_analytical_read_is_not_a_view_of_either_side() {
        // A nightly report joins the comments with their users: a read, not a view of the
        // application, so nothing is copied for it.
        let mut m = comments();
        m.relations[0].cardinality.growth_per_day = Some(0.01);
        let mut q = crate::model::AccessPattern::new("R1", "Nightly report", "comment");
        (q.kind, q.per_minute, q.touches) = (crate::model::QueryKind::Analytical, 0.001, vec!["user".into()]);
        m.queries.push(q);
        let report = analyze(&m);
        assert_eq!(report.relation("uc").map(|a| a.recommendation), Some(Recommendation::ReferenceFromChild));
        assert!(!report.patterns.iter().any(|p| p.pattern == PatternKind::ExtendedReference));
        // The same read made by the application's page is a view: the name is copied.
        m.queries[0].kind = crate::model::QueryKind::Read;
        m.queries[0].per_minute = 300.0;
        let report = analyze(&m);
        assert_eq!(report.relation("uc").map(|a| a.recommendation), Some(Recommendation::ExtendedReference));
    }

    #[test]
    fn the_tail_decides_when_a_p99_is_stated() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("p", "playlists"));
        m.entities.push(Entity::new("t", "tracks"));
        let mut r = Relation::new("pt", "p", "t", Storage::Embed);
        r.cardinality = Cardinality { typical: 5.0, max: Some(20_000), p99: Some(40), ..Cardinality::default() };
        m.relations.push(r);
        let report = analyze(&m);
        let a = report.relation("pt").expect("advised");
        assert_eq!(a.recommendation, Recommendation::Embed, "99% of playlists hold at most 40");
        let outlier = report.patterns.iter().find(|p| p.pattern == PatternKind::Outlier).expect("outlier offered");
        assert!(
            outlier.change.en().contains("at most 40 tracks, and flag the 1% that reach 20,000"),
            "{}",
            outlier.change
        );
        // A heavy tail: the 99th percentile itself is past what embeds.
        m.relations[0].cardinality.p99 = Some(3_000);
        let report = analyze(&m);
        assert_eq!(report.relation("pt").map(|a| a.recommendation), Some(Recommendation::ReferenceFromChild));
        assert!(report.patterns.iter().all(|p| p.pattern != PatternKind::Outlier));
        // Without the percentile the maximum decides, as before.
        m.relations[0].cardinality.p99 = None;
        assert_ne!(analyze(&m).relation("pt").map(|a| a.recommendation), Some(Recommendation::Embed));
    }
}

/// One relation gets one shape: a subset and a bucket are never both suggested.
mod one_shape {
    use crate::advisor::{analyze, PatternKind};
    use crate::model::{AccessPattern, Cardinality, Entity, Model, Place, Relation, Storage, Subset, Volatility};

    #[test]
    fn a_subset_and_a_bucket_are_never_suggested_for_one_relation() {
        let mut m = Model::new("t");
        m.entities.push(Entity::new("s", "stocks"));
        m.entities.push(Entity::new("t", "trades"));
        let mut r = Relation::new("st", "s", "t", Storage::Reference);
        r.cardinality =
            Cardinality { typical: 0.0, max: None, growth_per_day: Some(3_000.0), ..Cardinality::default() };
        (r.child_bytes, r.child_changes) = (Some(70), Volatility::Never);
        m.relations.push(r);
        let mut quote = AccessPattern::new("Q", "quote with the latest trades", "s");
        (quote.touches, quote.page_size) = (vec!["t".into()], Some(5));
        m.queries.push(quote);
        let kinds = |m: &Model| -> Vec<PatternKind> {
            let place = Place::Relation { id: "st".into() };
            analyze(m).patterns.into_iter().filter(|p| p.place == place).map(|p| p.pattern).collect()
        };
        let suggested = kinds(&m);
        assert!(suggested.contains(&PatternKind::Bucket), "{suggested:?}");
        assert!(!suggested.contains(&PatternKind::Subset), "{suggested:?}");
        // A subset in use: no bucket suggested beside it.
        m.relations[0].subset = Some(Subset {
            field: "latest".into(),
            size: 5,
            order_by: String::new(),
            count_field: None,
            fields: vec![],
        });
        let with_subset = kinds(&m);
        assert!(with_subset.contains(&PatternKind::Subset) && !with_subset.contains(&PatternKind::Bucket));
        // Bucket storage chosen: no subset suggested beside it.
        m.relations[0].subset = None;
        m.relations[0].storage = Storage::Bucket;
        assert!(!kinds(&m).contains(&PatternKind::Subset));
    }
}
