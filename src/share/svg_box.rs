//! One box of the exported diagram, drawn as the canvas draws `EntityBox`: a header with the
//! name, the kind or system, the worst finding's dot and the size badge, then the field rows.

use super::labels::{bytes_label, kind_label, type_label};
use super::xml::escape;
use crate::advisor::{Severity, SizeEstimate, SizeLevel};
use crate::editor::geometry::{entity_rect, rows, BOX_PADDING, HEADER_HEIGHT, INDENT, ROW_HEIGHT};
use crate::export::{pick, severity_word};
use crate::i18n::Lang;
use crate::model::{Entity, EntityKind};
use std::fmt::Write;

/// What the report adds to a box.
#[derive(Debug, Clone, Copy, Default)]
pub struct BoxExtras<'a> {
    /// Embedded in a parent document (drawn with the accent border).
    pub embedded: bool,
    /// The worst severity among the findings about this entity or its fields.
    pub worst: Option<Severity>,
    pub size: Option<&'a SizeEstimate>,
    /// The language of the tooltips and the kind word.
    pub lang: Lang,
}

/// Rough advance widths (px per character) of the fonts used, to fit text without measuring.
const NAME_CHAR: f64 = 8.4;
pub const SMALL_CHAR: f64 = 6.3;
const FIELD_CHAR: f64 = 7.0;
const MONO_CHAR: f64 = 6.95;

/// Shortens `text` with an ellipsis so it fits `max_px` at `char_px` per character.
pub fn fit(text: &str, max_px: f64, char_px: f64) -> String {
    let room = (max_px / char_px).floor().max(1.0) as usize;
    if text.chars().count() <= room {
        return text.to_string();
    }
    let mut out: String = text.chars().take(room.saturating_sub(1)).collect();
    out.push('…');
    out
}

/// Numbers as SVG wants them: no trailing zeros, no `-0`.
pub fn num(v: f64) -> String {
    let v = if v.is_finite() { (v * 100.0).round() / 100.0 } else { 0.0 };
    let v = if v == 0.0 { 0.0 } else { v };
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

fn text_width(text: &str, char_px: f64) -> f64 {
    text.chars().count() as f64 * char_px
}

/// Appends the SVG of one entity box to `out`.
pub fn draw_box(out: &mut String, e: &Entity, extras: BoxExtras<'_>) {
    let r = entity_rect(e);
    let (x, y, w, h) = (r.x, r.y, r.w, r.h);
    let class = match (e.kind, extras.embedded) {
        (EntityKind::External, _) => "external",
        (EntityKind::Value, true) | (EntityKind::Document, true) => "embedded",
        (EntityKind::Value, false) => "value",
        (EntityKind::Document, false) => "document",
    };
    let _ = write!(out, r#"<g class="entity {class}" data-id="{}">"#, escape(&e.id));
    let _ = write!(out, "<title>{}</title>", escape(&e.name));
    let _ = write!(
        out,
        r#"<rect class="box" x="{}" y="{}" width="{}" height="{}" rx="8"/>"#,
        num(x),
        num(y),
        num(w),
        num(h)
    );
    let hy = y + HEADER_HEIGHT;
    let _ = write!(
        out,
        r#"<path class="head" d="M{x0} {hy} V{y8} A8 8 0 0 1 {x8} {y0} H{xr8} A8 8 0 0 1 {xr} {y8} V{hy} Z"/>"#,
        x0 = num(x),
        hy = num(hy),
        y8 = num(y + 8.0),
        x8 = num(x + 8.0),
        y0 = num(y),
        xr8 = num(x + w - 8.0),
        xr = num(x + w),
    );
    let _ = write!(out, r#"<line class="sep" x1="{}" y1="{}" x2="{}" y2="{}"/>"#, num(x), num(hy), num(x + w), num(hy));

    // Header, right to left: size badge, finding dot, kind; the name takes what is left.
    let base = y + HEADER_HEIGHT / 2.0 + 4.5;
    let mut right = x + w - 10.0;
    if let Some(s) = extras.size {
        let lang = extras.lang;
        let label = format!("{} / {}", bytes_label(s.avg_bytes, lang), bytes_label(s.horizon_bytes, lang));
        let bw = text_width(&label, SMALL_CHAR) + 10.0;
        let level = match s.level {
            SizeLevel::Fine => "fine",
            SizeLevel::OverTarget | SizeLevel::OverAtlas => "warn",
            SizeLevel::OverLimit => "error",
        };
        let _ = write!(
            out,
            r#"<g class="size {level}"><title>{} {} · {} {} · {} {}</title><rect x="{}" y="{}" width="{}" height="16" rx="4"/><text x="{}" y="{}">{}</text></g>"#,
            pick(lang, ["average", "media", "média"]),
            bytes_label(s.avg_bytes, lang),
            pick(lang, ["worst now", "peor caso hoy", "pior caso hoje"]),
            bytes_label(s.worst_bytes, lang),
            pick(lang, ["at the horizon", "en el horizonte", "no horizonte"]),
            bytes_label(s.horizon_bytes, lang),
            num(right - bw),
            num(y + HEADER_HEIGHT / 2.0 - 8.0),
            num(bw),
            num(right - bw + 5.0),
            num(base - 0.5),
            escape(&label),
        );
        right -= bw + 6.0;
    }
    if let Some(sev) = extras.worst {
        let _ = write!(
            out,
            r#"<circle class="dot {}" cx="{}" cy="{}" r="4"><title>{}</title></circle>"#,
            sev.label(),
            num(right - 4.0),
            num(y + HEADER_HEIGHT / 2.0),
            match extras.lang {
                Lang::En => format!("{} findings", sev.label()),
                Lang::Es => format!("hallazgos: {}", severity_word(Lang::Es, sev)),
                Lang::Pt => format!("achados: {}", severity_word(Lang::Pt, sev)),
            },
        );
        right -= 8.0 + 6.0;
    }
    let kind = kind_label(e, extras.lang);
    if !kind.is_empty() {
        let kind = fit(&kind, 90.0, SMALL_CHAR);
        let _ = write!(
            out,
            r#"<text class="kind" x="{}" y="{}" text-anchor="end">{}</text>"#,
            num(right),
            num(base),
            escape(&kind)
        );
        right -= text_width(&kind, SMALL_CHAR) + 6.0;
    }
    let name = fit(&e.name, right - (x + 10.0), NAME_CHAR);
    let _ = write!(out, r#"<text class="name" x="{}" y="{}">{}</text>"#, num(x + 10.0), num(base), escape(&name));

    // Field rows.
    let top = hy + BOX_PADDING;
    if e.kind == EntityKind::Value {
        let t = e.value_type.map(|t| t.name()).unwrap_or("string");
        row(out, x, w, top, 0, "value", false, t);
    } else {
        for (i, rw) in rows(e).iter().enumerate() {
            let t = type_label(rw.field);
            row(out, x, w, top + i as f64 * ROW_HEIGHT, rw.depth, &rw.field.name, rw.field.required, &t);
        }
    }
    let _ = write!(
        out,
        r#"<rect class="frame" x="{}" y="{}" width="{}" height="{}" rx="8"/>"#,
        num(x),
        num(y),
        num(w),
        num(h)
    );
    out.push_str("</g>");
}

#[allow(clippy::too_many_arguments)]
fn row(out: &mut String, x: f64, w: f64, top: f64, depth: usize, name: &str, required: bool, t: &str) {
    let base = top + ROW_HEIGHT / 2.0 + 4.5;
    let left = x + 10.0 + depth as f64 * INDENT;
    let type_w = text_width(t, MONO_CHAR);
    let room = (x + w - 10.0 - type_w - 8.0) - left - if required { 10.0 } else { 0.0 };
    let shown = fit(name, room, FIELD_CHAR);
    let star = if required { r#"<tspan class="req" dx="3">*</tspan>"# } else { "" };
    let _ = write!(out, r#"<text class="fname" x="{}" y="{}">{}{star}</text>"#, num(left), num(base), escape(&shown));
    let _ = write!(
        out,
        r#"<text class="ftype" x="{}" y="{}" text-anchor="end">{}</text>"#,
        num(x + w - 10.0),
        num(base),
        escape(t)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fitting_and_numbers() {
        assert_eq!(fit("catalogo", 100.0, 8.0), "catalogo");
        assert_eq!(fit("a_very_long_collection_name", 80.0, 8.0), "a_very_lo…");
        assert_eq!(fit("x", -5.0, 8.0), "x");
        assert_eq!(num(380.0), "380");
        assert_eq!(num(12.345), "12.35");
        assert_eq!(num(-0.0001), "0");
        assert_eq!(num(f64::NAN), "0");
    }
}
