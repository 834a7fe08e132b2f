//! The SAN writer and reader against python-chess: for every legal move
//! of thousands of positions, our SAN equals python-chess's, and reading
//! it back (and its long algebraic and UCI spellings) gives the same move.
//! Data: `tests/data/pgn/san-cases.txt`, written once by
//! `tools/pgn/san_cases.py` (seeded).

use analysis_board::chess::notation::san::{resolve, san, San, SanError};
use analysis_board::chess::{Move, Position};

fn cases() -> Vec<(Position, Vec<(String, String)>)> {
    include_str!("data/pgn/san-cases.txt")
        .lines()
        .map(|line| {
            let (fen, moves) = line.split_once(';').unwrap();
            let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let moves = moves
                .split(',')
                .map(|m| {
                    let (uci, san) = m.split_once(' ').unwrap();
                    (uci.to_string(), san.to_string())
                })
                .collect();
            (pos, moves)
        })
        .collect()
}

fn read(pos: &Position, text: &str) -> Result<Move, String> {
    let parsed: San = text.parse().map_err(|e| format!("{e} ({text})"))?;
    resolve(pos, pos.ep_square(), &parsed).map_err(|e| e.to_string())
}

#[test]
fn our_san_of_every_legal_move_is_python_chess_san() {
    let cases = cases();
    assert!(cases.len() > 2000, "only {} positions", cases.len());
    let mut moves = 0;
    for (pos, expected) in &cases {
        let mut ours: Vec<(String, String)> = pos.legal_moves().iter().map(|&m| (m.uci(), san(pos, m))).collect();
        ours.sort();
        assert_eq!(&ours, expected, "{}", pos.fen());
        moves += ours.len();
    }
    assert!(moves > 50_000, "only {moves} moves");
}

#[test]
fn reading_san_gives_back_the_move() {
    for (pos, expected) in cases() {
        for (uci, text) in &expected {
            let m = read(&pos, text).unwrap_or_else(|e| panic!("{}: {text}: {e}", pos.fen()));
            assert_eq!(&m.uci(), uci, "{}: {text}", pos.fen());
        }
    }
}

/// `Nf3` as `Ng1f3`, `Ng1-f3`, `Ng1xf3`; `exd5` as `e4xd5`; `e8=Q` as `e8Q`;
/// `O-O` as `0-0` and as the king taking its own rook, `e1h1` (how Chess960
/// programs and python-chess write castling in UCI).
fn long_algebraic(m: Move, short: &str) -> Vec<String> {
    let bare = short.trim_end_matches(['+', '#']);
    if let Move::Castle { king, rook } = m {
        return vec![bare.replace('O', "0"), format!("{king}{rook}")];
    }
    let letter = if m.role() == analysis_board::chess::Role::Pawn { String::new() } else { bare[..1].to_string() };
    let sep = if m.is_capture() { "x" } else { "-" };
    let promotion = m.promotion().map(|p| p.upper_char().to_string()).unwrap_or_default();
    vec![
        format!("{letter}{}{sep}{}{promotion}", m.from(), m.to()),
        format!("{letter}{}{}{}", m.from(), m.to(), promotion),
        bare.replace('=', ""),
    ]
}

#[test]
fn long_algebraic_and_uci_give_the_same_move() {
    for (pos, expected) in cases() {
        for (uci, text) in &expected {
            let m = read(&pos, text).unwrap();
            let mut spellings = long_algebraic(m, text);
            spellings.push(uci.clone());
            for spelling in spellings {
                let got = read(&pos, &spelling).unwrap_or_else(|e| panic!("{}: {spelling}: {e}", pos.fen()));
                assert_eq!(&got.uci(), uci, "{}: {spelling}", pos.fen());
            }
        }
    }
}

/// A promotion with its piece in lower case and no `=` (`a8q`, `bxa8n`, as
/// UCI writes the piece and python-chess reads it) is the same move; `a8b`
/// too, although `b` is also a file (found by a differential run against
/// python-chess: `a8b` was a parse error at the character after the `b`).
#[test]
fn promotions_in_lower_case_without_the_equals_sign_give_the_same_move() {
    let mut promotions = 0;
    for (pos, expected) in cases() {
        for (uci, text) in expected.iter().filter(|(uci, _)| uci.len() == 5) {
            let bare = text.trim_end_matches(['+', '#']).replace('=', "");
            let (square, piece) = bare.split_at(bare.len() - 1);
            for spelling in
                [format!("{square}{}", piece.to_lowercase()), format!("{square}{}", piece.to_lowercase()) + "+"]
            {
                let got = read(&pos, &spelling).unwrap_or_else(|e| panic!("{}: {spelling}: {e}", pos.fen()));
                assert_eq!(&got.uci(), uci, "{}: {spelling}", pos.fen());
            }
            promotions += 1;
        }
    }
    assert!(promotions > 100, "only {promotions} promotions");
}

#[test]
fn a_move_no_legal_move_matches_is_an_error_never_another_move() {
    // Every legal move's SAN with the wrong promotion piece or the wrong
    // target square must not be read as some other move.
    for (pos, expected) in cases().into_iter().take(500) {
        let legal: Vec<&String> = expected.iter().map(|(_, s)| s).collect();
        for (_, text) in &expected {
            let bare = text.trim_end_matches(['+', '#']);
            for wrong in ["a1", "h8", "d4"] {
                if bare.len() < 2 || bare.starts_with('O') {
                    continue;
                }
                let changed = format!("{}{wrong}", &bare[..bare.len() - 2]);
                if let Ok(m) = read(&pos, &changed) {
                    let ours = san(&pos, m);
                    assert!(legal.contains(&&ours), "{changed} read as {ours}");
                    assert_eq!(m.to().to_string(), wrong, "{}: {changed} read as {ours}", pos.fen());
                }
            }
        }
    }
}

fn error(fen: &str, text: &str) -> SanError {
    let pos = Position::from_fen(fen).unwrap();
    resolve(&pos, pos.ep_square(), &text.parse().unwrap()).unwrap_err()
}

#[test]
fn errors_use_the_course_words() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    assert_eq!(error(start, "Nd4").to_string(), "move completion error: white knight to d4");
    assert_eq!(error(start, "e5").to_string(), "move completion error: white pawn to e5");
    assert_eq!(error(start, "O-O").to_string(), "illegal move: white king from e1 to g1");
    // The king taking its own rook is castling, with castling's errors.
    assert_eq!(error(start, "e1h1").to_string(), "illegal move: white king from e1 to g1");
    assert_eq!(error(start, "e1a1").to_string(), "illegal move: white king from e1 to c1");
    assert_eq!(error(start, "--").to_string(), "null move");
    // Two knights reach d2; neither is pinned.
    let two = "4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1";
    let e = error(two, "Nd2");
    assert_eq!(e.to_string(), "move completion error: white knight to d2");
    assert!(e.explain().contains("b1 and f3"), "{}", e.explain());
    // A pinned knight: illegal, named by its square.
    let pinned = "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1";
    let e = error(pinned, "Nc3");
    assert_eq!(e.to_string(), "illegal move: white knight from e2 to c3");
    assert_eq!(e.explain(), "it would leave the mover's own king in check");
    // A pawn reaching the last rank must say what it becomes.
    let promote = "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1";
    assert_eq!(error(promote, "b8").to_string(), "illegal move: white pawn from b7 to b8");
    // After checkmate nothing may be played.
    let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let e = error(mated, "e3");
    assert_eq!(e.to_string(), "illegal move: white pawn from e2 to e3");
    assert_eq!(e.explain(), "the game already ended in checkmate");
    // Long algebraic from a square without a piece of the mover's (two moves
    // run together, `e4e5`): the headline keeps the course words, the reason
    // names the square.
    let after_e4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
    for (fen, text, headline, reason) in [
        (
            start,
            "e4e5",
            "white pawn to e5",
            "no white piece stands on e4 (long algebraic e4e5 moves the piece on e4 to e5)",
        ),
        (
            start,
            "e7e5",
            "white pawn to e5",
            "no white piece stands on e7 (long algebraic e7e5 moves the piece on e7 to e5)",
        ),
        (
            after_e4,
            "e2e4",
            "black pawn to e4",
            "no black piece stands on e2 (long algebraic e2e4 moves the piece on e2 to e4)",
        ),
        (
            start,
            "d3xe4",
            "white pawn to e4",
            "no white piece stands on d3 (long algebraic d3xe4 moves the piece on d3 to e4)",
        ),
    ] {
        let e = error(fen, text);
        assert_eq!(e.to_string(), format!("move completion error: {headline}"), "{text}");
        assert_eq!(e.explain(), reason, "{text}");
    }
}

#[test]
fn san_is_resolved_against_the_legal_moves() {
    let pos = |fen: &str| Position::from_fen(fen).unwrap();
    // Nd2 with the other knight pinned is not ambiguous.
    let p = pos("4k3/8/8/8/8/5N2/8/rN2K3 w - - 0 1");
    assert_eq!(read(&p, "Nd2").unwrap().uci(), "f3d2");
    // Over-disambiguated moves are accepted.
    let p = Position::start();
    assert_eq!(read(&p, "Ngf3").unwrap().uci(), "g1f3");
    assert_eq!(read(&p, "N1f3").unwrap().uci(), "g1f3");
    assert_eq!(read(&p, "Ng1f3").unwrap().uci(), "g1f3");
    // The x mark is not held against the writer.
    assert_eq!(read(&p, "Nxf3").unwrap().uci(), "g1f3");
    // b is a file, B a bishop.
    let p = pos("4k3/8/8/8/8/2p5/1P1B4/4K3 w - - 0 1");
    assert_eq!(read(&p, "bxc3").unwrap().uci(), "b2c3");
    assert_eq!(read(&p, "Bxc3").unwrap().uci(), "d2c3");
    // A pawn without a file moves straight: d5 is never a capture.
    let p = pos("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1");
    assert!(read(&p, "d5").is_err());
    assert_eq!(read(&p, "exd5").unwrap().uci(), "e4d5");
    assert_eq!(read(&p, "ed5").unwrap().uci(), "e4d5");
    // The king's two-square move in SAN is not castling (python-chess
    // refuses it too); in long algebraic, as UCI writes it, it is.
    let p = pos("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    let why = |text: &str| resolve(&p, None, &text.parse().unwrap()).unwrap_err().explain();
    assert_eq!(why("Kg1"), "Kg1 is not castling: write O-O");
    assert_eq!(read(&p, "Kg1").unwrap_err(), "move completion error: white king to g1");
    assert_eq!(why("Ke1c1"), "Ke1c1 is not castling: write O-O-O");
    assert_eq!(read(&p, "e1g1").unwrap().uci(), "e1g1");
    assert_eq!(read(&p, "Kf1").unwrap().uci(), "e1f1");
    // Promotions, every spelling.
    let p = pos("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
    for text in ["b8=Q", "b8Q", "b8/Q", "b8(Q)", "b7b8q", "b7-b8=Q"] {
        assert_eq!(read(&p, text).unwrap().uci(), "b7b8q", "{text}");
    }
    assert_eq!(read(&p, "b8=N+").unwrap().uci(), "b7b8n");
}

#[test]
fn syntax_errors_point_at_the_character() {
    let err = |text: &str| text.parse::<San>().unwrap_err();
    let e = err("i4");
    assert_eq!((e.offset, e.character), (0, Some('i')));
    let e = err("exd5a5");
    assert_eq!((e.offset, e.character), (4, Some('a')));
    let e = err("Nf");
    assert_eq!((e.offset, e.character), (2, None));
    let e = err("O-0");
    assert_eq!((e.offset, e.character), (2, Some('0')));
    let e = err("e8=K");
    assert_eq!((e.offset, e.character), (3, Some('K')));
    let e = err("nf3");
    assert_eq!((e.offset, e.character), (0, Some('n')));
    // Any offset, even inside a character or past the end, is an error, not a panic.
    assert!(San::parse_at("é4", 1).is_err());
    assert!(San::parse_at("e4", 7).is_err());
    assert_eq!("--".parse::<San>(), Ok(San::Null));
    assert_eq!("Z0".parse::<San>(), Ok(San::Null));
}

#[test]
fn display_writes_what_was_read() {
    for text in ["Nf3", "Ng1f3", "exd5", "e8=Q", "O-O", "O-O-O", "--", "R1e2", "e2e4", "bxa1=N"] {
        assert_eq!(text.parse::<San>().unwrap().to_string(), text);
    }
}
