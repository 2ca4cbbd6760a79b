//! Pure geometry of the diagram: box sizes, hit-testing and fitting (arrow routes are in
//! `editor::routing`). The canvas draws what these functions compute; they are tested natively.

use crate::model::{Entity, EntityKind, Field, Model, Point};

pub const BOX_WIDTH: f64 = 240.0;
pub const HEADER_HEIGHT: f64 = 34.0;
pub const ROW_HEIGHT: f64 = 20.0;
pub const BOX_PADDING: f64 = 6.0;
pub const INDENT: f64 = 14.0;
pub const GRID: f64 = 20.0;

#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Rect {
    pub x: f64,
    pub y: f64,
    pub w: f64,
    pub h: f64,
}

impl Rect {
    pub fn right(&self) -> f64 {
        self.x + self.w
    }

    pub fn bottom(&self) -> f64 {
        self.y + self.h
    }

    pub fn center(&self) -> Point {
        Point { x: self.x + self.w / 2.0, y: self.y + self.h / 2.0 }
    }

    pub fn contains(&self, p: Point) -> bool {
        p.x >= self.x && p.x <= self.right() && p.y >= self.y && p.y <= self.bottom()
    }

    pub fn intersects(&self, o: &Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }

    /// The rectangle spanned by two corner points, in any order.
    pub fn from_corners(a: Point, b: Point) -> Rect {
        Rect { x: a.x.min(b.x), y: a.y.min(b.y), w: (a.x - b.x).abs(), h: (a.y - b.y).abs() }
    }

    pub fn union(&self, o: &Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect { x, y, w: self.right().max(o.right()) - x, h: self.bottom().max(o.bottom()) - y }
    }
}

/// One visible line of a box: a field at some nesting depth.
#[derive(Debug, Clone, PartialEq)]
pub struct Row<'a> {
    pub path: String,
    pub depth: usize,
    pub field: &'a Field,
}

/// The rows a box shows: its fields depth first, sub-document fields indented.
pub fn rows(entity: &Entity) -> Vec<Row<'_>> {
    fn walk<'a>(fields: &'a [Field], prefix: &str, depth: usize, out: &mut Vec<Row<'a>>) {
        for f in fields {
            let path = if prefix.is_empty() { f.name.clone() } else { format!("{prefix}.{}", f.name) };
            out.push(Row { path: path.clone(), depth, field: f });
            walk(&f.fields, &path, depth + 1, out);
        }
    }
    let mut out = Vec::new();
    walk(&entity.fields, "", 0, &mut out);
    out
}

fn row_count(fields: &[Field]) -> usize {
    fields.iter().map(|f| 1 + row_count(&f.fields)).sum()
}

/// The box of an entity on the canvas.
pub fn entity_rect(entity: &Entity) -> Rect {
    let rows = match entity.kind {
        EntityKind::Value => 1,
        _ => row_count(&entity.fields).max(1),
    };
    Rect {
        x: entity.position.x,
        y: entity.position.y,
        w: BOX_WIDTH,
        h: HEADER_HEIGHT + rows as f64 * ROW_HEIGHT + 2.0 * BOX_PADDING,
    }
}

/// Which side of a box an arrow leaves or enters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
    Top,
    Bottom,
}

/// The topmost entity under a point (later entities are drawn on top).
pub fn entity_at(model: &Model, p: Point) -> Option<&Entity> {
    model.entities.iter().rev().find(|e| entity_rect(e).contains(p))
}

/// Entities whose boxes intersect a rectangle (rubber-band selection).
pub fn entities_in(model: &Model, area: &Rect) -> Vec<String> {
    model.entities.iter().filter(|e| entity_rect(e).intersects(area)).map(|e| e.id.clone()).collect()
}

/// The bounds of every box, or `None` for an empty model.
pub fn bounds(model: &Model) -> Option<Rect> {
    model.entities.iter().map(entity_rect).reduce(|a, b| a.union(&b))
}

/// The camera that view `content` centred in a `viewport` (w × h) with a margin; zoom is
/// clamped to [0.1, 1.5].
pub fn fit(content: &Rect, viewport_w: f64, viewport_h: f64) -> Camera {
    let margin = 40.0;
    let sx = (viewport_w - 2.0 * margin) / content.w.max(1.0);
    let sy = (viewport_h - 2.0 * margin) / content.h.max(1.0);
    let zoom = sx.min(sy).clamp(Camera::MIN_ZOOM, 1.5);
    Camera {
        zoom,
        x: viewport_w / 2.0 - (content.x + content.w / 2.0) * zoom,
        y: viewport_h / 2.0 - (content.y + content.h / 2.0) * zoom,
    }
}

/// Zoom below which boxes show their header only (level of detail).
pub const FAR_ZOOM: f64 = 0.45;

/// Maps diagram coordinates to screen: `screen = diagram * zoom + (x, y)`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub x: f64,
    pub y: f64,
    pub zoom: f64,
}

impl Default for Camera {
    fn default() -> Self {
        Camera { x: 0.0, y: 0.0, zoom: 1.0 }
    }
}

impl Camera {
    pub const MIN_ZOOM: f64 = 0.1;
    pub const MAX_ZOOM: f64 = 3.0;

    pub fn to_diagram(&self, screen: Point) -> Point {
        Point { x: (screen.x - self.x) / self.zoom, y: (screen.y - self.y) / self.zoom }
    }

    /// Zooms by `factor` keeping the diagram point under `screen` fixed.
    pub fn zoom_at(&self, screen: Point, factor: f64) -> Camera {
        let zoom = (self.zoom * factor).clamp(Camera::MIN_ZOOM, Camera::MAX_ZOOM);
        let p = self.to_diagram(screen);
        Camera { zoom, x: screen.x - p.x * zoom, y: screen.y - p.y * zoom }
    }

    /// The diagram area visible in a viewport of w × h.
    pub fn visible(&self, w: f64, h: f64) -> Rect {
        let a = self.to_diagram(Point { x: 0.0, y: 0.0 });
        Rect { x: a.x, y: a.y, w: w / self.zoom, h: h / self.zoom }
    }
}

/// A wheel event's distance in pixels: `delta_mode` 0 counts pixels, 1 lines (Firefox with a
/// mouse: 3 lines a notch), 2 pages (`page` pixels each).
pub fn wheel_pixels(delta: f64, delta_mode: u32, page: f64) -> f64 {
    match delta_mode {
        1 => delta * 16.0,
        2 => delta * page,
        _ => delta,
    }
}

/// The zoom factor of a Ctrl+wheel event that moved `pixels` (see [`wheel_pixels`]): a mouse
/// notch (about 100 px, or 3 lines) zooms by about 1.1×, a trackpad pinch (a few pixels an
/// event, many events) by its own small amount, so it stays smooth. Each event counts at most
/// 10 px, as tldraw and Excalidraw cap a step; negative pixels zoom in.
pub fn wheel_zoom(pixels: f64) -> f64 {
    (-pixels.clamp(-10.0, 10.0) * 0.01).exp()
}

pub fn snap(v: f64) -> f64 {
    (v / GRID).round() * GRID
}

/// How many pairs of boxes overlap in `m` (the layout and placement tests want none).
#[cfg(test)]
pub fn overlapping_pairs(m: &Model) -> usize {
    let rects: Vec<Rect> = m.entities.iter().map(entity_rect).collect();
    (0..rects.len())
        .flat_map(|i| (i + 1..rects.len()).map(move |j| (i, j)))
        .filter(|&(i, j)| rects[i].intersects(&rects[j]))
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::BsonType;

    #[test]
    fn box_height_counts_nested_rows() {
        let mut e = Entity::new("a", "a");
        let mut addr = Field::new("direccion", BsonType::Object);
        addr.fields = vec![Field::new("calle", BsonType::String), Field::new("cp", BsonType::String)];
        e.fields = vec![Field::new("_id", BsonType::ObjectId), addr];
        assert_eq!(rows(&e).len(), 4);
        assert_eq!(rows(&e)[2].depth, 1);
        assert_eq!(entity_rect(&e).h, HEADER_HEIGHT + 4.0 * ROW_HEIGHT + 2.0 * BOX_PADDING);
    }

    #[test]
    fn camera_zoom_keeps_the_point_under_the_cursor() {
        let cam = Camera { x: 10.0, y: 20.0, zoom: 1.0 };
        let screen = Point { x: 200.0, y: 150.0 };
        let before = cam.to_diagram(screen);
        let after = cam.zoom_at(screen, 2.0).to_diagram(screen);
        assert!((before.x - after.x).abs() < 1e-9 && (before.y - after.y).abs() < 1e-9);
    }

    #[test]
    fn a_wheel_notch_zooms_by_about_a_tenth_and_a_pinch_by_little() {
        // Chromium's mouse notch: 100 px; Firefox's: 3 lines.
        for notch in [wheel_pixels(-100.0, 0, 800.0), wheel_pixels(-3.0, 1, 800.0)] {
            let f = wheel_zoom(notch);
            assert!((1.09..=1.12).contains(&f), "a notch in zooms {f}×");
            assert!((1.0 / wheel_zoom(-notch) - f).abs() < 1e-9, "a notch out undoes a notch in");
        }
        // A pinch of 30 events of 2 px zooms about as far as three notches, in small steps.
        let pinch: f64 = (0..30).map(|_| wheel_zoom(-2.0)).product();
        assert!(wheel_zoom(-2.0) < 1.03 && (1.6..1.9).contains(&pinch), "{pinch}");
        // One notch from 41% is a step, not the 2.7× jump it was (41% to 112%).
        assert!(0.41 * wheel_zoom(-100.0) < 0.46);
    }

    #[test]
    fn fit_shows_the_whole_content() {
        let content = Rect { x: -100.0, y: 50.0, w: 2000.0, h: 1000.0 };
        let cam = fit(&content, 1000.0, 800.0);
        let visible = cam.visible(1000.0, 800.0);
        assert!(visible.x <= content.x && visible.right() >= content.right());
        assert!(visible.y <= content.y && visible.bottom() >= content.bottom());
    }

    #[test]
    fn rubber_band_selects_intersecting_boxes() {
        let mut m = Model::new("t");
        let mut a = Entity::new("a", "a");
        a.position = Point { x: 0.0, y: 0.0 };
        let mut b = Entity::new("b", "b");
        b.position = Point { x: 500.0, y: 500.0 };
        m.entities = vec![a, b];
        let area = Rect::from_corners(Point { x: -10.0, y: -10.0 }, Point { x: 50.0, y: 50.0 });
        assert_eq!(entities_in(&m, &area), vec!["a".to_string()]);
        assert_eq!(entity_at(&m, Point { x: 510.0, y: 510.0 }).map(|e| e.id.as_str()), Some("b"));
    }
}
