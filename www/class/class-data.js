// The live class's data, DOM-free: the throttle of the teacher's `show` messages, the answers
// as words and bit patterns, the answers the teacher's page keeps (ClassAnswers) and the results
// as CSV (made by the teacher's page from them: the server keeps no file).

import { toBinary } from '../shared/binary.js';
import { outcomeWords } from '../shared/answer.js';

/** At most one `show` every SHOW_INTERVAL_MS (about 10 a second) while the board plays. */
export const SHOW_INTERVAL_MS = 100;

/**
 * Sends the latest of what it is offered, at most once every `intervalMs`, and always the last
 * one offered: a position offered inside the interval waits for its end (replaced by any later
 * one), so the final position of a Play is always sent. The same position twice is sent once.
 * `clock` is {now(), setTimeout, clearTimeout}.
 */
export class Throttle {
  constructor(send, clock, intervalMs = SHOW_INTERVAL_MS) {
    Object.assign(this, { send, clock, intervalMs });
    this.lastSentAt = -Infinity;
    this.lastKey = null;
    this.pending = null;
    this.timer = null;
  }

  offer(value) {
    const key = JSON.stringify(value);
    if (this.timer === null && key === this.lastKey) return;
    this.pending = { value, key };
    if (this.timer !== null) return; // the timer sends the latest
    const wait = this.lastSentAt + this.intervalMs - this.clock.now();
    if (wait <= 0) this.flush();
    else this.timer = this.clock.setTimeout(() => { this.timer = null; this.flush(); }, wait);
  }

  /** Forgets what was sent: the next offer goes out even if it is the same (a reconnect). */
  reset() {
    this.lastKey = null;
  }

  flush() {
    const pending = this.pending;
    this.pending = null;
    if (!pending || pending.key === this.lastKey) return;
    this.lastKey = pending.key;
    this.lastSentAt = this.clock.now();
    this.send(pending.value);
  }

  cancel() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
  }
}

/** An answer (`given`, the protocol's shape) as text: bit patterns of `n` digits (column 1
 *  first), or the outcome's words, as its button says them (shared/answer.js). */
export function answerText(given, n) {
  const bits = (mask) => (n ? toBinary(Number(mask) >>> 0, n) : (Number(mask) >>> 0).toString(2));
  switch (given?.form) {
    case 'digits': return bits(given.mask);
    case 'rows': return `ld ${bits(given.ld)}, col ${bits(given.col)}, rd ${bits(given.rd)}`;
    case 'outcome': return outcomeWords(given.outcome) ?? String(given.outcome);
    default: return '';
  }
}

/** The rows of bit patterns an answer is drawn as ([name, digits]), or [] for an outcome. */
export function answerPatterns(given, n) {
  const bits = (mask) => toBinary(Number(mask) >>> 0, n);
  switch (given?.form) {
    case 'digits': return [['', bits(given.mask)]];
    case 'rows': return [['ld', bits(given.ld)], ['col', bits(given.col)], ['rd', bits(given.rd)]];
    default: return [];
  }
}

/** The answer the core holds as right (`question.answer`) in the protocol's `given` shape. */
export function rightGiven(answer) {
  if (!answer) return null;
  if (answer.form === 'outcome') return { form: 'outcome', outcome: answer.outcome };
  if (answer.form === 'rows') return { form: 'rows', ld: answer.ld, col: answer.col, rd: answer.rd };
  return { form: 'digits', mask: answer.mask };
}

export const CSV_COLUMNS = ['round', 'question', 'step', 'student', 'answer', 'right', 'seconds'];

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break; a text that a
 * spreadsheet would read as a formula (=, +, -, @, a tab or a carriage return first) gets a
 * leading apostrophe, so that a student's name never runs as one.
 */
export function csvCell(value) {
  let text = value === null || value === undefined ? '' : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The results as CSV (header first, CRLF line ends): one line per answer of the server's rows
 * (`results`, `answered`), each answer as digits of its question's board (`n`).
 */
export function resultsCsv(rows) {
  const lines = [CSV_COLUMNS.join(',')];
  for (const row of rows) {
    lines.push([
      row.round, row.topic ? `${row.question} (${row.topic})` : row.question, row.step, String(row.student ?? ''),
      answerText(row.given, Number(row.n) || 0), row.right ? 'right' : 'wrong',
      Number.isFinite(row.seconds) ? Math.round(row.seconds * 10) / 10 : '',
    ].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Which earlier answer a row replaces: the same student's to the same round. */
const answerKey = (row) => `${row.question}/${row.round}/${row.studentId}`;

const isRow = (row) => row !== null && typeof row === 'object';

/**
 * Every answer of a class as the teacher's page keeps it: the rows the server sends as answers
 * are taken (`answered`) and all at once (`results`, after each `opened` and before `ended`),
 * so that the results outlive a room that expired and a server that stopped. The two may
 * arrive in either order: of two rows for the same student's answer to one round, the later
 * answer (more seconds into the round) stays. A server that was restarted has forgotten its
 * answers and numbers its questions from 1 again: restarted() begins a new part, and rows()
 * numbers the questions of each part on from the earlier ones.
 */
export class ClassAnswers {
  /** `parts`: what kept() gave (the rows of each part, the server's now last), or nothing. */
  constructor(parts = []) {
    const saved = Array.isArray(parts) ? parts.filter(Array.isArray) : [];
    this.parts = saved.length ? saved.map(() => new Map()) : [new Map()]; // each: answerKey → row
    saved.forEach((rows, i) => takeInto(this.parts[i], rows));
  }

  /** The rows of each part, for storage (the constructor takes them back). */
  kept() {
    return this.parts.map((part) => [...part.values()]);
  }

  /** Rows from the server (`answered`'s or `results`'), into the current part. */
  take(rows) {
    takeInto(this.parts.at(-1), rows);
  }

  /** The server was restarted: what it sends from now on is a new part. */
  restarted() {
    if (this.parts.at(-1).size) this.parts.push(new Map());
  }

  get size() {
    return this.parts.reduce((sum, part) => sum + part.size, 0);
  }

  /** The rows for the CSV: by part, question, round and student; a later part's questions
   *  numbered after the highest of the parts before it. */
  rows() {
    const all = [];
    let offset = 0;
    for (const part of this.parts) {
      const rows = [...part.values()].sort((a, b) => order(a.question, b.question)
        || order(a.round, b.round) || order(a.studentId, b.studentId));
      let highest = 0;
      for (const row of rows) {
        const question = Number(row.question);
        if (Number.isInteger(question)) highest = Math.max(highest, question);
        all.push(offset && Number.isInteger(question) ? { ...row, question: question + offset } : row);
      }
      offset += highest;
    }
    return all;
  }
}

/** `rows` into `part` (answerKey → row): of two rows of one answer, the later stays. */
function takeInto(part, rows) {
  for (const row of Array.isArray(rows) ? rows : []) {
    if (!isRow(row)) continue;
    const key = answerKey(row);
    const kept = part.get(key);
    if (!kept || !(Number(kept.seconds) > Number(row.seconds))) part.set(key, row);
  }
}

/** Numbers in their order; anything else keeps the order it came in. */
const order = (a, b) => (Number.isFinite(Number(a)) && Number.isFinite(Number(b)) ? Number(a) - Number(b) : 0);

/** True when `hostname` (location.hostname) names this computer only: localhost (or a name
 *  under .localhost), 127.0.0.0/8, or [::1]. A join link on such a host works for no phone. */
export function isLoopbackHost(hostname) {
  const host = String(hostname ?? '').toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  if (host === '[::1]' || host === '::1') return true;
  const parts = host.split('.');
  return parts.length === 4 && parts[0] === '127' && parts.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255);
}
