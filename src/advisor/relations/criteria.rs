//! The six criteria of seed 001 §3, in order, each a vote with a reason that carries the
//! figures. The votes explain; the decision (`decide.rs`) follows the seeds' ordered questions.

use super::facts::{Facts, Outliers};
use super::figures::{Bytes, Count, List, Percent, Span};
use crate::advisor::{CardinalityClass, Criterion, CriterionVote, Vote};
use crate::model::Volatility;
use std::fmt::Write;

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
            CriterionVote { criterion, vote, reason: reason.into() }
        })
        .collect()
}

/// "5 etiquetas typical, at most 8: one-to-few".
fn cardinality(f: &Facts) -> (Vote, String) {
    let t = f.t;
    let mut r = String::with_capacity(96);
    let _ = match f.bound {
        Some(b) => write!(r, "{} {} typical, at most {}", Count(f.typical), f.child_name, Count(b as f64)),
        None => write!(
            r,
            "{} {} typical, no stated maximum (~{} in {})",
            Count(f.typical),
            f.child_name,
            Count(f.horizon.round()),
            Span(t.horizon_days)
        ),
    };
    let _ = match f.outliers {
        Outliers::Minor { share, max } => {
            write!(r, "; {} of {} reach {} (outliers)", Percent(share), f.parent_name, Count(max as f64))
        }
        Outliers::Major { share, max } => {
            let (share, max) = (Percent(share), Count(max as f64));
            write!(r, "; {share} of {} reach {max}, too many to call outliers", f.parent_name)
        }
        Outliers::None => Ok(()),
    };
    let vote = match f.class {
        CardinalityClass::OneToOne => {
            r.push_str(": one-to-one");
            Vote::Embed
        }
        CardinalityClass::OneToFew => {
            r.push_str(": one-to-few");
            Vote::Embed
        }
        CardinalityClass::OneToMany => {
            r.push_str(": one-to-many, more than a one-to-few array holds");
            Vote::Reference
        }
        CardinalityClass::OneToSquillions => {
            let _ = write!(r, ": one-to-squillions, beyond {}", Count(t.many_max as f64));
            Vote::Reference
        }
        CardinalityClass::ManyToMany if f.child_is_value => {
            r.push_str(": many-to-many, but a bare value is copied, not shared");
            Vote::Neutral
        }
        CardinalityClass::ManyToMany => {
            let _ = write!(r, ": many-to-many: each {} belongs to many {}", f.child_name, f.parent_name);
            Vote::Reference
        }
    };
    (vote, r)
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
    let mut r = String::with_capacity(96);
    let vote = match f.rel.child_changes {
        Volatility::Never => {
            r.push_str("never changes once written");
            Vote::Embed
        }
        Volatility::Rarely => {
            r.push_str("changes rarely");
            Vote::Embed
        }
        Volatility::Often | Volatility::Constantly => {
            r.push_str(if f.rel.child_changes == Volatility::Often { "changes often" } else { "changes constantly" });
            if f.copies_elsewhere > 0 {
                let _ = write!(r, ", and copies of it live under {} other parent(s)", f.copies_elsewhere);
            }
            r.push_str(": each change rewrites the document that holds it");
            Vote::Reference
        }
    };
    if f.parent_reads > 0.0 {
        let _ = write!(r, "; {} is read {} times a minute", f.parent_name, Count(f.parent_reads));
    }
    (vote, r)
}

/// The children's bytes against the 1 MB target and the 16 MiB limit.
fn size(f: &Facts) -> (Vote, String) {
    let t = f.t;
    let total = f.worst_bytes();
    let mut r = String::with_capacity(112);
    if f.child_bytes > t.bloat_field_bytes && total <= t.doc_target_bytes as f64 {
        let each = Bytes(f.child_bytes as f64);
        let _ = write!(r, "each {} is {each}: bulky data read with every {}", f.child_name, f.parent_name);
        return (Vote::Reference, r);
    }
    let _ = write!(
        r,
        "{} × {}{} ≈ {} per {} document",
        Count(f.worst.round()),
        Bytes(f.child_bytes as f64),
        if f.bytes_declared { "" } else { " (estimated)" },
        Bytes(total),
        f.parent_name,
    );
    if f.unbounded() {
        let _ = write!(r, " in {}", Span(t.horizon_days));
    }
    let vote = if total > t.doc_limit_bytes as f64 {
        let _ = write!(r, ": over the {} limit", Bytes(t.doc_limit_bytes as f64));
        Vote::Reference
    } else if total > t.doc_target_bytes as f64 {
        let _ = write!(r, ": over the {} guidance", Bytes(t.doc_target_bytes as f64));
        Vote::Reference
    } else if total > t.doc_target_bytes as f64 / 10.0 {
        r.push_str(": fits, but heavy to rewrite on every change");
        Vote::Neutral
    } else {
        let _ = write!(r, ": small next to the {} limit", Bytes(t.doc_limit_bytes as f64));
        Vote::Embed
    };
    (vote, r)
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
