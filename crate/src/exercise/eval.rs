//! Running an answer: a parsed [`Program`] is compiled once into a flat postfix program over
//! numbered registers (the exercise's inputs first, then every name assigned), so that
//! checking it on tens of thousands of states walks an array, never the tree.
//!
//! Values are `u32`; `+`, `-` and unary minus wrap; a shift by 32 or more gives 0 (C leaves
//! it undefined; here it is as if the bits were shifted out one at a time); `!x` is 1 when
//! `x` is 0, else 0. Nothing here can panic on any program the parser accepts.

use super::lang::{Diagnostic, Expr, Op, Program, Span};

/// One instruction of the postfix program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Instr {
    Const(u32),
    Load(u16),
    Unary(Op),
    Binary(Op),
    Store(u16),
}

/// An answer ready to run: reads its inputs from the first registers and leaves each output
/// in its register.
#[derive(Clone, Debug)]
pub struct Compiled {
    code: Vec<Instr>,
    registers: usize,
    /// The register of each output, in the exercise's order.
    outputs: Vec<u16>,
    /// The most values the stack holds at once.
    stack: usize,
}

/// The registers and stack one run uses, allocated once and reused.
#[derive(Clone, Debug, Default)]
pub struct Scratch {
    registers: Vec<u32>,
    stack: Vec<u32>,
}

/// Compiles `program` for an exercise with these inputs and outputs. An error (at its
/// place) when a name is read before any line assigns it and is no input, or when an output
/// is never assigned.
pub fn compile(
    program: &Program,
    inputs: &[String],
    outputs: &[String],
    source_len: usize,
) -> Result<Compiled, Diagnostic> {
    let mut names: Vec<&str> = inputs.iter().map(String::as_str).collect();
    let mut code = Vec::new();
    let mut stack = 1;
    for line in &program.lines {
        let mut error = None;
        line.expr.each_name(&mut |name, span| {
            if error.is_none() && !names.contains(&name) {
                error = Some(unknown_name(name, span, inputs));
            }
        });
        if let Some(error) = error {
            return Err(error);
        }
        stack = stack.max(emit(&line.expr, &names, &mut code));
        let register = match names.iter().position(|&n| n == line.name) {
            Some(r) => r,
            None => {
                names.push(&line.name);
                names.len() - 1
            }
        };
        code.push(Instr::Store(register as u16));
    }
    let outputs = outputs
        .iter()
        .map(|output| match names.iter().position(|n| n == output) {
            Some(r) if r >= inputs.len() || program.lines.iter().any(|l| &l.name == output) => {
                Ok(r as u16)
            }
            _ => Err(Diagnostic {
                span: Span {
                    start: source_len,
                    end: source_len,
                },
                message: format!("the answer never assigns `{output}`: add a line `{output} = …;`"),
            }),
        })
        .collect::<Result<_, _>>()?;
    Ok(Compiled {
        code,
        registers: names.len(),
        outputs,
        stack,
    })
}

fn unknown_name(name: &str, span: Span, inputs: &[String]) -> Diagnostic {
    let shown: String = name.chars().take(30).collect();
    Diagnostic {
        span,
        message: format!(
            "`{shown}` is not an input of this exercise ({}) and no line above assigns it",
            inputs.join(", ")
        ),
    }
}

/// Appends the postfix code of `expr`; returns the most stack slots it needs.
fn emit(expr: &Expr, names: &[&str], code: &mut Vec<Instr>) -> usize {
    match expr {
        Expr::Const(v, _) => {
            code.push(Instr::Const(*v));
            1
        }
        Expr::Name(name, _) => {
            let register = names.iter().position(|n| n == name).unwrap_or(0);
            code.push(Instr::Load(register as u16));
            1
        }
        Expr::Unary(op, e, _) => {
            let depth = emit(e, names, code);
            code.push(Instr::Unary(*op));
            depth
        }
        Expr::Binary(op, a, b, _) => {
            let left = emit(a, names, code);
            let right = emit(b, names, code);
            code.push(Instr::Binary(*op));
            left.max(right + 1)
        }
    }
}

impl Compiled {
    /// Runs on `inputs` (in the exercise's order); the outputs are then read with
    /// [`Compiled::output`].
    #[inline]
    pub fn run(&self, inputs: &[u32], scratch: &mut Scratch) {
        let Scratch { registers, stack } = scratch;
        registers.clear();
        registers.resize(self.registers, 0);
        registers[..inputs.len()].copy_from_slice(inputs);
        stack.clear();
        stack.reserve(self.stack);
        for instr in &self.code {
            match *instr {
                Instr::Const(v) => stack.push(v),
                Instr::Load(r) => stack.push(registers[r as usize]),
                Instr::Unary(op) => {
                    if let Some(top) = stack.last_mut() {
                        *top = op.apply(*top, 0);
                    }
                }
                Instr::Binary(op) => {
                    let b = stack.pop().unwrap_or(0);
                    if let Some(a) = stack.last_mut() {
                        *a = op.apply(*a, b);
                    }
                }
                Instr::Store(r) => registers[r as usize] = stack.pop().unwrap_or(0),
            }
        }
    }

    /// Output number `i` of the last run.
    #[inline]
    pub fn output(&self, i: usize, scratch: &Scratch) -> u32 {
        scratch.registers[self.outputs[i] as usize]
    }

    /// How many outputs it has.
    pub fn outputs(&self) -> usize {
        self.outputs.len()
    }

    /// Runs once and returns every output.
    pub fn evaluate(&self, inputs: &[u32]) -> Vec<u32> {
        let mut scratch = Scratch::default();
        self.run(inputs, &mut scratch);
        (0..self.outputs.len())
            .map(|i| self.output(i, &scratch))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::lang::parse;
    use super::*;

    fn run(source: &str, inputs: &[(&str, u32)], output: &str) -> u32 {
        let names: Vec<String> = inputs.iter().map(|(n, _)| n.to_string()).collect();
        let values: Vec<u32> = inputs.iter().map(|&(_, v)| v).collect();
        let program = parse(source).unwrap();
        let compiled = compile(&program, &names, &[output.to_string()], source.len()).unwrap();
        compiled.evaluate(&values)[0]
    }

    #[test]
    fn operators_follow_c_precedence_and_wrap() {
        assert_eq!(run("x = 1 + 2 << 3;", &[], "x"), 24);
        assert_eq!(run("x = 1 | 2 & 3;", &[], "x"), 3);
        assert_eq!(run("x = 6 ^ 3 & 1;", &[], "x"), 7);
        assert_eq!(run("x = -a;", &[("a", 1)], "x"), u32::MAX);
        assert_eq!(run("x = 0 - 1;", &[], "x"), u32::MAX);
        assert_eq!(run("x = ~0 + 2;", &[], "x"), 1);
        assert_eq!(run("x = !a + !0;", &[("a", 5)], "x"), 1);
        assert_eq!(run("x = 8 - 2 - 1;", &[], "x"), 5);
    }

    #[test]
    fn shifts_by_32_or_more_give_0() {
        assert_eq!(run("x = a << s;", &[("a", 1), ("s", 31)], "x"), 1 << 31);
        assert_eq!(run("x = a << s;", &[("a", 1), ("s", 32)], "x"), 0);
        assert_eq!(run("x = a >> s;", &[("a", u32::MAX), ("s", 64)], "x"), 0);
        assert_eq!(run("x = a >> s;", &[("a", 8), ("s", u32::MAX)], "x"), 0);
    }

    #[test]
    fn lines_run_in_order_and_may_overwrite_inputs() {
        let source = "t = poss - 1; poss = poss & t; y = poss;";
        assert_eq!(run(source, &[("poss", 0b1100)], "y"), 0b1000);
    }

    #[test]
    fn unknown_names_and_missing_outputs_are_refused_at_their_place() {
        let program = parse("bit = poss & -pos;").unwrap();
        let error = compile(&program, &["poss".into()], &["bit".into()], 18).unwrap_err();
        assert_eq!(error.span, Span { start: 14, end: 17 });
        assert!(error.message.contains("`pos` is not an input"), "{error}");
        let program = parse("b = poss;").unwrap();
        let error = compile(&program, &["poss".into()], &["bit".into()], 9).unwrap_err();
        assert!(error.message.contains("never assigns `bit`"), "{error}");
    }
}
