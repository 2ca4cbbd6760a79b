//! The anti-pattern gallery (`public/templates/anti-*.json`): one small design per
//! anti-pattern, for a teacher to open in a workshop.
//!
//! Each gallery design must show the finding it teaches, at the place it teaches it, and
//! nothing structural may be wrong with it (no DS001). The full set of error and warning
//! codes each design shows, and the set of info codes, is pinned here for the gallery and for
//! the reference designs: a rule change that alters what a teacher sees is noticed. Update an
//! expected set on purpose, never to make a test pass.

use std::collections::BTreeSet;

use docshape::advisor::{analyze, Report, Severity, Vote};
use docshape::editor::geometry::entity_rect;
use docshape::model::{check_structure, load, Model, Place};
use docshape::templates::{template, TEMPLATES};

/// What one design is expected to show.
struct Expect {
    /// Template id (the file name without `.json`).
    id: &'static str,
    /// The findings the design demonstrates: code and place (`kind:id`, `field:entity.path`).
    intended: &'static [(&'static str, &'static str)],
    /// Every error and warning code it shows.
    problems: &'static [&'static str],
    /// Every info code it shows.
    notes: &'static [&'static str],
}

const GALLERY: &[Expect] = &[
    Expect {
        id: "anti-unbounded-array",
        intended: &[("DS101", "relation:post-comentarios"), ("DS202", "entity:post")],
        problems: &["DS101", "DS202"],
        notes: &["DS501", "DS502"],
    },
    Expect {
        id: "anti-bloated-document",
        intended: &[
            ("DS201", "field:material.portada_base64"),
            ("DS201", "field:material.texto_pdf"),
            ("DS202", "entity:material"),
        ],
        problems: &["DS201", "DS202"],
        notes: &[],
    },
    Expect {
        id: "anti-tiny-documents",
        intended: &[("DS204", "entity:evento")],
        problems: &["DS102", "DS204"],
        notes: &[],
    },
    Expect {
        id: "anti-relational-in-disguise",
        intended: &[("DS105", "query:B1")],
        problems: &["DS105"],
        notes: &["DS501", "DS502", "DS503"],
    },
    Expect {
        id: "anti-live-copy",
        intended: &[("DS103", "relation:cliente-cobranca")],
        problems: &["DS103"],
        notes: &["DS106"],
    },
    Expect {
        id: "anti-copy-decides",
        intended: &[("DS104", "relation:produto-linhas")],
        problems: &["DS104"],
        notes: &[],
    },
    Expect {
        id: "anti-no-validation",
        intended: &[("DS401", "entity:cliente"), ("DS402", "entity:cliente")],
        problems: &["DS401", "DS601"],
        notes: &["DS402"],
    },
    Expect {
        id: "anti-index-per-query",
        intended: &[("DS301", "entity:pedido"), ("DS302", "query:Q2"), ("DS303", "entity:pedido")],
        problems: &["DS301", "DS302", "DS303"],
        // The attribute pattern the report already proposed for the seven optional fields
        // the queries filter on, now also a note.
        notes: &["DS505"],
    },
    Expect {
        id: "anti-pagination",
        intended: &[("DS305", "query:P1"), ("DS306", "query:P2")],
        problems: &["DS305", "DS306"],
        notes: &[],
    },
    Expect {
        id: "anti-outlier-misapplied",
        intended: &[("DS107", "relation:material-resenas")],
        problems: &["DS107"],
        notes: &[],
    },
    Expect {
        id: "anti-storage-disagrees",
        intended: &[("DS102", "relation:usuario-enderecos")],
        problems: &["DS102", "DS105", "DS106"],
        notes: &[],
    },
];

/// The reference designs, with the same treatment (nothing intended: they model the fix).
const REFERENCE: &[Expect] = &[
    Expect { id: "bibliored", intended: &[], problems: &[], notes: &["DS106", "DS307", "DS402", "DS403"] },
    Expect { id: "book-club", intended: &[], problems: &[], notes: &["DS106", "DS402", "DS403"] },
    Expect { id: "orders", intended: &[], problems: &[], notes: &["DS403"] },
    Expect {
        id: "orders-lookup",
        intended: &[("DS105", "query:O1")],
        problems: &["DS102", "DS105", "DS106", "DS401"],
        notes: &["DS402", "DS503"],
    },
    Expect { id: "sensor-day", intended: &[], problems: &[], notes: &["DS403"] },
    Expect { id: "users-outlier", intended: &[], problems: &["DS401"], notes: &["DS403"] },
    Expect { id: "users-versioning", intended: &[], problems: &["DS401"], notes: &["DS307"] },
];

fn model(id: &str) -> Model {
    let t = template(id).unwrap_or_else(|| panic!("{id} is not in TEMPLATES"));
    load(t.json()).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn place(p: &Place) -> String {
    match p {
        Place::Model => "model".into(),
        Place::Entity { id } => format!("entity:{id}"),
        Place::Field { entity, path } => format!("field:{entity}.{path}"),
        Place::Relation { id } => format!("relation:{id}"),
        Place::Query { id } => format!("query:{id}"),
    }
}

/// The codes of the findings at or above (`problems = true`: error and warning) or at info.
fn codes(report: &Report, problems: bool) -> BTreeSet<&str> {
    report.findings.iter().filter(|f| (f.severity == Severity::Info) != problems).map(|f| f.code).collect()
}

fn listed(codes: &[&'static str]) -> BTreeSet<&'static str> {
    codes.iter().copied().collect()
}

#[test]
fn every_gallery_design_shows_its_anti_pattern_where_it_teaches_it() {
    for e in GALLERY.iter().chain(REFERENCE) {
        let report = analyze(&model(e.id));
        for (code, at) in e.intended {
            let found: Vec<String> =
                report.findings.iter().filter(|f| f.code == *code).map(|f| place(&f.place)).collect();
            assert!(found.iter().any(|p| p == at), "{}: {code} expected at {at}, found at {found:?}", e.id);
            let shown = if e.problems.contains(code) { e.problems } else { e.notes };
            assert!(shown.contains(code), "{}: intended {code} is missing from the pinned sets", e.id);
        }
    }
}

#[test]
fn no_gallery_design_has_a_structural_finding() {
    for e in GALLERY.iter().chain(REFERENCE) {
        let m = model(e.id);
        assert!(check_structure(&m).is_empty(), "{}: {:?}", e.id, check_structure(&m));
        let report = analyze(&m);
        let structural: Vec<String> =
            report.findings.iter().filter(|f| f.code == "DS001").map(|f| f.message.en()).collect();
        assert!(structural.is_empty(), "{}: DS001 {structural:?}", e.id);
    }
}

#[test]
fn error_and_warning_codes_of_every_design_are_pinned() {
    for e in GALLERY.iter().chain(REFERENCE) {
        let report = analyze(&model(e.id));
        assert_eq!(codes(&report, true), listed(e.problems), "{}: errors and warnings changed", e.id);
    }
}

#[test]
fn info_codes_of_every_design_are_pinned() {
    for e in GALLERY.iter().chain(REFERENCE) {
        let report = analyze(&model(e.id));
        assert_eq!(codes(&report, false), listed(e.notes), "{}: notes changed", e.id);
    }
}

#[test]
fn bibliored_shows_no_errors_or_warnings() {
    let report = analyze(&model("bibliored"));
    let problems: Vec<String> = report
        .findings
        .iter()
        .filter(|f| f.severity != Severity::Info)
        .map(|f| format!("{} {}", f.code, f.message))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn every_anti_template_is_pinned_and_titled_as_an_anti_pattern() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("public/templates");
    let mut files = BTreeSet::new();
    for entry in std::fs::read_dir(dir).expect("templates dir") {
        let path = entry.expect("entry").path();
        let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        if stem.starts_with("anti-") {
            files.insert(stem);
        }
    }
    let pinned: BTreeSet<String> = GALLERY.iter().map(|e| e.id.to_string()).collect();
    assert_eq!(files, pinned, "every anti-*.json has its expectations here, and no more");
    assert!(pinned.len() >= 11);
    for t in TEMPLATES.iter().filter(|t| t.id.starts_with("anti-")) {
        let (title, blurb) = (t.title(docshape::i18n::Lang::En), t.blurb(docshape::i18n::Lang::En));
        assert!(title.starts_with("Anti-pattern: "), "{}: title {:?}", t.id, title);
        assert!(!blurb.is_empty() && !blurb.contains('\n'), "{}: blurb", t.id);
        let m = model(t.id);
        assert!(m.name.starts_with("Anti-pattern: "), "{}: name {:?}", t.id, m.name);
        let sentences = m.notes.matches(". ").count() + 1;
        assert!((2..=3).contains(&sentences), "{}: notes have {sentences} sentences", t.id);
        // Each anti-pattern cites where it is taught, by title: the BiblioRed lesson or another
        // lesson of the course, never an internal label (tests/citations.rs checks that side).
        let cites = [
            "the BiblioRed lesson",
            "the course lesson on access patterns",
            "Modelagem de Documentos",
            "Patrones de Diseño de Esquema en MongoDB",
        ];
        assert!(cites.iter().any(|c| m.notes.contains(c)), "{}: notes cite no lesson by title", t.id);
        assert!(m.queries.len() >= 2, "{}: the method starts from queries", t.id);
    }
}

#[test]
fn gallery_boxes_leave_80_px_between_them() {
    const GAP: f64 = 80.0;
    for e in GALLERY {
        let m = model(e.id);
        let rects: Vec<_> = m.entities.iter().map(|en| (en.id.as_str(), entity_rect(en))).collect();
        for (i, (a, ra)) in rects.iter().enumerate() {
            for (b, rb) in rects.iter().skip(i + 1) {
                let apart_x = ra.right() + GAP <= rb.x || rb.right() + GAP <= ra.x;
                let apart_y = ra.bottom() + GAP <= rb.y || rb.bottom() + GAP <= ra.y;
                assert!(apart_x || apart_y, "{}: boxes {a} {ra:?} and {b} {rb:?} are closer than {GAP} px", e.id);
            }
        }
    }
}

#[test]
fn the_referenced_addresses_are_embedded_by_all_six_criteria() {
    let report = analyze(&model("anti-storage-disagrees"));
    let a = report.relation("usuario-enderecos").expect("advice for usuario-enderecos");
    assert!(!a.agrees);
    let votes: Vec<(String, Vote)> = a.criteria().map(|v| (format!("{:?}", v.criterion), v.vote)).collect();
    assert_eq!(votes.len(), 6);
    assert!(votes.iter().all(|(_, v)| *v == Vote::Embed), "{votes:?}");
}

#[test]
fn the_live_copy_design_propagates_all_but_billing() {
    let m = model("anti-live-copy");
    let holders: BTreeSet<&str> = m
        .relations
        .iter()
        .filter(|r| r.parent == "cliente" && r.extended.iter().any(|c| c.field == "nome"))
        .map(|r| r.child.as_str())
        .collect();
    assert_eq!(holders.len(), 5, "the name is copied into 5 collections: {holders:?}");
    let report = analyze(&m);
    let flagged: Vec<String> = report.findings.iter().filter(|f| f.code == "DS103").map(|f| place(&f.place)).collect();
    assert_eq!(flagged, vec!["relation:cliente-cobranca"], "only billing's copy has no plan");
}
