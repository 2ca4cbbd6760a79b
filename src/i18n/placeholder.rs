//! The placeholders of a sentence template: `{name}` with a lowercase identifier (letters,
//! digits, `_`). Any other brace is literal text, so templates can quote MongoDB syntax such as
//! `{ $inc: … }`, and a `{name}` the sentence has no argument for is shown as written.

/// A piece of a template: literal text, or the argument a placeholder names.
#[derive(Debug, PartialEq)]
pub(super) enum Piece<'t, A> {
    Literal(&'t str),
    Arg(A),
}

/// The pieces of `template`, in order: the literal text between placeholders (each run in one
/// piece) and, for each placeholder, what `arg` finds for its name. A placeholder `arg` finds
/// nothing for is literal text.
pub(super) fn pieces<'t, A, F>(template: &'t str, arg: F) -> Pieces<'t, A, F>
where
    F: FnMut(&'t str) -> Option<A>,
{
    Pieces { template, literal: 0, from: 0, arg, next: None }
}

/// See [`pieces`].
pub(super) struct Pieces<'t, A, F> {
    template: &'t str,
    /// Where the literal text not given yet starts.
    literal: usize,
    /// Where the search for the next placeholder goes on.
    from: usize,
    arg: F,
    /// The argument to give after the literal text before it.
    next: Option<A>,
}

impl<'t, A, F> Iterator for Pieces<'t, A, F>
where
    F: FnMut(&'t str) -> Option<A>,
{
    type Item = Piece<'t, A>;

    fn next(&mut self) -> Option<Piece<'t, A>> {
        if let Some(arg) = self.next.take() {
            return Some(Piece::Arg(arg));
        }
        let template = self.template;
        while let Some(open) = template.get(self.from..).and_then(|rest| rest.find('{')).map(|at| self.from + at) {
            let after = open + 1;
            let found = placeholder(&template[after..]).and_then(|name| Some((name, (self.arg)(name)?)));
            let Some((name, arg)) = found else {
                self.from = after;
                continue;
            };
            let literal = &template[self.literal..open];
            self.literal = after + name.len() + 1;
            self.from = self.literal;
            if literal.is_empty() {
                return Some(Piece::Arg(arg));
            }
            self.next = Some(arg);
            return Some(Piece::Literal(literal));
        }
        self.from = template.len();
        let rest = template.get(self.literal..).filter(|rest| !rest.is_empty())?;
        self.literal = template.len();
        Some(Piece::Literal(rest))
    }
}

/// The name of a placeholder starting right after `{`, if `s` starts with `name}`.
fn placeholder(s: &str) -> Option<&str> {
    let end = s.find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))?;
    (end > 0 && s[end..].starts_with('}')).then(|| &s[..end])
}

/// Every placeholder name of `template`, in order.
pub fn placeholders(template: &str) -> Vec<&str> {
    pieces(template, Some)
        .filter_map(|piece| match piece {
            Piece::Arg(name) => Some(name),
            Piece::Literal(_) => None,
        })
        .collect()
}

/// `template` without its placeholders (what is left are its own words).
pub(super) fn without_placeholders(template: &str) -> String {
    pieces(template, Some)
        .filter_map(|piece| match piece {
            Piece::Literal(text) => Some(text),
            Piece::Arg(_) => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_lowercase_names_in_braces_and_the_rest_is_literal() {
        let template = "{ $inc: {n} } {unknown} {} {N} a{b}c é{n}ü {{n}} { n } ends with {n";
        assert_eq!(placeholders(template), ["n", "unknown", "b", "n", "n"]);
        assert_eq!(without_placeholders(template), "{ $inc:  }  {} {N} ac éü {} { n } ends with {n");
        let known = |name: &str| (name != "unknown").then(|| name.to_uppercase());
        let written: Vec<Piece<String>> = pieces("{a}{unknown} x{b}", known).collect();
        assert_eq!(
            written,
            [Piece::Arg("A".into()), Piece::Literal("{unknown} x"), Piece::Arg("B".into())],
            "literal text between two arguments comes in one piece; none is empty"
        );
        assert_eq!(pieces("", Some).count(), 0);
        assert_eq!(placeholders("sin marcadores, más de ocho bytes: {"), Vec::<&str>::new());
    }
}
