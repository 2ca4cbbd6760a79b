//! Exporters: example documents, `$jsonSchema`, mongosh scripts, decision sheets, synthetic data.
