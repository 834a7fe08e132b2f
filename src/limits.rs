//! What keeps every program's run finite: its input read only as far as
//! its format needs and never beyond a limit (given endless input, `yes
//! ... |` or `/dev/zero`, a program answers from what it needs, or says at
//! once that the input is longer than it reads, in bounded memory), and
//! the words for work refused because it would not finish (`duration`).

use std::fmt;
use std::io::{self, BufRead, ErrorKind};

/// Why input could not be read.
#[derive(Debug)]
pub enum InputError {
    Io(io::Error),
    /// More than `limit` bytes would be needed.
    TooLong {
        limit: usize,
    },
}

impl From<io::Error> for InputError {
    fn from(e: io::Error) -> InputError {
        InputError::Io(e)
    }
}

impl fmt::Display for InputError {
    /// The end of a sentence whose start names the input: "standard input
    /// " + "is longer than 1 MiB (1048576 bytes), the most this program reads".
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputError::Io(e) => write!(f, "cannot be read: {e}"),
            InputError::TooLong { limit } => {
                write!(f, "is longer than {} ({limit} bytes), the most this program reads", size(*limit))
            }
        }
    }
}

/// A limit in words: `1 MiB`, `64 KiB`.
pub fn size(bytes: usize) -> String {
    match bytes {
        b if b >= 1 << 20 && b % (1 << 20) == 0 => format!("{} MiB", b >> 20),
        b if b >= 1 << 10 && b % (1 << 10) == 0 => format!("{} KiB", b >> 10),
        b => format!("{b} bytes"),
    }
}

/// A time in the largest unit that fits (`about 3 hours`, `about 12
/// seconds`), for the programs' refusals of work that would not finish.
pub fn duration(seconds: f64) -> String {
    let units = [("years", 365.25 * 86400.0), ("days", 86400.0), ("hours", 3600.0), ("minutes", 60.0)];
    match units.iter().find(|(_, size)| seconds >= 2.0 * size) {
        Some((name, size)) if seconds / size < 1e6 => format!("about {:.0} {name}", seconds / size),
        Some((name, size)) => format!("about {:.0e} {name}", seconds / size),
        None => format!("about {seconds:.0} seconds"),
    }
}

/// The input up to its first line end (`\n` or `\r`, not read) or its end,
/// at most `limit` bytes: what arrives after the line is never waited for.
pub fn first_line(input: &mut dyn BufRead, limit: usize) -> Result<Vec<u8>, InputError> {
    let mut line = Vec::new();
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        let end = chunk.iter().position(|&b| b == b'\n' || b == b'\r');
        let take = end.unwrap_or(chunk.len());
        if line.len() + take > limit {
            return Err(InputError::TooLong { limit });
        }
        line.extend_from_slice(&chunk[..take]);
        let at_end = chunk.is_empty() || end.is_some();
        input.consume(take);
        if at_end {
            return Ok(line);
        }
    }
}

/// The input up to its end, or up to where `enough` says that what was
/// read holds all that is needed; at most `limit` bytes. `enough` is asked
/// each time what was read has doubled (so reading stays linear).
pub fn until(input: &mut dyn BufRead, limit: usize, enough: &dyn Fn(&[u8]) -> bool) -> Result<Vec<u8>, InputError> {
    let mut bytes = Vec::new();
    let mut ask_at = 64 * 1024;
    loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if chunk.is_empty() {
            return Ok(bytes);
        }
        let take = chunk.len().min(limit + 1 - bytes.len());
        bytes.extend_from_slice(&chunk[..take]);
        input.consume(take);
        if bytes.len() >= ask_at || bytes.len() > limit {
            if enough(&bytes) {
                return Ok(bytes);
            }
            if bytes.len() > limit {
                return Err(InputError::TooLong { limit });
            }
            ask_at = bytes.len() * 2;
        }
    }
}

/// All of the input, at most `limit` bytes.
pub fn all(input: &mut dyn BufRead, limit: usize) -> Result<Vec<u8>, InputError> {
    until(input, limit, &|_| false)
}

/// `text` without the UTF-8 byte-order mark some editors write first.
pub fn without_bom(text: &[u8]) -> &[u8] {
    text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_stops_at_its_end_and_at_the_limit() {
        let mut input: &[u8] = b"e4 e5\r\nQh5\n";
        assert_eq!(first_line(&mut input, 5).unwrap(), b"e4 e5");
        assert_eq!(input, b"\r\nQh5\n", "the rest is not read");
        assert!(matches!(first_line(&mut &b"e4 e5 Qh5"[..], 5), Err(InputError::TooLong { limit: 5 })));
        assert_eq!(first_line(&mut &b""[..], 5).unwrap(), b"");
    }

    #[test]
    fn until_stops_when_enough_was_read_or_at_the_limit() {
        let endless = std::io::repeat(b'x');
        let mut endless = std::io::BufReader::new(endless);
        let read = until(&mut endless, 1 << 20, &|bytes| bytes.len() >= 100_000).unwrap();
        assert!((100_000..=256 * 1024).contains(&read.len()), "{}", read.len());
        let refused = all(&mut std::io::BufReader::new(std::io::repeat(0)), 1 << 20);
        assert!(matches!(refused, Err(InputError::TooLong { limit: 1048576 })));
        assert_eq!(all(&mut &b"abc"[..], 3).unwrap(), b"abc");
        assert!(matches!(all(&mut &b"abcd"[..], 3), Err(InputError::TooLong { .. })));
        assert_eq!(
            InputError::TooLong { limit: 1 << 20 }.to_string(),
            "is longer than 1 MiB (1048576 bytes), the most this program reads"
        );
    }
}
