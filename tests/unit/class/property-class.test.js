// Property tests of what the live class's page reads from a stranger: the server's messages
// (arbitrary text and arbitrary JSON thrown at the link: it never throws, and its state stays
// one of its own), a join code typed (read or refused, never anything else), and students'
// names in the CSV (any name reads back from the file exactly, quoted where it must be, and no
// cell a spreadsheet would run as a formula).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ClassLink, STATES, readJoinCode } from '../../../www/class/class-link.js';
import { resultsCsv, CSV_COLUMNS } from '../../../www/class/class-data.js';
import { options, hostileString } from '../../support/arbitrary.js';

class Socket {
  constructor() { this.readyState = 1; }
  send() {}
  close() { this.readyState = 3; }
}
const noTimers = { setTimeout: () => 1, clearTimeout: () => {} };

/** A message as the server might send it, or not: a known type with arbitrary fields. */
const serverish = fc.record({
  v: fc.oneof(fc.constant(1), fc.anything()),
  type: fc.oneof(fc.constantFrom('opened', 'joined', 'error', 'ended', 'show', 'question', 'closed', 'result', 'roster'), hostileString()),
}, { requiredKeys: ['type'] }).chain((base) => fc.dictionary(hostileString(10), fc.anything(), { maxKeys: 6 }).map((extra) => ({ ...extra, ...base })));

test('the link reads any text or JSON from the server without throwing, staying in one of its states', () => {
  fc.assert(fc.property(
    fc.constantFrom('teacher', 'student'),
    fc.array(fc.oneof(hostileString(60), serverish.map((m) => JSON.stringify(m)), fc.anything().map((x) => JSON.stringify(x) ?? 'null')), { maxLength: 8 }),
    (kind, frames) => {
      const storage = new Map();
      const link = new ClassLink(kind === 'teacher' ? { kind, key: 'k' } : { kind, code: 'ABCDEF', name: null }, {
        url: 'ws://x/class/ws', WebSocket: Socket, clock: noTimers, random: () => 0.5,
        storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => storage.set(k, v), removeItem: (k) => storage.delete(k) },
        listener: { state: () => {}, message: () => {} },
      });
      link.start();
      for (const data of frames) link.received(data);
      link.closed({ code: 1006 });
      assert.ok(STATES.includes(link.state), link.state);
    },
  ), options());
});

test('a join code typed is read as 6 characters of the code\'s alphabet, or refused', () => {
  fc.assert(fc.property(hostileString(20), (typed) => {
    const code = readJoinCode(typed);
    assert.ok(code === null || /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/.test(code), String(code));
  }), options());
});

/** A CSV reader (RFC 4180), independent of the writer. */
function readCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { row.push(cell); cell = ''; } else if (c === '\r' && text[i + 1] === '\n') { row.push(cell); rows.push(row); row = []; cell = ''; i++; } else cell += c;
  }
  return rows;
}

test('any name reads back from the CSV exactly (an apostrophe before a formula), and no cell starts a formula', () => {
  fc.assert(fc.property(fc.array(hostileString(30), { minLength: 1, maxLength: 5 }), (names) => {
    const rows = names.map((student, i) => ({
      round: 1, question: 1, topic: 'free-squares', step: i, student, n: 8, given: { form: 'digits', mask: i }, right: i % 2 === 0, seconds: i,
    }));
    const read = readCsv(resultsCsv(rows));
    assert.deepEqual(read[0], CSV_COLUMNS);
    assert.equal(read.length, names.length + 1);
    names.forEach((name, i) => {
      const cells = read[i + 1];
      assert.equal(cells.length, CSV_COLUMNS.length);
      const formula = /^[=+\-@\t\r]/.test(name);
      assert.equal(cells[3], formula ? `'${name}` : name);
      for (const value of cells) assert.doesNotMatch(value, /^[=+@\t\r]/, 'a cell a spreadsheet would run');
    });
  }), options());
});
