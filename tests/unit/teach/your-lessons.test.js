// The lessons kept in this browser (www/teach/your-lessons.js), on a storage of a Map: a lesson
// come by a link never overwrites a different lesson of yours with the same slug; the same
// lesson again keeps its slug; a built-in slug is never taken.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const items = new Map();
globalThis.localStorage = {
  getItem: (key) => (items.has(key) ? items.get(key) : null),
  setItem: (key, value) => items.set(key, String(value)),
};
const { YourLessons } = await import('../../../www/teach/your-lessons.js');

const lesson = (slug, note) => ({ slug, title: 'Intro', stops: [{ query: 'n=6&pos=9', note }] });
const kept = () => JSON.parse(items.get('bitqueens.lessons.yours')).map(({ slug, stops }) => [slug, stops[0].note]);

test('a lesson from a link never overwrites a different lesson of yours of the same slug', () => {
  items.clear();
  const yours = new YourLessons({ check: () => ({}), builtIn: ['three-masks'], panel: { offer() {} } });
  yours.keep(lesson('intro', 'mine'));
  assert.equal(yours.adopt(lesson('intro', 'a colleague’s')).slug, 'intro-2');
  assert.equal(yours.adopt(lesson('intro', 'another one')).slug, 'intro-3');
  assert.equal(yours.adopt(lesson('intro', 'mine')).slug, 'intro', 'the same lesson again keeps its slug');
  assert.equal(yours.adopt(lesson('three-masks', 'x')).slug, 'three-masks-yours', 'never a built-in slug');
  assert.deepEqual(kept(), [['intro-2', 'a colleague’s'], ['intro-3', 'another one'], ['intro', 'mine'], ['three-masks-yours', 'x']]);
});
