//! Exporter benchmark (divan): `cargo bench --bench export`.
//!
//! 1. Each step of exporting everything (examples in three renderings, validators, the mongosh
//!    script and the decision sheets) and the whole of it, for a generated model of 1,000
//!    collections. Target: ≤ 50 ms for the whole. Then the code for the application, per
//!    target (Mongoose, TypeScript, zod, Pydantic, Rust, Java, Mermaid, DBML), for the same
//!    model: each within the same 50 ms budget.
//! 2. Streaming synthetic documents of BiblioRed's `resenas` into a counting sink: documents/s
//!    and bytes/s (divan's throughput); then, after the table, 500,000 of them once with the
//!    peak RSS (VmHWM) before, during and after, to show memory does not grow with N
//!    (`DOCSHAPE_BENCH_N` changes the count).
//!
//! Figures only (fastest / slowest / median / mean over the samples); nothing is asserted.

use divan::counter::{BytesCount, ItemsCount};
use divan::{black_box, Bencher};
use docshape::advisor::{analyze, Report};
use docshape::export::code::{generate_with, Target};
use docshape::export::{examples, mongosh, schema, sheet, synthetic, Builder, Flavor};
use docshape::i18n::Lang;
use docshape::model::{
    load, BsonType, BucketSpec, Cardinality, CopiedField, CopyCategory, Entity, EntityKind, Field, Model, Propagation,
    RefPlacement, Relation, Storage, Subset, Variant,
};
use std::io::Write;
use std::sync::OnceLock;
use std::time::Instant;

/// The model of 1,000 collections and its analysis, made once for every benchmark.
fn big() -> &'static (Model, Report) {
    static BIG: OnceLock<(Model, Report)> = OnceLock::new();
    BIG.get_or_init(|| {
        let model = big_model(1000);
        let report = analyze(&model);
        (model, report)
    })
}

fn main() {
    let (model, _) = big();
    let collections = Builder::new(model).lookup.collections().count();
    println!(
        "model: {} entities, {} relations, {collections} collections",
        model.entities.len(),
        model.relations.len()
    );
    divan::main();
    stream_memory();
}

/// Everything the `export` command can produce, each part built once.
#[divan::bench]
fn export_everything(bencher: Bencher) {
    let (model, report) = big();
    bencher.bench_local(|| {
        let builder = Builder::new(black_box(model));
        let all = examples::examples_with(&builder);
        let mut total = examples::render_shell(&all).len();
        total += examples::render_ejson(&all, Flavor::Relaxed).len();
        total += examples::render_ejson(&all, Flavor::Canonical).len();
        let validators = schema::validators(&builder);
        total += schema::render_json(&validators).len();
        total += mongosh::script_from(&builder, &report.indexes, &validators, Lang::En).len();
        total += sheet::sheets_from(&builder, report, &all, Lang::En).len();
        total
    });
}

/// Each step of `export_everything` on its own, its inputs made beforehand.
mod steps {
    use super::*;

    #[divan::bench]
    fn shapes(bencher: Bencher) {
        let (model, _) = big();
        bencher.bench_local(|| Builder::new(black_box(model)).lookup.collections().count());
    }

    #[divan::bench]
    fn example_documents(bencher: Bencher) {
        let builder = Builder::new(&big().0);
        bencher.bench_local(|| examples::examples_with(black_box(&builder)));
    }

    #[divan::bench]
    fn mongosh_text(bencher: Bencher) {
        let builder = Builder::new(&big().0);
        let all = examples::examples_with(&builder);
        bencher.bench_local(|| examples::render_shell(black_box(&all)));
    }

    #[divan::bench(args = [Flavor::Relaxed, Flavor::Canonical])]
    fn extended_json(bencher: Bencher, flavor: Flavor) {
        let builder = Builder::new(&big().0);
        let all = examples::examples_with(&builder);
        bencher.bench_local(|| examples::render_ejson(black_box(&all), flavor));
    }

    #[divan::bench]
    fn validators(bencher: Bencher) {
        let builder = Builder::new(&big().0);
        bencher.bench_local(|| schema::render_json(&schema::validators(black_box(&builder))));
    }

    #[divan::bench]
    fn script(bencher: Bencher) {
        let (model, report) = big();
        let builder = Builder::new(model);
        let validators = schema::validators(&builder);
        bencher.bench_local(|| mongosh::script_from(black_box(&builder), &report.indexes, &validators, Lang::En));
    }

    #[divan::bench]
    fn sheets(bencher: Bencher) {
        let (model, report) = big();
        let builder = Builder::new(model);
        let all = examples::examples_with(&builder);
        bencher.bench_local(|| sheet::sheets_from(black_box(&builder), report, &all, Lang::En));
    }
}

/// Each code target for the whole model, with the shapes built once (as the worker and the CLI
/// build them once per export).
#[divan::bench(args = Target::ALL)]
fn code(bencher: Bencher, target: Target) {
    let builder = Builder::new(&big().0);
    bencher.bench_local(|| generate_with(black_box(&builder), target, Lang::En));
}

/// 50,000 of BiblioRed's `resenas` streamed into a counting sink: documents/s and bytes/s.
#[divan::bench(sample_count = 5, sample_size = 1)]
fn generate_resenas(bencher: Bencher) {
    const N: u64 = 50_000;
    let bibliored = load(include_str!("../public/templates/bibliored.json")).expect("template");
    let builder = Builder::new(&bibliored);
    let stream = |sink: &mut Counter| {
        synthetic::write_ndjson(&builder, "resena", 1, N, Flavor::Relaxed, sink, &mut |_, _, _| {})
            .expect("writing to a counter never fails");
    };
    let mut sink = Counter(0);
    stream(&mut sink);
    bencher.counter(ItemsCount::new(N)).counter(BytesCount::new(sink.0)).bench_local(|| {
        let mut sink = Counter(0);
        stream(&mut sink);
        sink.0
    });
}

/// 500,000 `resenas` streamed once, with the peak resident set (VmHWM) before, at a tenth, at
/// half and after: the generator's memory does not grow with the count.
fn stream_memory() {
    let bibliored = load(include_str!("../public/templates/bibliored.json")).expect("template");
    let builder = Builder::new(&bibliored);
    let mut sink = Counter(0);
    let before = vm_hwm_kb();
    let mut marks = Vec::new();
    let n: u64 = std::env::var("DOCSHAPE_BENCH_N").ok().and_then(|v| v.parse().ok()).unwrap_or(500_000);
    let t = Instant::now();
    synthetic::write_ndjson(&builder, "resena", 1, n, Flavor::Relaxed, &mut sink, &mut |done, _, _| {
        if done == n / 10 || done == n / 2 {
            marks.push((done, vm_hwm_kb()));
        }
    })
    .expect("writing to a counter never fails");
    let secs = t.elapsed().as_secs_f64();
    let after = vm_hwm_kb();
    println!(
        "generate {n} resenas: {:.2} s, {:.0} documents/s, {:.1} MB/s ({:.0} MB written)",
        secs,
        n as f64 / secs,
        sink.0 as f64 / 1e6 / secs,
        sink.0 as f64 / 1e6
    );
    let marks: Vec<String> = marks.iter().map(|(d, kb)| format!("{kb} kB after {d}")).collect();
    println!("peak RSS (VmHWM): {before} kB before, {}, {after} kB after {n}", marks.join(", "));
}

/// A model of `n` collections: varied fields, an embedded child and a tag list on every third,
/// a reference with extended copies, subsets and computed values to the next collection, a
/// bucket on every tenth and variants on every seventh.
fn big_model(n: usize) -> Model {
    let mut m = Model::new("bench");
    for i in 0..n {
        let mut e = Entity::new(&format!("c{i}"), &format!("coleccion_{i}"));
        e.collection.validate = true;
        e.collection.schema_version_field = Some("esquema_v".into());
        e.fields = vec![
            field("_id", BsonType::ObjectId, true),
            field("nombre", BsonType::String, true),
            field("correo", BsonType::String, false),
            field("precio", BsonType::Decimal, false),
            field("fecha", BsonType::Date, true),
            field("estado", BsonType::String, true),
            field("puntuacion", BsonType::Int, false),
            field("total", BsonType::Int, false),
            field("media", BsonType::Double, false),
            field("parent_id", BsonType::ObjectId, false),
            field("esquema_v", BsonType::Int, true),
        ];
        e.fields[5].constraints.r#enum = vec!["activo".into(), "cerrado".into()];
        e.fields[6].constraints.minimum = Some(1.0);
        e.fields[6].constraints.maximum = Some(5.0);
        e.fields[2].constraints.pattern = Some(r"^[a-z.]+@[a-z.]+\.[a-z]{2,}$".into());
        if i % 7 == 0 {
            e.collection.discriminator = Some("tipo".into());
            e.collection.variants = vec![
                Variant { value: "a".into(), fields: vec![field("isbn", BsonType::String, true)], share: Some(0.6) },
                Variant { value: "b".into(), fields: vec![field("issn", BsonType::String, false)], share: None },
            ];
        }
        m.entities.push(e);
        if i % 3 == 0 {
            let mut child = Entity::new(&format!("d{i}"), &format!("direccion_{i}"));
            child.fields = vec![field("calle", BsonType::String, true), field("ciudad", BsonType::String, false)];
            m.entities.push(child);
            let mut embed = Relation::new(&format!("e{i}"), &format!("c{i}"), &format!("d{i}"), Storage::Embed);
            embed.field = "direcciones".into();
            embed.cardinality = Cardinality { typical: 2.0, max: Some(5), ..Cardinality::default() };
            m.relations.push(embed);
            let mut tags = Entity::new(&format!("t{i}"), &format!("etiquetas_{i}"));
            tags.kind = EntityKind::Value;
            tags.value_type = Some(BsonType::String);
            m.entities.push(tags);
            let mut rel = Relation::new(&format!("et{i}"), &format!("c{i}"), &format!("t{i}"), Storage::Embed);
            rel.field = "etiquetas".into();
            rel.cardinality = Cardinality { typical: 4.0, max: Some(8), ..Cardinality::default() };
            m.relations.push(rel);
        }
    }
    for i in 0..n {
        let (parent, child) = (format!("c{}", (i + 1) % n), format!("c{i}"));
        if i % 10 == 9 {
            let mut b = Relation::new(&format!("b{i}"), &parent, &child, Storage::Bucket);
            b.reference = RefPlacement { child_field: Some("parent_id".into()), parent_field: None };
            b.bucket = Some(BucketSpec {
                array_field: "eventos".into(),
                period: "day".into(),
                cap: 500,
                count_field: Some("total".into()),
                period_field: Some("fecha".into()),
                ttl_seconds: Some(86_400 * 365),
                id_scheme: String::new(),
            });
            m.relations.push(b);
            continue;
        }
        let mut r = Relation::new(&format!("r{i}"), &parent, &child, Storage::Reference);
        r.reference = RefPlacement { child_field: Some("parent_id".into()), parent_field: None };
        r.cardinality = Cardinality { typical: 20.0, max: None, ..Cardinality::default() };
        r.extended = vec![CopiedField {
            field: "nombre".into(),
            as_field: Some("parent_nombre".into()),
            category: Some(CopyCategory::Live),
            propagation: Some(Propagation::Deferred),
            used_to_decide: false,
        }];
        if i % 2 == 0 {
            r.subset = Some(Subset {
                field: "destacados".into(),
                size: 5,
                order_by: "puntuacion:-1".into(),
                count_field: None,
                fields: vec!["puntuacion".into()],
            });
        }
        m.relations.push(r);
    }
    m
}

fn field(name: &str, ty: BsonType, required: bool) -> Field {
    let mut f = Field::new(name, ty);
    f.required = required;
    f
}

/// Peak resident set size of this process, from /proc/self/status (Linux); 0 elsewhere.
fn vm_hwm_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("VmHWM:")).and_then(|l| l.split_whitespace().nth(1)?.parse().ok())
        })
        .unwrap_or(0)
}

struct Counter(u64);

impl Write for Counter {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0 += buf.len() as u64;
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
