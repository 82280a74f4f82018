//! The lexer of the exercises' language ([`super::lang`]): the source read one token at a
//! time, spaces and comments (`//` or `#` to the end of the line) skipped, each token with
//! its span; a character or a constant outside the language is a [`Diagnostic`] saying so.

use super::lang::{Diagnostic, Op, Span, MAX_CONSTANT, OPERATORS};

#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Tok {
    Name(String),
    Number(u32),
    Op(Op),
    Minus,
    LParen,
    RParen,
    Assign,
    Semi,
    End,
}

#[cfg(test)]
thread_local! {
    /// Tokens the lexer was asked for on this thread: the work a test bounds.
    pub(crate) static TOKENS_READ: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Reads the tokens one at a time.
pub(super) struct Lexer<'a> {
    pub(super) src: &'a str,
    pub(super) at: usize,
}

impl<'a> Lexer<'a> {
    fn skip_space(&mut self) {
        loop {
            let rest = &self.src[self.at..];
            let trimmed = rest.trim_start();
            self.at += rest.len() - trimmed.len();
            if trimmed.starts_with("//") || trimmed.starts_with('#') {
                self.at += trimmed.find('\n').unwrap_or(trimmed.len());
            } else {
                return;
            }
        }
    }

    pub(super) fn next(&mut self) -> Result<(Tok, Span), Diagnostic> {
        #[cfg(test)]
        TOKENS_READ.with(|read| read.set(read.get() + 1));
        self.skip_space();
        let start = self.at;
        let rest = &self.src[start..];
        let Some(c) = rest.chars().next() else {
            return Ok((Tok::End, Span { start, end: start }));
        };
        let span = |len: usize| Span {
            start,
            end: start + len,
        };
        let two = rest.get(..2).unwrap_or("");
        let (tok, len) = match c {
            _ if c.is_ascii_alphabetic() || c == '_' => {
                let len = rest
                    .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                    .unwrap_or(rest.len());
                (Tok::Name(rest[..len].to_owned()), len)
            }
            '0'..='9' => return self.number(start),
            _ if two == "<<" || two == ">>" => {
                if rest.starts_with(">>>") {
                    return Err(not_in_language(span(3), ">>>"));
                }
                let op = if two == "<<" { Op::Shl } else { Op::Shr };
                (Tok::Op(op), 2)
            }
            _ if matches!(two, "==" | "!=" | "<=" | ">=" | "&&" | "||" | "**") => {
                return Err(not_in_language(span(2), two));
            }
            '~' => (Tok::Op(Op::Not), 1),
            '!' => (Tok::Op(Op::Bang), 1),
            '&' => (Tok::Op(Op::And), 1),
            '|' => (Tok::Op(Op::Or), 1),
            '^' => (Tok::Op(Op::Xor), 1),
            '+' => (Tok::Op(Op::Add), 1),
            '-' => (Tok::Minus, 1),
            '(' => (Tok::LParen, 1),
            ')' => (Tok::RParen, 1),
            '=' => (Tok::Assign, 1),
            ';' => (Tok::Semi, 1),
            '*' | '/' | '%' | '<' | '>' | '?' | ':' => {
                return Err(not_in_language(span(1), &c.to_string()))
            }
            _ => {
                let shown = if c.is_control() || c.is_whitespace() {
                    format!("U+{:04X}", c as u32)
                } else {
                    format!("`{c}`")
                };
                return Err(Diagnostic::new(
                    span(c.len_utf8()),
                    format!(
                        "{shown} is not part of the language: write names, constants 0 to 255, \
                         parentheses and the operators {OPERATORS}"
                    ),
                ));
            }
        };
        self.at += len;
        Ok((tok, span(len)))
    }

    /// A decimal, `0b` or `0x` constant, at most [`MAX_CONSTANT`].
    fn number(&mut self, start: usize) -> Result<(Tok, Span), Diagnostic> {
        let rest = &self.src[start..];
        let len = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        self.at += len;
        let text = &rest[..len];
        let span = Span {
            start,
            end: start + len,
        };
        let lower = text.to_ascii_lowercase();
        let (digits, radix) = if let Some(d) = lower.strip_prefix("0x") {
            (d, 16)
        } else if let Some(d) = lower.strip_prefix("0b") {
            (d, 2)
        } else {
            (&lower[..], 10)
        };
        let shown: String = text.chars().take(20).collect();
        if digits.is_empty() || !digits.chars().all(|c| c.is_digit(radix)) {
            return Err(Diagnostic::new(
                span,
                format!("`{shown}` is not a number: write 37, 0b100101 or 0x25"),
            ));
        }
        let value = digits
            .trim_start_matches('0')
            .chars()
            .try_fold(0u32, |v, c| {
                let v = v * radix + c.to_digit(radix)?;
                (v <= MAX_CONSTANT).then_some(v)
            });
        match value {
            Some(v) => Ok((Tok::Number(v), span)),
            None => Err(Diagnostic::new(
                span,
                format!(
                    "`{shown}` is too large: constants are 0 to {MAX_CONSTANT}, as in Data Lab; \
                     build larger ones with shifts, such as `0xFF << 8`"
                ),
            )),
        }
    }
}

pub(super) fn not_in_language(span: Span, op: &str) -> Diagnostic {
    Diagnostic::new(
        span,
        format!("`{op}` is not in the language; the operators are {OPERATORS}"),
    )
}
