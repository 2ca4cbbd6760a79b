// docshape: script do mongosh para o design "BiblioRed".
// Execute-o no banco de dados de destino, por exemplo mongosh "mongodb://localhost:27017/bibliored" bibliored.js
// Ele cria cada coleção com seu validador, depois seus índices, e então define as funções de escrita
// dos padrões que o design usa (definidas, não chamadas: carregar o script não grava nada).
//
// Como implantar a validação (lição do BiblioRed sobre modelagem de documentos, "Validação de esquema com $jsonSchema"):
// - Em uma coleção que já tem dados: implante primeiro com validationAction: "warn", procure no
//   log do servidor os documentos que falham, corrija-os junto com o código que os grava e então mude:
//     db.runCommand({ collMod: "<colecao>", validationAction: "error" })
// - Use validationLevel: "moderate" enquanto os documentos antigos são migrados: atualizações de documentos
//   que já violam as regras não são bloqueadas; inserções e documentos válidos são verificados.
// - Em uma coleção existente, aplique as mesmas opções com collMod em vez de createCollection.
// - $jsonSchema valida a forma, nunca as referências: a integridade referencial fica na aplicação.

// ── catalogo ────────────────────────────────────────────────────
// Root: the material. Serves C1 (detail page, the most frequent query) and C4 (search).
db.createCollection("catalogo", {
  validator: {
    $jsonSchema: {
      bsonType: "object",
      required: ["tipo", "titulo", "titulo_normalizado", "autores", "esquema_v"],
      properties: {
        _id: {
          bsonType: "objectId"
        },
        tipo: {
          bsonType: "string",
          enum: ["libro", "revista", "audiolibro"]
        },
        titulo: {
          bsonType: "string",
          minLength: 1,
          maxLength: 300
        },
        titulo_normalizado: {
          bsonType: "string"
        },
        autores: {
          bsonType: "array",
          items: {
            bsonType: "object",
            required: ["autor_id", "nombre"],
            properties: {
              autor_id: {
                bsonType: "objectId"
              },
              nombre: {
                bsonType: "string"
              }
            }
          }
        },
        anio: {
          bsonType: "int",
          minimum: 1400,
          maximum: 2100
        },
        sinopsis: {
          bsonType: "string"
        },
        portada_url: {
          bsonType: "string"
        },
        valoracion: {
          bsonType: "object",
          properties: {
            media: {
              bsonType: "double",
              minimum: 0,
              maximum: 5
            },
            suma: {
              bsonType: "int",
              minimum: 0
            },
            num: {
              bsonType: "int",
              minimum: 0
            }
          }
        },
        resenas_destacadas: {
          bsonType: "array",
          maxItems: 5,
          items: {
            bsonType: "object",
            required: ["resena_id"],
            properties: {
              resena_id: {
                bsonType: "objectId"
              },
              socio_nombre: {
                bsonType: "string"
              },
              puntuacion: {
                bsonType: "int",
                minimum: 1,
                maximum: 5
              },
              extracto: {
                bsonType: "string"
              },
              votos_utiles: {
                bsonType: "int"
              }
            }
          }
        },
        total_resenas: {
          bsonType: "int",
          minimum: 0
        },
        disponibilidad: {
          bsonType: "object",
          properties: {
            disponibles: {
              bsonType: "int",
              minimum: 0
            },
            actualizado: {
              bsonType: "date"
            }
          },
          description: "Counter copied from PostgreSQL, for display only."
        },
        esquema_v: {
          bsonType: "int",
          minimum: 1
        },
        etiquetas: {
          bsonType: "array",
          maxItems: 8,
          items: {
            bsonType: "string"
          }
        }
      },
      oneOf: [
        {
          required: ["tipo", "isbn"],
          properties: {
            tipo: {
              enum: ["libro"]
            },
            isbn: {
              bsonType: "string",
              pattern: "^97[89][0-9]{10}$"
            },
            paginas: {
              bsonType: "int",
              minimum: 1
            }
          }
        },
        {
          required: ["tipo", "issn"],
          properties: {
            tipo: {
              enum: ["revista"]
            },
            issn: {
              bsonType: "string"
            },
            numero: {
              bsonType: "int"
            }
          }
        },
        {
          required: ["tipo", "duracion_min"],
          properties: {
            tipo: {
              enum: ["audiolibro"]
            },
            duracion_min: {
              bsonType: "int"
            },
            narrador: {
              bsonType: "string"
            }
          }
        }
      ],
      additionalProperties: true
    }
  },
  validationLevel: "strict",
  validationAction: "error"
});

// C4: Atende C4: o intervalo em titulo_normalizado.
db.catalogo.createIndex({ titulo_normalizado: 1 });
// C4b: Atende C4b: igualdade em etiquetas. Multichave: etiquetas é um caminho de array, uma entrada de índice por elemento.
db.catalogo.createIndex({ etiquetas: 1 });
// C4c: Atende C4c: igualdade em tipo, depois a ordenação valoracion.media:-1. Ordem ESR: igualdade, depois ordenação, depois intervalo.
db.catalogo.createIndex({ tipo: 1, "valoracion.media": -1 });
// C9: Atende C9: igualdade em autores.autor_id. Multichave: autores.autor_id é um caminho de array, uma entrada de índice por elemento.
db.catalogo.createIndex({ "autores.autor_id": 1 });

// catalogo.valoracion: calculado a partir de resenas.puntuacion. A soma e a contagem ficam guardadas, então cada mudança as atualiza com $inc
// e a média é recalculada a partir delas;
// um recálculo completo periódico corrige qualquer desvio. Chame-a depois de inserir em resenas
// (com valores negativos depois de uma exclusão).
function add_resena_to_catalogo(material_id, puntuacion) {
  db.catalogo.updateOne(
    { _id: material_id },
    { $inc: { "valoracion.suma": puntuacion, "valoracion.num": 1, total_resenas: 1 } }
  );
  db.catalogo.updateOne(
    { _id: material_id },
    [{ $set: { "valoracion.media": { $round: [{ $divide: ["$valoracion.suma", { $max: ["$valoracion.num", 1] }] }, 2] } } }]
  );
}

// catalogo.resenas_destacadas: subconjunto de resenas (os primeiros 5 por votos_utiles:-1). O total fica em total_resenas.
// Atualize sem pressa (uma passada em segundo plano a cada poucos minutos basta): remova o item
// se estiver presente e insira-o de novo na ordem, mantendo os 5 primeiros.
function refresh_catalogo_resenas_destacadas(material_id, item) {
  db.catalogo.updateOne({ _id: material_id }, { $pull: { resenas_destacadas: { resena_id: item.resena_id } } });
  db.catalogo.updateOne(
    { _id: material_id },
    { $push: { resenas_destacadas: { $each: [item], $sort: { votos_utiles: -1 }, $slice: 5 } } }
  );
}

// catalogo.disponibilidad.disponibles: calculado a partir de ejemplares.estado. Cada mudança é aplicada com $inc ($min/$max);
// um recálculo completo periódico corrige qualquer desvio. Chame-a depois de inserir em ejemplares
// (com valores negativos depois de uma exclusão).
function add_ejemplar_to_catalogo(catalogo_id, estado) {
  db.catalogo.updateOne(
    { _id: catalogo_id },
    { $inc: { "disponibilidad.disponibles": 1 } }
  );
}

// catalogo: atualização condicionada à versão do schema (esquema_v). Os leitores lidam com a forma antiga
// e a nova; isto avança um documento só se ninguém mudou sua versão desde a leitura
// (o filtro inclui a versão lida), então migradores concorrentes nunca a aplicam duas vezes.
function upgrade_catalogo(doc, changes, to) {
  const target = to || 2;
  if ((doc.esquema_v || 0) >= target) return false;
  const r = db.catalogo.updateOne(
    { _id: doc._id, esquema_v: doc.esquema_v },
    { $set: Object.assign({}, changes, { esquema_v: target }) }
  );
  return r.modifiedCount === 1;
}

// ── resenas ─────────────────────────────────────────────────────
// Root: the review. Serves C2, C3 and C5. Votes are embedded so the vote and its counter change in one write.
db.createCollection("resenas", {
  validator: {
    $jsonSchema: {
      bsonType: "object",
      required: [
        "material",
        "socio",
        "puntuacion",
        "texto",
        "votos_utiles",
        "estado",
        "fecha",
        "esquema_v"
      ],
      properties: {
        _id: {
          bsonType: "objectId"
        },
        material: {
          bsonType: "object",
          required: ["material_id", "titulo"],
          properties: {
            material_id: {
              bsonType: "objectId"
            },
            titulo: {
              bsonType: "string",
              description: "Copy of catalogo.titulo (live, propagated by a deferred job)."
            },
            tipo: {
              bsonType: "string",
              description: "Copy of catalogo.tipo (immutable)."
            }
          }
        },
        socio: {
          bsonType: "object",
          required: ["socio_id"],
          properties: {
            socio_id: {
              bsonType: "int",
              minimum: 1
            },
            nombre: {
              bsonType: "string",
              description: "Copy of socios.nombre (historical: never propagated)."
            }
          }
        },
        puntuacion: {
          bsonType: "int",
          minimum: 1,
          maximum: 5
        },
        texto: {
          bsonType: "string",
          maxLength: 5000
        },
        etiquetas: {
          bsonType: "array",
          maxItems: 10,
          items: {
            bsonType: "string"
          }
        },
        votos_utiles: {
          bsonType: "int",
          minimum: 0
        },
        votos: {
          bsonType: "array",
          items: {
            bsonType: "object",
            required: ["socio_id", "util"],
            properties: {
              socio_id: {
                bsonType: "int"
              },
              util: {
                bsonType: "bool"
              },
              fecha: {
                bsonType: "date"
              }
            }
          }
        },
        estado: {
          bsonType: "string",
          enum: ["pendiente", "publicada", "rechazada"]
        },
        fecha: {
          bsonType: "date"
        },
        esquema_v: {
          bsonType: "int"
        }
      },
      additionalProperties: false
    }
  },
  validationLevel: "strict",
  validationAction: "error"
});

// C2: Atende C2: igualdade em material.material_id, depois a ordenação votos_utiles:-1. Ordem ESR: igualdade, depois ordenação, depois intervalo.
db.resenas.createIndex({ "material.material_id": 1, votos_utiles: -1 });
// C3: Atende C3: igualdade em socio.socio_id, depois a ordenação fecha:-1. Ordem ESR: igualdade, depois ordenação, depois intervalo.
db.resenas.createIndex({ "socio.socio_id": 1, fecha: -1 });
// C5: Atende C5: igualdade em estado, depois a ordenação fecha:-1. Ordem ESR: igualdade, depois ordenação, depois intervalo.
db.resenas.createIndex({ estado: 1, fecha: -1 });
// C5b: Atende C5b: igualdade em etiquetas. Multichave: etiquetas é um caminho de array, uma entrada de índice por elemento.
db.resenas.createIndex({ etiquetas: 1 });

// resenas: atualização condicionada à versão do schema (esquema_v). Os leitores lidam com a forma antiga
// e a nova; isto avança um documento só se ninguém mudou sua versão desde a leitura
// (o filtro inclui a versão lida), então migradores concorrentes nunca a aplicam duas vezes.
function upgrade_resenas(doc, changes, to) {
  const target = to || 2;
  if ((doc.esquema_v || 0) >= target) return false;
  const r = db.resenas.updateOne(
    { _id: doc._id, esquema_v: doc.esquema_v },
    { $set: Object.assign({}, changes, { esquema_v: target }) }
  );
  return r.modifiedCount === 1;
}

// ── actividad ───────────────────────────────────────────────────
// Root: one member's events in one day (bucket). Serves C6, C7 and C8.
db.createCollection("actividad", {
  validator: {
    $jsonSchema: {
      bsonType: "object",
      required: ["socio_id", "dia", "eventos"],
      properties: {
        _id: {
          bsonType: "string"
        },
        socio_id: {
          bsonType: "int",
          minimum: 1
        },
        dia: {
          bsonType: "date"
        },
        num_eventos: {
          bsonType: "int",
          minimum: 0,
          maximum: 500
        },
        eventos: {
          bsonType: "array",
          maxItems: 500,
          items: {
            bsonType: "object",
            required: ["t", "tipo"],
            properties: {
              t: {
                bsonType: "date"
              },
              tipo: {
                bsonType: "string",
                enum: ["busqueda", "ficha", "filtro", "reserva", "descarga"]
              },
              termino: {
                bsonType: "string"
              },
              material_id: {
                bsonType: "objectId"
              },
              campo: {
                bsonType: "string"
              },
              valor: {
                bsonType: "string"
              }
            }
          }
        }
      },
      additionalProperties: false
    }
  },
  validationLevel: "moderate",
  validationAction: "warn"
});

// C7: Atende C7: igualdade em socio_id, depois a ordenação dia:-1, que também delimita o intervalo em dia. Ordem ESR: igualdade, depois ordenação, depois intervalo.
db.actividad.createIndex({ socio_id: 1, dia: -1 });
// C8: Atende C8: igualdade em eventos.material_id. Multichave: eventos.material_id é um caminho de array, uma entrada de índice por elemento.
db.actividad.createIndex({ "eventos.material_id": 1 });
// TTL: o MongoDB apaga cada bucket 63072000 s (2 anos) após o seu dia, a retenção de socio-actividad.
db.actividad.createIndex({ dia: 1 }, { expireAfterSeconds: 63072000 });

// actividad: upsert do bucket, um documento por socio_id e day, no máximo 500 eventos. Atende C6 Registrar un evento de actividad.
// Quando um bucket está cheio o filtro deixa de casar, o upsert colide no _id (E11000) e
// o evento vai para o bucket seguinte (…-2, …-3). Os buckets antigos expiram pelo índice TTL (63072000 s).
function record_actividad(socio_id, evento) {
  const t = evento.t || new Date();
  const dia = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  const base = "ACT-" + socio_id + "-" + dia.toISOString().slice(0, 10);
  for (let n = 1; n <= 50; n++) {
    const _id = n === 1 ? base : base + "-" + n;
    try {
      db.actividad.updateOne(
        { _id: _id, num_eventos: { $lt: 500 } },
        {
          $push: { eventos: evento },
          $inc: { num_eventos: 1 },
          $setOnInsert: { socio_id: socio_id, dia: dia }
        },
        { upsert: true }
      );
      return _id;
    } catch (e) {
      if (e.code !== 11000) throw e;
    }
  }
  throw new Error("no bucket with room for " + base);
}
