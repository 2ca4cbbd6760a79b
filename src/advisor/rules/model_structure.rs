use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::declare_rule;
use crate::model::check_structure;

declare_rule! {
    /// ## What it does
    /// Reports what makes the model itself inconsistent: an id used twice, a relation or
    /// query that names an entity that does not exist, an embedding cycle, a sub-document
    /// embedded by two parents, a field or collection name MongoDB refuses (empty,
    /// `$`-prefixed, containing NUL or `.`), or a number that cannot be (negative counts).
    ///
    /// ## Why is this bad?
    /// MongoDB rejects documents with such names, and the advisor cannot judge a relation
    /// whose ends do not exist. Every other finding assumes a well-formed model.
    ///
    /// ## Example
    /// A field named `$price`, or a relation whose child was deleted.
    ///
    /// ## Use instead
    /// Rename the field (`price`), reconnect or delete the relation.
    ///
    /// ## References
    /// MongoDB manual, "Field Names" and "Naming Restrictions".
    pub ModelStructure {
        code: "DS001",
        name: "model-structure",
        category: Structure,
        severity: Error,
    }
}

impl Rule for ModelStructure {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for problem in check_structure(cx.model) {
            out.push(Self::finding(
                problem.place,
                problem.message,
                "MongoDB would refuse this, or the advisor cannot judge it.",
                "Fix the element named; the other findings assume a well-formed model.",
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::advisor::analyze;
    use crate::model::{BsonType, Entity, Field, Model};

    #[test]
    fn forbidden_field_name_is_an_error_finding() {
        let mut m = Model::new("t");
        let mut e = Entity::new("u", "users");
        e.fields.push(Field::new("$bad", BsonType::String));
        m.entities.push(e);
        let report = analyze(&m);
        assert!(report.findings.iter().any(|f| f.code == "DS001" && f.message.contains("$bad")));
        assert!(report.has_errors());
    }
}
