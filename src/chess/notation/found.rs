//! The character a reader did not expect, named as a person should read it:
//! `'q'`, `a space`, the end of the line; and a letter that looks like a
//! Latin one but is not (a Cyrillic `е` typed with a Russian keyboard
//! layout, a Greek `Ο`, a full-width `ｅ` from a Japanese input method),
//! named with what it is and what it looks like, since it looks right.
//! Both readers (the course notation and PGN) say "expected ... but found
//! ..." through here, and the drawing commands name a look-alike so too.

/// Latin letters' look-alikes in Cyrillic and Greek, and the Latin letter
/// each looks like (the full-width forms are found by their code point).
const LOOKALIKES: [(char, char); 57] = [
    // Greek capitals and small letters.
    ('Α', 'A'),
    ('Β', 'B'),
    ('Ε', 'E'),
    ('Ζ', 'Z'),
    ('Η', 'H'),
    ('Ι', 'I'),
    ('Κ', 'K'),
    ('Μ', 'M'),
    ('Ν', 'N'),
    ('Ο', 'O'),
    ('Ρ', 'P'),
    ('Τ', 'T'),
    ('Υ', 'Y'),
    ('Χ', 'X'),
    ('α', 'a'),
    ('ι', 'i'),
    ('κ', 'k'),
    ('ν', 'v'),
    ('ο', 'o'),
    ('ρ', 'p'),
    ('υ', 'u'),
    ('χ', 'x'),
    // Cyrillic capitals and small letters.
    ('Ѕ', 'S'),
    ('І', 'I'),
    ('Ј', 'J'),
    ('А', 'A'),
    ('В', 'B'),
    ('Е', 'E'),
    ('К', 'K'),
    ('М', 'M'),
    ('Н', 'H'),
    ('О', 'O'),
    ('Р', 'P'),
    ('С', 'C'),
    ('Т', 'T'),
    ('Х', 'X'),
    ('а', 'a'),
    ('е', 'e'),
    ('о', 'o'),
    ('р', 'p'),
    ('с', 'c'),
    ('у', 'y'),
    ('х', 'x'),
    ('ѕ', 's'),
    ('і', 'i'),
    ('ј', 'j'),
    ('Ү', 'Y'),
    ('һ', 'h'),
    ('ӏ', 'l'),
    ('ԁ', 'd'),
    ('Ԛ', 'Q'),
    ('ԛ', 'q'),
    ('Ԝ', 'W'),
    ('ԝ', 'w'),
    // Signs typed for chess's own.
    ('×', 'x'),
    ('–', '-'),
    ('—', '-'),
];

/// The ASCII character `c` looks like, and what `c` is in words ("the
/// Cyrillic letter", "the full-width digit"), when it is a look-alike.
pub fn lookalike(c: char) -> Option<(char, String)> {
    // Full-width forms: U+FF01 to U+FF5E are ASCII's ! to ~, shifted.
    if let Some(ascii) = ('\u{FF01}'..='\u{FF5E}').contains(&c).then(|| char::from_u32(c as u32 - 0xFEE0)).flatten() {
        return Some((ascii, kind("full-width", ascii)));
    }
    let &(_, latin) = LOOKALIKES.iter().find(|(other, _)| *other == c)?;
    let script = match c as u32 {
        0x370..=0x3FF => "Greek",
        0x400..=0x52F => "Cyrillic",
        _ => return Some((latin, "the sign".to_string())),
    };
    Some((latin, kind(script, latin)))
}

/// "the Greek capital letter", "the full-width digit": by what it looks like.
fn kind(script: &str, looks_like: char) -> String {
    let what = match looks_like {
        c if c.is_ascii_uppercase() => "capital letter",
        c if c.is_ascii_lowercase() => "letter",
        c if c.is_ascii_digit() => "digit",
        _ => "sign",
    };
    format!("the {script} {what}")
}

/// A character in words: `'q'`, or for a look-alike `the Cyrillic letter е
/// (U+0435), which looks like the Latin e`.
pub fn character(c: char) -> String {
    match lookalike(c) {
        Some((ascii, what)) => {
            let like = if ascii.is_ascii_alphabetic() { format!("the Latin {ascii}") } else { ascii.to_string() };
            format!("{what} {c} (U+{:04X}), which looks like {like}", c as u32)
        }
        None => format!("'{c}'"),
    }
}

/// `expected EXPECTED but found ...`: the character found (`None`: `end`,
/// the end of the line or of the text), in words.
pub fn expected_but_found(expected: &str, found: Option<char>, end: &str) -> String {
    let found = match found {
        None => end.to_string(),
        Some('\n' | '\r') => "the end of the line".to_string(),
        Some(' ') => "a space".to_string(),
        Some('\t') => "a tab".to_string(),
        Some(c) => character(c),
    };
    format!("expected {expected} but found {found}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lookalike_is_named_with_what_it_looks_like() {
        assert_eq!(character('е'), "the Cyrillic letter е (U+0435), which looks like the Latin e");
        assert_eq!(character('В'), "the Cyrillic capital letter В (U+0412), which looks like the Latin B");
        assert_eq!(character('Ο'), "the Greek capital letter Ο (U+039F), which looks like the Latin O");
        assert_eq!(character('ｅ'), "the full-width letter ｅ (U+FF45), which looks like the Latin e");
        assert_eq!(character('４'), "the full-width digit ４ (U+FF14), which looks like 4");
        assert_eq!(character('×'), "the sign × (U+00D7), which looks like the Latin x");
        assert_eq!(character('q'), "'q'");
        assert_eq!(character('é'), "'é'");
    }

    #[test]
    fn the_table_holds_no_ascii_and_no_letter_twice() {
        for (i, &(c, latin)) in LOOKALIKES.iter().enumerate() {
            assert!(!c.is_ascii() && latin.is_ascii(), "{c}");
            assert!(LOOKALIKES[..i].iter().all(|&(other, _)| other != c), "{c} twice");
        }
    }

    #[test]
    fn what_was_found_in_words() {
        assert_eq!(
            expected_but_found("a move", None, "the end of the text"),
            "expected a move but found the end of the text"
        );
        assert_eq!(
            expected_but_found("a move", Some('\r'), "the end of the text"),
            "expected a move but found the end of the line"
        );
        assert_eq!(expected_but_found("a square", Some(' '), ""), "expected a square but found a space");
        assert_eq!(expected_but_found("a square", Some('\t'), ""), "expected a square but found a tab");
        assert_eq!(expected_but_found("a square", Some('?'), ""), "expected a square but found '?'");
    }
}
