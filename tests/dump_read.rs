//! `dump::read_dump` on dumps made in memory with MongoDB's `bson` crate: references found by
//! value (and not by chance), their measured cardinality and evidence, sampling, the bounded
//! sets of parents, archives interleaving their blocks, and bad input named by file and offset.

use bson::{doc, oid::ObjectId, Document, RawDocumentBuf};
use docshape::dump::{read_dump, BytesInput, CollectionFiles, DumpOptions, DumpSource, Input};
use docshape::model::{Model, Relation, Storage};

fn bytes(docs: &[Document]) -> Vec<u8> {
    docs.iter().flat_map(|d| RawDocumentBuf::try_from(d).unwrap().into_bytes()).collect()
}

fn collection(name: &str, docs: &[Document], metadata: Option<&str>) -> CollectionFiles {
    CollectionFiles {
        db: "shop".into(),
        name: name.into(),
        data: Some(Box::new(BytesInput { name: format!("{name}.bson"), bytes: bytes(docs) })),
        metadata: metadata.map(|m| {
            Box::new(BytesInput { name: format!("{name}.metadata.json"), bytes: m.as_bytes().to_vec() })
                as Box<dyn Input>
        }),
    }
}

fn oid(n: u32) -> ObjectId {
    let mut b = [0u8; 12];
    b[..4].copy_from_slice(&n.to_be_bytes());
    ObjectId::from_bytes(b)
}

/// 100 authors; 1,000 posts, author i writing i % 20 + 1 of them... (a skewed few); every post
/// has `likes` (an int 0–9) and `category_id` (an int of categories, named so).
fn blog() -> Vec<CollectionFiles> {
    let authors: Vec<Document> = (0..100).map(|i| doc! { "_id": oid(i), "name": format!("a{i}") }).collect();
    let categories: Vec<Document> = (0..10).map(|i| doc! { "_id": i, "title": format!("c{i}") }).collect();
    let mut posts = Vec::new();
    let mut n = 0;
    for a in 0..100u32 {
        for _ in 0..(a % 20 + 1) {
            posts.push(doc! { "_id": oid(10_000 + n), "author": oid(a), "likes": (n % 10) as i32, "category_id": (n % 10) as i32, "slug": format!("post-{n}") });
            n += 1;
        }
    }
    // Comments point at posts by their unique slug, and some at posts that are gone.
    let comments: Vec<Document> = (0..400)
        .map(|i| doc! { "_id": oid(50_000 + i), "post_slug": format!("post-{}", if i % 10 == 0 { 99_999 } else { i }) })
        .collect();
    let slug_unique = r#"{"indexes":[{"v":2,"key":{"_id":1},"name":"_id_"},{"v":2,"key":{"slug":1},"name":"slug_1","unique":true}],"collectionName":"posts","type":"collection","options":{}}"#;
    vec![
        collection("authors", &authors, None),
        collection("categories", &categories, None),
        collection("comments", &comments, None),
        collection("posts", &posts, Some(slug_unique)),
    ]
}

fn read(collections: Vec<CollectionFiles>, options: &DumpOptions) -> Model {
    let mut model = Model::new("t");
    read_dump(&DumpSource::Folder(collections), &mut model, options, "blog", &mut |_| {}).expect("the dump reads");
    model
}

fn reference<'a>(m: &'a Model, parent: &str, child: &str) -> Option<&'a Relation> {
    m.relations.iter().find(|r| r.parent == parent && r.child == child && r.storage == Storage::Reference)
}

#[test]
fn references_are_found_by_value_with_their_cardinality() {
    let m = read(blog(), &DumpOptions::default());
    let r = reference(&m, "authors", "posts").expect("posts.author refers to authors");
    assert_eq!(r.reference.child_field.as_deref(), Some("author"));
    let e = r.evidence.as_ref().unwrap();
    assert_eq!((e.matched, e.values, e.target_field.as_deref()), (1.0, 1_050, Some("_id")));
    let children = e.children.as_ref().unwrap();
    // 100 authors writing 1 to 20 posts each (five of each count): median 10, max 20.
    assert_eq!((children.count, children.median, children.max), (100, 10, 20));
    assert_eq!(r.cardinality.typical, 10.5);
    assert_eq!(r.cardinality.max, Some(20));
    // A named integer id refers; `likes` (0–9, all of them category ids too) does not.
    assert!(
        reference(&m, "categories", "posts").is_some_and(|r| r.reference.child_field.as_deref() == Some("category_id"))
    );
    assert!(!m.relations.iter().any(|r| r.reference.child_field.as_deref() == Some("likes")));
    // By a unique field other than `_id`, with 10% of dangling references: found, and said.
    let c = reference(&m, "posts", "comments").expect("comments.post_slug refers to posts.slug");
    let e = c.evidence.as_ref().unwrap();
    assert_eq!(e.target_field.as_deref(), Some("slug"));
    assert_eq!(e.matched, 0.9);
    assert!(c.notes.contains("90% of 400 values of `post_slug` are slug values of posts"), "{}", c.notes);
}

#[test]
fn a_sample_is_spread_and_parents_past_the_cap_are_a_random_subset() {
    let options = DumpOptions { sample: 100, max_ids: 1_000, ..DumpOptions::default() };
    let m = read(blog(), &options);
    let posts = m.entities.iter().find(|e| e.name == "posts").unwrap();
    assert_eq!(posts.collection.documents, Some(1_050));
    // One in 11 documents (1,050 ÷ 100, rounded up): 96 sampled, from the whole collection.
    assert_eq!(posts.measured.as_ref().unwrap().documents, 96);
    assert!(reference(&m, "authors", "posts").is_some(), "the reference is still found from the sample");
}

#[test]
fn an_archive_reads_like_its_folder() {
    let folder = read(blog(), &DumpOptions::default());
    // The archive of the same collections, blocks of 7 documents interleaved.
    let collections = blog();
    let mut out = Vec::new();
    out.extend_from_slice(&docshape::dump::archive::MAGIC);
    out.extend(bytes(&[
        doc! { "concurrent_collections": 4, "version": "0.1", "server_version": "7.0.0", "tool_version": "100.9.0" },
    ]));
    let mut queues = Vec::new();
    for c in &collections {
        let meta = c
            .metadata
            .as_ref()
            .map(|m| {
                String::from_utf8(
                    m.open()
                        .map(|mut r| {
                            let mut v = Vec::new();
                            std::io::Read::read_to_end(&mut r, &mut v).unwrap();
                            v
                        })
                        .unwrap(),
                )
                .unwrap()
            })
            .unwrap_or_else(|| "{}".into());
        out.extend(bytes(&[doc! { "db": "shop", "collection": &c.name, "metadata": meta, "size": 0 }]));
        let data = {
            let mut v = Vec::new();
            std::io::Read::read_to_end(&mut c.data.as_ref().unwrap().open().unwrap(), &mut v).unwrap();
            v
        };
        let mut docs = Vec::new();
        let mut at = 0;
        while at < data.len() {
            let len = i32::from_le_bytes(data[at..at + 4].try_into().unwrap()) as usize;
            docs.push(data[at..at + len].to_vec());
            at += len;
        }
        queues.push((c.name.clone(), docs));
    }
    out.extend_from_slice(&[0xFF; 4]);
    while queues.iter().any(|(_, d)| !d.is_empty()) {
        for (name, docs) in &mut queues {
            if docs.is_empty() {
                continue;
            }
            out.extend(bytes(&[doc! { "db": "shop", "collection": name.as_str(), "EOF": false, "CRC": 0_i64 }]));
            for d in docs.drain(..docs.len().min(7)) {
                out.extend(d);
            }
            out.extend_from_slice(&[0xFF; 4]);
        }
    }
    for (name, _) in &queues {
        out.extend(bytes(&[doc! { "db": "shop", "collection": name.as_str(), "EOF": true, "CRC": 0_i64 }]));
        out.extend_from_slice(&[0xFF; 4]);
    }
    let mut archived = Model::new("t");
    let source = DumpSource::Archive(Box::new(BytesInput { name: "blog.archive".into(), bytes: out.clone() }));
    read_dump(&source, &mut archived, &DumpOptions::default(), "blog", &mut |_| {}).expect("the archive reads");
    let shape = |m: &Model| {
        let mut r: Vec<String> = m
            .relations
            .iter()
            .map(|r| {
                format!(
                    "{}>{} {:?} {:?}",
                    r.parent,
                    r.child,
                    r.cardinality,
                    r.evidence.as_ref().map(|e| (e.matched, e.values))
                )
            })
            .collect();
        r.sort();
        r
    };
    assert_eq!(shape(&folder), shape(&archived));
    // Cut inside a block: the error names the archive and an offset inside it.
    let cut = DumpSource::Archive(Box::new(BytesInput {
        name: "blog.archive".into(),
        bytes: out[..out.len() - 200].to_vec(),
    }));
    let e = read_dump(&cut, &mut Model::new("t"), &DumpOptions::default(), "blog", &mut |_| {}).unwrap_err();
    assert_eq!(e.file, "blog.archive");
    assert!(e.offset.is_some_and(|o| o < out.len() as u64), "{e}");
}

#[test]
fn on_an_error_nothing_is_added_to_the_model() {
    let mut collections = blog();
    let mut bad = bytes(&[doc! { "_id": 1 }]);
    bad.extend_from_slice(&[40, 0, 0, 0, 1]);
    collections.push(CollectionFiles {
        db: "shop".into(),
        name: "broken".into(),
        data: Some(Box::new(BytesInput { name: "broken.bson".into(), bytes: bad })),
        metadata: None,
    });
    let mut model = Model::new("t");
    let e = read_dump(&DumpSource::Folder(collections), &mut model, &DumpOptions::default(), "blog", &mut |_| {})
        .unwrap_err();
    assert_eq!(e.to_string(), "broken.bson: at byte 14: a document's length says 40 bytes, past the end of the file: only 5 bytes follow its start (truncated BSON)");
    assert!(model.entities.is_empty() && model.relations.is_empty());
}
