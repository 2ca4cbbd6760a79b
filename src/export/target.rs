//! Every export docshape writes, in one list: the command line (`docshape export --what NAME`),
//! the worker's protocol (the page asks for an export by its name) and the export dialog (its
//! tabs, and the file a download is named) all read it. Each target says its name, where it is
//! offered, its file and what it runs.

use super::code::{self, java, Target};
use super::{examples, mongosh, schema, sheet, Builder, Flavor};
use crate::i18n::{Lang, Msg};
use crate::model::Model;

/// One export.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportTarget {
    /// Example documents as a mongosh script.
    Examples,
    /// Example documents as relaxed Extended JSON.
    Ejson,
    /// Example documents as canonical Extended JSON (command line only).
    EjsonCanonical,
    /// `$jsonSchema` validators.
    Schema,
    /// The mongosh script: collections, validators, indexes.
    Script,
    /// Decision sheets (Markdown).
    Sheets,
    /// The BSON size of each example document, as JSON (command line only).
    Sizes,
    /// The review report (Markdown; its diagram is a file beside it). In the page only.
    Report,
    /// The diagram as SVG with the default options. In the page only.
    Image,
    /// Code for the application in one language, or the diagram as Mermaid or DBML
    /// (`export::code`); the dialog's Code tab picks the language.
    Code(Target),
    /// The model file itself (the page writes it; it needs no worker).
    Model,
}

use ExportTarget::*;

impl ExportTarget {
    /// Every target, in the order `docshape export --help` and the dialog list them.
    pub const ALL: [ExportTarget; 18] = [
        Examples,
        Ejson,
        EjsonCanonical,
        Schema,
        Script,
        Sheets,
        Sizes,
        Report,
        Image,
        Code(Target::Mongoose),
        Code(Target::TypeScript),
        Code(Target::Zod),
        Code(Target::Pydantic),
        Code(Target::Rust),
        Code(Target::Java),
        Code(Target::Mermaid),
        Code(Target::Dbml),
        Model,
    ];

    /// Its name: what `--what` takes and what the page asks the worker for.
    pub fn name(self) -> &'static str {
        match self {
            Examples => "examples",
            Ejson => "ejson",
            EjsonCanonical => "ejson-canonical",
            Schema => "schema",
            Script => "mongosh",
            Sheets => "sheets",
            Sizes => "sizes",
            Report => "report",
            Image => "image",
            Code(target) => target.code(),
            Model => "model",
        }
    }

    pub fn from_name(name: &str) -> Option<ExportTarget> {
        Self::ALL.into_iter().find(|t| t.name() == name)
    }

    /// Whether `docshape export --what` offers it (the report, the image and the model file
    /// are the page's).
    pub fn on_command_line(self) -> bool {
        !matches!(self, Report | Image | Model)
    }

    /// The export dialog's tab that shows it (every code target is in the Code tab); `None`
    /// for what only the command line writes.
    pub fn tab(self) -> Option<Msg> {
        Some(match self {
            Examples => Msg::TabExamples,
            Ejson => Msg::TabEjson,
            Schema => Msg::TabSchema,
            Script => Msg::TabScript,
            Sheets => Msg::TabSheets,
            Report => Msg::TabReport,
            Image => Msg::TabImage,
            Code(_) => Msg::TabCode,
            Model => Msg::TabModel,
            EjsonCanonical | Sizes => return None,
        })
    }

    /// The end of its file's name, after the design's (`bibliored.mongosh.js`).
    pub fn suffix(self) -> &'static str {
        match self {
            Examples => ".examples.js",
            Ejson => ".examples.json",
            EjsonCanonical => ".examples.canonical.json",
            Schema => ".schema.json",
            Script => ".mongosh.js",
            Sheets => ".sheets.md",
            Sizes => ".sizes.json",
            Report => ".review.md",
            Image => ".svg",
            Code(target) => target.suffix(),
            Model => ".docshape.json",
        }
    }

    /// The name of its file for `model`: the design's name as a file stem, then the suffix; a
    /// public Java class lives in the file of its name.
    pub fn file_name(self, model: &Model) -> String {
        match self {
            Code(Target::Java) => format!("{}.java", java::class_name(&model.name)),
            _ => format!("{}{}", crate::share::file_stem(&model.name), self.suffix()),
        }
    }

    /// The MIME type of its file.
    pub fn mime(self) -> &'static str {
        match self {
            Examples | Script | Code(Target::Mongoose) => "text/javascript",
            Ejson | EjsonCanonical | Schema | Sizes | Model => "application/json",
            Sheets | Report => "text/markdown",
            Image => "image/svg+xml",
            Code(Target::Java) => "text/x-java",
            Code(_) => "text/plain",
        }
    }

    /// Its text for the design of `builder`. The advisor runs here for the exports that carry
    /// its verdicts (the script's indexes, the sheets, the report, the diagram).
    pub fn render(self, builder: &Builder, options: &Options) -> String {
        let model = builder.lookup.model;
        let lang = options.lang;
        let examples = || match options.only {
            Some(id) => examples::collection_examples(builder, id).into_iter().collect(),
            None => examples::examples_with(builder),
        };
        match self {
            Examples => examples::render_shell(&examples()),
            Ejson => examples::render_ejson(&examples(), Flavor::Relaxed),
            EjsonCanonical => examples::render_ejson(&examples(), Flavor::Canonical),
            Schema => {
                let validators: Vec<_> = match options.only {
                    Some(id) => schema::validator(builder, id).into_iter().collect(),
                    None => schema::validators(builder),
                };
                schema::render_json(&validators)
            }
            Script => mongosh::script_of_report(builder, &crate::advisor::analyze(model), lang),
            Sheets => {
                let report = crate::advisor::analyze(model);
                match options.only {
                    Some(id) => builder.lookup.entity(id).map(|e| sheet::sheet(builder, &report, e, lang)),
                    None => Some(sheet::sheets_with(builder, &report, lang)),
                }
                .unwrap_or_default()
            }
            Sizes => {
                let sizes: Vec<serde_json::Value> = examples()
                    .iter()
                    .flat_map(|c| {
                        c.examples.iter().map(move |e| {
                            serde_json::json!({ "collection": c.collection, "entity": c.entity, "variant": e.label, "bsonBytes": e.doc.bson_size() })
                        })
                    })
                    .collect();
                serde_json::to_string_pretty(&sizes).unwrap_or_default()
            }
            Report => {
                use crate::share::{report_svg_name, review_markdown, Diagram, ReportOptions};
                let opts = ReportOptions {
                    // Downloaded beside the report (GitHub shows no `data:` image).
                    diagram: Diagram::File(report_svg_name(model)),
                    share_url: options.share_url.clone(),
                    lang,
                };
                review_markdown(model, &crate::advisor::analyze(model), &opts)
            }
            Image => {
                use crate::share::{diagram_svg, SvgOptions};
                diagram_svg(model, Some(&crate::advisor::analyze(model)), &SvgOptions { lang, ..SvgOptions::default() })
            }
            Code(target) => code::generate_with(builder, target, lang),
            Model => model.to_json(),
        }
    }
}

/// How an export is made.
#[derive(Debug, Clone, Default)]
pub struct Options<'a> {
    /// The language of its words: the decision sheets, the script's comments, the report and
    /// the diagrams' words (SVG, Mermaid, DBML). Documents, validators, Extended JSON and code
    /// are the same in every language.
    pub lang: Lang,
    /// Only this collection (its entity's id), for what can be limited to one: the examples,
    /// Extended JSON, the validators, the sheets and the sizes.
    pub only: Option<&'a str>,
    /// The review report's link to the design (the page's address with `#m=…`).
    pub share_url: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_target_is_found_by_its_name_and_names_are_unique() {
        for t in ExportTarget::ALL {
            assert_eq!(ExportTarget::from_name(t.name()), Some(t));
        }
        let mut names: Vec<&str> = ExportTarget::ALL.iter().map(|t| t.name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ExportTarget::ALL.len());
        assert_eq!(ExportTarget::from_name("script"), None, "the mongosh script is `mongosh`");
    }

    #[test]
    fn the_command_line_offers_what_it_always_did_in_its_order() {
        let names: Vec<&str> =
            ExportTarget::ALL.into_iter().filter(|t| t.on_command_line()).map(|t| t.name()).collect();
        assert_eq!(
            names,
            [
                "examples",
                "ejson",
                "ejson-canonical",
                "schema",
                "mongosh",
                "sheets",
                "sizes",
                "mongoose",
                "typescript",
                "zod",
                "pydantic",
                "rust",
                "java",
                "mermaid",
                "dbml"
            ]
        );
    }

    #[test]
    fn every_code_target_is_in_the_list() {
        for target in Target::ALL {
            assert!(ExportTarget::ALL.contains(&Code(target)), "{target:?}");
            assert_eq!(Code(target).tab(), Some(Msg::TabCode));
        }
    }

    #[test]
    fn files_are_named_after_the_design() {
        let model = Model::new("BiblioRed");
        assert_eq!(Script.file_name(&model), "bibliored.mongosh.js");
        assert_eq!(Code(Target::Pydantic).file_name(&model), "bibliored_models.py");
        assert_eq!(Code(Target::Java).file_name(&model), format!("{}.java", java::class_name("BiblioRed")));
        assert_eq!(Model.file_name(&model), "bibliored.docshape.json");
        assert_eq!(Image.mime(), "image/svg+xml");
    }

    #[test]
    fn a_collection_limits_the_examples_and_the_model_file_is_the_model() {
        let model = crate::model::load(include_str!("../../public/templates/bibliored.json")).expect("demo");
        let builder = Builder::new(&model);
        let id = model.collections().next().expect("a collection").id.clone();
        let all = Ejson.render(&builder, &Options::default());
        let one = Ejson.render(&builder, &Options { only: Some(&id), ..Options::default() });
        assert!(one.len() < all.len() && !one.is_empty());
        assert_eq!(Model.render(&builder, &Options::default()), model.to_json());
    }
}
