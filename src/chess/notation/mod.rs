pub mod course;
pub mod san;
pub mod pgn;
