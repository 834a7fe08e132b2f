//! The option objects and the edit the JavaScript API reads (each read as
//! serde_json reads its JSON text: see `read`), and what they mean to the
//! library.

use super::args::{error, game_of, plain_copy};
use super::read;
use crate::game::GameKind;
use crate::options::{GameChoice, NotationChoice, Options};
use serde::Deserialize;
use wasm_bindgen::prelude::*;

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct AnalyzeOptions {
    game: Option<String>,
    notation: Option<String>,
    suggest: Option<bool>,
    game_index: Option<u32>,
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

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(super) struct GameOption {
    game: Option<String>,
}

impl GameOption {
    /// The game named, chess when none is.
    pub(super) fn kind(&self) -> Result<GameKind, JsError> {
        self.game.as_deref().map_or(Ok(GameKind::Chess), game_of)
    }
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub(super) struct ExportOptions {
    notation: Option<String>,
    game_index: Option<u32>,
}

impl ExportOptions {
    pub(super) fn read(self) -> Result<Options, JsError> {
        AnalyzeOptions { notation: self.notation, game_index: self.game_index, ..AnalyzeOptions::default() }.read()
    }
}

/// What an edit's `kind` names (the variants of serde's internally tagged
/// enum, read by `read::tagged`).
#[derive(Deserialize)]
#[serde(variant_identifier, rename_all = "lowercase")]
enum EditKind {
    Add,
    Delete,
    Promote,
}

/// The fields of an edit that adds a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AddFields {
    at: Vec<usize>,
    #[serde(rename = "move")]
    mv: String,
}

/// The fields of an edit that deletes or promotes a move.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct AtFields {
    at: Vec<usize>,
}

/// Reads an edit, `{ kind: "add", at, move }` or `{ kind: "delete" or
/// "promote", at }`, as serde_json reads it as an internally tagged enum.
pub(super) fn edit_request(value: &JsValue) -> Result<crate::edit::Edit, String> {
    use crate::edit::Edit;
    let (kind, fields) = read::tagged::<EditKind>(plain_copy(value, "edit")?, "kind").map_err(|e| e.to_string())?;
    let edit = match kind {
        EditKind::Add => AddFields::deserialize(fields).map(|f| Edit::Add { at: f.at, mv: f.mv }),
        EditKind::Delete => AtFields::deserialize(fields).map(|f| Edit::Delete { at: f.at }),
        EditKind::Promote => AtFields::deserialize(fields).map(|f| Edit::Promote { at: f.at }),
    };
    edit.map_err(|e| e.to_string())
}
