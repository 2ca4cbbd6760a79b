//! How a rule is declared: a unit struct whose doc comment is its documentation.
//!
//! ```ignore
//! declare_rule! {
//!     /// ## What it does
//!     /// ...
//!     /// ## Why is this bad?
//!     /// ...
//!     pub UnboundedArray {
//!         code: "DS101",
//!         name: "unbounded-array",
//!         category: AntiPattern,
//!         severity: Error,
//!     }
//! }
//! impl Rule for UnboundedArray { fn check(&self, cx: &Context, out: &mut Vec<Finding>) { ... } }
//! ```

use super::{Category, Context, Finding, Severity};

/// A rule's identity and documentation, known at compile time.
#[derive(Debug, Clone, Copy)]
pub struct RuleMeta {
    pub code: &'static str,
    pub name: &'static str,
    pub category: Category,
    pub severity: Severity,
}

/// A rule: a pure condition over the analysed model that emits findings.
pub trait Rule: Sync {
    fn meta(&self) -> &'static RuleMeta;
    fn check(&self, cx: &Context, out: &mut Vec<Finding>);
}

/// Declares a rule struct and its `RuleMeta`, taking the documentation from the doc comment.
#[macro_export]
macro_rules! declare_rule {
    (
        $(#[doc = $doc:literal])*
        pub $name:ident {
            code: $code:literal,
            name: $rule:literal,
            category: $category:ident,
            severity: $severity:ident $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        pub struct $name;

        impl $name {
            pub const META: $crate::advisor::RuleMeta = $crate::advisor::RuleMeta {
                code: $code,
                name: $rule,
                category: $crate::advisor::Category::$category,
                severity: $crate::advisor::Severity::$severity,
            };

            /// The rule's documentation: its doc comment (see `RuleMeta::docs`).
            pub const DOCS: &'static str = concat!($($doc, "\n"),*);

            /// A finding of this rule with its default severity.
            #[allow(dead_code)]
            pub fn finding(
                place: $crate::model::Place,
                message: impl Into<$crate::i18n::Text>,
                why: impl Into<$crate::i18n::Text>,
                fix_hint: impl Into<$crate::i18n::Text>,
            ) -> $crate::advisor::Finding {
                $crate::advisor::Finding {
                    code: $code,
                    rule: $rule,
                    severity: $crate::advisor::Severity::$severity,
                    place,
                    message: message.into(),
                    why: why.into(),
                    fix_hint: fix_hint.into(),
                    fix: None,
                }
            }
        }
    };
}
