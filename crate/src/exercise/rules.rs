//! The rules an answer keeps, counted as Data Lab's `dlc` counts them: every occurrence of
//! an operator counts one (unary or binary; `=` and parentheses count nothing), each must be
//! one the exercise allows, and their number must stay within the exercise's budget (and,
//! where the exercise says so, within a budget per line).

use super::lang::{Diagnostic, Op, Program, Span};

/// What an answer uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Usage {
    /// Operators in all, as `dlc` counts them.
    pub total: u32,
    /// Operators on each line, in order.
    pub per_line: Vec<u32>,
    /// Every use of an operator the exercise does not allow, in source order.
    pub illegal: Vec<(Op, Span)>,
}

/// Counts the operators of `program` and finds those not in `allowed`.
pub fn usage(program: &Program, allowed: &[Op]) -> Usage {
    let mut usage = Usage {
        total: 0,
        per_line: Vec::with_capacity(program.lines.len()),
        illegal: Vec::new(),
    };
    for line in &program.lines {
        let mut count = 0;
        line.expr.each_op(&mut |op, span| {
            count += 1;
            if !allowed.contains(&op) {
                usage.illegal.push((op, span));
            }
        });
        usage.total += count;
        usage.per_line.push(count);
    }
    usage.illegal.sort_by_key(|(_, span)| span.start);
    usage
}

/// The budget of an exercise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub max_total: u32,
    pub max_per_line: Option<u32>,
}

impl Usage {
    /// One refusal per illegal operator (at its place), as sentences.
    pub fn illegal_diagnostics(&self) -> Vec<Diagnostic> {
        self.illegal
            .iter()
            .map(|&(op, span)| Diagnostic {
                span,
                message: format!(
                    "uses {}, which this exercise does not allow",
                    op.described()
                ),
            })
            .collect()
    }

    /// The lines over the budget (at their name), as sentences; empty when within it.
    pub fn over_budget(&self, program: &Program, budget: Budget) -> Vec<Diagnostic> {
        let mut found = Vec::new();
        if let Some(most) = budget.max_per_line {
            for (line, &count) in program.lines.iter().zip(&self.per_line) {
                if count > most {
                    found.push(Diagnostic {
                        span: line.name_span,
                        message: format!(
                            "this line uses {count} operators; each line may use at most {most}"
                        ),
                    });
                }
            }
        }
        if self.total > budget.max_total {
            let first = program
                .lines
                .first()
                .map_or(Span { start: 0, end: 0 }, |line| line.name_span);
            found.push(Diagnostic {
                span: first,
                message: format!(
                    "the answer uses {} operators; this exercise allows at most {}",
                    self.total, budget.max_total
                ),
            });
        }
        found
    }

    /// The line `dlc` would print: "4 operators (at most 4): ok", or the first illegal use.
    pub fn dlc(&self, budget: Budget, program: &Program) -> String {
        if let Some(&(op, _)) = self.illegal.first() {
            return format!(
                "uses {}, which this exercise does not allow",
                op.described()
            );
        }
        let plural = if self.total == 1 { "" } else { "s" };
        let within = self.over_budget(program, budget).is_empty();
        format!(
            "{} operator{plural} (at most {}{}): {}",
            self.total,
            budget.max_total,
            budget
                .max_per_line
                .map_or(String::new(), |m| format!(", {m} a line")),
            if within { "ok" } else { "too many" }
        )
    }
}

/// The operators named in an exercise's list (`"~"`, …, `"neg"`); `None` for a name that
/// is none of them.
pub fn operators(keys: &[String]) -> Option<Vec<Op>> {
    keys.iter()
        .map(|key| Op::ALL.into_iter().find(|op| op.key() == key))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::lang::parse;
    use super::*;

    #[test]
    fn every_operator_occurrence_counts_and_assignments_do_not() {
        let program = parse("t = ~(a | b) & c; u = -t + !t;").unwrap();
        let usage = usage(&program, &Op::ALL);
        assert_eq!(usage.total, 6);
        assert_eq!(usage.per_line, vec![3, 3]);
        assert!(usage.illegal.is_empty());
    }

    #[test]
    fn unary_minus_and_binary_minus_are_told_apart() {
        let program = parse("bit = poss & -poss;").unwrap();
        let allowed = operators(&["&".into(), "-".into()]).unwrap();
        let usage = usage(&program, &allowed);
        assert_eq!(usage.illegal, vec![(Op::Neg, Span { start: 13, end: 14 })]);
        let budget = Budget {
            max_total: 2,
            max_per_line: None,
        };
        assert_eq!(
            usage.dlc(budget, &program),
            "uses unary minus (`-x`), which this exercise does not allow"
        );
    }

    #[test]
    fn budgets_total_and_per_line() {
        let program = parse("a = x | y | z; b = x;").unwrap();
        let usage = usage(&program, &Op::ALL);
        let budget = Budget {
            max_total: 1,
            max_per_line: Some(1),
        };
        assert_eq!(usage.over_budget(&program, budget).len(), 2);
        assert_eq!(
            usage.dlc(budget, &program),
            "2 operators (at most 1, 1 a line): too many"
        );
        let roomy = Budget {
            max_total: 4,
            max_per_line: None,
        };
        assert_eq!(usage.dlc(roomy, &program), "2 operators (at most 4): ok");
    }
}
