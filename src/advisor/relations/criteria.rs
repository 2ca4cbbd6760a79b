//! The six criteria of seed 001 §3, in order, each a vote with a reason that carries the
//! figures. The votes explain; the decision (`decide.rs`) follows the seeds' ordered questions.

use super::facts::{Facts, Outliers};
use super::figures::{span, Bytes, Count, List, Percent};
use crate::advisor::{CardinalityClass, Criterion, CriterionVote, Vote};
use crate::model::Volatility;

/// The six votes, in `Criterion::ALL` order.
pub(crate) fn votes(f: &Facts) -> Vec<CriterionVote> {
    Criterion::ALL
        .iter()
        .map(|&criterion| {
            let (vote, reason) = match criterion {
                Criterion::Cardinality => cardinality(f),
                Criterion::ReadSeparately => read_separately(f),
                Criterion::Volatility => volatility(f),
                Criterion::Size => size(f),
                Criterion::Growth => growth(f),
                Criterion::Atomicity => atomicity(f),
            };
            CriterionVote { criterion, vote, reason }
        })
        .collect()
}

/// "5 etiquetas typical, at most 8: one-to-few".
fn cardinality(f: &Facts) -> (Vote, String) {
    let t = f.t;
    let how_many = match f.bound {
        Some(b) => format!("{} {} typical, at most {}", Count(f.typical), f.child_name, Count(b as f64)),
        None => format!(
            "{} {} typical, no stated maximum (~{} in {})",
            Count(f.typical),
            f.child_name,
            Count(f.horizon.round()),
            span(t.horizon_days)
        ),
    };
    let outliers = match f.outliers {
        Outliers::Minor { share, max } => {
            format!("; {} of {} reach {} (outliers)", Percent(share), f.parent_name, Count(max as f64))
        }
        Outliers::Major { share, max } => {
            format!("; {} of {} reach {}, too many to call outliers", Percent(share), f.parent_name, Count(max as f64))
        }
        Outliers::None => String::new(),
    };
    let (vote, class) = match f.class {
        CardinalityClass::OneToOne => (Vote::Embed, "one-to-one".to_string()),
        CardinalityClass::OneToFew => (Vote::Embed, "one-to-few".to_string()),
        CardinalityClass::OneToMany => (Vote::Reference, "one-to-many, more than a one-to-few array holds".to_string()),
        CardinalityClass::OneToSquillions => {
            (Vote::Reference, format!("one-to-squillions, beyond {}", Count(t.many_max as f64)))
        }
        CardinalityClass::ManyToMany if f.child_is_value => {
            (Vote::Neutral, "many-to-many, but a bare value is copied, not shared".to_string())
        }
        CardinalityClass::ManyToMany => {
            (Vote::Reference, format!("many-to-many: each {} belongs to many {}", f.child_name, f.parent_name))
        }
    };
    (vote, format!("{how_many}{outliers}: {class}"))
}

/// "read without catalogo by C2, C3 and C5" / "never read without catalogo".
fn read_separately(f: &Facts) -> (Vote, String) {
    if !f.read_apart.is_empty() {
        let reason = format!("read without {} by {}: it has a life of its own", f.parent_name, List(&f.read_apart));
        (Vote::Reference, reason)
    } else if f.rel.read_separately {
        (Vote::Reference, format!("queried on its own, without {} (own screen, moderation or search)", f.parent_name))
    } else if f.read_together.is_empty() {
        (Vote::Embed, format!("no access pattern reads it without {}", f.parent_name))
    } else {
        let reason = format!("always read with {} ({}), never on its own", f.parent_name, List(&f.read_together));
        (Vote::Embed, reason)
    }
}

/// How often the child changes against how often the parent is read.
fn volatility(f: &Facts) -> (Vote, String) {
    let reads = if f.parent_reads > 0.0 {
        format!("; {} is read {} times a minute", f.parent_name, Count(f.parent_reads))
    } else {
        String::new()
    };
    let copies = if f.copies_elsewhere > 0 {
        format!(", and copies of it live under {} other parent(s)", f.copies_elsewhere)
    } else {
        String::new()
    };
    match f.rel.child_changes {
        Volatility::Never => (Vote::Embed, format!("never changes once written{reads}")),
        Volatility::Rarely => (Vote::Embed, format!("changes rarely{reads}")),
        Volatility::Often => {
            (Vote::Reference, format!("changes often{copies}: each change rewrites the document that holds it{reads}"))
        }
        Volatility::Constantly => (
            Vote::Reference,
            format!("changes constantly{copies}: each change rewrites the document that holds it{reads}"),
        ),
    }
}

/// The children's bytes against the 1 MB target and the 16 MiB limit.
fn size(f: &Facts) -> (Vote, String) {
    let t = f.t;
    let total = f.worst_bytes();
    let each = if f.bytes_declared { "" } else { " (estimated)" };
    let figure = format!(
        "{} × {}{each} ≈ {} per {} document{}",
        Count(f.worst.round()),
        Bytes(f.child_bytes as f64),
        Bytes(total),
        f.parent_name,
        if f.unbounded() { format!(" in {}", span(t.horizon_days)) } else { String::new() }
    );
    if total > t.doc_limit_bytes as f64 {
        (Vote::Reference, format!("{figure}: over the {} limit", Bytes(t.doc_limit_bytes as f64)))
    } else if total > t.doc_target_bytes as f64 {
        (Vote::Reference, format!("{figure}: over the {} guidance", Bytes(t.doc_target_bytes as f64)))
    } else if f.child_bytes > t.bloat_field_bytes {
        let reason = format!(
            "each {} is {}: bulky data read with every {}",
            f.child_name,
            Bytes(f.child_bytes as f64),
            f.parent_name
        );
        (Vote::Reference, reason)
    } else if total > t.doc_target_bytes as f64 / 10.0 {
        (Vote::Neutral, format!("{figure}: fits, but heavy to rewrite on every change"))
    } else {
        (Vote::Embed, format!("{figure}: small next to the {} limit", Bytes(t.doc_limit_bytes as f64)))
    }
}

/// Bounded or not: "if you cannot state the maximum, do not embed it".
fn growth(f: &Facts) -> (Vote, String) {
    let per_year = f.growth * 365.0;
    match (f.bound, f.outliers) {
        (_, Outliers::Major { share, max }) => (
            Vote::Reference,
            format!(
                "{} of {} grow to {}: the stated bound does not hold for a real share",
                Percent(share),
                f.parent_name,
                Count(max as f64)
            ),
        ),
        (None, _) if f.growth > 0.0 => (
            Vote::Reference,
            format!(
                "no stated maximum and it keeps growing ({} a day, ~{} a year): if you cannot state the maximum, do not embed",
                Count(f.growth),
                Count(per_year)
            ),
        ),
        (None, _) => {
            (Vote::Reference, "no stated maximum: if you cannot state the maximum, do not embed".to_string())
        }
        (Some(b), _) if f.growth > 0.0 => (
            Vote::Embed,
            format!("grows ~{} a year but stops at a stated maximum of {}", Count(per_year), Count(b as f64)),
        ),
        (Some(b), _) => (Vote::Embed, format!("bounded: at most {} per {}", Count(b as f64), f.parent_name)),
    }
}

/// Must the child change in the same write as its parent?
fn atomicity(f: &Facts) -> (Vote, String) {
    if f.rel.atomic_with_parent {
        let reason =
            format!("must change atomically with {}: inside one document that needs no transaction", f.parent_name);
        (Vote::Embed, reason)
    } else if f.child_is_value {
        (Vote::Embed, format!("a bare value with no identity: it only ever changes as part of {}", f.parent_name))
    } else {
        (Vote::Neutral, format!("need not change atomically with {}: either side of the boundary works", f.parent_name))
    }
}
