use super::local_figures::count;
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::model::Place;
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a design with more collections than `thresholds.maxCollections` (100, Atlas'
    /// flag).
    ///
    /// ## Why is this bad?
    /// Each collection has its own files, `_id` index and cache footprint; hundreds of them
    /// usually mean a relational schema translated table by table (every read stitched with
    /// `$lookup`), or one collection per tenant or per period where a field would do.
    ///
    /// ## Example
    /// `orders_2024_01`, `orders_2024_02`, ... one collection per month.
    ///
    /// ## Use instead
    /// Embed what is read together, put the tenant or period in a field (with an index or a
    /// TTL), and keep separate collections for separate aggregates.
    ///
    /// ## References
    /// MongoDB, "Reduce the Number of Collections" (Atlas schema suggestions); "6 Rules of Thumb
    /// for MongoDB Schema Design".
    pub TooManyCollections {
        code: "DS308",
        name: "too-many-collections",
        category: AntiPattern,
        severity: Warning,
    }
}

impl Rule for TooManyCollections {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        let n = cx.design.collections().len();
        let max = cx.model.thresholds.max_collections as usize;
        if n > max {
            out.push(Self::finding(
                Place::Model,
                text!(
                    en: "The design has {n} collections, over the {max} Atlas flags.",
                    es: "El diseño tiene {n} colecciones, más de las {max} que señala Atlas.",
                    pt: "O design tem {n} coleções, acima das {max} que o Atlas sinaliza.";
                    n = count(n as u64), max = count(max as u64)
                ),
                text!(
                    en: "Each collection carries its own files, _id index and cache; hundreds of them usually mean a relational schema stitched with $lookup, or data split by tenant or period.",
                    es: "Cada colección lleva sus propios archivos, su índice _id y su caché; cientos de ellas suelen indicar un esquema relacional cosido con $lookup, o datos repartidos por inquilino (tenant) o por periodo.",
                    pt: "Cada coleção tem seus próprios arquivos, índice _id e cache; centenas delas costumam indicar um schema relacional costurado com $lookup, ou dados divididos por inquilino (tenant) ou período."
                ),
                text!(
                    en: "Embed what is read together and keep tenants or periods in a field, not in the collection name.",
                    es: "Embebe lo que se lee junto y guarda el inquilino o el periodo en un campo, no en el nombre de la colección.",
                    pt: "Embuta o que é lido junto e guarde o inquilino ou o período em um campo, não no nome da coleção."
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{collection, findings, model};

    #[test]
    fn more_than_the_limit_is_flagged() {
        let mut m = model();
        m.thresholds.max_collections = 3;
        for i in 0..3 {
            m.entities.push(collection(&format!("e{i}"), &format!("c{i}")));
        }
        let f = findings(&m, "DS308");
        assert_eq!(f.len(), 1, "{f:?}");
        assert!(f[0].message.contains("4 collections"), "{}", f[0].message);
        m.entities.pop();
        assert!(findings(&m, "DS308").is_empty());
    }

    #[test]
    fn too_many_collections_read_in_spanish_and_portuguese() {
        use crate::i18n::Lang;
        let mut m = model();
        m.thresholds.max_collections = 3;
        for i in 0..3 {
            m.entities.push(collection(&format!("e{i}"), &format!("c{i}")));
        }
        let f = findings(&m, "DS308");
        assert_eq!(f[0].message.render(Lang::Es), "El diseño tiene 4 colecciones, más de las 3 que señala Atlas.");
        assert_eq!(f[0].message.render(Lang::Pt), "O design tem 4 coleções, acima das 3 que o Atlas sinaliza.");
    }
}
