//! The language of the exercises: straight-line `name = expr;` lines over 32-bit unsigned
//! integers, with the operators Data Lab allows for integer puzzles (`~ & | ^ + -`, unary
//! minus, `<< >>`, `!`), parentheses and constants 0–255 (decimal, `0b…`, `0x…`).
//! Comments run from `//` or `#` to the end of the line.
//!
//! The parser is a small hand-written Pratt parser: the language has six precedence levels
//! and three prefix operators, which fit in one table ([`binding_power`]); a parser crate
//! would bring a grammar format and error types of its own, and its messages would have to
//! be rewritten into the sentences the page shows anyway.
//!
//! Precedence, tightest first, as in C: unary `~ ! -`; `+ -`; `<< >>`; `&`; `^`; `|`.
//! Binary operators group to the left. The right side of a shift is a constant or a name.
//!
//! Bounded work: a source of more than [`MAX_SOURCE_CHARS`] characters is refused before
//! it is read, and nesting (parentheses and prefix operators) deeper than [`MAX_DEPTH`] is
//! refused with a message, and so is an answer of more than [`MAX_OPERATORS`] operators
//! (a chain `a | a | …` nests on the left), so that no input can take long or overflow the
//! stack.

use super::lex::{Lexer, Tok};
use std::fmt;

/// The longest source accepted, in characters.
pub const MAX_SOURCE_CHARS: usize = 10_000;
/// The deepest nesting of parentheses and prefix operators accepted.
pub const MAX_DEPTH: usize = 200;
/// The most operators an answer may hold (no exercise allows nearly as many): with
/// [`MAX_DEPTH`], it bounds the depth of every tree, so walking one cannot overflow the stack.
pub const MAX_OPERATORS: usize = 500;
/// The largest constant (as in Data Lab: bigger ones are built with shifts).
pub const MAX_CONSTANT: u32 = 255;

/// The operators listed in every message about one that is not in the language.
pub const OPERATORS: &str = "~ & | ^ + - << >> !";

/// A part of the source, as byte offsets `start..end`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

/// An operator of the language. `Neg` is unary minus, `Sub` binary minus.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    Not,
    Bang,
    Neg,
    And,
    Or,
    Xor,
    Add,
    Sub,
    Shl,
    Shr,
}

impl Op {
    /// Every operator, in the order of [`Op::key`]'s list.
    pub const ALL: [Op; 10] = [
        Op::Not,
        Op::And,
        Op::Or,
        Op::Xor,
        Op::Add,
        Op::Sub,
        Op::Shl,
        Op::Shr,
        Op::Bang,
        Op::Neg,
    ];

    /// The name an exercise lists it by: its symbol, or `neg` for unary minus.
    pub fn key(self) -> &'static str {
        match self {
            Op::Not => "~",
            Op::And => "&",
            Op::Or => "|",
            Op::Xor => "^",
            Op::Add => "+",
            Op::Sub => "-",
            Op::Shl => "<<",
            Op::Shr => ">>",
            Op::Bang => "!",
            Op::Neg => "neg",
        }
    }

    /// How a sentence names it: "`&`", "unary minus (`-x`)".
    pub fn described(self) -> String {
        match self {
            Op::Neg => "unary minus (`-x`)".to_owned(),
            Op::Sub => "binary minus (`a - b`)".to_owned(),
            op => format!("`{}`", op.key()),
        }
    }

    /// Applies the operator; shifts by 32 or more give 0, arithmetic wraps.
    #[inline]
    pub fn apply(self, a: u32, b: u32) -> u32 {
        match self {
            Op::Not => !a,
            Op::Bang => u32::from(a == 0),
            Op::Neg => a.wrapping_neg(),
            Op::And => a & b,
            Op::Or => a | b,
            Op::Xor => a ^ b,
            Op::Add => a.wrapping_add(b),
            Op::Sub => a.wrapping_sub(b),
            Op::Shl => a.checked_shl(b).unwrap_or(0),
            Op::Shr => a.checked_shr(b).unwrap_or(0),
        }
    }
}

/// An expression with the span of its source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Const(u32, Span),
    Name(String, Span),
    Unary(Op, Box<Expr>, Span),
    /// The span is the operator's.
    Binary(Op, Box<Expr>, Box<Expr>, Span),
}

impl Expr {
    /// Calls `f` on every operator occurrence with its span, left to right in the tree.
    pub fn each_op(&self, f: &mut impl FnMut(Op, Span)) {
        match self {
            Expr::Const(..) | Expr::Name(..) => {}
            Expr::Unary(op, e, span) => {
                f(*op, *span);
                e.each_op(f);
            }
            Expr::Binary(op, a, b, span) => {
                a.each_op(f);
                f(*op, *span);
                b.each_op(f);
            }
        }
    }

    /// Calls `f` on every name read, with its span.
    pub fn each_name<'a>(&'a self, f: &mut impl FnMut(&'a str, Span)) {
        match self {
            Expr::Const(..) => {}
            Expr::Name(name, span) => f(name, *span),
            Expr::Unary(_, e, _) => e.each_name(f),
            Expr::Binary(_, a, b, _) => {
                a.each_name(f);
                b.each_name(f);
            }
        }
    }
}

/// One line `name = expr;`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assign {
    pub name: String,
    pub name_span: Span,
    pub expr: Expr,
}

/// A whole answer: its lines in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Program {
    pub lines: Vec<Assign>,
}

/// A refusal at a place in the source: the message is a sentence without the position
/// (see [`Diagnostic::render`] for the compiler-style text).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    pub span: Span,
    pub message: String,
}

/// A position in the source, in the units each reader needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// UTF-16 code units from the start (what CodeMirror counts).
    pub utf16: usize,
}

/// Where byte `offset` of `source` lies (an offset inside a character counts as its start).
pub fn position(source: &str, offset: usize) -> Position {
    let mut at = Position {
        line: 1,
        column: 1,
        utf16: 0,
    };
    for (i, c) in source.char_indices() {
        if i >= offset {
            break;
        }
        at.utf16 += c.len_utf16();
        if c == '\n' {
            at.line += 1;
            at.column = 1;
        } else {
            at.column += 1;
        }
    }
    at
}

impl Diagnostic {
    pub(super) fn new(span: Span, message: impl Into<String>) -> Diagnostic {
        Diagnostic {
            span,
            message: message.into(),
        }
    }

    /// "line 2, column 9: message", then the line and a caret under the place, like a
    /// compiler's.
    pub fn render(&self, source: &str) -> String {
        let at = position(source, self.span.start);
        let start = source[..self.span.start.min(source.len())]
            .rfind('\n')
            .map_or(0, |i| i + 1);
        let text: String = source[start..]
            .lines()
            .next()
            .unwrap_or("")
            .chars()
            .take(120)
            .collect();
        let width = source
            .get(self.span.start..self.span.end)
            .map_or(1, |s| s.chars().count().clamp(1, 40));
        let pad = " ".repeat(at.column - 1);
        format!(
            "line {}, column {}: {}\n  {text}\n  {pad}{}",
            at.line,
            at.column,
            self.message,
            "^".repeat(width)
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// How tightly a binary operator binds (higher binds tighter); the prefix operators bind
/// tighter than all of them.
fn binding_power(op: Op) -> u8 {
    match op {
        Op::Or => 1,
        Op::Xor => 2,
        Op::And => 3,
        Op::Shl | Op::Shr => 4,
        Op::Add | Op::Sub => 5,
        Op::Not | Op::Bang | Op::Neg => 6,
    }
}

struct Parser<'a> {
    lexer: Lexer<'a>,
    tok: Tok,
    span: Span,
    /// Where the token before `tok` ended.
    last_end: usize,
    depth: usize,
    /// Operators read so far.
    operators: usize,
}

/// The lines of `source` that hold code, as the lexer reads them: each line from its first
/// token to its last (comments, blank lines and the spaces around left out). From a character
/// the lexer refuses, the rest of its line is kept as it is.
///
/// ```
/// use bitqueens::exercise::lang::code_lines;
/// let source = "# the free squares\nposs = ~(ld | col | rd) & done; // all of them\n\n";
/// assert_eq!(code_lines(source), ["poss = ~(ld | col | rd) & done;"]);
/// ```
pub fn code_lines(source: &str) -> Vec<String> {
    let mut lexer = Lexer { src: source, at: 0 };
    // Byte ranges of the code of each line met, with the line's start.
    let mut lines: Vec<(usize, Span)> = Vec::new();
    loop {
        let span = match lexer.next() {
            Ok((Tok::End, _)) => break,
            Ok((_, span)) => span,
            Err(refused) => {
                let start = refused.span.start.min(source.len());
                let end = source[start..]
                    .find('\n')
                    .map_or(source.len(), |k| start + k);
                lexer.at = end.max(start + 1).min(source.len());
                Span { start, end }
            }
        };
        let line_start = source[..span.start].rfind('\n').map_or(0, |k| k + 1);
        match lines.last_mut() {
            Some((start, code)) if *start == line_start => code.end = span.end,
            _ => lines.push((line_start, span)),
        }
    }
    lines
        .into_iter()
        .map(|(_, code)| source[code.start..code.end].trim_end().to_owned())
        .collect()
}

/// True when `source` holds no token: nothing, or only blanks and comments.
pub fn is_blank(source: &str) -> bool {
    let mut lexer = Lexer { src: source, at: 0 };
    matches!(lexer.next(), Ok((Tok::End, _)))
}

/// Parses a whole answer.
pub fn parse(source: &str) -> Result<Program, Diagnostic> {
    if let Some((cut, _)) = source.char_indices().nth(MAX_SOURCE_CHARS) {
        return Err(Diagnostic::new(
            Span {
                start: cut,
                end: cut,
            },
            format!(
                "the answer is longer than {} characters: it is cut here",
                crate::grouped::grouped(MAX_SOURCE_CHARS as u64)
            ),
        ));
    }
    let mut lexer = Lexer { src: source, at: 0 };
    let (tok, span) = lexer.next()?;
    let mut parser = Parser {
        lexer,
        tok,
        span,
        last_end: 0,
        depth: 0,
        operators: 0,
    };
    let mut lines = Vec::new();
    while parser.tok != Tok::End {
        lines.push(parser.line()?);
    }
    if lines.is_empty() {
        return Err(Diagnostic::new(
            parser.span,
            // No example answer here: an example would be some exercise's answer. The checker
            // says which names this exercise wants (`exercise::empty_answer`).
            "the answer is empty: write a line `name = expression;`",
        ));
    }
    Ok(Program { lines })
}

impl Parser<'_> {
    /// Counts an operator at the current token; an error past [`MAX_OPERATORS`].
    fn count_operator(&mut self) -> Result<(), Diagnostic> {
        self.operators += 1;
        if self.operators > MAX_OPERATORS {
            return Err(Diagnostic::new(
                self.span,
                format!(
                    "the answer uses more than {MAX_OPERATORS} operators; no exercise allows \
                     nearly as many"
                ),
            ));
        }
        Ok(())
    }

    fn advance(&mut self) -> Result<(), Diagnostic> {
        self.last_end = self.span.end;
        (self.tok, self.span) = self.lexer.next()?;
        Ok(())
    }

    fn found(&self) -> String {
        match &self.tok {
            Tok::End => "the end".to_owned(),
            _ => format!(
                "`{}`",
                &self.lexer.src[self.span.start..self.span.end]
                    .chars()
                    .take(20)
                    .collect::<String>()
            ),
        }
    }

    /// `name = expr;`
    fn line(&mut self) -> Result<Assign, Diagnostic> {
        let Tok::Name(name) = self.tok.clone() else {
            return Err(Diagnostic::new(
                self.span,
                format!(
                    "expected a line `name = expression;` but found {}",
                    self.found()
                ),
            ));
        };
        let name_span = self.span;
        self.advance()?;
        if self.tok != Tok::Assign {
            return Err(Diagnostic::new(
                self.span,
                format!("expected `=` after `{name}` but found {}", self.found()),
            ));
        }
        self.advance()?;
        let expr = self.expr(0)?;
        if self.tok != Tok::Semi {
            let message = match self.tok {
                Tok::Name(_) | Tok::Number(_) | Tok::LParen => {
                    format!("expected an operator or `;` but found {}", self.found())
                }
                Tok::RParen => "this `)` has no `(` to close".to_owned(),
                _ => {
                    // Right after the expression, where the `;` is missing.
                    let at = Span {
                        start: self.last_end,
                        end: self.last_end,
                    };
                    return Err(Diagnostic::new(at, "expected `;` to end the line"));
                }
            };
            return Err(Diagnostic::new(self.span, message));
        }
        self.advance()?;
        Ok(Assign {
            name,
            name_span,
            expr,
        })
    }

    /// An expression whose binary operators all bind tighter than `min`.
    fn expr(&mut self, min: u8) -> Result<Expr, Diagnostic> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(Diagnostic::new(
                self.span,
                format!("the expression nests deeper than {MAX_DEPTH} levels"),
            ));
        }
        let mut left = self.prefix()?;
        loop {
            let op = match self.tok {
                Tok::Op(op) if binding_power(op) < 6 => op,
                Tok::Minus => Op::Sub,
                Tok::Op(op) => {
                    return Err(Diagnostic::new(
                        self.span,
                        format!(
                            "{} takes one operand, on its right: expected an operator or `;` here",
                            op.described()
                        ),
                    ))
                }
                _ => break,
            };
            let power = binding_power(op);
            if power <= min {
                break;
            }
            let op_span = self.span;
            self.count_operator()?;
            self.advance()?;
            let right = if matches!(op, Op::Shl | Op::Shr) {
                self.shift_amount(op)?
            } else {
                self.expr(power)?
            };
            left = Expr::Binary(op, Box::new(left), Box::new(right), op_span);
        }
        self.depth -= 1;
        Ok(left)
    }

    /// The right side of a shift: a constant or a name.
    fn shift_amount(&mut self, op: Op) -> Result<Expr, Diagnostic> {
        let span = self.span;
        let amount = match self.tok.clone() {
            Tok::Number(v) => Expr::Const(v, span),
            Tok::Name(name) => Expr::Name(name, span),
            _ => {
                return Err(Diagnostic::new(
                    span,
                    format!(
                        "{} shifts by a constant or a name; found {} (compute the amount \
                         on a line of its own)",
                        op.described(),
                        self.found()
                    ),
                ))
            }
        };
        self.advance()?;
        Ok(amount)
    }

    /// A prefix operator and its operand (which binds as tightly as any prefix operator).
    fn unary(&mut self, op: Op, span: Span) -> Result<Expr, Diagnostic> {
        self.count_operator()?;
        self.advance()?;
        let operand = self.expr(binding_power(Op::Neg) - 1)?;
        Ok(Expr::Unary(op, Box::new(operand), span))
    }

    /// A constant, a name, a parenthesized expression, or a prefix operator and its operand.
    fn prefix(&mut self) -> Result<Expr, Diagnostic> {
        let span = self.span;
        match self.tok.clone() {
            Tok::Number(v) => {
                self.advance()?;
                Ok(Expr::Const(v, span))
            }
            Tok::Name(name) => {
                self.advance()?;
                Ok(Expr::Name(name, span))
            }
            Tok::LParen => {
                self.advance()?;
                let inner = self.expr(0)?;
                if self.tok != Tok::RParen {
                    return Err(Diagnostic::new(
                        self.span,
                        format!(
                            "expected `)` to close the `(` at column {} but found {}",
                            position(self.lexer.src, span.start).column,
                            self.found()
                        ),
                    ));
                }
                self.advance()?;
                Ok(inner)
            }
            Tok::Op(op @ (Op::Not | Op::Bang)) => self.unary(op, span),
            Tok::Minus => self.unary(Op::Neg, span),
            _ => Err(Diagnostic::new(
                span,
                format!(
                    "expected a name, a number or `(` but found {}",
                    self.found()
                ),
            )),
        }
    }
}
