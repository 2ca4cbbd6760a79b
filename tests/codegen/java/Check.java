// The Java check of `docshape export --what java`, run by tests/python/test_codegen.py with the
// compiled classes of each generated file and a cases file: every case's document (canonical
// Extended JSON) is decoded by the MongoDB driver's POJO codec into its collection's class
// (found by its COLLECTION constant), encoded back, and compared with the original.
//
//   java -cp bson.jar:CLASSES Check CASES.json OUTER_CLASS...
//
// CASES.json: {"cases": [{"outer": "t0.BiblioredDocuments", "collection": "...", "doc": {...}}]}.
// Prints one line per case: "same", "different <json>" or "rejected <why>".
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.bson.BsonDocumentReader;
import org.bson.BsonDocumentWriter;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodecProvider;
import org.bson.codecs.Codec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.DocumentCodecProvider;
import org.bson.codecs.EncoderContext;
import org.bson.codecs.ValueCodecProvider;
import org.bson.codecs.configuration.CodecRegistries;
import org.bson.codecs.configuration.CodecRegistry;
import org.bson.codecs.pojo.PojoCodecProvider;

public final class Check {
    public static void main(String[] args) throws Exception {
        String text = new String(Files.readAllBytes(Paths.get(args[0])), StandardCharsets.UTF_8);
        Map<String, Class<?>> byCollection = new HashMap<>();
        List<Class<?>> all = new ArrayList<>();
        for (int i = 1; i < args.length; i++) {
            Class<?> outer = Class.forName(args[i]);
            for (Class<?> c : outer.getDeclaredClasses()) {
                all.add(c);
                try {
                    Field f = c.getDeclaredField("COLLECTION");
                    if (Modifier.isStatic(f.getModifiers())) {
                        byCollection.put(args[i] + "\u0000" + f.get(null), c);
                    }
                } catch (NoSuchFieldException e) {
                    // a sub-document or a variant
                }
            }
        }
        CodecRegistry registry = CodecRegistries.fromRegistries(CodecRegistries.fromProviders(
            new ValueCodecProvider(), new BsonValueCodecProvider(), new DocumentCodecProvider(),
            PojoCodecProvider.builder().register(all.toArray(new Class<?>[0])).automatic(true).build()));
        for (BsonValue v : BsonDocument.parse(text).getArray("cases")) {
            BsonDocument c = v.asDocument();
            String key = c.getString("outer").getValue() + "\u0000" + c.getString("collection").getValue();
            BsonDocument doc = c.getDocument("doc");
            try {
                Class<?> type = byCollection.get(key);
                if (type == null) {
                    throw new IllegalStateException("no class for " + key);
                }
                Object o = registry.get(type).decode(new BsonDocumentReader(doc), DecoderContext.builder().build());
                @SuppressWarnings("unchecked")
                Codec<Object> codec = (Codec<Object>) registry.get(o.getClass());
                BsonDocument back = new BsonDocument();
                codec.encode(new BsonDocumentWriter(back), o, EncoderContext.builder().build());
                System.out.println(back.equals(doc) ? "same" : "different " + back.toJson().replace('\n', ' '));
            } catch (Exception e) {
                System.out.println("rejected " + String.valueOf(e).replace('\n', ' '));
            }
        }
    }
}
