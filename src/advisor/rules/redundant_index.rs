use crate::advisor::query_shape::prefix_either_way;
use crate::advisor::{Context, Finding, Fix, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a declared index whose keys are a prefix of another declared index on the same
    /// collection (same fields, same directions or all reversed), or a duplicate. Unique and
    /// TTL indexes are left alone: their prefix carries a constraint or a retention.
    ///
    /// ## Why is this bad?
    /// Any query the short index serves, the long one serves too (`{a: 1}` is served by
    /// `{a: 1, b: -1}`), yet both are updated on every write and both take RAM.
    ///
    /// ## Example
    /// `{socio_id: 1}` next to `{socio_id: 1, dia: -1}`.
    ///
    /// ## Use instead
    /// Drop `{socio_id: 1}`; `{socio_id: 1, dia: -1}` serves its queries.
    ///
    /// ## References
    /// MongoDB, "Compound Indexes" (Index Prefixes); the course lesson on access patterns.
    pub RedundantIndex {
        code: "DS303",
        name: "redundant-index",
        category: Indexes,
        severity: Warning,
    }
}

impl Rule for RedundantIndex {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in cx.design.collections().iter().map(|c| c.entity) {
            let declared = &e.collection.indexes;
            for (i, short) in declared.iter().enumerate() {
                if short.unique || short.ttl_seconds.is_some() || short.keys.is_empty() {
                    continue;
                }
                let host = declared.iter().enumerate().find(|(j, long)| {
                    *j != i
                        && prefix_either_way(short, long)
                        && (long.keys.len() > short.keys.len() || (long.keys.len() == short.keys.len() && *j < i))
                });
                let Some((_, long)) = host else { continue };
                // The key documents are written straight into the sentences' arguments.
                let (name, key, host) = (&e.name, short.with_key_doc(Arg::str), long.with_key_doc(Arg::str));
                let message = if long.keys.len() == short.keys.len() {
                    text!(
                        en: "{name}'s index {key} is a duplicate of {host}.",
                        es: "El índice {key} de {name} es un duplicado de {host}.",
                        pt: "O índice {key} de {name} é uma duplicata de {host}.";
                        name, key = key.clone(), host
                    )
                } else {
                    text!(
                        en: "{name}'s index {key} is a prefix of {host}.",
                        es: "El índice {key} de {name} es un prefijo de {host}.",
                        pt: "O índice {key} de {name} é um prefixo de {host}.";
                        name, key = key.clone(), host
                    )
                };
                let mut f = Self::finding(
                    Place::Entity { id: Id::new(&e.id) },
                    message,
                    text!(
                        en: "The longer index serves every query the shorter one does, while both are updated on each write and both take RAM.",
                        es: "El índice más largo atiende todas las consultas que atiende el más corto, mientras que ambos se actualizan en cada escritura y ambos ocupan RAM.",
                        pt: "O índice mais longo atende todas as consultas que o mais curto atende, enquanto ambos são atualizados a cada escrita e ambos ocupam RAM."
                    ),
                    text!(en: "Drop {key}.", es: "Elimina {key}.", pt: "Remova {key}."; key),
                );
                f.fix = Some(Fix::DropIndex { entity: Id::new(&e.id), index: short.clone() });
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use crate::advisor::Fix;
    use crate::model::IndexSpec;

    #[test]
    fn a_prefix_is_redundant_and_dropped_by_the_fix() {
        let mut m = model();
        let short = IndexSpec::new(&[("socio_id", 1)]);
        m.entities[0].collection.indexes = vec![short.clone(), IndexSpec::new(&[("socio_id", 1), ("dia", -1)])];
        let f = findings(&m, "DS303");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("a prefix of { socio_id: 1, dia: -1 }"), "{}", f[0].message);
        let fix = f[0].fix.clone().expect("a fix");
        assert_eq!(fix, Fix::DropIndex { entity: "c".into(), index: short });
        assert!(fix.apply(&mut m));
        assert!(findings(&m, "DS303").is_empty());
    }

    #[test]
    fn unique_or_unrelated_indexes_pass() {
        let mut m = model();
        let mut unique = IndexSpec::new(&[("email", 1)]);
        unique.unique = true;
        m.entities[0].collection.indexes =
            vec![unique, IndexSpec::new(&[("email", 1), ("name", 1)]), IndexSpec::new(&[("dia", 1), ("socio_id", 1)])];
        assert!(findings(&m, "DS303").is_empty());
    }

    #[test]
    fn a_prefix_reads_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        m.entities[0].collection.indexes =
            vec![IndexSpec::new(&[("socio_id", 1)]), IndexSpec::new(&[("socio_id", 1), ("dia", -1)])];
        let f = findings(&m, "DS303");
        assert_eq!(
            f[0].message.render(Lang::Es),
            "El índice { socio_id: 1 } de items es un prefijo de { socio_id: 1, dia: -1 }."
        );
        assert_eq!(f[0].fix_hint.render(Lang::Pt), "Remova { socio_id: 1 }.");
        m.entities[0].collection.indexes.push(IndexSpec::new(&[("socio_id", 1), ("dia", -1)]));
        let pt: Vec<String> = findings(&m, "DS303").iter().map(|f| f.message.render(Lang::Pt)).collect();
        assert!(pt.iter().any(|s| s.ends_with("é uma duplicata de { socio_id: 1, dia: -1 }.")), "{pt:?}");
    }
}
