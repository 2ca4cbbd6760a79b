//! Relations between entities (the arrows) and the facts the six criteria need.

use serde::{Deserialize, Serialize};

/// Where the child's data lives. Copies (extended reference, subset, computed) are recorded
/// beside the storage choice, so a reference can also carry copies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Storage {
    /// The child lives inside the parent document (solid arrow).
    #[default]
    Embed,
    /// The child is its own collection and points to, or is pointed at by, the parent
    /// (dashed arrow).
    Reference,
    /// The children are grouped into bucket documents (entity-period), referencing the parent.
    Bucket,
    /// The child stays outside MongoDB (another database keeps it).
    Outside,
}

impl Storage {
    pub fn label(self) -> &'static str {
        match self {
            Storage::Embed => "embed",
            Storage::Reference => "reference",
            Storage::Bucket => "bucket",
            Storage::Outside => "outside MongoDB",
        }
    }
}

/// Where a reference is kept.
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct RefPlacement {
    /// Field of the child that holds the parent's id (e.g. `material.material_id`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub child_field: Option<String>,
    /// Field of the parent that holds an array of the children's ids.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_field: Option<String>,
}

/// How many children one parent has.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Cardinality {
    /// Typical (average) number of children per parent.
    pub typical: f64,
    /// Largest number of children a parent can have; `None` means unbounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<u64>,
    /// For unbounded growth: new children per parent per day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub growth_per_day: Option<f64>,
    /// A skewed minority: share of parents (0..1) that go far above `max`, and how far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outliers: Option<Outliers>,
    /// The 99th percentile of children per parent (format version 2): with `typical` (the
    /// median) and `max` it says how heavy the tail is. A p99 that fits where `max` does not
    /// means at most 1% of parents overflow (the outlier pattern's case).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p99: Option<u64>,
    /// Whether a child also belongs to many parents (many-to-many).
    #[serde(default)]
    pub many_to_many: bool,
}

impl Default for Cardinality {
    fn default() -> Self {
        Cardinality { typical: 1.0, max: Some(1), growth_per_day: None, outliers: None, p99: None, many_to_many: false }
    }
}

impl Cardinality {
    pub fn is_unbounded(&self) -> bool {
        self.max.is_none()
    }

    /// The end label drawn on the arrow: `1`, `0..5`, `0..∞`.
    pub fn label(&self) -> String {
        match self.max {
            Some(1) => "1".to_string(),
            Some(max) => format!("0..{max}"),
            None => "0..∞".to_string(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Outliers {
    /// Share of parents over the typical bound (0.002 = 0.2 %).
    pub share: f64,
    /// The most children an outlier parent has.
    pub max: u64,
}

/// How often the child changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Volatility {
    Never,
    #[default]
    Rarely,
    Often,
    Constantly,
}

/// Seed 001 §5: every copied field is immutable, historical (frozen) or live.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum CopyCategory {
    Immutable,
    Historical,
    #[default]
    Live,
}

/// How a live copy is kept coherent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Propagation {
    /// Update the N copies when the source changes (not atomic without a transaction).
    Immediate,
    /// A background job plus a reconciliation pass.
    Deferred,
    /// Do not trust the copy: follow the reference on read.
    Reread,
}

/// A field copied from one side of a relation into the other.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CopiedField {
    /// The source field (dotted path in the source entity).
    pub field: String,
    /// Where the copy lives in the holder (defaults to the source name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub as_field: Option<String>,
    /// The stated category; `None` (format version 2) leaves it to be inferred from the
    /// facts ([`Relation::copy_category`]). Version 1 files, where an absent category meant
    /// live, are upgraded to `Some(Live)` when loaded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<CopyCategory>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub propagation: Option<Propagation>,
    /// The application takes decisions from this copy (price, stock, availability).
    #[serde(default)]
    pub used_to_decide: bool,
}

impl CopiedField {
    pub fn target_name(&self) -> &str {
        self.as_field.as_deref().unwrap_or(&self.field)
    }
}

/// The parent keeps a copy of the N children its main view shows.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Subset {
    /// Array field in the parent (e.g. `resenas_destacadas`).
    pub field: String,
    /// How many children are kept.
    pub size: u32,
    /// Which ones: the sort that picks them (e.g. `votos_utiles:-1`).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub order_by: String,
    /// Field in the parent with the total count (e.g. `total_resenas`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_field: Option<String>,
    /// Child fields copied into each subset item (empty: all).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fields: Vec<String>,
}

/// A value computed from the children and stored in the parent.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Computed {
    /// Field (or sub-document) in the parent, e.g. `valoracion`.
    pub field: String,
    /// What is computed: `avg`, `sum`, `count`, `min`, `max`.
    pub op: String,
    /// The child field it is computed from.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
}

/// Bucket pattern: children grouped per parent and period into one document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BucketSpec {
    /// Array field holding the events (e.g. `eventos`).
    pub array_field: String,
    /// The period a bucket covers (`hour`, `day`, `month`).
    pub period: String,
    /// Most events in one bucket before a new one (`..-2`) is opened.
    pub cap: u64,
    /// Field counting the events (e.g. `num_eventos`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub count_field: Option<String>,
    /// Field with the period start (e.g. `dia`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub period_field: Option<String>,
    /// Retention: a TTL index on the period field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ttl_seconds: Option<u64>,
    /// `_id` scheme, e.g. `ACT-{socio_id}-{dia}`.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id_scheme: String,
}

/// Outlier pattern in use: the overflowing minority is flagged and overflows elsewhere.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OutlierSpec {
    /// Flag field in the parent (e.g. `tiene_extras`).
    pub flag_field: String,
    /// Collection that takes the overflow.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub overflow_collection: String,
}

/// An arrow: `parent` has `cardinality` children `child`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Relation {
    pub id: String,
    pub parent: String,
    pub child: String,
    #[serde(default)]
    pub storage: Storage,
    /// Field in the parent that holds the embedded child (Embed).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub field: String,
    #[serde(default)]
    pub reference: RefPlacement,
    #[serde(default)]
    pub cardinality: Cardinality,
    /// The child is queried without its parent (own screen, moderation, search).
    #[serde(default)]
    pub read_separately: bool,
    #[serde(default)]
    pub child_changes: Volatility,
    /// Average bytes of one child; derived from the child's fields when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub child_bytes: Option<u64>,
    /// The child must change atomically with the parent.
    #[serde(default)]
    pub atomic_with_parent: bool,
    /// Parent fields copied into each child (extended reference).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub extended: Vec<CopiedField>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subset: Option<Subset>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub computed: Vec<Computed>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bucket: Option<BucketSpec>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outlier: Option<OutlierSpec>,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// Format 4: the relation was found in data (`docshape infer` on a dump), and this is what
    /// showed it. Absent for a relation the designer drew.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evidence: Option<Evidence>,
}

/// Format 4: what showed an inferred relation, measured on the data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    /// Where it was measured (a dump folder or archive).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    /// The share (0..1) of the values that support the relation: for a reference, the values of
    /// the referring field found among the parent's `targetField` values; for an embedded
    /// sub-document or array, the parent documents that hold it.
    pub matched: f64,
    /// How many values (or parent documents) that share was measured on.
    pub values: u64,
    /// For a reference: the parent's field the values were found in (`_id`, or a unique field).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_field: Option<String>,
    /// Children per parent as measured (for ids kept in the parent and embedded arrays, the
    /// array's length), over `parents` parents.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub children: Option<MeasuredCount>,
}

/// A measured count per parent (or per execution): how many were measured and the spread.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MeasuredCount {
    /// Parents (or executions) measured.
    pub count: u64,
    pub median: u64,
    /// Not measured for embedded arrays (the inference keeps the median and the p99).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub p95: Option<u64>,
    pub p99: u64,
    pub max: u64,
}

impl Relation {
    pub fn new(id: &str, parent: &str, child: &str, storage: Storage) -> Relation {
        Relation {
            id: id.to_string(),
            parent: parent.to_string(),
            child: child.to_string(),
            storage,
            field: String::new(),
            reference: RefPlacement::default(),
            cardinality: Cardinality::default(),
            read_separately: false,
            child_changes: Volatility::Rarely,
            child_bytes: None,
            atomic_with_parent: false,
            extended: Vec::new(),
            subset: None,
            computed: Vec::new(),
            bucket: None,
            outlier: None,
            notes: String::new(),
            evidence: None,
        }
    }

    /// The category of one of its copies: the stated one, else inferred from the facts. A copy
    /// held by children that are written once and never changed (`childChanges: never`, an
    /// order line) keeps the value as it was when written: historical. Otherwise nothing says
    /// the old value is right, so it is live (and needs a propagation plan).
    pub fn copy_category(&self, copy: &CopiedField) -> CopyCategory {
        match copy.category {
            Some(stated) => stated,
            None if self.child_changes == Volatility::Never => CopyCategory::Historical,
            None => CopyCategory::Live,
        }
    }

    /// Whether the arrow carries copied data (drawn solid): embedding or any copy.
    pub fn copies_data(&self) -> bool {
        self.storage == Storage::Embed
            || !self.extended.is_empty()
            || self.subset.is_some()
            || !self.computed.is_empty()
    }

    /// Whether the arrow carries a reference (drawn dashed).
    pub fn references(&self) -> bool {
        matches!(self.storage, Storage::Reference | Storage::Bucket)
    }
}
