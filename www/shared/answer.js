// An answer to one of Predict's questions in the core's shape (crate/src/session/predict.rs,
// the same shape the class protocol carries as `given`): {form: 'digits', mask},
// {form: 'rows', ld, col, rd} or {form: 'outcome', outcome}. DOM-free: Predict (teach/), the
// live class (class/) and their tests share these names, so that no folder spells them again.
//
// A mask is a whole number whose n low bits are the digits, column 1 the highest.

/** The three answers to "what happens next?", in the order of their buttons, with their words. */
export const OUTCOMES = Object.freeze([
  Object.freeze({ outcome: 'place', label: 'Place a queen' }),
  Object.freeze({ outcome: 'back', label: 'Back up' }),
  Object.freeze({ outcome: 'solution', label: 'A solution' }),
]);

/** The words of `outcome` ('place', 'back', 'solution'), or undefined for no outcome. */
export const outcomeWords = (outcome) => OUTCOMES.find((o) => o.outcome === outcome)?.label;

/** The masks an answer of `form` holds, by their names in the answer, in the order they are
 *  asked: one for 'digits', three for 'rows', none for 'outcome' (or a form not known). */
export function maskNames(form) {
  switch (form) {
    case 'digits': return ['mask'];
    case 'rows': return ['ld', 'col', 'rd'];
    default: return [];
  }
}

/** The answer of `form` whose masks are `masks` ({name: mask}, a missing one 0), or whose
 *  outcome is `outcome`; null for an outcome not chosen (an outcome must be one of OUTCOMES). */
export function answerOf(form, { masks = {}, outcome } = {}) {
  if (form === 'outcome') {
    return OUTCOMES.some((o) => o.outcome === outcome) ? { form, outcome } : null;
  }
  const answer = { form };
  for (const name of maskNames(form)) answer[name] = masks[name] ?? 0;
  return answer;
}
