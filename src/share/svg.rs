//! The diagram as a standalone SVG: the boxes and arrows the canvas shows, from the same pure
//! geometry (`editor::geometry`), in the light or dark palette, with no external resource.
//! For design documents, pull requests and slides.

use super::arrows::{model_arrows, route_model, strokes};
use super::labels::caption_parts;
use super::svg_box::{draw_box, num, BoxExtras};
use super::theme::{Palette, Theme, FONT, MONO};
use super::xml::escape;
use crate::advisor::{Report, Severity};
use crate::editor::geometry::{entity_rect, Rect};
use crate::editor::routing::{ArrowRoute, Label, Routed};
use crate::export::pick;
use crate::i18n::{Labelled, Lang};
use crate::model::{Entity, Model, Place, Relation, Storage};
use std::collections::{HashMap, HashSet};
use std::fmt::Write;

/// How to export.
#[derive(Debug, Clone, PartialEq)]
pub struct SvgOptions {
    pub theme: Theme,
    /// Only these entity ids (the selection) and the relations between them; `None`: all.
    pub only: Option<Vec<String>>,
    /// Space around the boxes, in diagram units.
    pub padding: f64,
    /// The language of the diagram's few words (captions, tooltips); English by default.
    pub lang: Lang,
}

impl Default for SvgOptions {
    fn default() -> Self {
        SvgOptions { theme: Theme::Light, only: None, padding: 40.0, lang: Lang::En }
    }
}

/// The area the SVG shows: the bounds of the drawn boxes, arrows and labels plus the padding
/// on every side. An empty selection gives a `2 × padding` square at the origin.
pub fn view_box(model: &Model, opts: &SvgOptions) -> Rect {
    let shown: HashSet<&str> = drawn(model, opts).map(|e| e.id.as_str()).collect();
    let arrows = model_arrows(model, |id| shown.contains(id), opts.lang, |_| false);
    padded_bounds(model, opts, &route_model(&arrows))
}

fn padded_bounds(model: &Model, opts: &SvgOptions, routed: &Routed) -> Rect {
    let boxes = drawn(model, opts).map(entity_rect);
    let bounds = boxes.chain(routed.arrows.iter().map(|a| a.bounds())).reduce(|a, b| a.union(&b)).unwrap_or_default();
    let p = opts.padding.max(0.0);
    Rect { x: bounds.x - p, y: bounds.y - p, w: bounds.w + 2.0 * p, h: bounds.h + 2.0 * p }
}

fn drawn<'a>(model: &'a Model, opts: &'a SvgOptions) -> impl Iterator<Item = &'a Entity> {
    let only: Option<HashSet<&str>> = opts.only.as_ref().map(|ids| ids.iter().map(String::as_str).collect());
    model.entities.iter().filter(move |e| only.as_ref().is_none_or(|set| set.contains(e.id.as_str())))
}

/// Draws the diagram. With a report, boxes get their size badge and finding dot and arrows
/// whose storage disagrees with the advisor get a warning mark.
pub fn diagram_svg(model: &Model, report: Option<&Report>, opts: &SvgOptions) -> String {
    let p = opts.theme.palette();
    let entities: Vec<&Entity> = drawn(model, opts).collect();
    let shown: HashSet<&str> = entities.iter().map(|e| e.id.as_str()).collect();
    let disagrees = |r: &Relation| report.and_then(|rep| rep.relation(&r.id)).is_some_and(|a| !a.agrees);
    let arrows = model_arrows(model, |id| shown.contains(id), opts.lang, disagrees);
    let routed = route_model(&arrows);
    let vb = padded_bounds(model, opts, &routed);
    let embedded: HashSet<&str> =
        model.relations.iter().filter(|r| r.storage == Storage::Embed).map(|r| r.child.as_str()).collect();
    let worst = worst_by_entity(report);

    let mut out = String::with_capacity(4096 + entities.len() * 2048);
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="{x} {y} {w} {h}" role="img" font-family="{font}">"#,
        x = num(vb.x),
        y = num(vb.y),
        w = num(vb.w),
        h = num(vb.h),
        font = escape(FONT),
    );
    let _ = write!(out, "<title>{}</title>", escape(&model.name));
    out.push_str(&style(&p));
    out.push_str(concat!(
        "<defs>",
        r#"<marker id="ds-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path class="arrowhead" d="M0 0 L10 5 L0 10 z"/></marker>"#,
        r#"<marker id="ds-arrow-open" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path class="arrowhead-open" d="M0 0 L10 5 L0 10"/></marker>"#,
        "</defs>"
    ));
    let _ = write!(
        out,
        r#"<rect class="bg" x="{}" y="{}" width="{}" height="{}"/>"#,
        num(vb.x),
        num(vb.y),
        num(vb.w),
        num(vb.h)
    );

    // Arrows first: the boxes are drawn over them, as on the canvas. Their words after all
    // their lines, as on the canvas (`ui::edges`): a label the router could only put over
    // another arrow's line is not crossed out by it.
    out.push_str(r#"<g class="edges">"#);
    let mut k = 0;
    let mut drawn = Vec::new();
    while k < arrows.of.len() {
        let r = &model.relations[arrows.of[k].relation];
        let copy = arrows.of.get(k + 1).filter(|o| o.copy).map(|_| &*routed.arrows[k + 1]);
        draw_edge(&mut out, r, &routed.arrows[k], copy, report, opts.lang);
        drawn.push((r, k));
        k += 1 + copy.is_some() as usize;
    }
    for (r, k) in drawn {
        draw_words(&mut out, r, &routed.arrows[k]);
    }
    out.push_str("</g><g class=\"entities\">");
    for e in entities {
        let extras = BoxExtras {
            embedded: embedded.contains(e.id.as_str()),
            worst: worst.get(e.id.as_str()).copied(),
            size: report.and_then(|r| r.size(&e.id)),
            lang: opts.lang,
        };
        draw_box(&mut out, e, extras);
    }
    out.push_str("</g></svg>\n");
    out
}

/// The worst severity of the findings about each entity or its fields.
fn worst_by_entity(report: Option<&Report>) -> HashMap<&str, Severity> {
    let mut worst: HashMap<&str, Severity> = HashMap::new();
    for f in report.map(|r| r.findings.as_slice()).unwrap_or_default() {
        let id = match &f.place {
            Place::Entity { id } => id.as_str(),
            Place::Field { entity, .. } => entity.as_str(),
            _ => continue,
        };
        let slot = worst.entry(id).or_insert(f.severity);
        *slot = (*slot).min(f.severity);
    }
    worst
}

fn draw_edge(
    out: &mut String,
    r: &Relation,
    main: &ArrowRoute,
    copy: Option<&ArrowRoute>,
    report: Option<&Report>,
    lang: Lang,
) {
    let (references, _) = strokes(r);
    let class = match (r.storage, references) {
        (Storage::Outside, _) => "line dashed outside",
        (_, true) => "line dashed",
        _ => "line solid",
    };
    let marker = if references { "url(#ds-arrow-open)" } else { "url(#ds-arrow)" };
    let advice = report.and_then(|rep| rep.relation(&r.id));
    let mut title = r.storage.msg().text(lang).to_string();
    for part in caption_parts(r, lang) {
        title.push_str(" · ");
        title.push_str(&part);
    }
    if let Some(a) = advice {
        let advisor = pick(lang, ["advisor", "asesor", "assistente"]);
        // The summary opens with the verdict ("Embed: …"): it is not said twice.
        title.push_str(&format!(" · {advisor}: {}", a.summary().render(lang)));
    }
    let _ = write!(out, r#"<g class="edge" data-id="{}"><title>{}</title>"#, escape(&r.id), escape(&title));
    let _ = write!(out, r#"<path class="{class}" d="{}" marker-end="{marker}"/>"#, escape(&main.d()));
    // A reference that also carries copies gets a second, solid arrow beside it.
    if let Some(copy) = copy {
        let _ = write!(out, r#"<path class="line solid copy" d="{}" marker-end="url(#ds-arrow)"/>"#, escape(&copy.d()));
    }
    out.push_str("</g>");
}

/// The words of relation `r`'s arrow `main`: its cardinalities, its caption and the
/// disagreement mark, in a group of their own drawn after every line.
fn draw_words(out: &mut String, r: &Relation, main: &ArrowRoute) {
    if main.start_label.is_none() && main.end_label.is_none() && main.caption.is_none() && main.mark.is_none() {
        return;
    }
    let _ = write!(out, r#"<g class="words" data-id="{}">"#, escape(&r.id));
    label(out, "card", main.start_label.as_ref());
    label(out, "card end", main.end_label.as_ref());
    label(out, "caption", main.caption.as_ref());
    if let Some(m) = main.mark {
        let _ = write!(
            out,
            r#"<g class="disagree" transform="translate({} {})"><circle r="9"/><text text-anchor="middle" y="4">!</text></g>"#,
            num(m.x),
            num(m.y)
        );
    }
    out.push_str("</g>");
}

/// A placed label, from the left edge of the spot the router found: its text, or one `tspan`
/// per line when it has several.
fn label(out: &mut String, class: &str, label: Option<&Label>) {
    let Some(l) = label else { return };
    let x = num(l.rect.x);
    let _ = write!(out, r#"<text class="{class}" x="{x}" y="{}">"#, num(l.baseline(0)));
    if let [line] = l.lines.as_slice() {
        out.push_str(&escape(line));
    } else {
        for (i, line) in l.lines.iter().enumerate() {
            let dy = if i == 0 { "0" } else { "13" };
            let _ = write!(out, r#"<tspan x="{x}" dy="{dy}">{}</tspan>"#, escape(line));
        }
    }
    out.push_str("</text>");
}

/// The stylesheet: the canvas' rules with the palette's literal colours.
fn style(p: &Palette) -> String {
    let mono = MONO;
    format!(
        "<style>\
.bg{{fill:{bg}}}\
.box{{fill:{box_fill}}}\
.frame{{fill:none;stroke:{line};stroke-width:1}}\
.embedded .box{{fill:{sub}}}.embedded .frame{{stroke:{accent}}}\
.external .box{{fill:{external}}}.external .frame{{stroke-dasharray:5 4}}\
.head{{fill:{box_head}}}.sep{{stroke:{line};stroke-width:1}}\
.name{{font-size:14px;font-weight:700;fill:{ink}}}\
.kind{{font-size:11px;fill:{muted}}}\
.size rect{{fill:{accent_soft}}}.size text{{font-size:11px;fill:{accent};font-variant-numeric:tabular-nums}}\
.size.warn rect{{fill:{warn_soft}}}.size.warn text{{fill:{warn}}}\
.size.error rect{{fill:{error_soft}}}.size.error text{{fill:{error}}}\
.dot{{fill:{info}}}.dot.error{{fill:{error}}}.dot.warning{{fill:{warn}}}\
.fname{{font-size:12.5px;fill:{ink}}}.req{{font-size:12.5px;font-weight:700;fill:{error}}}\
.ftype{{font-family:{mono};font-size:11.5px;fill:{muted}}}\
.line{{fill:none;stroke:{edge};stroke-width:1.6}}\
.line.solid{{stroke:{copy};stroke-width:2}}\
.line.dashed{{stroke-dasharray:7 5}}.line.outside{{stroke-dasharray:2 5}}\
.arrowhead{{fill:{copy}}}.arrowhead-open{{fill:none;stroke:{edge};stroke-width:1.5}}\
.words text{{font-size:12px;fill:{muted};paint-order:stroke;stroke:{bg};stroke-width:3px;stroke-linejoin:round}}.words text.card{{font-weight:700;fill:{ink}}}.words text.caption{{font-size:11px}}\
.disagree circle{{fill:{warn}}}.disagree text{{fill:#fff;font-weight:800;font-size:12px;stroke:none}}\
</style>",
        bg = p.bg,
        box_fill = p.box_fill,
        line = p.line,
        sub = p.sub,
        accent = p.accent,
        external = p.external,
        box_head = p.box_head,
        ink = p.ink,
        muted = p.muted,
        accent_soft = p.accent_soft,
        warn_soft = p.warn_soft,
        warn = p.warn,
        error_soft = p.error_soft,
        error = p.error,
        info = p.info,
        edge = p.edge,
        copy = p.copy,
    )
}
