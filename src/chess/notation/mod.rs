pub mod course;
pub mod pgn;
pub mod san;
