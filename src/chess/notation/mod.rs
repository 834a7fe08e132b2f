pub mod course;
pub mod cursor;
pub mod found;
pub mod pgn;
pub mod san;
