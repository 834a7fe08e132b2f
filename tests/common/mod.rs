//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod invariants;

use std::path::PathBuf;

/// The shared project data (`shared/data`: course test files that must not
/// be copied into this repository). Looked up in `$SHARED_DATA`, then in a
/// `shared/data` beside any ancestor of this crate, then at `/work/shared/data`.
/// A test that needs it fails loudly when it is missing.
pub fn shared_data() -> PathBuf {
    if let Ok(dir) = std::env::var("SHARED_DATA") {
        return PathBuf::from(dir);
    }
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    for ancestor in manifest.ancestors() {
        let candidate = ancestor.join("shared").join("data");
        if candidate.is_dir() {
            return candidate;
        }
    }
    let fallback = PathBuf::from("/work/shared/data");
    assert!(fallback.is_dir(), "shared data not found: set SHARED_DATA to the shared/data folder");
    fallback
}

/// Runs one of this crate's command-line programs (pass
/// `env!("CARGO_BIN_EXE_<name>")`) with `stdin`; returns (status code,
/// stdout, stderr).
pub fn run_program(exe: &str, args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(exe)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start program");
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
