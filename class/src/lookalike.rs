//! Names that may pass for what they are not, marked for the teacher (never refused: a real
//! student may be called anything): a name that mixes scripts the way look-alike spoofs do
//! ("Тeacher" with a Cyrillic Т), and a name that says "teacher", read through the letters
//! that look like Latin ones.
//!
//! Invariants:
//! - a name in one script is never marked for its scripts, nor is Latin mixed with the
//!   scripts written beside it in Chinese, Japanese or Korean (as Unicode's "highly
//!   restrictive" profile, UTS #39, allows);
//! - digits, punctuation, spaces and combining marks belong to no script here.

use serde::Serialize;

/// Why a name is marked in the teacher's roster.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum NameMark {
    /// Letters of scripts that are not written together (Latin with Cyrillic, say).
    MixedScripts,
    /// It says "teacher" (in any case, through look-alike letters, with anything between).
    SaysTeacher,
}

/// The mark `name` gets, if any ("says teacher" first: it is the one a class is fooled by).
pub fn name_mark(name: &str) -> Option<NameMark> {
    if says_teacher(name) {
        Some(NameMark::SaysTeacher)
    } else if mixes_scripts(name) {
        Some(NameMark::MixedScripts)
    } else {
        None
    }
}

/// The scripts told apart here: those whose letters pass for Latin ones, and those written
/// beside Latin in East Asia; every other letter is `Other`, one script per Unicode block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Script {
    Latin,
    Greek,
    Cyrillic,
    Armenian,
    Hebrew,
    Arabic,
    Han,
    Hiragana,
    Katakana,
    Hangul,
    Bopomofo,
    /// Any other letter: its code point's top bits (a block of 256: Devanagari and Bengali
    /// are one here, which only misses a mix, never makes one).
    Other(u32),
}

/// The script of a letter, or None for what belongs to none (see the module's invariants).
fn script(c: char) -> Option<Script> {
    if !c.is_alphabetic() {
        return None;
    }
    let code = c as u32;
    Some(match code {
        0x41..=0x5A
        | 0x61..=0x7A
        | 0xAA
        | 0xBA
        | 0xC0..=0x24F
        | 0x1E00..=0x1EFF
        | 0x2C60..=0x2C7F
        | 0xA720..=0xA7FF
        | 0xFF21..=0xFF3A
        | 0xFF41..=0xFF5A => Script::Latin,
        0x370..=0x3FF | 0x1F00..=0x1FFF => Script::Greek,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Script::Cyrillic,
        0x530..=0x58F | 0xFB13..=0xFB17 => Script::Armenian,
        0x590..=0x5FF | 0xFB1D..=0xFB4F => Script::Hebrew,
        0x600..=0x6FF | 0x750..=0x77F | 0x870..=0x8FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => {
            Script::Arabic
        }
        0x2E80..=0x2FDF
        | 0x3005..=0x3007
        | 0x3021..=0x3029
        | 0x3038..=0x303B
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xF900..=0xFAFF
        | 0x20000..=0x3FFFF => Script::Han,
        0x3040..=0x309F => Script::Hiragana,
        0x30A0..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Script::Katakana,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7FF | 0xFFA0..=0xFFDC => {
            Script::Hangul
        }
        0x3100..=0x312F | 0x31A0..=0x31BF => Script::Bopomofo,
        _ => Script::Other(code >> 8),
    })
}

/// True when the letters of `name` come from scripts not written together.
fn mixes_scripts(name: &str) -> bool {
    let mut scripts: Vec<Script> = name.chars().filter_map(script).collect();
    scripts.sort();
    scripts.dedup();
    use Script::*;
    let within = |allowed: &[Script]| scripts.iter().all(|s| allowed.contains(s));
    !(scripts.len() <= 1
        || within(&[Latin, Han, Hiragana, Katakana])
        || within(&[Latin, Han, Hangul])
        || within(&[Latin, Han, Bopomofo]))
}

/// The Latin letter a letter passes for (lowercase), or the letter lowercased.
fn as_latin(c: char) -> char {
    let lower = c.to_lowercase().next().unwrap_or(c);
    match lower {
        // Cyrillic.
        'а' => 'a',
        'в' => 'b',
        'е' | 'ё' | 'є' => 'e',
        'һ' | 'н' => 'h',
        'і' | 'ї' => 'i',
        'ј' => 'j',
        'к' => 'k',
        'м' => 'm',
        'о' => 'o',
        'р' => 'p',
        'с' => 'c',
        'ѕ' => 's',
        'т' => 't',
        'у' => 'y',
        'х' => 'x',
        'ԁ' => 'd',
        'ԛ' => 'q',
        'ԝ' => 'w',
        // Greek.
        'α' => 'a',
        'β' => 'b',
        'ε' => 'e',
        'η' => 'n',
        'ι' => 'i',
        'κ' => 'k',
        'ν' => 'v',
        'ο' => 'o',
        'ρ' => 'p',
        'τ' => 't',
        'υ' => 'u',
        'χ' => 'x',
        // Fullwidth Latin.
        'ａ'..='ｚ' => char::from_u32(lower as u32 - 0xFF41 + 0x61).unwrap_or(lower),
        _ => lower,
    }
}

/// True when `name`, read through look-alike letters with everything but letters left out,
/// says "teacher".
fn says_teacher(name: &str) -> bool {
    let letters: String = name
        .chars()
        .filter(|c| c.is_alphabetic())
        .map(as_latin)
        .collect();
    letters.contains("teacher")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_script_or_latin_with_east_asian_scripts_is_not_marked() {
        for name in [
            "Ada Lovelace",
            "Zoë Ødegård",
            "Дмитрий",
            "Αλέξανδρος",
            "محمد",
            "پرویز گلشیری",
            "דוד",
            "李小龙",
            "Li 小龙",
            "さくら Sakura 桜",
            "김민준 Kim",
            "Blue Fox 12",
            "ﾀﾛｳ",
            "Ｔａｒｏ",
            "José-María O'Neil",
        ] {
            assert_eq!(name_mark(name), None, "{name}");
        }
    }

    #[test]
    fn letters_of_scripts_not_written_together_are_marked() {
        for name in [
            "Аda",
            "Pаul",
            "Alex Ωmega",
            "Ivan Иванов",
            "ab ש",
            "Ким Kim",
            "김 小 さ",
        ] {
            assert_eq!(name_mark(name), Some(NameMark::MixedScripts), "{name}");
        }
    }

    #[test]
    fn a_name_that_says_teacher_is_marked_through_look_alikes() {
        for name in [
            "Teacher",
            "the teacher",
            "TEACHER",
            "T e a c h e r",
            "T.eacher!",
            "Тeacher",
            "тeасhеr",
            "Τeacher",
            "ｔｅａｃｈｅｒ",
            "Mr Teacher 2",
        ] {
            assert_eq!(name_mark(name), Some(NameMark::SaysTeacher), "{name}");
        }
        for name in ["Teach", "Reacher", "Teachy Er"] {
            assert_ne!(name_mark(name), Some(NameMark::SaysTeacher), "{name}");
        }
    }
}
