//! The spellings people type, read by the PGN reader (and so by the page's
//! Auto mode): piece letters in lower case (a lower-case `b` stays a file
//! when a pawn's move fits), `o-o`, figurines, commas and semicolons
//! between moves; each reading said in `chess.notes`. The strict course
//! notation still refuses them all.

mod common;

use analysis_board::chess::analysis::analyze_pgn;
use analysis_board::chess::notation::pgn::read_games;
use analysis_board::chess::notation::san::{resolve, San, Spelling};
use analysis_board::chess::{File, Position, Rank, Role, Square};
use analysis_board::outcome::{Notation, Outcome, Status};
use analysis_board::{analyze, NotationChoice, Options};

fn auto(text: &str) -> Outcome {
    analyze(text, &Options { suggest: false, ..Options::default() })
}

fn course(text: &str) -> Outcome {
    analyze(text, &Options { suggest: false, notation: NotationChoice::Course, ..Options::default() })
}

/// The text read in Auto mode (as PGN) and by `analyze_pgn`, which must
/// agree: the outcome.
fn read(text: &str) -> Outcome {
    let a = read_standard(text);
    assert_eq!(a.chess.as_ref().unwrap().notation, Notation::Pgn, "{text}");
    a
}

/// `read`, where Auto mode may find the course notation.
fn read_standard(text: &str) -> Outcome {
    let (a, p) = (auto(text), analyze_pgn(text, false));
    assert_eq!((&a.message, notations(&a), notes(&a)), (&p.message, notations(&p), notes(&p)), "{text}");
    a
}

fn notations(o: &Outcome) -> Vec<&str> {
    o.plies.iter().map(|p| p.notation.as_str()).collect()
}

fn notes(o: &Outcome) -> Vec<String> {
    o.chess.as_ref().unwrap().notes.clone()
}

/// The lenient text gives the same game as its standard spelling, which
/// needs no note.
fn same_game(lenient: &str, standard: &str) -> Outcome {
    let (o, expected) = (read(lenient), read_standard(standard));
    assert_eq!(notes(&expected), Vec::<String>::new(), "{standard}");
    assert_eq!((o.status, &o.message), (expected.status, &expected.message), "{lenient}");
    assert_eq!(notations(&o), notations(&expected), "{lenient}");
    assert!(!o.plies.is_empty());
    o
}

#[test]
fn piece_letters_in_lower_case() {
    let o = same_game(
        "1. e4 e5 2. nf3 nc6 3. bc4 bc5 4. o-o nf6 5. d3 d6 6. nc3 o-o 7. bg5 h6 8. bh4 qe7 9. kh1 kh8 10. rfe1 qd8 \
         11. kg1 nxe4 12. nxe4 qxh4",
        "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O-O Nf6 5. d3 d6 6. Nc3 O-O 7. Bg5 h6 8. Bh4 Qe7 9. Kh1 Kh8 10. Rfe1 Qd8 \
         11. Kg1 Nxe4 12. Nxe4 Qxh4",
    );
    assert_eq!((o.plies[18].piece, o.plies[18].from.as_str(), o.plies[18].to.as_str()), ('R', "f1", "e1"));
    assert_eq!(notes(&o), ["read \"nf3\" as \"Nf3\" (and 16 more)", "read \"o-o\" as \"O-O\" (and 1 more)"]);
    // Check marks and glyphs are kept in the note, as written.
    let o = read("1. e4 e5 2. bc4 nc6 3. qh5 nf6?? 4. qxf7#!");
    assert_eq!(o.message, "white wins by checkmate");
    assert_eq!(notes(&o), ["read \"bc4\" as \"Bc4\" (and 4 more)"]);
    let o = read("1. e4 d5 2. exd5 qxd5");
    assert_eq!((o.plies[3].notation.as_str(), o.plies[3].piece), ("Qxd5", 'q'));
    assert_eq!(notes(&o), ["read \"qxd5\" as \"Qxd5\""]);
}

#[test]
fn castling_in_lower_case() {
    let o = same_game(
        "1. d4 d5 2. nc3 nc6 3. bf4 bf5 4. qd2 qd7 5. o-o-o o-o-o",
        "1. d4 d5 2. Nc3 Nc6 3. Bf4 Bf5 4. Qd2 Qd7 5. O-O-O O-O-O",
    );
    assert_eq!(notes(&o), ["read \"nc3\" as \"Nc3\" (and 5 more)", "read \"o-o-o\" as \"O-O-O\" (and 1 more)"]);
    // Where castling is not legal, the usual verdict.
    assert_eq!(read("e4 e5 o-o").message, "illegal move: white king from e1 to g1");
}

/// Text copied from web pages and books, where typography has turned `-`
/// into an en dash or another dash (`0–0`, `1–0`, `e2–e4`) and `x` into
/// `×`: read as typed, and said so.
#[test]
fn typographic_dashes_and_times_signs() {
    let o = same_game(
        "1. e2–e4 d5 2. e×d5 Q×d5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 Nc6 8. Qe2 Bb4 9. 0–0–0 O\u{2011}O \
         10. a3 B×c3 11. ♗×c3 Qb6 ½–½",
        "1. e2-e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. d4 Nf6 5. Nf3 Bf5 6. Bc4 e6 7. Bd2 Nc6 8. Qe2 Bb4 9. 0-0-0 O-O \
         10. a3 Bxc3 11. Bxc3 Qb6 1/2-1/2",
    );
    assert_eq!(o.chess.as_ref().unwrap().stated_result.as_deref(), Some("1/2-1/2"));
    assert_eq!(notes(&o), ["read \"e2–e4\" as \"e2-e4\" (and 5 more)", "read \"♗×c3\" as \"Bxc3\"",]);
    // Every dash people's text carries, in castling and in each result.
    for dash in ['‐', '‑', '‒', '–', '—', '−'] {
        for (result, stated) in [("1-0", "1-0"), ("0-1", "0-1"), ("1/2-1/2", "1/2-1/2"), ("½-½", "1/2-1/2")] {
            let text = format!("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 {}", result).replace('-', &dash.to_string());
            let o = read(&text);
            assert_eq!((o.status, notations(&o).last().copied()), (Status::Incomplete, Some("O-O")), "{text}");
            assert_eq!(o.chess.as_ref().unwrap().stated_result.as_deref(), Some(stated), "{text}");
        }
    }
    // The Result tag too.
    let o = read("[Result \"0–1\"]\n\n1. e4");
    assert_eq!(o.chess.as_ref().unwrap().stated_result.as_deref(), Some("0-1"));
    // SAN's own reader stays strict.
    for text in ["0–0", "e×d5"] {
        assert!(text.parse::<San>().is_err(), "{text}");
    }
}

/// `b` is SAN's b-file: a bishop's move only when no pawn's fits.
#[test]
fn a_lower_case_b_is_a_pawn_when_a_pawn_move_fits() {
    // Only a pawn can take on c3 (the c1 bishop is shut in): a pawn capture.
    let o = read("1. d4 Nf6 2. c4 e6 3. Nc3 Bb4 4. a3 Bxc3+ 5. bxc3");
    assert_eq!((o.plies[8].notation.as_str(), o.plies[8].piece, o.plies[8].from.as_str()), ("bxc3", 'P', "b2"));
    assert_eq!(notes(&o), Vec::<String>::new());
    // Only a bishop can: the bishop's move, and said so; for black too.
    let o = read("1. d4 Nf6 2. c4 e6 3. Nc3 bb4 4. a3 bxc3+ 5. bxc3");
    assert_eq!(notations(&o)[5..], ["Bb4", "a3", "Bxc3+", "bxc3"]);
    assert_eq!((o.plies[5].piece, o.plies[7].piece, o.plies[8].piece), ('b', 'b', 'P'));
    assert_eq!(notes(&o), ["read \"bb4\" as \"Bb4\" (and 1 more)"]);
    let o = read("1. e4 e5 2. Nf3 Nc6 3. bb5 a6 4. bxc6 dxc6");
    assert_eq!(notations(&o)[4..7], ["Bb5", "a6", "Bxc6"]);
    assert_eq!(notes(&o), ["read \"bb5\" as \"Bb5\" (and 1 more)"]);
    // Both can: the pawn, as SAN reads it; `B` names the bishop.
    let both = "[FEN \"4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1\"]\n";
    let o = read(&format!("{both}1. bxc3 *"));
    assert_eq!((o.plies[0].notation.as_str(), o.plies[0].from.as_str()), ("bxc3", "b2"));
    assert_eq!(notes(&o), Vec::<String>::new());
    let o = read(&format!("{both}1. Bxc3 *"));
    assert_eq!((o.plies[0].notation.as_str(), o.plies[0].from.as_str()), ("Bxc3", "d2"));
    // The same from a bare FEN in Auto mode.
    let o = auto("4k3/8/8/8/8/2n5/1P1B4/4K3 w - - 0 1\nbxc3");
    assert_eq!((o.plies[0].from.as_str(), notes(&o).len()), ("b2", 0));
    // `b4` is always a pawn's move, even where only a bishop could go there.
    let o = read("1. e4 e6 2. a4 b5 3. axb5 b4");
    assert_eq!(o.message, "move completion error: black pawn to b4");
    assert_eq!(read("1. e4 e6 2. a4 b5 3. axb5 bb4").plies[5].notation, "Bb4");
    // Written so that only a bishop's reading fits: `bdc3`, `bd2xc3`.
    let o = read(&format!("{both}1. bd2xc3 *"));
    assert_eq!((o.plies[0].notation.as_str(), o.plies[0].from.as_str()), ("Bxc3", "d2"));
    assert_eq!(notes(&o), ["read \"bd2xc3\" as \"Bd2xc3\""]);
    let o = read("[FEN \"4k3/8/8/8/8/2n5/3B4/B3K3 w - - 0 1\"]\n1. bdc3 *");
    assert_eq!((o.plies[0].notation.as_str(), o.plies[0].from.as_str()), ("Bdxc3", "d2"));
    // Neither: the pawn's error, or the bishop's when no pawn could.
    assert_eq!(read("1. e4 e5 2. bxc3").message, "move completion error: white pawn to c3");
    let pinned = "[FEN \"3rk3/8/8/8/8/2n5/3B4/3K4 w - - 0 1\"]\n1. bxc3 *";
    assert_eq!(read(pinned).message, "illegal move: white bishop from d2 to c3");
}

#[test]
fn figurines_of_either_colour() {
    let o = same_game(
        "1. ♙e4 ♟e5 2. ♘f3 ♞c6 3. ♗b5 ♝c5 4. ♕e2 ♛e7 5. ♔d1 ♚d8 6. ♖e1 ♜e8",
        "1. e4 e5 2. Nf3 Nc6 3. Bb5 Bc5 4. Qe2 Qe7 5. Kd1 Kd8 6. Re1 Re8",
    );
    assert_eq!(notes(&o), ["read \"♙e4\" as \"e4\" (and 11 more)"]);
    // A figurine of the other colour, as people paste them; and the emoji's
    // invisible selector.
    let o = same_game("1. e4 e5 2. ♞f3 ♘c6 3. ♟️d4", "1. e4 e5 2. Nf3 Nc6 3. d4");
    assert_eq!(notes(&o), ["read \"♞f3\" as \"Nf3\" (and 2 more)"]);
    let o = read("[FEN \"k7/4P3/8/8/8/8/8/4K3 w - - 0 1\"]\n1. e8=♕+ *");
    assert_eq!((o.plies[0].notation.as_str(), o.plies[0].promotion), ("e8=Q+", Some('Q')));
    assert_eq!(notes(&o), ["read \"e8=♕+\" as \"e8=Q+\""]);
    // A figurine is a piece, whatever follows: the error is where the move goes wrong.
    let o = read("1. e4 ♘z3");
    assert_eq!(o.message, "parse error at character 'z'");
}

#[test]
fn commas_between_moves() {
    let o = same_game("e4, e5, Nf3", "e4 e5 Nf3");
    assert_eq!(notes(&o), ["read the comma after \"e4\" as a space (and 1 more)"]);
    let o = same_game("1.e4,e5 2.Nf3,Nc6 3.Bb5 , a6", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    assert_eq!(notes(&o), ["read the comma after \"e4\" as a space (and 2 more)"]);
    // Every kind at once, each said once, in the order met.
    let o = read("e4, e5, nf3, ♞c6, bb5, a6, o-o");
    assert_eq!(notations(&o), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"]);
    assert_eq!(
        notes(&o),
        [
            "read the comma after \"e4\" as a space (and 5 more)",
            "read \"nf3\" as \"Nf3\" (and 1 more)",
            "read \"♞c6\" as \"Nc6\"",
            "read \"o-o\" as \"O-O\"",
        ]
    );
}

/// A `;` separates moves after a move, in a game without tags, when the
/// rest of its line is moves; else it begins a comment, as in PGN.
#[test]
fn semicolons_between_moves_and_semicolon_comments() {
    let o = same_game("e4; e5; Nf3", "e4 e5 Nf3");
    assert_eq!(notes(&o), ["read the semicolon after \"e4\" as a space (and 1 more)"]);
    // (The `;` at the end of a line begins an empty comment.)
    let o = same_game("1. e4; e5 2. Nf3; Nc6;\n3. Bb5; a6", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6");
    assert_eq!(notes(&o), ["read the semicolon after \"e4\" as a space (and 2 more)"]);
    // Each `;` is judged by what follows it, up to the next one.
    let o = read("e4; e5; Nf3; Nc6; good for black");
    assert_eq!((notations(&o).len(), o.plies[3].comments.clone()), (4, vec!["good for black".to_string()]));
    // A result after a semicolon is read.
    let o = read("e4; e5; 1-0");
    assert_eq!(o.chess.as_ref().unwrap().stated_result.as_deref(), Some("1-0"));
    // Comments in words stay comments.
    let o = read("1. e4 e5 2. Nf3 ; Nc6 was better\n2... d6");
    assert_eq!(notations(&o), ["e4", "e5", "Nf3", "d6"]);
    assert_eq!(o.plies[2].comments, ["Nc6 was better"]);
    assert_eq!(notes(&o), Vec::<String>::new());
    // In a game with tags, a `;` always begins a comment, even before moves.
    let o = read("[Event \"Club\"]\n1. e4 ; e5 Nf3\n1... c5 *");
    assert_eq!((notations(&o), o.plies[0].comments.clone()), (vec!["e4", "c5"], vec!["e5 Nf3".to_string()]));
    // After a comment, or at the end of a line, too.
    let o = read("1. e4 {best} ; e5\n1... c5");
    assert_eq!((notations(&o), o.plies[0].comments.clone()), (vec!["e4", "c5"], vec!["best".into(), "e5".into()]));
    assert_eq!(notations(&read("e4 e5;\nNf3")), ["e4", "e5", "Nf3"]);
    // The reader sees them as separators or comments.
    let game = read_games("e4; e5 ; Nf3 is good\nNc6").next().unwrap().game;
    let marks: Vec<char> = game.separators.iter().map(|s| s.mark).collect();
    assert_eq!((marks, game.main.moves.len()), (vec![';'], 3));
    assert_eq!(game.main.moves[1].comments[0].text, "Nf3 is good");
}

#[test]
fn a_word_that_is_no_move_is_refused_as_before() {
    for (text, at) in [("e4 nice", 3), ("e4 e5 nz3", 6), ("e4 e5 ok", 6), ("e4 e5 bad", 8), ("e4 e5 qq", 6)] {
        let o = read(text);
        let ch = &text[at..at + 1];
        assert_eq!(o.message, format!("parse error at character '{ch}'"), "{text}");
        assert_eq!(o.error.as_ref().unwrap().start, at, "{text}");
    }
}

#[test]
fn uppercase_and_standard_spellings_are_unchanged() {
    let o = read("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6 bxc6 5. O-O f6 6. d4 exd4 7. Nxd4 c5 8. Nb3 Qe7 9. Re1");
    assert_eq!(o.plies[7].piece, 'p');
    assert_eq!(notes(&o), Vec::<String>::new());
    // SAN's own reader (moves typed on the page, `play`) stays strict.
    for text in ["nf3", "o-o", "♘f3", "e8=♕"] {
        assert!(text.parse::<San>().is_err(), "{text}");
    }
    assert_eq!("bxc3".parse::<San>().unwrap().to_string(), "bxc3");
}

#[test]
fn the_lenient_san_reader_says_how_it_read_each_spelling() {
    let c3 = Square::new(File::C, Rank::Third);
    for (text, shown, spelling, len) in [
        ("nf3", "Nf3", Spelling::LowerCasePiece, 3),
        ("rfe1+", "Rfe1", Spelling::LowerCasePiece, 4),
        ("ng1-f3", "Ng1f3", Spelling::LowerCasePiece, 6),
        ("bdc3", "Bdc3", Spelling::LowerCasePiece, 4),
        ("o-o-o", "O-O-O", Spelling::LowerCaseCastling, 5),
        ("o-o", "O-O", Spelling::LowerCaseCastling, 3),
        ("♘f3", "Nf3", Spelling::Figurine, 5),
        ("♙e2e4", "e2e4", Spelling::Figurine, 7),
        ("e8=♛", "e8=Q", Spelling::Figurine, 6),
        ("b4", "b4", Spelling::Standard, 2),
        ("bxc8=Q", "bxc8=Q", Spelling::Standard, 6),
        ("Nf3", "Nf3", Spelling::Standard, 3),
    ] {
        let (san, read, end) = San::parse_lenient_at(text, 0).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!((san.to_string().as_str(), read, end), (shown, spelling, len), "{text}");
    }
    assert_eq!(San::parse_lenient_at("bxc3", 0).unwrap().0, San::PawnOrBishop { capture: true, to: c3 });
    assert_eq!(San::parse_lenient_at("bc3", 0).unwrap().0, San::PawnOrBishop { capture: false, to: c3 });
    assert_eq!(Spelling::Figurine.respell("♙e8=♕+!"), "e8=Q+!");
    assert_eq!(Spelling::LowerCasePiece.respell("qxd5#"), "Qxd5#");
    assert_eq!(Spelling::LowerCaseCastling.respell("o-o-o+"), "O-O-O+");
}

/// The course notation is strict: the spellings above stay parse errors,
/// with the same words, in the page's Course mode and in `chess-analyze`.
#[test]
fn the_course_notation_still_refuses_them() {
    let exe = env!("CARGO_BIN_EXE_chess-analyze");
    for (text, expected) in [
        ("e4 e5 nf3", "parse error at character 'n'"),
        ("e4 e5 Nf3 Nc6 Bc4 Bc5 o-o", "parse error at character 'o'"),
        ("e4, e5", "parse error at character ','"),
        ("e4; e5", "parse error at character ';'"),
        ("e4 e5 ♘f3", "parse error at character '♘'"),
        ("e4 e5 Nf3 Nc6 Bc4 Bc5 0–0", "parse error at character '–'"),
        ("e4 d5 e×d5", "parse error at character '×'"),
        ("d4 Nf6 c4 e6 Nc3 bb4", "parse error at character 'b'"),
    ] {
        let o = course(text);
        assert_eq!((o.status, o.message.as_str()), (Status::ParseError, expected), "{text}");
        let (_, out, _) = common::run_program(exe, &[], format!("{text}\n").as_bytes());
        assert_eq!(out, format!("{expected}\n"), "{text}");
        // Auto mode reads them as PGN instead.
        assert_eq!(auto(text).status, Status::Incomplete, "{text}");
    }
}

/// Every legal move of the SAN cases (`tests/data/pgn/san-cases.txt`,
/// thousands of positions), respelt: a lower-case piece letter (but `b`),
/// `o-o`, a figurine of either colour, reads as the same move. A
/// lower-case `b` reads as the bishop's move, unless a b-pawn's move to the
/// same square is legal: then as that. (`b1d2` is long algebraic, the move
/// of the piece on b1, never `B1d2`.)
#[test]
fn every_legal_move_respelt_reads_as_the_same_move() {
    let figurines = |role: char| match role {
        'K' => ["♔", "♚"],
        'Q' => ["♕", "♛"],
        'R' => ["♖", "♜"],
        'B' => ["♗", "♝"],
        'N' => ["♘", "♞"],
        _ => ["♙", "♟"],
    };
    let read = |pos: &Position, text: &str| {
        let (san, _, end) = San::parse_lenient_at(text, 0).unwrap_or_else(|e| panic!("{}: {text}: {e}", pos.fen()));
        assert_eq!(end, text.len(), "{}: {text}", pos.fen());
        resolve(pos, pos.ep_square(), &san).unwrap_or_else(|e| panic!("{}: {text}: {e}", pos.fen()))
    };
    let (mut respelt, mut pawns_first) = (0, 0);
    for line in include_str!("data/pgn/san-cases.txt").lines() {
        let (fen, moves) = line.split_once(';').unwrap();
        let pos = Position::from_fen(fen).unwrap();
        for m in moves.split(',') {
            let (_, text) = m.split_once(' ').unwrap();
            let text = text.trim_end_matches(['+', '#']);
            let expected = read(&pos, text);
            let first = text.chars().next().unwrap();
            let rest = &text[first.len_utf8()..];
            let mut spellings = Vec::new();
            if text.starts_with('O') {
                spellings.push(text.replace('O', "o"));
            } else if first.is_ascii_uppercase() {
                spellings.extend(figurines(first).map(|f| format!("{f}{rest}")));
                if first != 'B' {
                    spellings.push(format!("{}{rest}", first.to_ascii_lowercase()));
                }
            } else {
                spellings.extend(figurines('P').map(|f| format!("{f}{text}")));
            }
            if let Some((head, piece)) = text.split_once('=') {
                spellings.extend(figurines(piece.chars().next().unwrap()).map(|f| format!("{head}={f}")));
            }
            for spelt in spellings {
                assert_eq!(read(&pos, &spelt), expected, "{fen}: {spelt} for {text}");
                respelt += 1;
            }
            if first == 'B' && !rest.starts_with(|c: char| c.is_ascii_digit()) {
                let read = read(&pos, &format!("b{rest}"));
                if read != expected {
                    // A b-pawn's move to the same square, legal here.
                    assert_eq!((read.role(), read.from().file(), read.to()), (Role::Pawn, File::B, expected.to()));
                    assert!(pos.legal_moves().contains(&read), "{fen}: b{rest}");
                    pawns_first += 1;
                }
            }
        }
    }
    assert!(respelt > 100_000, "only {respelt} spellings");
    assert!(pawns_first > 0, "no position where a lower-case b is a pawn's before a bishop's");
}

/// Where the error points, as the text it spans (ASCII texts here).
fn error_text<'a>(text: &'a str, o: &Outcome) -> &'a str {
    let e = o.error.as_ref().expect("an error");
    &text[e.start..e.end]
}

/// A null move (`--`, and `Z0`, `0000` as ChessBase and python-chess write
/// it) inside a variation ends that variation there, with a note: the moves
/// before it are kept, the rest of the variation (and the variations inside
/// that rest) left out, and the game read on.
#[test]
fn a_null_move_ends_its_variation_and_the_game_reads_on() {
    let text = "1. e4 e5 (1... Nc6 2. Nf3 -- 3. d4 (3. Qxa8) (3. Ke3 Ke7) 3... d5) 2. Nf3 nc6 3. Bb5 *";
    let o = read(text);
    assert_eq!((o.status, o.error.as_ref()), (Status::Incomplete, None));
    assert_eq!(notations(&o), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    let variations = &o.plies[1].variations;
    assert_eq!(variations.len(), 1);
    let kept: Vec<&str> = variations[0].plies.iter().map(|p| p.notation.as_str()).collect();
    assert_eq!(kept, ["Nc6", "Nf3"]);
    assert_eq!((variations[0].error.as_ref(), variations[0].unplayed.len()), (None, 0));
    assert!(variations[0].plies[1].variations.is_empty());
    assert_eq!(
        notes(&o),
        [
            "ended a variation at the null move \"--\" at line 1, column 27: a null move passes the turn and \
             cannot be played on the board, which shows that variation up to it (the text keeps the rest)",
            "read \"nc6\" as \"Nc6\"",
        ]
    );

    // Every spelling, on any line; a variation that opens with one is left
    // out whole; nested variations end at theirs; each is counted.
    let text = "[Event \"x\"]\n\n1. e4 e5 (1... Z0 2. d4) 2. Nf3\n(2. d4 exd4 (2... 0000 3. c3) 3. c3) 2... Nc6 *";
    let o = read(text);
    assert_eq!((o.status, o.error.as_ref()), (Status::Incomplete, None));
    assert_eq!(notations(&o), ["e4", "e5", "Nf3", "Nc6"]);
    assert!(o.plies[1].variations.is_empty());
    let d4 = &o.plies[2].variations[0];
    assert_eq!(d4.plies.iter().map(|p| p.notation.as_str()).collect::<Vec<_>>(), ["d4", "exd4", "c3"]);
    assert!(d4.plies[1].variations.is_empty());
    assert_eq!(
        notes(&o),
        ["ended a variation at the null move \"Z0\" at line 3, column 16 (and 1 more): a null move passes the turn \
          and cannot be played on the board, which shows that variation up to it (the text keeps the rest)"]
    );
}

/// A null move's own alternatives (`2. -- (2. d4 ...)`) start from the
/// position before it and do not depend on it: they are kept, the first in
/// the null move's place (the board cannot show a pass), the others as its
/// alternatives, with their comments and drawings; what follows the null
/// move is still left out.
#[test]
fn a_null_moves_alternatives_are_kept() {
    let sans = |line: &analysis_board::outcome::Line| line.plies.iter().map(|p| p.notation.clone()).collect::<Vec<_>>();
    let text = "1. e4 e5 (1... c5 2. -- (2. Nf3 d6) ({[%cal Gd2d4]} 2. d4 cxd4) 2... Nc6 3. d4) 2. Nf3 *";
    let o = read(text);
    assert_eq!((o.status, o.error.as_ref()), (Status::Incomplete, None));
    assert_eq!(notations(&o), ["e4", "e5", "Nf3"]);
    let c5 = &o.plies[1].variations[0];
    assert_eq!(sans(c5), ["c5", "Nf3", "d6"]);
    assert_eq!(c5.plies[1].variations.len(), 1);
    let d4 = &c5.plies[1].variations[0];
    assert_eq!(sans(d4), ["d4", "cxd4"]);
    assert_eq!(d4.shapes.len(), 1, "the drawing before the alternative's first move");
    assert_eq!(&text[c5.plies[1].start..c5.plies[1].end], "Nf3", "spans are the text's");
    assert_eq!(&text[d4.plies[1].start..d4.plies[1].end], "cxd4");
    assert_eq!(notes(&o).len(), 1, "{:?}", notes(&o));
    // The variation goes on (with the alternative): the note does not say it ended.
    assert_eq!(
        notes(&o),
        ["played the alternative to the null move \"--\" at line 1, column 22: a null move passes the turn and cannot \
          be played on the board, so the rest of that variation is left out"]
    );

    // A variation that opens with a null move: its alternatives are alternatives
    // of the move the variation replaces, reached through the first of them.
    let o = read("1. e4 e5 (1... -- (1... c5 2. Nf3) (1... e6)) 2. Nf3 *");
    assert_eq!(o.plies[1].variations.iter().map(sans).collect::<Vec<_>>(), [["c5", "Nf3"]]);
    assert_eq!(o.plies[1].variations[0].plies[0].variations.iter().map(sans).collect::<Vec<_>>(), [["e6"]]);
    // An alternative that fails is that line's error, at its own place.
    let text = "1. e4 e5 (1... c5 2. -- (2. Nf3 d6 3. Ke3)) 2. Nf3 *";
    let o = read(text);
    let c5 = &o.plies[1].variations[0];
    assert_eq!(sans(c5), ["c5", "Nf3", "d6"]);
    let error = c5.error.as_ref().expect("the alternative's illegal move");
    assert_eq!((error.ply, &text[error.start..error.end]), (3, "Ke3"));
}

/// In the main line a null move stops the game, pointed at, saying why.
#[test]
fn a_null_move_in_the_main_line_stops_the_game_there() {
    for null in ["--", "Z0", "0000"] {
        let text = format!("1. e4 e5 2. Nf3 {null} 3. d4 *");
        let o = read(&text);
        assert_eq!(o.status, Status::ParseError, "{text}");
        assert_eq!(error_text(&text, &o), null);
        assert_eq!(o.plies.len(), 3);
        let reason = &o.error.as_ref().unwrap().reason;
        assert_eq!(
            reason,
            &format!(
                "a null move ({null}) passes the turn and cannot be played on the board: the game stops here \
                 (in a variation, it would end the variation)"
            )
        );
    }
}

/// A FEN's castling right that the board cannot have (its king or rook is
/// not on its home square) is dropped, as python-chess does, and said so;
/// `Position::from_fen` (`chess-analyze --fen`, `suggest`, `moves`, the
/// editor) stays strict.
#[test]
fn impossible_castling_rights_of_a_fen_are_dropped_with_a_note() {
    let text = "[FEN \"r3k3/8/8/8/8/8/8/R4K1R w KQq - 0 1\"]\n1. Kg1 O-O-O *";
    let o = read(text);
    assert_eq!((o.status, o.error.as_ref()), (Status::Incomplete, None));
    assert_eq!(o.initial.fen, "r3k3/8/8/8/8/8/8/R4K1R w q - 0 1");
    assert_eq!(notations(&o), ["Kg1", "O-O-O"]);
    assert_eq!(notes(&o), ["dropped the castling rights \"KQ\" of the FEN tag: the white king is not on e1"]);

    let text = "4k3/8/8/8/8/8/8/4K2R w Kkq - 0 1\n1. O-O";
    let o = auto(text);
    assert_eq!((o.status, o.error.as_ref()), (Status::Incomplete, None));
    assert_eq!(o.initial.fen, "4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    assert_eq!(notations(&o), ["O-O"]);
    assert_eq!(
        notes(&o),
        ["dropped the castling rights \"kq\" of the FEN: there is no black rook on h8, and there is no black rook on a8"]
    );
    // With another problem the FEN still gives no position, for every reason.
    let o = auto("4k3/8/8/8/8/8/8/7R w Kq - 0 1");
    assert_eq!(o.status, Status::ParseError);
    assert!(o.message.contains("white has no king") && o.message.contains("black may castle"), "{}", o.message);
    // The strict reading is unchanged.
    assert!(Position::from_fen("4k3/8/8/8/8/8/8/4K2R w Kq - 0 1").is_err());
}

/// `Kg1` names a king's one-square move in SAN, never castling (as the
/// course notation and python-chess read it): refused, saying what to write.
#[test]
fn a_king_move_to_the_castling_square_is_not_castling() {
    let start = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. ";
    for (king, castling) in [("Kg1", "O-O"), ("kg1", "O-O"), ("Ke1g1", "O-O"), ("Ke1-g1", "O-O")] {
        let text = format!("{start}{king} *");
        let o = read(&text);
        assert_eq!(
            (o.status, o.message.as_str()),
            (Status::CompletionError, "move completion error: white king to g1")
        );
        assert_eq!(error_text(&text, &o), king);
        assert_eq!(o.error.as_ref().unwrap().reason, format!("{king} is not castling: write {castling}"));
        assert_eq!(o.plies.len(), 6);
        // The course notation gives the same verdict.
    }
    assert_eq!(course("e4 e5 Nf3 Nc6 Bc4 Nf6 Kg1").message, "move completion error: white king to g1");
    let text = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1\"]\n1... Kc8 *";
    assert_eq!(read(text).error.unwrap().reason, "Kc8 is not castling: write O-O-O");
    // Long algebraic without a piece letter is castling, as UCI writes it.
    assert_eq!(notations(&read(&format!("{start}e1g1 *")))[6], "O-O");
    // A king that is not on its home square moves as any king.
    assert_eq!(notations(&read("[FEN \"4k3/8/8/8/8/8/8/5K2 w - - 0 1\"]\n1. Kg1 *")), ["Kg1"]);
}

/// A result inside a variation does not end the game: read on, with a note.
#[test]
fn a_result_inside_a_variation_is_left_out_with_a_note() {
    let o = read("1. e4 (1. d4 0-1) e5 (1... c5 2. Nf3 1/2-1/2) 2. Nf3 *");
    assert_eq!((o.status, o.error.as_ref()), (Status::Incomplete, None));
    assert_eq!(notations(&o), ["e4", "e5", "Nf3"]);
    assert_eq!(o.plies[0].variations[0].plies.len(), 1);
    assert_eq!(o.plies[1].variations[0].plies.len(), 2);
    assert_eq!(o.chess.as_ref().unwrap().stated_result.as_deref(), Some("*"));
    assert_eq!(
        notes(&o),
        ["left out the result \"0-1\" inside a variation at line 1, column 14 (and 1 more): only the result after \
          the main line ends the game"]
    );
}
