//! Inference throughput (divan), and peak memory over 500,000 generated documents, streamed.
//!
//! `cargo bench --bench infer`: first divan's figures for inferring 20,000 orders held in
//! memory, as relaxed Extended JSON lines and in mongosh syntax (documents/s and bytes/s, with
//! fastest / slowest / median / mean); then one streamed pass of 500,000 per format
//! (`INFER_BENCH_DOCS` changes the count), generated on the fly by a `Read` implementation so
//! the input never sits in memory: the peak resident set (VmHWM) shows the accumulator's own
//! footprint, with what was inferred. Figures only; nothing is asserted.

use divan::counter::{BytesCount, ItemsCount};
use divan::{black_box, Bencher};
use docshape::infer::{infer_from, observations, thousands, Accumulator, Format};
use std::io::Read;
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

/// Orders in relaxed Extended JSON (one per line) or mongosh syntax, generated while read.
struct Orders {
    left: u64,
    shell: bool,
    rng: Rng,
    line: Vec<u8>,
    pos: usize,
    produced: u64,
}

impl Orders {
    fn new(n: u64, shell: bool) -> Orders {
        Orders { left: n, shell, rng: Rng(0x9E37_79B9_7F4A_7C15), line: Vec::new(), pos: 0, produced: 0 }
    }

    fn fill(&mut self) {
        use std::fmt::Write;
        let r = &mut self.rng;
        let id = r.next();
        let items = if r.next() % 1000 == 0 { 2_000 } else { 1 + r.next() % 8 };
        let mut s = String::with_capacity(512);
        let (oid, dec, date) = if self.shell {
            (format!("ObjectId('{id:024x}')"), "Decimal128", "ISODate")
        } else {
            (format!("{{\"$oid\":\"{id:024x}\"}}"), "", "")
        };
        let status = ["novo", "pago", "enviado", "cancelado"][(r.next() % 4) as usize];
        let phone = match r.next() % 3 {
            0 => format!("\"+55 11 9{:04}-{:04}\"", r.next() % 10_000, r.next() % 10_000),
            1 => format!("\"(11) 9{:04}-{:04}\"", r.next() % 10_000, r.next() % 10_000),
            _ => format!("{}", 5_511_900_000_000u64 + r.next() % 100_000_000),
        };
        let _ = write!(
            s,
            "{{\"_id\":{oid},\"cliente\":{{\"_id\":{oid},\"nome\":\"Cliente {}\",\"telefone\":{phone}}},\"itens\":[",
            r.next() % 100_000
        );
        for k in 0..items {
            let price = format!("{}.{:02}", r.next() % 500, r.next() % 100);
            let price =
                if self.shell { format!("{dec}('{price}')") } else { format!("{{\"$numberDecimal\":\"{price}\"}}") };
            let _ = write!(
                s,
                "{}{{\"sku\":\"SKU-{}\",\"qtd\":{},\"preco\":{price}}}",
                if k > 0 { "," } else { "" },
                r.next() % 5000,
                1 + r.next() % 5
            );
        }
        let when = format!(
            "2026-{:02}-{:02}T{:02}:{:02}:00Z",
            1 + r.next() % 12,
            1 + r.next() % 28,
            r.next() % 24,
            r.next() % 60
        );
        let when = if self.shell { format!("{date}('{when}')") } else { format!("{{\"$date\":\"{when}\"}}") };
        let _ = write!(s, "],\"status\":\"{status}\",\"criado_em\":{when},\"_schema\":2");
        if r.next() % 10 == 0 {
            let _ = write!(s, ",\"cupom\":\"PROMO{}\"", r.next() % 100);
        }
        s.push_str("}\n");
        self.line = s.into_bytes();
        self.pos = 0;
        self.produced += self.line.len() as u64;
    }
}

impl Read for Orders {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.pos == self.line.len() {
            if self.left == 0 {
                return Ok(0);
            }
            self.left -= 1;
            self.fill();
        }
        let n = (self.line.len() - self.pos).min(buf.len());
        buf[..n].copy_from_slice(&self.line[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

fn vm_hwm_kb() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// How the orders are written, and the format the importer is told.
#[derive(Debug, Clone, Copy)]
enum Input {
    /// Relaxed Extended JSON, one order a line, the format found by looking.
    Ndjson,
    /// mongosh syntax, one order a line, `--format shell`.
    Shell,
}

impl Input {
    fn shell(self) -> bool {
        matches!(self, Input::Shell)
    }

    fn format(self) -> Format {
        match self {
            Input::Ndjson => Format::Auto,
            Input::Shell => Format::Shell,
        }
    }
}

/// 20,000 orders held in memory, inferred: the importer's own speed, without generating.
#[divan::bench(args = [Input::Ndjson, Input::Shell], sample_count = 10, sample_size = 1)]
fn infer(bencher: Bencher, input: Input) {
    const N: u64 = 20_000;
    let mut text = Vec::new();
    Orders::new(N, input.shell()).read_to_end(&mut text).expect("generated");
    bencher.counter(ItemsCount::new(N)).counter(BytesCount::of_slice(&text)).bench_local(|| {
        let mut acc = Accumulator::default();
        infer_from(black_box(text.as_slice()), input.format(), &mut acc, |_, _| {}).expect("read");
        acc.report().fields.len()
    });
}

/// One streamed pass of `n` orders: the time, what was inferred, and (after both formats) the
/// peak memory.
fn stream(label: &str, n: u64, input: Input) {
    let started = Instant::now();
    let mut acc = Accumulator::default();
    let mut orders = Orders::new(n, input.shell());
    let summary = infer_from(&mut orders, input.format(), &mut acc, |_, _| {}).expect("read");
    let secs = started.elapsed().as_secs_f64().max(1e-9);
    let inference = acc.report();
    let mb = orders.produced as f64 / 1e6;
    println!(
        "{label}: {} documents ({} malformed), {:.1} MB as {}, generated and inferred in {:.2} s ({} documents/s, {:.1} MB/s)",
        thousands(summary.documents),
        summary.malformed,
        mb,
        summary.format,
        secs,
        thousands((summary.documents as f64 / secs) as u64),
        mb / secs
    );
    let s = &inference.document_size;
    let itens = inference.field("itens").and_then(|f| f.array.as_ref()).map(|a| a.lengths).unwrap_or_default();
    println!(
        "  document size median {} B, p99 {} B, max {} B; itens median {}, p99 {}, max {}; {} paths; {} observations",
        s.median,
        s.p99,
        s.max,
        itens.median,
        itens.p99,
        itens.max,
        inference.fields.len(),
        observations(&inference, &Default::default()).len()
    );
}

fn main() {
    divan::main();
    let n: u64 = std::env::var("INFER_BENCH_DOCS").ok().and_then(|v| v.parse().ok()).unwrap_or(500_000);
    stream("ndjson (relaxed EJSON)", n, Input::Ndjson);
    stream("mongosh syntax, one per line", n, Input::Shell);
    match vm_hwm_kb() {
        Some(kb) => println!("peak memory (VmHWM): {:.1} MB", kb as f64 / 1024.0),
        None => println!("peak memory: /proc/self/status not available"),
    }
}
