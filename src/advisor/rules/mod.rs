//! One rule per file. Each declares its code, name, category, severity and documentation
//! with `declare_rule!` and implements `Rule`.

pub mod measured_data;
pub mod model_structure;
