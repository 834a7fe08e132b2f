//! The course's own test files, byte for byte: `info` on the Part 1 files,
//! `rankmoves` on every Part 3 file at its depth, brief and verbose.

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
