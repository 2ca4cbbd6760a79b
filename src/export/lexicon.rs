//! Word pools for realistic example values, in Spanish, Portuguese and English. The language of
//! a model is read from its field names (`nombre`/`fecha` → Spanish, `nome`/`data` → Portuguese).

use crate::model::Model;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    Es,
    Pt,
    En,
}

/// The word pools of one language.
pub struct Lexicon {
    pub first_names: &'static [&'static str],
    pub last_names: &'static [&'static str],
    pub cities: &'static [&'static str],
    pub streets: &'static [&'static str],
    pub countries: &'static [&'static str],
    pub branches: &'static [&'static str],
    /// Title pieces: `{a} {b}` reads as a title.
    pub title_heads: &'static [&'static str],
    pub title_tails: &'static [&'static str],
    pub words: &'static [&'static str],
    pub sentences: &'static [&'static str],
    pub products: &'static [&'static str],
    pub status: &'static [&'static str],
    pub email_domain: &'static str,
    pub phone_prefix: &'static str,
    pub currency: &'static str,
}

const ES: Lexicon = Lexicon {
    first_names: &["Marta", "Lucía", "Javier", "Carmen", "Diego", "Elena", "Pablo", "Sofía", "Andrés", "Irene"],
    last_names: &["García", "Fernández", "López", "Martín", "Sánchez", "Romero", "Navarro", "Torres", "Ruiz", "Vidal"],
    cities: &["Madrid", "Sevilla", "Valencia", "Bilbao", "Zaragoza", "Ciudad de México", "Bogotá", "Lima"],
    streets: &["Calle Mayor", "Av. Reforma", "Calle del Prado", "Paseo de la Castellana", "Calle Alcalá"],
    countries: &["España", "México", "Colombia", "Argentina", "Perú", "Chile"],
    branches: &["Centro", "Norte", "Sur", "Universidad", "Puerto"],
    title_heads: &["La sombra", "El jardín", "Historia", "El último viaje", "Cartas", "La ciudad", "Memorias"],
    title_tails: &["del viento", "de las horas", "de un lector", "al sur", "sin nombre", "de agua", "del faro"],
    words: &["libro", "lectura", "novela", "ensayo", "poesía", "historia", "ciencia", "viaje", "mar", "ciudad"],
    sentences: &[
        "Una lectura ágil que atrapa desde la primera página.",
        "Los personajes están bien construidos y el final sorprende.",
        "Recomendable para quien busque una historia sencilla y bien contada.",
        "El ritmo decae en la segunda mitad, pero merece la pena.",
        "Una edición cuidada con notas útiles para el lector.",
        "El autor retrata la ciudad con detalle y cariño.",
        "La traducción conserva el tono del original.",
        "Ideal para leer en el tren, por capítulos cortos.",
        "Tiene momentos brillantes y algún tramo algo lento.",
        "Las ilustraciones acompañan muy bien al texto.",
        "Me hizo pensar durante días después de terminarlo.",
        "Un clásico que sigue leyéndose con gusto.",
    ],
    products: &["Cuaderno A5", "Lámpara de lectura", "Marcapáginas", "Funda de libro", "Bolígrafo azul"],
    status: &["activo", "pendiente", "cerrado"],
    email_domain: "ejemplo.es",
    phone_prefix: "+34 6",
    currency: "EUR",
};

const PT: Lexicon = Lexicon {
    first_names: &["Ana", "João", "Mariana", "Pedro", "Beatriz", "Lucas", "Camila", "Rafael", "Júlia", "Tiago"],
    last_names: &["Souza", "Silva", "Oliveira", "Santos", "Pereira", "Costa", "Almeida", "Ferreira", "Lima", "Rocha"],
    cities: &["São Paulo", "Lisboa", "Porto", "Recife", "Curitiba", "Belo Horizonte", "Salvador"],
    streets: &["Rua Augusta", "Av. Paulista", "Rua das Flores", "Av. da Liberdade", "Rua do Carmo"],
    countries: &["Brasil", "Portugal", "Angola", "Moçambique"],
    branches: &["Centro", "Norte", "Sul", "Universidade", "Porto"],
    title_heads: &["A sombra", "O jardim", "História", "A última viagem", "Cartas", "A cidade", "Memórias"],
    title_tails: &["do vento", "das horas", "de um leitor", "ao sul", "sem nome", "da água", "do farol"],
    words: &["livro", "leitura", "romance", "ensaio", "poesia", "história", "ciência", "viagem", "mar", "cidade"],
    sentences: &[
        "Uma leitura leve que prende desde a primeira página.",
        "Os personagens são bem construídos e o final surpreende.",
        "Recomendado para quem procura uma história simples e bem contada.",
        "O ritmo cai na segunda metade, mas vale a pena.",
        "Uma edição cuidadosa, com notas úteis para o leitor.",
        "O autor retrata a cidade com detalhe e carinho.",
        "A tradução preserva o tom do original.",
        "Ideal para ler no metrô, em capítulos curtos.",
        "Tem momentos brilhantes e alguns trechos lentos.",
        "As ilustrações acompanham muito bem o texto.",
        "Fiquei pensando nele dias depois de terminar.",
        "Um clássico que continua agradável de ler.",
    ],
    products: &["Caderno A5", "Luminária de leitura", "Marcador de página", "Capa de livro", "Caneta azul"],
    status: &["ativo", "pendente", "fechado"],
    email_domain: "exemplo.com.br",
    phone_prefix: "+55 11 9",
    currency: "BRL",
};

const EN: Lexicon = Lexicon {
    first_names: &["Jane", "Oliver", "Amelia", "George", "Emily", "Harry", "Grace", "Jack", "Chloe", "Noah"],
    last_names: &["Smith", "Jones", "Taylor", "Brown", "Wilson", "Evans", "Walker", "Wright", "Hughes", "Green"],
    cities: &["London", "Manchester", "Dublin", "Boston", "Toronto", "Seattle", "Leeds"],
    streets: &["High Street", "Station Road", "Park Lane", "Church Street", "Mill Road"],
    countries: &["United Kingdom", "Ireland", "United States", "Canada", "Australia"],
    branches: &["Central", "North", "South", "University", "Harbour"],
    title_heads: &["The Shadow", "The Garden", "A History", "The Last Voyage", "Letters", "The City", "Memoirs"],
    title_tails: &["of the Wind", "of Hours", "of a Reader", "to the South", "without a Name", "of Water"],
    words: &["book", "reading", "novel", "essay", "poetry", "history", "science", "travel", "sea", "city"],
    sentences: &[
        "A quick read that grips you from the first page.",
        "The characters are well drawn and the ending surprises.",
        "Recommended for anyone looking for a simple, well-told story.",
        "The pace drops in the second half, but it is worth it.",
        "A careful edition with useful notes for the reader.",
        "The author portrays the city with detail and affection.",
        "The translation keeps the tone of the original.",
        "Ideal for reading on the train, in short chapters.",
        "It has brilliant moments and a few slow stretches.",
        "The illustrations suit the text very well.",
        "It stayed with me for days after I finished it.",
        "A classic that is still a pleasure to read.",
    ],
    products: &["A5 Notebook", "Reading Lamp", "Bookmark", "Book Sleeve", "Blue Pen"],
    status: &["active", "pending", "closed"],
    email_domain: "example.com",
    phone_prefix: "+44 7",
    currency: "GBP",
};

pub fn lexicon(lang: Lang) -> &'static Lexicon {
    match lang {
        Lang::Es => &ES,
        Lang::Pt => &PT,
        Lang::En => &EN,
    }
}

const ES_MARKS: &[&str] = &[
    "nombre",
    "fecha",
    "precio",
    "titulo",
    "ciudad",
    "telefono",
    "correo",
    "dia",
    "estado",
    "socio",
    "resena",
    "resenas",
    "autor",
    "autores",
    "creado",
    "cantidad",
    "direccion",
    "calle",
    "pedido",
    "eventos",
    "usuario",
];
const PT_MARKS: &[&str] = &[
    "nome",
    "data",
    "preco",
    "cidade",
    "telefone",
    "criado",
    "qtd",
    "endereco",
    "rua",
    "itens",
    "avaliacoes",
    "leituras",
    "sobrenome",
    "usuario",
    "pedidos",
    "cliente",
    "contatos",
    "valor",
    "nota",
    "media",
];
const EN_MARKS: &[&str] =
    &["name", "date", "price", "title", "city", "phone", "email", "created", "status", "order", "user", "address"];

/// The language the model's field names are written in (Spanish when undecided: the seeds).
pub fn detect(model: &Model) -> Lang {
    let mut votes = [0usize; 3];
    let mut visit = |name: &str| {
        for_each_token(name, |token| {
            votes[0] += ES_MARKS.contains(&token) as usize;
            votes[1] += PT_MARKS.contains(&token) as usize;
            votes[2] += EN_MARKS.contains(&token) as usize;
        })
    };
    for e in &model.entities {
        visit(&e.name);
        visit_fields(&e.fields, &mut visit);
    }
    let best = votes.iter().copied().max().unwrap_or(0);
    if best == 0 || votes[0] == best {
        Lang::Es
    } else if votes[1] == best {
        Lang::Pt
    } else {
        Lang::En
    }
}

fn visit_fields(fields: &[crate::model::Field], visit: &mut dyn FnMut(&str)) {
    for f in fields {
        visit(&f.name);
        visit_fields(&f.fields, visit);
    }
}

/// Lowercase ASCII tokens of a name: `fechaCreacion` → `fecha`, `creacion`; `portada_url` →
/// `portada`, `url`. Accents are folded (`título` → `titulo`).
#[cfg(test)]
pub fn tokens(name: &str) -> Vec<String> {
    let mut out = Vec::new();
    for_each_token(name, |t| out.push(t.to_string()));
    out
}

/// Calls `f` with each of [`tokens`] of `name`, in order, without allocating one string per
/// token.
pub fn for_each_token(name: &str, mut f: impl FnMut(&str)) {
    if name.is_ascii() && name.len() <= 64 {
        ascii_tokens(name.as_bytes(), &mut f);
        return;
    }
    let mut current = String::with_capacity(name.len());
    let mut prev_lower = false;
    for c in name.chars() {
        if !c.is_alphanumeric() {
            if !current.is_empty() {
                f(&current);
                current.clear();
            }
            prev_lower = false;
            continue;
        }
        if c.is_uppercase() && prev_lower && !current.is_empty() {
            f(&current);
            current.clear();
        }
        prev_lower = c.is_lowercase() || c.is_ascii_digit();
        for l in c.to_lowercase() {
            current.push(fold(l));
        }
    }
    if !current.is_empty() {
        f(&current);
    }
}

/// [`for_each_token`] for a short ASCII name, in a stack buffer: ASCII letters lowercase to one
/// letter and need no folding.
fn ascii_tokens(name: &[u8], f: &mut impl FnMut(&str)) {
    let mut buf = [0u8; 64];
    let mut len = 0;
    let mut prev_lower = false;
    let mut emit = |buf: &[u8], len: &mut usize| {
        if let Some(Ok(token)) = buf.get(..*len).map(std::str::from_utf8) {
            if !token.is_empty() {
                f(token);
            }
        }
        *len = 0;
    };
    for &b in name {
        if !b.is_ascii_alphanumeric() {
            emit(&buf, &mut len);
            prev_lower = false;
            continue;
        }
        if b.is_ascii_uppercase() && prev_lower && len > 0 {
            emit(&buf, &mut len);
        }
        prev_lower = b.is_ascii_lowercase() || b.is_ascii_digit();
        if let Some(slot) = buf.get_mut(len) {
            *slot = b.to_ascii_lowercase();
            len += 1;
        }
    }
    emit(&buf, &mut len);
}

/// Folds the accented letters of Spanish and Portuguese to ASCII.
pub fn fold(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ã' | 'ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'õ' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        'ç' => 'c',
        c => c,
    }
}

/// A lowercase, accent-free copy of a text (for `titulo_normalizado`).
pub fn normalize(text: &str) -> String {
    text.chars().flat_map(char::to_lowercase).map(fold).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_split_and_fold() {
        assert_eq!(tokens("fechaCreación"), ["fecha", "creacion"]);
        assert_eq!(tokens("portada_url"), ["portada", "url"]);
        assert_eq!(tokens("_id"), ["id"]);
        assert_eq!(normalize("La Sombra del Viento"), "la sombra del viento");
    }

    #[test]
    fn ascii_and_accented_names_split_alike() {
        for (ascii, accented) in [("fechaCreacion", "fechaCreación"), ("titulo_URL2x", "título_URL2x")] {
            assert_eq!(tokens(ascii), tokens(accented));
        }
        assert_eq!(tokens("numEventos__v2"), ["num", "eventos", "v2"]);
    }

    #[test]
    fn language_follows_field_names() {
        let mut m = Model::new("t");
        let mut e = crate::model::Entity::new("p", "pedidos");
        e.fields.push(crate::model::Field::new("nome", crate::model::BsonType::String));
        e.fields.push(crate::model::Field::new("criado_em", crate::model::BsonType::Date));
        m.entities.push(e);
        assert_eq!(detect(&m), Lang::Pt);
        let bibliored = crate::model::load(include_str!("../../public/templates/bibliored.json")).unwrap();
        assert_eq!(detect(&bibliored), Lang::Es);
    }
}
