pub mod course;
pub mod cursor;
pub mod pgn;
pub mod san;
