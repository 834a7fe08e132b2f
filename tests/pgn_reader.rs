//! The PGN reader: what it builds from the text (tags, main line,
//! variations, comments, NAGs, results, games) and where it reports
//! syntax errors.

use analysis_board::chess::notation::pgn::{read_games, GameResult, Line, PgnGame, Problem, ReadGame, SyntaxError};
use analysis_board::chess::notation::san::San;

fn one(text: &str) -> ReadGame {
    read_games(text).next().expect("a game")
}

fn game(text: &str) -> PgnGame {
    let read = one(text);
    assert_eq!(read.error, None, "{text}");
    read.game
}

fn error(text: &str) -> SyntaxError {
    one(text).error.unwrap_or_else(|| panic!("no error in {text:?}"))
}

/// The main line's moves as written.
fn written<'a>(text: &'a str, line: &Line) -> Vec<&'a str> {
    line.moves.iter().map(|m| &text[m.span.start..m.span.end]).collect()
}

#[test]
fn tag_values_undo_escapes_and_keep_their_spans() {
    let text = r#"[White "Player \"The Hammer\" O\\Brien"] [Event "a ] bracket"][Site "C:\games"]"#;
    let g = game(text);
    let values: Vec<(&str, &str)> = g.tags.iter().map(|t| (t.name.as_str(), t.value.as_str())).collect();
    assert_eq!(values, [("White", "Player \"The Hammer\" O\\Brien"), ("Event", "a ] bracket"), ("Site", "C:\\games")]);
    let white = &g.tags[0];
    assert_eq!(&text[white.span.start..white.span.end], r#"[White "Player \"The Hammer\" O\\Brien"]"#);
    assert_eq!(&text[white.value_span.start..white.value_span.end], r#"Player \"The Hammer\" O\\Brien"#);
    assert_eq!(g.tag("white").map(|t| t.value.as_str()), Some("Player \"The Hammer\" O\\Brien"));
}

/// Regression (issue 15): some exporters leave the quotes inside a value
/// unescaped. The value runs to the last `"` before a `]` on the line, as
/// python-chess reads it, and the tag says it was read so.
#[test]
fn tag_values_with_unescaped_quotes_are_read_to_the_last_quote_of_the_line() {
    let text = "[Event \"Club \"Open\" 2026\"]\n[Site \"Here\"]\n[Path \"C:\\\"  ]\n\n1. e4 *";
    let g = game(text);
    let values: Vec<(&str, &str, bool)> =
        g.tags.iter().map(|t| (t.name.as_str(), t.value.as_str(), t.lenient_quotes)).collect();
    assert_eq!(values, [("Event", "Club \"Open\" 2026", true), ("Site", "Here", false), ("Path", "C:\\", true)]);
    let event = &g.tags[0];
    assert_eq!(&text[event.span.start..event.span.end], "[Event \"Club \"Open\" 2026\"]");
    assert_eq!(&text[event.value_span.start..event.value_span.end], "Club \"Open\" 2026");
    assert_eq!(written(text, &g.main), ["e4"]);
    // Escaped quotes are no leniency.
    assert!(!game(r#"[Event "Club \"Open\" 2026"]"#).tags[0].lenient_quotes);
    // Without a quote and a bracket later on the line, the error stays where
    // the standard reading found it.
    for (text, ch) in [("[Event \"Club \"Open 2026]", 'O'), ("[Event \"a\"b]\n\"]", 'b')] {
        let e = error(text);
        assert_eq!((e.start, e.character), (text.find(ch).unwrap(), Some(ch)), "{text}");
    }
}

/// Tags that went through a word processor or a blog: typographic quotes
/// (`“Club”`, German `„Club“`, French `«Club»`) around the value. Read up
/// to the last closing quote before the `]` on the line, and said so.
#[test]
fn tag_values_in_typographic_quotes() {
    let text = "[Event “Club “Open” 2026”]\n[Site „Berlin“]\n[White «Dupont, J.»]\n[Black \"Plain\"]\n\n1. e4 *";
    let g = game(text);
    let values: Vec<(&str, &str, bool)> =
        g.tags.iter().map(|t| (t.name.as_str(), t.value.as_str(), t.typographic_quotes)).collect();
    assert_eq!(
        values,
        [
            ("Event", "Club “Open” 2026", true),
            ("Site", "Berlin", true),
            ("White", "Dupont, J.", true),
            ("Black", "Plain", false)
        ]
    );
    assert!(g.tags.iter().all(|t| !t.lenient_quotes));
    let event = &g.tags[0];
    assert_eq!(&text[event.span.start..event.span.end], "[Event “Club “Open” 2026”]");
    assert_eq!(&text[event.value_span.start..event.value_span.end], "Club “Open” 2026");
    assert_eq!(written(text, &g.main), ["e4"]);
    // Without a closing quote before a `]` on the line, the error stays at the opening one.
    let text = "[Event “Club]\n1. e4";
    assert_eq!(error(text).start, text.find('“').unwrap());
}

#[test]
fn move_numbers_in_every_form() {
    for text in [
        "1. e4 e5 2. Nf3",
        "1.e4 e5 2.Nf3",
        "1. e4 1... e5 2. Nf3",
        "1.e4 1...e5 2.Nf3",
        "1 e4 e5 2 Nf3",
        "1. e4 1… e5 2. Nf3",
        "1.e4 1…e5 2.Nf3",
        "1. e4 1. ... e5 2. Nf3",
        "1. e4 {a comment} 1. … e5 2. Nf3",
        // As forum posts and e-mails number moves.
        "1) e4 e5 2) Nf3",
        "1)e4 e5 2)Nf3",
    ] {
        assert_eq!(written(text, &game(text).main), ["e4", "e5", "Nf3"], "{text}");
    }
}

#[test]
fn moves_keep_their_marks_in_the_span_and_glyphs_as_nags() {
    let text = "1. e4! e5? 2. Nf3!! Nc6?? 3. Bb5!? a6?! 4. Ba4 $14 Nf6 !? 5. O-O += Be7 -/+ 6. Qe2 ∞ b5+ 7. Bb3#";
    let g = game(text);
    assert_eq!(
        written(text, &g.main),
        ["e4!", "e5?", "Nf3!!", "Nc6??", "Bb5!?", "a6?!", "Ba4", "Nf6", "O-O", "Be7", "Qe2", "b5+", "Bb3#"]
    );
    let nags: Vec<Vec<u8>> = g.main.moves.iter().map(|m| m.nags.clone()).collect();
    assert_eq!(
        nags,
        [
            vec![1],
            vec![2],
            vec![3],
            vec![4],
            vec![5],
            vec![6],
            vec![14],
            vec![5],
            vec![14],
            vec![17],
            vec![13],
            vec![],
            vec![]
        ]
    );
}

#[test]
fn check_marks_en_passant_marks_and_promotions_in_every_spelling() {
    let text = "exd6e.p. exd6 e.p. Qh5++ e8Q e8=Q e8(Q) e8/Q e7e8q Ng1-f3 Ng1xf3 0-0-0 O-O";
    let g = game(text);
    assert_eq!(g.main.moves.len(), 12);
    let sans: Vec<String> = g.main.moves.iter().map(|m| m.san.to_string()).collect();
    assert_eq!(
        sans,
        ["exd6", "exd6", "Qh5", "e8=Q", "e8=Q", "e8=Q", "e8=Q", "e7e8=Q", "Ng1f3", "Ng1xf3", "O-O-O", "O-O"]
    );
}

/// The en passant mark as people write it: with or without its dots or
/// the space, and with a check mark or glyph after it.
#[test]
fn en_passant_marks_in_the_forms_people_type() {
    // Attached after a check mark or glyph too (`+e.p.`, python-chess reads it; found by a differential run).
    for mark in [
        "e.p.", " e.p.", " e.p", "ep", " ep", " e. p.", " e.p.+", " e.p.!", "e.p.!?", " ep+!", " (e.p.)", "+ (e.p.)",
        "+e.p.", "+ep", "#e.p", "!?e.p.", "+!e. p.", "+(e.p.)",
    ] {
        let text = format!("1. e4 Nf6 2. e5 d5 3. exd6{mark} Qxd6 4. d4");
        let g = game(&text);
        assert_eq!(written(&text, &g.main).len(), 7, "{text}");
        assert_eq!(g.main.moves[5].san.to_string(), "Qxd6", "{text}");
        assert!(g.main.moves[4].variations.is_empty(), "{text}");
        let nags = &g.main.moves[4].nags;
        let glyph = if mark.contains("!?") {
            vec![5]
        } else if mark.contains('!') {
            vec![1]
        } else {
            vec![]
        };
        assert_eq!(nags, &glyph, "{text}");
    }
    // Anything else after the move is still refused at its first character that is no move.
    for (text, at) in [("1. e4 d5 2. e5 f5 3. exf6 e.q.", 27), ("1. e4 d5 2. e5 f5 3. exf6 epx", 27)] {
        let e = error(text);
        assert_eq!(e.start, at, "{text}");
    }
}

/// Text copied from web pages carries invisible characters between moves:
/// no-break and thin spaces, zero-width spaces and joiners, direction
/// marks. They separate tokens as white space does (an error at one would
/// name a character the person cannot see).
#[test]
fn invisible_characters_from_web_pages_are_white_space() {
    for c in ['\u{a0}', '\u{2009}', '\u{200b}', '\u{200c}', '\u{200d}', '\u{200e}', '\u{200f}', '\u{2060}', '\u{feff}']
    {
        let text = format!("[Event \"x\"]{c}\n1.{c}e4{c} e5{c}2. Nf3{c}{{comment}}{c}Nc6{c}*{c}");
        assert_eq!(written(&text, &game(&text).main), ["e4", "e5", "Nf3", "Nc6"], "{c:?}");
    }
}

#[test]
fn comments_belong_to_the_move_before_them() {
    let text = "{ before } 1. e4 { after e4 } { again } e5 ; to the end of the line { not closed\n2. Nf3 {multi\nline}";
    let g = game(text);
    let texts =
        |c: &[analysis_board::chess::notation::pgn::Comment]| c.iter().map(|c| c.text.clone()).collect::<Vec<_>>();
    assert_eq!(texts(&g.main.comments), ["before"]);
    assert_eq!(texts(&g.main.moves[0].comments), ["after e4", "again"]);
    assert_eq!(texts(&g.main.moves[1].comments), ["to the end of the line { not closed"]);
    assert_eq!(texts(&g.main.moves[2].comments), ["multi\nline"]);
    let c = &g.main.moves[0].comments[0];
    assert_eq!(&text[c.span.start..c.span.end], "{ after e4 }");
}

#[test]
fn comments_may_hold_anything_but_a_closing_brace() {
    let text = "1. e4 { [Event \"x\"] 1-0 ( ) 2. Nf3 ; $1 * {{ } e5 *";
    let g = game(text);
    assert_eq!(written(text, &g.main), ["e4", "e5"]);
    assert_eq!(g.main.moves[0].comments[0].text, "[Event \"x\"] 1-0 ( ) 2. Nf3 ; $1 * {{");
    assert_eq!(g.result.map(|r| r.0), Some(GameResult::Unknown));
}

#[test]
fn variations_nest_and_replace_the_move_before_them() {
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) (1... e6) 2. Nf3 *";
    let g = game(text);
    assert_eq!(written(text, &g.main), ["e4", "e5", "Nf3"]);
    let e5 = &g.main.moves[1];
    assert_eq!(e5.variations.len(), 2);
    assert_eq!(written(text, &e5.variations[0]), ["c5", "Nf3", "d6"]);
    assert_eq!(written(text, &e5.variations[1]), ["e6"]);
    let nf3 = &e5.variations[0].moves[1];
    assert_eq!(written(text, &nf3.variations[0]), ["c3", "d5"]);
    assert_eq!(written(text, &nf3.variations[0].moves[1].variations[0]), ["Nf6"]);
    // Null moves may stand in variations.
    let text = "1. e4 e5 (1... -- 2. d4) 2. Nf3";
    assert_eq!(game(text).main.moves[1].variations[0].moves[0].san, San::Null);
}

#[test]
fn results_end_the_game_except_inside_variations() {
    for (text, result) in [
        ("1. e4 1-0", GameResult::WhiteWins),
        ("1. e4 0-1", GameResult::BlackWins),
        ("1. e4 1/2-1/2", GameResult::Draw),
        ("1. e4 ½-½", GameResult::Draw),
        ("1. e4 *", GameResult::Unknown),
        ("1. e4 (1. d4 1-0) e5 0-1", GameResult::BlackWins),
        // With a colon, as German and Russian sources write results.
        ("1. e4 1:0", GameResult::WhiteWins),
        ("1. e4 0:1", GameResult::BlackWins),
        ("1. e4 ½:½", GameResult::Draw),
        ("1. e4 1/2:1/2", GameResult::Draw),
    ] {
        assert_eq!(game(text).result.map(|r| r.0), Some(result), "{text}");
    }
    assert_eq!(game("1. e4 e5").result, None);
    assert_eq!(game("[Result \"1-0\"] 1. e4").stated_result(), Some(GameResult::WhiteWins));
    assert_eq!(game("[Result \"1-0\"] 1. e4 *").stated_result(), Some(GameResult::Unknown));
    assert_eq!(game("[Result \"0:1\"] 1. e4").stated_result(), Some(GameResult::BlackWins));
    // Other pairs are no result: a move number without its dot.
    for text in ["1. e4 1:1", "1. e4 0:0", "1. e4 1:½"] {
        assert_eq!(error(text).start, 7, "{text}");
    }
}

#[test]
fn games_end_at_their_result_or_where_the_next_tags_begin() {
    let text = "[Event \"1\"]\n1. e4 e5\n\n[Event \"2\"]\n[Site \"x\"]\n1. d4 1-0\n1. c4 *\n\n\n{ trailing comment }\n";
    let games: Vec<ReadGame> = read_games(text).collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].game.tags.len(), 1);
    assert_eq!(games[1].game.tags.len(), 2);
    assert_eq!(written(text, &games[2].game.main), ["c4"]);
    assert!(games.iter().all(|g| g.error.is_none()));
    // Blank lines inside movetext do not split a game.
    assert_eq!(game("1. e4 e5\n\n2. Nf3 Nc6").main.moves.len(), 4);
    // Nothing but white space and comments: no game.
    assert_eq!(read_games("").count(), 0);
    assert_eq!(read_games(" \n { just a comment } ").count(), 0);
    let span = games[1].game.span;
    assert_eq!(&text[span.start..span.end], "[Event \"2\"]\n[Site \"x\"]\n1. d4 1-0");
}

#[test]
fn escape_lines_are_skipped_only_at_the_start_of_a_line() {
    assert_eq!(game("% skipped 1. d4\n1. e4 e5\n%also skipped\n2. Nf3").main.moves.len(), 3);
    let e = error("1. e4 % e5");
    assert_eq!((e.start, e.character), (6, Some('%')));
}

#[test]
fn syntax_errors_point_at_the_offending_character() {
    let at = |text: &str, ch: char| text.rfind(ch).unwrap();
    for (text, ch) in [
        ("1. e4 e5 2. Xf3", 'X'),
        ("1. e4 e5.", '.'),
        // A lower-case word that is no move is refused at its first letter
        // (`nf3` and `e4, e5` are read: tests/pgn_lenient.rs).
        ("1. e4 e5 2. nz3", 'n'),
        ("1. e4 e5 2. Nf3| Nc6", '|'),
        ("1. e4 e5 2. Qh5@", '@'),
        ("1. e4 $ e5", ' '),
        ("1. e4 1-0x", 'x'),
        ("[Event Foo]", 'F'),
        ("[Event \"x\" 1. e4", '1'),
        ("[ \"x]", '"'),
        ("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-0", '0'),
        ("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7е", 'е'),
    ] {
        let e = error(text);
        assert_eq!((e.start, e.character), (at(text, ch), Some(ch)), "{text}");
        assert_eq!(e.end, e.start + ch.len_utf8(), "{text}");
        assert!(matches!(e.problem, Problem::Unexpected(_)), "{text}");
        assert_eq!(e.to_string(), format!("parse error at character '{ch}'"));
    }
}

#[test]
fn unfinished_things_are_errors_where_they_begin() {
    let e = error("1. e4 { never closed");
    assert_eq!((e.start, e.problem), (6, Problem::UnclosedComment));
    assert_eq!(e.to_string(), "parse error at character '{'");
    let e = error("1. e4 (1. d4 d5 2. c4 e5 *");
    assert_eq!((e.start, e.problem), (6, Problem::UnclosedVariation));
    let e = error("1. e4 e5) 2. Nf3");
    assert_eq!((e.start, e.problem), (8, Problem::UnopenedVariation));
    let e = error("(1. e4) 1. d4");
    assert_eq!((e.start, e.problem), (0, Problem::VariationWithoutMove));
    // (Inside a variation, the variation's own error: see below.)
    let e = game("1. e4 ((1. d4))").main.moves[0].variations[0].error.expect("the variation's error");
    assert_eq!((e.start, e.problem), (7, Problem::VariationWithoutMove));
    // A tag value cut by the end of the line: the end of the line is '\n'.
    let e = error("[Event \"no closing quote\n1. e4");
    assert_eq!((e.start, e.character), (24, Some('\n')));
    assert_eq!(e.to_string(), "parse error at character '\\n'");
    assert!(e.explain().contains("the end of the line"), "{}", e.explain());
    // A move cut by the end of the text.
    let e = error("1. e4 e5 2. N");
    assert_eq!((e.start, e.end, e.character), (13, 13, None));
    assert_eq!(e.to_string(), "parse error at character '\\n'");
    let e = error("1. e4 $300");
    assert_eq!(e.start, 7);
}

#[test]
fn variations_nested_too_deep_are_refused_not_overflowed() {
    let deep = format!("1. e4 {}", "(1. d4 ".repeat(100_000));
    let e = error(&deep);
    assert_eq!(e.problem, Problem::TooDeep);
    // Closed, too: the game's error, not the variation's.
    let deep = format!("1. e4 {}{} e5 *", "(1. d4 ".repeat(101), ")".repeat(101));
    assert_eq!(error(&deep).problem, Problem::TooDeep);
    let deep = format!("1. e4 {}e5", "(".repeat(100_000));
    assert_eq!(error(&deep).problem, Problem::VariationWithoutMove);
}

#[test]
fn a_syntax_error_in_a_variation_ends_the_variation_and_the_game_goes_on() {
    // A typo in a variation (a nested one skipped with it): the variation
    // keeps the moves before it and the error; the main line goes on.
    let text = "1. e4 e5 (1... Nf6 2. Nf9 Nc6 (2... d5) 3. d4) 2. Nf3 Nc6 *";
    let g = game(text);
    assert_eq!(written(text, &g.main), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(g.result.map(|r| r.0), Some(GameResult::Unknown));
    let variation = &g.main.moves[1].variations[0];
    assert_eq!(written(text, variation), ["Nf6"]);
    let e = variation.error.expect("the variation's error");
    assert_eq!((&text[e.start..e.end], e.character), ("9", Some('9')));
    assert!(variation.moves.iter().all(|m| m.variations.is_empty()));
    // Only the variation the error is in ends: its parent goes on, and so
    // do the variations after it.
    let text = "1. e4 e5 (1... c5 2. Nf3 (2. c3 @ d5 (2... Nf6)) 2... d6) (1... e6) 2. Nf3 *";
    let g = game(text);
    assert_eq!(written(text, &g.main), ["e4", "e5", "Nf3"]);
    let [c5, e6] = &g.main.moves[1].variations[..] else { panic!("two variations") };
    assert_eq!((written(text, c5), c5.error), (vec!["c5", "Nf3", "d6"], None));
    assert_eq!(written(text, e6), ["e6"]);
    let inner = &c5.moves[1].variations[0];
    assert_eq!(written(text, inner), ["c3"]);
    assert_eq!(inner.error.map(|e| e.character), Some(Some('@')));
    // A `(` before any move of a variation: skipped with what it holds.
    let text = "1. e4 ((1. d4) 1. c4) e5 *";
    let g = game(text);
    assert_eq!(written(text, &g.main), ["e4", "e5"]);
    assert_eq!(
        g.main.moves[0].variations[0].error.map(|e| (e.start, e.problem)),
        Some((7, Problem::VariationWithoutMove))
    );
    // The game's span reaches past a broken last variation.
    let text = "1. e4 (1. d4 d9)";
    assert_eq!(game(text).span.end, text.len());
    // No `)` before the game ends (a result, the next tags, the end of the
    // text): the error ends the game, as in the main line.
    for text in ["1. e4 (1. d9 2. c4 *", "1. e4 (1. d9 1-0 2. c4) e5 *", "1. e4 (1. d9\n[Event \"2\"]\n1. d4 (1. c4) *"]
    {
        let read = one(text);
        assert_eq!(read.error.map(|e| e.character), Some(Some('9')), "{text}");
        assert_eq!(written(text, &read.game.main), ["e4"], "{text}");
    }
    // Counting and picking games skim them; they end where reading does.
    let text = "1. e4 (1. d9) e5 *\n1. d4 (1. c4 (1. Nf9) c5 @) d5 *\n1. c4 (1. d9 *\n\n1. Nf3 *";
    let games: Vec<ReadGame> = read_games(text).collect();
    assert_eq!(read_games(text).count(), games.len());
    assert_eq!(games.len(), 4);
    for (i, g) in games.iter().enumerate() {
        assert_eq!(read_games(text).nth(i).map(|n| n.game.span), Some(g.game.span), "game {i}");
    }
    assert_eq!(written(text, &games[1].game.main), ["d4", "d5"]);
    assert_eq!(games[2].error.map(|e| e.character), Some(Some('9')));
}

#[test]
fn the_game_after_an_error_is_still_found() {
    let text = "[Event \"1\"]\n1. e4 e5 2. Qh5 @ Nc6 3. Bc4 1-0\n\n[Event \"2\"]\n1. d4 *\n[Event \"3\"\n1. c4 *\n\n[Event \"4\"]\n1. Nf3 *";
    let games: Vec<ReadGame> = read_games(text).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].game.main.moves.len(), 3);
    assert!(games[0].error.is_some());
    assert_eq!(games[1].error, None);
    assert!(games[2].error.is_some());
    assert_eq!(written(text, &games[3].game.main), ["Nf3"]);
}

#[test]
fn a_broken_tag_belongs_to_the_game_it_begins() {
    let text = "1. e4 e5\n\n[Event \"no closing quote\n[Site \"x\"]\n1. d4 *\n\n[Event \"3\"]\n1. c4 *";
    let games: Vec<ReadGame> = read_games(text).collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0].error, None);
    assert_eq!(games[0].game.main.moves.len(), 2);
    assert_eq!(games[1].error.map(|e| e.character), Some(Some('\n')));
    assert_eq!(games[1].game.span.start, text.find("[Event").unwrap());
    assert_eq!(written(text, &games[2].game.main), ["c4"]);
}

/// A line where one tag has no end a lenient reading accepts, and a later
/// tag has one in typographic quotes: what is known of the first (nothing
/// to find with plain quotes) is not taken for the second.
#[test]
fn a_broken_tag_does_not_hide_a_typographic_one_later_on_its_line() {
    let text = "1. e4 [A \"x\"y] 1. d4 [B “z”] 1. c4 *";
    let games: Vec<ReadGame> = read_games(text).collect();
    let last = &games.last().expect("games").game;
    let tags: Vec<(&str, &str)> = last.tags.iter().map(|t| (t.name.as_str(), t.value.as_str())).collect();
    assert_eq!(tags, [("B", "z")]);
    assert_eq!(written(text, &last.main), ["c4"]);
}

/// Texts that took quadratic time (minutes for these) before the lexer kept
/// what it had found of the text ahead: every `{` after an unclosed one,
/// and every broken tag on a long line, searched to the end again.
#[test]
fn unclosed_comments_and_broken_tags_by_the_thousand_are_read_once() {
    for unit in ["{", "{x", "[a \"", "[a \"x\"y]", "[a “x\"y]"] {
        let text = unit.repeat(400_000 / unit.len());
        let read: Vec<ReadGame> = read_games(&text).collect();
        let error = read[0].error.as_ref().unwrap_or_else(|| panic!("{unit:?}: no error"));
        assert!(error.start < 16, "{unit:?}: the first problem is at the start, not at {}", error.start);
    }
}

#[test]
fn a_stray_closing_brace_is_named_as_such_wherever_it_stands() {
    for text in ["1. e4 {a } b} e5 *", "1. e4 } e5 *", "1. e4 {good} e5 {bad} Nf3} *"] {
        let e = error(text);
        assert_eq!(&text[e.start..e.end], "}", "{text}");
        assert_eq!(e.explain(), "this } closes no comment (a comment is written { like this })", "{text}");
    }
}
