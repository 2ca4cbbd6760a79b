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
    /// The rule's doc comment, Markdown: What it does / Why is this bad? / Example /
    /// Use instead / References.
    pub docs: &'static str,
}

impl RuleMeta {
    /// The first paragraph under "What it does", for short explanations.
    pub fn summary(&self) -> &'static str {
        let body = self.docs.split("## What it does").nth(1).unwrap_or(self.docs);
        let body = body.trim_start();
        let end = body.find("\n\n").or_else(|| body.find("\n#")).unwrap_or(body.len());
        body[..end].trim()
    }

    /// The "Why is this bad?" section.
    pub fn why(&self) -> &'static str {
        section(self.docs, "## Why is this bad?")
    }
}

fn section(docs: &'static str, heading: &str) -> &'static str {
    match docs.split_once(heading) {
        Some((_, rest)) => {
            let end = rest.find("\n## ").unwrap_or(rest.len());
            rest[..end].trim()
        }
        None => "",
    }
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
                docs: concat!($($doc, "\n"),*),
            };

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
