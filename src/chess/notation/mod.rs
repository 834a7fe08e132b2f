pub mod course;
