pub mod course;
pub mod san;
