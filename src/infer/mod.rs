//! Learning from real data: sample documents and `$jsonSchema` in, a model out.
