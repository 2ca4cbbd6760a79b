//! What a field holds, read from its name in Spanish, Portuguese or English (`correo` → an
//! e-mail, `precio` → money, `fecha` → a date), so generated values look real.

use super::lexicon::for_each_token;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The kind of value a field name suggests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sem {
    Email,
    Phone,
    Url,
    Image,
    Isbn,
    Issn,
    PostalCode,
    City,
    Country,
    Street,
    Branch,
    FirstName,
    LastName,
    PersonName,
    ProductName,
    ClubName,
    Title,
    NormalizedTitle,
    Text,
    SearchTerm,
    Tag,
    Status,
    Code,
    Currency,
    Language,
    Money,
    Rating,
    Year,
    Age,
    Pages,
    Duration,
    Quantity,
    Count,
    Percent,
    Temperature,
    Latitude,
    Longitude,
    Version,
    Number,
    Date,
    Id,
    Generic,
}

const RULES: &[(&[&str], Sem)] = &[
    (&["email", "correo", "mail", "emails"], Sem::Email),
    (&["telefono", "telefone", "phone", "movil", "celular", "tel", "mobile", "whatsapp"], Sem::Phone),
    (&["portada", "cover", "imagen", "image", "foto", "photo", "avatar", "thumbnail", "miniatura", "capa"], Sem::Image),
    (&["url", "link", "web", "website", "href", "enlace", "uri"], Sem::Url),
    (&["isbn"], Sem::Isbn),
    (&["issn"], Sem::Issn),
    (&["cp", "zip", "postal", "cep", "zipcode", "postcode"], Sem::PostalCode),
    (&["ciudad", "cidade", "city", "municipio", "localidad", "town"], Sem::City),
    (&["pais", "country"], Sem::Country),
    (&["calle", "rua", "street", "direccion", "endereco", "address", "domicilio"], Sem::Street),
    (&["sucursal", "branch", "tienda", "loja", "store", "sede", "biblioteca", "library"], Sem::Branch),
    (&["primero", "first", "firstname", "pila"], Sem::FirstName),
    (&["apellido", "apellidos", "sobrenome", "surname", "last", "lastname"], Sem::LastName),
    (&["normalizado", "normalized", "normalizada", "slug", "lower"], Sem::NormalizedTitle),
    (&["titulo", "title", "titular", "headline", "asunto", "subject", "assunto"], Sem::Title),
    (
        &[
            "texto",
            "text",
            "descripcion",
            "description",
            "descricao",
            "sinopsis",
            "synopsis",
            "sinopse",
            "resumen",
            "resumo",
            "summary",
            "extracto",
            "excerpt",
            "comentario",
            "comment",
            "body",
            "contenido",
            "conteudo",
            "content",
            "mensaje",
            "mensagem",
            "message",
            "notas",
            "notes",
            "observaciones",
            "bio",
            "review",
        ],
        Sem::Text,
    ),
    (&["termino", "term", "query", "busqueda", "keyword", "q", "consulta", "search"], Sem::SearchTerm),
    (&["etiqueta", "etiquetas", "tag", "tags", "palabra", "categoria", "category", "genero", "genre"], Sem::Tag),
    (&["estado", "status", "situacion", "situacao", "state"], Sem::Status),
    (&["sku", "codigo", "code", "ref", "referencia"], Sem::Code),
    (&["moneda", "currency", "moeda", "divisa"], Sem::Currency),
    (&["idioma", "language", "lang", "lingua", "locale"], Sem::Language),
    (
        &[
            "precio", "preco", "price", "importe", "amount", "coste", "costo", "custo", "cost", "subtotal", "saldo",
            "balance", "monto", "salario", "salary", "pago", "payment", "total",
        ],
        Sem::Money,
    ),
    (&["puntuacion", "rating", "score", "estrellas", "stars", "calificacion", "valoracion", "avaliacao"], Sem::Rating),
    (&["anio", "ano", "year", "anyo"], Sem::Year),
    (&["edad", "idade", "age"], Sem::Age),
    (&["paginas", "pages", "pag"], Sem::Pages),
    (&["duracion", "duracao", "duration", "minutos", "minutes", "segundos", "seconds"], Sem::Duration),
    (&["cantidad", "qtd", "quantidade", "quantity", "qty", "unidades", "units"], Sem::Quantity),
    (
        &[
            "num",
            "count",
            "votos",
            "votes",
            "visitas",
            "views",
            "likes",
            "conteo",
            "contagem",
            "seguidores",
            "followers",
            "disponibles",
            "disponiveis",
            "stock",
            "suma",
            "sum",
            "soma",
            "contador",
            "n",
            "eventos",
        ],
        Sem::Count,
    ),
    (&["porcentaje", "percent", "pct", "descuento", "discount", "desconto", "porcentagem"], Sem::Percent),
    (&["temp", "temperatura", "temperature"], Sem::Temperature),
    (&["lat", "latitud", "latitude"], Sem::Latitude),
    (&["lon", "lng", "longitud", "longitude"], Sem::Longitude),
    (&["version", "versao", "esquema", "schema", "v"], Sem::Version),
    (&["numero", "number", "issue", "edicion", "edicao", "nro"], Sem::Number),
    (
        &[
            "fecha",
            "dia",
            "data",
            "date",
            "created",
            "creado",
            "criado",
            "updated",
            "actualizado",
            "atualizado",
            "modificado",
            "t",
            "ts",
            "timestamp",
            "hora",
            "time",
            "at",
            "inicio",
            "fin",
            "vence",
            "expira",
            "nacimiento",
        ],
        Sem::Date,
    ),
    (
        &["nombre", "nome", "name", "autor", "author", "narrador", "narrator", "firma", "usuario", "user"],
        Sem::PersonName,
    ),
    (&["id", "uuid"], Sem::Id),
];

const PRODUCT_CONTEXT: &[&str] =
    &["producto", "productos", "product", "products", "item", "items", "articulo", "produto"];
const CLUB_CONTEXT: &[&str] = &["club", "clubes", "clubs", "grupo", "grupos", "group", "groups", "equipo", "team"];
const BRANCH_CONTEXT: &[&str] = &["sucursal", "sucursales", "branch", "branches", "tienda", "loja", "sede"];

/// Word → (rule order, kind), built once: the earliest rule any token matches wins.
fn words() -> &'static HashMap<&'static str, (usize, Sem)> {
    static WORDS: OnceLock<HashMap<&'static str, (usize, Sem)>> = OnceLock::new();
    WORDS.get_or_init(|| {
        let mut map = HashMap::new();
        for (i, (words, sem)) in RULES.iter().enumerate() {
            for w in *words {
                map.entry(*w).or_insert((i, *sem));
            }
        }
        map
    })
}

/// Classifies a field by its name; `context` is the name of the entity or sub-document holding
/// it (a `nombre` inside `productos` is a product name, not a person's).
pub fn classify(name: &str, context: &str) -> Sem {
    let map = words();
    let mut last_is_id = false;
    let mut best: Option<(usize, Sem)> = None;
    let mut says_name = false;
    for_each_token(name, |t| {
        last_is_id = t == "id";
        says_name |= ["nombre", "nome", "name"].contains(&t);
        if let Some(&(i, sem)) = map.get(t) {
            if best.is_none_or(|(b, _)| i < b) {
                best = Some((i, sem));
            }
        }
    });
    // `*_id` is an identifier whatever else the name says (`socio_id`, `material_id`).
    if last_is_id {
        return Sem::Id;
    }
    match best.map(|(_, s)| s) {
        Some(Sem::PersonName) if says_name => {
            let (mut product, mut club, mut branch) = (false, false, false);
            for_each_token(context, |t| {
                product |= PRODUCT_CONTEXT.contains(&t);
                club |= CLUB_CONTEXT.contains(&t);
                branch |= BRANCH_CONTEXT.contains(&t);
            });
            if product {
                Sem::ProductName
            } else if club {
                Sem::ClubName
            } else if branch {
                Sem::Branch
            } else {
                Sem::PersonName
            }
        }
        Some(s) => s,
        None => Sem::Generic,
    }
}

/// A realistic integer range for a numeric field of this kind.
pub fn int_range(sem: Sem) -> (i64, i64) {
    match sem {
        Sem::Id => (1, 99_999),
        Sem::Count => (0, 60),
        Sem::Quantity => (1, 5),
        Sem::Year => (1950, 2025),
        Sem::Age => (18, 85),
        Sem::Pages => (80, 900),
        Sem::Duration => (20, 900),
        Sem::Rating => (1, 5),
        Sem::Money => (5, 500),
        Sem::Percent => (0, 100),
        Sem::Version => (1, 3),
        Sem::Number => (1, 300),
        Sem::Temperature => (15, 30),
        Sem::Latitude => (-60, 70),
        Sem::Longitude => (-120, 140),
        Sem::PostalCode => (10_000, 52_999),
        Sem::Phone => (600_000_000, 699_999_999),
        _ => (1, 1000),
    }
}

/// A realistic real range, with the number of decimals such values show.
pub fn real_range(sem: Sem) -> (f64, f64, i32) {
    match sem {
        Sem::Rating => (2.5, 5.0, 1),
        Sem::Money => (4.99, 249.99, 2),
        Sem::Temperature => (15.0, 30.0, 1),
        Sem::Latitude => (-60.0, 70.0, 5),
        Sem::Longitude => (-120.0, 140.0, 5),
        Sem::Percent => (0.0, 100.0, 1),
        Sem::Count | Sem::Quantity => (0.0, 50.0, 0),
        _ => {
            let (lo, hi) = int_range(sem);
            (lo as f64, hi as f64, 2)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_in_three_languages() {
        assert_eq!(classify("correo", "socios"), Sem::Email);
        assert_eq!(classify("email", "users"), Sem::Email);
        assert_eq!(classify("nome", "clientes"), Sem::PersonName);
        assert_eq!(classify("nombre", "productos"), Sem::ProductName);
        assert_eq!(classify("nombre", "clubes"), Sem::ClubName);
        assert_eq!(classify("titulo_normalizado", "catalogo"), Sem::NormalizedTitle);
        assert_eq!(classify("criado_em", "pedidos"), Sem::Date);
        assert_eq!(classify("preco", "itens"), Sem::Money);
        assert_eq!(classify("socio_id", "resenas"), Sem::Id);
        assert_eq!(classify("portada_url", "catalogo"), Sem::Image);
        assert_eq!(classify("num_eventos", "actividad"), Sem::Count);
        assert_eq!(classify("isbn", "catalogo"), Sem::Isbn);
        assert_eq!(classify("zzz", "x"), Sem::Generic);
    }
}
