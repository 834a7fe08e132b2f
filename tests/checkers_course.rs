//! The course's own test files, byte for byte: `info` on the Part 1 files,
//! `rankmoves` on every Part 3 file at its depth, brief and verbose.
#![cfg(feature = "all-games")]

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::{run_program, shared_data};

fn course_dir(part: &str) -> PathBuf {
    shared_data().join("checkers").join(part)
}

/// The files in `dir` whose names end with `suffix`, sorted.
fn files_ending(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    files.sort();
    files
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

#[test]
fn info_on_every_part1_file() {
    let dir = course_dir("instructor-part1-tests");
    let inputs = files_ending(&dir, ".in.txt");
    assert_eq!(inputs.len(), 11, "good01-05, bad01-05 and flipped1");
    for input in inputs {
        let name = input.to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".in.txt");
        let (code, out, err) = run_program(env!("CARGO_BIN_EXE_info"), &[&name], b"");
        let expected_out = PathBuf::from(format!("{stem}.out.txt"));
        if expected_out.exists() {
            assert_eq!((code, out.as_str(), err.as_str()), (0, read(&expected_out).as_str(), ""), "{name}");
        } else {
            let expected_err = read(Path::new(&format!("{stem}.err.txt")));
            assert_eq!((code, out.as_str(), err.as_str()), (1, "", expected_err.as_str()), "{name}");
        }
    }
}

#[test]
fn info_reads_standard_input_too() {
    let input = fs::read(course_dir("instructor-part1-tests").join("good03.in.txt")).unwrap();
    let (code, out, _) = run_program(env!("CARGO_BIN_EXE_info"), &[], &input);
    assert_eq!(code, 0);
    assert!(out.starts_with("VALID INPUT\n"));
}

/// A file saved on Windows (CR LF) or an old Mac (CR alone) is the same
/// file: the same verdict and, for a bad one, the same line. The course's
/// files are LF; their expected outputs are the oracle for all three.
#[test]
fn info_gives_the_same_lines_for_every_line_end() {
    let dir = course_dir("instructor-part1-tests");
    for input in files_ending(&dir, ".in.txt") {
        let name = input.to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".in.txt");
        let lf = read(&input);
        let expected = match read_if_exists(&format!("{stem}.out.txt")) {
            Some(out) => (0, out, String::new()),
            None => (1, String::new(), read(Path::new(&format!("{stem}.err.txt")))),
        };
        for (style, text) in [("CR LF", lf.replace('\n', "\r\n")), ("CR", lf.replace('\n', "\r"))] {
            let (code, out, err) = run_program(env!("CARGO_BIN_EXE_info"), &[], text.as_bytes());
            assert_eq!((code, out, err), expected, "{name} with {style} line ends");
        }
    }
}

fn read_if_exists(path: &str) -> Option<String> {
    Path::new(path).exists().then(|| read(Path::new(path)))
}

/// The depth a Part 3 input asks for, from its first line `## -d N`.
fn depth_of(input: &Path) -> String {
    let text = read(input);
    let first = text.lines().next().unwrap_or("");
    first.strip_prefix("## -d ").unwrap_or_else(|| panic!("{}: no depth line", input.display())).trim().to_string()
}

#[test]
fn rankmoves_on_every_part3_file_brief_and_verbose() {
    let dir = course_dir("instructor-part3-tests");
    let inputs: Vec<PathBuf> = files_ending(&dir, ".txt")
        .into_iter()
        .filter(|p| !p.to_string_lossy().contains(".out.") && !p.ends_with("README.txt"))
        .collect();
    assert_eq!(inputs.len(), 39);
    let mut verbose_checked = 0;
    for input in inputs {
        let name = input.to_string_lossy().into_owned();
        let stem = name.trim_end_matches(".txt");
        let depth = depth_of(&input);

        let (code, out, err) = run_program(env!("CARGO_BIN_EXE_rankmoves"), &[&name, "-d", &depth], b"");
        let brief = read(Path::new(&format!("{stem}.out.brief.txt")));
        assert_eq!((code, err.as_str()), (0, ""), "{name}");
        assert_eq!(out, brief, "{name} brief");

        let verbose_file = PathBuf::from(format!("{stem}.out.verbose.txt"));
        if verbose_file.exists() {
            // Switches in any order.
            let (code, out, _) = run_program(env!("CARGO_BIN_EXE_rankmoves"), &["-v", "-d", &depth, &name], b"");
            assert_eq!(code, 0);
            assert_eq!(out, read(&verbose_file), "{name} verbose");
            verbose_checked += 1;
        }
    }
    assert_eq!(verbose_checked, 33, "every verbose file the course kept");
}

#[test]
fn rankmoves_without_depth_looks_zero_moves_ahead() {
    let dir = course_dir("instructor-part3-tests");
    let input = dir.join("test05.d2.txt");
    let (code, out, _) = run_program(env!("CARGO_BIN_EXE_rankmoves"), &[&input.to_string_lossy()], b"");
    assert_eq!(code, 0);
    assert_eq!(out, read(&dir.join("test05.d0.out.brief.txt")));
    // And from standard input.
    let (_, out, _) = run_program(env!("CARGO_BIN_EXE_rankmoves"), &["-d", "1"], &fs::read(&input).unwrap());
    assert_eq!(out, read(&dir.join("test05.d1.out.brief.txt")));
}

/// A course file for the position a checkers FEN describes.
fn file_of(fen: &str) -> String {
    let position = analysis_board::checkers::read_fen(fen).expect("a valid position");
    analysis_board::checkers::writer::exchange(&position, &[], &["a test position"])
}

/// Twelve kings a side: the widest search, 10x more work per two moves.
const KINGS: &str = "1B1B1B1B/B1B1B1B1/1B1B1B1B/8/8/R1R1R1R1/1R1R1R1R/R1R1R1R1 r nocapture single";

/// Regression (issue 15): `-d 99999999999` overflowed the stack, `-v -d
/// 16384` panicked formatting the indent, `-d 30` on kings never ended.
/// Depths beyond `MAX_DEPTH`, and searches beyond the budget, are bad
/// arguments: the usage with the limits on standard error, nothing on
/// standard output, status 1.
#[test]
fn rankmoves_refuses_depths_that_cannot_finish() {
    use analysis_board::checkers::rank::MAX_DEPTH;
    let kings = file_of(KINGS);
    let two_kings = file_of("7B/8/8/8/8/8/8/R7 r nocapture single");
    let max = MAX_DEPTH.to_string();
    let over = (MAX_DEPTH + 1).to_string();
    let refused = |args: &[&str], input: &str, why: &str| {
        let (code, out, err) = run_program(env!("CARGO_BIN_EXE_rankmoves"), args, input.as_bytes());
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}");
        assert!(err.contains(why), "{args:?}: {err}");
        assert!(err.contains("Usage: rankmoves [FILE] [-d D] [-v]\n"), "{args:?}: {err}");
        assert!(err.contains(&format!("D is at most {MAX_DEPTH}")), "{args:?}: {err}");
    };
    let too_deep = format!("'-d' is at most {MAX_DEPTH}");
    refused(&["-d", "99999999999"], &kings, &too_deep);
    refused(&["-d", "123456789012345678901234567890"], &kings, &too_deep);
    refused(&["-v", "-d", "16384"], &kings, &too_deep);
    refused(&["-d", "30"], &kings, &too_deep);
    refused(&["-d", &over], &two_kings, &too_deep);
    // Within the depth, a tree too big to print is refused before a line is.
    refused(&["-v", "-d", "8"], &kings, "would print more than 10000000 moves; use a smaller -d");
    // The deepest search is accepted where it can finish.
    let (code, out, err) = run_program(env!("CARGO_BIN_EXE_rankmoves"), &["-d", &max], two_kings.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out.lines().count(), 1, "{out}");
}

/// The brief search's budget counts the moves it plays: exactly what the
/// search needs is enough, one move fewer is refused.
#[test]
fn the_brief_budget_counts_every_move_played() {
    use analysis_board::checkers::rank::{rank_moves, rank_moves_within};
    let position = analysis_board::checkers::read_fen(KINGS).unwrap();
    let mut left = u64::MAX;
    let ranked = rank_moves_within(&position, 5, &mut left).expect("no limit");
    assert_eq!(ranked, rank_moves(&position, 5));
    let needed = u64::MAX - left;
    assert!(needed > 1000, "{needed}");
    let mut exact = needed;
    assert_eq!(rank_moves_within(&position, 5, &mut exact), Some(ranked));
    assert_eq!(exact, 0);
    let mut short = needed - 1;
    assert_eq!(rank_moves_within(&position, 5, &mut short), None);
}

/// The brief budget through the program: a minute or two of search before
/// the refusal, so only on demand (`cargo test -- --ignored`).
#[test]
#[ignore]
fn rankmoves_refuses_a_brief_search_beyond_its_budget() {
    let (code, out, err) = run_program(env!("CARGO_BIN_EXE_rankmoves"), &["-d", "20"], file_of(KINGS).as_bytes());
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.contains("needs more than 200000000 moves of search; use a smaller -d"), "{err}");
}
