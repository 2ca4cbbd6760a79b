use super::typed_fields::{retype, typed_fields};
use crate::advisor::{Context, Finding, Rule, RuleMeta};
use crate::export::lexicon::for_each_token;
use crate::model::{BsonType, Id, Place};
use crate::{declare_rule, text};

declare_rule! {
    /// ## What it does
    /// Flags a field typed `double` (or an array of `double`) whose name says it holds money:
    /// a word of its name (split at `_`, `-` and camelCase, accents folded) is a price, a cost,
    /// an amount, a balance, a fee, a tax, a salary, a discount or a payment in English, Spanish
    /// or Portuguese (`price`, `unitCost`, `precio`, `importe`, `saldo`, `preço`, `custo`…), or
    /// it is `total` / `subtotal` alone or with words of an order (`order_total`,
    /// `total_pedido`, `grand_total`). A name that also says it is a rate or a share (`tax_rate`,
    /// `discount_percent`, `tasa`, `porcentaje`) is not money. Collections kept outside MongoDB
    /// are not checked.
    ///
    /// ## Why is this bad?
    /// A `double` is binary floating point: most decimal amounts have no exact value in it, so
    /// `0.1 + 0.2` is `0.30000000000000004`, and totals, sums in `$group` and comparisons drift
    /// by fractions of a cent. The error is small on one price and real on an invoice, a ledger
    /// or a report that adds thousands of them, and `$eq` on a computed amount stops matching.
    ///
    /// ## Example
    /// `orders.total: double` and `orders.items.price: double` in a shop, as `docshape infer`
    /// writes them from sample documents whose prices are plain JSON numbers (`19.99`).
    ///
    /// ## Use instead
    /// The `decimal` type (BSON Decimal128: `NumberDecimal("19.99")` in mongosh,
    /// `Decimal128` in the drivers), which keeps 34 decimal digits exactly; or whole cents in an
    /// `int` / `long` with the scale known to every reader. Keep the currency beside the amount
    /// when there can be more than one.
    ///
    /// ## References
    /// MongoDB manual, "Model Monetary Data" and "Decimal128 BSON Data Type"; "Modelagem de
    /// Documentos", whose order document keeps `total` and each line's `preco` as `Decimal128`.
    pub MoneyAsDouble {
        code: "DS404",
        name: "money-as-double",
        category: Validation,
        severity: Warning,
    }
}

/// Words that name an amount of money (accents folded, lower case), by language.
#[rustfmt::skip]
const MONEY: &[&str] = &[
    "price", "prices", "pricing", "cost", "costs", "amount", "amounts", "balance", "fee", "fees", "tax", "taxes",
    "vat", "salary", "wage", "wages", "revenue", "discount", "payment", "payments", "refund", "charge", "charges",
    "subtotal", "earnings", "payout",
    "precio", "precios", "importe", "importes", "monto", "coste", "costo", "costos", "saldo", "tarifa", "impuesto",
    "impuestos", "iva", "salario", "sueldo", "descuento", "pago", "pagos", "ingresos", "cobro",
    "preco", "precos", "custo", "custos", "imposto", "impostos", "desconto", "pagamento", "faturamento",
    "montante", "frete",
];

/// Words that, beside a money word, make the field a rate, a share or a score, not money.
#[rustfmt::skip]
const NOT_AN_AMOUNT: &[&str] = &[
    "rate", "ratio", "percent", "percentage", "pct", "factor", "score", "weight", "tasa", "porcentaje", "taxa",
    "porcentagem", "peso", "puntuacion", "pontuacao",
];

/// Words that may stand beside `total` in an order's amount (`order_total`, `total_pedido`).
const TOTAL_OF: &[&str] = &[
    "total", "grand", "order", "cart", "invoice", "net", "gross", "line", "due", "paid", "sale", "sales", "amount",
    "pedido", "carrito", "factura", "linea", "neto", "bruto", "venta", "ventas", "carrinho", "fatura", "linha",
    "liquido", "compra", "venda", "vendas",
];

/// Whether a field named `name` holds money, by the words of its name.
fn names_money(name: &str) -> bool {
    let mut money = false;
    let mut not_amount = false;
    let mut total = false;
    let mut only_order_words = true;
    for_each_token(name, |t| {
        money |= MONEY.contains(&t);
        not_amount |= NOT_AN_AMOUNT.contains(&t);
        total |= t == "total";
        only_order_words &= TOTAL_OF.contains(&t);
    });
    !not_amount && (money || (total && only_order_words))
}

impl Rule for MoneyAsDouble {
    fn meta(&self) -> &'static RuleMeta {
        &Self::META
    }

    fn check(&self, cx: &Context, out: &mut Vec<Finding>) {
        for e in &cx.model.entities {
            for path in typed_fields(e, BsonType::Double, names_money) {
                let shown = format!("{}.{path}", e.name);
                let mut f = Self::finding(
                    Place::Field { entity: Id::new(&e.id), path: Id::from(path.as_str()) },
                    text!(
                        en: "{field} holds money as a double (binary floating point).",
                        es: "{field} guarda dinero como double (coma flotante binaria).",
                        pt: "{field} guarda dinheiro como double (ponto flutuante binário).";
                        field = &shown
                    ),
                    text!(
                        en: "Most decimal amounts have no exact double: 0.1 + 0.2 gives 0.30000000000000004, so totals and sums drift by fractions of a cent and equality on amounts stops matching.",
                        es: "La mayoría de los importes decimales no tienen un double exacto: 0.1 + 0.2 da 0.30000000000000004, así que totales y sumas se desvían en fracciones de céntimo y la igualdad entre importes deja de cumplirse.",
                        pt: "A maioria dos valores decimais não tem um double exato: 0.1 + 0.2 dá 0.30000000000000004, então totais e somas se desviam em frações de centavo e a igualdade entre valores deixa de valer."
                    ),
                    text!(
                        en: "Make it decimal (Decimal128, exact to 34 digits), or keep whole cents in a long; keep the currency beside it when there can be more than one.",
                        es: "Hazlo decimal (Decimal128, exacto hasta 34 dígitos) o guarda céntimos enteros en un long; guarda la moneda a su lado si puede haber más de una.",
                        pt: "Torne-o decimal (Decimal128, exato até 34 dígitos) ou guarde centavos inteiros em um long; guarde a moeda ao lado quando puder haver mais de uma."
                    ),
                );
                f.fix = Some(retype(e, &path, BsonType::Double, BsonType::Decimal));
                out.push(f);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::collection_fixtures::{findings, model};
    use super::names_money;
    use crate::i18n::Lang;
    use crate::model::{BsonType, EntityKind, Field};

    #[test]
    fn money_words_in_three_languages() {
        for name in [
            "price",
            "unitPrice",
            "shipping_cost",
            "amount",
            "balance",
            "total",
            "order_total",
            "grandTotal",
            "subtotal",
            "precio",
            "importe_neto",
            "total_pedido",
            "saldo",
            "preço",
            "custo_frete",
            "valor_desconto",
        ] {
            assert!(names_money(name), "{name} is money");
        }
        for name in [
            "tax_rate",
            "discount_percent",
            "tasa_iva",
            "total_score",
            "total_weight",
            "total_resenas",
            "rating",
            "latitude",
            "media",
            "valor",
            "peso_total",
            "taxa",
        ] {
            assert!(!names_money(name), "{name} is not money");
        }
    }

    #[test]
    fn a_price_typed_double_is_flagged_and_the_fix_makes_it_decimal() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("price", BsonType::Double));
        let mut line = Field::new("lines", BsonType::Array);
        line.items = Some(BsonType::Object);
        line.fields.push(Field::new("unit_price", BsonType::Double));
        line.fields.push(Field::new("weight", BsonType::Double));
        m.entities[0].fields.push(line);
        let mut history = Field::new("past_prices", BsonType::Array);
        history.items = Some(BsonType::Double);
        m.entities[0].fields.push(history);

        let f = findings(&m, "DS404");
        let at: Vec<String> = f.iter().map(|f| format!("{:?}", f.place)).collect();
        assert_eq!(f.len(), 3, "{at:?}");
        assert_eq!(f[0].message.render(Lang::En), "items.price holds money as a double (binary floating point).");
        assert!(at[1].contains("lines.unit_price"), "{at:?}");
        for finding in &f {
            assert!(finding.fix.as_ref().is_some_and(|fix| fix.apply(&mut m)));
        }
        let e = &m.entities[0];
        assert_eq!(e.field("price").map(|f| f.bson_type), Some(BsonType::Decimal));
        assert_eq!(e.field("lines.unit_price").map(|f| f.bson_type), Some(BsonType::Decimal));
        assert_eq!(e.field("lines.weight").map(|f| f.bson_type), Some(BsonType::Double), "not money: left alone");
        assert_eq!(e.field("past_prices").and_then(|f| f.items), Some(BsonType::Decimal));
        assert!(findings(&m, "DS404").is_empty());
    }

    #[test]
    fn decimal_long_and_outside_mongodb_are_not_flagged() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("price", BsonType::Decimal));
        m.entities[0].fields.push(Field::new("balance_cents", BsonType::Long));
        assert!(findings(&m, "DS404").is_empty());
        let mut m = model();
        m.entities[0].fields.push(Field::new("price", BsonType::Double));
        m.entities[0].kind = EntityKind::External;
        assert!(findings(&m, "DS404").is_empty(), "a table in another database is its own business");
    }

    #[test]
    fn the_finding_reads_in_spanish_and_portuguese() {
        let mut m = model();
        m.entities[0].fields.push(Field::new("precio", BsonType::Double));
        let f = &findings(&m, "DS404")[0];
        assert_eq!(f.message.render(Lang::Es), "items.precio guarda dinero como double (coma flotante binaria).");
        assert_eq!(f.message.render(Lang::Pt), "items.precio guarda dinheiro como double (ponto flutuante binário).");
        assert!(f.fix_hint.render(Lang::Es).starts_with("Hazlo decimal (Decimal128"));
        assert_eq!(f.fix.as_ref().map(|x| x.label().render(Lang::Es)), Some("Cambiar precio a decimal".to_string()));
    }
}
