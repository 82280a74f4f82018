// The lessons: every built-in lesson file reads, and each of its stops is a state the core
// reaches (the step, the Compare lanes' node, the question asked there); a lesson file of
// junk is refused with a sentence that names the stop. The core runs here as wasm in Node.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { readLesson, writeLesson, unreachableStops, MAX_STOP_POSITION, MAX_LESSON_REPLAY } from '../../../www/teach/lesson.js';
import { SPEEDS, DEFAULT_SPEED } from '../../../www/player/player.js';
import { MAX_COMPARE_SIZE } from '../../../www/shared/board-size.js';
import { loadCore } from '../../support/core.js';

const DIR = new URL('../../../www/teach/lessons/', import.meta.url);
const files = readdirSync(DIR).filter((name) => name.endsWith('.json')).sort();
let core;
let known;

before(async () => {
  core = await loadCore();
  known = {
    maxN: core.limits().maxN, maxCompareN: MAX_COMPARE_SIZE, speeds: SPEEDS, defaultSpeed: DEFAULT_SPEED,
    algorithms: core.algorithmNames().filter(({ needsProgram }) => !needsProgram).map(({ slug }) => slug),
    topics: core.predictTopics().map(({ slug }) => slug), exercises: core.exercises().map(({ slug }) => slug),
  };
});

const read = (name) => readLesson(JSON.parse(readFileSync(new URL(name, DIR), 'utf8')), known);

test('there are at least five built-in lessons, each listed in the menu’s index and read without a problem', () => {
  assert.ok(files.length >= 5, files.join(', '));
  const index = readFileSync(new URL('index.js', DIR), 'utf8');
  const titles = new Set();
  for (const name of files) {
    const { lesson, problems } = read(name);
    assert.equal(problems, undefined, `${name}: ${problems?.join(' ')}`);
    assert.equal(`${lesson.slug}.json`, name, 'a lesson’s slug is its file name');
    assert.ok(index.includes(`'./${name}'`), `${name} is in lessons/index.js`);
    assert.ok(!titles.has(lesson.title));
    titles.add(lesson.title);
    for (const stop of lesson.stops) assert.ok(stop.note.length > 20, `${name}: every stop has a note`);
  }
});

test('every stop is reachable: its step, its Compare node, and the question it asks there', () => {
  const asked = new Set();
  let compared = 0;
  for (const name of files) {
    const { lesson } = read(name);
    lesson.stops.forEach((stop, i) => {
      const where = `${name}, stop ${i + 1}`;
      const { n, mirror, position } = stop.player;
      const search = new core.Search(n, mirror);
      search.seek(position, MAX_STOP_POSITION, 0);
      assert.equal(search.steps, position, `${where}: the search reaches step ${position} (it has ${search.steps})`);
      if (stop.ask) {
        const question = search.question([stop.ask], 0);
        assert.ok(question, `${where}: a “${stop.ask}” question is asked at step ${position}`);
        assert.equal(question.topic, stop.ask);
        asked.add(stop.ask);
      }
      search.free();
      if (stop.compare) {
        compared += 1;
        for (const slug of stop.compare.algorithms) {
          const lane = new core.Search(stop.compare.n, stop.compare.mirror, slug);
          const target = stop.compare.position === Infinity ? 2 ** 40 : stop.compare.position;
          lane.seekNodes(target, 0xffffffff);
          if (stop.compare.position !== Infinity) assert.equal(lane.nodeEvents, target, `${where}: ${slug} reaches node ${target}`);
          lane.free();
        }
      }
    });
  }
  assert.deepEqual([...asked].sort(), [...known.topics].sort(), 'the lessons ask about every topic');
  assert.ok(compared > 0, 'a lesson opens Compare');
});

test('a lesson file of junk is refused, each problem naming its stop', () => {
  const problems = (data) => readLesson(data, known).problems ?? [];
  assert.match(problems(null)[0], /not a lesson/);
  assert.match(problems([1, 2])[0], /not a lesson/);
  assert.match(problems({ title: 'x' })[0], /no stops/);
  assert.match(problems({ stops: [{ state: 'n=6', note: 'a' }] })[0], /no title/);
  const bad = problems({
    title: 'Bad', stops: [
      { state: 'n=6', note: 'fine' },
      { state: 'n=33', note: 'too big' },
      { state: 'n=6&pos=abc' },
      'a stop?',
      { state: 'n=6&foo=1' },
      { state: 'n=6', ask: 'everything' },
      { state: `n=6&pos=${MAX_STOP_POSITION + 1}` },
      { state: 'n=6&compare=richards,nope&cn=99' },
      { note: 'no state' },
      { state: '??n=6' },
      { state: 'n=6&exercise=nope', note: 'no such exercise' },
    ],
  });
  for (const [stop, pattern] of [[2, /bad board size/], [3, /not a whole number/], [4, /not a stop/], [5, /“foo”/],
    [6, /“everything”, which is no question topic/], [7, /further than a lesson may go/], [8, /unknown algorithms/], [8, /bad board size/], [9, /no state/],
    [10, /more than one "\?"/], [11, /exercise “nope”, which is not one of the Write it exercises/]]) {
    assert.ok(bad.some((p) => p.startsWith(`Stop ${stop}`) && pattern.test(p)), `stop ${stop}: ${pattern} in ${bad.join(' | ')}`);
  }
  assert.ok(!bad.some((p) => p.startsWith('Stop 1 ')), 'the good stop has no problem');
});

test('stops the search never reaches are named, along one search per board, and a lesson too far to check is refused', () => {
  // The 4×4 search ends at step 70 (its own count, read from the core, not assumed here).
  const end = new core.Search(4, false);
  end.seek(1_000_000, 1_000_000, 0);
  const last = end.steps;
  end.free();
  const lesson = (states) => readLesson({ title: 'T', stops: states.map((state) => ({ state })) }, known).lesson;
  // Out of order on purpose: the check sorts each board's stops and keeps their numbers.
  const problems = unreachableStops(lesson([`n=4&pos=${last + 5}`, 'n=4&pos=3', `n=4&pos=${last}`, 'n=6&pos=10']), core.Search);
  assert.deepEqual(problems, [`Stop 1: the 4×4 search ends at step ${last}; there is no step ${last + 5}.`]);
  // Many boards, each far: more than a lesson may ask the page to replay.
  const far = Array.from({ length: 4 }, (_, i) => `n=${13 + i}&pos=${MAX_STOP_POSITION}`);
  const refused = unreachableStops(lesson(far), core.Search);
  assert.equal(refused.length, 1);
  assert.match(refused[0], new RegExp(`replay 80,000,000 steps of search, more than the ${MAX_LESSON_REPLAY.toLocaleString('en')}`));
});

test('a lesson written out reads back the same', () => {
  const { lesson } = read(files[0]);
  const again = readLesson(JSON.parse(writeLesson(lesson)), known).lesson;
  assert.deepEqual(again, lesson);
});

test('a stop’s state reads in words in the lesson maker: the board, mirror, the step, Compare', async () => {
  const { describeState } = await import('../../../www/teach/lesson.js');
  assert.equal(describeState('n=6&speed=10&pos=5', known), '6×6, step 5');
  assert.equal(describeState('n=12&mirror=1&pos=1234567', known), '12×12, mirror symmetry, step 1,234,567');
  assert.equal(describeState('n=8&compare=board-scan,richards&cn=9&cnode=40', known),
    '8×8, step 0; Compare board-scan, richards (9×9) at node 40');
  assert.equal(describeState('compare=richards,free-masks&cnode=end', known), '8×8, step 0; Compare richards, free-masks (6×6) at the end');
  assert.equal(describeState('n=99&pos=junk', known), '8×8, step 0', 'what cannot be read, as the page would open it');
});

test('exercise stops: a state may open Write it on an exercise, and “Write the loop yourself” walks the loop’s exercises in order', () => {
  const { lesson } = read('write-the-loop.json');
  const loop = core.exercises().filter((exercise) => exercise.loop).map(({ slug }) => slug);
  assert.deepEqual(lesson.stops.map((stop) => stop.exercise).filter(Boolean), loop);
  const { lesson: other } = read('three-masks.json');
  assert.ok(other.stops.every((stop) => stop.exercise === null), 'a stop without one closes the section');
});

test('an exercise stop reads in words in the lesson maker', async () => {
  const { describeState } = await import('../../../www/teach/lesson.js');
  assert.equal(describeState('n=6&pos=7&exercise=free-squares', known), '6×6, step 7; Write it: free-squares');
  assert.equal(describeState('n=6&exercise=nope', known), '6×6, step 0', 'an unknown exercise is not named');
});
