//! A 1 GB mongodump folder and a one-million-line mongod log, read as `docshape infer` reads
//! them: time, MB/s and peak memory. Figures only; nothing is asserted.
//!
//! `cargo bench --bench dump` writes the dump (customers, products and orders with a customer
//! id and lines of product ids, about 1 KB an order; `DUMP_BENCH_MB` sets its size, 1024 by
//! default) and the log (slow queries of a few shapes, `LOG_BENCH_LINES`, 1,000,000 by default)
//! into a temporary folder with MongoDB's `bson` crate, then reads each once with the default
//! options (10,000 documents sampled per collection; every document counted and its references
//! counted). The peak resident set (VmHWM) is reset before each read (Linux's
//! `/proc/self/clear_refs`), so it shows the reader's own footprint.

use bson::{doc, oid::ObjectId, Document};
use docshape::dump::{read_dump, source, DumpOptions, DumpSource, FileInput, Input};
use docshape::infer::thousands;
use docshape::model::Model;
use docshape::workload::{read_workload, WorkloadOptions};
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

/// xorshift64*
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
}

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.replace('_', "").parse().ok()).unwrap_or(default)
}

/// Peak resident set in MiB (VmHWM), and a reset of it.
fn peak_mib() -> f64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let kb: f64 = status
        .lines()
        .find(|l| l.starts_with("VmHWM:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0.0);
    kb / 1024.0
}

fn reset_peak() {
    let _ = std::fs::write("/proc/self/clear_refs", "5");
}

fn write(path: &Path, docs: impl Iterator<Item = Document>) -> u64 {
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path).expect("create"));
    let mut bytes = 0;
    for d in docs {
        let raw = bson::RawDocumentBuf::try_from(&d).expect("encode");
        out.write_all(raw.as_bytes()).expect("write");
        bytes += raw.as_bytes().len() as u64;
    }
    out.flush().expect("flush");
    bytes
}

fn write_dump(dir: &Path, megabytes: u64) -> u64 {
    std::fs::create_dir_all(dir).expect("dir");
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let customers: Vec<ObjectId> = (0..100_000u32)
        .map(|i| ObjectId::from_bytes([&i.to_be_bytes()[..], &[7; 8]].concat().try_into().unwrap()))
        .collect();
    let products: Vec<String> = (0..5_000).map(|i| format!("P{i:05}")).collect();
    let mut bytes = write(
        &dir.join("customers.bson"),
        customers.iter().enumerate().map(|(i, id)| doc! { "_id": *id, "name": format!("customer {i}"), "email": format!("c{i}@example.com"), "address": { "city": "Lima", "zip": "15001" } }),
    );
    bytes += write(
        &dir.join("products.bson"),
        products.iter().map(|p| doc! { "_id": p, "title": format!("product {p}"), "price": 9.9 }),
    );
    let target = megabytes << 20;
    let mut written = bytes;
    let orders = std::iter::from_fn(|| {
        if written >= target {
            return None;
        }
        let lines: Vec<Document> = (0..1 + rng.next() % 8)
            .map(|_| doc! { "product_id": &products[(rng.next() % 5_000) as usize], "qty": (1 + rng.next() % 5) as i32, "price": 9.9, "note": "x".repeat(40) })
            .collect();
        let customer = customers[(rng.next() % 100_000) as usize];
        let status = ["new", "paid", "sent"][(rng.next() % 3) as usize];
        let created = bson::DateTime::from_millis(1_700_000_000_000 + (rng.next() % 10_000_000_000) as i64);
        let comment = "y".repeat((rng.next() % 400) as usize);
        let d = doc! { "_id": ObjectId::new(), "customer_id": customer, "status": status, "created_at": created, "lines": lines, "comment": comment };
        written += bson::RawDocumentBuf::try_from(&d).map(|r| r.as_bytes().len() as u64).unwrap_or(0);
        Some(d)
    });
    bytes += write(&dir.join("orders.bson"), orders);
    bytes
}

fn write_log(path: &Path, lines: u64) -> u64 {
    let mut out = BufWriter::with_capacity(1 << 20, std::fs::File::create(path).expect("create"));
    let mut rng = Rng(42);
    let mut bytes = 0;
    for i in 0..lines {
        let ms = 1_764_000_000_000u64 + i * 36;
        let secs = ms / 1000;
        let t = format!(
            "2025-11-24T{:02}:{:02}:{:02}.{:03}+00:00",
            (secs / 3600) % 24,
            (secs / 60) % 60,
            secs % 60,
            ms % 1000
        );
        let line = match rng.next() % 4 {
            0 => format!(
                r#"{{"t":{{"$date":"{t}"}},"s":"I","c":"COMMAND","id":51803,"ctx":"conn{c}","msg":"Slow query","attr":{{"type":"command","ns":"shop.orders","command":{{"find":"orders","filter":{{"customer_id":{{"$oid":"{oid:024x}"}}}},"sort":{{"created_at":-1}},"limit":20,"lsid":{{"id":{{"$uuid":"5d0f0ae0-3f27-4d3a-8d1d-4bd1c9a7b8e4"}}}},"$db":"shop"}},"planSummary":"IXSCAN {{ customer_id: 1, created_at: -1 }}","keysExamined":5,"docsExamined":5,"nreturned":5,"numYields":0,"reslen":2311,"locks":{{"Global":{{"acquireCount":{{"r":1}}}}}},"protocol":"op_msg","durationMillis":{d}}}}}"#,
                c = rng.next() % 100,
                oid = rng.next(),
                d = 100 + rng.next() % 50
            ),
            1 => format!(
                r#"{{"t":{{"$date":"{t}"}},"s":"I","c":"COMMAND","id":51803,"ctx":"conn{c}","msg":"Slow query","attr":{{"type":"command","ns":"shop.orders","command":{{"find":"orders","filter":{{"status":"{s}"}},"sort":{{"created_at":1}},"$db":"shop"}},"planSummary":"COLLSCAN","keysExamined":0,"docsExamined":1000000,"hasSortStage":true,"nreturned":101,"durationMillis":{d}}}}}"#,
                c = rng.next() % 100,
                s = ["new", "paid"][(rng.next() % 2) as usize],
                d = 400 + rng.next() % 600
            ),
            2 => format!(
                r#"{{"t":{{"$date":"{t}"}},"s":"I","c":"WRITE","id":51803,"ctx":"conn{c}","msg":"Slow query","attr":{{"type":"update","ns":"shop.orders","command":{{"q":{{"_id":{{"$oid":"{oid:024x}"}}}},"u":{{"$set":{{"status":"paid"}}}},"multi":false,"upsert":false}},"planSummary":"IDHACK","keysExamined":1,"docsExamined":1,"nMatched":1,"nModified":1,"durationMillis":{d}}}}}"#,
                c = rng.next() % 100,
                oid = rng.next(),
                d = 100 + rng.next() % 20
            ),
            _ => format!(
                r#"{{"t":{{"$date":"{t}"}},"s":"I","c":"NETWORK","id":22943,"ctx":"listener","msg":"Connection accepted","attr":{{"remote":"127.0.0.1:{p}","connectionId":{c},"connectionCount":3}}}}"#,
                p = 40_000 + rng.next() % 20_000,
                c = rng.next() % 100
            ),
        };
        out.write_all(line.as_bytes()).expect("write");
        out.write_all(b"\n").expect("write");
        bytes += line.len() as u64 + 1;
    }
    out.flush().expect("flush");
    bytes
}

fn main() {
    let dir = std::env::temp_dir().join(format!("docshape-dump-bench-{}", std::process::id()));
    let megabytes = env("DUMP_BENCH_MB", 1024);
    let lines = env("LOG_BENCH_LINES", 1_000_000);

    let started = Instant::now();
    let bytes = write_dump(&dir.join("shop"), megabytes);
    println!("dump written: {} MB of BSON in {:.1} s", thousands(bytes >> 20), started.elapsed().as_secs_f64());
    let collections = source::folder(&dir.join("shop"), None).expect("the folder");
    reset_peak();
    let before = peak_mib();
    let started = Instant::now();
    let mut model = Model::new("bench");
    let report = read_dump(&DumpSource::Folder(collections), &mut model, &DumpOptions::default(), "bench", &mut |_| {})
        .expect("read");
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "dump read: {} MB in {seconds:.2} s = {:.0} MB/s; peak resident {:.0} MiB (after reset {:.0} MiB); {} collections, {} relations, sample {}",
        thousands(report.bytes >> 20),
        report.bytes as f64 / 1_048_576.0 / seconds,
        peak_mib(),
        before,
        report.collections.len(),
        model.relations.len(),
        DumpOptions::default().sample
    );
    for c in &report.collections {
        println!("  {}: {} documents, {} sampled", c.name, thousands(c.documents), thousands(c.sampled));
    }
    for r in model.relations.iter().filter(|r| r.evidence.as_ref().is_some_and(|e| e.target_field.is_some())) {
        println!("  {} → {}: {}", r.parent, r.child, r.notes);
    }
    let _ = std::fs::remove_dir_all(dir.join("shop"));

    let log = dir.join("mongod.log");
    let started = Instant::now();
    let log_bytes = write_log(&log, lines);
    println!(
        "log written: {} lines, {} MB in {:.1} s",
        thousands(lines),
        log_bytes >> 20,
        started.elapsed().as_secs_f64()
    );
    reset_peak();
    let started = Instant::now();
    let mut model = Model::new("bench");
    let input = FileInput::new(&log);
    let report =
        read_workload(&[&input as &dyn Input], &mut model, &WorkloadOptions::default(), &mut |_, _| {}).expect("read");
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "log read: {} lines, {} MB in {seconds:.2} s = {:.0} MB/s, {:.0} lines/s; peak resident {:.0} MiB; {} patterns over {:.0} minutes",
        thousands(report.files[0].lines),
        log_bytes >> 20,
        log_bytes as f64 / 1_048_576.0 / seconds,
        report.files[0].lines as f64 / seconds,
        peak_mib(),
        report.patterns,
        report.span_minutes
    );
    let _ = std::fs::remove_dir_all(&dir);
}
