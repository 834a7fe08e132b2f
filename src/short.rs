//! Short values held inline: the texts and square lists a ply carries are
//! short for chess (a SAN, 64 cells, a FEN, two squares), and an analysed
//! game makes a few of them per ply. Held in place they cost no allocation
//! (four allocations a ply were a fifth of analysing C.1; `cargo bench
//! --bench perft`). Longer ones (a 26x26 problem board, a multi-jump) go
//! on the heap as before. Both read as `str` or a slice.

use crate::json::ToJson;
#[cfg(feature = "serde")]
use serde::{Serialize, Serializer};
use std::borrow::{Borrow, Cow};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;

/// A text of up to `N` bytes held in place, or a longer one on the heap.
#[derive(Clone)]
pub struct ShortText<const N: usize>(Repr<N>);

#[derive(Clone)]
enum Repr<const N: usize> {
    Inline { bytes: [u8; N], len: u8 },
    Heap(String),
}

impl<const N: usize> ShortText<N> {
    pub fn as_str(&self) -> &str {
        match &self.0 {
            // Only ever filled from a `str` cut at a character boundary.
            Repr::Inline { bytes, len } => std::str::from_utf8(&bytes[..usize::from(*len)]).unwrap_or_default(),
            Repr::Heap(s) => s,
        }
    }

    /// The text's bytes, not checked again as UTF-8 (as `as_str` must: in
    /// the wasm that check was a tenth of handing a game over to JS).
    pub fn as_bytes(&self) -> &[u8] {
        match &self.0 {
            Repr::Inline { bytes, len } => &bytes[..usize::from(*len)],
            Repr::Heap(s) => s.as_bytes(),
        }
    }

    /// A text from bytes known to be ASCII (cells, a FEN): held in place
    /// when short enough. (ASCII is checked faster than UTF-8 is validated.)
    pub fn from_ascii(bytes: &[u8]) -> ShortText<N> {
        let inline = if bytes.is_ascii() { Self::inline(bytes) } else { None };
        inline.unwrap_or_else(|| std::str::from_utf8(bytes).map(ShortText::from).unwrap_or_default())
    }

    /// The first `len` bytes of `buffer`, which the caller wrote as ASCII
    /// (a FEN, cells): held in place when they fit, taken as one block of
    /// `N` bytes, unchecked (what follows `len` is not part of the text).
    /// For every ply of a game: a copy of a varying length and a check of
    /// every byte were a tenth of writing its FEN.
    pub fn from_ascii_block<const M: usize>(buffer: &[u8; M], len: usize) -> ShortText<N> {
        match (buffer.first_chunk::<N>(), u8::try_from(len)) {
            (Some(&bytes), Ok(short)) if len <= N => ShortText(Repr::Inline { bytes, len: short }),
            _ => ShortText::from_ascii(&buffer[..len.min(M)]),
        }
    }

    /// The bytes of a `str` (or ASCII) held in place, when they fit.
    fn inline(text: &[u8]) -> Option<ShortText<N>> {
        let len = u8::try_from(text.len()).ok().filter(|_| text.len() <= N)?;
        let mut bytes = [0; N];
        bytes[..text.len()].copy_from_slice(text);
        Some(ShortText(Repr::Inline { bytes, len }))
    }
}

impl<const N: usize> Default for ShortText<N> {
    fn default() -> Self {
        ShortText(Repr::Inline { bytes: [0; N], len: 0 })
    }
}

impl<const N: usize> From<&str> for ShortText<N> {
    fn from(s: &str) -> Self {
        Self::inline(s.as_bytes()).unwrap_or_else(|| ShortText(Repr::Heap(s.to_string())))
    }
}

impl<const N: usize> From<String> for ShortText<N> {
    fn from(s: String) -> Self {
        if s.len() <= N {
            ShortText::from(s.as_str())
        } else {
            ShortText(Repr::Heap(s))
        }
    }
}

impl<const N: usize> From<ShortText<N>> for String {
    fn from(text: ShortText<N>) -> String {
        match text.0 {
            Repr::Heap(s) => s,
            Repr::Inline { .. } => text.as_str().to_string(),
        }
    }
}

impl<const N: usize> Deref for ShortText<N> {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> Borrow<str> for ShortText<N> {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> AsRef<str> for ShortText<N> {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl<const N: usize> PartialEq for ShortText<N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl<const N: usize> Eq for ShortText<N> {}

impl<const N: usize> Hash for ShortText<N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state)
    }
}

impl<const N: usize> PartialEq<str> for ShortText<N> {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl<const N: usize> PartialEq<&str> for ShortText<N> {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl<const N: usize> PartialEq<String> for ShortText<N> {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl<const N: usize> PartialEq<ShortText<N>> for &str {
    fn eq(&self, other: &ShortText<N>) -> bool {
        *self == other.as_str()
    }
}

impl<const N: usize> PartialEq<ShortText<N>> for String {
    fn eq(&self, other: &ShortText<N>) -> bool {
        self == other.as_str()
    }
}

impl<const N: usize> fmt::Display for ShortText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl<const N: usize> fmt::Debug for ShortText<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

#[cfg(feature = "serde")]
impl<const N: usize> Serialize for ShortText<N> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }
}

/// The name of a square (`e4`, `z26`) as plies and moves carry it:
/// borrowed from the game's table of names where it has one (chess), so
/// that the squares of a ply cost no allocation (analysing C.1 made five
/// per ply; `cargo bench --bench perft`), and written out otherwise. It
/// reads and compares as a `str` and serializes as a string.
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct SquareName(Cow<'static, str>);

impl SquareName {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for SquareName {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for SquareName {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl From<&'static str> for SquareName {
    fn from(name: &'static str) -> SquareName {
        SquareName(Cow::Borrowed(name))
    }
}

impl From<String> for SquareName {
    fn from(name: String) -> SquareName {
        SquareName(Cow::Owned(name))
    }
}

impl fmt::Display for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.as_str(), f)
    }
}

impl fmt::Debug for SquareName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), f)
    }
}

impl PartialEq<str> for SquareName {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for SquareName {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl PartialEq<String> for SquareName {
    fn eq(&self, other: &String) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<SquareName> for &str {
    fn eq(&self, other: &SquareName) -> bool {
        *self == other.as_str()
    }
}

impl PartialEq<SquareName> for String {
    fn eq(&self, other: &SquareName) -> bool {
        self == other.as_str()
    }
}

#[cfg(feature = "serde")]
impl Serialize for SquareName {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self)
    }
}

/// Every square a move passes through, `from` and `to` included: two for
/// most moves, held in place; more (multi-jumps) on the heap.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Path(PathRepr);

#[derive(Clone, PartialEq, Eq, Hash)]
enum PathRepr {
    Two([SquareName; 2]),
    Many(Vec<SquareName>),
}

impl Default for Path {
    fn default() -> Self {
        Path(PathRepr::Many(Vec::new()))
    }
}

impl Deref for Path {
    type Target = [SquareName];
    fn deref(&self) -> &[SquareName] {
        match &self.0 {
            PathRepr::Two(squares) => squares,
            PathRepr::Many(squares) => squares,
        }
    }
}

impl From<[SquareName; 2]> for Path {
    fn from(squares: [SquareName; 2]) -> Path {
        Path(PathRepr::Two(squares))
    }
}

impl From<Vec<SquareName>> for Path {
    fn from(squares: Vec<SquareName>) -> Path {
        match <[SquareName; 2]>::try_from(squares) {
            Ok(two) => Path(PathRepr::Two(two)),
            Err(many) => Path(PathRepr::Many(many)),
        }
    }
}

impl FromIterator<SquareName> for Path {
    fn from_iter<I: IntoIterator<Item = SquareName>>(iter: I) -> Path {
        Path::from(iter.into_iter().collect::<Vec<_>>())
    }
}

impl<'a> IntoIterator for &'a Path {
    type Item = &'a SquareName;
    type IntoIter = std::slice::Iter<'a, SquareName>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq<Vec<SquareName>> for Path {
    fn eq(&self, other: &Vec<SquareName>) -> bool {
        **self == **other
    }
}

impl<const K: usize> PartialEq<[&str; K]> for Path {
    fn eq(&self, other: &[&str; K]) -> bool {
        self.len() == K && self.iter().zip(other).all(|(a, b)| a == b)
    }
}

impl fmt::Debug for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl Serialize for Path {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// The letters of the pieces a move takes: none or one for most moves,
/// held in place (a capture's list allocated was 2% of analysing a game);
/// more (multi-jumps) on the heap. Reads as a slice, serializes as a list.
#[derive(Clone, Default)]
pub struct Captures(CapturesRepr);

#[derive(Clone)]
enum CapturesRepr {
    AtMostOne(Option<char>),
    Many(Vec<char>),
}

impl Default for CapturesRepr {
    fn default() -> Self {
        CapturesRepr::AtMostOne(None)
    }
}

impl Captures {
    pub fn as_slice(&self) -> &[char] {
        match &self.0 {
            CapturesRepr::AtMostOne(piece) => piece.as_slice(),
            CapturesRepr::Many(pieces) => pieces,
        }
    }
}

impl Deref for Captures {
    type Target = [char];
    fn deref(&self) -> &[char] {
        self.as_slice()
    }
}

impl From<Option<char>> for Captures {
    fn from(piece: Option<char>) -> Captures {
        Captures(CapturesRepr::AtMostOne(piece))
    }
}

impl FromIterator<char> for Captures {
    fn from_iter<I: IntoIterator<Item = char>>(iter: I) -> Captures {
        let mut iter = iter.into_iter();
        let Some(first) = iter.next() else { return Captures::default() };
        let Some(second) = iter.next() else { return Captures::from(Some(first)) };
        Captures(CapturesRepr::Many([first, second].into_iter().chain(iter).collect()))
    }
}

impl<'a> IntoIterator for &'a Captures {
    type Item = &'a char;
    type IntoIter = std::slice::Iter<'a, char>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl PartialEq for Captures {
    fn eq(&self, other: &Captures) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Captures {}

impl<const K: usize> PartialEq<[char; K]> for Captures {
    fn eq(&self, other: &[char; K]) -> bool {
        self.as_slice() == other
    }
}

impl PartialEq<Vec<char>> for Captures {
    fn eq(&self, other: &Vec<char>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl fmt::Debug for Captures {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(feature = "serde")]
impl Serialize for Captures {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

impl<const N: usize> ToJson for ShortText<N> {
    fn write_json(&self, out: &mut String) {
        crate::json::write_str(out, self);
    }
}

impl ToJson for SquareName {
    fn write_json(&self, out: &mut String) {
        crate::json::write_str(out, self);
    }
}

impl ToJson for Path {
    fn write_json(&self, out: &mut String) {
        crate::json::write_array(out, self.iter());
    }
}

impl ToJson for Captures {
    fn write_json(&self, out: &mut String) {
        crate::json::write_array(out, self.iter());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_texts_are_held_in_place_and_long_ones_on_the_heap_and_both_read_the_same() {
        for text in ["", "e4", "Nbd7+", "é♞ unicode", &"x".repeat(64), &"y".repeat(65), &"z".repeat(300)] {
            let short = ShortText::<64>::from(text);
            assert_eq!(short.as_str(), text);
            assert_eq!(ShortText::<64>::from(text.to_string()), short);
            assert_eq!(String::from(short.clone()), text);
            assert_eq!(matches!(short.0, Repr::Inline { .. }), text.len() <= 64, "{text}");
            assert_eq!(crate::json::to_json(&short), serde_json::to_string(text).unwrap());
            assert_eq!(format!("{short:?}"), format!("{text:?}"));
        }
        assert_eq!(ShortText::<8>::from_ascii(b"rnbqkbnr").as_str(), "rnbqkbnr");
        assert_eq!(ShortText::<8>::from_ascii(&[0xff]).as_str(), "");
    }

    #[test]
    fn a_block_holds_its_first_bytes_in_place_when_they_fit_and_on_the_heap_when_not() {
        let mut buffer = [b'.'; 12];
        buffer[..5].copy_from_slice(b"8/8 w");
        // What follows `len` in the buffer is not part of the text.
        let held = ShortText::<8>::from_ascii_block(&buffer, 5);
        assert!(matches!(held.0, Repr::Inline { .. }));
        assert_eq!(held.as_str(), "8/8 w");
        assert_eq!(held, ShortText::from("8/8 w"));
        let long = ShortText::<8>::from_ascii_block(&buffer, 10);
        assert!(matches!(long.0, Repr::Heap(_)));
        assert_eq!(long.as_str(), "8/8 w.....");
        // A buffer shorter than the room, and a length past the buffer.
        assert_eq!(ShortText::<8>::from_ascii_block(b"e4", 2).as_str(), "e4");
        assert_eq!(ShortText::<8>::from_ascii_block(b"e4", 9).as_str(), "e4");
    }

    #[test]
    fn a_path_of_two_squares_is_held_in_place_and_reads_as_a_slice() {
        let two = Path::from(vec![SquareName::from("e2"), SquareName::from("e4")]);
        assert!(matches!(two.0, PathRepr::Two(_)));
        assert_eq!(two, ["e2", "e4"]);
        let jumps: Path = ["c3", "e5", "c7"].into_iter().map(SquareName::from).collect();
        assert!(matches!(jumps.0, PathRepr::Many(_)));
        assert_eq!(jumps.len(), 3);
        assert_eq!(crate::json::to_json(&jumps), r#"["c3","e5","c7"]"#);
        assert_eq!(Path::default().len(), 0);
    }

    #[test]
    fn captures_of_at_most_one_piece_are_held_in_place_and_all_read_as_a_list() {
        let none: Captures = "".chars().collect();
        let one: Captures = "p".chars().collect();
        let three: Captures = "ppb".chars().collect();
        assert!(matches!(one.0, CapturesRepr::AtMostOne(Some('p'))));
        assert!(matches!(three.0, CapturesRepr::Many(_)));
        assert_eq!((none.as_slice(), one.as_slice(), three.as_slice()), (&[][..], &['p'][..], &['p', 'p', 'b'][..]));
        assert_eq!((none, Captures::from(Some('p'))), (Captures::from(None), one.clone()));
        // Equal whichever way they are held.
        assert_eq!(Captures(CapturesRepr::Many(vec!['p'])), one);
        for (captures, json) in [(one, r#"["p"]"#), (three, r#"["p","p","b"]"#), (Captures::default(), "[]")] {
            assert_eq!(crate::json::to_json(&captures), json);
            assert_eq!(serde_json::to_string(&captures.to_vec()).unwrap(), json);
            assert_eq!(format!("{captures:?}"), format!("{:?}", captures.to_vec()));
        }
    }
}
