// The live class's wire as the real server speaks it: tests/fixtures/class/wire.json, every
// message a scripted class got from the class server's own hub and encoder (class/tests/wire.rs
// writes it, and fails when the server writes otherwise). The page's tests feed their views
// these messages instead of writing the server's side by hand.
//
// Invariant: every message handed out is a fresh copy, so that a test that derives a variant
// from one (and says so) never changes what another test reads.
import { readFileSync } from 'node:fs';

const FILE = new URL('../fixtures/class/wire.json', import.meta.url);

/** The fixture as written: {about, protocol, messages: [{after, to, message}]}. */
export const WIRE = JSON.parse(readFileSync(FILE, 'utf8'));

/** Every message the script's step `after` (its words, exactly) sent to `to` ('teacher',
 *  'student 1', …), where given only those of type `type` and those whose `id` is `id`; in the
 *  order sent. */
export function wireMessages({ after, to, type, id }) {
  return WIRE.messages
    .filter((m) => m.after === after && m.to === to && (type === undefined || m.message.type === type)
      && (id === undefined || m.message.id === id))
    .map((m) => structuredClone(m.message));
}

/** The one message that `wireMessages(query)` finds; throws, saying what it looked for, when
 *  it finds none or more than one (the fixture was written anew with another script). */
export function wireMessage(query) {
  const found = wireMessages(query);
  if (found.length !== 1) {
    throw new Error(`wire.json holds ${found.length} messages ${JSON.stringify(query)}, not one: has class/tests/wire.rs's script changed?`);
  }
  return found[0];
}

/** The n low bits of `mask` as n digits, column 1 (the highest bit) first: how the page draws
 *  a mask, written here again so that a test's expectation is not the page's own code. */
export function digits(mask, n) {
  return Array.from({ length: n }, (_, k) => ((mask >>> (n - 1 - k)) & 1 ? '1' : '0')).join('');
}

/** A reason as the page shows it (its `…` spans as code): the text without the backticks, and
 *  the code spans' texts. */
export function reasonText(reason) {
  return { text: reason.replace(/`/g, ''), code: [...reason.matchAll(/`([^`]*)`/g)].map((m) => m[1]) };
}
