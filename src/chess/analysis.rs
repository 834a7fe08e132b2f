//! Chess's adapter to the common result: read the moves (course notation,
//! PGN, or a FEN with moves), play them through `outcome::play_line`,
//! classify the end, and take a snapshot after every ply. Variations of a
//! PGN are played like the main line.

use std::borrow::Cow;

use super::bitboard::Bitboard;
use super::castling::{king_home, CastlingRights, CastlingSide};
use super::fen::{Dropped, FenError};
use super::moves::Move;
use super::notation::course::{self, IllegalMove, Illegality};
use super::notation::pgn::{self, commands, ExportLine, ExportMove, GameResult, MoveNode, PgnGame, SyntaxError};
use super::notation::san::{not_castling, resolve, san, san_with_suffix, San, SanError};
use super::position::{cells_of, Position};
use super::role::{Piece, Role};
use super::search;
use super::square::Square;
use crate::color::Color;
use crate::game::GameKind;
use crate::options::NotationChoice;
use crate::outcome::{
    play_line, BoardMove, ChessInfo, Failure, Line, MoveText, Notation, Outcome, Played, Ply, Reason, Refusal, Shape,
    ShapeColor, Status, Suggestion, Tag, Utf16Offsets, Written,
};
use crate::short::Path;
use crate::snapshot::{BoardKind, Cells, Over, PieceNames, PositionText, Side, Snapshot};

/// The chess board: no landmarks, a1 dark.
pub const BOARD: BoardKind = BoardKind { width: 8, height: 8, landmarks: &[], dark_parity: 1, pieces: PIECE_NAMES };

/// Every chess piece letter with its name (grid problems use them too).
pub const PIECE_NAMES: PieceNames = PieceNames(&[
    ('K', "white king"),
    ('Q', "white queen"),
    ('R', "white rook"),
    ('B', "white bishop"),
    ('N', "white knight"),
    ('P', "white pawn"),
    ('k', "black king"),
    ('q', "black queen"),
    ('r', "black rook"),
    ('b', "black bishop"),
    ('n', "black knight"),
    ('p', "black pawn"),
]);

/// How the game stands after the last legal move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Checkmate,
    Stalemate,
    Ongoing,
}

impl Ending {
    pub fn of(pos: &Position) -> Ending {
        Ending::given(pos, pos.checkers())
    }

    /// `of`, `checkers` being `pos.checkers()`.
    fn given(pos: &Position, checkers: Bitboard) -> Ending {
        if pos.has_legal_moves_given(checkers) {
            Ending::Ongoing
        } else if checkers.any() {
            Ending::Checkmate
        } else {
            Ending::Stalemate
        }
    }
}

/// The verdict line for a game that was read without error.
pub fn verdict(pos: &Position, ending: Ending) -> (Status, Option<Side>, String) {
    match ending {
        Ending::Checkmate => {
            let winner = !pos.turn();
            (Status::Checkmate, Some(winner.into()), format!("{winner} wins by checkmate"))
        }
        Ending::Stalemate => (Status::Stalemate, None, "draw by stalemate".to_string()),
        Ending::Ongoing => (Status::Incomplete, None, "game incomplete".to_string()),
    }
}

/// The picture of a position; `ending` is `Ending::of(pos)`.
pub fn snapshot(pos: &Position, ending: Ending) -> Snapshot {
    snapshot_in_check(pos, ending, pos.is_check())
}

/// `snapshot`, when the caller knows whether the side to move is in check.
fn snapshot_in_check(pos: &Position, ending: Ending, check: bool) -> Snapshot {
    let mut snapshot = Snapshot::new(&BOARD, Cells::default(), PositionText::default());
    write_snapshot(&mut snapshot, pos, ending, check);
    snapshot
}

/// Writes the picture of `pos` over a chess `snapshot`, field by field (in
/// place in a ply: see `push_ply`).
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn write_snapshot(snapshot: &mut Snapshot, pos: &Position, ending: Ending, check: bool) {
    let cells = pos.cell_bytes();
    snapshot.cells = Cells::from_ascii_block(&cells, cells.len());
    snapshot.fen = pos.fen_of_cells(&cells);
    snapshot.side_to_move = Some(pos.turn().into());
    snapshot.check = check.then(|| pos.king_of(pos.turn()).name().into());
    snapshot.move_number = pos.fullmoves();
    snapshot.over = match ending {
        Ending::Ongoing => None,
        Ending::Checkmate => {
            let winner = !pos.turn();
            Some(Over {
                status: Status::Checkmate,
                winner: Some(winner.into()),
                reason: format!("{winner} wins by checkmate"),
            })
        }
        Ending::Stalemate => {
            Some(Over { status: Status::Stalemate, winner: None, reason: format!("{} has no legal move", pos.turn()) })
        }
    };
}

fn letter(color: Color, role: Role) -> char {
    Piece::new(color, role).char()
}

/// A chess ply with nothing in it yet, for `write_ply`.
fn empty_ply() -> Ply {
    Ply::new(
        MoveText::default(),
        Path::default(),
        ' ',
        Snapshot::new(&BOARD, Cells::default(), PositionText::default()),
    )
}

/// The `Ply` for a legal move `m` played from `before`.
pub fn ply(before: &Position, after: &Position, m: Move) -> Ply {
    let mut ply = empty_ply();
    write_ply(&mut ply, before, after, m);
    ply
}

/// Pushes the `Ply` of `ply(before, after, m)` onto `plies`, written in its
/// place: a ply built and then pushed was copied twice natively (its
/// snapshot into it, it into the list), 3% of analysing a game.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn push_ply(plies: &mut Vec<Ply>, before: &Position, after: &Position, m: Move) {
    // Not `push(empty_ply())`: even an empty ply was built aside and copied.
    plies.resize_with(plies.len() + 1, empty_ply);
    if let Some(ply) = plies.last_mut() {
        write_ply(ply, before, after, m);
    }
}

/// Writes the move and position of `ply(before, after, m)` over an empty
/// chess ply.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn write_ply(ply: &mut Ply, before: &Position, after: &Position, m: Move) {
    let us = before.turn();
    // Found once, for both the check and the ending.
    let checkers = after.checkers();
    let (check, ending) = (checkers.any(), Ending::given(after, checkers));
    let notation = san_with_suffix(before, m, check, ending != Ending::Ongoing);
    let (from, to) = (m.from().name(), m.to().name());
    ply.notation = MoveText::from(notation.as_str());
    (ply.from, ply.to) = (from.into(), to.into());
    ply.path = Path::from([from.into(), to.into()]);
    ply.piece = letter(us, m.role());
    ply.captured = m.capture().map(|r| letter(!us, r)).into();
    ply.promotion = m.promotion().map(|r| letter(us, r));
    write_snapshot(&mut ply.snapshot, after, ending, check);
}

/// A main line whose plies are left for later (`Snapshots::Deferred`):
/// what building each of them needs (`build_deferred`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DeferredLine {
    /// The position the line starts from.
    pub start: Position,
    pub plies: Vec<DeferredPly>,
}

/// A move of a `DeferredLine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DeferredPly {
    pub m: Move,
    /// The position after it.
    pub after: Position,
    /// Its span in the text (UTF-16 code units).
    pub start: usize,
    pub end: usize,
    /// The ply of a move with comments, glyphs or variations, built while
    /// reading, its snapshot left empty; `None`: built from `m` later.
    pub built: Option<Box<Ply>>,
}

/// Pushes the ply of a move of a main line onto `plies`; or, when its
/// ply is left for later (`deferred` given), the move onto `deferred`,
/// spanning `span`. Keeping a few fields rather than building the ply made
/// reading a game as wasm about a third faster.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn push_main_line_ply(
    (before, after): (&Position, &Position),
    m: Move,
    span: (usize, usize),
    plies: &mut Vec<Ply>,
    deferred: Option<&mut Vec<DeferredPly>>,
) {
    match deferred {
        Some(deferred) => deferred.push(DeferredPly { m, after: *after, start: span.0, end: span.1, built: None }),
        None => push_ply(plies, before, after, m),
    }
}

/// The ply of a move with an empty snapshot, for a main line left for
/// later whose move has comments, glyphs or variations (`DeferredPly::built`).
/// Only a checkmate shows in the ply then (its `#`).
fn ply_without_snapshot(before: &Position, after: &Position, m: Move) -> Ply {
    // Not `ply` with its snapshot passed in: sharing one builder made
    // reading a game natively 4% slower (`ply` builds its snapshot in place).
    let us = before.turn();
    let check = after.is_check();
    let notation = san_with_suffix(before, m, check, check && !after.has_legal_moves());
    let path = [m.from().name().into(), m.to().name().into()];
    let mut ply = Ply::new(notation.as_str(), path, letter(us, m.role()), Snapshot::new(&BOARD, "", ""));
    ply.captured = m.capture().map(|r| letter(!us, r)).into();
    ply.promotion = m.promotion().map(|r| letter(us, r));
    ply
}

impl crate::outcome::LaterPlies for DeferredLine {
    fn len(&self) -> usize {
        self.plies.len()
    }

    fn build(self: Box<Self>) -> Vec<Ply> {
        build_deferred(*self)
    }
}

/// The plies of a main line left for later (`Snapshots::Deferred`), every
/// snapshot built: the line read with `Snapshots::Now` has the same.
pub fn build_deferred(line: DeferredLine) -> Vec<Ply> {
    let mut before = line.start;
    let mut plies = Vec::with_capacity(line.plies.len());
    for d in line.plies {
        // Pushed as built, then completed in place: a ply is large to copy.
        match d.built {
            Some(built) => {
                plies.push(*built);
                if let Some(ply) = plies.last_mut() {
                    ply.snapshot = snapshot(&d.after, Ending::of(&d.after));
                }
            }
            None => push_ply(&mut plies, &before, &d.after, d.m),
        }
        if let Some(ply) = plies.last_mut() {
            (ply.start, ply.end) = (d.start, d.end);
        }
        before = d.after;
    }
    plies
}

/// The suggestion for a position where the game goes on.
pub fn suggestion(pos: &Position) -> Option<Suggestion> {
    let found = search::suggest(pos)?;
    let m = found.best;
    let us = pos.turn();
    let mut line = format!("suggest {} {} from {} to {}", us, m.role(), m.from(), m.to());
    if let Some(p) = m.promotion() {
        line.push_str(&format!(" promoting to {p}"));
    }
    Some(Suggestion {
        from: m.from().name().into(),
        to: m.to().name().into(),
        path: vec![m.from().name().into(), m.to().name().into()],
        piece: letter(us, m.role()),
        promotion: m.promotion().map(|r| letter(us, r)),
        notation: san(pos, m),
        line,
        reason: match found.reason {
            search::Reason::Mate => Reason::Mate,
            search::Reason::AvoidsMate => Reason::AvoidsMate,
            search::Reason::OnlyMoves => Reason::OnlyMoves,
            search::Reason::Strategy => Reason::Strategy,
        },
        mate_in: found.mate_in,
    })
}

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
                    if read.0.error.is_some() && read_pgn_game(text, 0, Builds::now(false)).0.error.is_none() {
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
    let tokens = course_tokens(line);
    if let Some(deferred) = read.deferred.as_mut() {
        deferred.reserve(tokens.len());
    }
    read.played = play_line(text, tokens, &mut utf16, |&(start, _), span, _, plies| {
        let (mv, _) = course::parse_move(line, start).map_err(|e| {
            // The end of the line is the `\n` or `\r` itself, or nothing at
            // the end of the text.
            let shown = e.character.or_else(|| text[e.offset..].chars().next());
            let found = match e.character {
                None => "the end of the line".to_string(),
                Some(' ') => "a space".to_string(),
                Some('\t') => "a tab".to_string(),
                Some(c) => format!("'{c}'"),
            };
            Failure::new(Status::ParseError, e.to_string(), format!("expected {} but found {found}", e.expected))
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

/// The byte spans of the moves of a course line (separated by spaces and tabs).
fn course_tokens(line: &str) -> Vec<(usize, usize)> {
    // At most one token in two bytes: no growing.
    let mut tokens = Vec::with_capacity(line.len() / 2 + 1);
    // Bytes, not characters: separators are ASCII, so every span found
    // starts and ends at a character boundary.
    let bytes = line.as_bytes();
    let separator = |b: &u8| course::is_separator(char::from(*b));
    let mut at = 0;
    while let Some(start) = bytes[at..].iter().position(|b| !separator(b)).map(|i| at + i) {
        let end = bytes[start..].iter().position(separator).map_or(line.len(), |i| start + i);
        tokens.push((start, end));
        at = end;
    }
    tokens
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
        deferred.reserve(moves.len());
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

/// The PGN of `tree`, with the tags and result of the game `outcome` read.
fn write_tree(outcome: &Outcome, start: &Position, tree: &ExportLine) -> String {
    let tags: Vec<(String, String)> = outcome
        .chess
        .as_ref()
        .map(|info| info.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect())
        .unwrap_or_default();
    let result = outcome.chess.as_ref().and_then(|info| GameResult::parse(&info.result)).unwrap_or(GameResult::Unknown);
    pgn::write_pgn(&tags, start, tree, result)
}

/// The PGN of an analysed chess game starting from `start`, from its
/// Outcome alone (as `export_pgn`, without the rests of variations after
/// null moves, which only the text holds).
pub fn export_outcome(outcome: &Outcome, start: &Position) -> String {
    write_tree(outcome, start, &export_plies(&outcome.comments, &outcome.shapes, &outcome.plies))
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

/// Gives the variations of `tree` (the export of `plies`, which `line` of
/// the text holds) that stop at a null move the rest of them as written;
/// returns the first thing it cannot keep (see `export_tree`). The
/// variations the Outcome leaves out (one that opens with a null move, or
/// holds no move) are found in the text as `play_pgn_line` leaves them out.
fn keep_rests(text: &str, line: &pgn::Line, plies: &[Ply], tree: &mut ExportLine) -> Option<String> {
    let null_move = |node: &MoveNode| {
        let written = text.get(node.span.start..node.span.end).unwrap_or("--");
        Some(format!("the null move {written} {}", pgn::place(text, node.span)))
    };
    for (i, node) in line.moves.iter().enumerate() {
        if node.san == San::Null {
            return if tree.tail.is_some() { None } else { null_move(node) };
        }
        // Past the line's first problem nothing is written back (and the edit says so).
        let (Some(ply), Some(exported)) = (plies.get(i), tree.moves.get_mut(i)) else { return None };
        let mut shown = ply.variations.iter().zip(exported.variations.iter_mut());
        let mut opening_with_null = Vec::new();
        for variation in &node.variations {
            // A null move with alternatives: the first is played in its place, and the null move's own line is lost.
            if let Some(passed) = variation.moves.iter().find(|n| n.san == San::Null && !n.variations.is_empty()) {
                return null_move(passed);
            }
            let Some(first) = variation.moves.first() else {
                // A variation ended by a syntax error before its first move is in the Outcome (with its
                // error) and a problem, written nowhere; one without moves or error is not in it.
                if variation.error.is_some() {
                    shown.next();
                } else if let Some(comment) = variation.comments.first() {
                    return Some(format!("the variation without moves {}", pgn::place(text, comment.span)));
                }
                continue;
            };
            if first.san == San::Null {
                // Left out of the Outcome: kept as an alternative of its own, after the ones shown.
                let Some(rest) = pgn::variation_rest(text, first.span.start) else { return null_move(first) };
                let comments = variation.comments.iter().map(|c| c.text.clone()).collect();
                opening_with_null.push(ExportLine { comments, moves: Vec::new(), tail: Some(rest.to_string()) });
                continue;
            }
            let Some((shown, kept)) = shown.next() else { return Some("a variation the board does not show".into()) };
            let null = variation.moves.iter().position(|n| n.san == San::Null);
            if let Some(k) = null.filter(|&k| shown.error.is_none() && shown.plies.len() == k) {
                kept.tail = pgn::variation_rest(text, variation.moves[k].span.start).map(str::to_string);
            }
            if let Some(unkept) = keep_rests(text, variation, &shown.plies, kept) {
                return Some(unkept);
            }
        }
        exported.variations.append(&mut opening_with_null);
    }
    None
}

/// `comments` with the commands for `shapes`, `clock` and `eval` written
/// into the last one (as lichess writes them), or into a comment of their own.
fn with_commands(comments: &[String], shapes: &[Shape], clock: Option<&str>, eval: Option<&str>) -> Vec<String> {
    let mut comments = comments.to_vec();
    let drawings: Vec<commands::Drawing> = shapes.iter().filter_map(drawing_of).collect();
    let written = commands::write(&drawings, clock, eval);
    match comments.last_mut() {
        Some(last) if !written.is_empty() => {
            last.push(' ');
            last.push_str(&written);
        }
        _ if !written.is_empty() => comments.push(written),
        _ => {}
    }
    comments
}

pub(crate) fn export_line(line: &Line) -> ExportLine {
    // A variation whose first move was a problem has nothing to show: its
    // words go with it (alone they would be a variation of comments, which
    // an edit from the board then refuses to rewrite).
    if line.plies.is_empty() && line.error.is_some() {
        return ExportLine::default();
    }
    export_plies(&line.comments, &line.shapes, &line.plies)
}

/// A line given by its parts: an Outcome's main line is not a `Line`.
fn export_plies(comments: &[String], shapes: &[Shape], plies: &[Ply]) -> ExportLine {
    ExportLine {
        tail: None,
        comments: with_commands(comments, shapes, None, None),
        moves: plies
            .iter()
            .map(|ply| {
                let comments = with_commands(&ply.comments, &ply.shapes, ply.clock.as_deref(), ply.eval.as_deref());
                ExportMove {
                    san: ply.notation.to_string(),
                    nags: ply.nags.clone(),
                    comments,
                    variations: ply.variations.iter().map(export_line).collect(),
                }
            })
            .collect(),
    }
}

fn drawing_of(shape: &Shape) -> Option<commands::Drawing> {
    let square = |name: &str| super::Square::parse(name);
    Some(commands::Drawing {
        brush: match shape.color {
            ShapeColor::Green => commands::Brush::Green,
            ShapeColor::Red => commands::Brush::Red,
            ShapeColor::Yellow => commands::Brush::Yellow,
            ShapeColor::Blue => commands::Brush::Blue,
        },
        from: square(&shape.from)?,
        to: match &shape.to {
            Some(to) => Some(square(to)?),
            None => None,
        },
    })
}

/// Every legal move of `pos`, as the board offers them.
pub fn legal_moves(pos: &Position) -> Vec<BoardMove> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            let after = pos.after(m);
            BoardMove::from(&ply(pos, &after, m))
        })
        .collect()
}

/// The legal move `text` names on `pos`, written in SAN or long algebraic
/// (`Nf3`, `g1f3`, `e7e8=Q`, `O-O`), or why there is none.
fn move_of(pos: &Position, text: &str) -> Result<Move, Refusal> {
    // A glyph after the move (`Bb5!`) says what the player thinks of it: played all the same.
    let (text, _) = pgn::split_glyph(text);
    let san: San = text.parse().map_err(|e: course::ParseError| {
        Refusal::BadMove(format!("{text:?} is not a move: at character {}, expected {}", e.offset + 1, e.expected))
    })?;
    resolve(pos, None, &san).map_err(|e| Refusal::Illegal(e.explain()))
}

/// Plays one move written in SAN or long algebraic on `pos`: the ply, or
/// why it cannot be played.
pub fn play_text(pos: &Position, text: &str) -> Result<Ply, Refusal> {
    let m = move_of(pos, text)?;
    let after = pos.after(m);
    Ok(ply(pos, &after, m))
}

/// One game of a PGN text, as a game chooser lists it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct GameSummary {
    /// Its place in the text, from 0 (the `gameIndex` that analyses it).
    pub index: usize,
    pub white: Option<String>,
    pub black: Option<String>,
    /// The result the game states, if any.
    pub result: Option<String>,
    pub event: Option<String>,
    pub round: Option<String>,
    pub date: Option<String>,
    /// Moves of its main line, as written.
    pub plies: usize,
    /// Where its text starts and ends (from its first token to its last),
    /// counted as JS strings count (UTF-16): `text.slice(start, end)` is
    /// the game alone, e.g. for a link that holds only the chosen game.
    pub start: usize,
    pub end: usize,
}

/// Every game of a PGN text, with its tags (`?` values left out).
pub fn list_games(text: &str) -> Vec<GameSummary> {
    // The games come in order, so one walk of the text converts every span.
    let mut utf16 = crate::outcome::Utf16Offsets::new(text);
    pgn::read_games(text)
        .enumerate()
        .map(|(index, read)| {
            let game = &read.game;
            let (start, end) = (utf16.at(game.span.start), utf16.at(game.span.end));
            let tag = |name: &str| {
                game.tag(name).map(|t| t.value.trim()).filter(|v| !v.is_empty() && !v.chars().all(|c| "?.".contains(c)))
            };
            GameSummary {
                index,
                white: tag("White").map(String::from),
                black: tag("Black").map(String::from),
                result: game.stated_result().map(|r| r.as_str().to_string()),
                event: tag("Event").map(String::from),
                round: tag("Round").map(String::from),
                date: tag("Date").map(String::from),
                plies: game.main.moves.len(),
                start,
                end,
            }
        })
        .collect()
}

/// A chess position as the board editor edits it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SetupView {
    /// 64 characters, rank 8 first, `.` for an empty square.
    pub cells: String,
    /// `white` or `black`.
    pub side_to_move: String,
    /// The FEN's castling field: `KQkq`, a part of it, or `-`.
    pub castling: String,
    /// The square a pawn may be taken on en passant, if any.
    pub en_passant: Option<String>,
    pub halfmoves: u32,
    pub fullmoves: u32,
}

/// A position the editor made: its FEN, and every reason it cannot be
/// played from (empty when it can).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SetupResult {
    pub fen: String,
    pub problems: Vec<String>,
}

/// The editor's view of a FEN (read, not validated: an impossible
/// position can still be edited).
pub fn setup_view(fen: &str) -> Result<SetupView, Refusal> {
    let setup = super::Setup::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    Ok(SetupView {
        cells: cells_of(&setup.board),
        side_to_move: setup.turn.name().to_string(),
        castling: setup.castling.fen().to_string(),
        en_passant: setup.ep_square.map(|sq| sq.name().to_string()),
        halfmoves: setup.halfmoves,
        fullmoves: setup.fullmoves,
    })
}

/// The FEN of an edited position, and what makes it impossible, in plain
/// words (`white has no king`, `a white pawn stands on a1`, ...).
pub fn write_setup(view: &SetupView) -> Result<SetupResult, Refusal> {
    let cells: Vec<char> = view.cells.chars().collect();
    if cells.len() != 64 {
        return Err(Refusal::BadPosition(format!("the board has {} squares, not 64", cells.len())));
    }
    let mut board = [None; 64];
    for (i, &c) in cells.iter().enumerate() {
        if c != '.' {
            let piece = Piece::from_char(c)
                .ok_or_else(|| Refusal::BadPosition(format!("{c:?} is not a piece letter (KQRBNP, kqrbnp)")))?;
            // Cells run from rank 8; the board from a1.
            board[(7 - i / 8) * 8 + i % 8] = Some(piece);
        }
    }
    let turn = match view.side_to_move.as_str() {
        "white" => "w",
        "black" => "b",
        other => return Err(Refusal::BadPosition(format!("the side to move must be white or black, not {other:?}"))),
    };
    let mut written = super::Setup::empty();
    written.board = board;
    let board_field = written.to_fen();
    let board_field = board_field.split(' ').next().unwrap_or_default();
    let ep = view.en_passant.as_deref().filter(|s| !s.is_empty()).unwrap_or("-");
    let castling = if view.castling.is_empty() { "-" } else { &view.castling };
    let fen = format!("{board_field} {turn} {castling} {ep} {} {}", view.halfmoves, view.fullmoves.max(1));
    let setup = super::Setup::from_fen(&fen).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let problems = match Position::from_setup(&setup) {
        Ok(_) => Vec::new(),
        Err(e) => e.problems.iter().map(|p| p.to_string()).collect(),
    };
    Ok(SetupResult { fen: setup.to_fen(), problems })
}

/// The report on a chess text's main line, a ply at a time: proven mate
/// facts and the strategic evaluation (`chess::report`), in the page's words.
pub struct ChessReporter {
    report: super::report::GameReport,
    /// The position before the next ply.
    pos: Position,
    moves: Vec<Move>,
    at: usize,
}

/// The reporter for the main line of the chess game `text` holds (up to
/// its last legal ply).
pub fn reporter(text: &str, notation: NotationChoice, game_index: usize) -> ChessReporter {
    let (outcome, start, _) = read(text, notation, game_index, Builds::now(false));
    // The plies as read, as moves again (each one is legal where it stands).
    let mut pos = start;
    let mut moves = Vec::with_capacity(outcome.plies.len());
    for ply in &outcome.plies {
        let Some(m) = ply.notation.parse::<San>().ok().and_then(|san| resolve(&pos, None, &san).ok()) else { break };
        moves.push(m);
        pos = pos.after(m);
    }
    ChessReporter { report: super::report::GameReport::new(start, moves.clone()), pos: start, moves, at: 0 }
}

/// SAN of a line of moves from `pos`.
fn sans(mut pos: Position, line: &[Move]) -> Vec<String> {
    line.iter()
        .map(|&m| {
            let s = san(&pos, m);
            pos = pos.after(m);
            s
        })
        .collect()
}

impl crate::report::PlyReporter for ChessReporter {
    fn start(&self) -> crate::report::ReportStart {
        let start = self.report.start();
        crate::report::ReportStart {
            eval: start.eval.map(|e| e.to_string()),
            value: start.chances,
            pv: sans(self.pos, &start.pv),
        }
    }

    fn len(&self) -> usize {
        self.moves.len()
    }

    fn method(&self) -> crate::report::ReportMethod {
        crate::report::ReportMethod {
            text: format!(
                "mates in {} or fewer proven by the exact mate search; otherwise a search of {},{:03} positions",
                search::MATE_HORIZON,
                super::report::EVAL_NODE_BUDGET / 1000,
                super::report::EVAL_NODE_BUDGET % 1000
            ),
            proven: true,
        }
    }

    fn next_ply(&mut self) -> Option<crate::report::ReportPly> {
        use super::report::Fact;
        let ply = self.report.next()?;
        let before = self.pos;
        let m = *self.moves.get(self.at)?;
        let after = before.after(m);
        self.pos = after;
        self.at += 1;
        let arrow = |m: Move, notation: String| crate::report::ReportMove {
            notation,
            from: m.from().name().into(),
            to: m.to().name().into(),
        };
        let facts = ply
            .facts
            .iter()
            .map(|fact| match fact {
                Fact::MissedMate { n, best, san: best_san } => crate::report::ReportFact {
                    kind: "missed_mate",
                    n: *n,
                    text: fact.to_string(),
                    better: arrow(*best, best_san.clone()),
                },
                Fact::AllowsMate { n, better, .. } => crate::report::ReportFact {
                    kind: "allows_mate",
                    n: *n,
                    text: fact.to_string(),
                    better: arrow(*better, san(&before, *better)),
                },
            })
            .collect();
        Some(crate::report::ReportPly {
            ply: self.at,
            notation: ply.san.clone(),
            eval: ply.eval.map(|e| e.to_string()),
            value: ply.chances,
            mark: ply.mark.map(|m| m.glyph()),
            facts,
            pv: sans(after, &ply.pv),
        })
    }
}

/// A position as a mate puzzle: the fastest forced mate for the side to
/// move (`None`: not a mate puzzle), the square of the piece that starts it
/// (the hint), and the solution in SAN.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PuzzleInfo {
    pub mate_in: Option<u32>,
    pub hint: Option<String>,
    pub solution: Vec<String>,
}

/// One move of a mate puzzle, judged.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PuzzleStep {
    /// `solved`, `continue` (right; the board answers) or `wrong` (taken back).
    pub result: &'static str,
    /// Why a wrong move is wrong: `not the fastest mate`, `this allows Rxa1#`, ...
    pub reason: Option<String>,
    /// The move played.
    pub ply: Ply,
    /// The answer of the defence that holds out longest.
    pub reply: Option<Ply>,
}

/// The mate puzzle of a FEN.
pub fn puzzle_info(fen: &str) -> Result<PuzzleInfo, Refusal> {
    let pos = Position::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let mate = super::puzzle::mate_of(&pos);
    Ok(PuzzleInfo {
        mate_in: mate.map(|(_, n)| n),
        hint: mate.map(|(m, _)| m.from().name().to_string()),
        solution: sans(pos, &super::puzzle::solution(&pos)),
    })
}

/// Plays `text` in the mate puzzle of a FEN, and judges it.
pub fn puzzle_move(fen: &str, text: &str) -> Result<PuzzleStep, Refusal> {
    use super::puzzle::{judge, mate_of, Judged};
    let pos = Position::from_fen(fen.trim()).map_err(|e| Refusal::BadPosition(e.to_string()))?;
    let m = move_of(&pos, text)?;
    let (_, n) = mate_of(&pos).ok_or_else(|| Refusal::NotPlayable("the position has no forced mate in 3".into()))?;
    let after = pos.after(m);
    let played = ply(&pos, &after, m);
    // Called once, by one of the arms below: it takes the played ply.
    let step = |result, reason: Option<String>, reply: Option<Move>| PuzzleStep {
        result,
        reason,
        ply: played,
        reply: reply.map(|r| {
            let next = after.after(r);
            ply(&after, &next, r)
        }),
    };
    Ok(match judge(&pos, n, m) {
        Judged::Mates => step("solved", None, None),
        Judged::Keeps { reply, .. } => step("continue", None, Some(reply)),
        Judged::Allows { reply, .. } => step("wrong", Some(format!("this allows {}", san(&after, reply))), None),
        Judged::Slower { .. } => step("wrong", Some("not the fastest mate".into()), None),
        Judged::Lets { .. } => step("wrong", Some("there is no forced mate after this move".into()), None),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_editor_reads_and_writes_positions_and_says_what_is_impossible() {
        let view = setup_view("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
        assert_eq!((view.side_to_move.as_str(), view.castling.as_str()), ("black", "KQkq"));
        let written = write_setup(&view).unwrap();
        assert_eq!(written.problems, Vec::<String>::new());
        assert!(written.fen.starts_with("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq"));
        let mut two_kings = view.clone();
        two_kings.cells.replace_range(36..37, "K");
        two_kings.cells.replace_range(0..1, "P");
        let problems = write_setup(&two_kings).unwrap().problems;
        assert!(problems.iter().any(|p| p.contains("more than one king")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("a8")), "{problems:?}");
        let mut bad = view;
        bad.side_to_move = "red".into();
        assert!(write_setup(&bad).is_err());
    }

    #[test]
    fn games_are_listed_with_their_tags() {
        let text = "[White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n1. e4 1-0\n\n[Event \"Club\"]\n1. d4 d5 *";
        let games = list_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].white.as_deref(), games[0].black.as_deref()), (Some("A"), None));
        assert_eq!((games[0].result.as_deref(), games[0].plies), (Some("1-0"), 1));
        assert_eq!((games[1].index, games[1].event.as_deref(), games[1].plies), (1, Some("Club"), 2));
        let second = analyze(text, NotationChoice::Auto, 1, false);
        assert_eq!(second.plies.len(), 2);
        assert_eq!(second.chess.unwrap().game_index, 1);
    }

    #[test]
    fn each_game_knows_its_text_in_utf16_units() {
        // "é" is one UTF-16 unit and two bytes, "😀" two units and four bytes.
        let text = "{😀 intro} [White \"Café\"]\n1. e4 e5 1-0\n\n[Black \"Zoë\"]\n1. d4 { ok 😀 } d5 *\n";
        let units: Vec<u16> = text.encode_utf16().collect();
        let games = list_games(text);
        let slices: Vec<String> = games.iter().map(|g| String::from_utf16(&units[g.start..g.end]).unwrap()).collect();
        assert_eq!(slices, ["{😀 intro} [White \"Café\"]\n1. e4 e5 1-0", "[Black \"Zoë\"]\n1. d4 { ok 😀 } d5 *"]);
        // Each game cut out alone reads as the same game.
        for (game, slice) in games.iter().zip(&slices) {
            let alone = list_games(slice);
            assert_eq!((alone.len(), alone[0].plies, alone[0].start), (1, game.plies, 0));
            assert_eq!(alone[0].end, slice.encode_utf16().count());
        }
    }
}
