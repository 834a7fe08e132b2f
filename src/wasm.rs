//! The JavaScript API (wasm-bindgen): glue only. Plain objects cross the
//! boundary as JSON (a game's plies packed, see `packed`); bad arguments throw an `Error`
//! whose message starts with a stable code in brackets.

use crate::analysis::{analyze as analyze_text, GameChoice, NotationChoice, Options};
use crate::chess::analysis::suggestion;
use crate::chess::Position;
use serde::Serialize;
use wasm_bindgen::prelude::*;

#[wasm_bindgen(start)]
fn start() {
    console_error_panic_hook::set_once();
}

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A side of any of the games (checkers has red instead of white). */
export type Side = "white" | "black" | "red";

export type Game = "chess" | "grid" | "congo" | "checkers";

export type Status =
  | "checkmate" | "stalemate" | "incomplete"
  | "parse_error" | "completion_error" | "illegal_move"
  | "win" | "draw" | "answer";

export interface Mark {
  /** Square name in the game's coordinates ("e4", "z26"). */
  square: string;
  kind: "move" | "capture" | "check" | "selected";
}

/** One position, game-agnostic: what the board renderer draws. */
export interface Snapshot {
  width: number;
  height: number;
  /** width x height characters, row by row from the top; "." is empty. */
  cells: string;
  sideToMove: Side | null;
  /** The square of the king in check, if any. */
  check: string | null;
  /** The position in the game's own text form (FEN for chess). */
  fen: string;
  marks: Mark[];
}

/** Where the first problem is; text.slice(start, end) is the offending move or character. */
export interface ErrorInfo {
  /** How many plies were played before the problem. */
  ply: number;
  start: number;
  end: number;
  /** The offending character as the course prints it, for parse errors. */
  character: string | null;
  from: string | null;
  to: string | null;
  /** What was wrong, in plain words. */
  reason: string;
}

export interface Ply {
  /** SAN for chess. */
  notation: string;
  from: string;
  to: string;
  /** The moving piece's letter, as in Snapshot.cells. */
  piece: string;
  captured: string | null;
  promotion: string | null;
  /** The move's span in the text (UTF-16 code units). */
  start: number;
  end: number;
  /** The position after the move. */
  snapshot: Snapshot;
}

export interface Unplayed { notation: string; start: number; end: number; }

export interface Suggestion {
  from: string;
  to: string;
  piece: string;
  promotion: string | null;
  notation: string;
  /** The course program's line, e.g. "suggest white knight from g1 to f3". */
  line: string;
  reason: "mate" | "avoids mate" | "only moves" | "strategy";
  /** Moves to mate: ours for "mate", the opponent's for "avoids mate" and "only moves". */
  mateIn: number | null;
}

export interface Tag { name: string; value: string; }

export interface Outcome {
  game: Game;
  notation: "course" | "pgn" | null;
  status: Status;
  winner: Side | null;
  /** The exact one-line verdict the course program prints. */
  message: string;
  error: ErrorInfo | null;
  initial: Snapshot;
  plies: Ply[];
  unplayed: Unplayed[];
  suggestion: Suggestion | null;
  tags: Tag[];
  statedResult: string | null;
  gamesInText: number;
}

export interface AnalyzeOptions {
  /** Default "auto": decided from the text. */
  game?: "auto" | Game;
  /** Chess only. Default "auto": the course notation when the text is valid course notation, else PGN. */
  notation?: "auto" | "course" | "pgn";
  /** Compute the suggested move for an unfinished game. Default true. */
  suggest?: boolean;
}

export interface SuggestOptions {
  /** Default "chess". */
  game?: Game;
}

/** The PGN of a chess text as analysed (tags, moves up to any error, result). */
export function exportPgn(text: string, options?: AnalyzeOptions): string;

/** The course's Congo alpha-beta to `depth` (at most 8): its value and the positions visited. */
export function congoAlphabeta(fen: string, depth: number): { value: number; nodes: number };

/** The course's exchange file for a checkers position (Snapshot.fen of a checkers game). */
export function exchangeFile(position: string): string;

/** Analyses a pasted game. Throws only for bad options. */
export function analyze(text: string, options?: AnalyzeOptions): Outcome;

/** The suggested move for a position (FEN), or null when the game is over. Throws for a bad FEN. */
export function suggest(fen: string, options?: SuggestOptions): Suggestion | null;
"#;

/// The options object as given: each known key read and type-checked by
/// hand (a misspelt option is an error, not ignored).
struct GivenOptions {
    object: Option<js_sys::Object>,
}

impl GivenOptions {
    fn read(value: JsValue, known: &[&str]) -> Result<GivenOptions, JsError> {
        if value.is_undefined() || value.is_null() {
            return Ok(GivenOptions { object: None });
        }
        let Some(object) = value.dyn_ref::<js_sys::Object>() else {
            return Err(JsError::new("[bad_options] options must be an object"));
        };
        for key in js_sys::Object::keys(object).iter() {
            let key = key.as_string().unwrap_or_default();
            if !known.contains(&key.as_str()) {
                return Err(JsError::new(&format!(
                    "[bad_options] unknown option {key:?} (known: {})",
                    known.join(", ")
                )));
            }
        }
        Ok(GivenOptions { object: Some(object.clone()) })
    }

    fn get(&self, key: &str) -> JsValue {
        self.object
            .as_ref()
            .and_then(|o| js_sys::Reflect::get(o, &JsValue::from_str(key)).ok())
            .unwrap_or(JsValue::UNDEFINED)
    }

    fn string(&self, key: &str) -> Result<Option<String>, JsError> {
        let v = self.get(key);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        v.as_string().map(Some).ok_or_else(|| JsError::new(&format!("[bad_options] {key} must be a string")))
    }

    fn boolean(&self, key: &str) -> Result<Option<bool>, JsError> {
        let v = self.get(key);
        if v.is_undefined() || v.is_null() {
            return Ok(None);
        }
        v.as_bool().map(Some).ok_or_else(|| JsError::new(&format!("[bad_options] {key} must be true or false")))
    }
}

/// Small values cross as JSON (a whole game crosses packed, see `packed`).
fn to_js<T: Serialize>(value: &T) -> Result<JsValue, JsError> {
    let text = serde_json::to_string(value).map_err(|e| JsError::new(&format!("[internal] {e}")))?;
    js_sys::JSON::parse(&text).map_err(|_| JsError::new("[internal] bad JSON"))
}

#[wasm_bindgen(skip_typescript)]
pub fn analyze(text: &str, options: JsValue) -> Result<JsValue, JsError> {
    let given = GivenOptions::read(options, &["game", "notation", "suggest"])?;
    let game = match given.string("game")?.as_deref() {
        None | Some("auto") => GameChoice::Auto,
        Some("chess") => GameChoice::Chess,
        Some("grid") => GameChoice::Grid,
        Some("checkers") => GameChoice::Checkers,
        Some("congo") => GameChoice::Congo,
        Some(other) => return Err(JsError::new(&format!("[bad_options] unknown game {other:?}"))),
    };
    let notation = match given.string("notation")?.as_deref() {
        None | Some("auto") => NotationChoice::Auto,
        Some("course") => NotationChoice::Course,
        Some("pgn") => NotationChoice::Pgn,
        Some(other) => {
            return Err(JsError::new(&format!("[bad_options] notation must be auto, course or pgn, not {other:?}")))
        }
    };
    let options = Options { game, notation, suggest: given.boolean("suggest")?.unwrap_or(true) };
    Ok(packed(analyze_text(text, &options)))
}

#[wasm_bindgen(module = "/www/unpack.js")]
extern "C" {
    #[wasm_bindgen(js_name = unpackOutcome)]
    fn unpack_outcome(head: &str, plies: &str) -> JsValue;
}

/// The Outcome as one JSON text plus the plies as tab-separated lines (see
/// `www/unpack.js`); the plies go into the JSON instead when a field could
/// not be written that way.
fn packed(mut outcome: crate::outcome::Outcome) -> JsValue {
    let plain = |s: &str| !s.contains(['\t', '\n']);
    let packable = outcome.plies.iter().all(|p| {
        p.snapshot.marks.is_empty()
            && p.snapshot.width == outcome.initial.width
            && p.snapshot.height == outcome.initial.height
            && [&p.notation, &p.from, &p.to, &p.piece, &p.snapshot.cells, &p.snapshot.fen].iter().all(|s| plain(s))
            && p.captured.as_deref().is_none_or(plain)
            && p.promotion.as_deref().is_none_or(plain)
            && p.snapshot.check.as_deref().is_none_or(plain)
    });
    if !packable {
        return unpack_outcome(&serde_json::to_string(&outcome).unwrap_or_default(), "");
    }
    let plies = std::mem::take(&mut outcome.plies);
    let mut lines = String::with_capacity(plies.len() * 160);
    for (i, p) in plies.iter().enumerate() {
        if i > 0 {
            lines.push('\n');
        }
        let start = p.start.to_string();
        let end = p.end.to_string();
        let fields = [
            p.notation.as_str(),
            &p.from,
            &p.to,
            &p.piece,
            p.captured.as_deref().unwrap_or(""),
            p.promotion.as_deref().unwrap_or(""),
            &start,
            &end,
            &p.snapshot.cells,
            p.snapshot.side_to_move.map_or("", |s| s.name()),
            p.snapshot.check.as_deref().unwrap_or(""),
            &p.snapshot.fen,
        ];
        for (k, field) in fields.iter().enumerate() {
            if k > 0 {
                lines.push('\t');
            }
            lines.push_str(field);
        }
    }
    // The head's `plies` is empty; unpack fills it from the lines.
    unpack_outcome(&serde_json::to_string(&outcome).unwrap_or_default(), &lines)
}

#[wasm_bindgen(skip_typescript)]
pub fn suggest(fen: &str, options: JsValue) -> Result<JsValue, JsError> {
    let given = GivenOptions::read(options, &["game"])?;
    match given.string("game")?.as_deref() {
        None | Some("chess") => {
            let pos = Position::from_fen(fen).map_err(|e| JsError::new(&format!("[bad_fen] {e}")))?;
            to_js(&suggestion(&pos))
        }
        Some("congo") => match crate::congo::analysis::suggest(fen) {
            Ok(found) => to_js(&found),
            Err(crate::congo::analysis::SuggestError::GameOver(_)) => Ok(JsValue::NULL),
            Err(e) => Err(JsError::new(&format!("[bad_fen] {e}"))),
        },
        Some("checkers") => {
            let found =
                crate::checkers::analysis::suggest_fen(fen).map_err(|e| JsError::new(&format!("[bad_fen] {e}")))?;
            to_js(&found)
        }
        Some(other) => Err(JsError::new(&format!("[bad_options] no suggestions for game {other:?}"))),
    }
}

/// The course's Congo alpha-beta (fail-hard negamax, advanced evaluation)
/// to `depth` (at most 8): its value and the positions it visited. For
/// checking the course's values and timing the search from JavaScript.
#[wasm_bindgen(js_name = congoAlphabeta, skip_typescript)]
pub fn congo_alphabeta(fen: &str, depth: u32) -> Result<JsValue, JsError> {
    use crate::congo::search::Search;
    if depth > 8 {
        return Err(JsError::new("[bad_options] depth must be 8 or less"));
    }
    let pos = crate::congo::Position::from_fen(fen.trim()).map_err(|e| JsError::new(&format!("[bad_fen] {e}")))?;
    let mut search = Search::default();
    let value = search.alphabeta(&pos, depth, -crate::congo::search::INFINITY, crate::congo::search::INFINITY);
    #[derive(Serialize)]
    struct Searched {
        value: i32,
        nodes: u64,
    }
    to_js(&Searched { value, nodes: search.nodes })
}

/// The PGN of an analysed chess text (the page's "copy PGN"): its tags and
/// the moves played up to any error.
#[wasm_bindgen(js_name = exportPgn, skip_typescript)]
pub fn export_pgn(text: &str, options: JsValue) -> Result<String, JsError> {
    let given = GivenOptions::read(options, &["game", "notation", "suggest"])?;
    let notation = match given.string("notation")?.as_deref() {
        Some("course") => NotationChoice::Course,
        Some("pgn") => NotationChoice::Pgn,
        _ => NotationChoice::Auto,
    };
    let outcome = analyze_text(text, &Options { game: GameChoice::Chess, notation, suggest: false });
    Ok(crate::chess::notation::pgn::export_pgn(&outcome))
}

/// The course's exchange file for a checkers position (the page's "copy
/// exchange file").
#[wasm_bindgen(js_name = exchangeFile, skip_typescript)]
pub fn exchange_file(position: &str) -> Result<String, JsError> {
    crate::checkers::analysis::exchange_file(position).map_err(|e| JsError::new(&format!("[bad_fen] {e}")))
}
