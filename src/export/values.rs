//! Realistic scalar values for one field: from its example, enum, pattern, bounds, type and the
//! kind of value its name suggests. Deterministic: all randomness comes from the caller's `Rng`.

use super::bson::Bson;
use super::datetime::{iso_day, parse_iso, reference_ms, MS_PER_DAY};
use super::lexicon::{fold, normalize, Lang, Lexicon};
use super::pattern::Pattern;
use super::rng::Rng;
use super::semantic::{int_range, real_range, Sem};
use super::shape::Node;
use crate::model::BsonType;

/// Generated strings stay under this many bytes whatever the model's figures say.
const MAX_TEXT: u64 = 100_000;

/// What the scalar generator needs besides the field.
pub struct Scalars<'a> {
    pub lex: &'a Lexicon,
    pub lang: Lang,
    /// Example documents use the fields' `example` values and show every optional field.
    pub example_mode: bool,
}

impl Scalars<'_> {
    /// A value of type `ty` for `node` (the node's own type, or an array's item type).
    pub fn value(&self, node: &Node, ty: BsonType, rng: &mut Rng, context: &str) -> Bson {
        if self.example_mode {
            if let Some(v) = node.example.as_ref().and_then(|e| json_to_bson(e, ty)) {
                return v;
            }
        }
        if !node.constraints.r#enum.is_empty() {
            if let Some(v) = rng.pick(&node.constraints.r#enum).and_then(|v| json_to_bson(v, ty)) {
                return v;
            }
        }
        match ty {
            BsonType::String => Bson::String(self.string(node, rng, context).into()),
            BsonType::Int => Bson::Int(self.integer(node, rng).clamp(i32::MIN as i64, i32::MAX as i64) as i32),
            BsonType::Long => Bson::Long(self.integer(node, rng)),
            BsonType::Double => Bson::Double(self.real(node, rng)),
            BsonType::Decimal => Bson::Decimal(two_decimals(self.real(node, rng))),
            BsonType::Bool => Bson::Bool(self.example_mode || rng.chance(0.7)),
            BsonType::Date => Bson::Date(random_date(rng)),
            BsonType::ObjectId => Bson::ObjectId(random_oid(rng)),
            BsonType::BinData => {
                let n = node.size.avg_bytes.unwrap_or(16).min(self.text_cap(64)) as usize;
                Bson::Binary((0..n).map(|_| rng.below(256) as u8).collect())
            }
            BsonType::Timestamp => Bson::Timestamp { t: (random_date(rng) / 1000) as u32, i: 1 },
            BsonType::Null => Bson::Null,
            BsonType::Object => Bson::Document(Default::default()),
            BsonType::Array => Bson::Array(Vec::new()),
        }
    }

    /// Examples stay readable (`example_cap`); generated documents follow the size hints up to
    /// the 16 MiB document limit, so a bloated design generates bloated documents.
    fn text_cap(&self, example_cap: u64) -> u64 {
        if self.example_mode {
            example_cap
        } else {
            16 * 1024 * 1024
        }
    }

    fn string(&self, node: &Node, rng: &mut Rng, context: &str) -> String {
        let c = &node.constraints;
        let candidate = self.realistic_string(node, rng, context);
        let fits_len = |s: &str| {
            let n = s.chars().count() as u64;
            c.min_length.is_none_or(|m| n >= m) && c.max_length.is_none_or(|m| n <= m)
        };
        if let Some(p) = &c.pattern {
            let fallback = || node.example.as_ref().and_then(|e| e.as_str()).map(str::to_string);
            return match &Pattern::parse(p) {
                Ok(pat) if pat.is_match(&candidate) && fits_len(&candidate) => candidate,
                Ok(pat) => (0..20)
                    .map(|_| pat.generate(rng))
                    .find(|s| fits_len(s) && pat.is_match(s))
                    .or_else(fallback)
                    .unwrap_or(candidate),
                Err(_) => fallback().unwrap_or(candidate),
            };
        }
        fit_length(candidate, c.min_length, c.max_length, self.lex, rng)
    }

    fn realistic_string(&self, node: &Node, rng: &mut Rng, context: &str) -> String {
        let lex = self.lex;
        let pick = |rng: &mut Rng, items: &[&str]| rng.pick(items).copied().unwrap_or("x").to_string();
        let person = |rng: &mut Rng| format!("{} {}", pick(rng, lex.first_names), pick(rng, lex.last_names));
        match node.sem {
            Sem::Email => {
                let name = format!("{}.{}", pick(rng, lex.first_names), pick(rng, lex.last_names));
                let local: String =
                    normalize(&name).chars().filter(|c| c.is_ascii_alphanumeric() || *c == '.').collect();
                format!("{local}@{}", lex.email_domain)
            }
            Sem::Phone => {
                format!("{}{:02} {:03} {:03}", lex.phone_prefix, rng.below(100), rng.below(1000), rng.below(1000))
            }
            Sem::Url => format!("https://www.{}/{}/{}", lex.email_domain, slug(context), rng.range(1000, 99_999)),
            Sem::Image => format!("https://img.{}/{}/{}.jpg", lex.email_domain, slug(context), rng.range(1000, 99_999)),
            Sem::Isbn => isbn13(rng),
            Sem::Issn => issn(rng),
            Sem::PostalCode if self.lang == Lang::Pt => {
                format!("{:05}-{:03}", rng.range(1000, 99_999), rng.below(1000))
            }
            Sem::PostalCode => format!("{:05}", rng.range(1000, 52_999)),
            Sem::City => pick(rng, lex.cities),
            Sem::Country => pick(rng, lex.countries),
            Sem::Street => format!("{}, {}", pick(rng, lex.streets), rng.range(1, 200)),
            Sem::Branch => pick(rng, lex.branches),
            Sem::FirstName => pick(rng, lex.first_names),
            Sem::LastName => pick(rng, lex.last_names),
            Sem::PersonName => person(rng),
            Sem::ProductName => pick(rng, lex.products),
            Sem::ClubName => match self.lang {
                Lang::Es => format!("Club de lectura {}", pick(rng, lex.branches)),
                Lang::Pt => format!("Clube de leitura {}", pick(rng, lex.branches)),
                Lang::En => format!("{} Book Club", pick(rng, lex.branches)),
            },
            Sem::Title => title(rng, lex),
            Sem::NormalizedTitle => normalize(&title(rng, lex)),
            Sem::Text => {
                let avg = node.size.avg_bytes.unwrap_or(120).min(self.text_cap(MAX_TEXT)) as f64;
                let target = if self.example_mode { avg } else { avg * rng.real(0.5, 1.5) };
                text(rng, lex, target as usize)
            }
            Sem::SearchTerm | Sem::Tag | Sem::Generic => {
                let avg = node.size.avg_bytes.unwrap_or(0).min(self.text_cap(MAX_TEXT));
                if avg > 60 {
                    text(rng, lex, avg as usize)
                } else {
                    pick(rng, lex.words)
                }
            }
            Sem::Status => pick(rng, lex.status),
            Sem::Code => format!(
                "{}{}-{:04}",
                (b'A' + rng.below(26) as u8) as char,
                (b'A' + rng.below(26) as u8) as char,
                rng.below(10_000)
            ),
            Sem::Currency => lex.currency.to_string(),
            Sem::Language => match self.lang {
                Lang::Es => "es",
                Lang::Pt => "pt",
                Lang::En => "en",
            }
            .to_string(),
            Sem::Date => iso_day(random_date(rng)),
            Sem::Id => {
                let prefix: String = normalize(context).chars().filter(char::is_ascii_alphabetic).take(3).collect();
                format!("{}-{}", prefix.to_ascii_uppercase(), rng.range(1, 99_999))
            }
            other => {
                let (lo, hi) = int_range(other);
                rng.range(lo, hi).to_string()
            }
        }
    }

    fn integer(&self, node: &Node, rng: &mut Rng) -> i64 {
        let (lo, hi) = int_range(node.sem);
        let c = &node.constraints;
        let (lo, hi) = intersect((lo as f64, hi as f64), c.minimum.map(f64::ceil), c.maximum.map(f64::floor));
        rng.range(lo as i64, hi as i64)
    }

    fn real(&self, node: &Node, rng: &mut Rng) -> f64 {
        let (lo, hi, decimals) = real_range(node.sem);
        let c = &node.constraints;
        let (lo, hi) = intersect((lo, hi), c.minimum, c.maximum);
        let scale = 10f64.powi(decimals);
        let x = (rng.real(lo, hi) * scale).round() / scale;
        x.clamp(lo, hi)
    }
}

/// `format!("{:.2}", x)`, without the float formatter when `x` is already a positive number of
/// hundredths (what `real` draws for money): its nearest double is far from any rounding tie,
/// so the digits are those of the whole number of hundredths.
fn two_decimals(x: f64) -> String {
    let hundredths = (x * 100.0).round();
    if x > 0.0 && x < 1e12 && hundredths / 100.0 == x {
        let n = hundredths as u64;
        let mut out = String::with_capacity(16);
        super::ejson::push_int(&mut out, (n / 100) as i64);
        out.push('.');
        let cents = (n % 100) as u8;
        out.push((b'0' + cents / 10) as char);
        out.push((b'0' + cents % 10) as char);
        return out;
    }
    format!("{x:.2}")
}

/// A realistic range cut by the field's bounds; when they do not overlap, the bounds win.
fn intersect((lo, hi): (f64, f64), min: Option<f64>, max: Option<f64>) -> (f64, f64) {
    let min = min.filter(|m| m.is_finite());
    let max = max.filter(|m| m.is_finite());
    let (a, b) = (min.map_or(lo, |m| lo.max(m)), max.map_or(hi, |m| hi.min(m)));
    if a <= b {
        return (a, b);
    }
    let span = hi - lo;
    match (min, max) {
        (Some(m), Some(n)) if m <= n => (m, n),
        (Some(m), _) => (m, m + span),
        (_, Some(n)) => (n - span, n),
        _ => (lo, hi),
    }
}

/// Converts a JSON value from the model (an example or an enum member) to BSON of type `ty`.
pub fn json_to_bson(v: &serde_json::Value, ty: BsonType) -> Option<Bson> {
    use serde_json::Value;
    Some(match (ty, v) {
        (BsonType::String, Value::String(s)) => Bson::String(s.clone().into()),
        (BsonType::String, Value::Number(n)) => Bson::String(n.to_string().into()),
        (BsonType::Int, v) => Bson::Int(i32::try_from(integral(v)?).ok()?),
        (BsonType::Long, v) => Bson::Long(integral(v)?),
        (BsonType::Double, Value::Number(n)) => Bson::Double(n.as_f64()?),
        (BsonType::Decimal, Value::Number(n)) => Bson::Decimal(n.to_string()),
        (BsonType::Decimal, Value::String(s)) if s.parse::<f64>().is_ok() => Bson::Decimal(s.clone()),
        (BsonType::Bool, Value::Bool(b)) => Bson::Bool(*b),
        (BsonType::Date, Value::String(s)) => Bson::Date(parse_iso(s)?),
        (BsonType::Date, Value::Number(n)) => Bson::Date(n.as_i64()?),
        (BsonType::ObjectId, Value::String(s)) => Bson::ObjectId(parse_oid(s)?),
        (BsonType::Null, Value::Null) => Bson::Null,
        (BsonType::Object, Value::Object(map)) => Bson::Document(super::bson::Doc(
            map.iter().filter_map(|(k, v)| Some((k.clone().into(), json_to_bson(v, guess_type(v))?))).collect(),
        )),
        (BsonType::Array, Value::Array(items)) => {
            Bson::Array(items.iter().filter_map(|v| json_to_bson(v, guess_type(v))).collect())
        }
        _ => return None,
    })
}

fn integral(v: &serde_json::Value) -> Option<i64> {
    v.as_i64().or_else(|| v.as_f64().filter(|x| x.fract() == 0.0 && x.abs() < 9.0e15).map(|x| x as i64))
}

fn guess_type(v: &serde_json::Value) -> BsonType {
    use serde_json::Value;
    match v {
        Value::Null => BsonType::Null,
        Value::Bool(_) => BsonType::Bool,
        Value::Number(n) if n.is_i64() => match n.as_i64() {
            Some(x) if i32::try_from(x).is_ok() => BsonType::Int,
            _ => BsonType::Long,
        },
        Value::Number(_) => BsonType::Double,
        Value::String(_) => BsonType::String,
        Value::Array(_) => BsonType::Array,
        Value::Object(_) => BsonType::Object,
    }
}

/// Parses 24 hex digits.
pub fn parse_oid(s: &str) -> Option<[u8; 12]> {
    if s.len() != 24 || !s.is_ascii() {
        return None;
    }
    let mut out = [0u8; 12];
    for (i, slot) in out.iter_mut().enumerate() {
        *slot = u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// An ObjectId whose timestamp falls in the two years before the reference day.
pub fn random_oid(rng: &mut Rng) -> [u8; 12] {
    let secs = (random_date(rng) / 1000) as u32;
    let mut out = [0u8; 12];
    out[..4].copy_from_slice(&secs.to_be_bytes());
    out[4..].copy_from_slice(&rng.next_u64().to_be_bytes());
    out
}

/// A moment in the two years before the reference day, to the second.
pub fn random_date(rng: &mut Rng) -> i64 {
    let day = reference_ms() - rng.range(0, 729) * MS_PER_DAY;
    day + rng.range(7 * 3600, 23 * 3600) * 1000
}

fn title(rng: &mut Rng, lex: &Lexicon) -> String {
    format!(
        "{} {}",
        rng.pick(lex.title_heads).copied().unwrap_or("Title"),
        rng.pick(lex.title_tails).copied().unwrap_or("")
    )
    .trim()
    .to_string()
}

/// Sentences until the text reaches `target` bytes, never the same sentence twice in a row.
fn text(rng: &mut Rng, lex: &Lexicon, target: usize) -> String {
    let mut out = String::new();
    let mut last = None;
    let n = lex.sentences.len().max(1);
    while out.len() < target.max(1) {
        let mut i = rng.below(n as u64) as usize;
        if last == Some(i) {
            i = (i + 1) % n;
        }
        last = Some(i);
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(lex.sentences.get(i).copied().unwrap_or("."));
    }
    out
}

/// Pads (with words) or cuts a string to the length bounds, counting characters.
fn fit_length(mut s: String, min: Option<u64>, max: Option<u64>, lex: &Lexicon, rng: &mut Rng) -> String {
    if let Some(min) = min.map(|m| m.min(MAX_TEXT)) {
        while (s.chars().count() as u64) < min {
            s.push(' ');
            s.push_str(rng.pick(lex.words).copied().unwrap_or("x"));
        }
    }
    if let Some(max) = max {
        if s.chars().count() as u64 > max {
            s = s.chars().take(max as usize).collect::<String>();
            let trimmed = s.trim_end().to_string();
            if min.is_none_or(|m| trimmed.chars().count() as u64 >= m) {
                s = trimmed;
            }
        }
    }
    s
}

fn slug(text: &str) -> String {
    text.chars().map(fold).map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '-' }).collect()
}

/// An ISBN-13 (978/979 prefix) with a correct check digit.
pub fn isbn13(rng: &mut Rng) -> String {
    let mut digits: Vec<u32> = vec![9, 7, if rng.chance(0.9) { 8 } else { 9 }];
    digits.extend((0..9).map(|_| rng.below(10) as u32));
    let sum: u32 = digits.iter().enumerate().map(|(i, d)| if i % 2 == 0 { *d } else { d * 3 }).sum();
    digits.push((10 - sum % 10) % 10);
    digits.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).collect()
}

/// An ISSN (`1234-5679`) with a correct check digit.
pub fn issn(rng: &mut Rng) -> String {
    let digits: Vec<u32> = (0..7).map(|_| rng.below(10) as u32).collect();
    let sum: u32 = digits.iter().zip((2..=8).rev()).map(|(d, w)| d * w).sum();
    let check = match (11 - sum % 11) % 11 {
        10 => 'X',
        n => char::from_digit(n, 10).unwrap_or('0'),
    };
    let s: String = digits.iter().map(|d| char::from_digit(*d, 10).unwrap_or('0')).collect();
    format!("{}-{}{check}", &s[..4], &s[4..])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::export::lexicon::lexicon;

    fn node(name: &str, ty: BsonType) -> Node<'static> {
        Node::new(name, ty, "socios")
    }

    #[test]
    fn values_follow_names_and_bounds() {
        let s = Scalars { lex: lexicon(Lang::Es), lang: Lang::Es, example_mode: false };
        let mut rng = Rng::new(1);
        let email = s.value(&node("correo", BsonType::String), BsonType::String, &mut rng, "socios");
        assert!(email.as_str().unwrap().ends_with("@ejemplo.es"), "{email:?}");
        let mut edad = node("edad", BsonType::Int);
        edad.constraints.to_mut().minimum = Some(30.0);
        edad.constraints.to_mut().maximum = Some(40.0);
        for _ in 0..100 {
            let v = s.value(&edad, BsonType::Int, &mut rng, "socios").as_i64().unwrap();
            assert!((30..=40).contains(&v));
        }
        let mut isbn = node("isbn", BsonType::String);
        isbn.constraints.to_mut().pattern = Some("^97[89][0-9]{10}$".into());
        let v = s.value(&isbn, BsonType::String, &mut rng, "catalogo");
        assert!(Pattern::parse("^97[89][0-9]{10}$").unwrap().is_match(v.as_str().unwrap()));
        let mut code = node("cualquiera", BsonType::String);
        code.constraints.to_mut().pattern = Some("^X-[0-9]{3}$".into());
        assert!(s.value(&code, BsonType::String, &mut rng, "c").as_str().unwrap().starts_with("X-"));
        let mut short = node("titulo", BsonType::String);
        short.constraints.to_mut().max_length = Some(5);
        assert!(s.value(&short, BsonType::String, &mut rng, "c").as_str().unwrap().chars().count() <= 5);
    }

    #[test]
    fn examples_and_enums_are_used() {
        let s = Scalars { lex: lexicon(Lang::Es), lang: Lang::Es, example_mode: true };
        let mut rng = Rng::new(1);
        let mut id = node("_id", BsonType::String);
        id.example = Some(std::borrow::Cow::Owned(serde_json::json!("ACT-14-2026-08-02")));
        assert_eq!(s.value(&id, BsonType::String, &mut rng, "a"), Bson::str("ACT-14-2026-08-02"));
        let mut tipo = node("tipo", BsonType::String);
        tipo.constraints.to_mut().r#enum = vec![serde_json::json!("ficha")];
        assert_eq!(s.value(&tipo, BsonType::String, &mut rng, "a"), Bson::str("ficha"));
        assert_eq!(json_to_bson(&serde_json::json!("2026-08-02"), BsonType::Date), Some(Bson::Date(1_785_628_800_000)));
    }

    #[test]
    fn two_decimals_match_the_formatter() {
        let mut rng = Rng::new(3);
        let mut values = vec![0.0, -0.0, 0.01, 0.1, 0.125, 0.005, 4.99, 249.99, 1e12, 123_456_789.5, -3.25, f64::NAN];
        values.extend((0..2000).map(|_| (rng.real(0.0, 1000.0) * 100.0).round() / 100.0));
        values.extend((0..2000).map(|_| rng.real(0.0, 1000.0)));
        for x in values {
            assert_eq!(two_decimals(x), format!("{x:.2}"), "{x:?}");
        }
    }

    #[test]
    fn check_digits_are_right() {
        let mut rng = Rng::new(9);
        for _ in 0..20 {
            let isbn = isbn13(&mut rng);
            let sum: u32 =
                isbn.chars().enumerate().map(|(i, c)| c.to_digit(10).unwrap() * if i % 2 == 0 { 1 } else { 3 }).sum();
            assert_eq!(sum % 10, 0, "{isbn}");
            assert_eq!(issn(&mut rng).len(), 9);
        }
    }
}
