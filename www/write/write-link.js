// The Write it section's part of the page's link. Pure; no DOM.
//   &exercise=lowest-bit        opens the section on that exercise
//   &answer=bit%20%3D%20…        only in a link made by "Copy a link with my answer": the answer
//                                 typed, opened in the editor (as text, never as markup)
// The normal Copy link never carries `answer`: the section takes it out of the address bar as
// soon as it has read it.

/** The longest answer a link may carry (characters): a link stays shareable and short. */
export const MAX_LINK_ANSWER = 2000;

import { namesExercise } from '../player/index.js';

const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;

/** `text` cut to 20 characters, to quote a bad value back in a sentence. */
const clip = (text) => (text.length > 20 ? `${text.slice(0, 20)}…` : text);

/**
 * Reads `query`. `slugs` are the exercises that exist. Returns null when the link names no
 * exercise (nor an answer), else { exercise, answer, problems }: `exercise` a known slug or
 * null, `answer` a string or null, and one sentence per bad value.
 */
export function readExerciseLink(query, slugs) {
  if (!namesExercise(query)) return null;
  const params = new URLSearchParams(query);
  const problems = [];
  let exercise = null;
  if (params.has('exercise')) {
    const asked = params.get('exercise');
    if (SLUG.test(asked) && slugs.includes(asked)) exercise = asked;
    else problems.push(`The link asks for exercise “${clip(asked)}”, which is not one of the Write it exercises; showing the first.`);
  } else {
    problems.push('The link carries an answer but names no exercise; the answer is left out.');
  }
  let answer = null;
  if (exercise && params.has('answer')) {
    const text = params.get('answer');
    if (text.length > MAX_LINK_ANSWER) {
      problems.push(`The link’s answer is ${text.length} characters long, more than the ${MAX_LINK_ANSWER} a link may carry; it is left out.`);
    } else {
      answer = text;
    }
  }
  return { exercise, answer, problems };
}

/**
 * The URL `base` with the section's parameters: `exercise` (a slug, or null: the section
 * closed) and, only when given, `answer`. Any answer already in `base` is dropped. Returns
 * { href } or, for an answer too long for a link, { problem }.
 */
export function writeExerciseLink(base, exercise, answer = null) {
  const url = new URL(base);
  url.searchParams.delete('answer');
  if (exercise) url.searchParams.set('exercise', exercise);
  else url.searchParams.delete('exercise');
  if (answer !== null) {
    if (!exercise) return { problem: 'Choose an exercise first.' };
    if (answer.length > MAX_LINK_ANSWER) {
      return { problem: `Your answer is ${answer.length} characters long; a link carries at most ${MAX_LINK_ANSWER}. Shorten it, or share it another way.` };
    }
    url.searchParams.set('answer', answer);
  }
  return { href: url.href };
}
