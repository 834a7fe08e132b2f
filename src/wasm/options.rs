//! The option objects and the edit the JavaScript API reads (each read as
//! serde_json reads its JSON text: see `read`), and what they mean to the
//! library.

use super::args::{error, game_of, plain_copy};
use super::read::{self, Error, Fields, Json};
use crate::game::GameKind;
use crate::options::{GameChoice, NotationChoice, Options};
use wasm_bindgen::prelude::*;

#[derive(Default)]
pub(super) struct AnalyzeOptions {
    game: Option<String>,
    notation: Option<String>,
    suggest: Option<bool>,
    game_index: Option<u32>,
}

impl Fields for AnalyzeOptions {
    const NAMES: &'static [&'static str] = &["game", "notation", "suggest", "gameIndex"];
    fn read(&mut self, field: usize, value: Json) -> Result<(), Error> {
        match field {
            0 => self.game = value.optional(Json::string)?,
            1 => self.notation = value.optional(Json::string)?,
            2 => self.suggest = value.optional(Json::boolean)?,
            _ => self.game_index = value.optional(Json::u32)?,
        }
        Ok(())
    }
}

impl AnalyzeOptions {
    pub(super) fn read(self) -> Result<Options, JsError> {
        let game = match self.game.as_deref() {
            None | Some("auto") => GameChoice::Auto,
            Some(id) => GameChoice::Game(game_of(id)?),
        };
        let notation = match self.notation.as_deref() {
            None | Some("auto") => NotationChoice::Auto,
            Some("course") => NotationChoice::Course,
            Some("pgn") => NotationChoice::Pgn,
            Some(other) => {
                return Err(error("bad_options", format!("notation must be auto, course or pgn, not {other:?}")))
            }
        };
        Ok(Options {
            game,
            notation,
            game_index: self.game_index.unwrap_or(0) as usize,
            suggest: self.suggest.unwrap_or(true),
        })
    }
}

#[derive(Default)]
pub(super) struct GameOption {
    game: Option<String>,
}

impl Fields for GameOption {
    const NAMES: &'static [&'static str] = &["game"];
    fn read(&mut self, _: usize, value: Json) -> Result<(), Error> {
        self.game = value.optional(Json::string)?;
        Ok(())
    }
}

impl GameOption {
    /// The game named, chess when none is.
    pub(super) fn kind(&self) -> Result<GameKind, JsError> {
        self.game.as_deref().map_or(Ok(GameKind::Chess), game_of)
    }
}

#[derive(Default)]
pub(super) struct ExportOptions {
    notation: Option<String>,
    game_index: Option<u32>,
}

impl Fields for ExportOptions {
    const NAMES: &'static [&'static str] = &["notation", "gameIndex"];
    fn read(&mut self, field: usize, value: Json) -> Result<(), Error> {
        match field {
            0 => self.notation = value.optional(Json::string)?,
            _ => self.game_index = value.optional(Json::u32)?,
        }
        Ok(())
    }
}

impl ExportOptions {
    pub(super) fn read(self) -> Result<Options, JsError> {
        AnalyzeOptions { notation: self.notation, game_index: self.game_index, ..AnalyzeOptions::default() }.read()
    }
}

/// Reads an edit, `{ kind: "add", at, move }` or `{ kind: "delete" or
/// "promote", at }`, as serde_json reads it as an internally tagged enum
/// whose variants deny unknown fields: the kind read where it is met, every
/// other value walked first (serde keeps it to read later), then the
/// variant's fields in order.
pub(super) fn edit_request(value: &JsValue) -> Result<crate::edit::Edit, String> {
    read_edit(Json::top(plain_copy(value, "edit")?)).map_err(|e| e.to_string())
}

fn read_edit(value: Json) -> Result<crate::edit::Edit, Error> {
    use crate::edit::Edit;
    const KINDS: &[&str] = &["add", "delete", "promote"];
    let mut kind = None;
    let mut rest = Vec::new();
    for (key, value) in value.entries()? {
        if key == "kind" {
            kind = Some(value.variant(KINDS)?);
        } else {
            value.walk()?;
            rest.push((key, value));
        }
    }
    let kind = kind.ok_or_else(|| Error::missing_field("kind"))?;
    // An edit that adds a move has a move; the others only a place.
    let names: &[&str] = if kind == 0 { &["at", "move"] } else { &["at"] };
    let (mut at, mut mv) = (None, None);
    for (key, value) in rest {
        match read::name_of(&key, "field", names)? {
            0 => at = Some(value.sequence(Json::usize)?),
            _ => mv = Some(value.string()?),
        }
    }
    let at = at.ok_or_else(|| Error::missing_field("at"))?;
    Ok(match kind {
        0 => Edit::Add { at, mv: mv.ok_or_else(|| Error::missing_field("move"))? },
        1 => Edit::Delete { at },
        _ => Edit::Promote { at },
    })
}
