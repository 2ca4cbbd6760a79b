use crate::advisor::design::Design;
use crate::advisor::paths::{resolve, Layout};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::i18n::Arg;
use crate::model::{Entity, Id, IndexSpec, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a declared compound index whose ordinary (ascending or descending) keys name two
    /// different arrays of the collection's documents, such as `{ tags: 1, sizes: 1 }` when
    /// `tags` and `sizes` are both arrays. Keys inside one array of embedded documents
    /// (`{ "variants.size": 1, "variants.color": 1 }`) name one array and pass, as does a
    /// compound index with one array among scalar fields.
    ///
    /// ## Why is this bad?
    /// A multikey index holds one entry per element of the array it indexes; over two arrays
    /// it would hold one per pair of elements. MongoDB refuses that: a compound multikey index
    /// allows at most one indexed field whose value is an array in each document.
    /// `createIndex` fails ("cannot index parallel arrays"), and once such an index exists on
    /// documents where only one of the fields is an array, every insert or update that makes
    /// both fields arrays fails. The design cannot be created as drawn, and the script stops
    /// at that line.
    ///
    /// ## Example
    /// Products with `tags` and available `sizes`, both arrays, and `{ tags: 1, sizes: 1 }`
    /// declared for "products with this tag in this size".
    ///
    /// ## Use instead
    /// Index one of the arrays (with the scalar fields the query matches) and let the fetch
    /// filter the other: `{ tags: 1 }`. Or hold the pairs that belong together as one array of
    /// embedded documents (`variants: [{ size, color }]`) and index two fields of it. The
    /// advisor derives indexes this way: it keeps the first array a query names and leaves the
    /// others to the fetch.
    ///
    /// ## References
    /// MongoDB manual, "Multikey Indexes" (Limitations: compound multikey indexes) and
    /// "Compound Indexes".
    pub ParallelArrayIndex {
        code: "DS315",
        name: "parallel-array-index",
        category: Indexes,
        severity: Error,
    }
}

/// A declared index MongoDB refuses: two of its keys are in different arrays.
#[derive(Debug, Clone, PartialEq)]
pub struct ParallelIndex<'m> {
    pub entity: &'m Entity,
    pub index: &'m IndexSpec,
    /// The first array key, and a key in another array.
    pub first: &'m str,
    pub other: &'m str,
    /// The index MongoDB builds instead: the keys outside the other arrays.
    pub kept: IndexSpec,
}

/// The declared indexes of every collection that MongoDB refuses to build, in model order.
pub fn parallel_indexes<'m>(design: &Design<'m>) -> Vec<ParallelIndex<'m>> {
    let layout = design.layout();
    let mut out = Vec::new();
    for c in design.collections() {
        let e = c.entity;
        for index in &e.collection.indexes {
            let arrays = array_keys(layout, e, index);
            let Some(&(first, first_top)) = arrays.first() else { continue };
            let Some(&(other, _)) = arrays.iter().find(|(_, top)| *top != first_top) else { continue };
            let mut kept = index.clone();
            kept.keys.retain(|k| !arrays.iter().any(|(path, top)| *path == k.field.as_str() && *top != first_top));
            out.push(ParallelIndex { entity: e, index, first, other, kept });
        }
    }
    out
}

/// The array paths of `index`'s ordinary keys, each with the first field of its path (one
/// array per first field), in key order.
fn array_keys<'i>(layout: &Layout, e: &Entity, index: &'i IndexSpec) -> Vec<(&'i str, &'i str)> {
    index
        .keys
        .iter()
        .filter(|k| k.kind.is_none())
        .map(|k| k.field.as_str())
        .filter(|path| resolve(layout, e, path).is_some_and(|r| r.array))
        .map(|path| (path, path.split('.').next().unwrap_or(path)))
        .collect()
}

impl Rule for ParallelArrayIndex {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for p in parallel_indexes(&cx.design) {
            let (e, first, other) = (p.entity, p.first, p.other);
            let (name, key, kept) = (&e.name, p.index.with_key_doc(Arg::str), p.kept.with_key_doc(Arg::str));
            out.push(Self::finding(
                Place::Entity { id: Id::new(&e.id) },
                text!(
                    en: "MongoDB refuses to build {key} on {name}: {first} and {other} are both arrays, and a compound index may hold one array per document.",
                    es: "MongoDB se niega a crear {key} en {name}: {first} y {other} son arrays, y un índice compuesto solo admite un array por documento.",
                    pt: "O MongoDB se recusa a criar {key} em {name}: {first} e {other} são arrays, e um índice composto só admite um array por documento.";
                    key, name, first, other
                ),
                text!(
                    en: "A multikey index holds one entry per element of the array it indexes; over two arrays it would hold one per pair, so createIndex fails (\"cannot index parallel arrays\"), and with the index in place any write that makes both fields arrays fails.",
                    es: "Un índice multiclave guarda una entrada por elemento del array que indexa; sobre dos arrays guardaría una por cada par, así que createIndex falla (\"cannot index parallel arrays\") y, con el índice creado, falla toda escritura que deje ambos campos como arrays.",
                    pt: "Um índice multichave guarda uma entrada por elemento do array que indexa; sobre dois arrays guardaria uma por par, então o createIndex falha (\"cannot index parallel arrays\") e, com o índice criado, falha toda escrita que deixe os dois campos como arrays."
                ),
                text!(
                    en: "Index one array ({kept}) and let the fetch filter {other}, or keep the pairs as one array of embedded documents and index two fields of it.",
                    es: "Indexa un solo array ({kept}) y deja que la lectura de los documentos filtre {other}, o guarda los pares como un único array de documentos embebidos e indexa dos campos suyos.",
                    pt: "Indexe um só array ({kept}) e deixe a leitura dos documentos filtrar {other}, ou guarde os pares como um único array de documentos embutidos e indexe dois campos dele.";
                    kept, other
                ),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model, query};
    use crate::i18n::Lang;
    use crate::model::{BsonType, Field, IndexKey, IndexSpec, KeyKind};

    /// Items with `tags` and `sizes` (arrays of strings), `variants` (an array of documents
    /// with `size` and `color`), `category` (a string), and the declared indexes given.
    fn items(indexes: Vec<IndexSpec>) -> crate::model::Model {
        let mut m = model();
        let array = |name: &str| {
            let mut f = Field::new(name, BsonType::Array);
            f.items = Some(BsonType::String);
            f
        };
        let mut variants = Field::new("variants", BsonType::Array);
        variants.items = Some(BsonType::Object);
        variants.fields = vec![Field::new("size", BsonType::String), Field::new("color", BsonType::String)];
        m.entities[0].fields.extend([
            array("tags"),
            array("sizes"),
            variants,
            Field::new("category", BsonType::String),
        ]);
        m.entities[0].collection.indexes = indexes;
        m
    }

    #[test]
    fn a_compound_index_over_two_arrays_is_an_error_that_names_both_and_the_index_that_can_be_built() {
        let m = items(vec![IndexSpec::new(&[("category", 1), ("tags", 1), ("sizes", 1)])]);
        let f = findings(&m, "DS315");
        assert_eq!(f.len(), 1, "{f:?}");
        assert_eq!(
            f[0].message.en(),
            "MongoDB refuses to build { category: 1, tags: 1, sizes: 1 } on items: tags and sizes are both arrays, and a compound index may hold one array per document."
        );
        assert!(f[0]
            .fix_hint
            .en()
            .starts_with("Index one array ({ category: 1, tags: 1 }) and let the fetch filter sizes"));
        assert!(f[0]
            .message
            .render(Lang::Es)
            .starts_with("MongoDB se niega a crear { category: 1, tags: 1, sizes: 1 } en items"));
    }

    #[test]
    fn the_script_keeps_the_refused_index_commented_out_with_the_reason() {
        let m = items(vec![IndexSpec::new(&[("tags", 1), ("sizes", 1)])]);
        let r = crate::advisor::analyze(&m);
        let script = crate::export::mongosh::script(&m, &r.indexes, Lang::En);
        assert!(script.contains("// parallel-array-index (DS315): MongoDB refuses { tags: 1, sizes: 1 }: tags and sizes are both arrays; index one of them ({ tags: 1 }) instead:"), "{script}");
        assert!(script.contains("// db.items.createIndex({ tags: 1, sizes: 1 });"), "{script}");
        assert!(!script.lines().any(|l| l.starts_with("db.items.createIndex({ tags: 1, sizes: 1 })")), "{script}");
    }

    #[test]
    fn the_advisor_never_derives_an_index_over_two_arrays_and_says_the_fetch_filters_the_second() {
        let mut m = items(Vec::new());
        let mut q = query("Q1", "c", &["category", "tags", "sizes"], &[]);
        q.per_minute = 300.0;
        m.queries.push(q);
        let r = crate::advisor::analyze(&m);
        let derived: Vec<_> = r.indexes.iter().filter(|a| !a.declared).collect();
        assert_eq!(derived.len(), 1, "{derived:?}");
        assert_eq!(derived[0].index.key_doc(), "{ category: 1, tags: 1 }");
        assert!(derived[0].multikey);
        let why = derived[0].reason.en();
        assert!(
            why.contains(
                "sizes is another array: MongoDB refuses a compound index over two arrays, so the fetch filters it."
            ),
            "{why}"
        );
        assert!(findings(&m, "DS315").is_empty(), "derived indexes are never flagged");
        assert!(findings(&m, "DS304").is_empty(), "no declared index is needed: {:?}", findings(&m, "DS304"));
    }

    #[test]
    fn one_array_among_scalars_one_array_of_documents_and_unordered_keys_pass() {
        let text = IndexSpec {
            keys: vec![
                IndexKey { kind: Some(KeyKind::Text), ..IndexKey::new("tags", 1) },
                IndexKey { kind: Some(KeyKind::Text), ..IndexKey::new("sizes", 1) },
            ],
            ..IndexSpec::default()
        };
        let m = items(vec![
            IndexSpec::new(&[("category", 1), ("tags", 1)]),
            IndexSpec::new(&[("variants.size", 1), ("variants.color", 1), ("category", 1)]),
            text,
        ]);
        assert!(findings(&m, "DS315").is_empty(), "{:?}", findings(&m, "DS315"));
    }
}
