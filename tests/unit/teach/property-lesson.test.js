// Property tests of reading a lesson file a teacher (or anyone) made (www/teach/lesson.js readLesson):
// any JSON, and the built-in lessons and valid ones mutated, never throw; the answer is a
// lesson whose every value is in its domain, or sentences that name the stop at fault; a valid
// lesson written by writeLesson reads back the same.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { readLesson, writeLesson, slugOf, MAX_NOTE, MAX_STOPS, MAX_STOP_POSITION } from '../../../www/teach/lesson.js';
import { SPEEDS, DEFAULT_SPEED } from '../../../www/player/player.js';
import { MAX_COMPARE_SIZE } from '../../../www/shared/board-size.js';
import { ALGORITHMS } from '../../../www/compare/algorithms/index.js';
import { options, hostileString, edgeOrHostile, mutated, queryFrom, pairsOf, checkSentence } from '../../support/arbitrary.js';
import { loadCore } from '../../support/core.js';

// What the page passes as `known` (main.js startLessons), from the core as the page reads it.
const core = await loadCore();
const known = {
  maxN: core.limits().maxN, maxCompareN: MAX_COMPARE_SIZE, speeds: SPEEDS, defaultSpeed: DEFAULT_SPEED,
  algorithms: ALGORITHMS.map((algorithm) => algorithm.slug), topics: core.predictTopics().map(({ slug }) => slug),
  exercises: core.exercises().map(({ slug }) => slug),
};
const KEYS = ['n', 'speed', 'pos', 'mirror', 'compare', 'cn', 'cnode', 'cmirror', 'exercise'];
const BUILT_IN = readdirSync(new URL('../../../www/teach/lessons/', import.meta.url)).filter((name) => name.endsWith('.json'))
  .map((name) => readFileSync(new URL(`../../../www/teach/lessons/${name}`, import.meta.url), 'utf8'));

// A valid stop's state: the permalink's query, Compare's now and then, within a lesson's reach.
const state = fc.record({
  n: fc.integer({ min: 1, max: known.maxN }),
  speed: fc.option(fc.constantFrom(...SPEEDS)),
  pos: fc.option(fc.nat({ max: MAX_STOP_POSITION })),
  mirror: fc.option(fc.boolean()),
  compare: fc.option(fc.record({
    compare: fc.uniqueArray(fc.constantFrom(...known.algorithms), { minLength: 2, maxLength: 4 }).map((list) => list.join(',')),
    cn: fc.integer({ min: 1, max: MAX_COMPARE_SIZE }),
    cnode: fc.oneof(fc.nat({ max: MAX_STOP_POSITION }), fc.constant('end')),
    cmirror: fc.constantFrom('0', '1'),
  }, { requiredKeys: ['compare'] })),
  question: fc.boolean(),
}).map(({ n, speed, pos, mirror, compare, question }) => {
  const params = new URLSearchParams({ n });
  if (speed !== null) params.set('speed', speed === Infinity ? 'max' : speed);
  if (pos !== null) params.set('pos', pos);
  if (mirror !== null) params.set('mirror', mirror ? '1' : '0');
  for (const [key, value] of Object.entries(compare ?? {})) params.set(key, value);
  return `${question ? '?' : ''}${params}`;
});
/** Text with spaces around it now and then (a lesson keeps it trimmed). */
const padded = (text) => fc.tuple(fc.constantFrom('', '', ' ', '\n  ', '\t'), text, fc.constantFrom('', '', ' ', '\n'))
  .map(([before, middle, after]) => before + middle + after);
const lessonData = fc.record({
  slug: fc.option(fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,59}$/), { nil: undefined }),
  // At most 60 code points: 120 UTF-16 units, the longest title kept whole.
  title: padded(hostileString(60).filter((text) => text.trim() !== '')),
  stops: fc.array(fc.record({
    state,
    note: padded(fc.oneof({ weight: 19, arbitrary: hostileString(80) }, { weight: 1, arbitrary: fc.constant('n'.repeat(MAX_NOTE)) })),
    ask: fc.option(fc.constantFrom(...known.topics), { nil: undefined }),
  }, { requiredKeys: ['state', 'note'] }), { minLength: 1, maxLength: 6 }),
}, { requiredKeys: ['title', 'stops'] });

/** A value in a stop that the page cannot show, and the field it goes in. */
const badStop = fc.oneof(
  fc.constantFrom('n=0', 'n=33', 'n=', 'n=8.5', 'speed=7', 'speed=Infinity', 'pos=-1', 'pos=1e3', `pos=${MAX_STOP_POSITION + 1}`,
    'mirror=2', 'mirror=', 'x=1', 'lesson=a', 'compare=richards', 'compare=a,b', 'cn=17', 'cnode=-1', `cnode=${MAX_STOP_POSITION + 1}`,
    'cmirror=yes', 'n=0&n=6').map((text) => ['state', text]),
  fc.constantFrom(null, 5, true, [], {}, 'x'.repeat(501)).map((value) => ['state', value]),
  fc.constantFrom('n'.repeat(MAX_NOTE + 1), ` ${'n'.repeat(MAX_NOTE + 1)} `).map((value) => ['note', value]),
  fc.oneof(hostileString(10).filter((text) => !known.topics.includes(text)), fc.constantFrom(0, false, true, [], {}, ['next-row'], { a: 1 }))
    .map((value) => ['ask', value]),
  fc.constantFrom(null, 0, 'stop', [], [{}]).map((value) => ['stop', value]),
);

/** Any JSON a file can hold: arbitrary JSON, lessons made of hostile parts, and the built-in
 *  lessons and valid ones with their text mutated (kept when it still parses). */
const hostileLesson = fc.record({
  slug: edgeOrHostile,
  title: fc.oneof(edgeOrHostile, fc.jsonValue()),
  stops: fc.oneof(fc.jsonValue(), fc.array(fc.oneof(fc.jsonValue(), fc.record({
    state: fc.oneof(queryFrom(pairsOf(KEYS, edgeOrHostile)), state, fc.jsonValue()),
    note: fc.oneof(hostileString(), fc.jsonValue()),
    ask: fc.oneof(fc.constantFrom(...known.topics), edgeOrHostile, fc.jsonValue()),
  }, { requiredKeys: [] })), { maxLength: 5 })),
}, { requiredKeys: [] });
const text = fc.oneof(
  fc.json(),
  hostileLesson.map((data) => JSON.stringify(data)),
  fc.constantFrom(...BUILT_IN).chain(mutated),
  lessonData.map((data) => JSON.stringify(data)).chain(mutated),
  fc.integer({ min: MAX_STOPS - 1, max: MAX_STOPS + 1 }).map((k) => JSON.stringify({ title: 'Many', stops: Array(k).fill({ state: 'n=6', note: '' }) })),
);
const parsed = (input) => {
  try {
    return { data: JSON.parse(input) };
  } catch {
    return null;
  }
};

/** Fails unless `read` (readLesson's answer) is a well-formed lesson or well-formed problems. */
function checkRead(read, input) {
  if (read.lesson) {
    assert.deepEqual(Object.keys(read), ['lesson']);
    const { slug, title, stops } = read.lesson;
    assert.match(slug, /^[a-z0-9][a-z0-9-]{0,59}$/);
    assert.ok(typeof title === 'string' && title !== '' && title === title.trim() && title.length <= 120);
    assert.ok(stops.length >= 1 && stops.length <= MAX_STOPS);
    for (const stop of stops) {
      assert.deepEqual(Object.keys(stop), ['query', 'player', 'compare', 'note', 'ask', 'exercise']);
      assert.ok(stop.exercise === null || known.exercises.includes(stop.exercise));
      assert.ok(typeof stop.query === 'string' && stop.query.length <= 500 && !stop.query.startsWith('?'));
      const { n, speed, position, mirror, problems } = stop.player;
      assert.ok(Number.isInteger(n) && n >= 1 && n <= known.maxN && SPEEDS.includes(speed) && typeof mirror === 'boolean');
      assert.ok(Number.isSafeInteger(position) && position >= 0 && position <= MAX_STOP_POSITION);
      assert.deepEqual(problems, []);
      if (stop.compare !== null) {
        const c = stop.compare;
        assert.ok(c.algorithms.length >= 2 && c.algorithms.length <= 4 && c.algorithms.every((slug) => known.algorithms.includes(slug)));
        assert.ok(Number.isInteger(c.n) && c.n >= 1 && c.n <= MAX_COMPARE_SIZE && typeof c.mirror === 'boolean');
        assert.ok(c.position === Infinity || (Number.isSafeInteger(c.position) && c.position >= 0 && c.position <= MAX_STOP_POSITION));
        assert.deepEqual(c.problems, []);
      }
      assert.ok(typeof stop.note === 'string' && stop.note === stop.note.trim() && stop.note.length <= MAX_NOTE);
      assert.ok(stop.ask === null || known.topics.includes(stop.ask));
    }
  } else {
    assert.deepEqual(Object.keys(read), ['problems']);
    assert.ok(Array.isArray(read.problems) && read.problems.length > 0, 'a lesson refused says why');
    for (const problem of read.problems) {
      checkSentence(assert, problem, { input, longest: 800 });
      const stop = problem.match(/^Stop (\d+)\b/);
      if (stop) assert.ok(Number(stop[1]) >= 1 && Number(stop[1]) <= MAX_STOPS);
    }
  }
}

test('any JSON reads as a well-formed lesson, or as sentences saying what is wrong', () => {
  fc.assert(fc.property(text, (input) => {
    const json = parsed(input);
    if (json) checkRead(readLesson(json.data, known), input);
  }), options(0.8));
  fc.assert(fc.property(fc.jsonValue(), (data) => checkRead(readLesson(data, known), JSON.stringify(data))), options(0.2));
});

test('a valid lesson reads as itself, and writeLesson writes it back the same', () => {
  fc.assert(fc.property(lessonData, (data) => {
    const read = readLesson(data, known);
    assert.equal(read.problems, undefined, read.problems?.join(' '));
    checkRead(read, '');
    const { lesson } = read;
    assert.equal(lesson.title, data.title.trim());
    assert.equal(lesson.slug, data.slug ?? slugOf(lesson.title));
    assert.deepEqual(lesson.stops.map(({ query, note, ask }) => ({ query, note, ask })),
      data.stops.map(({ state: query, note, ask }) => ({ query: query.replace(/^\?/, ''), note: note.trim(), ask: ask ?? null })));
    assert.deepEqual(readLesson(JSON.parse(writeLesson(lesson)), known), read);
  }), options(0.2));
});

test('one bad stop in a valid lesson is named by its number', () => {
  fc.assert(fc.property(lessonData, fc.nat(), badStop, (data, at, [field, value]) => {
    const number = (at % data.stops.length) + 1;
    const stops = data.stops.map((stop, i) => (i + 1 !== number ? stop : field === 'stop' ? value : { ...stop, [field]: value }));
    const read = readLesson({ ...data, stops }, known);
    checkRead(read, JSON.stringify(value));
    assert.ok(read.problems?.some((problem) => problem.startsWith(`Stop ${number} `) || problem.startsWith(`Stop ${number}:`)),
      `stop ${number} with ${field} ${JSON.stringify(value)?.slice(0, 40)} is named: ${read.problems}`);
  }), options(0.2));
});

test('a stop that asks about an object names it as such, not as “[object Object]”', () => {
  const data = { title: 'T', stops: [{ state: 'n=6', note: '', ask: { a: 1 } }, { state: 'n=6', note: '', ask: ['next-row'] }] };
  const { problems } = readLesson(data, known);
  assert.equal(problems.length, 2);
  for (const problem of problems) assert.ok(!problem.includes('[object') && !problem.includes('“next-row”'), problem);
});
