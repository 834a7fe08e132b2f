//! Invariants every reader keeps on any input, shared by the property
//! tests (`never_panics`, `pgn_props`, `grid_analyze`) and the fuzzing
//! harness (`fuzz`).

use analysis_board::chess::analysis::analyze_pgn;
use analysis_board::chess::notation::pgn::read_games;
use analysis_board::game::GameKind;
#[cfg(feature = "all-games")]
use analysis_board::grid::{self, Problem};
use analysis_board::outcome::{Outcome, Status};
use analysis_board::{analyze, NotationChoice, Options};
use proptest::prelude::*;

fn utf16_len(s: &str) -> usize {
    s.encode_utf16().count()
}

/// Chess text read as `notation`: errors and plies point inside the text,
/// a parse error's span starts with the character it names.
pub fn chess_outcome(text: &str, notation: NotationChoice) {
    let outcome = analyze(text, &Options { notation, suggest: false, ..Options::default() });
    let len = utf16_len(text);
    if let Some(e) = &outcome.error {
        assert!(outcome.status.is_error());
        assert!(e.start <= e.end && e.end <= len, "{text:?}: {e:?}");
        assert_eq!(e.ply, outcome.plies.len());
    } else {
        assert!(!outcome.status.is_error(), "{text:?}");
    }
    for p in &outcome.plies {
        assert!(p.start < p.end && p.end <= len);
        assert_eq!(p.snapshot.cells.chars().count(), 64);
    }
    // Chess parse errors name a character (other games word theirs differently).
    if outcome.status == Status::ParseError && outcome.game == GameKind::Chess {
        let e = outcome.error.as_ref().unwrap();
        let shown = e.character.as_deref().unwrap();
        let units: Vec<u16> = text.encode_utf16().collect();
        let sliced = String::from_utf16_lossy(&units[e.start..e.end]);
        match shown {
            "\\n" => assert!(sliced.is_empty() || sliced == "\n" || sliced == "\r", "{text:?}"),
            // The span is the character, or a whole bad token starting with it (`--`).
            "\\t" => assert!(sliced.starts_with('\t'), "{text:?}"),
            c => assert!(sliced.starts_with(c), "{text:?}: {sliced:?} does not start with {c:?}"),
        }
        assert_eq!(outcome.message, format!("parse error at character '{shown}'"));
    }
}

fn check_spans(text: &str, o: &Outcome) {
    let units: Vec<u16> = text.encode_utf16().collect();
    let valid =
        |start: usize, end: usize| start <= end && end <= units.len() && String::from_utf16(&units[start..end]).is_ok();
    if let Some(e) = &o.error {
        assert!(valid(e.start, e.end), "error span {}..{} in {text:?}", e.start, e.end);
        assert!(e.ply <= o.plies.len());
        assert!(!e.reason.is_empty());
    }
    for p in &o.plies {
        assert!(valid(p.start, p.end) && p.start < p.end, "ply span in {text:?}");
    }
    for u in &o.unplayed {
        assert!(valid(u.start, u.end), "unplayed span in {text:?}");
    }
    assert!(o.status.is_error() == o.error.is_some(), "{text:?}: {:?}", o.status);
}

fn check_reader(text: &str) {
    for read in read_games(text) {
        let s = read.game.span;
        assert!(s.start <= s.end && text.get(s.start..s.end).is_some(), "{text:?}");
        if let Some(e) = read.error {
            assert!(e.start <= e.end && text.get(e.start..e.end).is_some(), "{text:?}");
        }
    }
}

/// PGN text: the reader's spans and the Outcome's (UTF-16, never splitting
/// a surrogate pair) are ranges of the text.
pub fn pgn_outcome(text: &str) {
    check_reader(text);
    check_spans(text, &analyze_pgn(text, false));
    check_spans(text, &analyze(text, &Options { suggest: false, ..Options::default() }));
}

/// A near-valid problem: exactly one king each, pieces at random, a fitting
/// specification, and perhaps one character changed anywhere.
pub fn near_valid_grid_problem() -> impl Strategy<Value = String> {
    let cells = prop::sample::select(b"..........PNBRQpnbrq".to_vec());
    (0u8..5, 4usize..=26, 4usize..=26)
        .prop_flat_map(move |(id, rows, cols)| {
            (
                Just(id),
                prop::collection::vec(prop::collection::vec(cells.clone(), cols), rows),
                (any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<bool>()),
                prop::option::of((any::<prop::sample::Index>(), any::<char>())),
            )
        })
        .prop_map(|(id, mut grid, (white_king, black_king, flag), edit)| {
            let (rows, cols) = (grid.len(), grid[0].len());
            for (index, king) in [(white_king, b'K'), (black_king, b'k')] {
                let at = index.index(rows * cols);
                grid[at / cols][at % cols] = king;
            }
            let spec = match id {
                // The square of the first piece drawn (or a square of nothing).
                1 => grid
                    .iter()
                    .enumerate()
                    .flat_map(|(r, row)| row.iter().enumerate().map(move |(c, &p)| (r, c, p)))
                    .find(|&(_, _, p)| p != b'.' && (flag || p != b'K'))
                    .map(|(r, c, p)| format!("{}{}{}", p as char, (b'a' + c as u8) as char, rows - r))
                    .unwrap_or_else(|| "Qa1".into()),
                _ => if flag { "w" } else { "b" }.into(),
            };
            let mut text = format!("{id}\n{spec}\n{rows} {cols}\n");
            for row in grid {
                text.push_str(&String::from_utf8(row).unwrap());
                text.push('\n');
            }
            if let Some((index, c)) = edit {
                let mut chars: Vec<char> = text.chars().collect();
                let at = index.index(chars.len());
                chars[at] = c;
                text = chars.into_iter().collect();
            }
            text
        })
}

/// A grid problem: answered with the right number of lines, or refused
/// with one line naming a line of the text, as `grid::analyze` says.
#[cfg(feature = "all-games")]
pub fn grid_problem(text: &str) {
    let outcome = grid::analyze(text);
    let units = text.encode_utf16().count();
    match Problem::parse(text) {
        Ok(problem) => {
            assert_eq!(outcome.status, Status::Answer);
            let out = problem.solve().output();
            let expected_lines = match problem.question.id() {
                0 | 1 => usize::from(problem.board.size().rows()),
                _ => 1,
            };
            assert_eq!(out.lines().count(), expected_lines);
            assert!(out.ends_with('\n'));
        }
        Err(error) => {
            assert_eq!(outcome.status, Status::ParseError);
            let info = outcome.error.expect("error info");
            assert!(info.start <= info.end && info.end <= units, "{info:?}");
            assert!(!error.to_string().contains('\n'), "one line: {error}");
            assert!(error.line >= 1 && error.line <= text.split('\n').count() + 1, "{error}");
        }
    }
}
