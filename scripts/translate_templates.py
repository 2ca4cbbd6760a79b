"""Writes the gallery's designs in each interface language: public/i18n/templates/<lang>/<id>.json.

A design of public/templates/ is written in the words of the course it comes from (Portuguese
names with English notes, Spanish names...). The New model dialog opens it in the interface's
language, from the file this script writes: its collection, field, pattern and actor names
replaced word by word (the same word everywhere: in paths, index keys, projections and calls),
its notes and names replaced whole. Ids are never translated (relations and patterns name
boxes by id), so the design is the same one; tests/template_languages.rs checks that each
translation keeps every id, every relation and every finding's code of the original.

Run: python3 scripts/translate_templates.py (then cargo test --test template_languages).
A prose string with no translation in the table stops the script, naming it.
"""

import json
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
LANGS = ["en", "es", "pt"]

# Keys whose string values are names the person reads (word by word) or prose (whole).
NAMES = {"name", "database", "field", "childField", "parentField", "source", "as", "arrayField",
         "orderBy", "countField", "periodField", "schemaVersionField", "actor", "call",
         "discriminator", "projection", "changes", "fields", "enum", "metaField", "timeField",
         "idScheme", "flagField", "overflowCollection", "path", "value"}
PROSE = {"notes", "description", "precondition", "consistency", "message"}

# Per design: "words" (a word in the file -> its en, es, pt forms) and "prose" (a whole
# string -> its en, es, pt forms). A form that is None keeps the original.
TABLES = {}

TABLES["orders"] = {
    "words": {
        "pedidos": ["orders", "pedidos", "pedidos"],
        "pedido": ["order", "pedido", "pedido"],
        "pedido_id": ["order_id", "pedido_id", "pedido_id"],
        "clientes": ["customers", "clientes", "clientes"],
        "cliente": ["customer", "cliente", "cliente"],
        "cliente_id": ["customer_id", "cliente_id", "cliente_id"],
        "itens": ["items", "articulos", "itens"],
        "nome": ["name", "nombre", "nome"],
        "qtd": ["qty", "cant", "qtd"],
        "preco": ["price", "precio", "preco"],
        "criado_em": ["created_at", "creado_en", "criado_em"],
        "novo": ["new", "nuevo", "novo"],
        "pago": ["paid", "pagado", "pago"],
        "enviado": ["shipped", "enviado", "enviado"],
        "cancelado": ["cancelled", "cancelado", "cancelado"],
        "loja": ["shop", "tienda", "loja"],
        "gateway": ["gateway", "pasarela", "gateway"],
    },
    "prose": {
        "Pedidos (one aggregate, one read)": [
            "Orders (one aggregate, one read)",
            "Pedidos (un agregado, una lectura)",
            "Pedidos (um agregado, uma leitura)",
        ],
        "The order of \"Modelagem de Documentos\": items embedded with an explicit cap of 200, the customer as an extended reference {_id, nome}, a computed total, a status enum and a schema version field. db.pedidos.findOne({_id}) serves the order page.": [
            "The order of \"Modelagem de Documentos\": items embedded with an explicit cap of 200, the customer as an extended reference {_id, name}, a computed total, a status enum and a schema version field. db.orders.findOne({_id}) serves the order page.",
            "El pedido de \"Modelagem de Documentos\": artículos embebidos con un tope explícito de 200, el cliente como referencia extendida {_id, nombre}, un total calculado, un enum de estado y un campo de versión de esquema. db.pedidos.findOne({_id}) sirve la página del pedido.",
            "O pedido de \"Modelagem de Documentos\": itens embutidos com um teto explícito de 200, o cliente como referência estendida {_id, nome}, um total calculado, um enum de status e um campo de versão do schema. db.pedidos.findOne({_id}) atende a tela do pedido.",
        ],
        "Root: the order. Items and total change together in one document write.": [
            None,
            "Raíz: el pedido. Los artículos y el total cambian juntos en una sola escritura de documento.",
            "Raiz: o pedido. Itens e total mudam juntos em uma única escrita de documento.",
        ],
        "A line of the order: sku, quantity and the price at the moment of the sale.": [
            None,
            "Una línea del pedido: sku, cantidad y el precio en el momento de la venta.",
            "Uma linha do pedido: sku, quantidade e o preço no momento da venda.",
        ],
        "1:poucos. maxItems: 200 turns the convention into a rule the server checks.": [
            "1:few. maxItems: 200 turns the convention into a rule the server checks.",
            "1:pocos. maxItems: 200 convierte la convención en una regla que el servidor comprueba.",
            "1:poucos. maxItems: 200 transforma a convenção em uma regra que o servidor verifica.",
        ],
        "In an order, the customer's name at the time is the right one: historical, never propagated.": [
            None,
            "En un pedido, el nombre del cliente en ese momento es el correcto: histórico, nunca se propaga.",
            "Em um pedido, o nome do cliente naquele momento é o certo: histórico, nunca propagado.",
        ],
        "Tela do pedido": ["Order page", "Página del pedido", None],
        "Pedidos de um cliente": ["A customer's orders", "Pedidos de un cliente", None],
        "Pedidos por status": ["Orders by status", "Pedidos por estado", None],
        "Criar pedido": ["Create an order", "Crear un pedido", None],
        "Pagar pedido": ["Pay an order", "Pagar un pedido", None],
        "status == novo (conditional update)": [
            "status == new (conditional update)",
            "status == nuevo (actualización condicional)",
            "status == novo (update condicional)",
        ],
    },
}

TABLES["orders-lookup"] = {
    "words": TABLES["orders"]["words"],
    "prose": {
        **{k: v for k, v in TABLES["orders"]["prose"].items() if k in ("Tela do pedido", "Pedidos de um cliente", "Criar pedido")},
        "Pedidos (relational in disguise)": [
            "Orders (relational in disguise)",
            "Pedidos (relacional disfrazado)",
            "Pedidos (relacional disfarçado)",
        ],
        "The wrong version in \"Modelagem de Documentos\": three collections and two $lookup stages on the order page. 'Sem FK, sem transação por padrão, e agora sem performance.' Compare with orders.json.": [
            "The wrong version in \"Modelagem de Documentos\": three collections and two $lookup stages on the order page. 'No foreign keys, no transactions by default, and now no performance either.' Compare with the Orders design.",
            "La versión equivocada de \"Modelagem de Documentos\": tres colecciones y dos etapas $lookup en la página del pedido. 'Sin claves foráneas, sin transacciones por defecto y ahora tampoco rendimiento.' Compárala con el diseño Pedidos.",
            "A versão errada de \"Modelagem de Documentos\": três coleções e dois estágios $lookup na tela do pedido. 'Sem FK, sem transação por padrão, e agora sem performance.' Compare com o design Pedidos.",
        ],
    },
}

TABLES["sensor-day"] = {
    "words": {
        "telemetria": ["telemetry", "telemetria", "telemetria"],
        "sensores": ["sensors", "sensores", "sensores"],
        "local": ["location", "ubicacion", "local"],
        "tipo": ["kind", "tipo", "tipo"],
        "temperatura": ["temperature", "temperatura", "temperatura"],
        "umidade": ["humidity", "humedad", "umidade"],
        "leituras": ["readings", "lecturas", "leituras"],
        "dia": ["day", "dia", "dia"],
        "media": ["avg", "media", "media"],
        "painel": ["dashboard", "panel", "painel"],
    },
    "prose": {
        "Sensor readings per day (bucket)": [None, "Lecturas de sensor por día (bucket)", "Leituras de sensor por dia (bucket)"],
        "The bucket of \"Modelagem de Documentos\": one document per sensor and day with ~1,440 readings (one a minute) and min/max/media computed alongside. 1,440 documents a day per sensor become one; the array has a known ceiling.": [
            "The bucket of \"Modelagem de Documentos\": one document per sensor and day with ~1,440 readings (one a minute) and min/max/avg computed alongside. 1,440 documents a day per sensor become one; the array has a known ceiling.",
            "El bucket de \"Modelagem de Documentos\": un documento por sensor y día con ~1.440 lecturas (una por minuto) y min/max/media calculados al lado. 1.440 documentos al día por sensor se vuelven uno; el array tiene un techo conocido.",
            "O bucket de \"Modelagem de Documentos\": um documento por sensor e dia com ~1.440 leituras (uma por minuto) e min/max/media calculados ao lado. 1.440 documentos por dia por sensor viram um; o array tem um teto conhecido.",
        ],
        "Root: one sensor's readings in one day (bucket). _id = sensor_id + day, so the upsert finds it without an index lookup on another field.": [
            None,
            "Raíz: las lecturas de un sensor en un día (bucket). _id = sensor_id + dia, así el upsert lo encuentra sin buscar en el índice de otro campo.",
            "Raiz: as leituras de um sensor em um dia (bucket). _id = sensor_id + dia, assim o upsert o encontra sem buscar no índice de outro campo.",
        ],
        "One reading a minute per sensor. The cardinality counts readings; the child entity is the day's bucket document.": [
            None,
            "Una lectura por minuto y sensor. La cardinalidad cuenta lecturas; la entidad hija es el documento bucket del día.",
            "Uma leitura por minuto por sensor. A cardinalidade conta leituras; a entidade filha é o documento bucket do dia.",
        ],
        "Registrar uma leitura": ["Record a reading", "Registrar una lectura", None],
        "n < 1440; upsert with $push, $inc, $min, $max and $setOnInsert": [
            None,
            "n < 1440; upsert con $push, $inc, $min, $max y $setOnInsert",
            "n < 1440; upsert com $push, $inc, $min, $max e $setOnInsert",
        ],
        "Leituras de um sensor num intervalo": ["A sensor's readings over a range", "Lecturas de un sensor en un intervalo", None],
        "Sensores de um local": ["Sensors at a location", "Sensores de una ubicación", None],
    },
}

TABLES["users-outlier"] = {
    "words": {
        "usuarios": ["users", "usuarios", "usuarios"],
        "usuario": ["user", "usuario", "usuario"],
        "usuario_id": ["user_id", "usuario_id", "usuario_id"],
        "nombre": ["name", "nombre", "nome"],
        "tiene_extras": ["has_extras", "tiene_extras", "tem_extras"],
        "seguidores": ["followers", "seguidores", "seguidores"],
        "seguidores_extra": ["extra_followers", "seguidores_extra", "seguidores_extra"],
        "pagina": ["page", "pagina", "pagina"],
    },
    "prose": {
        "Users and followers (outlier)": [None, "Usuarios y seguidores (valores atípicos)", "Usuários e seguidores (outlier)"],
        "The outlier pattern of \"Patrones de Diseño de Esquema en MongoDB\": followers are embedded (few) for ordinary users; the rare celebrity with millions carries tiene_extras: true and its overflow lives in seguidores_extra.": [
            "The outlier pattern of \"Patrones de Diseño de Esquema en MongoDB\": followers are embedded (few) for ordinary users; the rare celebrity with millions carries has_extras: true and its overflow lives in extra_followers.",
            "El patrón de valores atípicos de \"Patrones de Diseño de Esquema en MongoDB\": los seguidores van embebidos (pocos) en los usuarios normales; la rara celebridad con millones lleva tiene_extras: true y su desbordamiento vive en seguidores_extra.",
            "O padrão outlier de \"Patrones de Diseño de Esquema en MongoDB\": os seguidores ficam embutidos (poucos) nos usuários comuns; a rara celebridade com milhões leva tem_extras: true e o excedente fica em seguidores_extra.",
        ],
        "Set only on the rare users whose followers overflow the embedded array.": [
            None,
            "Solo en los raros usuarios cuyos seguidores desbordan el array embebido.",
            "Só nos raros usuários cujos seguidores transbordam o array embutido.",
        ],
        "Overflow pages of the celebrities' followers, read only when tiene_extras is set.": [
            "Overflow pages of the celebrities' followers, read only when has_extras is set.",
            "Páginas de desbordamiento de los seguidores de las celebridades, leídas solo cuando tiene_extras está puesto.",
            "Páginas de excedente dos seguidores das celebridades, lidas só quando tem_extras está marcado.",
        ],
        "99.95% of users have at most 1,000 followers; a handful of celebrities have millions.": [
            None,
            "El 99,95 % de los usuarios tiene como mucho 1.000 seguidores; un puñado de celebridades tiene millones.",
            "99,95% dos usuários têm no máximo 1.000 seguidores; um punhado de celebridades tem milhões.",
        ],
        "Perfil con seguidores": ["Profile with followers", None, "Perfil com seguidores"],
        "¿A sigue a B?": ["Does A follow B?", None, "A segue B?"],
        "Seguidores extra de una celebridad": ["A celebrity's extra followers", None, "Seguidores extras de uma celebridade"],
    },
}

TABLES["users-versioning"] = {
    "words": {
        "usuarios": ["users", "usuarios", "usuarios"],
        "usuario": ["user", "usuario", "usuario"],
        "version_esquema": ["schema_version", "version_esquema", "versao_schema"],
        "nombre": ["name", "nombre", "nome"],
        "primero": ["first", "primero", "primeiro"],
        "apellido": ["last", "apellido", "sobrenome"],
        "nombre_completo": ["full_name", "nombre_completo", "nome_completo"],
        "edad": ["age", "edad", "idade"],
        "direccion": ["address", "direccion", "endereco"],
        "calle": ["street", "calle", "rua"],
        "ciudad": ["city", "ciudad", "cidade"],
        "cp": ["zip", "cp", "cep"],
        "publicaciones": ["posts", "publicaciones", "publicacoes"],
        "usuarioId": ["userId", "usuarioId", "usuarioId"],
        "texto": ["text", "texto", "texto"],
        "fecha": ["date", "fecha", "data"],
    },
    "prose": {
        "Users with schema versioning": [None, "Usuarios con versionado de esquema", "Usuários com versionamento de schema"],
        "The schema versioning of \"Patrones de Diseño de Esquema en MongoDB\": version_esquema 2 splits the v1 nombre_completo into nombre.primero and nombre.apellido; the application reads both during the migration. The address is embedded (always read with the user); posts are referenced (an array without limit would pass 16 MB).": [
            "The schema versioning of \"Patrones de Diseño de Esquema en MongoDB\": schema_version 2 splits the v1 full_name into name.first and name.last; the application reads both during the migration. The address is embedded (always read with the user); posts are referenced (an array without limit would pass 16 MB).",
            "El versionado de esquema de \"Patrones de Diseño de Esquema en MongoDB\": version_esquema 2 divide el nombre_completo de v1 en nombre.primero y nombre.apellido; la aplicación lee ambos durante la migración. La dirección va embebida (siempre se lee con el usuario); las publicaciones van por referencia (un array sin límite pasaría de 16 MB).",
            "O versionamento de schema de \"Patrones de Diseño de Esquema en MongoDB\": versao_schema 2 divide o nome_completo da v1 em nome.primeiro e nome.sobrenome; a aplicação lê os dois durante a migração. O endereço fica embutido (sempre lido com o usuário); as publicações vão por referência (um array sem limite passaria de 16 MB).",
        ],
        "v2: split name. v1 documents carry nombre_completo instead.": [
            "v2: split name. v1 documents carry full_name instead.",
            "v2: nombre dividido. Los documentos v1 llevan nombre_completo en su lugar.",
            "v2: nome dividido. Os documentos v1 trazem nome_completo no lugar.",
        ],
        "v1 only; removed when the v1 count reaches zero.": [
            None,
            "Solo v1; se elimina cuando ya no quedan documentos v1.",
            "Só v1; removido quando não restarem documentos v1.",
        ],
        "An address means nothing without its user: inside.": [
            None,
            "Una dirección no significa nada sin su usuario: dentro.",
            "Um endereço não significa nada sem o seu usuário: dentro.",
        ],
        "db.publicaciones.find({ usuarioId }): the list lives in the child only.": [
            "db.posts.find({ userId }): the list lives in the child only.",
            "db.publicaciones.find({ usuarioId }): la lista vive solo en el hijo.",
            "db.publicacoes.find({ usuarioId }): a lista vive só no filho.",
        ],
        "Perfil del usuario": ["User profile", None, "Perfil do usuário"],
        "Publicaciones de un usuario": ["A user's posts", None, "Publicações de um usuário"],
        "Migrar un usuario a v2 al escribirlo": ["Migrate a user to v2 when writing it", None, "Migrar um usuário para v2 ao escrevê-lo"],
        "version_esquema < 2 (lazy migration on write)": [
            "schema_version < 2 (lazy migration on write)",
            "version_esquema < 2 (migración perezosa al escribir)",
            "versao_schema < 2 (migração preguiçosa na escrita)",
        ],
    },
}

TABLES["book-club"] = {
    "words": {
        "clubes": ["clubs", "clubes", "clubes"],
        "nombre": ["name", "nombre", "nome"],
        "sucursal": ["branch", "sucursal", "filial"],
        "plazas_libres": ["free_seats", "plazas_libres", "vagas_livres"],
        "total_comentarios": ["comments_count", "total_comentarios", "total_comentarios"],
        "ultimos_comentarios": ["latest_comments", "ultimos_comentarios", "ultimos_comentarios"],
        "comentario_id": ["comment_id", "comentario_id", "comentario_id"],
        "socio_nombre": ["member_name", "socio_nombre", "socio_nome"],
        "extracto": ["excerpt", "extracto", "trecho"],
        "fecha": ["date", "fecha", "data"],
        "miembros": ["members", "miembros", "membros"],
        "socio_id": ["member_id", "socio_id", "socio_id"],
        "desde": ["since", "desde", "desde"],
        "lecturas": ["books_read", "lecturas", "leituras"],
        "mes": ["month", "mes", "mes"],
        "titulo": ["title", "titulo", "titulo"],
        "comentarios_club": ["club_comments", "comentarios_club", "comentarios_clube"],
        "socio": ["member", "socio", "socio"],
        "texto": ["text", "texto", "texto"],
        "estado": ["status", "estado", "estado"],
        "publicado": ["published", "publicado", "publicado"],
        "oculto": ["hidden", "oculto", "oculto"],
        "socios": ["patrons", "socios", "socios"],
        "bibliotecario": ["librarian", "bibliotecario", "bibliotecario"],
    },
    "prose": {
        "BiblioRed book clubs": [None, "Clubes de lectura de BiblioRed", "Clubes do livro da BiblioRed"],
        "The BiblioRed lesson on document modelling, exercise 1: reading clubs with 8-25 members, a book a month and a comment thread per book, for years. Members and materials stay where they are (socios in PostgreSQL, catalogo in MongoDB).": [
            "The BiblioRed lesson on document modelling, exercise 1: reading clubs with 8-25 members, a book a month and a comment thread per book, for years. Members and materials stay where they are (patrons in PostgreSQL, the catalogue in MongoDB).",
            "La lección de BiblioRed sobre modelado de documentos, ejercicio 1: clubes de lectura de 8 a 25 miembros, un libro al mes y un hilo de comentarios por libro, durante años. Los socios y los materiales se quedan donde están (socios en PostgreSQL, catalogo en MongoDB).",
            "A lição da BiblioRed sobre modelagem de documentos, exercício 1: clubes do livro com 8 a 25 membros, um livro por mês e uma conversa de comentários por livro, durante anos. Sócios e materiais ficam onde estão (socios no PostgreSQL, catalogo no MongoDB).",
        ],
        "Root: the club. Serves K1 (the club page: members, what we have read, the latest comments).": [
            None,
            "Raíz: el club. Sirve a K1 (la ficha del club: miembros, lo que hemos leído, los últimos comentarios).",
            "Raiz: o clube. Atende K1 (a ficha do clube: membros, o que já lemos, os últimos comentários).",
        ],
        "A member inside the club: the shared socio_id plus the name shown on the club page.": [
            "A member inside the club: the shared member_id plus the name shown on the club page.",
            "Un miembro dentro del club: el socio_id compartido más el nombre que muestra la ficha del club.",
            "Um membro dentro do clube: o socio_id compartilhado mais o nome que a ficha do clube mostra.",
        ],
        "One book a month: what the club has read.": [None, "Un libro al mes: lo que el club ha leído.", "Um livro por mês: o que o clube já leu."],
        "Root: the comment. Moderated, answered and linked on its own.": [
            None,
            "Raíz: el comentario. Se modera, se responde y se enlaza por sí solo.",
            "Raiz: o comentário. É moderado, respondido e referenciado por si só.",
        ],
        "8 to 25 members, capped by the club's own rules. Joining or leaving must agree with plazas_libres: one write.": [
            "8 to 25 members, capped by the club's own rules. Joining or leaving must agree with free_seats: one write.",
            "De 8 a 25 miembros, con el tope de las reglas del propio club. Entrar o salir debe cuadrar con plazas_libres: una sola escritura.",
            "De 8 a 25 membros, com o teto das regras do próprio clube. Entrar ou sair tem de bater com vagas_livres: uma só escrita.",
        ],
        "12 books a year, 60 after five years. Past ~200, move the older history to its own collection.": [
            None,
            "12 libros al año, 60 a los cinco años. Pasados ~200, lleva el historial antiguo a su propia colección.",
            "12 livros por ano, 60 depois de cinco anos. Passados ~200, leve o histórico antigo para uma coleção própria.",
        ],
        "30-60 comments per book, 12 books a year, for years: no bound.": [
            None,
            "30-60 comentarios por libro, 12 libros al año, durante años: sin límite.",
            "30-60 comentários por livro, 12 livros por ano, durante anos: sem limite.",
        ],
        "Ficha del club": ["Club page", None, "Ficha do clube"],
        "Comentarios de un libro del club": ["Comments on a club's book", None, "Comentários de um livro do clube"],
        "Moderación de comentarios": ["Comment moderation", None, "Moderação de comentários"],
        "Publicar un comentario": ["Post a comment", None, "Publicar um comentário"],
        "the club page may show the new comment a few seconds late": [
            None,
            "la ficha del club puede mostrar el comentario nuevo unos segundos tarde",
            "a ficha do clube pode mostrar o comentário novo alguns segundos depois",
        ],
        "Alta de un miembro": ["A member joins", None, "Entrada de um membro"],
        "plazas_libres > 0 (conditional update)": [
            "free_seats > 0 (conditional update)",
            "plazas_libres > 0 (actualización condicional)",
            "vagas_livres > 0 (update condicional)",
        ],
    },
}

TABLES["anti-unbounded-array"] = {
    "words": {
        "autor_id": ["author_id", "autor_id", "autor_id"],
        "titulo": ["title", "titulo", "titulo"],
        "cuerpo": ["body", "cuerpo", "corpo"],
        "publicado_en": ["published_at", "publicado_en", "publicado_em"],
        "comentarios": ["comments", "comentarios", "comentarios"],
        "autor_nombre": ["author_name", "autor_nombre", "autor_nome"],
        "texto": ["text", "texto", "texto"],
        "fecha": ["date", "fecha", "data"],
        "lector": ["reader", "lector", "leitor"],
    },
    "prose": {
        "Anti-pattern: unbounded array (comments inside a viral post)": [
            None,
            "Antipatrón: array sin límite (los comentarios dentro de un post viral)",
            "Antipadrão: array sem teto (os comentários dentro de um post viral)",
        ],
        "Every comment is pushed into its post's comentarios array, with no stated maximum. A quiet post has 40 comments, a viral one gets thousands a day: each $push rewrites an ever larger document, reads drag megabytes to paint the title, and one day the write fails with BSONObjectTooLarge and the fix is a remodel with the system live (\"Modelagem de Documentos\", 'Array sem teto'; the publicaciones: [] of \"Patrones de Diseño de Esquema en MongoDB\" that 'crece sin fin'). If you cannot state the maximum, do not embed: give comments their own collection pointing at the post, and keep the last 3 in the post (subset).": [
            "Every comment is pushed into its post's comments array, with no stated maximum. A quiet post has 40 comments, a viral one gets thousands a day: each $push rewrites an ever larger document, reads drag megabytes to paint the title, and one day the write fails with BSONObjectTooLarge and the fix is a remodel with the system live (\"Modelagem de Documentos\", 'Array sem teto'; the publicaciones: [] of \"Patrones de Diseño de Esquema en MongoDB\" that 'crece sin fin'). If you cannot state the maximum, do not embed: give comments their own collection pointing at the post, and keep the last 3 in the post (subset).",
            "Cada comentario se añade al array comentarios de su post, sin un máximo declarado. Un post tranquilo tiene 40 comentarios, uno viral recibe miles al día: cada $push reescribe un documento cada vez más grande, las lecturas arrastran megabytes para pintar el título, y un día la escritura falla con BSONObjectTooLarge y el arreglo es remodelar con el sistema en marcha (\"Modelagem de Documentos\", 'Array sem teto'; el publicaciones: [] de \"Patrones de Diseño de Esquema en MongoDB\" que 'crece sin fin'). Si no puedes decir el máximo, no embebas: da a los comentarios su propia colección que apunte al post y guarda los 3 últimos en el post (subconjunto).",
            "Cada comentário é empurrado para o array comentarios do seu post, sem um máximo declarado. Um post tranquilo tem 40 comentários, um viral recebe milhares por dia: cada $push reescreve um documento cada vez maior, as leituras arrastam megabytes para desenhar o título, e um dia a escrita falha com BSONObjectTooLarge e a correção é remodelar com o sistema no ar (\"Modelagem de Documentos\", 'Array sem teto'; o publicaciones: [] de \"Patrones de Diseño de Esquema en MongoDB\" que 'crece sin fin'). Se você não consegue dizer o máximo, não embuta: dê aos comentários uma coleção própria que aponte para o post e guarde os 3 últimos no post (subset).",
        ],
        "Root: the post. Serves P1 (the post page, the most frequent read).": [
            None,
            "Raíz: el post. Sirve a P1 (la página del post, la lectura más frecuente).",
            "Raiz: o post. Atende P1 (a página do post, a leitura mais frequente).",
        ],
        "Embedded in the post: the mistake this design demonstrates.": [
            None,
            "Embebidos en el post: el error que muestra este diseño.",
            "Embutidos no post: o erro que este design mostra.",
        ],
        "No maximum: a viral post keeps receiving comments for months.": [
            None,
            "Sin máximo: un post viral sigue recibiendo comentarios durante meses.",
            "Sem máximo: um post viral continua recebendo comentários por meses.",
        ],
        "Página del post con sus comentarios": ["The post page with its comments", None, "Página do post com seus comentários"],
        "Comentar un post": ["Comment on a post", None, "Comentar um post"],
        "updateOne({_id}, {$push: {comentarios: ...}}): rewrites the whole post.": [
            "updateOne({_id}, {$push: {comments: ...}}): rewrites the whole post.",
            "updateOne({_id}, {$push: {comentarios: ...}}): reescribe el post entero.",
            "updateOne({_id}, {$push: {comentarios: ...}}): reescreve o post inteiro.",
        ],
    },
}

TABLES["anti-tiny-documents"] = {
    "words": {
        "socios": ["patrons", "socios", "socios"],
        "socio_id": ["member_id", "socio_id", "socio_id"],
        "eventos_actividad": ["activity_events", "eventos_actividad", "eventos_atividade"],
        "tipo": ["kind", "tipo", "tipo"],
        "busqueda": ["search", "busqueda", "busca"],
        "ficha": ["record", "ficha", "ficha"],
        "filtro": ["filter", "filtro", "filtro"],
        "reserva": ["hold", "reserva", "reserva"],
        "descarga": ["download", "descarga", "download"],
        "analista": ["analyst", "analista", "analista"],
    },
    "prose": {
        "Anti-pattern: flood of tiny documents (one document per activity event)": [
            None,
            "Antipatrón: aluvión de documentos diminutos (un documento por evento de actividad)",
            "Antipadrão: enxurrada de documentos minúsculos (um documento por evento de atividade)",
        ],
        "Every search, click or download of a member becomes its own 80-byte document, 17 million a year, and the arrow ignores the bucket the criteria recommend (DS102). Each document pays for its _id, its index entries and internal metadata, so the overhead outweighs the data, the indexes stop fitting in RAM and a member's day is hundreds of scattered documents (the BiblioRed lesson on document modelling, \"Patrón: agrupación (bucket)\" and \"Anti-patrones que hay que reconocer\"). Group the events per member and day in capped buckets (500 events, deterministic _id ACT-{socio_id}-{dia}, upsert with $push/$inc/$setOnInsert, a TTL for retention), as BiblioRed's actividad does.": [
            "Every search, click or download of a member becomes its own 80-byte document, 17 million a year, and the arrow ignores the bucket the criteria recommend (DS102). Each document pays for its _id, its index entries and internal metadata, so the overhead outweighs the data, the indexes stop fitting in RAM and a member's day is hundreds of scattered documents (the BiblioRed lesson on document modelling, \"Patrón: agrupación (bucket)\" and \"Anti-patrones que hay que reconocer\"). Group the events per member and day in capped buckets (500 events, deterministic _id ACT-{member_id}-{day}, upsert with $push/$inc/$setOnInsert, a TTL for retention), as BiblioRed's actividad does.",
            "Cada búsqueda, clic o descarga de un socio se vuelve su propio documento de 80 bytes, 17 millones al año, y la flecha ignora el bucket que recomiendan los criterios (DS102). Cada documento paga su _id, sus entradas de índice y metadatos internos, así que la sobrecarga pesa más que los datos, los índices dejan de caber en RAM y el día de un socio son cientos de documentos dispersos (la lección de BiblioRed sobre modelado de documentos, \"Patrón: agrupación (bucket)\" y \"Anti-patrones que hay que reconocer\"). Agrupa los eventos por socio y día en buckets con tope (500 eventos, _id determinista ACT-{socio_id}-{dia}, upsert con $push/$inc/$setOnInsert, un TTL para la retención), como hace la actividad de BiblioRed.",
            "Cada busca, clique ou download de um sócio vira um documento próprio de 80 bytes, 17 milhões por ano, e a seta ignora o bucket que os critérios recomendam (DS102). Cada documento paga o seu _id, as suas entradas de índice e metadados internos, então a sobrecarga pesa mais que os dados, os índices deixam de caber na RAM e o dia de um sócio são centenas de documentos espalhados (a lição da BiblioRed sobre modelagem de documentos, \"Patrón: agrupación (bucket)\" e \"Anti-patrones que hay que reconocer\"). Agrupe os eventos por sócio e dia em buckets com teto (500 eventos, _id determinístico ACT-{socio_id}-{dia}, upsert com $push/$inc/$setOnInsert, um TTL para a retenção), como faz a atividade da BiblioRed.",
        ],
        "Members stay in the relational database.": [None, "Los socios se quedan en la base de datos relacional.", "Os sócios ficam no banco de dados relacional."],
        "One document per event: the mistake this design demonstrates.": [
            None,
            "Un documento por evento: el error que muestra este diseño.",
            "Um documento por evento: o erro que este design mostra.",
        ],
        "One-to-squillions, stored one event per document.": [
            None,
            "Uno a muchísimos, guardado un evento por documento.",
            "Um para muitíssimos, guardado um evento por documento.",
        ],
        "Registrar un evento de actividad": ["Record an activity event", None, "Registrar um evento de atividade"],
        "insertOne per event.": [None, "insertOne por evento.", "insertOne por evento."],
        "Actividad de un socio por día": ["A member's activity by day", None, "Atividade de um sócio por dia"],
    },
}

TABLES["anti-storage-disagrees"] = {
    "words": {
        "loja": ["shop", "tienda", "loja"],
        "usuarios": ["users", "usuarios", "usuarios"],
        "usuario": ["user", "usuario", "usuario"],
        "usuario_id": ["user_id", "usuario_id", "usuario_id"],
        "nome": ["name", "nombre", "nome"],
        "enderecos": ["addresses", "direcciones", "enderecos"],
        "rotulo": ["label", "etiqueta", "rotulo"],
        "casa": ["home", "casa", "casa"],
        "trabalho": ["work", "trabajo", "trabalho"],
        "outro": ["other", "otro", "outro"],
        "logradouro": ["street", "calle", "logradouro"],
        "cep": ["zip", "cp", "cep"],
        "padrao": ["default", "predeterminada", "padrao"],
    },
    "prose": {
        "Anti-pattern: storage that disagrees with the criteria (a small bounded child referenced)": [
            None,
            "Antipatrón: almacenamiento que contradice los criterios (un hijo pequeño y acotado referenciado)",
            "Antipadrão: armazenamento que contradiz os critérios (um filho pequeno e limitado referenciado)",
        ],
        "A user's addresses (at most 5, shown with the profile, never queried alone, deleted with the user) got their own collection out of relational habit, so the arrow disagrees with all six criteria (the BiblioRed lesson on document modelling, \"La decisión central: embeber o referenciar\"; the three questions of \"Modelagem de Documentos\": known bound, not read without the parent, rarely changed). In production the profile, the most frequent read, needs a second read (DS105) and deleting an account spans two collections with no atomicity (DS106). Embed the addresses with maxItems: 5; the opposite mistake, a one-to-squillions child embedded, is the unbounded array template.": [
            None,
            "Las direcciones de un usuario (5 como mucho, mostradas con el perfil, nunca consultadas solas, borradas con el usuario) recibieron su propia colección por costumbre relacional, así que la flecha contradice los seis criterios (la lección de BiblioRed sobre modelado de documentos, \"La decisión central: embeber o referenciar\"; las tres preguntas de \"Modelagem de Documentos\": límite conocido, no se lee sin el padre, cambia poco). En producción el perfil, la lectura más frecuente, necesita una segunda lectura (DS105) y borrar una cuenta abarca dos colecciones sin atomicidad (DS106). Embebe las direcciones con maxItems: 5; el error contrario, un hijo de uno a muchísimos embebido, es la plantilla del array sin límite.",
            "Os endereços de um usuário (no máximo 5, mostrados com o perfil, nunca consultados sozinhos, excluídos com o usuário) ganharam uma coleção própria por hábito relacional, então a seta contradiz os seis critérios (a lição da BiblioRed sobre modelagem de documentos, \"La decisión central: embeber o referenciar\"; as três perguntas de \"Modelagem de Documentos\": limite conhecido, não lido sem o pai, muda pouco). Em produção o perfil, a leitura mais frequente, precisa de uma segunda leitura (DS105) e excluir uma conta abrange duas coleções sem atomicidade (DS106). Embuta os endereços com maxItems: 5; o erro oposto, um filho de um para muitíssimos embutido, é o modelo do array sem teto.",
        ],
        "Root: the user. Serves U1 (the profile with its addresses).": [
            None,
            "Raíz: el usuario. Sirve a U1 (el perfil con sus direcciones).",
            "Raiz: o usuário. Atende U1 (o perfil com seus endereços).",
        ],
        "Its own collection, for no reason the access patterns give.": [
            None,
            "Su propia colección, sin ninguna razón que den los patrones de acceso.",
            "Uma coleção própria, sem nenhuma razão que os padrões de acesso deem.",
        ],
        "One-to-few, bounded, read with the user, deleted with the user.": [
            None,
            "Uno a pocos, acotado, leído con el usuario, borrado con el usuario.",
            "Um para poucos, limitado, lido com o usuário, excluído com o usuário.",
        ],
        "Perfil com endereços": ["Profile with addresses", "Perfil con direcciones", None],
        "Excluir conta": ["Delete an account", "Borrar la cuenta", None],
    },
}

TABLES["anti-bloated-document"] = {
    "words": {
        "catalogo": ["catalogue", "catalogo", "catalogo"],
        "titulo": ["title", "titulo", "titulo"],
        "titulo_normalizado": ["normalized_title", "titulo_normalizado", "titulo_normalizado"],
        "tipo": ["kind", "tipo", "tipo"],
        "libro": ["book", "libro", "livro"],
        "revista": ["magazine", "revista", "revista"],
        "audiolibro": ["audiobook", "audiolibro", "audiolivro"],
        "portada_base64": ["cover_base64", "portada_base64", "capa_base64"],
        "texto_pdf": ["pdf_text", "texto_pdf", "texto_pdf"],
        "historial_cambios": ["change_history", "historial_cambios", "historico_alteracoes"],
        "fecha": ["date", "fecha", "data"],
        "usuario": ["user", "usuario", "usuario"],
        "cambio": ["change", "cambio", "alteracao"],
        "visitante": ["visitor", "visitante", "visitante"],
        "bibliotecario": ["librarian", "bibliotecario", "bibliotecario"],
    },
    "prose": {
        "Anti-pattern: bloated document (the catalogue card that carries everything)": [
            None,
            "Antipatrón: documento inflado (la ficha del catálogo que lo lleva todo)",
            "Antipadrão: documento inchado (a ficha do catálogo que carrega tudo)",
        ],
        "The material's card keeps its cover image in base64, the full text extracted from the PDF and its change history, so every search result and every detail view loads over a megabyte to paint a title and a thumbnail; the cache fills with bytes nobody looks at and evicts the documents that are used (the BiblioRed lesson on document modelling, \"Anti-patrones que hay que reconocer\": the bloated document). Large, rarely read data goes to its own collection (texto_completo by material id) or to an object store with a URL in the card (portada_url); the history goes to its own collection.": [
            "The material's card keeps its cover image in base64, the full text extracted from the PDF and its change history, so every search result and every detail view loads over a megabyte to paint a title and a thumbnail; the cache fills with bytes nobody looks at and evicts the documents that are used (the BiblioRed lesson on document modelling, \"Anti-patrones que hay que reconocer\": the bloated document). Large, rarely read data goes to its own collection (full_text by material id) or to an object store with a URL in the card (cover_url); the history goes to its own collection.",
            "La ficha del material guarda su portada en base64, el texto completo extraído del PDF y su historial de cambios, así que cada resultado de búsqueda y cada vista de detalle carga más de un megabyte para pintar un título y una miniatura; la caché se llena de bytes que nadie mira y desaloja los documentos que sí se usan (la lección de BiblioRed sobre modelado de documentos, \"Anti-patrones que hay que reconocer\": el documento inflado). Los datos grandes y poco leídos van a su propia colección (texto_completo por id de material) o a un almacén de objetos con una URL en la ficha (portada_url); el historial va a su propia colección.",
            "A ficha do material guarda a capa em base64, o texto completo extraído do PDF e o seu histórico de alterações, então cada resultado de busca e cada tela de detalhe carrega mais de um megabyte para desenhar um título e uma miniatura; o cache se enche de bytes que ninguém olha e expulsa os documentos que são usados (a lição da BiblioRed sobre modelagem de documentos, \"Anti-patrones que hay que reconocer\": o documento inchado). Dados grandes e pouco lidos vão para uma coleção própria (texto_completo por id de material) ou para um object store com uma URL na ficha (capa_url); o histórico vai para uma coleção própria.",
        ],
        "Root: the material. Serves C1 (detail page) and C4 (search by title).": [
            None,
            "Raíz: el material. Sirve a C1 (página de detalle) y C4 (búsqueda por título).",
            "Raiz: o material. Atende C1 (página de detalhe) e C4 (busca por título).",
        ],
        "The cover image, base64-encoded inside the card.": [None, "La portada, codificada en base64 dentro de la ficha.", "A capa, codificada em base64 dentro da ficha."],
        "The full text extracted from the PDF, for a search that could use a text index elsewhere.": [
            None,
            "El texto completo extraído del PDF, para una búsqueda que podría usar un índice de texto en otra parte.",
            "O texto completo extraído do PDF, para uma busca que poderia usar um índice de texto em outro lugar.",
        ],
        "Every edit of the card, kept inside it.": [None, "Cada edición de la ficha, guardada dentro de ella.", "Cada edição da ficha, guardada dentro dela."],
        "Ficha del material": ["Material page", None, "Ficha do material"],
        "Búsqueda en el catálogo por título": ["Catalogue search by title", None, "Busca no catálogo por título"],
        "Editar la ficha": ["Edit the card", None, "Editar a ficha"],
    },
}

TABLES["anti-relational-in-disguise"] = {
    "words": {
        "autores": ["authors", "autores", "autores"],
        "nombre": ["name", "nombre", "nome"],
        "autor_id": ["author_id", "autor_id", "autor_id"],
        "titulo": ["title", "titulo", "titulo"],
        "cuerpo": ["body", "cuerpo", "corpo"],
        "publicado_en": ["published_at", "publicado_en", "publicado_em"],
        "comentarios": ["comments", "comentarios", "comentarios"],
        "autor_nombre": ["author_name", "autor_nombre", "autor_nome"],
        "texto": ["text", "texto", "texto"],
        "fecha": ["date", "fecha", "data"],
        "lector": ["reader", "lector", "leitor"],
    },
    "prose": {
        "Anti-pattern: relational in disguise (a blog post page stitched from 3 collections)": [
            None,
            "Antipatrón: relacional disfrazado (la página de un post cosida con 3 colecciones)",
            "Antipadrão: relacional disfarçado (a página de um post costurada com 3 coleções)",
        ],
        "The tables of a relational blog were moved one-to-one into collections: the post page, the most frequent read, runs an aggregation with two $lookup stages (the author, the comments), so every view pays three reads and the latency multiplies, with none of a relational database's integrity (the BiblioRed lesson on document modelling, \"Anti-patrones que hay que reconocer\"; \"Modelagem de Documentos\", '$lookup em cascata'). Shape the documents around the read: copy the author's displayed name and avatar into the post (extended reference), keep the last 3 comments and a count in the post (subset); or conclude that 'this domain wanted PostgreSQL'.": [
            None,
            "Las tablas de un blog relacional pasaron una a una a colecciones: la página del post, la lectura más frecuente, ejecuta una agregación con dos etapas $lookup (el autor, los comentarios), así que cada visita paga tres lecturas y la latencia se multiplica, sin nada de la integridad de una base relacional (la lección de BiblioRed sobre modelado de documentos, \"Anti-patrones que hay que reconocer\"; \"Modelagem de Documentos\", '$lookup em cascata'). Da forma a los documentos según la lectura: copia en el post el nombre y el avatar que se muestran del autor (referencia extendida), guarda los 3 últimos comentarios y un recuento en el post (subconjunto); o concluye que 'este dominio quería PostgreSQL'.",
            "As tabelas de um blog relacional viraram coleções uma a uma: a página do post, a leitura mais frequente, roda uma agregação com dois estágios $lookup (o autor, os comentários), então cada visita paga três leituras e a latência se multiplica, sem nada da integridade de um banco relacional (a lição da BiblioRed sobre modelagem de documentos, \"Anti-patrones que hay que reconocer\"; \"Modelagem de Documentos\", '$lookup em cascata'). Dê forma aos documentos pela leitura: copie no post o nome e o avatar exibidos do autor (referência estendida), guarde os 3 últimos comentários e uma contagem no post (subset); ou conclua que 'este domínio queria PostgreSQL'.",
        ],
        "Página del post (autor y comentarios)": ["The post page (author and comments)", None, "Página do post (autor e comentários)"],
        "aggregate([{$match: {_id}}, {$lookup: autores}, {$lookup: comentarios}])": [
            "aggregate([{$match: {_id}}, {$lookup: authors}, {$lookup: comments}])",
            None,
            None,
        ],
        "Posts de un autor": ["An author's posts", None, "Posts de um autor"],
        "Todos los comentarios de un post": ["All the comments of a post", None, "Todos os comentários de um post"],
    },
}

TABLES["anti-copy-decides"] = {
    "words": {
        "loja": ["shop", "tienda", "loja"],
        "produtos": ["products", "productos", "produtos"],
        "produto_id": ["product_id", "producto_id", "produto_id"],
        "nome": ["name", "nombre", "nome"],
        "preco": ["price", "precio", "preco"],
        "estoque": ["stock", "existencias", "estoque"],
        "carrinhos": ["carts", "carritos", "carrinhos"],
        "cliente_id": ["customer_id", "cliente_id", "cliente_id"],
        "cliente": ["customer", "cliente", "cliente"],
        "atualizado_em": ["updated_at", "actualizado_en", "atualizado_em"],
        "linhas": ["lines", "lineas", "linhas"],
        "qtd": ["qty", "cant", "qtd"],
    },
    "prose": {
        "Anti-pattern: deciding from a copy (price and stock copied into the cart)": [
            None,
            "Antipatrón: decidir con una copia (precio y existencias copiados en el carrito)",
            "Antipadrão: decidir com uma cópia (preço e estoque copiados no carrinho)",
        ],
        "Each cart line copies the product's name, price and stock, and checkout charges the copied price and accepts the order when the copied stock is positive. The copies are refreshed by a background job, so in the window between a price change or the last unit being sold and the refresh, the shop sells at the old price or sells stock that is gone (the BiblioRed lesson on document modelling, \"Duplicación controlada y cómo mantenerla coherente\", golden rule: 'duplicate what is displayed, never what is used to decide': price, stock, availability). Keep the name as a displayed copy; at checkout re-read the price and decrement the stock in productos with a conditional update ({_id, estoque: {$gte: qtd}}).": [
            "Each cart line copies the product's name, price and stock, and checkout charges the copied price and accepts the order when the copied stock is positive. The copies are refreshed by a background job, so in the window between a price change or the last unit being sold and the refresh, the shop sells at the old price or sells stock that is gone (the BiblioRed lesson on document modelling, \"Duplicación controlada y cómo mantenerla coherente\", golden rule: 'duplicate what is displayed, never what is used to decide': price, stock, availability). Keep the name as a displayed copy; at checkout re-read the price and decrement the stock in products with a conditional update ({_id, stock: {$gte: qty}}).",
            "Cada línea del carrito copia el nombre, el precio y las existencias del producto, y el pago cobra el precio copiado y acepta el pedido si las existencias copiadas son positivas. Un trabajo en segundo plano refresca las copias, así que entre un cambio de precio o la venta de la última unidad y el refresco, la tienda vende al precio viejo o vende existencias que ya no hay (la lección de BiblioRed sobre modelado de documentos, \"Duplicación controlada y cómo mantenerla coherente\", regla de oro: 'duplica lo que se muestra, nunca lo que se usa para decidir': precio, existencias, disponibilidad). Deja el nombre como copia mostrada; al pagar vuelve a leer el precio y descuenta las existencias en productos con una actualización condicional ({_id, existencias: {$gte: cant}}).",
            "Cada linha do carrinho copia o nome, o preço e o estoque do produto, e o checkout cobra o preço copiado e aceita o pedido quando o estoque copiado é positivo. Um job em segundo plano atualiza as cópias, então na janela entre uma mudança de preço ou a venda da última unidade e a atualização, a loja vende pelo preço antigo ou vende estoque que já acabou (a lição da BiblioRed sobre modelagem de documentos, \"Duplicación controlada y cómo mantenerla coherente\", regra de ouro: 'duplique o que é exibido, nunca o que é usado para decidir': preço, estoque, disponibilidade). Mantenha o nome como cópia exibida; no checkout releia o preço e decremente o estoque em produtos com um update condicional ({_id, estoque: {$gte: qtd}}).",
        ],
        "The source of truth for price and stock.": [None, "La fuente de verdad del precio y las existencias.", "A fonte da verdade do preço e do estoque."],
        "Root: one cart per customer. Serves K1 and K2.": [None, "Raíz: un carrito por cliente. Sirve a K1 y K2.", "Raiz: um carrinho por cliente. Atende K1 e K2."],
        "A line of the cart, embedded (at most 50).": [None, "Una línea del carrito, embebida (50 como mucho).", "Uma linha do carrinho, embutida (no máximo 50)."],
        "A job refreshes the copies every 15 minutes.": [None, "Un trabajo refresca las copias cada 15 minutos.", "Um job atualiza as cópias a cada 15 minutos."],
        "Ver o carrinho": ["View the cart", "Ver el carrito", None],
        "Adicionar ao carrinho": ["Add to the cart", "Añadir al carrito", None],
        "Fechar a compra": ["Check out", "Finalizar la compra", None],
        "linhas.estoque >= qtd (the copy!) and charge linhas.preco": [
            "lines.stock >= qty (the copy!) and charge lines.price",
            "lineas.existencias >= cant (¡la copia!) y cobrar lineas.precio",
            "linhas.estoque >= qtd (a cópia!) e cobrar linhas.preco",
        ],
    },
}

TABLES["anti-outlier-misapplied"] = {
    "words": {
        "catalogo": ["catalogue", "catalogo", "catalogo"],
        "titulo": ["title", "titulo", "titulo"],
        "tiene_extras": ["has_extras", "tiene_extras", "tem_extras"],
        "resenas": ["reviews", "resenas", "resenhas"],
        "socio_id": ["member_id", "socio_id", "socio_id"],
        "puntuacion": ["score", "puntuacion", "nota"],
        "texto": ["text", "texto", "texto"],
        "fecha": ["date", "fecha", "data"],
        "resenas_extra": ["extra_reviews", "resenas_extra", "resenhas_extra"],
        "visitante": ["visitor", "visitante", "visitante"],
    },
    "prose": {
        "Anti-pattern: outlier pattern misapplied (20% of the materials overflow)": [
            None,
            "Antipatrón: patrón de valores atípicos mal aplicado (el 20 % de los materiales desborda)",
            "Antipadrão: padrão outlier mal aplicado (20% dos materiais transbordam)",
        ],
        "Reviews are embedded in the material up to 50, and materials with more carry tiene_extras: true with the rest in resenas_extra. The outlier pattern pays for its two read paths only when the extreme is a tiny minority (the BiblioRed lesson on document modelling, \"Patrón: valor atípico (outlier)\": 99.8% of materials under 50 reviews); here 20% of the materials overflow, so the 'rare' path is a main path, every feature is written twice and the embedded arrays are not bounded in practice. 'Si el 20 % de los materiales desborda, no hay valor atípico: hay un mal diseño y toca referenciar para todos': reviews in their own collection for every material, with the 5 best kept in the card (subset).": [
            "Reviews are embedded in the material up to 50, and materials with more carry has_extras: true with the rest in extra_reviews. The outlier pattern pays for its two read paths only when the extreme is a tiny minority (the BiblioRed lesson on document modelling, \"Patrón: valor atípico (outlier)\": 99.8% of materials under 50 reviews); here 20% of the materials overflow, so the 'rare' path is a main path, every feature is written twice and the embedded arrays are not bounded in practice. 'If 20% of the materials overflow, there is no outlier: there is a bad design, and everything must be referenced': reviews in their own collection for every material, with the 5 best kept in the card (subset).",
            "Las reseñas van embebidas en el material hasta 50, y los materiales con más llevan tiene_extras: true con el resto en resenas_extra. El patrón de valores atípicos compensa sus dos caminos de lectura solo cuando el extremo es una minoría diminuta (la lección de BiblioRed sobre modelado de documentos, \"Patrón: valor atípico (outlier)\": el 99,8 % de los materiales con menos de 50 reseñas); aquí desborda el 20 % de los materiales, así que el camino 'raro' es un camino principal, cada función se escribe dos veces y los arrays embebidos no están acotados en la práctica. 'Si el 20 % de los materiales desborda, no hay valor atípico: hay un mal diseño y toca referenciar para todos': las reseñas en su propia colección para todos los materiales, con las 5 mejores en la ficha (subconjunto).",
            "As resenhas ficam embutidas no material até 50, e os materiais com mais levam tem_extras: true com o resto em resenhas_extra. O padrão outlier compensa os seus dois caminhos de leitura só quando o extremo é uma minoria minúscula (a lição da BiblioRed sobre modelagem de documentos, \"Patrón: valor atípico (outlier)\": 99,8% dos materiais com menos de 50 resenhas); aqui 20% dos materiais transbordam, então o caminho 'raro' é um caminho principal, cada funcionalidade é escrita duas vezes e os arrays embutidos não têm limite na prática. 'Se 20% dos materiais transbordam, não há outlier: há um design ruim, e é preciso referenciar para todos': as resenhas numa coleção própria para todos os materiais, com as 5 melhores guardadas na ficha (subset).",
        ],
        "Root: the material, with up to 50 reviews embedded.": [
            None,
            "Raíz: el material, con hasta 50 reseñas embebidas.",
            "Raiz: o material, com até 50 resenhas embutidas.",
        ],
        "Set when the material has more than 50 reviews: 20% of them.": [
            None,
            "Puesto cuando el material tiene más de 50 reseñas: el 20 % de ellos.",
            "Marcado quando o material tem mais de 50 resenhas: 20% deles.",
        ],
        "Embedded in the material (the first 50).": [None, "Embebidas en el material (las 50 primeras).", "Embutidas no material (as 50 primeiras)."],
        "The overflow: every review past the 50th.": [None, "El desbordamiento: cada reseña después de la 50.ª.", "O excedente: cada resenha depois da 50ª."],
        "The measured distribution: 80% of materials under 50 reviews, 20% up to 3,000.": [
            None,
            "La distribución medida: el 80 % de los materiales con menos de 50 reseñas, el 20 % hasta 3.000.",
            "A distribuição medida: 80% dos materiais com menos de 50 resenhas, 20% até 3.000.",
        ],
        "Ficha del material con sus reseñas": ["The material page with its reviews", None, "Ficha do material com as suas resenhas"],
        "Más reseñas de un material (si tiene_extras)": [
            "More reviews of a material (if has_extras)",
            None,
            "Mais resenhas de um material (se tem_extras)",
        ],
    },
}

TABLES["anti-pagination"] = {
    "words": {
        "loja": ["shop", "tienda", "loja"],
        "produtos": ["products", "productos", "produtos"],
        "categoria": ["category", "categoria", "categoria"],
        "nome": ["name", "nombre", "nome"],
        "preco": ["price", "precio", "preco"],
        "orders": ["orders", "pedidos", "pedidos"],
        "customerId": ["customerId", "clienteId", "clienteId"],
        "createdAt": ["createdAt", "creadoEn", "criadoEm"],
        "lastCreatedAt": ["lastCreatedAt", "ultimoCreadoEn", "ultimoCriadoEm"],
        "visitante": ["visitor", "visitante", "visitante"],
        "cliente": ["customer", "cliente", "cliente"],
    },
    "prose": {
        "Anti-pattern: deep offset pagination and paging on a non-unique sort": [
            None,
            "Antipatrón: paginación profunda por desplazamiento y páginas sobre un orden no único",
            "Antipadrão: paginação profunda por deslocamento e páginas sobre uma ordenação não única",
        ],
        "The product listing pages with skip((page - 1) * 20) down to page 800, so MongoDB walks and discards 16,000 entries to return 20, and the order history pages by a cursor on createdAt alone, so orders sharing a timestamp are repeated or skipped at a page boundary. Deep pages cost as much as every page before them, and a sort with ties has no defined order (the course lesson on access patterns: 'Paginar solo por createdAt puede producir duplicados o saltos', so 'añade tie-breaker único'). Use cursor pagination on a stable sort ending with _id ({createdAt: -1, _id: -1}, in the index), asking for the documents after the last one seen.": [
            "The product listing pages with skip((page - 1) * 20) down to page 800, so MongoDB walks and discards 16,000 entries to return 20, and the order history pages by a cursor on createdAt alone, so orders sharing a timestamp are repeated or skipped at a page boundary. Deep pages cost as much as every page before them, and a sort with ties has no defined order (the course lesson on access patterns: 'paging by createdAt alone can produce duplicates or gaps', so 'add a unique tie-breaker'). Use cursor pagination on a stable sort ending with _id ({createdAt: -1, _id: -1}, in the index), asking for the documents after the last one seen.",
            "El listado de productos pagina con skip((page - 1) * 20) hasta la página 800, así que MongoDB recorre y descarta 16.000 entradas para devolver 20, y el historial de pedidos pagina con un cursor solo sobre creadoEn, así que los pedidos que comparten instante se repiten o se saltan en el borde de una página. Las páginas profundas cuestan tanto como todas las anteriores, y un orden con empates no tiene un orden definido (la lección del curso sobre patrones de acceso: 'Paginar solo por createdAt puede producir duplicados o saltos', así que 'añade tie-breaker único'). Usa paginación por cursor sobre un orden estable que termine en _id ({creadoEn: -1, _id: -1}, en el índice), pidiendo los documentos posteriores al último visto.",
            "A listagem de produtos pagina com skip((page - 1) * 20) até a página 800, então o MongoDB percorre e descarta 16.000 entradas para devolver 20, e o histórico de pedidos pagina com um cursor só sobre criadoEm, então pedidos que compartilham o instante se repetem ou são pulados na borda de uma página. Páginas profundas custam tanto quanto todas as anteriores, e uma ordenação com empates não tem ordem definida (a lição do curso sobre padrões de acesso: 'Paginar solo por createdAt puede producir duplicados o saltos', então 'añade tie-breaker único'). Use paginação por cursor sobre uma ordenação estável que termine em _id ({criadoEm: -1, _id: -1}, no índice), pedindo os documentos depois do último visto.",
        ],
        "Root: the product. Serves P1 (the listing of a category).": [
            None,
            "Raíz: el producto. Sirve a P1 (el listado de una categoría).",
            "Raiz: o produto. Atende P1 (a listagem de uma categoria).",
        ],
        "Root: the order. Serves P2 (a customer's order history).": [
            None,
            "Raíz: el pedido. Sirve a P2 (el historial de pedidos de un cliente).",
            "Raiz: o pedido. Atende P2 (o histórico de pedidos de um cliente).",
        ],
        "Produtos de uma categoria, página N": ["A category's products, page N", "Productos de una categoría, página N", None],
        "Histórico de pedidos do cliente": ["A customer's order history", "Historial de pedidos del cliente", None],
        "find({categoria}).sort({preco: 1, _id: 1}).skip((page - 1) * 20).limit(20)": [
            "find({category}).sort({price: 1, _id: 1}).skip((page - 1) * 20).limit(20)",
            "find({categoria}).sort({precio: 1, _id: 1}).skip((page - 1) * 20).limit(20)",
            None,
        ],
        "find({customerId, createdAt: {$lt: lastCreatedAt}}): no tie-breaker.": [
            None,
            "find({clienteId, creadoEn: {$lt: ultimoCreadoEn}}): sin desempate.",
            "find({clienteId, criadoEm: {$lt: ultimoCriadoEm}}): sem desempate.",
        ],
    },
}

TABLES["anti-no-validation"] = {
    "words": {
        "loja": ["shop", "tienda", "loja"],
        "clientes": ["customers", "clientes", "clientes"],
        "cliente": ["customer", "cliente", "cliente"],
        "nome": ["name", "nombre", "nome"],
        "telefone": ["phone", "telefono", "telefone"],
        "criado_em": ["created_at", "creado_en", "criado_em"],
        "atendimento": ["support", "atencion", "atendimento"],
    },
    "prose": {
        "Anti-pattern: no validation, no schema version (three phone formats)": [
            None,
            "Antipatrón: sin validación ni versión de esquema (tres formatos de teléfono)",
            "Antipadrão: sem validação nem versão de schema (três formatos de telefone)",
        ],
        "The customers collection accepts anything: three services write the phone as '+55 11 91234-5678', '11912345678' and '(11) 912345678', a misspelled 'telefone_' slips in, and nobody notices until the monthly report breaks (the measured sample shows it: DS601) (\"Modelagem de Documentos\", 'Três formatos de telefone convivendo, descobertos no relatório'). Without a schema version, readers cannot tell an old shape from a broken one. Add a $jsonSchema validator (bsonType, required, pattern for the phone; deploy with validationAction 'warn' first, then 'error') and a schema_v field from the first document (the BiblioRed lesson on document modelling, \"Validación de esquema con $jsonSchema\"; \"Patrones de Diseño de Esquema en MongoDB\", \"Reglas de Validación\").": [
            "The customers collection accepts anything: three services write the phone as '+55 11 91234-5678', '11912345678' and '(11) 912345678', a misspelled 'phone_' slips in, and nobody notices until the monthly report breaks (the measured sample shows it: DS601) (\"Modelagem de Documentos\", 'Três formatos de telefone convivendo, descobertos no relatório'). Without a schema version, readers cannot tell an old shape from a broken one. Add a $jsonSchema validator (bsonType, required, pattern for the phone; deploy with validationAction 'warn' first, then 'error') and a schema_v field from the first document (the BiblioRed lesson on document modelling, \"Validación de esquema con $jsonSchema\"; \"Patrones de Diseño de Esquema en MongoDB\", \"Reglas de Validación\").",
            "La colección clientes acepta cualquier cosa: tres servicios escriben el teléfono como '+55 11 91234-5678', '11912345678' y '(11) 912345678', se cuela un 'telefono_' mal escrito y nadie lo nota hasta que se rompe el informe mensual (la muestra medida lo enseña: DS601) (\"Modelagem de Documentos\", 'Três formatos de telefone convivendo, descobertos no relatório'). Sin versión de esquema, los lectores no distinguen una forma antigua de una rota. Añade un validador $jsonSchema (bsonType, required, pattern para el teléfono; despliégalo primero con validationAction 'warn' y luego 'error') y un campo schema_v desde el primer documento (la lección de BiblioRed sobre modelado de documentos, \"Validación de esquema con $jsonSchema\"; \"Patrones de Diseño de Esquema en MongoDB\", \"Reglas de Validación\").",
            "A coleção clientes aceita qualquer coisa: três serviços escrevem o telefone como '+55 11 91234-5678', '11912345678' e '(11) 912345678', um 'telefone_' com erro de digitação entra, e ninguém percebe até o relatório mensal quebrar (a amostra medida mostra: DS601) (\"Modelagem de Documentos\", 'Três formatos de telefone convivendo, descobertos no relatório'). Sem versão de schema, quem lê não distingue uma forma antiga de uma quebrada. Adicione um validador $jsonSchema (bsonType, required, pattern para o telefone; implante primeiro com validationAction 'warn', depois 'error') e um campo schema_v desde o primeiro documento (a lição da BiblioRed sobre modelagem de documentos, \"Validación de esquema con $jsonSchema\"; \"Patrones de Diseño de Esquema en MongoDB\", \"Reglas de Validación\").",
        ],
        "No validator, no version field: the mistake this design demonstrates.": [
            None,
            "Sin validador ni campo de versión: el error que muestra este diseño.",
            "Sem validador nem campo de versão: o erro que este design mostra.",
        ],
        "Also found as '11912345678' and '(11) 912345678': no pattern enforces one format.": [
            None,
            "También aparece como '11912345678' y '(11) 912345678': ningún pattern impone un formato.",
            "Também aparece como '11912345678' e '(11) 912345678': nenhum pattern impõe um formato.",
        ],
        "clientes.ndjson (a sample of 60 documents, measured by docshape infer)": [
            "customers.ndjson (a sample of 60 documents, measured by docshape infer)",
            "clientes.ndjson (una muestra de 60 documentos, medida por docshape infer)",
            "clientes.ndjson (uma amostra de 60 documentos, medida pelo docshape infer)",
        ],
        "`telefone` strings come in 3 formats (\"(9) 9\" 33.3%, \"+9 9 9-9\" 33.3%, \"9\" 33.3%; 9 = digits, a = letters): normalize them on write and add a `pattern` to the validator.": [
            "`phone` strings come in 3 formats (\"(9) 9\" 33.3%, \"+9 9 9-9\" 33.3%, \"9\" 33.3%; 9 = digits, a = letters): normalize them on write and add a `pattern` to the validator.",
            "los strings de `telefono` vienen en 3 formatos (\"(9) 9\" 33,3 %, \"+9 9 9-9\" 33,3 %, \"9\" 33,3 %; 9 = dígitos, a = letras): normalízalos al escribir y añade un `pattern` al validador.",
            "as strings de `telefone` vêm em 3 formatos (\"(9) 9\" 33,3%, \"+9 9 9-9\" 33,3%, \"9\" 33,3%; 9 = dígitos, a = letras): normalize-as na escrita e adicione um `pattern` ao validador.",
        ],
        "Cliente por e-mail (login)": ["Customer by email (login)", "Cliente por correo (inicio de sesión)", None],
        "Cadastrar cliente": ["Sign up a customer", "Dar de alta un cliente", None],
        "Atualizar telefone": ["Update the phone", "Actualizar el teléfono", None],
    },
}

TABLES["anti-index-per-query"] = {
    "words": {
        "loja": ["shop", "tienda", "loja"],
        "pedidos": ["orders", "pedidos", "pedidos"],
        "cliente_id": ["customer_id", "cliente_id", "cliente_id"],
        "cliente": ["customer", "cliente", "cliente"],
        "criado_em": ["created_at", "creado_en", "criado_em"],
        "loja_id": ["shop_id", "tienda_id", "loja_id"],
        "vendedor_id": ["seller_id", "vendedor_id", "vendedor_id"],
        "cupom": ["coupon", "cupon", "cupom"],
        "itens": ["items", "articulos", "itens"],
        "cidade": ["city", "ciudad", "cidade"],
        "forma_pagamento": ["payment_method", "forma_pago", "forma_pagamento"],
        "atualizado_em": ["updated_at", "actualizado_en", "atualizado_em"],
        "canal": ["channel", "canal", "canal"],
        "transportadora": ["carrier", "transportista", "transportadora"],
        "nota_fiscal": ["invoice", "factura", "nota_fiscal"],
        "novo": ["new", "nuevo", "novo"],
        "pago": ["paid", "pagado", "pago"],
        "enviado": ["shipped", "enviado", "enviado"],
        "entregue": ["delivered", "entregado", "entregue"],
        "cancelado": ["cancelled", "cancelado", "cancelado"],
        "cartao": ["card", "tarjeta", "cartao"],
        "boleto": ["bank_slip", "boleto", "boleto"],
        "qtd": ["qty", "cant", "qtd"],
        "preco": ["price", "precio", "preco"],
        "analista": ["analyst", "analista", "analista"],
        "financeiro": ["finance", "finanzas", "financeiro"],
        "logística": ["logistics", "logística", "logística"],
        "integração": ["integration", "integración", "integração"],
    },
    "prose": {
        "Anti-pattern: an index for every query (15 indexes on a write-heavy collection)": [
            None,
            "Antipatrón: un índice para cada consulta (15 índices en una colección de mucha escritura)",
            "Antipadrão: um índice para cada consulta (15 índices numa coleção de escrita intensa)",
        ],
        "Each new screen or report got its own index, until the orders collection, taking 2,100 writes a minute, carries 15 of them: every insert updates 15 B-trees, the indexes crowd the working set out of RAM, and writes slow down for reports that run a few times a day (\"Modelagem de Documentos\", '15 índices numa coleção de escrita intensa é o gargalo'; the course lesson on access patterns: not every query deserves an index). Two single-field indexes do the job of one compound, and one is a prefix of another. Let one compound index per query shape serve the frequent reads (ESR), drop the prefixes, and run the rare reports on an analytical copy or accept a scan.": [
            None,
            "Cada pantalla o informe nuevo recibió su propio índice, hasta que la colección de pedidos, con 2.100 escrituras por minuto, lleva 15: cada inserción actualiza 15 árboles B, los índices echan de la RAM el conjunto de trabajo y las escrituras se frenan por informes que se ejecutan unas pocas veces al día (\"Modelagem de Documentos\", '15 índices numa coleção de escrita intensa é o gargalo'; la lección del curso sobre patrones de acceso: no toda consulta merece un índice). Dos índices de un solo campo hacen el trabajo de uno compuesto, y uno es prefijo de otro. Deja que un índice compuesto por forma de consulta sirva las lecturas frecuentes (ESR), quita los prefijos y lleva los informes raros a una copia analítica o acepta un recorrido completo.",
            "Cada tela ou relatório novo ganhou o seu próprio índice, até que a coleção de pedidos, com 2.100 escritas por minuto, carrega 15: cada inserção atualiza 15 árvores B, os índices expulsam o working set da RAM e as escritas ficam lentas por relatórios que rodam poucas vezes por dia (\"Modelagem de Documentos\", '15 índices numa coleção de escrita intensa é o gargalo'; a lição do curso sobre padrões de acesso: nem toda consulta merece um índice). Dois índices de um campo fazem o trabalho de um composto, e um é prefixo de outro. Deixe um índice composto por forma de consulta servir as leituras frequentes (ESR), remova os prefixos e rode os relatórios raros numa cópia analítica ou aceite uma varredura.",
        ],
        "Root: the order. Write-heavy: W1 and W2 outnumber the reads.": [
            None,
            "Raíz: el pedido. Mucha escritura: W1 y W2 superan a las lecturas.",
            "Raiz: o pedido. Escrita intensa: W1 e W2 superam as leituras.",
        ],
        "Criar pedido": ["Create an order", "Crear un pedido", None],
        "Atualizar status": ["Update the status", "Actualizar el estado", None],
        "status is the expected previous one (conditional update)": [
            None,
            "status es el anterior esperado (actualización condicional)",
            "status é o anterior esperado (update condicional)",
        ],
        "Pedidos do cliente": ["A customer's orders", "Pedidos del cliente", None],
        "Fila de pedidos por status": ["Order queue by status", "Cola de pedidos por estado", None],
        "Served today by {status: 1} and {criado_em: -1} apart.": [
            "Served today by {status: 1} and {created_at: -1} apart.",
            "Hoy la sirven {status: 1} y {creado_en: -1} por separado.",
            "Hoje atendida por {status: 1} e {criado_em: -1} separados.",
        ],
        "Pedidos de uma loja": ["A shop's orders", "Pedidos de una tienda", None],
        "A rare report that got its own index.": [None, "Un informe raro que recibió su propio índice.", "Um relatório raro que ganhou o seu próprio índice."],
        "Vendas de um vendedor": ["A seller's sales", "Ventas de un vendedor", None],
        "Uso de um cupom": ["Use of a coupon", "Uso de un cupón", None],
        "Pedidos com um SKU": ["Orders with a SKU", "Pedidos con un SKU", None],
        "Pedidos por cidade": ["Orders by city", "Pedidos por ciudad", None],
        "Pedidos por forma de pagamento": ["Orders by payment method", "Pedidos por forma de pago", None],
        "Pedidos acima de um valor": ["Orders above an amount", "Pedidos por encima de un importe", None],
        "Pedidos alterados desde": ["Orders changed since", "Pedidos modificados desde", None],
        "Pedidos por canal": ["Orders by channel", "Pedidos por canal", None],
        "Pedidos por transportadora": ["Orders by carrier", "Pedidos por transportista", None],
        "Pedido por nota fiscal": ["Order by invoice", "Pedido por factura", None],
    },
}

TABLES["anti-live-copy"] = {
    "words": {
        "loja": ["shop", "tienda", "loja"],
        "clientes": ["customers", "clientes", "clientes"],
        "cliente": ["customer", "cliente", "cliente"],
        "cliente_id": ["customer_id", "cliente_id", "cliente_id"],
        "nome": ["name", "nombre", "nome"],
        "pedidos": ["orders", "pedidos", "pedidos"],
        "criado_em": ["created_at", "creado_en", "criado_em"],
        "carrinhos": ["carts", "carritos", "carrinhos"],
        "atualizado_em": ["updated_at", "actualizado_en", "atualizado_em"],
        "chamados": ["tickets", "incidencias", "chamados"],
        "assunto": ["subject", "asunto", "assunto"],
        "aberto_em": ["opened_at", "abierto_en", "aberto_em"],
        "avaliacoes": ["reviews", "valoraciones", "avaliacoes"],
        "nota": ["rating", "nota", "nota"],
        "texto": ["text", "texto", "texto"],
        "faturamento": ["billing", "facturacion", "faturamento"],
        "proxima_fatura": ["next_invoice", "proxima_factura", "proxima_fatura"],
        "valor_mensal": ["monthly_amount", "importe_mensual", "valor_mensal"],
        "suporte": ["support", "soporte", "suporte"],
    },
    "prose": {
        "Anti-pattern: live copy without propagation (the customer's name in 5 collections)": [
            None,
            "Antipatrón: copia viva sin propagación (el nombre del cliente en 5 colecciones)",
            "Antipadrão: cópia viva sem propagação (o nome do cliente em 5 coleções)",
        ],
        "The customer's name is copied into 5 collections so each screen avoids a second read. Orders keep it as historical (the name at the sale: correct, never propagated), carts, tickets and reviews have a propagation plan, but the billing profile's copy has none: the rename never reaches it and invoices go out under the old name for months (\"Modelagem de Documentos\", 'Nome do cliente em 5 coleções, e a de faturamento nunca foi atualizada'). Every copy needs a category (immutable, historical, live) and, if live, a propagation strategy (immediate, deferred with reconciliation, or re-read); a good design has few copies and documents them (the BiblioRed lesson on document modelling, \"Duplicación controlada y cómo mantenerla coherente\").": [
            None,
            "El nombre del cliente se copia en 5 colecciones para que cada pantalla se ahorre una segunda lectura. Los pedidos lo guardan como histórico (el nombre en la venta: correcto, nunca se propaga), los carritos, las incidencias y las valoraciones tienen un plan de propagación, pero la copia del perfil de facturación no tiene ninguno: el cambio de nombre nunca le llega y las facturas salen con el nombre viejo durante meses (\"Modelagem de Documentos\", 'Nome do cliente em 5 coleções, e a de faturamento nunca foi atualizada'). Cada copia necesita una categoría (inmutable, histórica, viva) y, si es viva, una estrategia de propagación (inmediata, diferida con reconciliación o relectura); un buen diseño tiene pocas copias y las documenta (la lección de BiblioRed sobre modelado de documentos, \"Duplicación controlada y cómo mantenerla coherente\").",
            "O nome do cliente é copiado em 5 coleções para que cada tela evite uma segunda leitura. Os pedidos o guardam como histórico (o nome na venda: correto, nunca propagado), carrinhos, chamados e avaliações têm um plano de propagação, mas a cópia do perfil de faturamento não tem nenhum: a troca de nome nunca chega até ela e as faturas saem com o nome antigo por meses (\"Modelagem de Documentos\", 'Nome do cliente em 5 coleções, e a de faturamento nunca foi atualizada'). Toda cópia precisa de uma categoria (imutável, histórica, viva) e, se viva, de uma estratégia de propagação (imediata, adiada com reconciliação, ou releitura); um bom design tem poucas cópias e as documenta (a lição da BiblioRed sobre modelagem de documentos, \"Duplicación controlada y cómo mantenerla coherente\").",
        ],
        "The source of the name.": [None, "La fuente del nombre.", "A fonte do nome."],
        "The name as it was at the sale: historical, never propagated (correct).": [
            None,
            "El nombre tal como era en la venta: histórico, nunca se propaga (correcto).",
            "O nome como era na venda: histórico, nunca propagado (correto).",
        ],
        "Live copy, rewritten immediately on a rename.": [None, "Copia viva, reescrita al instante en un cambio de nombre.", "Cópia viva, reescrita na hora numa troca de nome."],
        "Support tickets: live copy, rewritten by a nightly job with reconciliation.": [
            None,
            "Incidencias de soporte: copia viva, reescrita por un trabajo nocturno con reconciliación.",
            "Chamados de suporte: cópia viva, reescrita por um job noturno com reconciliação.",
        ],
        "Product reviews show the reviewer's current name: live, deferred.": [
            None,
            "Las valoraciones de productos muestran el nombre actual de quien valora: viva, diferida.",
            "As avaliações de produtos mostram o nome atual de quem avalia: viva, adiada.",
        ],
        "Billing profile: the monthly invoice is issued to this name. Live copy that nobody updates: the finding.": [
            None,
            "Perfil de facturación: la factura mensual se emite a este nombre. Copia viva que nadie actualiza: el hallazgo.",
            "Perfil de faturamento: a fatura mensal é emitida neste nome. Cópia viva que ninguém atualiza: o achado.",
        ],
        "\"Modelagem de Documentos\": 'a de faturamento nunca foi atualizada'.": [
            "\"Modelagem de Documentos\": 'the billing one was never updated'.",
            "\"Modelagem de Documentos\": 'la de facturación nunca se actualizó'.",
            None,
        ],
        "Meus pedidos": ["My orders", "Mis pedidos", None],
        "Carrinho atual": ["Current cart", "Carrito actual", None],
        "Chamados do cliente": ["A customer's tickets", "Incidencias del cliente", None],
        "Avaliações de um cliente": ["A customer's reviews", "Valoraciones de un cliente", None],
        "Emitir a fatura mensal": ["Issue the monthly invoice", "Emitir la factura mensual", None],
        "Renomear cliente": ["Rename a customer", "Renombrar un cliente", None],
        "carrinhos are rewritten in the same request; chamados and avaliacoes by a nightly job, with a reconciliation pass. faturamento: forgotten.": [
            "carts are rewritten in the same request; tickets and reviews by a nightly job, with a reconciliation pass. billing: forgotten.",
            "los carritos se reescriben en la misma petición; las incidencias y las valoraciones, con un trabajo nocturno y una pasada de reconciliación. facturacion: olvidada.",
            "os carrinhos são reescritos na mesma requisição; chamados e avaliacoes por um job noturno, com uma passada de reconciliação. faturamento: esquecido.",
        ],
    },
}

TABLES["bibliored"] = {
    "words": {
        "catalogo": ["catalogue", "catalogo", "catalogo"],
        "tipo": ["kind", "tipo", "tipo"],
        "libro": ["book", "libro", "livro"],
        "revista": ["magazine", "revista", "revista"],
        "audiolibro": ["audiobook", "audiolibro", "audiolivro"],
        "paginas": ["pages", "paginas", "paginas"],
        "numero": ["issue", "numero", "numero"],
        "duracion_min": ["duration_min", "duracion_min", "duracao_min"],
        "narrador": ["narrator", "narrador", "narrador"],
        "titulo": ["title", "titulo", "titulo"],
        "titulo_normalizado": ["normalized_title", "titulo_normalizado", "titulo_normalizado"],
        "autores": ["authors", "autores", "autores"],
        "autor_id": ["author_id", "autor_id", "autor_id"],
        "nombre": ["name", "nombre", "nome"],
        "anio": ["year", "anio", "ano"],
        "sinopsis": ["synopsis", "sinopsis", "sinopse"],
        "portada_url": ["cover_url", "portada_url", "capa_url"],
        "valoracion": ["rating", "valoracion", "avaliacao"],
        "media": ["avg", "media", "media"],
        "suma": ["sum", "suma", "soma"],
        "num": ["count", "num", "num"],
        "resenas_destacadas": ["top_reviews", "resenas_destacadas", "resenhas_destaque"],
        "resena_id": ["review_id", "resena_id", "resenha_id"],
        "socio_nombre": ["member_name", "socio_nombre", "socio_nome"],
        "puntuacion": ["score", "puntuacion", "nota"],
        "extracto": ["excerpt", "extracto", "trecho"],
        "votos_utiles": ["helpful_votes", "votos_utiles", "votos_uteis"],
        "total_resenas": ["reviews_count", "total_resenas", "total_resenhas"],
        "disponibilidad": ["availability", "disponibilidad", "disponibilidade"],
        "disponibles": ["available", "disponibles", "disponiveis"],
        "actualizado": ["updated", "actualizado", "atualizado"],
        "etiquetas": ["tags", "etiquetas", "etiquetas"],
        "resenas": ["reviews", "resenas", "resenhas"],
        "material_id": ["material_id", "material_id", "material_id"],
        "socio": ["member", "socio", "socio"],
        "socio_id": ["member_id", "socio_id", "socio_id"],
        "texto": ["text", "texto", "texto"],
        "votos": ["votes", "votos", "votos"],
        "util": ["helpful", "util", "util"],
        "fecha": ["date", "fecha", "data"],
        "estado": ["status", "estado", "estado"],
        "pendiente": ["pending", "pendiente", "pendente"],
        "publicada": ["published", "publicada", "publicada"],
        "rechazada": ["rejected", "rechazada", "rejeitada"],
        "socios": ["patrons", "socios", "socios"],
        "actividad": ["activity", "actividad", "atividade"],
        "dia": ["day", "dia", "dia"],
        "num_eventos": ["events_count", "num_eventos", "num_eventos"],
        "eventos": ["events", "eventos", "eventos"],
        "busqueda": ["search", "busqueda", "busca"],
        "ficha": ["record", "ficha", "ficha"],
        "filtro": ["filter", "filtro", "filtro"],
        "reserva": ["hold", "reserva", "reserva"],
        "descarga": ["download", "descarga", "download"],
        "termino": ["term", "termino", "termo"],
        "campo": ["field", "campo", "campo"],
        "valor": ["value", "valor", "valor"],
        "ejemplares": ["copies", "ejemplares", "exemplares"],
        "ejemplar_id": ["copy_id", "ejemplar_id", "exemplar_id"],
        "sucursal": ["branch", "sucursal", "filial"],
        "visitante": ["visitor", "visitante", "visitante"],
        "bibliotecario": ["librarian", "bibliotecario", "bibliotecario"],
        "analista": ["analyst", "analista", "analista"],
    },
    "prose": {
        "BiblioRed": [None, None, None],
        "The library portal of the BiblioRed lesson on document modelling (\"Entregable: el diseño final de las colecciones de BiblioRed\"): catalogue, reviews and member activity. Members and physical copies live in PostgreSQL.": [
            None,
            "El portal de bibliotecas de la lección de BiblioRed sobre modelado de documentos (\"Entregable: el diseño final de las colecciones de BiblioRed\"): catálogo, reseñas y actividad de los socios. Los socios y los ejemplares físicos viven en PostgreSQL.",
            "O portal de bibliotecas da lição da BiblioRed sobre modelagem de documentos (\"Entregable: el diseño final de las colecciones de BiblioRed\"): catálogo, resenhas e atividade dos sócios. Sócios e exemplares físicos vivem no PostgreSQL.",
        ],
        "Root: the material. Serves C1 (detail page, the most frequent query) and C4 (search).": [
            None,
            "Raíz: el material. Sirve a C1 (página de detalle, la consulta más frecuente) y C4 (búsqueda).",
            "Raiz: o material. Atende C1 (página de detalhe, a consulta mais frequente) e C4 (busca).",
        ],
        "Counter copied from PostgreSQL, for display only.": [None, "Contador copiado de PostgreSQL, solo para mostrar.", "Contador copiado do PostgreSQL, só para exibir."],
        "Root: the review. Serves C2, C3 and C5. Votes are embedded so the vote and its counter change in one write.": [
            None,
            "Raíz: la reseña. Sirve a C2, C3 y C5. Los votos van embebidos para que el voto y su contador cambien en una sola escritura.",
            "Raiz: a resenha. Atende C2, C3 e C5. Os votos ficam embutidos para que o voto e o seu contador mudem numa única escrita.",
        ],
        "Members stay in PostgreSQL; socio_id is shared between both databases.": [
            "Members stay in PostgreSQL; member_id is shared between both databases.",
            "Los socios se quedan en PostgreSQL; socio_id se comparte entre las dos bases de datos.",
            "Os sócios ficam no PostgreSQL; socio_id é compartilhado entre os dois bancos.",
        ],
        "Root: one member's events in one day (bucket). Serves C6, C7 and C8.": [
            None,
            "Raíz: los eventos de un socio en un día (bucket). Sirve a C6, C7 y C8.",
            "Raiz: os eventos de um sócio em um dia (bucket). Atende C6, C7 e C8.",
        ],
        "Physical copies are tied to loans, which are transactional: they stay in PostgreSQL.": [
            None,
            "Los ejemplares físicos van ligados a los préstamos, que son transaccionales: se quedan en PostgreSQL.",
            "Os exemplares físicos estão ligados aos empréstimos, que são transacionais: ficam no PostgreSQL.",
        ],
        "Search by tag is served by a multikey index on the embedded array, not by another collection.": [
            None,
            "La búsqueda por etiqueta la sirve un índice multiclave sobre el array embebido, no otra colección.",
            "A busca por etiqueta é atendida por um índice multikey sobre o array embutido, não por outra coleção.",
        ],
        "Only a denormalized availability counter is copied, to paint \"3 disponibles en Centro\".": [
            "Only a denormalized availability counter is copied, to paint \"3 available at Centro\".",
            "Solo se copia un contador de disponibilidad desnormalizado, para pintar \"3 disponibles en Centro\".",
            "Só um contador de disponibilidade desnormalizado é copiado, para desenhar \"3 disponíveis no Centro\".",
        ],
        "Ficha del material con sus mejores reseñas": ["The material page with its best reviews", None, "Ficha do material com as suas melhores resenhas"],
        "Reseñas de un material, las más útiles primero": ["A material's reviews, most helpful first", None, "Resenhas de um material, as mais úteis primeiro"],
        "Reseñas de un socio en su perfil": ["A member's reviews on their profile", None, "Resenhas de um sócio no seu perfil"],
        "Búsqueda en el catálogo por título": ["Catalogue search by title", None, "Busca no catálogo por título"],
        "Búsqueda en el catálogo por etiqueta": ["Catalogue search by tag", None, "Busca no catálogo por etiqueta"],
        "Mejor valorados de un tipo": ["Best rated of a kind", None, "Mais bem avaliados de um tipo"],
        "Cola de moderación por estado y fecha": ["Moderation queue by status and date", None, "Fila de moderação por estado e data"],
        "Reseñas por etiqueta": ["Reviews by tag", None, "Resenhas por etiqueta"],
        "Registrar un evento de actividad": ["Record an activity event", None, "Registrar um evento de atividade"],
        "num_eventos < 500, otherwise open the next bucket (-2)": [
            "events_count < 500, otherwise open the next bucket (-2)",
            "num_eventos < 500; si no, abre el siguiente bucket (-2)",
            "num_eventos < 500; senão, abra o próximo bucket (-2)",
        ],
        "Actividad de un socio por día": ["A member's activity by day", None, "Atividade de um sócio por dia"],
        "Actividad sobre un material": ["Activity on a material", None, "Atividade sobre um material"],
        "Obras de un autor": ["An author's works", None, "Obras de um autor"],
        "Publicar una reseña": ["Post a review", None, "Publicar uma resenha"],
        "the material's counters may lag a few minutes": [
            None,
            "los contadores del material pueden ir unos minutos por detrás",
            "os contadores do material podem atrasar alguns minutos",
        ],
    },
}

WORD = re.compile(r"[^\W\d]\w*")


def by_words(text, words, lang):
    i = LANGS.index(lang)
    return WORD.sub(lambda m: (words.get(m.group(0)) or [m.group(0)] * 3)[i] or m.group(0), text)


def translate(value, key, table, lang, ids, missing):
    if isinstance(value, dict):
        return {k: translate(v, k, table, lang, ids, missing) for k, v in value.items()}
    if isinstance(value, list):
        return [translate(v, key, table, lang, ids, missing) for v in value]
    if not isinstance(value, str):
        return value
    i = LANGS.index(lang)
    whole = table["prose"].get(value)
    if whole is not None:
        return whole[i] if whole[i] is not None else value
    if key in PROSE or (key == "name" and " " in value):
        # A sentence or a pattern's name: its words alone would not make one (ids are
        # never translated: a write's "changes" may name a box by id).
        if any(w in table["words"] for w in WORD.findall(value)) or lang != "en":
            missing.append(value)
        return value
    if key in NAMES and not (key == "changes" and value in ids):
        return by_words(value, table["words"], lang)
    return value


def main():
    out = ROOT / "public" / "i18n" / "templates"
    missing = []
    for template, table in TABLES.items():
        original = json.loads((ROOT / "public" / "templates" / f"{template}.json").read_text())
        ids = {e["id"] for e in original.get("entities", [])}
        for lang in LANGS:
            translated = translate(original, None, table, lang, ids, missing)
            path = out / lang / f"{template}.json"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(translated, ensure_ascii=False, indent=2) + "\n")
    if missing:
        sys.exit("no translation for:\n" + "\n".join(sorted(set(missing))))


main()
