//! The simple regular expressions validators use (`^97[89][0-9]{10}$`, an e-mail shape):
//! parse them, produce a string that matches, and test a candidate value.
//!
//! Supported: literals, `.`, escapes `\d \w \s \D \W \S` and escaped punctuation, classes with
//! ranges and negation, groups `( )` / `(?: )` with `|`, quantifiers `* + ? {n} {n,} {n,m}`
//! (a trailing lazy `?` is accepted), and the anchors `^ $`. Anything else (look-arounds,
//! back-references, `\b`) is refused, and the caller falls back to the field's example.
//! Like `$jsonSchema` and JSON Schema, a pattern matches anywhere unless anchored.

use super::rng::Rng;

#[derive(Debug, Clone, PartialEq)]
enum Node {
    Char(char),
    Class {
        ranges: Vec<(char, char)>,
        negated: bool,
    },
    Any,
    /// Alternatives, each a sequence.
    Group(Vec<Vec<Node>>),
    Repeat {
        node: Box<Node>,
        min: u32,
        max: Option<u32>,
    },
    Start,
    End,
}

/// A parsed pattern.
#[derive(Debug, Clone, PartialEq)]
pub struct Pattern {
    alternatives: Vec<Vec<Node>>,
}

const DIGIT: &[(char, char)] = &[('0', '9')];
const WORD: &[(char, char)] = &[('a', 'z'), ('A', 'Z'), ('0', '9'), ('_', '_')];
const SPACE: &[(char, char)] = &[(' ', ' '), ('\t', '\t'), ('\n', '\n'), ('\r', '\r')];

impl Pattern {
    /// Parses a pattern; `Err` names the construct this subset does not support.
    pub fn parse(text: &str) -> Result<Pattern, String> {
        let chars: Vec<char> = text.chars().collect();
        let mut pos = 0;
        let alternatives = parse_alternatives(&chars, &mut pos, 0)?;
        if pos != chars.len() {
            return Err(format!("unbalanced ')' at {pos}"));
        }
        Ok(Pattern { alternatives })
    }

    /// A string that matches (anchors respected; unanchored patterns get nothing around them).
    pub fn generate(&self, rng: &mut Rng) -> String {
        let mut out = String::new();
        if let Some(alt) = rng.pick(&self.alternatives) {
            gen_seq(alt, rng, &mut out);
        }
        out
    }

    /// Whether `text` matches somewhere (the `$jsonSchema` / JSON Schema meaning of `pattern`).
    pub fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        // The root group, matched without cloning it into a `Node::Group`.
        (0..=chars.len()).any(|start| self.alternatives.iter().any(|alt| match_seq(alt, &chars, start, &mut |_| true)))
    }
}

fn parse_alternatives(c: &[char], pos: &mut usize, depth: usize) -> Result<Vec<Vec<Node>>, String> {
    if depth > 32 {
        return Err("groups nested too deeply".into());
    }
    let mut alternatives = vec![Vec::new()];
    while *pos < c.len() {
        let ch = c[*pos];
        match ch {
            ')' => break,
            '|' => {
                *pos += 1;
                alternatives.push(Vec::new());
                continue;
            }
            _ => {}
        }
        let atom = match ch {
            '^' => {
                *pos += 1;
                Node::Start
            }
            '$' => {
                *pos += 1;
                Node::End
            }
            '.' => {
                *pos += 1;
                Node::Any
            }
            '(' => {
                *pos += 1;
                if c.get(*pos) == Some(&'?') {
                    if c.get(*pos + 1) == Some(&':') {
                        *pos += 2;
                    } else {
                        return Err("look-around groups are not supported".into());
                    }
                }
                let inner = parse_alternatives(c, pos, depth + 1)?;
                if c.get(*pos) != Some(&')') {
                    return Err("unclosed group".into());
                }
                *pos += 1;
                Node::Group(inner)
            }
            '[' => parse_class(c, pos)?,
            '\\' => parse_escape(c, pos)?,
            '*' | '+' | '?' | '{' => return Err(format!("nothing to repeat at {}", *pos)),
            other => {
                *pos += 1;
                Node::Char(other)
            }
        };
        let atom = parse_quantifier(c, pos, atom)?;
        if let Some(seq) = alternatives.last_mut() {
            seq.push(atom);
        }
    }
    Ok(alternatives)
}

fn parse_escape(c: &[char], pos: &mut usize) -> Result<Node, String> {
    let Some(&e) = c.get(*pos + 1) else { return Err("trailing backslash".into()) };
    *pos += 2;
    Ok(match e {
        'd' => Node::Class { ranges: DIGIT.to_vec(), negated: false },
        'D' => Node::Class { ranges: DIGIT.to_vec(), negated: true },
        'w' => Node::Class { ranges: WORD.to_vec(), negated: false },
        'W' => Node::Class { ranges: WORD.to_vec(), negated: true },
        's' => Node::Class { ranges: SPACE.to_vec(), negated: false },
        'S' => Node::Class { ranges: SPACE.to_vec(), negated: true },
        'n' => Node::Char('\n'),
        't' => Node::Char('\t'),
        e if e.is_ascii_alphanumeric() => return Err(format!("the escape \\{e} is not supported")),
        e => Node::Char(e),
    })
}

fn parse_class(c: &[char], pos: &mut usize) -> Result<Node, String> {
    *pos += 1;
    let negated = c.get(*pos) == Some(&'^');
    if negated {
        *pos += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    loop {
        let Some(&ch) = c.get(*pos) else { return Err("unclosed character class".into()) };
        if ch == ']' && !first {
            *pos += 1;
            break;
        }
        first = false;
        let lo = if ch == '\\' {
            match parse_escape(c, pos)? {
                Node::Char(x) => x,
                Node::Class { ranges: r, negated: false } => {
                    ranges.extend(r);
                    continue;
                }
                _ => return Err("negated escapes inside a class are not supported".into()),
            }
        } else {
            *pos += 1;
            ch
        };
        if c.get(*pos) == Some(&'-') && c.get(*pos + 1).is_some_and(|n| *n != ']') {
            let hi = c[*pos + 1];
            *pos += 2;
            if hi < lo {
                return Err(format!("reversed range {lo}-{hi}"));
            }
            ranges.push((lo, hi));
        } else {
            ranges.push((lo, lo));
        }
    }
    Ok(Node::Class { ranges, negated })
}

fn parse_quantifier(c: &[char], pos: &mut usize, atom: Node) -> Result<Node, String> {
    let (min, max) = match c.get(*pos) {
        Some('*') => (0, None),
        Some('+') => (1, None),
        Some('?') => (0, Some(1)),
        Some('{') => {
            let close = c[*pos..].iter().position(|x| *x == '}').ok_or("unclosed {")? + *pos;
            let body: String = c[*pos + 1..close].iter().collect();
            let (a, b) = match body.split_once(',') {
                Some((a, b)) => (a.trim(), Some(b.trim())),
                None => (body.trim(), None),
            };
            let min: u32 = a.parse().map_err(|_| format!("bad repetition {{{body}}}"))?;
            let max = match b {
                None => Some(min),
                Some("") => None,
                Some(b) => Some(b.parse().map_err(|_| format!("bad repetition {{{body}}}"))?),
            };
            *pos = close;
            (min, max)
        }
        _ => return Ok(atom),
    };
    *pos += 1;
    if c.get(*pos) == Some(&'?') {
        *pos += 1;
    }
    if matches!(atom, Node::Start | Node::End) {
        return Err("cannot repeat an anchor".into());
    }
    Ok(Node::Repeat { node: Box::new(atom), min, max })
}

fn gen_seq(seq: &[Node], rng: &mut Rng, out: &mut String) {
    for node in seq {
        gen_node(node, rng, out);
    }
}

fn gen_node(node: &Node, rng: &mut Rng, out: &mut String) {
    match node {
        Node::Char(c) => out.push(*c),
        Node::Any => out.push((b'a' + rng.below(26) as u8) as char),
        Node::Class { ranges, negated: false } => {
            let total: u64 = ranges.iter().map(|(a, b)| *b as u64 - *a as u64 + 1).sum();
            let mut k = rng.below(total);
            for (a, b) in ranges {
                let span = *b as u64 - *a as u64 + 1;
                if k < span {
                    out.push(char::from_u32(*a as u32 + k as u32).unwrap_or(*a));
                    return;
                }
                k -= span;
            }
        }
        Node::Class { ranges, negated: true } => {
            let allowed: Vec<char> =
                ('a'..='z').chain('0'..='9').filter(|c| !ranges.iter().any(|(a, b)| (a..=b).contains(&c))).collect();
            out.push(rng.pick(&allowed).copied().unwrap_or('~'));
        }
        Node::Group(alts) => {
            if let Some(alt) = rng.pick(alts) {
                gen_seq(alt, rng, out);
            }
        }
        Node::Repeat { node, min, max } => {
            let extra = match max {
                Some(max) => max.saturating_sub(*min).min(6),
                None => 6,
            };
            // A guard against absurd counts (`{4294967295}`): the result then fails to match and
            // the caller falls back to the field's example.
            let n = (*min as u64 + rng.below(extra as u64 + 1)).min(10_000);
            for _ in 0..n {
                gen_node(node, rng, out);
            }
        }
        Node::Start | Node::End => {}
    }
}

/// Backtracking match of `node` at `i`, calling `k` with each end position until it accepts.
fn match_node(node: &Node, s: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match node {
        Node::Char(c) => s.get(i) == Some(c) && k(i + 1),
        Node::Any => s.get(i).is_some_and(|c| *c != '\n') && k(i + 1),
        Node::Class { ranges, negated } => {
            s.get(i).is_some_and(|c| ranges.iter().any(|(a, b)| (a..=b).contains(&c)) != *negated) && k(i + 1)
        }
        Node::Start => i == 0 && k(i),
        Node::End => i == s.len() && k(i),
        Node::Group(alts) => alts.iter().any(|alt| match_seq(alt, s, i, k)),
        Node::Repeat { node, min, max } => match_repeat(node, *min, *max, 0, s, i, k),
    }
}

fn match_seq(seq: &[Node], s: &[char], i: usize, k: &mut dyn FnMut(usize) -> bool) -> bool {
    match seq.split_first() {
        None => k(i),
        Some((first, rest)) => match_node(first, s, i, &mut |j| match_seq(rest, s, j, k)),
    }
}

fn match_repeat(
    node: &Node,
    min: u32,
    max: Option<u32>,
    done: u32,
    s: &[char],
    i: usize,
    k: &mut dyn FnMut(usize) -> bool,
) -> bool {
    // A repeated single character is matched in a loop (greedy, then backing off one at a
    // time), so long strings do not deepen the recursion.
    if let Node::Char(_) | Node::Any | Node::Class { .. } = node {
        let one = |c: &char| match node {
            Node::Char(x) => c == x,
            Node::Any => *c != '\n',
            Node::Class { ranges, negated } => ranges.iter().any(|(a, b)| (a..=b).contains(&c)) != *negated,
            _ => false,
        };
        let limit = max.map_or(usize::MAX, |m| m as usize);
        let run = s[i.min(s.len())..].iter().take(limit).take_while(|c| one(c)).count();
        return (min as usize..=run).rev().any(|n| k(i + n));
    }
    // Groups: try one more repetition first (never an empty one), then stop if allowed.
    if done > 10_000 {
        return false;
    }
    let can_more = max.is_none_or(|m| done < m);
    if can_more && match_node(node, s, i, &mut |j| j > i && match_repeat(node, min, max, done + 1, s, j, k)) {
        return true;
    }
    done >= min && k(i)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_strings_match_their_pattern() {
        let patterns = [
            "^97[89][0-9]{10}$",
            r"^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$",
            r"^\d{4}-\d{3}[\dX]$",
            "^(ES|PT|EN)-[A-Z]{2,4}$",
            r"^\+?[0-9 ]{9,15}$",
            "^ACT-[0-9]+(-[0-9]+)?$",
            "abc",
        ];
        let mut rng = Rng::new(3);
        for p in patterns {
            let pat = Pattern::parse(p).unwrap();
            for _ in 0..50 {
                let s = pat.generate(&mut rng);
                assert!(pat.is_match(&s), "{p} generated {s:?}");
            }
        }
    }

    #[test]
    fn matching_is_anchored_only_when_asked() {
        let isbn = Pattern::parse("^97[89][0-9]{10}$").unwrap();
        assert!(isbn.is_match("9788437604947"));
        assert!(!isbn.is_match("978843760494"));
        assert!(!isbn.is_match("x9788437604947"));
        assert!(Pattern::parse("[0-9]{3}").unwrap().is_match("ab123cd"));
        assert!(!Pattern::parse("^a+$").unwrap().is_match("aab"));
        assert!(Pattern::parse("^(a|ab)c$").unwrap().is_match("abc"));
    }

    #[test]
    fn unsupported_constructs_are_refused() {
        assert!(Pattern::parse("(?=a)").is_err());
        assert!(Pattern::parse(r"\bword").is_err());
        assert!(Pattern::parse("[a-").is_err());
        assert!(Pattern::parse("*a").is_err());
    }
}
