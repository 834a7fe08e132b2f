//! Reading a chess text into the common result: read the moves (course
//! notation, PGN, or a FEN with moves), play them through
//! `outcome::play_line`, classify the end, and take a snapshot after every
//! ply (`plies`). Variations of a PGN are played like the main line. And
//! the tree read written back as PGN (`export_pgn`, with `notation::pgn`'s
//! writer).

use std::borrow::Cow;

use super::castling::{king_home, CastlingRights, CastlingSide};
use super::fen::{Dropped, FenError};
use super::notation::course::{self, IllegalMove, Illegality};
use super::notation::found;
use super::notation::pgn::{
    self, commands, export_plies, keep_rests, write_tree, ExportLine, GameResult, MoveNode, PgnGame, SyntaxError,
};
use super::notation::san::{not_castling, resolve, San, SanError};
use super::plies::{
    ply, ply_without_snapshot, push_main_line_ply, snapshot, suggestion, verdict, DeferredLine, DeferredPly, Ending,
};
use super::position::Position;
use super::role::Role;
use super::square::Square;
use crate::color::Color;
use crate::game::GameKind;
use crate::options::NotationChoice;
use crate::outcome::{
    play_line, ChessInfo, Failure, Notation, Outcome, Played, Ply, Shape, ShapeColor, Status, Tag, Utf16Offsets,
    Written, RESERVED_PLIES,
};
use crate::snapshot::{PositionText, Side};

/// What reading a chess text found, before it becomes an `Outcome`.
struct Read {
    start: Position,
    /// The position after the last legal move of the main line.
    last: Position,
    played: Played,
    info: ChessInfo,
    /// The FEN gives no position: the start position stands in for it
    /// inside, and the outcome shows an empty board instead.
    no_position: bool,
    /// The main line's moves, when their plies are left for later
    /// (`Snapshots::Deferred`).
    deferred: Option<Vec<DeferredPly>>,
}

impl Read {
    fn new(notation: Notation, start: Position, snapshots: Snapshots) -> Read {
        Read {
            start,
            last: start,
            played: Played::default(),
            info: ChessInfo {
                notation,
                tags: Vec::new(),
                stated_result: None,
                result: GameResult::Unknown.as_str().to_string(),
                games_in_text: 1,
                game_index: 0,
                game_start: 0,
                game_end: 0,
                notes: Vec::new(),
            },
            no_position: false,
            deferred: (snapshots == Snapshots::Deferred).then(Vec::new),
        }
    }

    /// The outcome, the position the game starts from, and the main line
    /// left for later.
    fn outcome(self, text: &str, failure: Option<Box<Failure>>, builds: Builds) -> Reading {
        let mut outcome = Outcome::new(GameKind::Chess, snapshot(&self.start, Ending::of(&self.start)));
        if self.no_position {
            // Not the start position as if the FEN had given it, nor its FEN to copy.
            let initial = &mut outcome.initial;
            (initial.cells, initial.fen) = (".".repeat(64).into(), PositionText::default());
            (initial.side_to_move, initial.check, initial.over) = (None, None, None);
        }
        let ending = Ending::of(&self.last);
        (outcome.status, outcome.winner, outcome.message) = verdict(&self.last, ending);
        let played = self.played.count;
        outcome.set_main_line(self.played);
        if let Some(failure) = failure {
            outcome.fail_after(*failure, played, text);
        }
        if outcome.status == Status::Incomplete && builds.suggestion {
            outcome.suggestion = suggestion(&self.last);
        }
        let mut info = self.info;
        let later = self.deferred.map(|plies| DeferredLine { start: self.start, plies });
        let stated = info.stated_result.as_deref().and_then(GameResult::parse);
        info.result = result_of(outcome.status, outcome.winner, stated).as_str().to_string();
        outcome.chess = Some(info);
        (outcome, self.start, later)
    }
}

/// A chess text read: its Outcome, the position its game starts from, and,
/// read with `Snapshots::Deferred`, its main line, which the Outcome's
/// `plies` leave out.
pub(crate) type Reading = (Outcome, Position, Option<DeferredLine>);

/// The result a PGN of the game carries: the board's verdict, else what
/// the text stated, else unknown (also after an error).
fn result_of(status: Status, winner: Option<Side>, stated: Option<GameResult>) -> GameResult {
    match (status, winner) {
        (Status::Checkmate, Some(Side::White)) => GameResult::WhiteWins,
        (Status::Checkmate, _) => GameResult::BlackWins,
        (Status::Stalemate, _) => GameResult::Draw,
        (Status::Incomplete, _) => stated.unwrap_or(GameResult::Unknown),
        _ => GameResult::Unknown,
    }
}

/// The note on a course line with a problem that SAN reads as a legal game.
pub const SAN_READS_IT: &str = "in SAN (Notation: PGN / SAN) every move of this text is legal";

/// Analyses a chess text: game `game_index` of it (from 0) when it holds
/// several PGN games.
pub fn analyze(text: &str, notation: NotationChoice, game_index: usize, with_suggestion: bool) -> Outcome {
    read(text, notation, game_index, Builds::now(with_suggestion)).0
}

/// `analyze`, with the main line's plies left for later: the Outcome has
/// none, and the line they are built from (`build_deferred`) is returned
/// beside it.
pub fn analyze_deferred(
    text: &str,
    notation: NotationChoice,
    game_index: usize,
    with_suggestion: bool,
) -> (Outcome, DeferredLine) {
    let builds = Builds { suggestion: with_suggestion, snapshots: Snapshots::Deferred };
    let (outcome, _, later) = read(text, notation, game_index, builds);
    (outcome, later.unwrap_or_default())
}

/// When the main line's snapshots are built.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum Snapshots {
    /// While the text is read.
    #[default]
    Now,
    /// Later, with the plies themselves (`build_deferred`), from the moves
    /// kept in a `DeferredLine`; the main line has no plies meanwhile.
    /// For the JavaScript API, which builds them when the page first looks
    /// at them: building the snapshots was a quarter of reading a game
    /// there, and the plies without them another third of what was left.
    Deferred,
}

/// What a read builds besides the verdict.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Builds {
    /// The suggested move, when the game goes on.
    pub suggestion: bool,
    pub snapshots: Snapshots,
}

impl Builds {
    /// Every snapshot now; the suggestion if asked.
    pub fn now(suggestion: bool) -> Builds {
        Builds { suggestion, snapshots: Snapshots::Now }
    }
}

/// `analyze`, and the position the game starts from (see `Reading`).
pub(crate) fn read(text: &str, notation: NotationChoice, game_index: usize, builds: Builds) -> Reading {
    match notation {
        NotationChoice::Course => read_course(text, builds),
        NotationChoice::Pgn => read_pgn_game(text, game_index, builds),
        NotationChoice::Auto if leading_fen(text).is_some() => read_fen(text, builds),
        NotationChoice::Auto => {
            // The course notation when the whole text is one valid course
            // line (nothing but white space after the line, which course
            // reading would silently drop).
            let line = course::first_line(text);
            if text[line.len()..].trim().is_empty() {
                let mut read = read_course_line(text, line, builds);
                if read.0.status != Status::ParseError {
                    // Course notation and SAN differ in a few readings (the
                    // course completes a move among pseudo-legal ones): a
                    // text that is a legal game in SAN says so.
                    if read.0.error.as_ref().is_some_and(|e| san_reads_it(text, line, e.ply)) {
                        if let Some(info) = read.0.chess.as_mut() {
                            info.notes.push(SAN_READS_IT.to_string());
                        }
                    }
                    return read;
                }
            }
            read_pgn_game(text, game_index, builds)
        }
    }
}

/// Whether SAN reads `text`, one course line whose move `failed` (from 0)
/// the course notation could not play, as a legal game. The text up to
/// that move is read first: SAN that cannot play it or a move before it
/// reads no legal game, and the words after it (a million of them) are
/// not read at all.
fn san_reads_it(text: &str, line: &str, failed: usize) -> bool {
    let legal = |text: &str| read_pgn_game(text, 0, Builds::now(false)).0.error.is_none();
    let upto = CourseTokens { line, at: 0 }.nth(failed).map_or(text.len(), |(_, end)| end);
    legal(&text[..upto]) && legal(text)
}

/// Analyses a game in the strict course notation (the first line of `text`).
pub fn analyze_course(text: &str, with_suggestion: bool) -> Outcome {
    read_course(text, Builds::now(with_suggestion)).0
}

fn read_course(text: &str, builds: Builds) -> Reading {
    read_course_line(text, course::first_line(text), builds)
}

/// `read_course`, `line` being the text's first line.
fn read_course_line(text: &str, line: &str, builds: Builds) -> Reading {
    let mut read = Read::new(Notation::Course, Position::start(), builds.snapshots);
    let mut pos = read.start;
    // The pseudo-legal en passant square (see `course::passed_square`).
    let mut passed = None;
    let mut utf16 = Utf16Offsets::new(text);
    let tokens = CourseTokens { line, at: 0 };
    if let Some(deferred) = read.deferred.as_mut() {
        deferred.reserve(tokens.size_hint().0.min(RESERVED_PLIES));
    }
    read.played = play_line(text, tokens, &mut utf16, |&(start, _), span, _, plies| {
        let (mv, _) = course::parse_move(line, start).map_err(|e| {
            // The end of the line is the `\n` or `\r` itself, or nothing at
            // the end of the text.
            let shown = e.character.or_else(|| text[e.offset..].chars().next());
            let reason = found::expected_but_found(e.expected, e.character, "the end of the line");
            Failure::new(Status::ParseError, e.to_string(), reason)
                .at(e.offset, e.offset + shown.map_or(0, char::len_utf8))
                .character(e.printed_character())
        })?;
        let done = course::complete(&pos, passed, &mv).map_err(|e| {
            Failure::new(Status::CompletionError, e.to_string(), e.explain()).squares(None, Some(e.to.to_string()))
        })?;
        // A move after the end is refused for that reason (a move that can
        // be played shows that the game had not ended).
        let (m, after) = course::resolve_and_play(&pos, &mv, done).map_err(|e| {
            let e = match Ending::of(&pos) {
                Ending::Ongoing => e,
                over => IllegalMove {
                    color: pos.turn(),
                    role: done.role,
                    from: done.from,
                    to: done.to,
                    reason: Illegality::GameOver { checkmate: over == Ending::Checkmate },
                },
            };
            Failure::new(Status::IllegalMove, e.to_string(), e.reason.to_string())
                .squares(Some(e.from.to_string()), Some(e.to.to_string()))
        })?;
        let before = pos;
        pos = after;
        passed = course::passed_square(m);
        push_main_line_ply((&before, &pos), m, span, plies, read.deferred.as_mut());
        Ok(())
    });
    read.last = pos;
    read.outcome(text, None, builds)
}

/// The byte spans of the moves of a course line (separated by spaces and
/// tabs), found as they are played: a line of a million words after an
/// illegal third move costs no memory for them.
#[derive(Clone)]
struct CourseTokens<'a> {
    line: &'a str,
    at: usize,
}

impl Iterator for CourseTokens<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        // Bytes, not characters: separators are ASCII, so every span found
        // starts and ends at a character boundary.
        let bytes = self.line.as_bytes();
        let separator = |b: &u8| course::is_separator(char::from(*b));
        let start = bytes.get(self.at..)?.iter().position(|b| !separator(b)).map(|i| self.at + i)?;
        let end = bytes[start..].iter().position(separator).map_or(bytes.len(), |i| start + i);
        self.at = end;
        Some((start, end))
    }

    /// Exact: the rest is counted (a walk over it, nothing allocated), so
    /// that the plies of a game are reserved at once (see `play_line`).
    fn size_hint(&self) -> (usize, Option<usize>) {
        let count = self.clone().count();
        (count, Some(count))
    }
}

impl Written for &MoveNode {
    fn span(&self) -> (usize, usize) {
        (self.span.start, self.span.end)
    }
}

/// Which line of a PGN `play_pgn_line` plays.
enum PgnLine<'a> {
    /// The main line; its moves go to the vector, when given, instead of
    /// their plies (see `Snapshots::Deferred`).
    Main(Option<&'a mut Vec<DeferredPly>>),
    Variation,
}

/// Plays a line of a PGN (the main line or a variation) from `start`
/// (where the last move's pawn passed over `passed`, see
/// `course::passed_square`), its variations too, noting how its moves were
/// read. Returns the line and the position after its last legal move.
///
/// A null move (`--`) passes the turn, which the board cannot show (a ply
/// moves a piece): a variation ends before it, with a note, and the rest of
/// the variation is left out (what follows depends on it), but not the null
/// move's own alternatives (see `past_null_moves`); in the main line it is
/// the game's error.
fn play_pgn_line(
    text: &str,
    line: &pgn::Line,
    start: Position,
    mut passed: Option<Square>,
    utf16: &mut Utf16Offsets,
    notes: &mut pgn::Notes,
    which: PgnLine,
) -> (Played, Position) {
    let (variation, mut deferred) = match which {
        PgnLine::Main(deferred) => (false, deferred),
        PgnLine::Variation => (true, None),
    };
    let mut pos = start;
    let (line, nulls) = if variation { past_null_moves(line) } else { (Cow::Borrowed(line), Vec::new()) };
    let line = line.as_ref();
    let null = variation.then(|| line.moves.iter().position(|node| node.san == San::Null)).flatten();
    let moves = &line.moves[..null.unwrap_or(line.moves.len())];
    if let Some(deferred) = deferred.as_mut() {
        deferred.reserve(moves.len().min(RESERVED_PLIES));
    }
    let mut played = play_line(text, moves, utf16, |node, span, utf16, plies| {
        let resolved = resolve(&pos, passed, &node.san);
        notes.played(text, node, resolved.as_ref().ok().copied());
        let m = resolved.map_err(|e| san_failure(text, node, &pos, &e))?;
        let after = pos.after(m);
        let annotated = !(node.nags.is_empty() && node.comments.is_empty() && node.variations.is_empty());
        if annotated {
            let mut ply = match deferred {
                // Left for later, but for what the move adds to it: built
                // now but for its snapshot.
                Some(_) => ply_without_snapshot(&pos, &after, m),
                None => ply(&pos, &after, m),
            };
            annotate(&mut ply, node);
            ply.variations = node
                .variations
                .iter()
                .map(|v| play_pgn_line(text, v, pos, passed, utf16, notes, PgnLine::Variation).0.line)
                // A variation that opened with a null move has nothing left to show.
                .filter(|v| !v.plies.is_empty() || v.error.is_some())
                .collect();
            match deferred.as_deref_mut() {
                Some(deferred) => {
                    let built = Some(Box::new(ply));
                    deferred.push(DeferredPly { m, after, start: span.0, end: span.1, built });
                }
                None => plies.push(ply),
            }
        } else {
            push_main_line_ply((&pos, &after), m, span, plies, deferred.as_deref_mut());
        }
        pos = after;
        passed = course::passed_square(m);
        Ok(())
    });
    // A syntax error ended the variation after its moves (when nothing before
    // it did); the failure names its own span, so no move's is given.
    if let (None, None, Some(e)) = (&played.line.error, null, &line.error) {
        let (_, _, error) = (*syntax_failure(e)).into_error(played.count, (0, 0), utf16);
        played.line.error = Some(error);
    }
    // Each null move the line reached: those whose alternatives were played on, and the one it ends at.
    let ended = null.and_then(|i| Some((i, line.moves.get(i)?.span)));
    let passed = nulls.iter().map(|&(at, span)| (at, span, true));
    for (at, span, replaced) in passed.chain(ended.map(|(at, span)| (at, span, false))) {
        if played.line.error.as_ref().is_none_or(|e| e.ply >= at) {
            notes.null_move(text, span, replaced);
        }
    }
    played.line.comments = words_of(&line.comments);
    played.line.shapes = line.comments.iter().flat_map(|c| commands::split(&c.text).drawings).map(shape_of).collect();
    (played, pos)
}

/// `line` with the alternatives of each null move it holds played on: they
/// start from the position before the null move and do not depend on it,
/// so the first takes its place and the others stay its alternatives (as
/// when a move is deleted on the board); the comments before the first
/// belong to that position too. A null move with no alternative is left
/// where it is, to end the line. Returns the line, and where each null
/// move that was passed stood (its place in the line, its span).
fn past_null_moves(line: &pgn::Line) -> (Cow<'_, pgn::Line>, Vec<(usize, pgn::Span)>) {
    let mut line = Cow::Borrowed(line);
    let mut passed = Vec::new();
    while let Some(at) = line.moves.iter().position(|node| node.san == San::Null && !node.variations.is_empty()) {
        let owned = line.to_mut();
        passed.push((at, owned.moves[at].span));
        let mut alternatives =
            std::mem::take(&mut owned.moves[at].variations).into_iter().filter(|v| !v.moves.is_empty());
        owned.moves.truncate(at);
        // The line's syntax error, after its moves, went with the rest; the
        // first alternative's comes with its moves.
        owned.error = None;
        let Some(first) = alternatives.next() else { continue };
        owned.error = first.error;
        match owned.moves.last_mut() {
            Some(before) => before.comments.extend(first.comments),
            None => owned.comments.extend(first.comments),
        }
        let start = owned.moves.len();
        owned.moves.extend(first.moves);
        owned.moves[start].variations.extend(alternatives);
    }
    (line, passed)
}

fn san_failure(text: &str, node: &MoveNode, pos: &Position, e: &SanError) -> Box<Failure> {
    // A move number for the other side shows where the game went astray
    // (a fragment pasted without its position, a move left out).
    let reason = match node.number {
        Some(n) if n.color != pos.turn() => {
            let (claimed, turn) = (n.color.fold("White's", "Black's"), pos.turn().fold("White", "Black"));
            format!("{} (the text numbers this move {n}, {claimed}, but {turn} is to move)", e.explain())
        }
        _ => e.explain(),
    };
    match e {
        // The move as written (`kg1`, `Ke1-g1`), without its check mark or glyph.
        SanError::NotCastling { error, side, .. } => {
            let written = text.get(node.span.start..node.span.end).unwrap_or_default();
            let written = written.trim_end_matches(['+', '#', '!', '?']);
            Failure::new(Status::CompletionError, e.to_string(), not_castling(written, *side))
                .squares(None, Some(error.to.to_string()))
        }
        SanError::Completion(c) | SanError::NoPieceOn { error: c, .. } => {
            Failure::new(Status::CompletionError, e.to_string(), reason).squares(None, Some(c.to.to_string()))
        }
        SanError::Illegal(i) => Failure::new(Status::IllegalMove, e.to_string(), reason)
            .squares(Some(i.from.to_string()), Some(i.to.to_string())),
        SanError::Null => {
            let null = SyntaxError::at(text, node.span.start, pgn::Problem::NullMove);
            let written = text.get(node.span.start..node.span.end).unwrap_or("--");
            let reason = format!(
                "a null move ({written}) passes the turn and cannot be played on the board: the game stops here \
                 (in a variation, it would end the variation)"
            );
            Failure::new(Status::ParseError, null.to_string(), reason).character(null.printed_character())
        }
    }
}

/// The words of comments, without their commands; empty ones dropped.
fn words_of(comments: &[pgn::Comment]) -> Vec<String> {
    comments.iter().map(|c| commands::split(&c.text).text).filter(|t| !t.is_empty()).collect()
}

/// Copies what the text says about a move onto its ply.
fn annotate(ply: &mut Ply, node: &MoveNode) {
    ply.nags.clone_from(&node.nags);
    for comment in &node.comments {
        let split = commands::split(&comment.text);
        if !split.text.is_empty() {
            ply.comments.push(split.text);
        }
        ply.shapes.extend(split.drawings.into_iter().map(shape_of));
        ply.clock = split.clock.or(ply.clock.take());
        ply.eval = split.eval.or(ply.eval.take());
    }
}

/// A drawing command as the page draws it.
fn shape_of(d: commands::Drawing) -> Shape {
    Shape {
        color: match d.brush {
            commands::Brush::Green => ShapeColor::Green,
            commands::Brush::Red => ShapeColor::Red,
            commands::Brush::Yellow => ShapeColor::Yellow,
            commands::Brush::Blue => ShapeColor::Blue,
        },
        from: d.from.name().into(),
        to: d.to.map(|sq| sq.name().into()),
    }
}

/// Analyses the first game of a PGN text (read leniently, see
/// `notation::pgn`).
pub fn analyze_pgn(text: &str, with_suggestion: bool) -> Outcome {
    read_pgn_game(text, 0, Builds::now(with_suggestion)).0
}

/// Reads game `index` (from 0; the last one if there are fewer) of a
/// PGN text. The problems are reported in reading order: a bad `FEN` tag,
/// then the first main-line move that cannot be played, then a syntax error
/// after the last move read. Variations are played too; their problems stay
/// in the variation. The stated result is kept as written and never
/// contradicts the verdict: a resigned game (`1-0` on a position that goes
/// on) is `game incomplete`.
fn read_pgn_game(text: &str, index: usize, builds: Builds) -> Reading {
    let (chosen, game_index, games_in_text) = pgn::read_game(text, index);
    let pgn::ReadGame { game, error: syntax_error } = chosen;
    // One walk over the text for every offset: up to the game (only one
    // game of a long text is looked at), then along it.
    let mut utf16 = Utf16Offsets::new(text);
    let game_start = utf16.at(game.span.start);
    let (mut read, failure) = read_pgn(text, &game, syntax_error, Notation::Pgn, None, &mut utf16, builds.snapshots);
    read.info.games_in_text = games_in_text;
    read.info.game_index = game_index;
    (read.info.game_start, read.info.game_end) = (game_start, utf16.at(game.span.end));
    let (mut outcome, start, later) = read.outcome(text, failure, builds);
    if let (Some(variant), Some(error)) = (other_variant(&game), outcome.error.as_mut()) {
        error.reason.push_str(&format!(" (the Variant tag says {variant}: this board plays standard chess)"));
    }
    (outcome, start, later)
}

/// The game's variant, when its `Variant` tag names one other than
/// standard chess (lichess writes `Standard` or `From Position` for it).
fn other_variant(game: &PgnGame) -> Option<&str> {
    let variant = game.tag("Variant")?.value.trim();
    let standard = ["", "standard", "chess", "normal", "from position", "fromposition"];
    (!standard.contains(&variant.to_ascii_lowercase().as_str())).then_some(variant)
}

/// Plays a PGN game from its `FEN` tag (or `start`, when the text gave the
/// position otherwise: a FEN and what was dropped from it); the
/// failure, if the start position is bad.
fn read_pgn(
    text: &str,
    game: &PgnGame,
    syntax_error: Option<SyntaxError>,
    notation: Notation,
    start: Option<(Position, Dropped)>,
    utf16: &mut Utf16Offsets,
    snapshots: Snapshots,
) -> (Read, Option<Box<Failure>>) {
    let from_tag = start.is_none();
    let (start, dropped) = match start.map_or_else(|| game.start(), Ok) {
        Ok(start) => start,
        Err(e) => {
            let (message, character) = match &e.error {
                // A character of the FEN that does not fit: a parse error there.
                FenError::Syntax { .. } => {
                    let at = SyntaxError::at(text, e.at.start, pgn::Problem::Unexpected("a valid FEN"));
                    (at.to_string(), Some(at.printed_character()))
                }
                // Well written, but not a position: say why.
                FenError::Position(p) => (p.to_string(), None),
            };
            let reason = format!("the FEN tag does not give a position to play from: {}", e.error);
            let mut failure = Failure::new(Status::ParseError, message, reason).at(e.at.start, e.at.end);
            failure.character = character;
            let mut read = Read::new(notation, Position::start(), snapshots);
            read.no_position = true;
            read.info.tags = tags_of(game);
            return (read, Some(failure));
        }
    };
    let mut read = Read::new(notation, start, snapshots);
    let passed = if notation == Notation::Fen { None } else { game.start_passed_square() };
    let mut notes = pgn::Notes::new(text, game);
    let main = PgnLine::Main(read.deferred.as_mut());
    (read.played, read.last) = play_pgn_line(text, &game.main, start, passed, utf16, &mut notes, main);
    read.info.tags = tags_of(game);
    read.info.notes.extend(
        game.tags
            .iter()
            .filter(|t| t.lenient_quotes)
            .map(|t| format!("read the {} tag up to its last quote: its inner quotes are not escaped", t.name)),
    );
    let source = if from_tag { "the FEN tag" } else { "the FEN" };
    if dropped.castling != CastlingRights::NONE {
        read.info.notes.push(dropped_castling(&start, dropped.castling, source));
    }
    if let Some(square) = dropped.en_passant {
        read.info
            .notes
            .push(format!("dropped the en passant square {square} of {source}: no pawn has just passed over it"));
    }
    let mut typographic = game.tags.iter().filter(|t| t.typographic_quotes);
    if let Some(first) = typographic.next() {
        let more = match typographic.count() {
            0 => String::new(),
            n => format!(" (and {n} more)"),
        };
        read.info.notes.push(format!("read the typographic quotes of the {} tag as plain quotes{more}", first.name));
    }
    read.info.notes.extend(notes.into_words());
    read.info.stated_result = game.stated_result().map(|r| r.as_str().to_string());
    let failure = match syntax_error {
        Some(e) if read.played.failure.is_none() => Some(syntax_failure(&e)),
        _ => None,
    };
    (read, failure)
}

/// A syntax error of the PGN as a failure: a parse error at its character.
fn syntax_failure(e: &SyntaxError) -> Box<Failure> {
    Failure::new(Status::ParseError, e.to_string(), e.explain()).at(e.start, e.end).character(e.printed_character())
}

/// The note on castling rights a FEN gave that its board cannot have:
/// which were dropped, and why (`dropped the castling right "K" of the FEN
/// tag: there is no white rook on h1`).
fn dropped_castling(pos: &Position, dropped: CastlingRights, source: &str) -> String {
    let mut reasons: Vec<String> = Vec::new();
    for color in Color::ALL {
        for side in CastlingSide::ALL {
            if !dropped.has(color, side) {
                continue;
            }
            let (king, rook) = (king_home(color), side.rook_square(color));
            let reason = if !pos.pieces(color, Role::King).contains(king) {
                format!("the {color} king is not on {king}")
            } else {
                format!("there is no {color} rook on {rook}")
            };
            if !reasons.contains(&reason) {
                reasons.push(reason);
            }
        }
    }
    let rights = dropped.fen();
    let plural = if rights.len() > 1 { "s" } else { "" };
    format!("dropped the castling right{plural} \"{rights}\" of {source}: {}", reasons.join(", and "))
}

fn tags_of(game: &PgnGame) -> Vec<Tag> {
    game.tags.iter().map(|t| Tag { name: t.name.clone(), value: t.value.clone() }).collect()
}

/// The first non-blank line of `text`, when it is a chess FEN (eight ranks
/// separated by `/`): its byte span. Moves may follow on the same line once
/// its six fields are complete.
pub fn leading_fen(text: &str) -> Option<(usize, usize)> {
    let start = text.len() - text.trim_start().len();
    // The first word ends at white space, so on the first line: the line is
    // looked for only for a FEN (a course line is walked once less).
    let board = text[start..].split_whitespace().next()?;
    // Any letter or digit: a FEN with a wrong piece letter is still a FEN,
    // whose reader names that letter (as moves it would fail at its start).
    let fen_like = |c: char| c.is_ascii_alphanumeric() || c == '/';
    if board.matches('/').count() != 7 || !board.chars().all(fen_like) {
        return None;
    }
    let line = course::first_line(&text[start..]).trim_end();
    Some((start, start + end_of_six_fields(line)))
}

/// Where the sixth whitespace-separated field of `line` ends (its end, with fewer).
fn end_of_six_fields(line: &str) -> usize {
    let mut fields = 0;
    let mut in_field = false;
    for (i, c) in line.char_indices() {
        match (c.is_whitespace(), in_field) {
            (true, true) if fields == 6 => return i,
            (true, true) => in_field = false,
            (false, false) => {
                in_field = true;
                fields += 1;
            }
            _ => {}
        }
    }
    line.len()
}

/// Reads a FEN on the first line of `text`, then moves from it (read as
/// PGN movetext).
fn read_fen(text: &str, builds: Builds) -> Reading {
    let Some((start, end)) = leading_fen(text) else {
        return read_pgn_game(text, 0, builds);
    };
    let fen = &text[start..end];
    let position = match Position::from_fen_leniently(fen) {
        Ok(start) => start,
        Err(e) => {
            let (at, character) = match e {
                FenError::Syntax { offset, .. } => {
                    let c = fen[offset.min(fen.len())..].chars().next();
                    (start + offset, c)
                }
                FenError::Position(_) => (start, None),
            };
            let stop = if character.is_some() { at + character.map_or(0, char::len_utf8) } else { end };
            let mut read = Read::new(Notation::Fen, Position::start(), builds.snapshots);
            read.last = read.start;
            let mut failure = Failure::new(
                Status::ParseError,
                e.to_string(),
                format!("the FEN does not give a position to play from: {e}"),
            )
            .at(at, stop);
            failure.character = character.map(String::from);
            read.no_position = true;
            return read.outcome(text, Some(failure), Builds { suggestion: false, ..builds });
        }
    };
    let pgn::ReadGame { game, error } = moves_after_fen(text, (start, end));
    let mut utf16 = Utf16Offsets::new(text);
    let (read, failure) = read_pgn(text, &game, error, Notation::Fen, Some(position), &mut utf16, builds.snapshots);
    read.outcome(text, failure, builds)
}

/// The moves after the FEN at `start..end` of `text`, read with
/// the FEN blanked out, so that every span still points into `text`.
fn moves_after_fen(text: &str, (start, end): (usize, usize)) -> pgn::ReadGame {
    let mut rest = String::with_capacity(text.len());
    rest.push_str(&text[..start]);
    rest.extend(std::iter::repeat_n(' ', end - start));
    rest.push_str(&text[end..]);
    pgn::read_games(&rest).next().unwrap_or_default()
}

/// The game a chess text holds as the PGN reader read it (its syntax
/// tree, with what the board cannot show), for PGN and for a FEN followed
/// by moves; `None` for the course notation.
pub(crate) fn syntax_of(text: &str, notation: Notation, game_index: usize) -> Option<PgnGame> {
    match notation {
        Notation::Pgn => Some(pgn::read_game(text, game_index).0.game),
        Notation::Fen => Some(moves_after_fen(text, leading_fen(text)?).game),
        _ => None,
    }
}

/// The PGN of a chess text's whole tree (`Copy PGN`): its tags, its start
/// position, every line with its comments, NAGs, drawings, clocks and
/// evaluations, up to each line's first problem, and its result.
pub fn export_pgn(text: &str, notation: NotationChoice, game_index: usize) -> String {
    let (outcome, start, _) = read(text, notation, game_index, Builds::now(false));
    write_tree(&outcome, &start, &export_tree(text, &outcome).0)
}

/// The tree a chess text is written back from (Copy PGN, an edit from the
/// board): the Outcome's lines, each variation that stops at a null move
/// with the rest of it as written (`ExportLine::tail`); and the first thing
/// of the text that the tree does not hold, what it is and where: a null
/// move in the main line, or one in a variation whose rest cannot be kept
/// so, or a variation of comments alone.
pub(crate) fn export_tree(text: &str, outcome: &Outcome) -> (ExportLine, Option<String>) {
    let mut tree = export_plies(&outcome.comments, &outcome.shapes, &outcome.plies);
    let syntax = outcome.chess.as_ref().and_then(|info| syntax_of(text, info.notation, info.game_index));
    let unkept = syntax.and_then(|game| keep_rests(text, &game.main, &outcome.plies, &mut tree));
    (tree, unkept)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_game_of_a_pgn_text_is_read_by_its_index() {
        let text = "[White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n1. e4 1-0\n\n[Event \"Club\"]\n1. d4 d5 *";
        let second = analyze(text, NotationChoice::Auto, 1, false);
        assert_eq!(second.plies.len(), 2);
        assert_eq!(second.chess.unwrap().game_index, 1);
    }
}
