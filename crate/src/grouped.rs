//! Numbers as the page and the command line write them: digits in groups of three.

/// 1234567 as "1,234,567".
pub fn grouped(value: u64) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(d);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::grouped;

    #[test]
    fn groups_of_three_from_the_right() {
        for (value, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (13610, "13,610"),
            (1234567, "1,234,567"),
        ] {
            assert_eq!(grouped(value), text);
        }
        assert_eq!(grouped(u64::MAX), "18,446,744,073,709,551,615");
    }
}
