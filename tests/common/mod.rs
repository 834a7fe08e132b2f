//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod invariants;

use std::path::PathBuf;

/// The shared project data (`shared/data`: course test files that must not
/// be copied into this repository). Looked up in `$SHARED_DATA`, then in a
/// `shared/data` folder in this checkout or beside any of its ancestors.
/// `npm test` sets `SHARED_DATA` in a fresh clone (it looks beside the
/// checkout the clone came from). A test that needs the data fails loudly
/// when it is missing.
pub fn shared_data() -> PathBuf {
    if let Ok(dir) = std::env::var("SHARED_DATA") {
        let dir = PathBuf::from(dir);
        assert!(dir.is_dir(), "SHARED_DATA={} is not a folder: set it to the shared/data folder", dir.display());
        return dir;
    }
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    manifest
        .ancestors()
        .map(|ancestor| ancestor.join("shared").join("data"))
        .find(|candidate| candidate.is_dir())
        .unwrap_or_else(|| {
            panic!("shared data not found beside {}: set SHARED_DATA to the shared/data folder", manifest.display())
        })
}

/// Starts one of this crate's command-line programs with its three
/// streams piped.
pub fn spawn(exe: &str, args: &[&str]) -> std::process::Child {
    use std::process::{Command, Stdio};
    Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start program")
}

/// Runs one of this crate's command-line programs (pass
/// `env!("CARGO_BIN_EXE_<name>")`) with `stdin`; returns (status code,
/// stdout, stderr).
pub fn run_program(exe: &str, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    let mut child = spawn(exe, args);
    // A program may exit before reading its input (a usage error).
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "writing to the program: {e}");
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// xorshift64*: a small seeded generator, the same on every machine, so a
/// failing random case reproduces.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// A random legal chess game from the start, for `plies` plies or until
/// it ends: the position reached and the moves.
pub fn random_game(seed: u64, plies: usize) -> (analysis_board::chess::Position, Vec<analysis_board::chess::Move>) {
    let mut rng = Rng(seed | 1);
    let mut pos = analysis_board::chess::Position::start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        moves.push(m);
        pos = pos.after(m);
    }
    (pos, moves)
}

/// The exhaustive mate checker of the tests, independent of the engine's
/// mate search: no pruning, no table, no move ordering; it shares only the
/// move generator. Slow on open positions, so the tests give it few pieces
/// or shallow questions.
pub mod mate {
    use analysis_board::chess::Position;

    /// Whether the side to move can force mate within `n` of its moves.
    pub fn mates_within(pos: &Position, n: u32) -> bool {
        n > 0 && pos.legal_moves().iter().any(|&m| forced(&pos.after(m), n))
    }

    /// After the attacker's move: the defender is mated now, or every reply
    /// still allows mate within `n - 1` further attacker moves.
    pub fn forced(pos: &Position, n: u32) -> bool {
        if pos.is_checkmate() {
            return true;
        }
        if n <= 1 {
            return false;
        }
        let replies = pos.legal_moves();
        !replies.is_empty() && replies.iter().all(|&d| mates_within(&pos.after(d), n - 1))
    }

    /// The fastest forced mate in at most `max` moves of the side to move.
    pub fn shortest(pos: &Position, max: u32) -> Option<u32> {
        (1..=max).find(|&n| mates_within(pos, n))
    }
}
