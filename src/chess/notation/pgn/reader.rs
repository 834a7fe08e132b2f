//! Builds games from tokens: tags, then movetext up to the result.

use super::lexer::{Lexer, Token};
use super::{
    Comment, Line, MoveNode, MoveNumber, PgnGame, Problem, ReadGame, Separator, Span, SyntaxError, MAX_VARIATION_DEPTH,
};
use crate::chess::Color;

/// The games of a text, read one at a time.
pub fn read_games(text: &str) -> Reader<'_> {
    Reader { text, lexer: Lexer::new(text), pending: None, pending_error: None }
}

/// The rest of a variation from `from` (a null move in it) to its `)`,
/// as written, for writing it back word for word. None when the game ends
/// first, or the rest holds what words written anew would change: a `;`
/// comment (it runs to the end of its line), a `%` line, a result, a
/// syntax error.
pub fn variation_rest(text: &str, from: usize) -> Option<&str> {
    let rest = text.get(from..)?;
    let mut lexer = Lexer::new(rest);
    let mut depth = 0usize;
    loop {
        match lexer.next_token() {
            Ok(Some((Token::Close, span))) if depth == 0 => {
                let written = rest[..span.start].trim_end();
                let rewraps = written.contains(';') || written.contains("\n%") || written.contains("\r%");
                return (!rewraps).then_some(written);
            }
            Ok(Some((Token::Close, _))) => depth -= 1,
            Ok(Some((Token::Open, _))) => depth += 1,
            Ok(Some((Token::Tag(_) | Token::Result(_), _)) | None) | Err(_) => return None,
            Ok(Some(_)) => {}
        }
    }
}

/// Game `index` of a text (the last one if there are fewer; an empty one
/// if there is none), which one that is, and how many games the text
/// holds (at least 1). The other games are only skimmed (see `Reader`),
/// in one pass over the text; for a long text, only the first time (see
/// `GameIndex`).
pub fn read_game(text: &str, index: usize) -> (ReadGame, usize, usize) {
    if text.len() < INDEXED_FROM {
        return read_game_skimming(text, index);
    }
    LAST_INDEX.with_borrow_mut(|last| match last {
        Some(known) if same_text(&known.text, text) => known.game(index),
        _ => last.insert(GameIndex::of(text)).game(index),
    })
}

/// Whether two texts are the same, compared eight bytes at a time: `==`
/// goes a byte at a time as wasm (memcmp), 0.4 ms for a 1,000-game text
/// on every read of one of its games.
fn same_text(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes().chunks_exact(8), b.as_bytes().chunks_exact(8));
    // (Every chunk has 8 bytes: the default is never used.)
    let word = |w: &[u8]| u64::from_ne_bytes(w.try_into().unwrap_or_default());
    a.len() == b.len() && a.remainder() == b.remainder() && a.zip(b).all(|(x, y)| word(x) == word(y))
}

/// Texts shorter than this are skimmed again for each game read: cheaper
/// than keeping a copy of them (32 KiB is about 25 games).
const INDEXED_FROM: usize = 32 * 1024;

thread_local! {
    /// The last long text a game was read from, indexed: the page reads
    /// the same text again and again (another game of it, its report, its
    /// suggestion), and a game of 1,000 should cost what the game alone does.
    static LAST_INDEX: std::cell::RefCell<Option<GameIndex>> = const { std::cell::RefCell::new(None) };
}

fn read_game_skimming(text: &str, index: usize) -> (ReadGame, usize, usize) {
    let mut games = read_games(text);
    let mut last_start = games.clone();
    let mut skipped = 0;
    while skipped < index {
        let start = games.clone();
        if !games.skip_game() {
            break;
        }
        last_start = start;
        skipped += 1;
    }
    let (chosen, chosen_index) = match games.next() {
        Some(game) => (game, skipped),
        // Fewer games than asked: the last one, read again in full.
        None => (last_start.next().unwrap_or_default(), skipped.saturating_sub(1)),
    };
    let count = (chosen_index + 1 + games.count()).max(1);
    (chosen, chosen_index, count)
}

/// A text and the reader's state where each of its games begins, found in
/// one skimming pass: any game of it is then read without skimming the others.
pub struct GameIndex {
    text: String,
    /// The reader before each game, its text left out (`Reader::rebind`).
    starts: Vec<Reader<'static>>,
}

impl GameIndex {
    pub fn of(text: &str) -> GameIndex {
        let mut games = read_games(text);
        let mut starts = Vec::new();
        loop {
            let start = games.rebind("");
            if !games.skip_game() {
                break;
            }
            starts.push(start);
        }
        GameIndex { text: text.to_string(), starts }
    }

    /// As `read_game` answers for the indexed text.
    pub fn game(&self, index: usize) -> (ReadGame, usize, usize) {
        let Some(last) = self.starts.len().checked_sub(1) else {
            return (ReadGame::default(), 0, 1);
        };
        let chosen = index.min(last);
        let game = self.starts[chosen].rebind(&self.text).next().unwrap_or_default();
        (game, chosen, self.starts.len())
    }
}

/// `count` and `nth` skim the games they pass over: every token is read
/// and checked as for a game that is kept, so the games end where they
/// would, but nothing is built (counting the games of a long text costs a
/// fraction of reading them: `cargo bench --bench pgn`).
#[derive(Clone)]
pub struct Reader<'a> {
    text: &'a str,
    lexer: Lexer<'a>,
    /// A token read that belongs to the next game (its first tag).
    pending: Option<(Token, Span)>,
    /// An error in the next game's first tag (which begins at the offset
    /// given), found while looking for the end of a game without a result.
    pending_error: Option<(SyntaxError, usize)>,
}

/// What a token does to the game being built.
enum Step {
    Continue,
    /// The token ends the game and belongs to it (a result).
    EndAfter,
}

#[derive(Default)]
struct Builder {
    game: PgnGame,
    /// Open variations, innermost last, each with the span of its `(`.
    open: Vec<(Line, Span)>,
    movetext: bool,
    /// Whether any token was read (the game's span starts at the first).
    started: bool,
    /// Whether a tag or movetext was read: comments alone make no game.
    any: bool,
    /// Skimming, nothing is kept but whether each line (the main line,
    /// then the open variations) has a move yet: what `take` checks.
    skim: Option<Vec<bool>>,
    /// The move number read since the last move, for the next move.
    number: Option<MoveNumber>,
}

impl Builder {
    fn line(&mut self) -> &mut Line {
        match self.open.last_mut() {
            Some((line, _)) => line,
            None => &mut self.game.main,
        }
    }

    fn line_has_moves(&mut self) -> bool {
        match &self.skim {
            Some(lines) => lines.last().copied().unwrap_or(false),
            None => !self.line().moves.is_empty(),
        }
    }

    fn take(&mut self, token: Token, span: Span, text: &str) -> Result<Step, SyntaxError> {
        if !self.started {
            self.game.span.start = span.start;
            self.started = true;
        }
        self.game.span.end = span.end;
        self.any |= !matches!(token, Token::Comment(_));
        if !matches!(token, Token::Tag(_) | Token::Comment(_)) {
            self.movetext = true;
        }
        match token {
            // Skimming keeps nothing but whether the line has a move.
            Token::Tag(_) | Token::Comment(_) | Token::Nag(_) if self.skim.is_some() => {}
            Token::Move { .. } if self.skim.is_some() => {
                if let Some(moved) = self.skim.as_mut().and_then(|lines| lines.last_mut()) {
                    *moved = true;
                }
            }
            Token::Tag(tag) => self.game.tags.push(tag),
            Token::MoveNumber { number: Some(number), black } => {
                self.number = Some(MoveNumber { number, color: if black { Color::Black } else { Color::White } });
            }
            // Dots apart from their number (`1. ... e5`): Black's move.
            Token::MoveNumber { number: None, black: _ } => {
                if let Some(n) = &mut self.number {
                    n.color = Color::Black;
                }
            }
            Token::Comment(text) => {
                let comment = Comment { text, span };
                let line = self.line();
                match line.moves.last_mut() {
                    Some(node) => node.comments.push(comment),
                    None => line.comments.push(comment),
                }
            }
            Token::Separator { mark, after } => self.game.separators.push(Separator { mark, span, after }),
            Token::Move { san, spelling, nag } => {
                let number = self.number.take();
                self.line().moves.push(MoveNode {
                    san,
                    spelling,
                    span,
                    number,
                    nags: nag.into_iter().collect(),
                    comments: Vec::new(),
                    variations: Vec::new(),
                })
            }
            // A NAG before any move of its line has nothing to describe.
            Token::Nag(nag) => {
                if let Some(node) = self.line().moves.last_mut() {
                    node.nags.push(nag);
                }
            }
            Token::Open => {
                self.number = None;
                if !self.line_has_moves() {
                    return Err(SyntaxError::at(text, span.start, Problem::VariationWithoutMove));
                }
                if self.open.len() >= MAX_VARIATION_DEPTH {
                    return Err(SyntaxError::at(text, span.start, Problem::TooDeep));
                }
                self.open.push((Line::default(), span));
                if let Some(lines) = &mut self.skim {
                    lines.push(false);
                }
            }
            Token::Close => {
                self.number = None;
                if self.open.is_empty() {
                    return Err(SyntaxError::at(text, span.start, Problem::UnopenedVariation));
                }
                self.close_variation();
            }
            Token::Result(result) if self.open.is_empty() => {
                self.game.result = Some((result, span));
                return Ok(Step::EndAfter);
            }
            // A result inside a variation ends nothing: left out (the
            // game info says so), as other readers do.
            Token::Result(_) => {
                if self.skim.is_none() {
                    self.game.variation_results.push(span);
                }
            }
        }
        Ok(Step::Continue)
    }

    /// Attaches the innermost variation to the move it replaces.
    fn close_variation(&mut self) {
        if let Some((variation, _)) = self.open.pop() {
            if let Some(lines) = &mut self.skim {
                lines.pop();
            } else if let Some(node) = self.line().moves.last_mut() {
                node.variations.push(variation);
            }
        }
    }

    /// After a syntax error inside a variation (`close`: the `)` that ends
    /// it, the text between not read): the variation keeps its moves and
    /// the error, and the game goes on.
    fn end_variation_at(&mut self, error: SyntaxError, close: Span) {
        if self.skim.is_none() {
            self.line().error = Some(error);
        }
        self.close_variation();
        self.number = None;
        self.game.span.end = close.end;
    }

    /// An error for a variation still open where the game ends.
    fn unclosed(&self, text: &str) -> Option<SyntaxError> {
        let (_, open) = self.open.last()?;
        Some(SyntaxError::at(text, open.start, Problem::UnclosedVariation))
    }

    fn finish(mut self, error: Option<SyntaxError>) -> Option<ReadGame> {
        // Keep what was read of variations left open by an error.
        while !self.open.is_empty() {
            self.close_variation();
        }
        // A game that fails at its first token spans the offending character.
        if let (false, Some(e)) = (self.started, &error) {
            self.game.span = Span::new(e.start, e.end);
        }
        (self.any || error.is_some()).then_some(ReadGame { game: self.game, error })
    }
}

impl Reader<'_> {
    fn next_token(&mut self) -> Result<Option<(Token, Span)>, SyntaxError> {
        match self.pending.take() {
            Some(token) => Ok(Some(token)),
            None => self.lexer.next_token(),
        }
    }

    /// After a syntax error inside a variation: skips to the `)` that
    /// closes it (`depth`: variations the failed token opened), and returns
    /// it. None when the game ends first (at a result, a tag or the end of
    /// the text): the lexer is left where it was, and the error ends the
    /// game as in the main line. (Stopping at a result keeps this within
    /// one game: a text of games broken so would otherwise be read again
    /// to its end from each.)
    fn skip_variation(&mut self, error: &SyntaxError, mut depth: usize) -> Option<Span> {
        let saved = self.lexer.clone();
        self.lexer.skip_past(error);
        loop {
            match self.lexer.next_token() {
                Ok(Some((Token::Close, span))) if depth == 0 => return Some(span),
                Ok(Some((Token::Close, _))) => depth -= 1,
                Ok(Some((Token::Open, _))) => depth += 1,
                Ok(None | Some((Token::Tag(_) | Token::Result(_), _))) => break,
                Ok(Some(_)) => {}
                Err(_) if self.lexer.in_tag() => break,
                Err(e) => self.lexer.skip_past(&e),
            }
        }
        self.lexer = saved;
        None
    }

    /// After a syntax error: skips to the end of the game (its result) or
    /// to the next game's tags (tags that follow movetext). Returns where
    /// the last of what it skipped ends: the game's text ends there.
    fn resync(&mut self, error: &SyntaxError, mut movetext: bool) -> usize {
        self.lexer.skip_past(error);
        let mut end = error.end;
        loop {
            match self.lexer.next_token() {
                Ok(None) => return end,
                Ok(Some((Token::Result(_), span))) => return span.end,
                Ok(Some(tag @ (Token::Tag(_), _))) if movetext => {
                    self.pending = Some(tag);
                    return end;
                }
                Ok(Some((token, span))) => {
                    movetext |= !matches!(token, Token::Tag(_) | Token::Comment(_));
                    end = span.end;
                }
                Err(e) => {
                    self.lexer.skip_past(&e);
                    end = e.end;
                }
            }
        }
    }

    /// The game cut short by a syntax error: its text runs on to where
    /// `resync` stops (a link to it, the page's box holding it, keep the
    /// bad move and the rest).
    fn failed(&mut self, builder: Builder, error: SyntaxError) -> Option<ReadGame> {
        let end = self.resync(&error, builder.movetext);
        let mut read = builder.finish(Some(error));
        if let Some(read) = &mut read {
            read.game.span.end = read.game.span.end.max(end);
        }
        read
    }
}

impl Iterator for Reader<'_> {
    type Item = ReadGame;

    fn next(&mut self) -> Option<ReadGame> {
        self.read(false)
    }

    fn count(mut self) -> usize {
        std::iter::from_fn(|| self.read(true)).count()
    }

    fn nth(&mut self, n: usize) -> Option<ReadGame> {
        for _ in 0..n {
            self.read(true)?;
        }
        self.read(false)
    }
}

impl Reader<'_> {
    /// The same reader reading `text` instead (which must begin as its own
    /// did, up to where it has read): a state to keep without its text.
    fn rebind<'b>(&self, text: &'b str) -> Reader<'b> {
        Reader {
            text,
            lexer: self.lexer.rebind(text),
            pending: self.pending.clone(),
            pending_error: self.pending_error,
        }
    }

    /// Passes over the next game, skimming it (see `Reader`); false when
    /// there is none.
    pub fn skip_game(&mut self) -> bool {
        self.read(true).is_some()
    }

    /// The next game; skimmed (see `Reader`), an empty one standing for it.
    fn read(&mut self, skim: bool) -> Option<ReadGame> {
        // A token read ahead while skimming has no text: read it again.
        if self.lexer.skim && !skim {
            if let Some((_, span)) = self.pending.take() {
                self.lexer.at = span.start;
            }
        }
        self.lexer.skim = skim;
        let mut builder = Builder { skim: skim.then(|| vec![false]), ..Builder::default() };
        if let Some((e, start)) = self.pending_error.take() {
            let end = self.resync(&e, false);
            builder.game.span = Span::new(start, end.max(e.end));
            builder.started = true;
            return builder.finish(Some(e));
        }
        loop {
            let (token, span) = match self.next_token() {
                Ok(Some(next)) => next,
                Ok(None) => {
                    let error = builder.unclosed(self.text);
                    return builder.finish(error);
                }
                // A broken tag after movetext belongs to the next game.
                Err(e) if builder.movetext && self.lexer.in_tag() => {
                    self.pending_error = Some((e, self.lexer.token_start()));
                    let error = builder.unclosed(self.text);
                    return builder.finish(error);
                }
                Err(e) => {
                    if !builder.open.is_empty() {
                        if let Some(close) = self.skip_variation(&e, 0) {
                            builder.end_variation_at(e, close);
                            continue;
                        }
                    }
                    return self.failed(builder, e);
                }
            };
            // Tags after movetext begin the next game.
            if matches!(token, Token::Tag(_)) && builder.movetext {
                self.pending = Some((token, span));
                let error = builder.unclosed(self.text);
                return builder.finish(error);
            }
            let opens = usize::from(matches!(token, Token::Open));
            match builder.take(token, span, self.text) {
                Ok(Step::Continue) => {}
                Ok(Step::EndAfter) => return builder.finish(None),
                // (Too deep stays the game's error: the bound the README states.)
                Err(e) => {
                    if !builder.open.is_empty() && e.problem != Problem::TooDeep {
                        if let Some(close) = self.skip_variation(&e, opens) {
                            builder.end_variation_at(e, close);
                            continue;
                        }
                    }
                    return self.failed(builder, e);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_cut_short_by_a_syntax_error_spans_its_rest() {
        let games = [
            "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bz5 a6 {late} *",
            "[White \"B\"]\n\n1. d4 d5 2. c4 e6 3. Q@h5 Nf6 {no result}",
            "[White \"C\"]\n\n1. c4 (1. d4 ( *",
            "[White \"D\"]\n\n1. c4 *",
        ];
        let text = games.join("\n\n");
        let spans: Vec<&str> = read_games(&text).map(|g| &text[g.game.span.start..g.game.span.end]).collect();
        assert_eq!(spans, games);
        for (index, game) in games.iter().enumerate() {
            let (read, at, count) = read_game(&text, index);
            assert_eq!((&text[read.game.span.start..read.game.span.end], at, count), (*game, index, games.len()));
        }
    }

    #[test]
    fn same_text_compares_every_byte() {
        let text = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *";
        for len in 0..=text.len() {
            let a = &text[..len];
            let copy: String = a.chars().collect();
            assert!(same_text(a, &copy));
            for at in 0..len {
                let mut b = a.as_bytes().to_vec();
                b[at] = b'#';
                assert!(!same_text(a, std::str::from_utf8(&b).unwrap()), "{a:?} at {at}");
            }
            assert!(!same_text(a, &text[..len.saturating_sub(1)]) || len == 0);
            assert!(!same_text(a, &format!("{a} ")));
        }
    }
}
