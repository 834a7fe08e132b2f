//! Cuts PGN text into tokens, one at a time, with byte spans.

use super::{GameResult, Problem, Span, SyntaxError, TagPair};
use crate::chess::notation::cursor::Cursor;
use crate::chess::notation::san::{is_typographic_dash, San, Spelling};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Token {
    Tag(TagPair),
    /// `12.`, `12...`, `12…`, `12`, or dots alone (`1. ... e5`): the
    /// moves themselves say whose turn it is, but a move that cannot be
    /// played says what its number claims. `number` is `None` for dots
    /// alone (or a number too large); `black` for two dots or more, or an
    /// ellipsis.
    MoveNumber {
        number: Option<u32>,
        black: bool,
    },
    /// A move, how it was spelt, and the NAG of a glyph written right
    /// after it (`Nf3!?`).
    Move {
        san: San,
        spelling: Spelling,
        nag: Option<u8>,
    },
    /// A comma, or a semicolon between moves (see `Lexer::semicolon_separates`),
    /// read as a space; `after` is the token just before it.
    Separator {
        mark: char,
        after: Option<Span>,
    },
    /// `$14`, or a glyph written apart (`!?`, `+-`, `=`).
    Nag(u8),
    Comment(String),
    Open,
    Close,
    Result(GameResult),
}

/// The quotes word processors put around a tag value (`“Club”`, `„Club“`, `«Club»`).
const TYPOGRAPHIC_QUOTES: [char; 6] = ['“', '”', '„', '‟', '«', '»'];

/// Move-quality glyphs and their NAG numbers.
const GLYPHS: [(&str, u8); 10] =
    [("!!", 3), ("??", 4), ("!?", 5), ("?!", 6), ("!", 1), ("?", 2), ("‼", 3), ("⁇", 4), ("⁉", 5), ("⁈", 6)];

/// A move typed alone with a quality glyph after it (`Bb5!`, `Nf3?!`,
/// `e4 !!`): the move's text and the glyph's NAG, as the reader keeps a
/// glyph written after a move. Text without a glyph is returned whole.
pub fn split_glyph(text: &str) -> (&str, Option<u8>) {
    let text = text.trim();
    // Two-character glyphs come first in GLYPHS: `!?` is not read as `?`.
    match GLYPHS.iter().find(|(word, _)| text.ends_with(word)) {
        Some(&(word, nag)) => (text[..text.len() - word.len()].trim_end(), Some(nag)),
        None => (text, None),
    }
}

/// Evaluation glyphs written apart, longest first, and their NAGs.
const EVALUATIONS: [(&str, u8); 12] = [
    ("+/-", 16),
    ("-/+", 17),
    ("+-", 18),
    ("-+", 19),
    ("+=", 14),
    ("=+", 15),
    ("=", 10),
    ("∞", 13),
    ("±", 16),
    ("∓", 17),
    ("⩲", 14),
    ("⩱", 15),
];

/// White space, including what pasted web text carries between words (the
/// no-break space; zero-width spaces and joiners, direction marks and the
/// word joiner, all invisible) and a byte order mark anywhere (files
/// joined together keep theirs).
fn is_space(c: char) -> bool {
    c.is_whitespace() || matches!(c, '\u{200b}'..='\u{200f}' | '\u{2060}' | '\u{feff}')
}

/// A tag value with its escapes (`\"`, `\\`) undone; any other
/// backslash stands for itself.
fn unescape(raw: &str) -> String {
    let mut value = String::with_capacity(raw.len());
    let mut chars = raw.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('\\', Some(&next @ ('"' | '\\'))) => {
                value.push(next);
                chars.next();
            }
            _ => value.push(c),
        }
    }
    value
}

/// Whether `rest` starts as castling written with zeros (`0-0`, `0–0`), not
/// a move number.
fn castles_with_zeros(rest: &str) -> bool {
    let mut chars = rest.chars();
    chars.next() == Some('0')
        && chars.next().is_some_and(|c| c == '-' || is_typographic_dash(c))
        && chars.next() == Some('0')
}

/// The length of the en passant mark `text` starts with, in the forms
/// people write it (`e.p.`, `e. p.`, `e.p`, `ep`, `(e.p.)`). No move starts
/// so, so it is never taken for one.
fn en_passant_mark(text: &str) -> Option<usize> {
    ["(e.p.)", "e. p.", "e.p.", "e.p", "ep"].into_iter().find(|mark| text.starts_with(mark)).map(str::len)
}

/// What may follow a complete token (a comma too: people type `e4, e5`).
fn is_delimiter(c: Option<char>) -> bool {
    match c {
        None => true,
        Some(c) => is_space(c) || matches!(c, '{' | '(' | ')' | ';' | '$' | ','),
    }
}

fn is_tag_name_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '_' | '+' | '#' | '=' | ':' | '-')
}

#[derive(Clone)]
pub(super) struct Lexer<'a> {
    cursor: Cursor<'a>,
    /// Where the token being read began (for errors: which token failed).
    token_start: usize,
    /// The last token read, and whether it was a move.
    previous: Option<(Span, bool)>,
    /// Whether a tag pair was read since the last result: in a game with
    /// tags (PGN as programs write it), `;` always begins a comment.
    tagged: bool,
    /// Skimming: tags and comments are checked but their text is not kept
    /// (their tokens carry empty strings).
    pub(super) skim: bool,
    /// Known to hold no `}` from this offset on: an unclosed `{` is looked
    /// past once, not again for each `{` after it (a text of them was read
    /// in quadratic time).
    no_brace_from: usize,
    /// A stretch of a line (its start, the line's end) known to hold no
    /// lenient end of a tag value (`lenient_tag_value_end`), and whether
    /// typographic quotes were looked for too: a line of broken tags is
    /// searched once, not again for each tag on it.
    no_lenient_end: (usize, usize, bool),
}

impl<'a> std::ops::Deref for Lexer<'a> {
    type Target = Cursor<'a>;
    fn deref(&self) -> &Cursor<'a> {
        &self.cursor
    }
}

impl std::ops::DerefMut for Lexer<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.cursor
    }
}

impl<'a> Lexer<'a> {
    pub(super) fn new(text: &'a str) -> Lexer<'a> {
        let (no_brace_from, no_lenient_end) = (usize::MAX, (0, 0, false));
        Lexer {
            cursor: Cursor::new(text, 0),
            token_start: 0,
            previous: None,
            tagged: false,
            skim: false,
            no_brace_from,
            no_lenient_end,
        }
    }

    /// The same lexer reading `text` instead (which must begin as its own
    /// did, up to where it has read).
    pub(super) fn rebind<'b>(&self, text: &'b str) -> Lexer<'b> {
        let Lexer { cursor, token_start, previous, tagged, skim, .. } = *self;
        // What is known of the text ahead is not known of the new one.
        let (no_brace_from, no_lenient_end) = (usize::MAX, (0, 0, false));
        Lexer {
            cursor: Cursor::new(text, cursor.at),
            token_start,
            previous,
            tagged,
            skim,
            no_brace_from,
            no_lenient_end,
        }
    }

    fn error(&self, expected: &'static str) -> SyntaxError {
        SyntaxError::at(self.text, self.at, Problem::Unexpected(expected))
    }

    /// After an error: moves on past the offending character, so that
    /// reading always makes progress.
    pub(super) fn skip_past(&mut self, e: &SyntaxError) {
        let next = if e.end > e.start { e.end } else { e.start + 1 };
        self.at = self.at.max(next).min(self.text.len());
        while !self.text.is_char_boundary(self.at) {
            self.at += 1;
        }
    }

    /// Where the last token read (or failed) began.
    pub(super) fn token_start(&self) -> usize {
        self.token_start
    }

    /// Whether the last token read (or failed) was a tag pair.
    pub(super) fn in_tag(&self) -> bool {
        self.text.get(self.token_start..).is_some_and(|rest| rest.starts_with('['))
    }

    fn at_line_start(&self) -> bool {
        self.text[..self.at].chars().next_back().is_none_or(|c| c == '\n' || c == '\r' || c == '\u{feff}')
    }

    fn skip_to_line_end(&mut self) {
        self.at += self.rest().find(['\n', '\r']).unwrap_or(self.rest().len());
    }

    /// White space, and `%` escape lines (a `%` at the start of a line).
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if is_space(c) {
                self.bump();
            } else if c == '%' && self.at_line_start() {
                self.skip_to_line_end();
            } else {
                break;
            }
        }
    }

    fn end_of_token(&self, expected: &'static str) -> Result<(), SyntaxError> {
        if is_delimiter(self.peek()) {
            Ok(())
        } else {
            Err(self.error(expected))
        }
    }

    /// The next token and its span; `None` at the end of the text.
    pub(super) fn next_token(&mut self) -> Result<Option<(Token, Span)>, SyntaxError> {
        loop {
            self.skip_space();
            let start = self.at;
            self.token_start = start;
            let Some(c) = self.peek() else {
                return Ok(None);
            };
            let rest = self.rest();
            let token = match c {
                '[' => self.tag()?,
                '{' => self.brace_comment()?,
                ',' | ';' if c == ',' || self.semicolon_separates() => {
                    self.bump();
                    Token::Separator { mark: c, after: self.previous.map(|(span, _)| span) }
                }
                ';' => {
                    self.bump();
                    let from = self.at;
                    self.skip_to_line_end();
                    Token::Comment(self.kept(&self.text[from..self.at]))
                }
                // `e.p.` written apart after an en passant capture's check mark.
                'e' | '(' if en_passant_mark(rest).is_some_and(|len| is_delimiter(rest[len..].chars().next())) => {
                    self.at += en_passant_mark(rest).unwrap_or(0);
                    continue;
                }
                '(' => {
                    self.bump();
                    Token::Open
                }
                ')' => {
                    self.bump();
                    Token::Close
                }
                '$' => self.nag()?,
                '!' | '?' | '‼' | '⁇' | '⁉' | '⁈' => {
                    let nag = self.glyph().ok_or_else(|| self.error("a glyph (! ? !! ?? !? ?!)"))?;
                    self.end_of_token("a space after the glyph")?;
                    Token::Nag(nag)
                }
                _ => {
                    // Results and evaluations start with one of these (most tokens are moves).
                    let result = matches!(c, '1' | '0' | '½' | '*').then(|| GameResult::read_at_start(rest));
                    let evaluation = matches!(c, '+' | '-' | '=' | '∞' | '±' | '∓' | '⩲' | '⩱')
                        .then(|| EVALUATIONS.iter().find(|(w, _)| rest.starts_with(w)));
                    if let Some((result, len)) = result.flatten() {
                        self.at += len;
                        self.end_of_token("the end of the result")?;
                        Token::Result(result)
                    } else if let Some(&(word, nag)) = evaluation.flatten() {
                        self.at += word.len();
                        self.end_of_token("a space after the evaluation")?;
                        Token::Nag(nag)
                    } else if c.is_ascii_digit() && !castles_with_zeros(rest) && !rest.starts_with("0000") {
                        self.move_number()?
                    } else if c == '.' || c == '…' {
                        // Dots apart from their number (`1. ... e5`), as some programs write them.
                        self.move_number()?
                    } else {
                        self.san_move()?
                    }
                }
            };
            let span = Span::new(start, self.at);
            self.previous = Some((span, matches!(token, Token::Move { .. })));
            match token {
                Token::Tag(_) => self.tagged = true,
                Token::Result(_) => self.tagged = false,
                _ => {}
            }
            return Ok(Some((token, span)));
        }
    }

    /// Whether the `;` here separates moves rather than begins a comment
    /// to the end of the line, as PGN has it. People who type moves write
    /// `e4; e5; Nf3`; so a `;` separates when it follows a move, in a game
    /// without tag pairs, and what follows it up to the next `;` or the end
    /// of the line is not empty and reads as movetext alone (moves, move
    /// numbers, glyphs, NAGs, commas, a result). A comment in words
    /// (`; Nc6 was better`), a `;` after a comment, and any `;` in a game
    /// with tags stay comments.
    fn semicolon_separates(&self) -> bool {
        if self.tagged || !self.previous.is_some_and(|(_, was_move)| was_move) {
            return false;
        }
        let after = &self.rest()[1..];
        let end = self.at + 1 + after.find(['\n', '\r', ';']).unwrap_or(after.len());
        let mut ahead = Lexer::new(&self.text[..end]);
        ahead.at = self.at + 1;
        let mut any = false;
        loop {
            match ahead.next_token() {
                Ok(None) => return any,
                Ok(Some((
                    Token::Move { .. }
                    | Token::MoveNumber { .. }
                    | Token::Nag(_)
                    | Token::Separator { .. }
                    | Token::Result(_),
                    _,
                ))) => any = true,
                _ => return false,
            }
        }
    }

    /// `[Name "value"]`, the value with `\"` and `\\` escapes. A value
    /// with quotes left unescaped (`[Event "Club "Open" 2026"]`, as some
    /// exporters write it) is read as python-chess reads it: up to the last
    /// `"` before a `]` on the line, and the tag says so (`lenient_quotes`).
    fn tag(&mut self) -> Result<Token, SyntaxError> {
        let start = self.at;
        self.bump();
        self.skip_inline_space();
        let name_start = self.at;
        while self.peek().is_some_and(is_tag_name_char) {
            self.bump();
        }
        if self.at == name_start {
            return Err(self.error("a tag name"));
        }
        let name = if self.skim { String::new() } else { self.text[name_start..self.at].to_string() };
        self.skip_inline_space();
        let no_value = self.error("a tag value in double quotes");
        if !self.eat('"') {
            return self.typographic_tag(start, name).ok_or(no_value);
        }
        let value_start = self.at;
        let (value, value_span, lenient_quotes) = match self.strict_tag_value() {
            Ok((value, quote)) => (value, Span::new(value_start, quote), false),
            Err(strict) => {
                let (quote, end) = self.lenient_tag_value_end(value_start, false).ok_or(strict)?;
                self.at = end;
                (unescape(&self.text[value_start..quote]), Span::new(value_start, quote), true)
            }
        };
        let span = Span::new(start, self.at);
        Ok(Token::Tag(TagPair { name, value, span, value_span, lenient_quotes, typographic_quotes: false }))
    }

    /// A tag value in typographic quotes (`“Club”`, `„Club“`, `«Club»`), as
    /// word processors write them: up to the last closing quote before a
    /// `]` on the line. The cursor is on the opening quote.
    fn typographic_tag(&mut self, start: usize, name: String) -> Option<Token> {
        let open = self.peek().filter(|c| TYPOGRAPHIC_QUOTES.contains(c))?;
        let value_start = self.at + open.len_utf8();
        let (quote, end) = self.lenient_tag_value_end(value_start, true)?;
        self.at = end;
        let value = if self.skim { String::new() } else { self.text[value_start..quote].to_string() };
        let (span, value_span) = (Span::new(start, end), Span::new(value_start, quote));
        Some(Token::Tag(TagPair { name, value, span, value_span, lenient_quotes: false, typographic_quotes: true }))
    }

    /// The value after the opening quote, the closing quote and the `]`,
    /// as the standard writes them; returns the value and the offset of
    /// its closing quote.
    fn strict_tag_value(&mut self) -> Result<(String, usize), SyntaxError> {
        let mut value = String::new();
        loop {
            match self.peek() {
                Some('"') => break,
                Some('\\') => {
                    self.bump();
                    match self.peek() {
                        Some(c @ ('"' | '\\')) => {
                            self.keep(&mut value, c);
                            self.bump();
                        }
                        // Not an escape: the backslash stands for itself.
                        _ => self.keep(&mut value, '\\'),
                    }
                }
                None | Some('\n' | '\r') => return Err(self.error("the closing quote of the tag value")),
                Some(c) => {
                    self.keep(&mut value, c);
                    self.bump();
                }
            }
        }
        let quote = self.at;
        self.bump();
        self.skip_inline_space();
        if !self.eat(']') {
            return Err(self.error("] to close the tag"));
        }
        Ok((value, quote))
    }

    /// For a value the standard reading rejects: the last closing quote
    /// (`"`, or what `closing` accepts) on the line followed (after spaces or
    /// tabs) by `]`, and the offset past that `]`.
    /// (None from one offset of a line is None from any offset after it on
    /// that line: the candidates only get fewer.)
    fn lenient_tag_value_end(&mut self, value_start: usize, typographic: bool) -> Option<(usize, usize)> {
        let (from, to, wide) = self.no_lenient_end;
        if (from..to).contains(&value_start) && (wide || !typographic) {
            return None;
        }
        let closing = |c: char| c == '"' || typographic && TYPOGRAPHIC_QUOTES.contains(&c);
        let rest = &self.text[value_start..];
        let line = &rest[..rest.find(['\n', '\r']).unwrap_or(rest.len())];
        let end = line.rmatch_indices(']').find_map(|(bracket, _)| {
            let before = line[..bracket].trim_end_matches([' ', '\t']);
            before.strip_suffix(closing).map(|value| (value_start + value.len(), value_start + bracket + 1))
        });
        if end.is_none() {
            self.no_lenient_end = (value_start, value_start + line.len(), typographic);
        }
        end
    }

    /// A comment's text, trimmed (nothing when skimming).
    fn kept(&self, text: &str) -> String {
        if self.skim {
            String::new()
        } else {
            text.trim().to_string()
        }
    }

    fn keep(&self, value: &mut String, c: char) {
        if !self.skim {
            value.push(c);
        }
    }

    fn skip_inline_space(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.bump();
        }
    }

    fn brace_comment(&mut self) -> Result<Token, SyntaxError> {
        let start = self.at;
        self.bump();
        let close = if start >= self.no_brace_from { None } else { self.rest().find('}') };
        match close {
            Some(len) => {
                let text = self.kept(&self.rest()[..len]);
                self.at += len + 1;
                Ok(Token::Comment(text))
            }
            None => {
                self.no_brace_from = self.no_brace_from.min(start);
                Err(SyntaxError::at(self.text, start, Problem::UnclosedComment))
            }
        }
    }

    fn nag(&mut self) -> Result<Token, SyntaxError> {
        self.bump();
        let digits = self.rest().find(|c: char| !c.is_ascii_digit()).unwrap_or(self.rest().len());
        if digits == 0 {
            return Err(self.error("a NAG number after $"));
        }
        let nag = self.rest()[..digits].parse::<u8>().map_err(|_| self.error("a NAG number from 0 to 255"))?;
        self.at += digits;
        self.end_of_token("the end of the NAG")?;
        Ok(Token::Nag(nag))
    }

    /// A move-quality glyph here, as its NAG.
    fn glyph(&mut self) -> Option<u8> {
        let &(word, nag) = GLYPHS.iter().find(|(w, _)| self.rest().starts_with(w))?;
        self.at += word.len();
        Some(nag)
    }

    /// Digits, then dots, an ellipsis or `)`; a move may follow at once (`1.e4`).
    fn move_number(&mut self) -> Result<Token, SyntaxError> {
        let start = self.at;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.bump();
        }
        let number = self.text[start..self.at].parse::<u32>().ok();
        let (mut dots, mut ellipsis) = (0, false);
        loop {
            if self.eat('.') {
                dots += 1;
            } else if self.eat('…') {
                ellipsis = true;
            } else {
                break;
            }
        }
        // `12)`, as forum posts and e-mails number moves: never a
        // variation's end (PGN writes no bare number before one).
        if dots == 0 && !ellipsis && number.is_some() && !self.eat(')') {
            self.end_of_token("a dot after the move number")?;
        }
        Ok(Token::MoveNumber { number, black: dots >= 2 || ellipsis })
    }

    /// A move, then `e.p.` (attached or apart, see `en_passant_mark`),
    /// check marks (`+`, `++`, `#`) and a glyph, then `e.p.` if it was not
    /// before them.
    fn san_move(&mut self) -> Result<Token, SyntaxError> {
        let (san, spelling, end) = San::parse_lenient_at(self.text, self.at)
            .map_err(|e| SyntaxError::at(self.text, e.offset, Problem::Unexpected(e.expected)))?;
        self.at = end;
        let rest = self.rest();
        let spaces = rest.len() - rest.trim_start_matches([' ', '\t']).len();
        if let Some(len) = en_passant_mark(&rest[spaces..]) {
            let after = rest[spaces + len..].chars().next();
            if is_delimiter(after) || after.is_some_and(|c| "+#!?‼⁇⁉⁈".contains(c)) {
                self.at += spaces + len;
            }
        }
        let mut nag = None;
        loop {
            match self.peek() {
                Some('+' | '#') => self.bump(),
                Some('!' | '?' | '‼' | '⁇' | '⁉' | '⁈') if nag.is_none() => nag = self.glyph(),
                _ => break,
            }
        }
        // `exd6+e.p.`: the mark attached after the check mark or glyph
        // (written apart, `next_token` skips it).
        let rest = self.rest();
        if let Some(len) = en_passant_mark(rest).filter(|&len| is_delimiter(rest[len..].chars().next())) {
            self.at += len;
        }
        self.end_of_token("the end of the move")?;
        Ok(Token::Move { san, spelling, nag })
    }
}
