//! The fuzzing harness: every reader and every program's command line on
//! generated input, each target asserting that nothing panics and one
//! invariant more (an error points inside the text, what is read writes
//! back and reads again the same, a program agrees with the library).
//!
//! Each target first runs its corpus: the inputs that once went wrong
//! (issue 15 and earlier). Then generated cases:
//!
//!     cargo test --test fuzz                     a few hundred cases per target (seconds)
//!     FUZZ_CASES=100000 cargo test --test fuzz   that many per target
//!     FUZZ_SECONDS=110 cargo test --test fuzz    each target for 110 s: 12 targets on
//!                                                2 test threads, about 11 minutes
//!
//! A failure prints the smallest input proptest found and the seed of its
//! batch; `FUZZ_SEED=<seed> FUZZ_CASES=<cases>` runs that batch again.
//! Not here: the wasm API with arbitrary JavaScript values, throwing
//! getters and proxies included (that needs node: `tests/js/robust.test.mjs`).
#![cfg(feature = "all-games")]

mod common;

use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use analysis_board::chess::analysis::analyze_pgn;
use analysis_board::chess::notation::pgn::read_games;
use analysis_board::chess::{Position, Setup};
use analysis_board::{analyze, NotationChoice, Options};
use common::invariants;
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestRunner};

// ---------------------------------------------------------------------------
// The runner.

fn env_number<T: std::str::FromStr>(name: &str) -> Option<T> {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok())
}

/// Runs `check` on the corpus, then on values of `strategy`: `quick`
/// cases (or `FUZZ_CASES`), or batches of 256 for `FUZZ_SECONDS`.
fn fuzz<S>(
    name: &str,
    quick: u32,
    corpus: Vec<S::Value>,
    strategy: S,
    check: impl Fn(S::Value) -> Result<(), TestCaseError>,
) where
    S: Strategy,
    S::Value: Debug + Clone,
{
    for input in corpus {
        if let Err(e) = check(input.clone()) {
            panic!("{name}: corpus input {input:?}: {e}");
        }
    }
    let seconds: Option<u64> = env_number("FUZZ_SECONDS");
    let cases = if seconds.is_some() { 256 } else { env_number("FUZZ_CASES").unwrap_or(quick) };
    let first_seed = env_number("FUZZ_SEED")
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
    let budget = Duration::from_secs(seconds.unwrap_or(0));
    let start = Instant::now();
    for batch in 0.. {
        let seed = first_seed.wrapping_add(batch);
        let config = Config { cases, failure_persistence: None, rng_seed: RngSeed::Fixed(seed), ..Config::default() };
        if let Err(e) = TestRunner::new(config).run(&strategy, &check) {
            panic!("{name}: {e}\nrun this batch again with FUZZ_SEED={seed} FUZZ_CASES={cases}");
        }
        if start.elapsed() >= budget {
            break;
        }
    }
}

/// `text` with one character replaced, inserted or deleted at `at`.
fn damage(text: &str, at: usize, edit: u8, c: char) -> String {
    let mut chars: Vec<char> = text.chars().collect();
    let i = if chars.is_empty() { 0 } else { at % chars.len() };
    match edit % 4 {
        0 => {}
        1 if i < chars.len() => chars[i] = c,
        2 => chars.insert(i, c),
        _ if i < chars.len() => {
            chars.remove(i);
        }
        _ => {}
    }
    chars.into_iter().collect()
}

/// Characters the chess, PGN and FEN readers give meaning to, and a few
/// they do not (multi-byte ones included, for the spans).
const CHESS_ALPHABET: &[char] = &[
    '[', ']', '"', '\\', '{', '}', '(', ')', ';', '%', '$', '!', '?', '*', '.', '…', '-', '+', '#', '=', '/', '>', '0',
    '1', '2', '3', '4', '5', '6', '7', '8', '9', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'x', 'p', 'n', 'k', 'q', 'r',
    'w', 'K', 'Q', 'R', 'B', 'N', 'O', 'P', 'Z', ' ', ' ', ' ', '\n', '\r', '\t', '\u{feff}', '\u{a0}', '½', 'е', '😀',
    // The spellings people type (tests/pgn_lenient.rs).
    ',', 'o', '♘', '♛', '♙', '\u{fe0f}',
];

fn chess_ish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(CHESS_ALPHABET), 0..100).prop_map(|cs| cs.into_iter().collect())
}

/// Any text, text of the right characters, and damaged real games.
fn chess_text(written: fn(&Position, &[analysis_board::chess::Move]) -> String) -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        chess_ish(),
        (any::<u64>(), 0usize..120, any::<usize>(), any::<u8>(), prop::sample::select(CHESS_ALPHABET)).prop_map(
            move |(seed, plies, at, edit, c)| {
                let (_, moves) = common::random_game(seed, plies);
                damage(&written(&Position::start(), &moves), at, edit, c)
            }
        ),
    ]
}

/// A game in the course notation: SAN without check marks (which the
/// course reads the same, but for disambiguation, where it counts pinned
/// pieces too).
fn course_text(start: &Position, moves: &[analysis_board::chess::Move]) -> String {
    let mut pos = *start;
    let mut words = Vec::new();
    for &m in moves {
        words.push(analysis_board::chess::notation::san::san_without_suffix(&pos, m));
        pos = pos.after(m);
    }
    words.join(" ")
}

fn pgn_text(start: &Position, moves: &[analysis_board::chess::Move]) -> String {
    use analysis_board::chess::notation::pgn::{export_moves, GameResult};
    let tags = [("Event".to_string(), "fuzz \"quoted\"".to_string())];
    export_moves(start, moves, &tags, GameResult::Unknown)
}

// ---------------------------------------------------------------------------
// Chess: the course line, PGN, FEN.

/// The course line: errors inside the text; and a line the course reads
/// without error is a game PGN reads the same (course moves are SAN).
#[test]
fn fuzz_course_line() {
    let corpus = [
        "e2->e4",
        "c3->d4",
        "e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7\nRULES: capture",
        "0\n\n4 4\nk...\n....\n....\n...K\n",
        "3l3/7/7/7/7/7/3L3 w 0",
        "e4 e6 e5 Qg5 Ke2 Ne7 Kd3 a6 Kc4 a5 Kc5 d5 exd6",
        "e4 e5 exd5 i4",
        "--",
        "->",
    ];
    fuzz("course line", 300, corpus.map(String::from).to_vec(), chess_text(course_text), |text| {
        invariants::chess_outcome(&text, NotationChoice::Course);
        invariants::chess_outcome(&text, NotationChoice::Auto);
        let course =
            analyze(&text, &Options { notation: NotationChoice::Course, suggest: false, ..Options::default() });
        // `=K` is the course's knight; PGN reads all lines. (Which game the
        // text is read as is the dispatcher's business, not this check's.)
        let chess = course.game == analysis_board::game::GameKind::Chess;
        if chess && course.error.is_none() && !text.contains("=K") && !text.contains(['\n', '\r']) {
            let pgn = analyze_pgn(&text, false);
            prop_assert_eq!(&pgn.error, &None, "{:?}", text);
            prop_assert_eq!(pgn.plies.len(), course.plies.len());
            prop_assert_eq!(&pgn.last_snapshot().fen, &course.last_snapshot().fen);
        }
        Ok(())
    });
}

/// Long lines (issue 36): a game's start, then one word written tens of
/// thousands of times. Nothing panics, the words not played are listed up
/// to `UNPLAYED_LISTED` and counted beyond, and every word of a course
/// line is accounted for: played, the error, listed or counted.
#[test]
fn fuzz_long_lines() {
    use analysis_board::outcome::UNPLAYED_LISTED;
    let corpus = vec![
        format!("e4 e5 Ke3 {}", "e4 ".repeat(100_000)),
        format!("Nf3 Nf6 Ng1 Ng8 {}", "Nf3 Nf6 Ng1 Ng8 ".repeat(5_000)),
        format!("\u{feff}e4 {}", "e5 ".repeat(20_000)),
        "e4 ".repeat(30_000),
        format!("e4 {}", "x".repeat(200_000)),
    ];
    let words =
        prop::sample::select(vec!["e4", "e5", "Ke3", "x", "Nf3 Ng1", "😀", "\u{feff}", "O-O", "1.", "{", "(", "\t"]);
    let strategy = (any::<u64>(), 0usize..30, words, 1usize..40_000, prop::sample::select(vec![" ", "\t", ""]))
        .prop_map(|(seed, plies, word, times, separator)| {
            let (_, moves) = common::random_game(seed, plies);
            format!("{} {}", course_text(&Position::start(), &moves), format!("{word}{separator}").repeat(times))
        });
    fuzz("long lines", 12, corpus, strategy, |text| {
        invariants::chess_outcome(&text, NotationChoice::Course);
        invariants::chess_outcome(&text, NotationChoice::Auto);
        let course =
            analyze(&text, &Options { notation: NotationChoice::Course, suggest: false, ..Options::default() });
        prop_assert!(course.unplayed.len() <= UNPLAYED_LISTED);
        prop_assert!(course.unplayed_omitted == 0 || course.unplayed.len() == UNPLAYED_LISTED);
        let written = text.split([' ', '\t']).filter(|w| !w.is_empty()).count();
        let failed = usize::from(course.error.is_some());
        let accounted = course.plies.len() + failed + course.unplayed.len() + course.unplayed_omitted;
        prop_assert_eq!(accounted, written);
        Ok(())
    });
}

/// PGN: every span a range of the text.
#[test]
fn fuzz_pgn() {
    let corpus = vec![
        "[Event \"Club \"Open\" 2026\"]\n\n1. e4 e5 *".to_string(),
        format!("1. e4 {}*", "(1. d4 ".repeat(101)),
        format!("1. e4 {}*", "(".repeat(100_000)),
        "[Event \"no closing quote\n1. e4".to_string(),
        "1. e4 { never closed".to_string(),
        "e4, e5; nf3; ♞c6 bb5 a6 bxc6 o-o\n;".to_string(),
        "e4;".to_string(),
        ";".to_string(),
        "♟\u{fe0f}".to_string(),
    ];
    fuzz("pgn", 300, corpus, chess_text(pgn_text), |text| {
        invariants::pgn_outcome(&text);
        Ok(())
    });
}

/// A tag value with quotes but no backslash, `]` or line end reads back
/// exactly, marked lenient when it holds a quote.
#[test]
fn fuzz_pgn_tag_values() {
    let corpus = vec!["Club \"Open\" 2026".to_string(), "\"".to_string(), "a\" ".to_string(), String::new()];
    fuzz("pgn tag values", 300, corpus, "[^\\\\\\]\n\r]{0,30}", |value| {
        let text = format!("[Event \"{value}\"]\n1. e4 *");
        let read = read_games(&text).next().expect("a game");
        prop_assert_eq!(read.error, None);
        let tag = &read.game.tags[0];
        prop_assert_eq!(&tag.value, &value);
        prop_assert_eq!(tag.lenient_quotes, value.contains('"'));
        prop_assert_eq!(&text[tag.value_span.start..tag.value_span.end], value.as_str());
        prop_assert_eq!(read.game.main.moves.len(), 1);
        Ok(())
    });
}

/// FEN: an accepted FEN writes back and reads again the same position; an
/// error points at a character of the text.
#[test]
fn fuzz_fen() {
    let corpus = [
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295",
        "rnb1kb1r/1pp1nppp/4p3/p1KpP1q1/8/8/PPPP1PPP/RNBQ1BNR w kq d6 0 7",
        "",
    ];
    let fen_like = "[1-8pnbrqkPNBRQK/]{10,70} [wb] [KQkq-]{1,4} [a-h36-]{1,2}( [0-9+]{1,12}){0,2}";
    let positions = (any::<u64>(), 0usize..80, any::<usize>(), any::<u8>(), prop::sample::select(CHESS_ALPHABET))
        .prop_map(|(seed, plies, at, edit, c)| damage(&common::random_game(seed, plies).0.fen(), at, edit, c));
    let strategy = prop_oneof![any::<String>(), fen_like.prop_map(String::from), positions];
    fuzz("fen", 500, corpus.map(String::from).to_vec(), strategy, |text| {
        match Position::from_fen(&text) {
            Ok(pos) => {
                let again = Position::from_fen(&pos.fen());
                prop_assert_eq!(again, Ok(pos), "{:?}", text);
                let setup = Setup::from_fen(&text).expect("a position is a setup");
                prop_assert_eq!(Setup::from_fen(&setup.to_fen()).map(|s| s.to_fen()), Ok(setup.to_fen()));
                let _ = pos.perft(2);
            }
            Err(analysis_board::chess::FenError::Syntax { offset, .. }) => {
                prop_assert!(offset <= text.len() && text.is_char_boundary(offset), "{:?}: {}", text, offset);
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
        Ok(())
    });
}

// ---------------------------------------------------------------------------
// Congo: FEN, moves, analysis, the program.

/// Congo FEN and moves round-trip; the analysis' spans stay in the text.
#[test]
fn fuzz_congo() {
    use analysis_board::congo::{analyze_with, Move, Position as Congo};
    let corpus = vec![
        "3l3/7/7/7/7/7/E2L3 w 0\nd1d7".to_string(),
        "3l3/7/2p1p2/3p3/3M3/7/3L3 w 0\nd3d5b5".to_string(),
        "3l3/7/7/7/7/7/3L3 w 99999999999999999999".to_string(),
        "e2->e4".to_string(),
    ];
    let fen = "[1-8pPsSgGmMeElLcCzZxé/]{0,30}( [wbWBx]( [0-9]{1,3})?)?( .{0,3})?";
    let moves = prop::collection::vec(prop_oneof!["([a-g][1-7]){2,3}", "[a-h0-9 ]{0,6}"], 0..8);
    let text = (prop_oneof![any::<String>(), fen.prop_map(String::from)], moves)
        .prop_map(|(fen, moves)| format!("{fen}\n{}", moves.join(" ")));
    fuzz("congo", 300, corpus, prop_oneof![any::<String>(), text], |text| {
        let first = text.lines().next().unwrap_or("");
        match Congo::from_fen(first) {
            Ok(pos) => prop_assert_eq!(Congo::from_fen(&pos.fen()), Ok(pos)),
            Err(e) => prop_assert!(e.offset <= first.len()),
        }
        for word in text.split_whitespace() {
            if let Ok(mv) = Move::parse(word) {
                prop_assert_eq!(mv.to_string(), word);
            }
        }
        let o = analyze_with(&text, None);
        let len = text.encode_utf16().count();
        for p in &o.plies {
            prop_assert!(p.start < p.end && p.end <= len);
        }
        if let Some(e) = &o.error {
            prop_assert!(o.status.is_error() && e.start <= e.end && e.end <= len);
        }
        Ok(())
    });
}

/// `congo-move`'s command line and input: a bad command line is an error
/// with words; every answer line ends, every error names its line.
#[test]
fn fuzz_congo_program() {
    use analysis_board::congo::program::{self, Command, Mode};
    let words = [
        "--moves",
        "--eval",
        "--adv-eval",
        "--minimax",
        "--alphabeta",
        "--help",
        "-h",
        "0",
        "1",
        "2",
        "21",
        "99999999999",
        "-1",
        "x",
        "",
    ];
    let args = prop::collection::vec(prop::sample::select(words.to_vec()), 0..4);
    let fen = prop::sample::select(vec![
        "3l3/7/7/7/7/7/E2L3 w 0",
        "3l3/7/2p1p2/3p3/3M3/7/3L3 w 0",
        "gmelecz/ppppppp/7/7/7/PPPPPPP/GMELECZ w 1",
        "3l3/7/7/7/7/7/3L3 b 99999999999",
        "not a fen",
    ]);
    let cases = prop::collection::vec((fen, "([a-g][1-7]){2,3}|[a-z0-9 ]{0,5}"), 0..4);
    let input = (any::<bool>(), cases, "[0-9]{0,2}").prop_map(|(right_count, cases, count)| {
        let count = if right_count { cases.len().to_string() } else { count };
        let mut text = format!("{count}\n");
        for (fen, mv) in cases {
            text.push_str(&format!("{fen}\n{mv}\n"));
        }
        text
    });
    let corpus = vec![(vec!["--minimax", "99999999999"], "1\n3l3/7/7/7/7/7/3L3 w 0\n".to_string())];
    fuzz("congo-move", 300, corpus, (args, prop_oneof![input, any::<String>()]), |(args, input)| {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        match Command::from_args(&args) {
            Err(e) => prop_assert!(!e.to_string().is_empty()),
            Ok(Command::Help) => {}
            // Deeper searches take long by design; their arguments are what is fuzzed.
            Ok(Command::Run(Mode::Minimax(d) | Mode::AlphaBeta(d))) if d > 2 => {}
            Ok(Command::Run(mode)) => {
                let report = program::run(mode, &mut input.as_bytes());
                prop_assert!(report.output.is_empty() || report.output.ends_with('\n'));
                for e in &report.errors {
                    prop_assert!(e.starts_with("line ") && !e.contains('\n'), "{:?}", e);
                }
            }
        }
        Ok(())
    });
}

// ---------------------------------------------------------------------------
// Checkers: the file format and the three programs.

fn checkers_file() -> impl Strategy<Value = String> {
    let header = prop::sample::select(vec![
        "RULES: capture single jumps TURN: red BOARD:",
        "RULES: no capture multiple jumps TURN: black BOARD:",
        "RULES:\n  no\n  capture\nmultiple jumps\nTURN: red\nBOARD:\n",
    ]);
    let row = prop::sample::select(vec![
        "\".\".\".\".",
        ".\".\".\".\"",
        "\"b\"b\"b\"b",
        "r\"r\"r\"r\"",
        "\"R\".\"B\".",
        "B\".\"r\"R\"",
    ]);
    let board = prop::collection::vec(row, 8).prop_map(|rows| rows.join("\n"));
    let moves = "([a-h][1-8](->[a-h][1-8]){1,3}[ \n#]){0,8}";
    let whole = (header, board, moves).prop_map(|(h, b, m)| format!("{h}\n{b}\nMOVES:\n{m}"));
    (whole, any::<usize>(), any::<u8>(), any::<char>()).prop_map(|(text, at, edit, c)| damage(&text, at, edit, c))
}

/// The checkers file: an error names the line it is on; a file read writes
/// back (as `change -e` does) to a file that reads the same.
#[test]
fn fuzz_checkers_file() {
    use analysis_board::checkers::{analyze as checkers_analyze, read_file, writer};
    let corpus = vec![b"RULES: capture".to_vec(), b"MOVES:".to_vec(), b"\r".to_vec(), b"\r\n\rx".to_vec(), Vec::new()];
    let strategy =
        prop_oneof![prop::collection::vec(any::<u8>(), 0..300), checkers_file().prop_map(String::into_bytes)];
    fuzz("checkers file", 300, corpus, strategy, |bytes| {
        match read_file(&bytes) {
            Err(e) => {
                prop_assert!(e.span.start <= e.span.end && e.span.end <= bytes.len());
                // A line ends at LF, CR LF or a lone CR (a Windows or an old Mac file).
                let before = String::from_utf8_lossy(&bytes[..e.span.start]).replace("\r\n", "\n").replace('\r', "\n");
                prop_assert_eq!(e.line, before.matches('\n').count() + 1);
            }
            Ok(file) => {
                let moves: Vec<&str> = file.moves.iter().map(|m| m.text.as_str()).collect();
                let written = writer::exchange(&file.position, &moves, &["fuzz"]);
                let again = read_file(written.as_bytes());
                prop_assert!(again.is_ok(), "{}", written);
                let again = again.unwrap();
                prop_assert_eq!(&again.position, &file.position);
                let again_moves: Vec<&str> = again.moves.iter().map(|m| m.text.as_str()).collect();
                prop_assert_eq!(again_moves, moves);
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        let o = checkers_analyze(&text);
        if let Some(e) = &o.error {
            prop_assert!(e.start <= e.end && e.end <= text.encode_utf16().count());
        }
        Ok(())
    });
}

/// A fresh directory for one target's files.
fn scratch(name: &str) -> PathBuf {
    let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos());
    let dir = std::env::temp_dir().join(format!("analysis-board-fuzz-{name}-{}-{nanos}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a scratch directory");
    dir
}

/// `info`, `change` and `rankmoves` on any command line (switches, numbers,
/// names in a scratch directory) and any input: status 0 with nothing on
/// standard error, or 1 with nothing on standard output; every exchange
/// file `change` writes is a valid input file.
#[test]
fn fuzz_checkers_programs() {
    use analysis_board::checkers::{cli, read_file};
    let dir = scratch("checkers");
    let input = dir.join("input.txt");
    let kings = "RULES: no capture single jumps TURN: red BOARD:\n\
                 \"B\"B\"B\"B\nB\"B\"B\"B\"\n\"B\"B\"B\"B\n.\".\".\".\"\n\".\".\".\".\nR\"R\"R\"R\"\n\"R\"R\"R\"R\nR\"R\"R\"R\"\nMOVES:\n";
    std::fs::write(&input, kings).unwrap();
    let name = |file: &str| dir.join(file).to_string_lossy().into_owned();
    let words: Vec<String> = [
        "-e",
        "-h",
        "-m",
        "-d",
        "-v",
        "-x",
        "--help",
        "",
        "0",
        "1",
        "2",
        "21",
        "30",
        "16384",
        "99999999999",
        "-1",
        "ten",
    ]
    .iter()
    .map(|w| w.to_string())
    .chain([name("input.txt"), name("e1.txt"), name("e2.txt"), name("h.txt"), name("missing.txt"), name("no/dir.txt")])
    .collect();
    let program = prop::sample::select(vec!["info", "change", "rankmoves"]);
    let args = prop::collection::vec(prop::sample::select(words), 0..6);
    let corpus = vec![
        ("rankmoves", vec![name("input.txt"), "-d".into(), "99999999999".into()], String::new()),
        ("rankmoves", vec![name("input.txt"), "-v".into(), "-d".into(), "16384".into()], String::new()),
        ("rankmoves", vec!["-d".into(), "30".into()], kings.to_string()),
    ];
    let stdin = prop_oneof![Just(kings.to_string()), checkers_file(), any::<String>()];
    fuzz("checkers programs", 150, corpus, (program, args, stdin), |(program, args, stdin)| {
        // A case may have written over the input file (`-h input.txt`).
        std::fs::write(&input, kings).unwrap();
        let outputs = ["e1.txt", "e2.txt", "h.txt"].map(|f| dir.join(f));
        for file in &outputs {
            let _ = std::fs::remove_file(file);
        }
        // `change` writes where -e and -h say: only into the scratch directory.
        let outside = args.windows(2).any(|w| (w[0] == "-e" || w[0] == "-h") && !Path::new(&w[1]).starts_with(&dir));
        if program == "change" && outside {
            return Ok(());
        }
        // rankmoves' slow depths (up to 20 is allowed) are not what is fuzzed here.
        let depth_at = args.iter().position(|a| a == "-d").and_then(|i| args.get(i + 1));
        if program == "rankmoves" && depth_at.is_some_and(|d| d.parse::<u32>().is_ok_and(|d| (3..=20).contains(&d))) {
            return Ok(());
        }
        let mut argv: Vec<std::ffi::OsString> = vec![program.into()];
        argv.extend(args.iter().map(Into::into));
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let run = match program {
            "info" => cli::info,
            "change" => cli::change,
            _ => cli::rankmoves,
        };
        let code = run(&argv, &mut stdin.as_bytes(), &mut out, &mut err);
        let (out, err) = (String::from_utf8_lossy(&out), String::from_utf8_lossy(&err));
        match code {
            0 => prop_assert!(err.is_empty() && !out.is_empty(), "{:?}: {}", args, err),
            1 => {
                prop_assert!(out.is_empty(), "{:?}: {}", args, out);
                prop_assert!(
                    err.starts_with("Error near line ") || err.contains(&format!("Usage: {program} ")),
                    "{:?}: {}",
                    args,
                    err
                );
            }
            other => prop_assert!(false, "status {} for {:?}", other, args),
        }
        if program == "change" && code == 0 {
            for (i, arg) in args.iter().enumerate() {
                if arg == "-e" {
                    let path = Path::new(&args[i + 1]);
                    let written = std::fs::read(path).unwrap_or_default();
                    prop_assert!(read_file(&written).is_ok(), "{} is not a valid input file", path.display());
                }
            }
        }
        Ok(())
    });
    let _ = std::fs::remove_dir_all(&dir);
}

// ---------------------------------------------------------------------------
// Grid problems, and the programs run as processes.

/// Grid problems: answered with the right number of lines, or one error
/// line that names a line of the text.
#[test]
fn fuzz_grid_problems() {
    let corpus = vec![
        "1\nnd2\n4 12\n.Q..b.R.N...\n.k........p.\n...n...n....\nKRPQ........\n".to_string(),
        "0\n\n4 4\nk...\n..#.\n....\n...K\n".to_string(),
        "4\nw\n26 26\n".to_string(),
    ];
    let strategy = prop_oneof![any::<String>(), invariants::near_valid_grid_problem()];
    fuzz("grid problems", 300, corpus, strategy, |text| {
        invariants::grid_problem(&text);
        Ok(())
    });
}

/// `chess-problem` agrees with the library: the answer on standard output,
/// or `chess-problem: ` and the error on standard error (status 2).
#[test]
fn fuzz_chess_problem_program() {
    use analysis_board::grid::Problem;
    let corpus = vec![
        "0\n\n4 4\nk...\n..#.\n....\n...K\n".to_string(),
        "\u{feff}2 \r\nw\r\n4 4\r\nk...\r\n....\r\n....\r\n...K".to_string(),
    ];
    let strategy = prop_oneof![any::<String>(), invariants::near_valid_grid_problem()];
    fuzz("chess-problem", 24, corpus, strategy, |text| {
        let (code, out, err) = common::run_program(env!("CARGO_BIN_EXE_chess-problem"), &[], text.as_bytes());
        match Problem::parse(&text) {
            Ok(problem) => prop_assert_eq!((code, out, err), (0, problem.solve().output(), String::new())),
            Err(e) => prop_assert_eq!((code, out, err), (2, String::new(), format!("chess-problem: {e}\n"))),
        }
        Ok(())
    });
}

/// `chess-analyze` on any command line: a verdict (status 0, a line that
/// ends) or a refusal (status 2, nothing on standard output, standard
/// error saying why).
#[test]
fn fuzz_chess_analyze_program() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let words = vec![
        "--fen",
        "--perft",
        "--pgn",
        "-h",
        "--help",
        "-x",
        "",
        start,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/8/8/4k3/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1",
        "4k3/8/8/8/8/8/8/4K3 b - - 4294967295 4294967295",
        "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",
        "not a fen",
        "0",
        "1",
        "2",
        "3",
        "21",
        "99999999999",
        "-1",
        "x",
    ];
    let args = prop::collection::vec(prop::sample::select(words), 0..5);
    let stdin = prop_oneof![Just(String::new()), chess_text(course_text), chess_text(pgn_text)];
    let corpus = vec![
        (vec!["--fen", start, "--perft", "12"], String::new()),
        (vec!["--fen", start, "--perft", "13"], String::new()),
        (vec!["--fen", "4k3/8/8/8/8/8/8/4K3 w - - 99999999999999999999 1"], String::new()),
        (vec!["--pgn"], format!("1. e4 {}*", "(1. d4 ".repeat(101))),
        (vec![], "e4 e6 e5 Qg5 Ke2 Ne7 Kd3 a6 Kc4 a5 Kc5 d5 exd6\n".to_string()),
    ];
    fuzz("chess-analyze", 24, corpus, (args, stdin), |(args, stdin)| {
        let (code, out, err) = common::run_program(env!("CARGO_BIN_EXE_chess-analyze"), &args, stdin.as_bytes());
        match code {
            0 => {
                prop_assert!(out.ends_with('\n'), "{:?}: {:?}", args, out);
                // Only a PGN parse error is explained on standard error.
                prop_assert!(err.is_empty() || out.starts_with("parse error at character"), "{:?}: {}", args, err);
            }
            2 => {
                prop_assert!(out.is_empty(), "{:?}: {}", args, out);
                prop_assert!(err.starts_with("chess-analyze: ") && err.ends_with('\n'), "{:?}: {}", args, err);
            }
            other => prop_assert!(false, "status {} for {:?}: {}", other, args, err),
        }
        Ok(())
    });
}
