//! The games of a PGN text as a game chooser lists them.

use super::reader::read_games;
use crate::outcome::Utf16Offsets;

/// One game of a PGN text, as a game chooser lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
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

crate::json::json_object!(GameSummary { index, white, black, result, event, round, date, plies, start, end });

/// Every game of a PGN text, with its tags (`?` values left out).
pub fn list_games(text: &str) -> Vec<GameSummary> {
    // The games come in order, so one walk of the text converts every span.
    let mut utf16 = Utf16Offsets::new(text);
    read_games(text)
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

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn games_are_listed_with_their_tags() {
        let text = "[White \"A\"]\n[Black \"?\"]\n[Result \"1-0\"]\n1. e4 1-0\n\n[Event \"Club\"]\n1. d4 d5 *";
        let games = list_games(text);
        assert_eq!(games.len(), 2);
        assert_eq!((games[0].white.as_deref(), games[0].black.as_deref()), (Some("A"), None));
        assert_eq!((games[0].result.as_deref(), games[0].plies), (Some("1-0"), 1));
        assert_eq!((games[1].index, games[1].event.as_deref(), games[1].plies), (1, Some("Club"), 2));
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
