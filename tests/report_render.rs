//! The review report's content, from a real `analyze` where the advisor already answers
//! (DS001) and from hand-built advisor output for the parts other branches fill in.

use docshape::advisor::{
    analyze, CardinalityClass, Criterion, CriterionVote, IndexAdvice, QueryAdvice, Recommendation, RelationAdvice,
    Report, SizeEstimate, SizeLevel, Vote,
};
use docshape::model::{load, IndexSpec, Model, Relation, Storage};
use docshape::share::{review_markdown, Diagram, ReportOptions};

fn bibliored() -> Model {
    load(include_str!("../public/templates/bibliored.json")).expect("BiblioRed loads")
}

fn opts() -> ReportOptions {
    ReportOptions { diagram: Diagram::File("review.svg".into()), ..ReportOptions::default() }
}

#[test]
fn findings_are_grouped_with_the_rules_explanation() {
    let mut model = bibliored();
    model.relations.push(Relation::new("broken", "material", "ghost", Storage::Embed));
    let report = analyze(&model);
    assert!(report.findings.iter().any(|f| f.code == "DS001"), "the structure rule fires");
    let md = review_markdown(&model, &report, &opts());
    let errors = md.find("### Errors (").expect("an Errors group");
    let ds001 = md[errors..].find("- **DS001** `model-structure`").expect("the finding under Errors");
    let item = &md[errors + ds001..];
    assert!(item.contains("  - Why: "), "{item}");
    assert!(
        item.contains("  - Rule DS001 `model-structure`: Reports what makes the model itself inconsistent"),
        "{item}"
    );
    assert!(md.contains("1 errors, 0 warnings"), "the summary line counts them");
}

fn criteria() -> [CriterionVote; 6] {
    std::array::from_fn(|i| CriterionVote {
        criterion: Criterion::ALL[i],
        vote: if i % 2 == 0 { Vote::Reference } else { Vote::Neutral },
        reason: format!("reason {i} | with a pipe").into(),
    })
}

#[test]
fn relations_queries_and_collections_from_the_advisor() {
    let model = bibliored();
    let reviews = model.relations.iter().find(|r| r.parent == "material" && r.child == "resena").expect("relation");
    let advice = RelationAdvice::new(
        reviews.id.as_str(),
        CardinalityClass::OneToSquillions,
        Recommendation::ReferenceWithSubset,
        criteria(),
        "Reference: growth is unbounded.".into(),
        false,
    )
    .with_reads(vec!["C1".into()], vec!["C2".into()]);
    let report = Report {
        relations: vec![advice],
        queries: vec![
            QueryAdvice {
                query: "C1".into(),
                single_document: true,
                index: None,
                explanation: "One read of catalogo by _id.".into(),
            },
            QueryAdvice {
                query: "C2".into(),
                single_document: false,
                index: Some(IndexSpec::new(&[("material.material_id", 1), ("votos_utiles", -1)]).into()),
                explanation: String::new().into(),
            },
        ],
        sizes: vec![SizeEstimate {
            entity: "material".into(),
            avg_bytes: 3_400,
            worst_bytes: 9_000,
            horizon_bytes: 12_000,
            horizon_label: "in 5 years".into(),
            level: SizeLevel::Fine,
        }],
        indexes: vec![IndexAdvice {
            entity: "resena".into(),
            index: IndexSpec::new(&[("estado", 1), ("fecha", -1)]).into(),
            queries: vec!["C5".into()],
            reason: "equality, then sort".into(),
            multikey: false,
            declared: false,
        }],
        ..Report::default()
    };
    let md = review_markdown(&model, &report, &opts());

    let c1 = md.lines().find(|l| l.starts_with("| `C1` |")).expect("C1 row");
    assert!(c1.contains("| yes |"), "{c1}");
    let c2 = md.lines().find(|l| l.starts_with("| `C2` |")).expect("C2 row");
    assert!(c2.contains("| **no** | `{ \"material.material_id\": 1, votos_utiles: -1 }` |"), "{c2}");
    assert!(md.contains("- `C1`: One read of catalogo by \\_id."), "explanations follow the table");
    let c3 = md.lines().find(|l| l.starts_with("| `C3` |")).expect("C3 row");
    assert!(c3.contains("not analysed"), "{c3}");

    let section = &md[md.find("### catalogo → resenas").expect("relation heading")..];
    assert!(section.contains("Advisor: **reference + subset**; it **disagrees** ⚠"), "{section}");
    assert!(section.contains("(one-to-squillions)"));
    for c in Criterion::ALL {
        assert!(section.contains(&format!("| {} | ", c.label())), "{} row", c.label());
    }
    assert!(section.contains("| Cardinality | reference | reason 0 \\| with a pipe |"), "pipes stay in the cell");
    assert!(section.contains("Read together by `C1`.") && section.contains("without its parent by `C2`."));

    assert!(md.contains("Document size: average 3.4 KB, worst now 9.0 KB, in 5 years 12.0 KB"), "size of catalogo");
    assert!(md.contains("| `{ estado: 1, fecha: -1 }` | derived | `C5` | equality, then sort |"), "resenas index");
}

#[test]
fn user_text_cannot_inject_markup() {
    let mut model = bibliored();
    model.name = "<script>alert(1)</script> *x*".into();
    model.queries[0].name = "a | b\nc".into();
    let md = review_markdown(&model, &analyze(&model), &opts());
    assert!(!md.contains("<script"), "raw HTML got through");
    assert!(md.starts_with("# Design review: &lt;script&gt;alert(1)&lt;/script&gt; \\*x\\*\n"), "{}", &md[..80]);
    let row = md.lines().find(|l| l.starts_with("| `C1` |")).expect("C1 row");
    let cells = row.replace("\\|", "").matches('|').count();
    assert_eq!(cells, 10, "nine cells: {row}");
}

#[test]
fn diagram_reference_forms() {
    let model = bibliored();
    let report = analyze(&model);
    let file = review_markdown(
        &model,
        &report,
        &ReportOptions { diagram: Diagram::File("img/my diagram.svg".into()), ..ReportOptions::default() },
    );
    assert!(file.contains("![Diagram of BiblioRed](img/my%20diagram.svg)"), "relative link");
    let none = review_markdown(&model, &report, &ReportOptions::default());
    assert!(!none.contains("## Diagram"));
    let link = review_markdown(
        &model,
        &report,
        &ReportOptions { share_url: Some("https://x.test/#m=abc".into()), ..ReportOptions::default() },
    );
    assert!(link.contains("[Open this design in docshape](https://x.test/#m=abc)"));
}

#[test]
fn the_report_follows_its_language_with_local_figures() {
    use docshape::i18n::Lang;
    let mut model = bibliored();
    if let Some(q) = model.queries.iter_mut().find(|q| q.id == "C9") {
        q.per_minute = 0.5;
    }
    let report = analyze(&model);
    let render = |lang| review_markdown(&model, &report, &ReportOptions { lang, ..opts() });
    let (en, es, pt) = (render(Lang::En), render(Lang::Es), render(Lang::Pt));
    assert!(en.contains(" | 0.5/min | "), "English keeps the decimal point");
    assert!(es.contains(" | 0,5/min | ") && pt.contains(" | 0,5/min | "), "Spanish and Portuguese use the comma");
    assert!(es.starts_with("# Revisión del diseño: BiblioRed\n") && pt.starts_with("# Revisão do design: BiblioRed\n"));
    for (md, headings) in [
        (&es, ["## Patrones de acceso", "## Hallazgos", "## Relaciones", "## Colecciones", "#### Ficha de decisión"]),
        (&pt, ["## Padrões de acesso", "## Achados", "## Relações", "## Coleções", "#### Ficha de decisão"]),
    ] {
        for h in headings {
            assert!(md.contains(&format!("\n{h}\n")), "{h} missing");
        }
        assert!(!md.contains("## Access patterns") && !md.contains("**Aggregate root:**"), "no English heading left");
    }
    // Criterion and vote words come from the interface's catalogue.
    assert!(es.contains("| criterio | voto | motivo |\n") && es.contains("| Cardinalidad | embeber | "), "{es}");
    assert!(pt.contains("| critério | voto | motivo |\n") && pt.contains("| Cardinalidade | embutir | "), "{pt}");
    // Sizes: `3.5 KB` in English, `3,5 KB` in Spanish.
    let size = |md: &str, prefix: &str| md.lines().find(|l| l.starts_with(prefix)).map(str::to_string);
    let en_size = size(&en, "Document size: average ").expect("an English size line");
    let es_size = size(&es, "Tamaño del documento: media ").expect("a Spanish size line");
    let figure = |l: &str, after: &str| l[after.len()..].split(',').next().unwrap_or_default().to_string();
    let (en_avg, es_avg) =
        (figure(&en_size, "Document size: average "), es_size["Tamaño del documento: media ".len()..].to_string());
    assert!(en_avg.contains('.'), "{en_avg}");
    assert!(es_avg.starts_with(&en_avg.replace('.', ",")), "{es_avg} vs {en_avg}");
}

/// The lines of the report's Mermaid block, without its fences.
fn mermaid_block(md: &str) -> Vec<&str> {
    let start = md.find("```mermaid\nerDiagram\n").expect("a Mermaid block") + "```mermaid\n".len();
    let end = start + md[start..].find("\n```\n").expect("the block is closed");
    md[start..end].lines().collect()
}

#[test]
fn the_diagram_also_travels_as_mermaid_with_copies_solid_and_references_dashed() {
    let model = bibliored();
    let md = review_markdown(&model, &analyze(&model), &opts());
    let block = mermaid_block(&md);
    assert_eq!(block[0], "erDiagram");
    for e in model.entities.iter().filter(|e| e.name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')) {
        let declared = block.iter().any(|l| *l == format!("    {} {{", e.name) || *l == format!("    {}", e.name));
        assert!(declared, "{} is declared", e.name);
    }
    let line = |r: &Relation| {
        let (p, c) = (&model.entity(&r.parent).unwrap().name, &model.entity(&r.child).unwrap().name);
        block
            .iter()
            .filter(|l| l.trim_start().starts_with(&format!("{p} ")) && l.contains(&format!(" {c} : \"")))
            .copied()
            .collect::<Vec<_>>()
    };
    let mut seen = (0, 0);
    for r in &model.relations {
        let lines = line(r);
        assert!(!lines.is_empty(), "relation {} is drawn", r.id);
        let references = r.references() || r.storage == Storage::Outside;
        if references {
            assert!(lines[0].contains(".."), "a reference is dashed: {}", lines[0]);
            seen.1 += 1;
        } else {
            assert!(lines[0].contains("--") && !lines[0].contains(".."), "a copy is solid: {}", lines[0]);
            seen.0 += 1;
        }
        assert_eq!(lines.len(), if references && r.copies_data() { 2 } else { 1 }, "{lines:?}");
    }
    assert!(seen.0 > 0 && seen.1 > 0, "BiblioRed has both kinds: {seen:?}");
    assert!(md.contains("a solid line (`--`) is data copied into the document; a dashed line (`..`)"), "legend");
}

#[test]
fn hostile_names_cannot_break_the_mermaid_block() {
    let mut model = bibliored();
    model.entities[0].name = "x\" } ``` <img src=x onerror=alert(1)> #quot; \n%%{init}%%".into();
    model.entities[1].name = model.entities[0].name.clone();
    model.entities[0].fields[0].name = "a b{c}\"d".into();
    let md = review_markdown(&model, &analyze(&model), &opts());
    let block = mermaid_block(&md);
    let word = |w: &str| !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "_[]".contains(c));
    let mut declared = Vec::new();
    for l in &block[1..] {
        let t = l.trim();
        assert!(!t.contains('<') && !t.contains('#') && !t.contains('%') && !t.contains("```"), "{l}");
        let relation = t.contains(" : \"") && t.ends_with('"') && t.matches('"').count() == 2;
        let attribute =
            l.starts_with("        ") && t.split_whitespace().count() == 2 && t.split_whitespace().all(word);
        let entity = t != "}" && l.starts_with("    ") && !l.starts_with("     ") && !relation && {
            let head = t.strip_suffix(" {").unwrap_or(t);
            let (id, alias) = head.split_at(head.find('[').unwrap_or(head.len()));
            declared.push(id.to_string());
            word(id)
                && !id.contains(['[', ']'])
                && (alias.is_empty()
                    || alias.starts_with("[\"") && alias.ends_with("\"]") && alias.matches('"').count() == 2)
        };
        assert!(relation || attribute || entity || t == "}", "a line Mermaid could misread: {l}");
    }
    // The two boxes of the same name stay two entities.
    assert_eq!(declared.len(), model.entities.len(), "{declared:?}");
    let ids: std::collections::HashSet<&String> = declared.iter().collect();
    assert_eq!(ids.len(), model.entities.len(), "unique identifiers: {declared:?}");
}

/// Review comments are user text from anyone in a room: an author, a comment and the names
/// their threads point at cannot add HTML, headings, list items or links to the report.
#[test]
fn hostile_review_comments_stay_text() {
    use docshape::model::{Anchor, Comment};
    use pulldown_cmark::{Event, Options, Parser, Tag};
    let mut model = bibliored();
    let first = model.entities[0].id.clone();
    model.entities[0].name = "<img src=x onerror=alert(1)>".into();
    let hostile = "</script><script>alert(1)</script>\n# Heading\n- item\n[click](javascript:alert(1)) | pipe `tick` \u{202e}gnp.exe";
    model.comments.push(Comment::thread("c1", Anchor::Entity { entity: first.clone() }, hostile, 1, hostile));
    model.comments.push(Comment::reply("c2", "c1", "**bold**\n\n## h2", 2, "<b>reply</b>\r\n1. one"));
    let field = Anchor::Field { entity: first, path: "<i>x</i>`.y".into() };
    model.comments.push(Comment::thread(
        "c3",
        Anchor::Finding { code: "DS1`<b>".into(), on: Box::new(field) },
        "Eva",
        3,
        "",
    ));
    let md = review_markdown(&model, &analyze(&model), &opts());
    let section = &md[md.find("## Review comments").expect("the section")..];
    let (mut headings, mut items, mut links) = (0, 0, 0);
    let mut shown = String::new();
    for event in Parser::new_ext(section, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH) {
        match event {
            Event::Text(t) | Event::Code(t) => shown.push_str(&t),
            Event::Html(h) | Event::InlineHtml(h) => panic!("raw HTML {h:?} in\n{section}"),
            Event::Start(Tag::Heading { .. }) => headings += 1,
            Event::Start(Tag::Item) => items += 1,
            Event::Start(Tag::Link { .. }) => links += 1,
            _ => {}
        }
    }
    // The section heading, two thread headings; three comments; no link.
    assert_eq!((headings, items, links), (3, 3, 0), "{section}");
    assert!(section.contains("&lt;U+202E&gt;"), "the bidi override shows as its code point: {section}");
    // A reader sees what was typed, as text (a name in a code span, where HTML is inert).
    for typed in [
        "</script><script>alert(1)</script> # Heading - item [click](javascript:alert(1)) | pipe `tick`",
        "<b>reply</b>",
        "<img src=x onerror=alert(1)>",
    ] {
        assert!(shown.contains(typed), "{typed:?} not shown as typed in {shown:?}");
    }
}
