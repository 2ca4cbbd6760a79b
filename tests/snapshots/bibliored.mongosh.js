// docshape: mongosh script for the design "BiblioRed".
// Run it against the target database, e.g. mongosh "mongodb://localhost:27017/bibliored" bibliored.js
// It creates each collection with its validator, then its indexes, then defines the write
// functions of the patterns the design uses (defined, not called: loading writes nothing).
//
// Rolling out validation (the BiblioRed lesson on document modelling, "Schema validation with $jsonSchema"):
// - A collection that already holds data: deploy with validationAction: "warn" first, read the
//   server log for the documents that fail, fix them and the code that writes them, then switch:
//     db.runCommand({ collMod: "<collection>", validationAction: "error" })
// - Use validationLevel: "moderate" while old documents are migrated: updates to documents that
//   already break the rules are not blocked; inserts and valid documents are checked.
// - For an existing collection, apply the same options with collMod instead of createCollection.
// - $jsonSchema validates shape, never references: referential integrity stays in the application.

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

// C4: Serves C4: the range on titulo_normalizado.
db.catalogo.createIndex({ titulo_normalizado: 1 });
// C4b: Serves C4b: equality on etiquetas. Multikey: etiquetas is an array path, one index entry per element.
db.catalogo.createIndex({ etiquetas: 1 });
// C4c: Serves C4c: equality on tipo, then the sort valoracion.media:-1. ESR order: equality, then sort, then range.
db.catalogo.createIndex({ tipo: 1, "valoracion.media": -1 });
// C9: Serves C9: equality on autores.autor_id. Multikey: autores.autor_id is an array path, one index entry per element.
db.catalogo.createIndex({ "autores.autor_id": 1 });

// catalogo.valoracion: computed from resenas.puntuacion. Sum and count are stored, so each change updates them with $inc
// and the average is recomputed from them;
// a periodic full recompute corrects any drift. Call after inserting into resenas
// (with negative values after a delete).
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

// catalogo.resenas_destacadas: subset of resenas (the first 5 by votos_utiles:-1). The total stays in total_resenas.
// Refresh lazily (a background pass every few minutes is fine): drop the item if present,
// then push it back in order and keep the first 5.
function refresh_catalogo_resenas_destacadas(material_id, item) {
  db.catalogo.updateOne({ _id: material_id }, { $pull: { resenas_destacadas: { resena_id: item.resena_id } } });
  db.catalogo.updateOne(
    { _id: material_id },
    { $push: { resenas_destacadas: { $each: [item], $sort: { votos_utiles: -1 }, $slice: 5 } } }
  );
}

// catalogo.disponibilidad.disponibles: computed from ejemplares.estado. Each change is applied with $inc ($min/$max);
// a periodic full recompute corrects any drift. Call after inserting into ejemplares
// (with negative values after a delete).
function add_ejemplar_to_catalogo(catalogo_id, estado) {
  db.catalogo.updateOne(
    { _id: catalogo_id },
    { $inc: { "disponibilidad.disponibles": 1 } }
  );
}

// catalogo: conditional update on the schema version (esquema_v). Readers handle the old and the
// new shape; this moves one document forward only if nobody changed its version since it was
// read (the filter includes the version read), so concurrent migrators never apply it twice.
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

// C2: Serves C2: equality on material.material_id, then the sort votos_utiles:-1. ESR order: equality, then sort, then range.
db.resenas.createIndex({ "material.material_id": 1, votos_utiles: -1 });
// C3: Serves C3: equality on socio.socio_id, then the sort fecha:-1. ESR order: equality, then sort, then range.
db.resenas.createIndex({ "socio.socio_id": 1, fecha: -1 });
// C5: Serves C5: equality on estado, then the sort fecha:-1. ESR order: equality, then sort, then range.
db.resenas.createIndex({ estado: 1, fecha: -1 });
// C5b: Serves C5b: equality on etiquetas. Multikey: etiquetas is an array path, one index entry per element.
db.resenas.createIndex({ etiquetas: 1 });

// resenas: conditional update on the schema version (esquema_v). Readers handle the old and the
// new shape; this moves one document forward only if nobody changed its version since it was
// read (the filter includes the version read), so concurrent migrators never apply it twice.
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

// C7: Serves C7: equality on socio_id, then the sort dia:-1, which also bounds the range on dia. ESR order: equality, then sort, then range.
db.actividad.createIndex({ socio_id: 1, dia: -1 });
// C8: Serves C8: equality on eventos.material_id. Multikey: eventos.material_id is an array path, one index entry per element.
db.actividad.createIndex({ "eventos.material_id": 1 });
// TTL: MongoDB deletes a bucket 63072000 s (2 years) after its dia, the retention of socio-actividad.
db.actividad.createIndex({ dia: 1 }, { expireAfterSeconds: 63072000 });

// actividad: bucket upsert, one document per socio_id and day, at most 500 eventos. Serves C6 Registrar un evento de actividad.
// When a bucket is full the filter stops matching, the upsert collides on _id (E11000) and
// the event goes to the next bucket (…-2, …-3). Old buckets expire through the TTL index (63072000 s).
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
