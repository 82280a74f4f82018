// A lesson's stop shown on the page (www/teach/lesson-stops.js), with fakes for the parts it
// drives: the player's state, Compare, Predict and Write it each told; the section the stop
// is about scrolled to once it is loaded, and only if the stop is still the one shown.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LessonStops } from '../../../www/teach/lesson-stops.js';

/** The parts, each noting what it is told in `told`; `loads[name]` holds the promise each
 *  show() returns, resolved by the test (a section loading). */
function setUp() {
  const told = [];
  const loads = {};
  const loading = (name) => new Promise((resolve) => { loads[name] = resolve; });
  const section = (name) => ({ scrollIntoView: (options) => told.push(['scroll', name, options.block]) });
  const stops = new LessonStops({
    controls: { show: (state) => told.push(['player', state.position]) },
    compare: { show: (query) => { told.push(['compare', query]); return loading('compare'); } },
    predict: { askAbout: (topic) => told.push(['ask', topic]) },
    write: { show: (slug) => { told.push(['write', slug]); return loading('write'); } },
    sections: { compare: section('compare'), write: section('write') },
    messages: { clear: () => told.push(['clear']) },
  });
  return { stops, told, loads };
}

const stop = (more) => ({ player: { position: 5 }, query: 'n=6&pos=5', ask: null, exercise: null, compare: null, ...more });
const settled = () => new Promise((resolve) => { setImmediate(resolve); });

test('a stop sets every part, and scrolls to the section it names once that is loaded', async () => {
  const { stops, told, loads } = setUp();
  stops.show(stop({ exercise: 'lowest-bit', ask: 'next-row' }));
  assert.deepEqual(told, [['clear'], ['player', 5], ['compare', 'n=6&pos=5'], ['ask', 'next-row'], ['write', 'lowest-bit']]);
  loads.compare();
  await settled();
  assert.equal(told.length, 5, 'Compare is not the stop’s subject: no scroll to it');
  loads.write();
  await settled();
  assert.deepEqual(told.at(-1), ['scroll', 'write', 'start']);
});

test('a stop left before its section loaded does not scroll the page away from the next one', async () => {
  const { stops, told, loads } = setUp();
  stops.show(stop({ compare: { n: 6 }, query: 'compare=richards' }));
  const compareLoaded = loads.compare;
  stops.show(stop({ player: { position: 9 } }));
  compareLoaded();
  await settled();
  assert.equal(told.filter(([what]) => what === 'scroll').length, 0);
});
