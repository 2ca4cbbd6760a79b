use super::wanted_embeds::{children_arg, name_of, WantedEmbed};
use crate::advisor::relations::{is_read, rate};
use crate::advisor::{Context, Criterion, Design, Finding, Rule, RuleMeta, Vote};
use crate::declare_rule;
use crate::i18n::{Arg, Text};
use crate::model::{AccessPattern, Id, Place, QueryKind, Storage};
use crate::text;

/// A read executed at least this often per minute is on the hot path.
const HOT_PER_MINUTE: f64 = 1.0;

declare_rule! {
    /// ## What it does
    /// Finds MongoDB used as a relational database: a frequent read (once a minute or more;
    /// analytical reads are exempt) that stitches collections with `$lookup`, or that needs
    /// entities from other aggregates with no copy serving it (no embedding, extended
    /// reference, subset or computed value), so every call costs a second read or a join.
    /// It also reports the model when `$lookup` appears in more than
    /// `thresholds.lookup_share` (50%) of its reads, the figure Atlas flags.
    /// When the criteria recommend embedding (DS102) an entity the read misses into the read's
    /// collection, the finding names that embedding first, and the copies only for what it leaves:
    /// an extended reference for a parent the read shows, a subset or computed values for its
    /// children. A one-to-one child kept in its own collection because of its size (the
    /// criteria vote to reference it on size and the storage agrees: a movie's full plot and
    /// cast apart from the fields its listing reads) is not counted: the second read by id is
    /// the price of the split, paid only by the read that shows it ("Model One-to-One
    /// Relationships with Embedded Documents"). A read with no page size that misses bounded
    /// children (an array holds them) shows them all: it is told to copy their fields beside
    /// their ids, not a subset of the first N.
    ///
    /// ## Why is this bad?
    /// The BiblioRed lesson on document modelling calls it the most expensive anti-pattern because
    /// it does not show: the system works, just worse than PostgreSQL would, with the slowness of
    /// joins without a mature planner and none of the referential integrity. `$lookup` cascades
    /// multiply latency ("Modelagem de Documentos": "o tempo multiplica, não soma"). `$lookup` is
    /// legitimate for occasional reports and batch jobs, not as the habitual mechanism of the main
    /// read path.
    ///
    /// ## Example
    /// `pedidos`, `itens` and `clientes` in three collections and the order page built with
    /// two `$lookup` stages on every view.
    ///
    /// ## Use instead
    /// Embed what is read together (items inside the order), copy the displayed fields of
    /// what is referenced (the customer as `{_id, nome}`), keep a subset for the first N; and
    /// if the design still ends in joins, the honest diagnosis may be "this domain wanted a
    /// relational database".
    ///
    /// ## References
    /// The BiblioRed lesson on document modelling, "Anti-patrones que hay que reconocer"
    /// ("relacional disfrazado"); "Modelagem de Documentos", "Como isso falha em produção"
    /// ("$lookup em cascata"); MongoDB, "Reduce $lookup Operations".
    pub RelationalInDisguise {
        code: "DS105",
        name: "relational-in-disguise",
        category: AntiPattern,
        severity: Warning,
    }
}

/// Whether a copy lets a read that starts at `start` show `touched` without a second read:
/// the start holds copies of the touched parent (extended reference), or of the touched
/// children (embedding, subset, computed values).
fn served(design: &Design, start: &str, touched: &str) -> bool {
    let mut down = design.children(start).iter().filter(|r| r.child == touched);
    let mut up = design.children(touched).iter().filter(|r| r.child == start);
    down.any(|r| r.storage == Storage::Embed || r.subset.is_some() || !r.computed.is_empty())
        || up.any(|r| r.storage == Storage::Embed || !r.extended.is_empty())
}

/// The entities a read touches that live in another aggregate and that no copy serves (from
/// the read's own entity or from the root of its aggregate).
fn unserved<'q>(design: &Design, q: &'q AccessPattern) -> Vec<&'q str> {
    let root = |id: &str| design.aggregate_of(id).map(|e| e.id.as_str());
    let start_root = root(&q.entity);
    let touched = q.touches.iter().map(String::as_str);
    touched
        .filter(|&t| {
            let same = start_root.is_some() && root(t) == start_root;
            let via_root = start_root.is_some_and(|r| r != q.entity && served(design, r, t));
            !same && !served(design, &q.entity, t) && !via_root
        })
        .collect()
}

/// Whether the read shows every child it misses: it states no page size and each of them is a
/// child of its entity bounded by what an array holds (`thresholds.arrayWarn`), as the
/// relation advice reads it (no subset then: an author's page lists all the author's books).
fn shows_every_child(cx: &Context, q: &AccessPattern, missing: &[&str]) -> bool {
    let limit = cx.model.thresholds.array_warn;
    q.page_size.is_none()
        && !missing.is_empty()
        && missing.iter().all(|&t| {
            cx.design.children(&q.entity).iter().any(|r| r.child == t && r.cardinality.max.is_some_and(|m| m <= limit))
        })
}

/// Whether `touched` is a one-to-one child of `start` kept in its own collection because of
/// its size: referenced, and the criteria agree, with the size criterion voting to reference
/// it (the split of a large, rarely shown part; see the rule's documentation).
fn kept_apart_for_size(cx: &Context, start: &str, touched: &str) -> bool {
    cx.design.children(start).iter().any(|r| {
        r.child == touched
            && r.storage == Storage::Reference
            && r.cardinality.max == Some(1)
            && cx.advice(&r.id).is_some_and(|a| a.agrees && a.vote(Criterion::Size) == Vote::Reference)
    })
}

/// Names as one sentence argument: a single name as itself (it reads as a list of one does,
/// with no list to allocate), else a list made in one allocation (the length is known).
fn names_arg(mut names: impl ExactSizeIterator<Item = Arg>) -> Arg {
    match (names.len(), names.next()) {
        (1, Some(only)) => only,
        (_, first) => Arg::List(first.into_iter().chain(names).collect()),
    }
}

/// How an entity a read misses stands to the entity the read starts from: which copy serves it.
#[derive(Clone, Copy, PartialEq)]
enum Stands {
    /// Its parent: the read shows the parent's fields beside the reference (extended reference).
    Parent,
    /// Its child: the read shows some children or their totals (subset, computed values).
    Child,
    /// No relation between the two, or both kinds among several entities.
    Apart,
}

fn stands(cx: &Context, start: &str, missing: &[&str]) -> Stands {
    let each = missing.iter().map(|&t| {
        if cx.design.children(t).iter().any(|r| r.child == start) {
            Stands::Parent
        } else if cx.design.children(start).iter().any(|r| r.child == t) {
            Stands::Child
        } else {
            Stands::Apart
        }
    });
    each.reduce(|a, b| if a == b { a } else { Stands::Apart }).unwrap_or(Stands::Apart)
}

/// What to do: the embeddings the criteria recommend for the entities this read misses, named
/// first (DS102), then the copies for the entities they leave (an extended reference for a
/// parent, a subset or computed values for children); the general advice when neither fits.
fn read_hint(cx: &Context, wanted: &[WantedEmbed], q: &AccessPattern, missing: &[&str]) -> Text {
    let general = text!(
        en: "Embed what this read needs together, or copy the displayed fields beside the reference (extended reference) or the first N children into the parent (subset).",
        es: "Embebe junto lo que esta lectura necesita, o copia los campos que se muestran junto a la referencia (referencia extendida) o los N primeros hijos en el padre (subconjunto).",
        pt: "Embuta junto o que esta leitura precisa, ou copie os campos exibidos ao lado da referência (referência estendida) ou os N primeiros filhos no pai (subconjunto)."
    );
    let entity = name_of(cx, &q.entity);
    let start = cx.design.aggregate_of(&q.entity).map(|e| e.id.as_str());
    let root_of = |t: &str| cx.design.aggregate_of(t).map(|e| e.id.as_str());
    let embeds = |t: &str| wanted.iter().find(|w| Some(w.into) == start && Some(w.from) == root_of(t));
    let used: Vec<&WantedEmbed> = missing.iter().filter_map(|&t| embeds(t)).collect();
    let rest_ids: Vec<&str> = missing.iter().copied().filter(|&t| embeds(t).is_none()).collect();
    let rest: Vec<&str> = rest_ids.iter().map(|&t| name_of(cx, t)).collect();
    let (kind, rest) = (stands(cx, &q.entity, &rest_ids), Arg::list(&rest));
    let (Some(start), false) = (start, used.is_empty()) else {
        return match kind {
            Stands::Parent => text!(
                en: "Copy the fields of {rest} this read shows beside their reference in {entity} (extended reference): the read then needs no second query.",
                es: "Copia los campos de {rest} que esta lectura muestra junto a su referencia en {entity} (referencia extendida): la lectura ya no necesita una segunda consulta.",
                pt: "Copie os campos de {rest} que esta leitura exibe ao lado da referência em {entity} (referência estendida): a leitura deixa de precisar de uma segunda consulta.";
                rest, entity
            ),
            Stands::Child if shows_every_child(cx, q, &rest_ids) => text!(
                en: "Copy the fields of {rest} this read shows beside their ids in {entity} (it shows them all, a bounded list: no subset to cut), or the totals it shows (computed values): the read then needs no second query.",
                es: "Copia los campos de {rest} que esta lectura muestra junto a sus ids en {entity} (los muestra todos, una lista acotada: no hay subconjunto que recortar), o los totales que muestra (valores calculados): la lectura ya no necesita una segunda consulta.",
                pt: "Copie os campos de {rest} que esta leitura exibe ao lado dos seus ids em {entity} (ela exibe todos, uma lista limitada: não há subconjunto a recortar), ou os totais que ela exibe (valores calculados): a leitura deixa de precisar de uma segunda consulta.";
                rest, entity
            ),
            Stands::Child => text!(
                en: "Copy into {entity} the first N {rest} this read shows (subset), or the totals it shows (computed values): the read then needs no second query.",
                es: "Copia en {entity} los N primeros {rest} que esta lectura muestra (subconjunto), o los totales que muestra (valores calculados): la lectura ya no necesita una segunda consulta.",
                pt: "Copie em {entity} os N primeiros {rest} que esta leitura exibe (subconjunto), ou os totais que ela exibe (valores calculados): a leitura deixa de precisar de uma segunda consulta.";
                entity, rest
            ),
            Stands::Apart => general,
        };
    };
    let (children, root) = (children_arg(cx, &used), name_of(cx, start));
    if rest_ids.is_empty() {
        return text!(
            en: "Embed {children} in {root}, as the criteria recommend (DS102): this read then finds them in its {root} document.",
            es: "Embebe {children} en {root}, como recomiendan los criterios (DS102): esta lectura los encuentra entonces en su documento de {root}.",
            pt: "Embuta {children} em {root}, como os critérios recomendam (DS102): esta leitura passa a encontrá-los no seu documento de {root}.";
            children, root
        );
    }
    match kind {
        Stands::Parent => text!(
            en: "Embed {children} in {root}, as the criteria recommend (DS102); for {rest}, copy the fields this read shows beside their reference in {entity} (extended reference).",
            es: "Embebe {children} en {root}, como recomiendan los criterios (DS102); para {rest}, copia los campos que esta lectura muestra junto a su referencia en {entity} (referencia extendida).",
            pt: "Embuta {children} em {root}, como os critérios recomendam (DS102); para {rest}, copie os campos que esta leitura exibe ao lado da referência em {entity} (referência estendida).";
            children, root, rest, entity
        ),
        Stands::Child => text!(
            en: "Embed {children} in {root}, as the criteria recommend (DS102); for {rest}, copy into {entity} the first N this read shows (subset) or the totals it shows (computed values).",
            es: "Embebe {children} en {root}, como recomiendan los criterios (DS102); para {rest}, copia en {entity} los N primeros que esta lectura muestra (subconjunto) o los totales que muestra (valores calculados).",
            pt: "Embuta {children} em {root}, como os critérios recomendam (DS102); para {rest}, copie em {entity} os N primeiros que esta leitura exibe (subconjunto) ou os totais que ela exibe (valores calculados).";
            children, root, rest, entity
        ),
        Stands::Apart => text!(
            en: "Embed {children} in {root}, as the criteria recommend (DS102); for {rest}, copy the displayed fields beside the reference (extended reference) or the first N children into the parent (subset).",
            es: "Embebe {children} en {root}, como recomiendan los criterios (DS102); para {rest}, copia los campos que se muestran junto a la referencia (referencia extendida) o los N primeros hijos en el padre (subconjunto).",
            pt: "Embuta {children} em {root}, como os critérios recomendam (DS102); para {rest}, copie os campos exibidos ao lado da referência (referência estendida) ou os N primeiros filhos no pai (subconjunto).";
            children, root, rest
        ),
    }
}

impl Rule for RelationalInDisguise {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let model = cx.model;
        let name = |id: &str| Arg::str(cx.design.entity(id).map_or(id, |e| e.name.as_str()));
        for q in model.queries.iter().filter(|q| q.kind == QueryKind::Read && rate(q) >= HOT_PER_MINUTE) {
            let mut missing = unserved(cx.design, q);
            missing.retain(|&t| !kept_apart_for_size(cx, &q.entity, t));
            if !q.uses_lookup && missing.is_empty() {
                continue;
            }
            // A lookup that every copy serves names all the entities it touches.
            if missing.is_empty() {
                missing.extend(q.touches.iter().map(String::as_str));
            }
            let none = missing.is_empty();
            let others = names_arg(missing.iter().map(|&t| name(t)));
            let (id, query, per_minute, entity) = (&q.id, &q.name, Arg::Count(rate(q)), name(&q.entity));
            let message = if q.uses_lookup && none {
                text!(
                    en: "{id} \"{query}\" ({per_minute} a minute) joins {entity} using $lookup",
                    es: "{id} \"{query}\" ({per_minute} por minuto) une {entity} mediante $lookup",
                    pt: "{id} \"{query}\" ({per_minute} por minuto) junta {entity} usando $lookup";
                    id, query, per_minute, entity
                )
            } else if q.uses_lookup {
                text!(
                    en: "{id} \"{query}\" ({per_minute} a minute) joins {entity} with {others} using $lookup",
                    es: "{id} \"{query}\" ({per_minute} por minuto) une {entity} con {others} mediante $lookup",
                    pt: "{id} \"{query}\" ({per_minute} por minuto) junta {entity} com {others} usando $lookup";
                    id, query, per_minute, entity, others
                )
            } else {
                text!(
                    en: "{id} \"{query}\" ({per_minute} a minute) starts at {entity} but needs {others} from other aggregates, and no copy serves it",
                    es: "{id} \"{query}\" ({per_minute} por minuto) parte de {entity} pero necesita {others} de otros agregados, y ninguna copia lo resuelve",
                    pt: "{id} \"{query}\" ({per_minute} por minuto) parte de {entity} mas precisa de {others} de outros agregados, e nenhuma cópia o atende";
                    id, query, per_minute, entity, others
                )
            };
            out.push(Self::finding(
                Place::Query { id: Id::new(&q.id) },
                message,
                text!(
                    en: "A join on the main read path multiplies latency and keeps none of a relational database's integrity: the document design is not serving its most frequent reads.",
                    es: "Un join en la ruta de lectura principal multiplica la latencia y no conserva nada de la integridad de una base relacional: el diseño documental no está sirviendo sus lecturas más frecuentes.",
                    pt: "Um join no caminho principal de leitura multiplica a latência e não mantém nada da integridade de um banco relacional: o design de documentos não está servindo suas leituras mais frequentes."
                ),
                read_hint(cx, cx.wanted_embeds(), q, &missing),
            ));
        }
        let (reads, lookups) = model
            .queries
            .iter()
            .filter(|q| is_read(q))
            .fold((0usize, 0usize), |(reads, lookups), q| (reads + 1, lookups + usize::from(q.uses_lookup)));
        if reads > 0 {
            let share = lookups as f64 / reads as f64;
            if share > model.thresholds.lookup_share {
                out.push(Self::finding(
                    Place::Model,
                    text!(
                        en: "{lookups} of {reads} reads use $lookup ({share}), over the {limit} Atlas flags",
                        es: "{lookups} de {reads} lecturas usan $lookup ({share}), por encima del {limit} que señala Atlas",
                        pt: "{lookups} de {reads} leituras usam $lookup ({share}), acima dos {limit} que o Atlas sinaliza";
                        lookups, reads, share = Arg::Percent(share), limit = Arg::Percent(model.thresholds.lookup_share)
                    ),
                    text!(
                        en: "When most reads join collections, the documents are shaped like tables: the design pays MongoDB's costs without its benefits.",
                        es: "Cuando la mayoría de las lecturas unen colecciones, los documentos tienen forma de tablas: el diseño paga los costes de MongoDB sin sus ventajas.",
                        pt: "Quando a maioria das leituras junta coleções, os documentos têm forma de tabelas: o design paga os custos do MongoDB sem seus benefícios."
                    ),
                    text!(
                        en: "Reshape the documents around the frequent reads (embed, extended reference, subset), or reconsider whether this domain wants a relational database.",
                        es: "Rediseña los documentos en torno a las lecturas frecuentes (embeber, referencia extendida, subconjunto), o replantéate si este dominio pide una base de datos relacional.",
                        pt: "Redesenhe os documentos em torno das leituras frequentes (embutir, referência estendida, subconjunto), ou reconsidere se este domínio pede um banco de dados relacional."
                    ),
                ));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::rules::relation_fixtures::{findings, parent_child, read};
    use crate::model::{Place, Storage, Subset};

    #[test]
    fn a_hot_lookup_triggers_and_the_model_share_too() {
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        let mut q = read("Q1", "post", &["comment"], 500.0);
        q.uses_lookup = true;
        m.queries.push(q);
        let f = findings(&m, "DS105");
        assert_eq!(f.len(), 2, "{f:?}");
        assert!(f.iter().any(|f| f.place == Place::Query { id: "Q1".into() } && f.message.contains("$lookup")));
        assert!(f.iter().any(|f| f.place == Place::Model && f.message.contains("100%")));
    }

    #[test]
    fn a_read_the_recommended_embedding_serves_names_the_embedding_first() {
        use crate::i18n::Lang;
        // A few comments read with their post on every view: the criteria say embed (DS102).
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        m.relations[0].atomic_with_parent = true;
        m.queries.push(read("Q1", "post", &["comment"], 500.0));
        assert_eq!(findings(&m, "DS102").len(), 1);
        let f = findings(&m, "DS105");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].fix_hint.en(),
            "Embed comments in posts, as the criteria recommend (DS102): this read then finds them in its posts document."
        );
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Embuta comments em posts, como os critérios recomendam (DS102): esta leitura passa a encontrá-los no seu documento de posts."
        );
        // An author in a collection of its own is left to the copies.
        m.entities.push(crate::model::Entity::new("author", "authors"));
        m.queries[0].touches.push("author".into());
        let f = findings(&m, "DS105");
        assert_eq!(
            f[0].fix_hint.render(Lang::Es),
            "Embebe comments en posts, como recomiendan los criterios (DS102); para authors, copia los campos que se \
             muestran junto a la referencia (referencia extendida) o los N primeros hijos en el padre (subconjunto)."
        );
        // Comments without bound stay referenced: the copies a parent can hold of its children.
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.queries.push(read("Q1", "post", &["comment"], 500.0));
        assert_eq!(
            findings(&m, "DS105")[0].fix_hint.en(),
            "Copy into posts the first N comments this read shows (subset), or the totals it shows (computed \
             values): the read then needs no second query."
        );
    }

    #[test]
    fn a_read_missing_its_parent_is_told_to_copy_the_parent_beside_the_reference() {
        use crate::i18n::Lang;
        // A comment page showing its post's title: the post is the comment's parent, so the
        // copy that serves it is an extended reference in comments (no subset, no "N children").
        let mut m = parent_child(Storage::Reference, 20.0, None);
        m.queries.push(read("Q1", "comment", &["post"], 500.0));
        let f = findings(&m, "DS105");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].fix_hint.en(),
            "Copy the fields of posts this read shows beside their reference in comments (extended reference): \
             the read then needs no second query."
        );
        assert_eq!(
            f[0].fix_hint.render(Lang::Pt),
            "Copie os campos de posts que esta leitura exibe ao lado da referência em comments (referência \
             estendida): a leitura deixa de precisar de uma segunda consulta."
        );
        // With an unrelated entity too, the kinds differ: the general advice names both copies.
        m.entities.push(crate::model::Entity::new("author", "authors"));
        m.queries[0].touches.push("author".into());
        assert!(findings(&m, "DS105")[0].fix_hint.en().starts_with("Embed what this read needs together"));
    }

    #[test]
    fn the_findings_read_in_spanish_and_portuguese_with_local_figures() {
        use crate::i18n::Lang;
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        m.entities.push(crate::model::Entity::new("author", "authors"));
        let mut q = read("Q1", "post", &["comment", "author"], 1440.0);
        q.name = "Post page".into();
        q.uses_lookup = true;
        m.queries.push(q);
        m.queries.extend((2..=4).map(|i| read(&format!("Q{i}"), "post", &[], 100.0)));
        m.thresholds.lookup_share = 0.125;
        let f = findings(&m, "DS105");
        let join = f.iter().find(|f| f.place == Place::Query { id: "Q1".into() }).expect("the hot lookup");
        assert_eq!(
            join.message.en(),
            "Q1 \"Post page\" (1,440 a minute) joins posts with comments and authors using $lookup"
        );
        assert_eq!(
            join.message.render(Lang::Es),
            "Q1 \"Post page\" (1.440 por minuto) une posts con comments y authors mediante $lookup"
        );
        assert_eq!(
            join.message.render(Lang::Pt),
            "Q1 \"Post page\" (1.440 por minuto) junta posts com comments e authors usando $lookup"
        );
        let share = f.iter().find(|f| f.place == Place::Model).expect("the model's share");
        assert_eq!(share.message.en(), "1 of 4 reads use $lookup (25%), over the 12.5% Atlas flags");
        assert_eq!(
            share.message.render(Lang::Es),
            "1 de 4 lecturas usan $lookup (25%), por encima del 12,5% que señala Atlas"
        );
        assert!(share.fix_hint.render(Lang::Pt).starts_with("Redesenhe os documentos"));
    }

    #[test]
    fn an_unserved_touch_triggers_without_lookup() {
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        m.queries.push(read("Q1", "post", &["comment"], 500.0));
        let f = findings(&m, "DS105");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("no copy serves it"), "{}", f[0].message);
    }

    #[test]
    fn a_subset_or_an_embedding_serves_the_read() {
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        m.relations[0].subset = Some(Subset {
            field: "last_comments".into(),
            size: 3,
            order_by: "date:-1".into(),
            count_field: None,
            fields: Vec::new(),
        });
        m.queries.push(read("Q1", "post", &["comment"], 500.0));
        assert!(findings(&m, "DS105").is_empty());
        let mut m = parent_child(Storage::Embed, 3.0, Some(10));
        m.queries.push(read("Q1", "post", &["comment"], 500.0));
        assert!(findings(&m, "DS105").is_empty());
    }

    #[test]
    fn a_one_to_one_part_kept_apart_for_its_size_costs_its_read_no_finding() {
        use crate::advisor::rules::relation_fixtures::split_details;
        // The detail read fetches the split-off part by id: the split's price, not a join.
        assert!(findings(&split_details(), "DS105").is_empty(), "{:?}", findings(&split_details(), "DS105"));
        // When the listing loads whole documents, nothing pays for the split: the criteria say
        // embed, and the detail read's second query is flagged again.
        let mut whole = split_details();
        whole.queries[0].projection.clear();
        let f = findings(&whole, "DS105");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(f[0].place, Place::Query { id: "D".into() });
    }

    #[test]
    fn a_read_that_shows_every_bounded_child_is_told_to_copy_their_fields_not_a_subset() {
        // 8 comments, at most 200, read separately: referenced; the page shows them all.
        let mut m = parent_child(Storage::Reference, 8.0, Some(200));
        m.relations[0].read_separately = true;
        m.queries.push(read("Q1", "post", &["comment"], 500.0));
        let f = findings(&m, "DS105");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].fix_hint.en().contains("beside their ids in posts"), "{}", f[0].fix_hint.en());
        assert!(!f[0].fix_hint.en().contains("first N"));
        assert!(f[0].fix_hint.is_translated() && f[0].fix_hint.check().is_ok());
        // A page of 10: the first N again.
        m.queries[0].page_size = Some(10);
        let f = findings(&m, "DS105");
        assert!(f[0].fix_hint.en().contains("first N"), "{}", f[0].fix_hint.en());
    }

    #[test]
    fn occasional_and_analytical_lookups_pass() {
        let mut m = parent_child(Storage::Reference, 3.0, Some(10));
        let mut report = read("R", "post", &["comment"], 0.01);
        report.uses_lookup = true;
        let mut batch = read("B", "post", &["comment"], 100.0);
        batch.kind = crate::model::QueryKind::Analytical;
        batch.uses_lookup = true;
        m.queries.extend([report, batch, read("Q2", "post", &[], 100.0), read("Q3", "comment", &[], 100.0)]);
        assert!(findings(&m, "DS105").is_empty(), "{:?}", findings(&m, "DS105"));
    }
}
