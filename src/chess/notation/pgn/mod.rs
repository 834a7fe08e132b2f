//! PGN, read leniently (games as people paste them) and written.
//!
//! Reading streams over the text once: the lexer (`lexer.rs`) cuts it into
//! tokens (tag pairs, move numbers, moves, comments, NAGs, variation
//! brackets, results), and the reader (`reader.rs`) builds one `PgnGame`
//! at a time from them. Moves are only parsed here (`San`); playing them is
//! `replay` (legal moves decide, as in every PGN reader). Writing is
//! `export`.
//!
//! Accepted beyond the PGN standard: a byte order mark, Windows line
//! endings, `12…` and `12` as move numbers, `½-½`, `++` as a check mark,
//! `e.p.` after en passant captures, glyphs written after a space, long
//! algebraic moves, `0-0`, promotions without `=` or as `e8(Q)`/`e8/Q`;
//! and what people type by hand (`San::parse_lenient_at`): piece letters
//! in lower case (`nf3`; a lower-case `b` stays a file when a pawn's move
//! fits), `o-o`, figurines of either colour (`♘f3`, `♞f6`, `♙e4`), and commas
//! or semicolons between moves (a `;` only where it cannot begin a real
//! comment: see `Lexer::semicolon_separates`). `Notes` says how such a
//! game was read. A game ends at its result token (a result inside a
//! variation is left out, with a note), or where the next game's tags
//! begin. A null move (`--`) ends its variation (see `analysis`).

pub mod commands;
mod export;
mod lexer;
mod list;
mod notes;
mod pawns;
mod reader;
mod replay;
mod tree;

pub use export::{export_line, export_moves, export_outcome, write_pgn, write_untagged_pgn, ExportLine, ExportMove};
pub(crate) use export::{export_plies, keep_rests, write_tree};
pub use lexer::split_glyph;
pub use list::{list_games, GameSummary};
pub use notes::Notes;
pub use reader::{read_game, read_games, variation_rest, GameIndex, Reader};
pub use replay::{replay, MainLine};
pub use tree::{
    Comment, FenTagError, GameResult, Line, MoveNode, MoveNumber, PgnGame, Problem, ReadGame, Separator, Span,
    SyntaxError, TagPair, MAX_VARIATION_DEPTH,
};
