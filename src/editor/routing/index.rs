//! A uniform bucket grid over rectangles, so "what is near here" looks at a few boxes, not all.

use crate::editor::geometry::Rect;
use std::cell::OnceCell;
use std::sync::Arc;

/// The default cell size: a few boxes wide.
const CELL: f64 = 256.0;

/// Rectangles bucketed by the cells they cover; items are indices into `rects`.
#[derive(Debug, Clone, Default)]
pub struct Grid {
    pub rects: Vec<Rect>,
    x0: f64,
    y0: f64,
    cols: usize,
    rows: usize,
    cell: f64,
    cells: Vec<Vec<u32>>,
    /// Items added after the grid was sized that fall outside it.
    outside: Vec<u32>,
}

impl Grid {
    /// A grid sized to cover `area` (items outside it still work, just slower).
    pub fn over(area: Rect) -> Grid {
        Grid::with_cell(area, CELL)
    }

    /// A grid of `cell`-sized cells: smaller ones for many long thin items (segments).
    pub fn with_cell(area: Rect, cell: f64) -> Grid {
        let cols = ((area.w / cell).ceil() as usize).clamp(1, 1024);
        let rows = ((area.h / cell).ceil() as usize).clamp(1, 1024);
        Grid { x0: area.x, y0: area.y, cols, rows, cell, cells: vec![Vec::new(); cols * rows], ..Grid::default() }
    }

    /// A grid of cells of at least `cell`, larger where `area` is wide for the `items` it will
    /// hold: a few cells per item, not thousands of empty ones to make and drop.
    pub fn for_items(area: Rect, cell: f64, items: usize) -> Grid {
        let fit = (area.w.max(0.0) * area.h.max(0.0) / (4 * items.max(16)) as f64).sqrt();
        Grid::with_cell(area, if fit.is_finite() { cell.max(fit) } else { cell })
    }

    fn span(&self, r: &Rect) -> Option<(usize, usize, usize, usize)> {
        let c0 = ((r.x - self.x0) / self.cell).floor();
        let c1 = ((r.right() - self.x0) / self.cell).floor();
        let r0 = ((r.y - self.y0) / self.cell).floor();
        let r1 = ((r.bottom() - self.y0) / self.cell).floor();
        if !(c0.is_finite() && c1.is_finite() && r0.is_finite() && r1.is_finite()) {
            return None;
        }
        let clamp = |v: f64, n: usize| v.max(0.0).min(n as f64 - 1.0) as usize;
        let inside = c1 >= 0.0 && r1 >= 0.0 && c0 < self.cols as f64 && r0 < self.rows as f64;
        inside.then(|| (clamp(c0, self.cols), clamp(c1, self.cols), clamp(r0, self.rows), clamp(r1, self.rows)))
    }

    pub fn insert(&mut self, r: Rect) -> usize {
        let id = self.rects.len();
        self.rects.push(r);
        let fully_inside = r.x >= self.x0
            && r.y >= self.y0
            && r.right() < self.x0 + self.cols as f64 * self.cell
            && r.bottom() < self.y0 + self.rows as f64 * self.cell;
        if !fully_inside {
            self.outside.push(id as u32);
        }
        if let Some((c0, c1, r0, r1)) = self.span(&r) {
            for row in r0..=r1 {
                for col in c0..=c1 {
                    self.cells[row * self.cols + col].push(id as u32);
                }
            }
        }
        id
    }

    /// Calls `f` with every item whose rectangle may meet `area` (some twice); stops when `f`
    /// returns true, and returns whether it did.
    pub fn any(&self, area: &Rect, mut f: impl FnMut(usize, &Rect) -> bool) -> bool {
        if let Some((c0, c1, r0, r1)) = self.span(area) {
            for row in r0..=r1 {
                for col in c0..=c1 {
                    for &id in &self.cells[row * self.cols + col] {
                        if f(id as usize, &self.rects[id as usize]) {
                            return true;
                        }
                    }
                }
            }
        }
        self.outside.iter().any(|&id| f(id as usize, &self.rects[id as usize]))
    }

    /// The items whose rectangles may meet `area`, each once.
    pub fn near(&self, area: &Rect) -> Vec<usize> {
        let mut out = Vec::new();
        self.any(area, |i, _| {
            out.push(i);
            false
        });
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// The boxes as obstacles: their real rectangles, indexed. A drag's re-routes start from the
/// index at rest and lay the moved boxes over it ([`Boxes::with_moved`]) instead of indexing
/// every box again.
#[derive(Debug, Clone)]
pub struct Boxes {
    /// The boxes where the index was built (shared with the re-routes that start from it).
    grid: Arc<Grid>,
    /// The boxes that moved since: skipped in `grid`, and looked at here where they are now.
    moved: Vec<(usize, Rect)>,
    hidden: Vec<bool>,
    /// Every padded edge coordinate, sorted and without repeats: the search grid's lines.
    pub xs: Vec<f64>,
    pub ys: Vec<f64>,
    /// The same with repeats (one per box edge), to take a moved box's edges out again.
    all_xs: Arc<Vec<f64>>,
    all_ys: Arc<Vec<f64>>,
    pub pad: f64,
}

impl Boxes {
    pub fn new(boxes: &[Rect]) -> Boxes {
        Boxes::padded(boxes, super::PAD)
    }

    pub fn padded(boxes: &[Rect], pad: f64) -> Boxes {
        let area = boxes.iter().copied().reduce(|a, b| a.union(&b)).unwrap_or_default();
        let mut grid = Grid::over(super::grow(&area, 64.0));
        let (mut xs, mut ys) = (Vec::with_capacity(boxes.len() * 2), Vec::with_capacity(boxes.len() * 2));
        for r in boxes {
            grid.insert(*r);
            xs.extend([r.x - pad, r.right() + pad]);
            ys.extend([r.y - pad, r.bottom() + pad]);
        }
        let (all_xs, all_ys) = (with_repeats(xs), with_repeats(ys));
        Boxes {
            grid: Arc::new(grid),
            moved: Vec::new(),
            hidden: Vec::new(),
            xs: sorted(all_xs.clone()),
            ys: sorted(all_ys.clone()),
            all_xs: Arc::new(all_xs),
            all_ys: Arc::new(all_ys),
            pad,
        }
    }

    /// This index with the boxes whose rectangle in `boxes` differs from the indexed one at
    /// their new places: the work is that of the boxes that moved, not of all of them. Falls
    /// back to indexing `boxes` anew when their number changed or this index has moved boxes.
    pub fn with_moved(&self, boxes: &[Rect]) -> Boxes {
        if boxes.len() != self.grid.rects.len() || !self.moved.is_empty() {
            return Boxes::padded(boxes, self.pad);
        }
        let moved: Vec<(usize, Rect)> =
            boxes.iter().enumerate().filter(|(i, r)| **r != self.grid.rects[*i]).map(|(i, r)| (i, *r)).collect();
        if moved.is_empty() {
            return self.clone();
        }
        let mut hidden = vec![false; boxes.len()];
        let (mut all_xs, mut all_ys) = ((*self.all_xs).clone(), (*self.all_ys).clone());
        let pad = self.pad;
        for &(i, now) in &moved {
            hidden[i] = true;
            let was = self.grid.rects[i];
            for (v, old, new) in [
                (&mut all_xs, [was.x - pad, was.right() + pad], [now.x - pad, now.right() + pad]),
                (&mut all_ys, [was.y - pad, was.bottom() + pad], [now.y - pad, now.bottom() + pad]),
            ] {
                for x in old {
                    if let Ok(at) = v.binary_search_by(|a| a.total_cmp(&x)) {
                        v.remove(at);
                    }
                }
                for x in new.into_iter().filter(|x| x.is_finite()) {
                    let at = v.partition_point(|a| *a < x);
                    v.insert(at, x);
                }
            }
        }
        Boxes {
            grid: self.grid.clone(),
            hidden,
            xs: sorted(all_xs.clone()),
            ys: sorted(all_ys.clone()),
            all_xs: Arc::new(all_xs),
            all_ys: Arc::new(all_ys),
            moved,
            pad,
        }
    }

    /// Calls `f` with every box (its index and rectangle) that may meet `area` (some twice);
    /// stops when `f` returns true, and returns whether it did.
    pub fn any(&self, area: &Rect, mut f: impl FnMut(usize, &Rect) -> bool) -> bool {
        if self.moved.is_empty() {
            return self.grid.any(area, f);
        }
        self.grid.any(area, |i, r| !self.hidden[i] && f(i, r)) || self.moved.iter().any(|(i, r)| f(*i, r))
    }

    /// Whether the inside of `area` meets the inside of a box pushed out by `by` (touching
    /// does not count).
    pub fn blocked(&self, area: &Rect, by: f64) -> bool {
        let probe = super::grow(area, by);
        self.any(&probe, |_, r| strictly_overlap(&super::grow(r, by), area))
    }
}

/// The boxes indexed with a smaller clearance, for the arrows that find no way with the usual
/// one: made on first need, from the one at rest where a drag's re-route has it.
pub struct Tight<'a> {
    made: OnceCell<Boxes>,
    at_rest: Option<&'a Boxes>,
    boxes: &'a [Rect],
}

impl<'a> Tight<'a> {
    /// The clearance it keeps.
    pub const PAD: f64 = 4.0;

    pub fn new(boxes: &'a [Rect], at_rest: Option<&'a Boxes>) -> Tight<'a> {
        Tight { made: OnceCell::new(), at_rest, boxes }
    }

    pub fn get(&self) -> &Boxes {
        self.made.get_or_init(|| match self.at_rest {
            Some(rest) => rest.with_moved(self.boxes),
            None => Boxes::padded(self.boxes, Tight::PAD),
        })
    }

    /// The index, if it was made.
    pub fn made(self) -> Option<Boxes> {
        self.made.into_inner()
    }
}

/// Finite values sorted, repeats kept.
fn with_repeats(mut v: Vec<f64>) -> Vec<f64> {
    v.retain(|x| x.is_finite());
    v.sort_by(f64::total_cmp);
    v
}

/// Whether the insides of two rectangles meet (a zero-width one counts by its line).
pub fn strictly_overlap(a: &Rect, b: &Rect) -> bool {
    const E: f64 = 0.01;
    a.x < b.right() - E && b.x < a.right() - E && a.y < b.bottom() - E && b.y < a.bottom() - E
}

/// `v` with `x` in its sorted place (unless a value within a hundredth is there).
pub fn with_value(v: &[f64], x: f64) -> Vec<f64> {
    let at = v.partition_point(|a| *a < x - 0.01);
    let mut out = Vec::with_capacity(v.len() + 1);
    out.extend_from_slice(&v[..at]);
    if v.get(at).is_none_or(|a| (a - x).abs() >= 0.01) {
        out.push(x);
    }
    out.extend_from_slice(&v[at..]);
    out
}

/// Sorted, without values closer than a hundredth.
pub fn sorted(mut v: Vec<f64>) -> Vec<f64> {
    v.retain(|x| x.is_finite());
    v.sort_by(f64::total_cmp);
    v.dedup_by(|a, b| (*a - *b).abs() < 0.01);
    v
}
