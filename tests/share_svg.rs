//! The exported diagram: well-formed XML, sized to the boxes, arrows and labels plus padding, every name escaped,
//! arrows in the canvas' visual language, the selection and the dark theme.

use docshape::advisor::{
    analyze, CardinalityClass, Criterion, CriterionVote, Finding, Recommendation, RelationAdvice, Report, Severity,
    SizeEstimate, SizeLevel, Vote,
};
use docshape::editor::geometry::Rect;
use docshape::editor::geometry::{bounds, entity_rect};
use docshape::i18n::Lang;
use docshape::model::{load, BsonType, Entity, Field, Model, Place, Point, Relation, Storage};
use docshape::share::arrows::{model_arrows, route_model};
use docshape::share::{diagram_svg, SvgOptions, Theme};

/// The boxes drawn (those `keep` accepts) with their routed arrows and labels: what the SVG frames.
fn drawn_bounds(model: &Model, keep: impl Fn(&str) -> bool + Copy, report: Option<&Report>) -> Rect {
    let disagrees = |r: &Relation| report.and_then(|rep| rep.relation(&r.id)).is_some_and(|a| !a.agrees);
    let arrows = model_arrows(model, keep, Lang::En, disagrees);
    let routed = route_model(&arrows);
    let boxes = model.entities.iter().filter(|e| keep(&e.id)).map(entity_rect);
    boxes.chain(routed.arrows.iter().map(|a| a.bounds())).reduce(|a, b| a.union(&b)).expect("non-empty")
}

fn bibliored() -> Model {
    load(include_str!("../public/templates/bibliored.json")).expect("BiblioRed loads")
}

fn parse(svg: &str) -> roxmltree::Document<'_> {
    roxmltree::Document::parse(svg).unwrap_or_else(|e| panic!("not well-formed XML: {e}\n{svg}"))
}

fn attr(doc: &roxmltree::Document<'_>, name: &str) -> f64 {
    doc.root_element().attribute(name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no numeric {name}"))
}

fn elements<'a>(doc: &'a roxmltree::Document<'a>, class: &'a str) -> impl Iterator<Item = roxmltree::Node<'a, 'a>> {
    doc.descendants().filter(move |n| n.attribute("class").is_some_and(|c| c.split(' ').any(|w| w == class)))
}

#[test]
fn bibliored_is_well_formed_and_sized_to_its_bounds() {
    let model = bibliored();
    let report = analyze(&model);
    let svg = diagram_svg(&model, Some(&report), &SvgOptions::default());
    std::fs::write(format!("{}/bibliored.svg", env!("CARGO_TARGET_TMPDIR")), &svg).expect("write sample");
    let doc = parse(&svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
    let b = drawn_bounds(&model, |_| true, Some(&report));
    let boxes = bounds(&model).expect("non-empty");
    assert!(b.x <= boxes.x && b.y <= boxes.y && b.right() >= boxes.right() && b.bottom() >= boxes.bottom());
    assert_eq!(attr(&doc, "width"), b.w + 80.0);
    assert_eq!(attr(&doc, "height"), b.h + 80.0);
    let vb = root.attribute("viewBox").expect("viewBox");
    assert_eq!(vb, format!("{} {} {} {}", b.x - 40.0, b.y - 40.0, b.w + 80.0, b.h + 80.0));
    assert_eq!(elements(&doc, "entity").count(), model.entities.len());
    assert_eq!(elements(&doc, "edge").count(), model.relations.len());
    // No external resource: no href, no url() but the markers defined inside.
    assert!(!svg.contains("href"), "external reference in the SVG");
    for u in svg.split("url(").skip(1) {
        assert!(u.starts_with("#ds-arrow"), "url({}", &u[..u.len().min(30)]);
    }
}

#[test]
fn boxes_are_where_the_geometry_puts_them() {
    let model = bibliored();
    let svg = diagram_svg(&model, None, &SvgOptions::default());
    let doc = parse(&svg);
    for e in &model.entities {
        let g = elements(&doc, "entity").find(|n| n.attribute("data-id") == Some(e.id.as_str())).expect("box drawn");
        let rect = g.children().find(|n| n.attribute("class") == Some("box")).expect("box rect");
        let r = entity_rect(e);
        let get = |a: &str| rect.attribute(a).and_then(|v| v.parse::<f64>().ok()).expect("number");
        assert_eq!((get("x"), get("y"), get("width"), get("height")), (r.x, r.y, r.w, r.h), "{}", e.id);
        // One text per field row (plus the header name), and the full name as a tooltip.
        let title = g.children().find(|n| n.has_tag_name("title")).and_then(|n| n.text());
        assert_eq!(title, Some(e.name.as_str()));
    }
    let catalogo = elements(&doc, "entity").find(|n| n.attribute("data-id") == Some("material")).expect("catalogo");
    let names: Vec<&str> =
        catalogo.descendants().filter(|n| n.attribute("class") == Some("fname")).filter_map(|n| n.text()).collect();
    assert!(names.contains(&"media"), "nested field rows: {names:?}");
    let media = catalogo.descendants().find(|n| n.text() == Some("media")).expect("media row");
    let valoracion = catalogo.descendants().find(|n| n.text() == Some("valoracion")).expect("valoracion row");
    let x = |n: roxmltree::Node| n.attribute("x").and_then(|v| v.parse::<f64>().ok()).expect("x");
    assert_eq!(x(media) - x(valoracion), 14.0, "sub-document fields are indented");
}

#[test]
fn names_are_escaped() {
    let mut m = Model::new("A & B <design>");
    let mut e = Entity::new("x\"<", "<script>alert('x')</script> & co");
    e.fields = vec![Field::new("a<b>&c", BsonType::String)];
    e.kind = docshape::model::EntityKind::External;
    e.system = Some("Postgres & <friends>".into());
    let mut f = Entity::new("y", "y\u{1}");
    f.position = Point { x: 400.0, y: 0.0 };
    m.entities = vec![e, f];
    let mut r = Relation::new("r&1", "x\"<", "y", Storage::Embed);
    r.field = "<items>".into();
    m.relations.push(r);
    let svg = diagram_svg(&m, None, &SvgOptions::default());
    let doc = parse(&svg);
    assert!(!svg.contains("<script"), "{svg}");
    let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
    assert!(texts.iter().any(|t| t.contains("<script>alert('x')</script> & co")), "{texts:?}");
    assert!(texts.contains(&"a<b>&c"), "{texts:?}");
    assert!(texts.contains(&"<items>"), "{texts:?}");
    assert!(texts.iter().any(|t| t.starts_with("Postgres &")), "{texts:?}");
    assert_eq!(doc.descendants().find(|n| n.has_tag_name("title")).and_then(|n| n.text()), Some("A & B <design>"));
}

#[test]
fn arrows_speak_the_canvas_language() {
    let model = bibliored();
    let svg = diagram_svg(&model, None, &SvgOptions::default());
    let doc = parse(&svg);
    let edge = |id: &str| elements(&doc, "edge").find(|n| n.attribute("data-id") == Some(id)).expect("edge drawn");
    let paths = |id: &str| -> Vec<String> {
        edge(id)
            .children()
            .filter(|n| n.has_tag_name("path"))
            .filter_map(|n| n.attribute("class"))
            .map(String::from)
            .collect()
    };
    for r in &model.relations {
        let classes = paths(&r.id);
        let references = r.references() || r.storage == Storage::Outside;
        assert_eq!(classes[0].contains("dashed"), references, "{}: {classes:?}", r.id);
        assert_eq!(classes.len(), if references && r.copies_data() { 2 } else { 1 }, "{}: {classes:?}", r.id);
        if classes.len() == 2 {
            assert_eq!(classes[1], "line solid copy");
        }
        let words = elements(&doc, "words").find(|n| n.attribute("data-id") == Some(r.id.as_str())).expect("words");
        // A label's text, its lines (tspans) joined: a growth note may sit on a second line.
        let cards: Vec<String> = words
            .children()
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("card")))
            .map(|n| n.descendants().filter(|d| d.is_text()).filter_map(|d| d.text()).collect::<Vec<_>>().join(" "))
            .collect();
        assert_eq!(cards.len(), 2, "{}", r.id);
        assert!(cards[1].starts_with(&r.cardinality.label()), "{}: {cards:?}", r.id);
    }
    // BiblioRed has at least one reference carrying copies (reviews: extended + subset).
    assert!(model.relations.iter().any(|r| r.references() && r.copies_data()));
}

/// Every word is painted after every line (SVG paints in document order): a label the router
/// could only put over another arrow's line stays legible, as on the canvas.
#[test]
fn words_are_painted_above_every_line() {
    let model = bibliored();
    let svg = diagram_svg(&model, Some(&analyze(&model)), &SvgOptions::default());
    let doc = parse(&svg);
    let last_line = elements(&doc, "line").map(|n| n.range().start).max().expect("lines");
    let first_word = elements(&doc, "words").map(|n| n.range().start).min().expect("words");
    assert!(first_word > last_line, "a line is drawn after a label");
    assert!(elements(&doc, "words").all(|w| w.descendants().all(|n| !n.has_tag_name("path"))));
}

fn advice(relation: &str, agrees: bool) -> RelationAdvice {
    RelationAdvice::new(
        relation,
        CardinalityClass::OneToMany,
        Recommendation::ReferenceWithSubset,
        Criterion::ALL.map(|criterion| CriterionVote { criterion, vote: Vote::Neutral, reason: "".into() }),
        "reference: unbounded".into(),
        agrees,
    )
}

#[test]
fn report_adds_badges_dots_and_disagreement_marks() {
    let model = bibliored();
    let first = model.relations[0].id.clone();
    let second = model.relations[1].id.clone();
    let report = Report {
        relations: vec![advice(&first, false), advice(&second, true)],
        sizes: vec![SizeEstimate {
            entity: "material".into(),
            avg_bytes: 3_400,
            worst_bytes: 12_000,
            horizon_bytes: 2_500_000,
            horizon_label: docshape::i18n::Text::empty(),
            level: SizeLevel::OverAtlas,
        }],
        findings: vec![Finding {
            code: "DS999",
            rule: "test",
            severity: Severity::Warning,
            place: Place::Field { entity: "resena".into(), path: "votos".into() },
            message: docshape::i18n::Text::empty(),
            why: String::new().into(),
            fix_hint: String::new().into(),
            fix: None,
        }],
        ..Report::default()
    };
    let svg = diagram_svg(&model, Some(&report), &SvgOptions::default());
    let doc = parse(&svg);
    let marks: Vec<_> = elements(&doc, "disagree").collect();
    assert_eq!(marks.len(), 1);
    assert_eq!(marks[0].parent().and_then(|p| p.attribute("data-id")), Some(first.as_str()));
    let badge = elements(&doc, "size").next().expect("size badge");
    assert_eq!(badge.attribute("class"), Some("size warn"));
    assert!(badge.descendants().any(|n| n.text() == Some("3.4 KB / 2.5 MB")));
    let dot = elements(&doc, "dot").next().expect("finding dot");
    assert_eq!(dot.attribute("class"), Some("dot warning"));
    assert_eq!(dot.parent().and_then(|p| p.attribute("data-id")), Some("resena"));
    // Without the report none of these appear.
    let plain = diagram_svg(&model, None, &SvgOptions::default());
    let doc = parse(&plain);
    assert_eq!(elements(&doc, "disagree").count() + elements(&doc, "size").count() + elements(&doc, "dot").count(), 0);
}

#[test]
fn selection_and_dark_theme() {
    let model = bibliored();
    let ids = vec!["material".to_string(), "resena".to_string(), "nope".to_string()];
    let opts = SvgOptions { theme: Theme::Dark, only: Some(ids), padding: 10.0, ..SvgOptions::default() };
    let svg = diagram_svg(&model, None, &opts);
    let doc = parse(&svg);
    let drawn: Vec<&str> = elements(&doc, "entity").filter_map(|n| n.attribute("data-id")).collect();
    assert_eq!(drawn, ["material", "resena"]);
    for e in elements(&doc, "edge") {
        let id = e.attribute("data-id").expect("id");
        let r = model.relation(id).expect("relation");
        assert!(
            ["material", "resena"].contains(&r.parent.as_str()) && ["material", "resena"].contains(&r.child.as_str())
        );
    }
    assert!(elements(&doc, "edge").count() >= 1, "material → resena is drawn");
    let union = drawn_bounds(&model, |id| ["material", "resena"].contains(&id), None);
    assert_eq!(attr(&doc, "width"), union.w + 20.0);
    assert_eq!(attr(&doc, "height"), union.h + 20.0);
    assert!(svg.contains(".bg{fill:#11161d}"), "dark background");
    assert!(!svg.contains("#f6f7f9"), "no light colour in the dark theme");

    let empty = diagram_svg(&model, None, &SvgOptions { only: Some(vec![]), ..SvgOptions::default() });
    let doc = parse(&empty);
    assert_eq!((attr(&doc, "width"), attr(&doc, "height")), (80.0, 80.0));
}

#[test]
fn the_diagram_words_follow_the_language() {
    use docshape::i18n::Lang;
    let model = docshape::model::load(include_str!("../public/templates/bibliored.json")).unwrap();
    let report = docshape::advisor::analyze(&model);
    let svg = |lang| diagram_svg(&model, Some(&report), &SvgOptions { lang, ..SvgOptions::default() });
    let (en, es, pt) = (svg(Lang::En), svg(Lang::Es), svg(Lang::Pt));
    assert!(en.contains(">bucket/day ≤500<") && en.contains("<title>average "), "English words");
    assert!(es.contains(">contenedor/día ≤500<") && es.contains("<title>media "), "Spanish words");
    assert!(pt.contains(">bucket/dia ≤500<") && pt.contains("<title>média "), "Portuguese words");
    assert!(es.contains(" · asesor: ") && pt.contains(" · assistente: "), "the arrows' tooltips");
    // The advisor's part is its summary, which opens with the verdict: said once, not
    // "asesor: embeber. Embeber: …".
    assert!(es.contains(" · asesor: Embeber: ") && en.contains(" · advisor: Embed: "), "the verdict opens the summary");
    assert!(!en.contains("advisor: embed. ") && !es.contains("asesor: embeber. "), "the verdict said twice");
    for doc in [&es, &pt] {
        roxmltree::Document::parse(doc).expect("well-formed XML");
    }
}
