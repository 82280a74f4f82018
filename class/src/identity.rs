//! Who is who in a class: join codes, secrets and tokens, the students' names. Randomness
//! comes from a [`Random`] given by the caller (the operating system's in the server, a
//! fixed sequence in the tests), so that everything here is deterministic under test.

/// A source of random bits.
pub trait Random: Send {
    /// 64 random bits.
    fn next_u64(&mut self) -> u64;
}

/// The characters of a join code: no 0/O, no 1/I/L, so that none can be misread.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/// The length of a join code.
pub const CODE_LENGTH: usize = 6;

/// The longest name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// A new join code: [`CODE_LENGTH`] characters of [`CODE_ALPHABET`].
pub fn new_code(random: &mut dyn Random) -> String {
    (0..CODE_LENGTH)
        .map(|_| pick(random, CODE_ALPHABET.len()))
        .map(|i| CODE_ALPHABET[i] as char)
        .collect()
}

/// A code as typed: upper-cased, spaces and dashes left out. `None` when it cannot be a
/// join code (another length, a character outside [`CODE_ALPHABET`]).
pub fn normalize_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '-')
        .take(CODE_LENGTH + 1)
        .map(|c| c.to_ascii_uppercase())
        .collect();
    let valid = code.len() == CODE_LENGTH && code.bytes().all(|b| CODE_ALPHABET.contains(&b));
    valid.then_some(code)
}

/// 128 random bits in lowercase base32 (RFC 4648's alphabet, no padding): 26 characters. A
/// teacher key, a room's teacher secret or a student token.
pub fn new_secret(random: &mut dyn Random) -> String {
    const BASE32: &[u8] = b"abcdefghijklmnopqrstuvwxyz234567";
    let bits = (u128::from(random.next_u64()) << 64) | u128::from(random.next_u64());
    (0..26)
        .map(|i| BASE32[((bits >> (i * 5)) & 31) as usize] as char)
        .collect()
}

/// True when `text` has the shape [`new_secret`] gives: 26 characters of lowercase base32. A
/// secret or token a page brings back to a restarted server must have it (one of another
/// shape was not made by a server).
pub fn is_secret(text: &str) -> bool {
    text.len() == 26
        && text
            .bytes()
            .all(|b| b.is_ascii_lowercase() || (b'2'..=b'7').contains(&b))
}

/// True when `a` and `b` are the same, in a time that does not depend on where they differ
/// (for secrets compared with what a stranger sent).
pub fn same_secret(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

const COLOURS: [&str; 16] = [
    "Blue", "Red", "Green", "Gold", "Silver", "Amber", "Coral", "Jade", "Ivory", "Indigo",
    "Violet", "Copper", "Teal", "Olive", "Ruby", "Pearl",
];

const ANIMALS: [&str; 16] = [
    "Fox", "Owl", "Hare", "Lynx", "Otter", "Heron", "Badger", "Wren", "Seal", "Crane", "Bison",
    "Finch", "Marten", "Ibis", "Gecko", "Panda",
];

/// An anonymous name, such as "Blue Fox 12".
pub fn anonymous_name(random: &mut dyn Random) -> String {
    let colour = COLOURS[pick(random, COLOURS.len())];
    let animal = ANIMALS[pick(random, ANIMALS.len())];
    let number = 1 + pick(random, 99);
    format!("{colour} {animal} {number}")
}

/// A name as typed, made safe to keep: control characters and the ones that show nothing or
/// a blank (zero widths, direction overrides and isolates, fillers, tags: a name could
/// otherwise read as another's, look empty, or turn the teacher's list round) replaced by
/// spaces, runs of spaces made one, trimmed, cut to [`MAX_NAME_CHARS`] characters. `None`
/// when no letter or digit is left.
pub fn clean_name(typed: &str) -> Option<String> {
    let mut name = String::new();
    let mut space = false;
    for c in typed.chars() {
        if c.is_control() || c.is_whitespace() || formats_text(c) {
            space = !name.is_empty();
        } else {
            if space {
                name.push(' ');
                space = false;
            }
            name.push(c);
        }
        if name.chars().count() >= MAX_NAME_CHARS {
            break;
        }
    }
    let name: String = name.chars().take(MAX_NAME_CHARS).collect();
    let name = name.trim_end().to_string();
    // A name the teacher can read: at least one letter or digit that shows.
    name.chars().any(char::is_alphanumeric).then_some(name)
}

/// True for the characters that show nothing, or nothing but blank, and so could hide or
/// reorder a name, or make it look empty: Unicode's default-ignorable code points (the soft
/// hyphen, the combining grapheme joiner, the Arabic letter mark, the Hangul fillers, the
/// Khmer inherent vowels, the Mongolian and other variation selectors, the zero widths and
/// direction marks, the embeddings, overrides and isolates, the invisible operators, the
/// byte order mark, the shorthand format controls, the musical formatting marks and the
/// tags) and the braille blank.
fn formats_text(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{34F}' | '\u{61C}' | '\u{115F}'..='\u{1160}' | '\u{17B4}'..='\u{17B5}'
        | '\u{180B}'..='\u{180F}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{206F}' | '\u{2800}' | '\u{3164}' | '\u{FE00}'..='\u{FE0F}'
        | '\u{FEFF}' | '\u{FFA0}' | '\u{FFF0}'..='\u{FFF8}' | '\u{1BCA0}'..='\u{1BCA3}'
        | '\u{1D173}'..='\u{1D17A}' | '\u{E0000}'..='\u{E0FFF}')
}

/// A number below `n` (> 0), from the top bits of 64 random ones: the bias is below 2^-58.
fn pick(random: &mut dyn Random, n: usize) -> usize {
    ((u128::from(random.next_u64()) * n as u128) >> 64) as usize
}

/// A repeatable [`Random`] for the tests of this crate: a linear congruential generator.
#[cfg(test)]
pub(crate) struct Counter(pub u64);

#[cfg(test)]
impl Random for Counter {
    fn next_u64(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_use_only_letters_that_cannot_be_misread() {
        let mut random = Counter(1);
        for _ in 0..1000 {
            let code = new_code(&mut random);
            assert_eq!(code.len(), 6);
            assert!(!code.contains(['0', 'O', '1', 'I', 'L']), "{code}");
            assert_eq!(normalize_code(&code.to_lowercase()), Some(code.clone()));
        }
        assert_eq!(normalize_code("ab-c d2 3"), Some("ABCD23".to_string()));
        assert_eq!(normalize_code("ABCDE0"), None);
        assert_eq!(normalize_code("ABCDEFG"), None);
        assert_eq!(normalize_code("ABCDÉ2"), None);
    }

    #[test]
    fn secrets_carry_128_bits_in_lowercase_base32() {
        let mut random = Counter(7);
        let a = new_secret(&mut random);
        let b = new_secret(&mut random);
        assert_eq!(a.len(), 26);
        assert_ne!(a, b);
        assert!(a
            .bytes()
            .all(|c| c.is_ascii_lowercase() || (b'2'..=b'7').contains(&c)));
        assert!(same_secret(&a, &a.clone()));
        assert!(!same_secret(&a, &b));
        assert!(!same_secret(&a, &a[1..]));
    }

    #[test]
    fn names_are_cleaned_and_cut() {
        assert_eq!(
            clean_name("  Ada\u{7}\n Lovelace "),
            Some("Ada Lovelace".to_string())
        );
        assert_eq!(clean_name(" \t\u{0} "), None);
        // A direction override and zero widths cannot make a name read as another's.
        assert_eq!(
            clean_name("\u{202E}Ada\u{200B}\u{2066}Lovelace\u{FEFF}"),
            Some("Ada Lovelace".to_string())
        );
        assert_eq!(clean_name("\u{200D}\u{202E}"), None);
        // Blank look-alikes (the Hangul filler, the braille blank, tags, a variation
        // selector) and names of punctuation only show no name: refused, or left out.
        for blank in [
            "\u{3164}",
            "\u{2800}\u{2800}",
            "\u{E0041}\u{E0042}",
            "\u{115F}\u{FE0F}",
            "..",
            "-_-",
        ] {
            assert_eq!(clean_name(blank), None, "{blank:?}");
        }
        assert_eq!(
            clean_name("Ada\u{3164}\u{E0041}Lovelace\u{2800}"),
            Some("Ada Lovelace".to_string())
        );
        assert_eq!(clean_name("Zoë 7"), Some("Zoë 7".to_string()));
        assert_eq!(clean_name("李 明"), Some("李 明".to_string()));
        let long = clean_name(&"x".repeat(100)).unwrap();
        assert_eq!(long.chars().count(), MAX_NAME_CHARS);
        let name = anonymous_name(&mut Counter(3));
        assert_eq!(name.split(' ').count(), 3, "{name}");
    }
}
