//! Timing shared by the benches that print a median, a p95 and the CPU time per run.

use std::time::{Duration, Instant};

/// CPU time this thread has run, from Linux's schedstat (`None` elsewhere): on a busy
/// machine wall-clock samples include time spent waiting for a core.
pub fn thread_cpu() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

/// Median and p95 wall-clock time of `f`, and the mean CPU time per run.
pub fn time<F: FnMut()>(runs: usize, mut f: F) -> (Duration, Duration, Option<Duration>) {
    for _ in 0..runs.div_ceil(10) {
        f();
    }
    let cpu_start = thread_cpu();
    let mut samples: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    let cpu = match (cpu_start, thread_cpu()) {
        (Some(a), Some(b)) => Some((b.saturating_sub(a)) / runs as u32),
        _ => None,
    };
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    (at(0.5), at(0.95), cpu)
}
