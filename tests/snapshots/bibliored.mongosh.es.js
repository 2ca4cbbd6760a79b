// docshape: script de mongosh para el diseño "BiblioRed".
// Ejecútalo contra la base de datos de destino, p. ej. mongosh "mongodb://localhost:27017/bibliored" bibliored.js
// Crea cada colección con su validador, después sus índices, y luego define las funciones de
// escritura de los patrones que usa el diseño (definidas, no llamadas: cargarlo no escribe nada).
//
// Cómo desplegar la validación (lección de BiblioRed sobre modelado documental, "Validación de esquema con $jsonSchema"):
// - En una colección que ya tiene datos: despliega primero con validationAction: "warn", busca en el
//   registro del servidor los documentos que fallan, corrígelos junto con el código que los escribe y cambia:
//     db.runCommand({ collMod: "<coleccion>", validationAction: "error" })
// - Usa validationLevel: "moderate" mientras migras los documentos antiguos: no se bloquean las
//   actualizaciones de documentos que ya incumplen las reglas; se comprueban las inserciones y los documentos válidos.
// - En una colección existente, aplica las mismas opciones con collMod en lugar de createCollection.
// - $jsonSchema valida la forma, nunca las referencias: la integridad referencial sigue en la aplicación.

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

// C4: Atiende C4: el rango en titulo_normalizado.
db.catalogo.createIndex({ titulo_normalizado: 1 });
// C4b: Atiende C4b: igualdad en etiquetas. Multiclave: etiquetas es una ruta de array, una entrada de índice por elemento.
db.catalogo.createIndex({ etiquetas: 1 });
// C4c: Atiende C4c: igualdad en tipo, luego la ordenación valoracion.media:-1. Orden ESR: igualdad, luego ordenación, luego rango.
db.catalogo.createIndex({ tipo: 1, "valoracion.media": -1 });
// C9: Atiende C9: igualdad en autores.autor_id. Multiclave: autores.autor_id es una ruta de array, una entrada de índice por elemento.
db.catalogo.createIndex({ "autores.autor_id": 1 });

// catalogo.valoracion: calculado a partir de resenas.puntuacion. La suma y el recuento se guardan, así que cada cambio los actualiza con $inc
// y la media se recalcula a partir de ellos;
// un recálculo completo periódico corrige cualquier desviación. Llámala después de insertar en resenas
// (con valores negativos después de un borrado).
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

// catalogo.resenas_destacadas: subconjunto de resenas (los primeros 5 por votos_utiles:-1). El total se guarda en total_resenas.
// Refréscalo sin prisa (basta una pasada en segundo plano cada pocos minutos): quita el elemento
// si está y vuelve a insertarlo en orden, conservando los 5 primeros.
function refresh_catalogo_resenas_destacadas(material_id, item) {
  db.catalogo.updateOne({ _id: material_id }, { $pull: { resenas_destacadas: { resena_id: item.resena_id } } });
  db.catalogo.updateOne(
    { _id: material_id },
    { $push: { resenas_destacadas: { $each: [item], $sort: { votos_utiles: -1 }, $slice: 5 } } }
  );
}

// catalogo.disponibilidad.disponibles: calculado a partir de ejemplares.estado. Cada cambio se aplica con $inc ($min/$max);
// un recálculo completo periódico corrige cualquier desviación. Llámala después de insertar en ejemplares
// (con valores negativos después de un borrado).
function add_ejemplar_to_catalogo(catalogo_id, estado) {
  db.catalogo.updateOne(
    { _id: catalogo_id },
    { $inc: { "disponibilidad.disponibles": 1 } }
  );
}

// catalogo: actualización condicionada a la versión del esquema (esquema_v). Los lectores manejan la forma
// antigua y la nueva; esto avanza un documento solo si nadie cambió su versión desde que se leyó
// (el filtro incluye la versión leída), así que dos migradores a la vez nunca la aplican dos veces.
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

// C2: Atiende C2: igualdad en material.material_id, luego la ordenación votos_utiles:-1. Orden ESR: igualdad, luego ordenación, luego rango.
db.resenas.createIndex({ "material.material_id": 1, votos_utiles: -1 });
// C3: Atiende C3: igualdad en socio.socio_id, luego la ordenación fecha:-1. Orden ESR: igualdad, luego ordenación, luego rango.
db.resenas.createIndex({ "socio.socio_id": 1, fecha: -1 });
// C5: Atiende C5: igualdad en estado, luego la ordenación fecha:-1. Orden ESR: igualdad, luego ordenación, luego rango.
db.resenas.createIndex({ estado: 1, fecha: -1 });
// C5b: Atiende C5b: igualdad en etiquetas. Multiclave: etiquetas es una ruta de array, una entrada de índice por elemento.
db.resenas.createIndex({ etiquetas: 1 });

// resenas: actualización condicionada a la versión del esquema (esquema_v). Los lectores manejan la forma
// antigua y la nueva; esto avanza un documento solo si nadie cambió su versión desde que se leyó
// (el filtro incluye la versión leída), así que dos migradores a la vez nunca la aplican dos veces.
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

// C7: Atiende C7: igualdad en socio_id, luego la ordenación dia:-1, que además acota el rango en dia. Orden ESR: igualdad, luego ordenación, luego rango.
db.actividad.createIndex({ socio_id: 1, dia: -1 });
// C8: Atiende C8: igualdad en eventos.material_id. Multiclave: eventos.material_id es una ruta de array, una entrada de índice por elemento.
db.actividad.createIndex({ "eventos.material_id": 1 });
// TTL: MongoDB borra cada contenedor 63072000 s (2 años) después de su dia, la retención de socio-actividad.
db.actividad.createIndex({ dia: 1 }, { expireAfterSeconds: 63072000 });

// actividad: upsert del contenedor, un documento por socio_id y day, como máximo 500 eventos. Atiende C6 Registrar un evento de actividad.
// Cuando un contenedor está lleno el filtro deja de coincidir, el upsert choca en _id (E11000) y
// el evento pasa al contenedor siguiente (…-2, …-3). Los contenedores antiguos caducan por el índice TTL (63072000 s).
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
