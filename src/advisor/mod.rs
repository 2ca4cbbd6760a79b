//! The advisor: a pure function from a model to a report, organised like a linter.
//!
//! `analyze` first derives the facts every rule shares (relation recommendations, aggregate
//! boundaries, document sizes, indexes, how each query is served), then runs every rule of the
//! registry over them. Rules live one per file under `rules/`, each with a stable code and its
//! documentation in its doc comment.

mod aggregates;
mod bson;
mod context;
mod design;
mod field_scan;
mod finding;
mod index_budget;
mod index_reason;
pub mod indexes;
mod paths;
mod patterns;
pub mod queries;
mod query_shape;
pub mod ranking;
mod registry;
mod relation_advice;
mod relations;
mod report;
pub mod report_json;
mod rule;
pub mod rule_docs;
pub mod rules;
mod rules_page;
mod size_added;
mod size_defaults;
mod size_walk;
pub mod sizes;

pub use context::Context;
pub use design::Design;
pub use finding::{Category, Finding, Fix, Severity};
pub use registry::{rule_by_code, RULES};
pub use report::*;
pub use rule::{Rule, RuleMeta};
pub use rules_page::{rules_markdown, rules_markdown_in};
pub use sizes::{bson_size_of_value, estimate_entity};

use crate::model::Model;

/// Analyses a model. Pure, never panics, and cheap enough to run on every keystroke.
///
/// The shared picture of the design is built first ([`Design::new`]); the relation advice,
/// patterns, aggregates, indexes and query advice are derived from it; then every rule of the
/// registry reads both (the [`Context`]).
pub fn analyze(model: &Model) -> Report {
    let design = Design::new(model);
    // The relation facts are gathered once and shared by the advice and the patterns.
    let (facts, reads) = relations::gather_all(design.usage());
    let relations = relations::advise_with(&facts, &reads);
    let patterns = patterns::suggest_with(design.usage(), &facts, &relations, design.aggregates());
    let aggregates = aggregates::aggregates_with(design.aggregates());
    let spanning_writes = aggregates::spanning_writes(&design);
    let indexes::Derived { advice: indexes, links } =
        indexes::derive_with(design.layout(), design.shared_shapes(), design.loads());
    let queries = queries::advise_with(design.layout(), design.shapes(), &indexes, links.as_ref());
    let mut report = Report {
        relations,
        aggregates,
        spanning_writes,
        patterns,
        sizes: Vec::new(),
        indexes,
        queries,
        findings: Vec::new(),
    };
    let cx = Context::with_links(&design, &report, links.as_ref());
    // Room for the usual count up front: growing a vector of large findings copies them all.
    let findings = run_rules(&cx, 2 * (model.entities.len() + model.relations.len()) + model.queries.len());
    report.findings = sort_findings(findings);
    report.sizes = design.into_sizes();
    report
}

/// Runs every rule, in the order their findings are sorted in (severity, then code), so that
/// the findings come out nearly sorted: no rule reads another's findings and each writes its
/// own code, so the report is the same, and the sort moves only the few findings still out of
/// place. A rule that runs ahead of its default severity (DocumentSize, with the errors) keeps
/// its findings of that severity waiting until the rules before their place have run.
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
fn run_rules(cx: &Context, capacity: usize) -> Vec<Finding> {
    let mut rules = RULES.to_vec();
    rules.sort_by_key(|rule| (rule.runs_with(), rule.meta().code));
    let mut findings = Vec::with_capacity(capacity);
    let (mut block, mut waiting) = (Vec::new(), Vec::<Finding>::new());
    for rule in rules {
        let (runs_with, code) = (rule.runs_with(), rule.meta().code);
        let due = waiting.iter().take_while(|f| (f.severity, f.code) < (runs_with, code)).count();
        for f in waiting.drain(..due) {
            findings.push(f);
        }
        let start = findings.len();
        rule.check(cx, &mut findings);
        if runs_with < rule.meta().severity {
            // Taken back one by one (a few findings), then put where they go.
            while findings.len() > start {
                block.extend(findings.pop());
            }
            while let Some(f) = block.pop() {
                if f.severity > runs_with {
                    waiting.push(f)
                } else {
                    findings.push(f)
                }
            }
        }
    }
    findings.append(&mut waiting);
    findings
}

/// Sorts findings by severity, then code, keeping each rule's order (a stable sort). Rules
/// emit their findings in runs of one severity and code: the runs are sorted (a few hundred
/// keys at most), which gives every finding its place, and the findings are then swapped into
/// place where they are: one swap per finding out of place, no second vector of large values.
#[inline(never)] // a phase of `analyze`, kept apart so profiles show it
fn sort_findings(mut findings: Vec<Finding>) -> Vec<Finding> {
    let mut runs: Vec<(Severity, &'static str, usize, usize)> = Vec::new();
    // A rule's code is one static string: its address tells runs apart without comparing text.
    let same_code = |a: &'static str, b: &'static str| std::ptr::eq(a, b) || a == b;
    for (i, f) in findings.iter().enumerate() {
        match runs.last_mut() {
            Some((severity, code, _, end)) if *severity == f.severity && same_code(code, f.code) => *end = i + 1,
            _ => runs.push((f.severity, f.code, i, i + 1)),
        }
    }
    if runs.is_sorted_by(|a, b| (a.0, a.1) <= (b.0, b.1)) {
        return findings;
    }
    // Where each run starts once sorted: its rank among the runs (a stable sort of a few
    // hundred keys) gives it the findings of the runs before it.
    let mut order: Vec<usize> = (0..runs.len()).collect();
    order.sort_by_key(|&r| runs.get(r).map(|run| (run.0, run.1)));
    let mut starts = vec![0; runs.len()];
    let mut next = 0;
    for &r in &order {
        if let (Some(at), Some(&(_, _, start, end))) = (starts.get_mut(r), runs.get(r)) {
            *at = next;
            next += end - start;
        }
    }
    // Where each finding goes, in the order they are.
    let mut dest: Vec<usize> =
        runs.iter().zip(&starts).flat_map(|(&(_, _, start, end), &at)| at..at + (end - start)).collect();
    permute(&mut findings, &mut dest);
    findings
}

/// Moves `items[i]` to position `dest[i]` for every `i`, in place, given that `dest` is a
/// permutation of the positions (it is left as the identity). Each swap puts one item where it
/// belongs, so an item out of place is moved once (a swap) rather than copied out and back.
fn permute<T>(items: &mut [T], dest: &mut [usize]) {
    for i in 0..items.len().min(dest.len()) {
        loop {
            let j = dest.get(i).copied().unwrap_or(i);
            if j == i || j >= items.len() || j >= dest.len() {
                break;
            }
            let (low, high) = (i.min(j), i.max(j));
            let (head, tail) = items.split_at_mut(high);
            if let (Some(a), Some(b)) = (head.get_mut(low), tail.first_mut()) {
                std::mem::swap(a, b);
            }
            dest.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::Text;
    use crate::model::Place;

    fn finding(severity: Severity, code: &'static str, id: &str) -> Finding {
        Finding {
            code,
            rule: "test",
            severity,
            place: Place::Query { id: id.into() },
            message: Text::empty(),
            why: Text::empty(),
            fix_hint: Text::empty(),
            fix: None,
        }
    }

    #[test]
    fn findings_sort_by_severity_then_code_and_keep_each_rules_order() {
        use Severity::*;
        let input = vec![
            finding(Warning, "DS200", "a"),
            finding(Error, "DS101", "b"),
            finding(Error, "DS101", "c"),
            finding(Warning, "DS101", "d"),
            finding(Error, "DS001", "e"),
            finding(Warning, "DS200", "f"),
            finding(Error, "DS101", "g"),
        ];
        let mut expected = input.clone();
        expected.sort_by(|a, b| (a.severity, a.code).cmp(&(b.severity, b.code)));
        let sorted = sort_findings(input);
        assert_eq!(sorted, expected);
        let order: Vec<String> = sorted.iter().map(|f| format!("{:?}", f.place)).collect();
        assert!(order[1].contains("\"b\"") && order[2].contains("\"c\"") && order[3].contains("\"g\""), "{order:?}");
        assert!(sort_findings(Vec::new()).is_empty());
    }

    #[test]
    fn permute_moves_each_item_to_its_destination() {
        for dest in
            [vec![], vec![0], vec![1, 0], vec![2, 0, 1], vec![0, 1, 2, 3], vec![3, 2, 1, 0, 4], vec![4, 0, 3, 1, 2]]
        {
            let mut items: Vec<usize> = (0..dest.len()).collect();
            let mut d = dest.clone();
            permute(&mut items, &mut d);
            for (from, &to) in dest.iter().enumerate() {
                assert_eq!(items[to], from, "{dest:?} -> {items:?}");
            }
            assert!(d.iter().enumerate().all(|(i, &j)| i == j), "{d:?}");
        }
    }
}
