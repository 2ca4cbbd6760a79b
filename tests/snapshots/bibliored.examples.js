// catalogo (tipo: libro): 3514 bytes as BSON
db.getCollection("catalogo").insertOne({
  _id: ObjectId("691e365f829fe2231169a1ea"),
  tipo: "libro",
  titulo: "La ciudad de las horas",
  titulo_normalizado: "la ciudad de las horas",
  autores: [
    {
      autor_id: ObjectId("688b60877dc36eb28de989d6"),
      nombre: "Carmen García"
    },
    {
      autor_id: ObjectId("6a2bf7d2dc0a6afc9cc17284"),
      nombre: "Sofía Martín"
    }
  ],
  anio: 1971,
  sinopsis: "El autor retrata la ciudad con detalle y cariño. Los personajes están bien construidos y el final sorprende. Una lectura ágil que atrapa desde la primera página. Un clásico que sigue leyéndose con gusto. El autor retrata la ciudad con detalle y cariño. Una lectura ágil que atrapa desde la primera página. El ritmo decae en la segunda mitad, pero merece la pena. El autor retrata la ciudad con detalle y cariño. Un clásico que sigue leyéndose con gusto. Recomendable para quien busque una historia sencilla y bien contada. Una edición cuidada con notas útiles para el lector. Me hizo pensar durante días después de terminarlo. Las ilustraciones acompañan muy bien al texto. Me hizo pensar durante días después de terminarlo. Una edición cuidada con notas útiles para el lector. Ideal para leer en el tren, por capítulos cortos. Tiene momentos brillantes y algún tramo algo lento. Los personajes están bien construidos y el final sorprende. Las ilustraciones acompañan muy bien al texto. Ideal para leer en el tren, por capítulos cortos. Una lectura ágil que atrapa desde la primera página. Los personajes están bien construidos y el final sorprende. Recomendable para quien busque una historia sencilla y bien contada.",
  portada_url: "https://img.ejemplo.es/catalogo/36494.jpg",
  valoracion: {
    media: 4.3,
    suma: 86,
    num: 20
  },
  resenas_destacadas: [
    {
      resena_id: ObjectId("671415c7c28bfedf999dcd3d"),
      socio_nombre: "Pablo Fernández",
      puntuacion: 2,
      extracto: "Una edición cuidada con notas útiles para el lector. Las ilustraciones acompañan muy bien al texto. El ritmo decae en la segunda mitad, pero merece la pena. La traducción conserva el tono del original.",
      votos_utiles: 25
    },
    {
      resena_id: ObjectId("6947e18175c2f58c18baad5e"),
      socio_nombre: "Andrés Fernández",
      puntuacion: 4,
      extracto: "Tiene momentos brillantes y algún tramo algo lento. Recomendable para quien busque una historia sencilla y bien contada. El ritmo decae en la segunda mitad, pero merece la pena. Tiene momentos brillantes y algún tramo algo lento.",
      votos_utiles: 24
    },
    {
      resena_id: ObjectId("687c96796f1da10d9459bbc6"),
      socio_nombre: "Diego Ruiz",
      puntuacion: 5,
      extracto: "Una edición cuidada con notas útiles para el lector. Los personajes están bien construidos y el final sorprende. Una lectura ágil que atrapa desde la primera página. Ideal para leer en el tren, por capítulos cortos.",
      votos_utiles: 21
    },
    {
      resena_id: ObjectId("676b1acf1c538c92068d5b1b"),
      socio_nombre: "Marta García",
      puntuacion: 3,
      extracto: "Ideal para leer en el tren, por capítulos cortos. El autor retrata la ciudad con detalle y cariño. Me hizo pensar durante días después de terminarlo. Ideal para leer en el tren, por capítulos cortos.",
      votos_utiles: 2
    },
    {
      resena_id: ObjectId("67802935bd0fd214da15580e"),
      socio_nombre: "Marta Romero",
      puntuacion: 3,
      extracto: "Los personajes están bien construidos y el final sorprende. Ideal para leer en el tren, por capítulos cortos. Me hizo pensar durante días después de terminarlo. Una edición cuidada con notas útiles para el lector.",
      votos_utiles: 2
    }
  ],
  total_resenas: 20,
  disponibilidad: {
    disponibles: 4,
    actualizado: ISODate("2025-11-12T20:30:57.000Z")
  },
  esquema_v: 1,
  etiquetas: ["ciencia", "historia", "mar", "ensayo", "viaje"],
  isbn: "9789194956447",
  paginas: 339
});

// catalogo (tipo: revista): 3444 bytes as BSON
db.getCollection("catalogo").insertOne({
  _id: ObjectId("69a6d28c7a10d9457eaffaff"),
  tipo: "revista",
  titulo: "El jardín del faro",
  titulo_normalizado: "el jardin del faro",
  autores: [
    {
      autor_id: ObjectId("6a0782bc21c8b0cf9eef8649"),
      nombre: "Javier López"
    },
    {
      autor_id: ObjectId("672a2947121b6b5502c87513"),
      nombre: "Pablo Torres"
    }
  ],
  anio: 1955,
  sinopsis: "Recomendable para quien busque una historia sencilla y bien contada. El ritmo decae en la segunda mitad, pero merece la pena. Las ilustraciones acompañan muy bien al texto. Un clásico que sigue leyéndose con gusto. El autor retrata la ciudad con detalle y cariño. Recomendable para quien busque una historia sencilla y bien contada. El ritmo decae en la segunda mitad, pero merece la pena. El autor retrata la ciudad con detalle y cariño. El ritmo decae en la segunda mitad, pero merece la pena. Una lectura ágil que atrapa desde la primera página. Los personajes están bien construidos y el final sorprende. La traducción conserva el tono del original. Una edición cuidada con notas útiles para el lector. El autor retrata la ciudad con detalle y cariño. Recomendable para quien busque una historia sencilla y bien contada. Una lectura ágil que atrapa desde la primera página. Recomendable para quien busque una historia sencilla y bien contada. El autor retrata la ciudad con detalle y cariño. Ideal para leer en el tren, por capítulos cortos. El ritmo decae en la segunda mitad, pero merece la pena. La traducción conserva el tono del original. El ritmo decae en la segunda mitad, pero merece la pena.",
  portada_url: "https://img.ejemplo.es/catalogo/41703.jpg",
  valoracion: {
    media: 4.3,
    suma: 86,
    num: 20
  },
  resenas_destacadas: [
    {
      resena_id: ObjectId("6923102fb64938ec24b445fd"),
      socio_nombre: "Lucía López",
      puntuacion: 5,
      extracto: "Una edición cuidada con notas útiles para el lector. Tiene momentos brillantes y algún tramo algo lento. El autor retrata la ciudad con detalle y cariño. El ritmo decae en la segunda mitad, pero merece la pena.",
      votos_utiles: 59
    },
    {
      resena_id: ObjectId("68cc261bd2944378bcd3e063"),
      socio_nombre: "Carmen Ruiz",
      puntuacion: 3,
      extracto: "Las ilustraciones acompañan muy bien al texto. Me hizo pensar durante días después de terminarlo. Tiene momentos brillantes y algún tramo algo lento. El autor retrata la ciudad con detalle y cariño.",
      votos_utiles: 49
    },
    {
      resena_id: ObjectId("69e39d76c744035f0b694b6d"),
      socio_nombre: "Andrés Romero",
      puntuacion: 4,
      extracto: "Las ilustraciones acompañan muy bien al texto. Ideal para leer en el tren, por capítulos cortos. Tiene momentos brillantes y algún tramo algo lento. Una lectura ágil que atrapa desde la primera página.",
      votos_utiles: 43
    },
    {
      resena_id: ObjectId("6a03109f9e828b6b7ff54660"),
      socio_nombre: "Diego Martín",
      puntuacion: 2,
      extracto: "Los personajes están bien construidos y el final sorprende. Tiene momentos brillantes y algún tramo algo lento. La traducción conserva el tono del original. Una edición cuidada con notas útiles para el lector.",
      votos_utiles: 30
    },
    {
      resena_id: ObjectId("69af4f7a6cb328d4600548c1"),
      socio_nombre: "Irene López",
      puntuacion: 1,
      extracto: "Un clásico que sigue leyéndose con gusto. Me hizo pensar durante días después de terminarlo. Recomendable para quien busque una historia sencilla y bien contada. Me hizo pensar durante días después de terminarlo.",
      votos_utiles: 26
    }
  ],
  total_resenas: 20,
  disponibilidad: {
    disponibles: 4,
    actualizado: ISODate("2026-06-26T14:31:54.000Z")
  },
  esquema_v: 1,
  etiquetas: ["ciencia", "historia", "libro", "mar", "novela"],
  issn: "4863-2635",
  numero: 95
});

// catalogo (tipo: audiolibro): 3494 bytes as BSON
db.getCollection("catalogo").insertOne({
  _id: ObjectId("68a713aab6cbdea02d5426a0"),
  tipo: "audiolibro",
  titulo: "Memorias de agua",
  titulo_normalizado: "memorias de agua",
  autores: [
    {
      autor_id: ObjectId("67c55905c53e22ab0b533dfe"),
      nombre: "Lucía Fernández"
    },
    {
      autor_id: ObjectId("6a58f711fb82511efe46e35e"),
      nombre: "Carmen Sánchez"
    }
  ],
  anio: 1998,
  sinopsis: "Ideal para leer en el tren, por capítulos cortos. Una edición cuidada con notas útiles para el lector. Tiene momentos brillantes y algún tramo algo lento. Una edición cuidada con notas útiles para el lector. Un clásico que sigue leyéndose con gusto. Una lectura ágil que atrapa desde la primera página. Ideal para leer en el tren, por capítulos cortos. El autor retrata la ciudad con detalle y cariño. Una edición cuidada con notas útiles para el lector. Los personajes están bien construidos y el final sorprende. Las ilustraciones acompañan muy bien al texto. Me hizo pensar durante días después de terminarlo. Los personajes están bien construidos y el final sorprende. Me hizo pensar durante días después de terminarlo. Tiene momentos brillantes y algún tramo algo lento. El autor retrata la ciudad con detalle y cariño. La traducción conserva el tono del original. Ideal para leer en el tren, por capítulos cortos. Me hizo pensar durante días después de terminarlo. El ritmo decae en la segunda mitad, pero merece la pena. Tiene momentos brillantes y algún tramo algo lento. El ritmo decae en la segunda mitad, pero merece la pena. Las ilustraciones acompañan muy bien al texto.",
  portada_url: "https://img.ejemplo.es/catalogo/10397.jpg",
  valoracion: {
    media: 4.3,
    suma: 86,
    num: 20
  },
  resenas_destacadas: [
    {
      resena_id: ObjectId("6a25b6cf5eda3d1f55f750e4"),
      socio_nombre: "Lucía García",
      puntuacion: 4,
      extracto: "El ritmo decae en la segunda mitad, pero merece la pena. Una edición cuidada con notas útiles para el lector. El ritmo decae en la segunda mitad, pero merece la pena. Recomendable para quien busque una historia sencilla y bien contada.",
      votos_utiles: 55
    },
    {
      resena_id: ObjectId("67f832eadb2da03705063edb"),
      socio_nombre: "Lucía Vidal",
      puntuacion: 2,
      extracto: "La traducción conserva el tono del original. El autor retrata la ciudad con detalle y cariño. El ritmo decae en la segunda mitad, pero merece la pena. Un clásico que sigue leyéndose con gusto. Tiene momentos brillantes y algún tramo algo lento.",
      votos_utiles: 44
    },
    {
      resena_id: ObjectId("698445141c0d1f507aec613c"),
      socio_nombre: "Pablo Ruiz",
      puntuacion: 5,
      extracto: "Me hizo pensar durante días después de terminarlo. La traducción conserva el tono del original. Me hizo pensar durante días después de terminarlo. Una edición cuidada con notas útiles para el lector.",
      votos_utiles: 24
    },
    {
      resena_id: ObjectId("691613ee529933bccdf57a4c"),
      socio_nombre: "Javier López",
      puntuacion: 2,
      extracto: "El autor retrata la ciudad con detalle y cariño. Ideal para leer en el tren, por capítulos cortos. Las ilustraciones acompañan muy bien al texto. Una lectura ágil que atrapa desde la primera página.",
      votos_utiles: 24
    },
    {
      resena_id: ObjectId("693a73269d773390039c04a2"),
      socio_nombre: "Diego Ruiz",
      puntuacion: 5,
      extracto: "Una edición cuidada con notas útiles para el lector. La traducción conserva el tono del original. Ideal para leer en el tren, por capítulos cortos. Tiene momentos brillantes y algún tramo algo lento.",
      votos_utiles: 1
    }
  ],
  total_resenas: 20,
  disponibilidad: {
    disponibles: 4,
    actualizado: ISODate("2026-05-30T14:25:04.000Z")
  },
  esquema_v: 1,
  etiquetas: ["mar", "poesía", "novela", "libro", "viaje"],
  duracion_min: 296,
  narrador: "Elena Fernández"
});

// resenas: 1156 bytes as BSON
db.getCollection("resenas").insertOne({
  _id: ObjectId("67b4555985cac200d8aa9fc5"),
  material: {
    material_id: ObjectId("691e365f829fe2231169a1ea"),
    titulo: "La ciudad de las horas",
    tipo: "libro"
  },
  socio: {
    socio_id: 14,
    nombre: "Andrés Fernández"
  },
  puntuacion: 1,
  texto: "Una lectura ágil que atrapa desde la primera página. Una edición cuidada con notas útiles para el lector. El autor retrata la ciudad con detalle y cariño. Me hizo pensar durante días después de terminarlo. Un clásico que sigue leyéndose con gusto. Una edición cuidada con notas útiles para el lector. Tiene momentos brillantes y algún tramo algo lento. La traducción conserva el tono del original. Un clásico que sigue leyéndose con gusto. Ideal para leer en el tren, por capítulos cortos. Me hizo pensar durante días después de terminarlo. Tiene momentos brillantes y algún tramo algo lento.",
  etiquetas: ["lectura", "ensayo"],
  votos_utiles: 33,
  votos: [
    {
      socio_id: 91214,
      util: true,
      fecha: ISODate("2024-09-15T15:51:52.000Z")
    },
    {
      socio_id: 47281,
      util: true,
      fecha: ISODate("2024-08-13T11:48:45.000Z")
    },
    {
      socio_id: 83588,
      util: true,
      fecha: ISODate("2026-03-26T08:51:35.000Z")
    },
    {
      socio_id: 37511,
      util: true,
      fecha: ISODate("2026-06-09T22:53:59.000Z")
    },
    {
      socio_id: 48096,
      util: true,
      fecha: ISODate("2026-05-26T19:50:10.000Z")
    }
  ],
  estado: "pendiente",
  fecha: ISODate("2025-06-23T14:23:52.000Z"),
  esquema_v: 1
});

// actividad: 685 bytes as BSON
db.getCollection("actividad").insertOne({
  _id: "ACT-14-2026-08-02",
  socio_id: 14,
  dia: ISODate("2026-08-02T00:00:00.000Z"),
  num_eventos: 5,
  eventos: [
    {
      t: ISODate("2026-08-02T01:58:40.270Z"),
      tipo: "ficha",
      termino: "ciencia",
      material_id: ObjectId("66fcf4193b1402060759a5d4"),
      campo: "ciencia",
      valor: "ensayo"
    },
    {
      t: ISODate("2026-08-02T02:42:57.173Z"),
      tipo: "reserva",
      termino: "poesía",
      material_id: ObjectId("66b78f8b015e2609982068a7"),
      campo: "novela",
      valor: "lectura"
    },
    {
      t: ISODate("2026-08-02T10:11:27.082Z"),
      tipo: "descarga",
      termino: "novela",
      material_id: ObjectId("67f115ead3b76144f92535a1"),
      campo: "ciencia",
      valor: "lectura"
    },
    {
      t: ISODate("2026-08-02T16:20:42.578Z"),
      tipo: "ficha",
      termino: "viaje",
      material_id: ObjectId("69a2185f5f5542d69be958ce"),
      campo: "historia",
      valor: "ciencia"
    },
    {
      t: ISODate("2026-08-02T22:11:11.143Z"),
      tipo: "descarga",
      termino: "historia",
      material_id: ObjectId("68610db5c08a77d8646a9b79"),
      campo: "novela",
      valor: "mar"
    }
  ]
});

