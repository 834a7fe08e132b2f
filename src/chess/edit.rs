//! Moves played on the board, written back into the text: a move added
//! (followed when the tree has it, else extending its line or starting a
//! variation), a move deleted with what follows, a variation promoted. The
//! tree is the analysed game's; the text becomes PGN, except that a move
//! simply extending a course-notation line is appended in course notation.
//! (A node is named by its path in the tree: see `crate::edit`.)

use super::analysis::{export_tree, read, Builds};
use super::moves::Move;
use super::notation::course;
use super::notation::pgn::{self, write_pgn, write_untagged_pgn, ExportLine, ExportMove, GameResult};
use super::notation::san::{resolve, san_without_suffix, San};
use super::position::Position;
use super::square::Square;
use crate::edit::{Edit, EditError, Edited};
use crate::options::NotationChoice;
use crate::outcome::{Line, Notation, Outcome, Refusal, Status};

/// Applies `edit` to the chess game `text` holds.
pub fn edit(text: &str, notation: NotationChoice, game_index: usize, edit: &Edit) -> Result<Edited, EditError> {
    let (outcome, start, _) = read(text, notation, game_index, Builds::now(false));
    if let (Status::ParseError, Some(error)) = (outcome.status, &outcome.error) {
        // An empty or blank text is a game with no moves, not an error.
        return Err(EditError::Unreadable(error.reason.clone()));
    }
    let (mut tree, unkept) = export_tree(text, &outcome);
    let info = outcome.chess.as_ref();
    let course = info.is_some_and(|i| i.notation == Notation::Course);
    let (path, changed_end) = match edit {
        Edit::Add { at, mv } => {
            let pos = position_at(&start, &tree, at)?;
            // A glyph typed after the move (`Bb5!`) is kept as the PGN reader
            // keeps it; the course notation writes none, so there it is left out.
            let (mv, glyph) = pgn::split_glyph(mv);
            let m = played(&pos, mv)?;
            let added = add(&mut tree, at, super::notation::san::san(&pos, m))?;
            let marked = glyph.filter(|_| !course).is_some_and(|nag| mark(&mut tree, &added.path, nag));
            if added.followed && !marked {
                return Ok(Edited { text: text.to_string(), path: added.path, note: None });
            }
            let at_end = !added.followed && added.path.len() == 1 && added.path[0] + 1 == tree.moves.len();
            if course && outcome.error.is_none() && at_end {
                let passed = outcome.plies.last().and_then(passed_by);
                return Ok(Edited { text: append_course(text, &pos, passed, m), path: added.path, note: None });
            }
            (added.path.clone(), !added.followed && added.path.len() == 1)
        }
        Edit::Delete { at } => (delete(&mut tree, at)?, at.len() == 1),
        // Only a variation of the main line changes its end when promoted.
        Edit::Promote { at } => (promote(&mut tree, at)?, at.len() == 3),
    };
    // The tree holds only what the board shows (and the rests after null
    // moves): refuse rather than lose the rest.
    if let Some(what) = unkept {
        return Err(EditError::WouldLose(what));
    }
    // A variation made the main line (promoted, or taking a deleted move's
    // place) cannot bring a null move's rest along.
    if tree.tail.is_some() {
        return Err(EditError::NullMoveMainLine);
    }
    let tags: Vec<(String, String)> =
        info.map(|i| i.tags.iter().map(|t| (t.name.clone(), t.value.clone())).collect()).unwrap_or_default();
    let stated = info.and_then(|i| GameResult::parse(&i.result)).unwrap_or(GameResult::Unknown);
    let result = if changed_end { result_at_end(&start, &tree) } else { stated };
    let left_out = has_errors(&outcome)
        .then_some("the moves from each problem in the text on were left out (Ctrl+Z brings them back)");
    // A text of bare moves (course notation, a FEN and moves) rewritten as a
    // whole PGN, tags and all, would change before the person's eyes unsaid.
    let rewritten = info
        .is_some_and(|i| i.notation != Notation::Pgn)
        .then_some("the text is now written as PGN (Ctrl+Z brings back the text as it was)");
    // A stated result the new end does not bear out is replaced: said, as the person wrote it.
    let result_changed = (result != stated && stated != GameResult::Unknown).then(|| {
        format!(
            "the result {} became {}: the game now ends at another move (Ctrl+Z brings it back)",
            stated.as_str(),
            result.as_str()
        )
    });
    let notes: Vec<String> =
        [left_out.map(str::to_string), result_changed, rewritten.map(str::to_string)].into_iter().flatten().collect();
    let note = (!notes.is_empty()).then(|| notes.join("; "));
    let path = unblanked(&tree, &path);
    // A text with tags gets the Seven Tag Roster; one without keeps none
    // (a move played on `e4 e5 Nf3` wrote nine lines of `[Event "?"]`),
    // and its result only when there is one to state.
    let written = match tags.is_empty() {
        false => write_pgn(&tags, &start, &tree, result),
        true => {
            let stated_any = info.is_some_and(|i| i.stated_result.is_some());
            write_untagged_pgn(&start, &tree, (result != GameResult::Unknown || stated_any).then_some(result))
        }
    };
    let text = match info {
        Some(info) if info.games_in_text > 1 => splice_game(text, info.game_index, info.games_in_text, &written),
        _ => written,
    };
    Ok(Edited { text, path, note })
}

/// `text` with game `index` (of `count`) replaced by `written`: from where
/// that game begins to where the next one begins (so a game cut short by a
/// problem takes its unread rest along). The other games stay as they are,
/// byte for byte.
fn splice_game(text: &str, index: usize, count: usize, written: &str) -> String {
    // Each start through `read_game`, which reads a long text's games from
    // its index: game 500 of 1,000 no longer skims the 500 before it (and
    // the edit's own read has just indexed the text).
    let start_of = |i: usize| pgn::read_game(text, i).0.game.span.start.min(text.len());
    let start = start_of(index);
    let end = if index + 1 < count { start_of(index + 1).max(start) } else { text.len() };
    let mut out = String::with_capacity(text.len() + written.len());
    out.push_str(&text[..start]);
    out.push_str(written);
    if end < text.len() {
        // A blank line before the next game's tags.
        out.push('\n');
    }
    out.push_str(&text[end..]);
    out
}

/// `path` in the text written from `tree`, which leaves its blank
/// variations out (those whose first move was a problem): a variation
/// after blank ones moves up by as many.
fn unblanked(tree: &ExportLine, path: &[usize]) -> Vec<usize> {
    let mut out = path.to_vec();
    let mut line = tree;
    for k in (1..path.len()).step_by(2) {
        let Some(m) = line.moves.get(path[k - 1]) else { break };
        out[k] -= m.variations.iter().take(path[k]).filter(|v| v.is_blank()).count();
        let Some(variation) = m.variations.get(path[k]) else { break };
        line = variation;
    }
    out
}

/// The square a ply's pawn passed over, when it moved two squares.
fn passed_by(ply: &crate::outcome::Ply) -> Option<Square> {
    let (from, to) = (Square::parse(&ply.from)?, Square::parse(&ply.to)?);
    let pawn = ply.piece.eq_ignore_ascii_case(&'p');
    (pawn && from.file() == to.file() && from.rank().index().abs_diff(to.rank().index()) == 2)
        .then(|| from.offset(0, if to.rank() > from.rank() { 1 } else { -1 }))
        .flatten()
}

/// Whether any line of the game stopped at a problem (an edit writes the
/// tree, which holds only what could be played).
fn has_errors(outcome: &Outcome) -> bool {
    fn in_line(line: &Line) -> bool {
        line.error.is_some() || !line.unplayed.is_empty() || line.plies.iter().any(|p| p.variations.iter().any(in_line))
    }
    outcome.error.is_some()
        || !outcome.unplayed.is_empty()
        || outcome.plies.iter().any(|p| p.variations.iter().any(in_line))
}

/// The move `text` names on `pos`.
fn played(pos: &Position, text: &str) -> Result<Move, EditError> {
    let text = text.trim();
    let san: San = text.parse().map_err(|e: course::ParseError| {
        EditError::Move(Refusal::BadMove(format!("{text:?} is not a move: expected {}", e.expected)))
    })?;
    resolve(pos, None, &san).map_err(|e| EditError::Move(Refusal::Illegal(e.explain())))
}

/// The line that holds node `path` (its last index is the node's place in
/// it); `[]` is in the main line, before its first move.
fn line_of<'a>(tree: &'a mut ExportLine, path: &[usize]) -> Result<&'a mut ExportLine, EditError> {
    let missing = || EditError::NoSuchNode(path.to_vec());
    let mut line = tree;
    let mut rest = path;
    while rest.len() >= 3 {
        let m = line.moves.get_mut(rest[0]).ok_or_else(missing)?;
        line = m.variations.get_mut(rest[1]).ok_or_else(missing)?;
        rest = &rest[2..];
    }
    if rest.len() == 2 {
        return Err(missing());
    }
    if let Some(&i) = rest.first() {
        if i >= line.moves.len() {
            return Err(missing());
        }
    }
    Ok(line)
}

/// The position after node `path`.
fn position_at(start: &Position, tree: &ExportLine, path: &[usize]) -> Result<Position, EditError> {
    let missing = || EditError::NoSuchNode(path.to_vec());
    let mut pos = *start;
    let mut line = tree;
    let mut rest = path;
    loop {
        let (&i, after) = match rest.split_first() {
            Some(split) => split,
            None => return Ok(pos),
        };
        let last = after.is_empty();
        // Moves before the node (or before the variation's branch point).
        let until = if last { i + 1 } else { i };
        for m in line.moves.get(..until).ok_or_else(missing)? {
            let san: San = m.san.parse().map_err(|_| missing())?;
            pos = pos.after(resolve(&pos, None, &san).map_err(|_| missing())?);
        }
        if last {
            return Ok(pos);
        }
        let v = *after.first().ok_or_else(missing)?;
        line = line.moves.get(i).and_then(|m| m.variations.get(v)).ok_or_else(missing)?;
        rest = &after[1..];
    }
}

struct Added {
    path: Vec<usize>,
    /// The tree already had the move: nothing was added.
    followed: bool,
}

/// Adds `san` after node `at`: the continuation it already has, else at
/// the end of its line, else as a new variation of the next move.
fn add(tree: &mut ExportLine, at: &[usize], san: String) -> Result<Added, EditError> {
    let (prefix, next) = match at.split_last() {
        Some((&i, prefix)) => (prefix.to_vec(), i + 1),
        None => (Vec::new(), 0),
    };
    let line = line_of(tree, at)?;
    let with = |tail: &[usize]| {
        let mut path = prefix.clone();
        path.extend_from_slice(tail);
        path
    };
    let Some(next_move) = line.moves.get_mut(next) else {
        // A null move ended the line here: it and its rest are an alternative to the new move.
        let variations = line.tail.take().map(|tail| ExportLine { tail: Some(tail), ..ExportLine::default() });
        line.moves.push(ExportMove { san, variations: variations.into_iter().collect(), ..ExportMove::default() });
        return Ok(Added { path: with(&[next]), followed: false });
    };
    if next_move.san == san {
        return Ok(Added { path: with(&[next]), followed: true });
    }
    if let Some(v) = next_move.variations.iter().position(|v| v.moves.first().is_some_and(|m| m.san == san)) {
        return Ok(Added { path: with(&[next, v, 0]), followed: true });
    }
    next_move
        .variations
        .push(ExportLine { moves: vec![ExportMove { san, ..ExportMove::default() }], ..ExportLine::default() });
    Ok(Added { path: with(&[next, next_move.variations.len() - 1, 0]), followed: false })
}

/// Gives node `at` the move-quality glyph `nag` (`$1`..`$6`, one to a move:
/// it replaces another); false when the move already has it.
fn mark(tree: &mut ExportLine, at: &[usize], nag: u8) -> bool {
    let Some((&i, _)) = at.split_last() else { return false };
    let Some(m) = line_of(tree, at).ok().and_then(|line| line.moves.get_mut(i)) else { return false };
    if m.nags.contains(&nag) {
        return false;
    }
    m.nags.retain(|n| !(1..=6).contains(n));
    m.nags.insert(0, nag);
    true
}

/// Removes node `at` and what follows it in its line (the whole variation
/// when it is the variation's first move); its alternatives stay. The path
/// of what is shown next.
fn delete(tree: &mut ExportLine, at: &[usize]) -> Result<Vec<usize>, EditError> {
    let Some((&i, prefix)) = at.split_last() else {
        return Err(EditError::NoSuchNode(Vec::new()));
    };
    if i == 0 && prefix.len() >= 2 {
        // The variation's first move: the variation goes.
        let (&v, owner) = prefix.split_last().unwrap_or((&0, &[]));
        let line = line_of(tree, owner)?;
        let m = line.moves.get_mut(*owner.last().unwrap_or(&0)).ok_or_else(|| EditError::NoSuchNode(at.to_vec()))?;
        if v >= m.variations.len() {
            return Err(EditError::NoSuchNode(at.to_vec()));
        }
        let removed = m.variations.remove(v);
        // Its first move's alternatives are not what follows it: they stay.
        let nested = removed.moves.into_iter().next().map(|first| first.variations).unwrap_or_default();
        m.variations.splice(v..v, nested);
        return Ok(before(owner));
    }
    let line = line_of(tree, at)?;
    let mut alternatives = line.moves.get_mut(i).map(|m| std::mem::take(&mut m.variations)).unwrap_or_default();
    line.moves.truncate(i);
    // What followed the move (a null move's rest too) goes with it.
    line.tail = None;
    // The move's alternatives are not what follows it: the first with a
    // move (else a null move's rest) takes its place, the others stay
    // alternatives to that one.
    let first = alternatives
        .iter()
        .position(|v| !v.moves.is_empty())
        .or_else(|| alternatives.iter().position(|v| v.tail.is_some()));
    if let Some(k) = first {
        let first = alternatives.remove(k);
        if first.moves.is_empty() && alternatives.iter().any(|v| v.tail.is_some()) {
            return Err(EditError::WouldLose("the other null moves among the move's alternatives".into()));
        }
        continue_with(line, first, alternatives);
    }
    Ok(before(at))
}

/// Continues `line`, cut where `variation` branches from it, with the
/// variation's moves: the words before its first move stay before it (after
/// the move before, or at the line's start, as PGN reads them in a line),
/// and `others` become that move's alternatives, before its own.
fn continue_with(line: &mut ExportLine, mut variation: ExportLine, mut others: Vec<ExportLine>) {
    match line.moves.last_mut() {
        Some(previous) => previous.comments.append(&mut variation.comments),
        None => line.comments.append(&mut variation.comments),
    }
    let mut moves = variation.moves;
    if let Some(first) = moves.first_mut() {
        others.append(&mut first.variations);
        first.variations = others;
    }
    line.moves.append(&mut moves);
    line.tail = variation.tail;
}

/// The node before `path` in its line (for the first move of a variation,
/// the node before the move it replaces).
fn before(path: &[usize]) -> Vec<usize> {
    let mut path = path.to_vec();
    loop {
        match path.pop() {
            None => return path,
            Some(0) => {
                // The first move of a line: step out of the variation.
                if path.len() < 2 {
                    return Vec::new();
                }
                path.pop();
            }
            Some(i) => {
                path.push(i - 1);
                return path;
            }
        }
    }
}

/// Swaps the variation holding node `at` with the line it branches from.
/// The path of the same node afterwards.
fn promote(tree: &mut ExportLine, at: &[usize]) -> Result<Vec<usize>, EditError> {
    if at.len() < 3 {
        return Err(EditError::NotAVariation);
    }
    let split = at.len() - 3;
    let (owner, rest) = at.split_at(split + 1);
    let (j, v, k) = (owner[split], rest[0], rest[1]);
    let line = line_of(tree, owner)?;
    let branch = line.moves.get_mut(j).ok_or_else(|| EditError::NoSuchNode(at.to_vec()))?;
    // The node itself must be there, as for every other edit.
    if branch.variations.get(v).is_none_or(|variation| k >= variation.moves.len()) {
        return Err(EditError::NoSuchNode(at.to_vec()));
    }
    let variation = branch.variations.remove(v);
    let mut others = std::mem::take(&mut branch.variations);
    // The old line and the other alternatives become alternatives to the
    // promoted line's first move (its words before it stay with it, not
    // with the line it replaces).
    others.insert(0, ExportLine { moves: line.moves.split_off(j), tail: line.tail.take(), ..ExportLine::default() });
    continue_with(line, variation, others);
    let mut path = owner[..split].to_vec();
    path.push(j + k);
    Ok(path)
}

/// The result a PGN of the main line carries when the edit changed its end:
/// the board's verdict if it ends the game, else unknown.
fn result_at_end(start: &Position, tree: &ExportLine) -> GameResult {
    let mut pos = *start;
    for m in &tree.moves {
        let Ok(san) = m.san.parse::<San>() else { return GameResult::Unknown };
        let Ok(mv) = resolve(&pos, None, &san) else { return GameResult::Unknown };
        pos = pos.after(mv);
    }
    match (pos.has_legal_moves(), pos.is_check()) {
        (true, _) => GameResult::Unknown,
        (false, true) => pos.turn().fold(GameResult::BlackWins, GameResult::WhiteWins),
        (false, false) => GameResult::Draw,
    }
}

/// The text with `m` (legal on `pos`, which ends the course line) appended
/// to its first line in the course notation.
fn append_course(text: &str, pos: &Position, passed: Option<Square>, m: Move) -> String {
    let line = course::first_line(text);
    let written = course_notation(pos, passed, m);
    let separator = if line.trim_end().is_empty() { "" } else { " " };
    format!("{}{separator}{written}{}", line.trim_end(), &text[line.len()..])
}

/// The move as the course notation writes it: the SAN without its check
/// mark when the course's completion (pseudo-legal candidates, with the
/// last move's pawn having passed over `passed`) reads it back as the same
/// move, else with the piece's square (`Nb1d2`).
pub fn course_notation(pos: &Position, passed: Option<Square>, m: Move) -> String {
    let short = san_without_suffix(pos, m);
    let reads_back = course::parse_move(&short, 0)
        .ok()
        .filter(|(_, end)| *end == short.len())
        .and_then(|(mv, _)| course::resolve(pos, &mv, course::complete(pos, passed, &mv).ok()?).ok())
        .is_some_and(|back| back == m);
    if reads_back {
        short.to_string()
    } else {
        let role = m.role().upper_char();
        let promotion = m.promotion().map(|p| format!("={}", p.upper_char())).unwrap_or_default();
        format!("{role}{}{}{promotion}", m.from(), m.to())
    }
}

#[cfg(test)]
mod tests {
    use super::super::notation::pgn::export_line;
    use super::*;

    fn pgn(text: &str) -> ExportLine {
        let (outcome, ..) = read(text, NotationChoice::Pgn, 0, Builds::now(false));
        export_line(&Line { plies: outcome.plies, ..Line::default() })
    }

    fn sans(line: &ExportLine) -> Vec<&str> {
        line.moves.iter().map(|m| m.san.as_str()).collect()
    }

    #[test]
    fn before_steps_back_along_the_line_and_out_of_variations() {
        assert_eq!(before(&[3]), [2]);
        assert_eq!(before(&[0]), Vec::<usize>::new());
        assert_eq!(before(&[4, 1, 2]), [4, 1, 1]);
        assert_eq!(before(&[4, 1, 0]), [3]);
        assert_eq!(before(&[0, 0, 0]), Vec::<usize>::new());
        assert_eq!(before(&[2, 0, 3, 1, 0]), [2, 0, 2]);
    }

    #[test]
    fn adding_follows_extends_or_branches() {
        let mut tree = pgn("1. e4 e5 (1... c5) 2. Nf3");
        let follow = add(&mut tree, &[0], "e5".into()).unwrap();
        assert_eq!((follow.path, follow.followed), (vec![1], true));
        let into_variation = add(&mut tree, &[0], "c5".into()).unwrap();
        assert_eq!((into_variation.path, into_variation.followed), (vec![1, 0, 0], true));
        let branch = add(&mut tree, &[0], "d5".into()).unwrap();
        assert_eq!((branch.path, branch.followed), (vec![1, 1, 0], false));
        let extend = add(&mut tree, &[2], "Nc6".into()).unwrap();
        assert_eq!(extend.path, [3]);
        assert_eq!(sans(&tree), ["e4", "e5", "Nf3", "Nc6"]);
        let in_variation = add(&mut tree, &[1, 1, 0], "exd5".into()).unwrap();
        assert_eq!(in_variation.path, [1, 1, 1]);
        assert!(add(&mut tree, &[9], "a3".into()).is_err());
        assert!(add(&mut tree, &[1, 5, 0], "a3".into()).is_err());
    }

    #[test]
    fn deleting_a_move_keeps_its_alternatives() {
        // They are not "what follows" the move: the first takes its place, the others stay its alternatives.
        let deleted = |text: &str, at: &[usize]| {
            let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Delete { at: at.to_vec() }).unwrap();
            // (The movetext: after the tags, when there are.)
            (edited.text.rsplit("\n\n").next().unwrap_or_default().trim_end().to_string(), edited.path)
        };
        assert_eq!(deleted("1. e4 (1. d4 d5) (1. c4) e5 2. Nf3 *", &[0]), ("1. d4 (1. c4) 1... d5 *".into(), vec![]));
        assert_eq!(
            deleted("1. e4 e5 2. Nf3 (2. Bc4 {Italian} Nf6) (2. {Vienna} Nc3) Nc6 1-0", &[2]),
            ("1. e4 e5 2. Bc4 { Italian } ({ Vienna } 2. Nc3) 2... Nf6 *".into(), vec![1])
        );
        // The words before the alternative's first move stay before it.
        assert_eq!(deleted("1. e4 e5 (1... {Sicilian} c5) *", &[1]), ("1. e4 { Sicilian } 1... c5 *".into(), vec![0]));
        // A variation's first move deleted: the variation goes, its first move's alternatives stay.
        assert_eq!(
            deleted("1. e4 e5 (1... c5 (1... d5 2. exd5) 2. Nf3) (1... e6) 2. Nf3 *", &[1, 0, 0]),
            ("1. e4 e5 (1... d5 2. exd5) (1... e6) 2. Nf3 *".into(), vec![0])
        );
    }

    #[test]
    fn deleting_cuts_the_line_or_removes_the_variation() {
        let mut tree = pgn("1. e4 e5 (1... c5 2. Nf3) (1... d5) 2. Nf3 Nc6");
        assert_eq!(delete(&mut tree, &[1, 0, 1]).unwrap(), [1, 0, 0]);
        assert_eq!(sans(&tree.moves[1].variations[0]), ["c5"]);
        assert_eq!(delete(&mut tree, &[1, 0, 0]).unwrap(), [0]);
        assert_eq!(tree.moves[1].variations.len(), 1);
        assert_eq!(sans(&tree.moves[1].variations[0]), ["d5"]);
        assert_eq!(delete(&mut tree, &[2]).unwrap(), [1]);
        assert_eq!(sans(&tree), ["e4", "e5"]);
        assert_eq!(delete(&mut tree, &[0]).unwrap(), Vec::<usize>::new());
        assert!(tree.moves.is_empty());
    }

    #[test]
    fn promoting_swaps_the_variation_with_its_line() {
        let mut tree = pgn("1. e4 e5 (1... c5 2. Nf3 d6) (1... d5) 2. Nf3 Nc6");
        assert_eq!(promote(&mut tree, &[1, 0, 2]).unwrap(), [3]);
        assert_eq!(sans(&tree), ["e4", "c5", "Nf3", "d6"]);
        let alternatives: Vec<Vec<&str>> = tree.moves[1].variations.iter().map(sans).collect();
        assert_eq!(alternatives, [vec!["e5", "Nf3", "Nc6"], vec!["d5"]]);
        assert_eq!(promote(&mut tree, &[2]), Err(EditError::NotAVariation));
    }

    #[test]
    fn promoting_keeps_the_comment_before_the_variation_with_its_moves() {
        // "Sicilian" names c5: it stays before c5, never before the e5 line demoted.
        let text = "1. e4 {Open} e5 (1... {Sicilian} c5 2. Nf3) 2. Nf3 *";
        let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Promote { at: vec![1, 0, 0] }).unwrap();
        assert_eq!(edited.text, "1. e4 { Open } { Sicilian } 1... c5 (1... e5 2. Nf3) 2. Nf3 *\n");
        // At the start of a line, after the comments already there.
        let text = "{Start} 1. e4 (1. {Queen's pawn} d4 d5) 1... e5 *";
        let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Promote { at: vec![0, 0, 1] }).unwrap();
        assert_eq!(edited.text, "{ Start } { Queen's pawn } 1. d4 (1. e4 e5) 1... d5 *\n");
    }

    #[test]
    fn promoting_inside_a_variation_keeps_the_stated_result() {
        // The main line, and so its end, stays as it was: the resignation stands.
        let text = "[Result \"1-0\"]\n\n1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) 2. Nf3 Nc6 1-0";
        let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Promote { at: vec![1, 0, 1, 0, 0] }).unwrap();
        assert!(
            edited.text.ends_with("\n1. e4 e5 (1... c5 2. c3 (2. Nf3 d6) 2... d5) 2. Nf3 Nc6 1-0\n"),
            "{}",
            edited.text
        );
        assert!(edited.text.contains("[Result \"1-0\"]"), "{}", edited.text);
        // A variation of the main line promoted is a new end: its result is unknown.
        let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Promote { at: vec![1, 0, 0] }).unwrap();
        assert!(edited.text.contains("[Result \"*\"]") && edited.text.ends_with(" *\n"), "{}", edited.text);
    }

    #[test]
    fn a_variation_whose_first_move_is_a_problem_is_left_out_and_the_paths_after_it_follow() {
        // The variation (1... Ke7 ...) holds no move: once it wrote "1. e4 e5) (2. Nf3", unreadable.
        let text = "1. e4 e5 (1... Ke7 2. Ke3) (1... c5) 2. Nf3 *";
        for (edit_, moves, path) in [
            (Edit::Add { at: vec![2], mv: "Nc6".into() }, "1. e4 e5 (1... c5) 2. Nf3 Nc6 *", vec![3]),
            (Edit::Add { at: vec![0], mv: "d5".into() }, "1. e4 e5 (1... c5) (1... d5) 2. Nf3 *", vec![1, 1, 0]),
            (Edit::Add { at: vec![1, 1, 0], mv: "Nf3".into() }, "1. e4 e5 (1... c5 2. Nf3) 2. Nf3 *", vec![1, 0, 1]),
            (Edit::Delete { at: vec![2] }, "1. e4 e5 (1... c5) *", vec![1]),
        ] {
            let edited = edit(text, NotationChoice::Pgn, 0, &edit_).unwrap();
            assert_eq!(edited.text, format!("{moves}\n"), "{edit_:?}");
            assert_eq!(edited.path, path, "{edit_:?}");
            assert!(edited.note.is_some());
            let (outcome, ..) = read(&edited.text, NotationChoice::Pgn, 0, Builds::now(false));
            assert_eq!(outcome.status, Status::Incomplete, "{}", edited.text);
        }
    }

    #[test]
    fn a_text_of_bare_moves_rewritten_as_pgn_says_so() {
        let add = |text: &str, at: Vec<usize>, mv: &str| {
            edit(text, NotationChoice::Auto, 0, &Edit::Add { at, mv: mv.into() }).unwrap()
        };
        let rewritten = |edited: &Edited| edited.note.as_deref().is_some_and(|n| n.contains("now written as PGN"));
        // Appended in course notation: the text stays bare moves, nothing to say.
        let appended = add("e4 e5", vec![1], "Nf3");
        assert_eq!((appended.text.as_str(), appended.note.as_deref()), ("e4 e5 Nf3", None));
        // A variation in a course line, a move after a FEN: the text becomes PGN, and the note says so.
        assert!(rewritten(&add("e4 e5 Nf3", vec![0], "c5")));
        assert!(rewritten(&add("4k3/8/8/8/8/8/8/4K2R w K - 0 1", vec![], "O-O")));
        // A PGN stays PGN: nothing to say.
        assert_eq!(add("1. e4 e5 *", vec![0], "c5").note, None);
    }

    #[test]
    fn a_move_typed_with_a_glyph_is_played_and_keeps_it_as_the_pgn_reader_does() {
        let text = "1. e4 e5 2. Nf3 Nc6 *";
        // The reader of the same moves written with their glyph says which NAG each glyph is.
        let nags_read = |with: &str| {
            read(&format!("1. e4 e5 2. Nf3 Nc6 3. {with} *"), NotationChoice::Pgn, 0, Builds::now(false)).0.plies[4]
                .nags
                .clone()
        };
        for typed in ["Bb5!", "Bb5?!", "Bb5!!", "Bb5 ?", "Bb5!?", "Bb5??", "Bb5⁉"].map(String::from) {
            let edited = edit(text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![3], mv: typed.clone() }).unwrap();
            let (outcome, ..) = read(&edited.text, NotationChoice::Pgn, 0, Builds::now(false));
            assert_eq!(outcome.plies[4].notation, "Bb5", "{typed}: {}", edited.text);
            assert_eq!(outcome.plies[4].nags, nags_read(&typed.replace(' ', "")), "{typed}: {}", edited.text);
            assert_eq!(edited.path, [4]);
        }
        // Typed on a move the game already has: the move is followed and gets the glyph (one to a move).
        let marked =
            edit("1. e4 $2 e5 *", NotationChoice::Pgn, 0, &Edit::Add { at: vec![], mv: "e4!!".into() }).unwrap();
        assert_eq!(
            read(&marked.text, NotationChoice::Pgn, 0, Builds::now(false)).0.plies[0].nags,
            [3],
            "{}",
            marked.text
        );
        let same = edit("1. e4 ! e5 *", NotationChoice::Pgn, 0, &Edit::Add { at: vec![], mv: "e4!".into() }).unwrap();
        assert_eq!((same.text.as_str(), same.path), ("1. e4 ! e5 *", vec![0]), "nothing to change");
        // The course notation writes no glyph: the move is played, the glyph left out.
        let course = edit("e4 e5", NotationChoice::Auto, 0, &Edit::Add { at: vec![1], mv: "Nf3?!".into() }).unwrap();
        assert_eq!(course.text, "e4 e5 Nf3");
        // Not a move, glyph or not.
        assert!(edit(text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![3], mv: "!".into() }).is_err());
        assert!(edit(text, NotationChoice::Pgn, 0, &Edit::Add { at: vec![3], mv: "Bb5!!!".into() }).is_err());
    }

    const THREE: [&str; 3] = [
        "[White \"Anna\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Qh5 {Schäfermatt?} Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n",
        "[White \"Cleo\"]\n[Result \"*\"]\n\n1. f3 e5 2. g4 *\n",
        "[White \"Eve\"]\n[Result \"*\"]\n\n1. d4 d5 *",
    ];

    fn games(text: &str) -> Vec<String> {
        let mut reader = pgn::read_games(text);
        std::iter::from_fn(|| reader.next()).map(|g| text[g.game.span.start..g.game.span.end].to_string()).collect()
    }

    #[test]
    fn an_edit_of_one_game_of_several_keeps_the_others_as_written() {
        let text = THREE.join("\n");
        let add = |index, at: Vec<usize>, mv: &str| {
            edit(&text, NotationChoice::Pgn, index, &Edit::Add { at, mv: mv.into() }).unwrap().text
        };
        for (index, at, mv, moves) in
            [(2, vec![1], "Nf3", "1. d4 d5 2. Nf3 *"), (1, vec![2], "Qh4", "1. f3 e5 2. g4 Qh4# 0-1")]
        {
            let edited = add(index, at, mv);
            let (before, after) = (games(&text), games(&edited));
            assert_eq!(after.len(), 3, "{edited}");
            for other in (0..3).filter(|&i| i != index) {
                assert_eq!(after[other], before[other], "game {other} of {edited}");
            }
            assert!(after[index].contains(moves), "{edited}");
            let (outcome, ..) = read(&edited, NotationChoice::Pgn, index, Builds::now(false));
            assert_eq!(outcome.chess.unwrap().games_in_text, 3);
        }
        // The first game, with a non-ASCII comment, then a deletion.
        let edited = edit(&text, NotationChoice::Pgn, 0, &Edit::Delete { at: vec![6] }).unwrap().text;
        assert!(edited.ends_with(&format!("{}\n{}", THREE[1], THREE[2])), "{edited}");
        assert!(games(&edited)[0].ends_with("3. Bc4 Nf6 *"), "{edited}");
    }

    #[test]
    fn a_game_cut_short_by_a_problem_is_replaced_with_its_unread_rest() {
        let broken = "[White \"Cleo\"]\n\n1. f3 e5 2. Kf2 Ke7 3. Qh5 Nf6 *\n";
        let text = [THREE[0], broken, THREE[2]].join("\n");
        let edited = edit(&text, NotationChoice::Pgn, 1, &Edit::Add { at: vec![3], mv: "Ke3".into() }).unwrap();
        assert!(edited.note.is_some());
        let after = games(&edited.text);
        assert_eq!(after.len(), 3, "{}", edited.text);
        assert_eq!(after[0], games(&text)[0]);
        assert!(after[1].contains("2. Kf2 Ke7 3. Ke3") && !after[1].contains("Qh5"), "{}", edited.text);
        assert!(edited.text.ends_with(THREE[2]));
    }

    #[test]
    fn course_notation_disambiguates_by_pseudo_legal_candidates() {
        let san_of = |pos: &Position, m| super::super::notation::san::san(pos, m);
        let to_d2 = |pos: &Position| {
            pos.legal_moves().iter().copied().find(|m| m.from().name() == "b1" && m.to().name() == "d2").unwrap()
        };
        // Two knights reach d2: SAN and the course agree.
        let free = Position::from_fen("k7/8/8/8/4N3/8/8/1N2K3 w - - 0 1").unwrap();
        assert_eq!(san_of(&free, to_d2(&free)), "Nbd2");
        assert_eq!(course_notation(&free, None, to_d2(&free)), "Nbd2");
        // The knight on e4 is pinned: SAN needs no hint, the course does.
        let pinned = Position::from_fen("k3r3/8/8/8/4N3/8/8/1N2K3 w - - 0 1").unwrap();
        assert_eq!(san_of(&pinned, to_d2(&pinned)), "Nd2");
        assert_eq!(course_notation(&pinned, None, to_d2(&pinned)), "Nb1d2");
        // Castling and promotions as the course writes them.
        let castle = Position::from_fen("k7/8/8/8/8/8/8/4K2R w K - 0 1").unwrap();
        let m = castle.legal_moves().iter().copied().find(|m| m.castling_side().is_some()).unwrap();
        assert_eq!(course_notation(&castle, None, m), "O-O");
        let promote = Position::from_fen("k7/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
        let m = promote.legal_moves().iter().copied().find(|m| m.promotion().is_some()).unwrap();
        assert!(course_notation(&promote, None, m).starts_with("e8="));
    }
}
