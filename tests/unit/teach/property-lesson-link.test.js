// A made lesson carried whole in a link's fragment (www/teach/lesson-link.js): written and read
// back the same, whatever its text (any Unicode in its title and notes); a lesson too long is
// never written into a link; any fragment a stranger may send never throws, and is a lesson's
// data, a sentence, or nothing; and the fragment is the only part of the link it touches.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  lessonFragment, readLessonFragment, withLessonFragment, withoutLessonFragment, withoutLesson, MAX_LINK_LESSON,
} from '../../../www/teach/lesson-link.js';
import { writeLesson } from '../../../www/teach/lesson.js';
import { options, hostileString, checkSentence } from '../../support/arbitrary.js';

const text = (maxLength) => fc.string({ unit: 'grapheme', maxLength });
const lesson = fc.record({
  slug: fc.constantFrom('dead-ends', 'mine', 'a-b-c'),
  title: text(60),
  stops: fc.array(fc.record({ query: fc.constantFrom('n=6&pos=9', 'n=8&speed=max&pos=100&mirror=1'), note: text(200), ask: fc.option(fc.constantFrom('next-row', 'free-squares'), { nil: undefined }) }), { minLength: 1, maxLength: 12 }),
});
/** What the lesson reads back as: writeLesson's JSON, parsed. */
const asWritten = (l) => JSON.parse(writeLesson(l));

test('a lesson written into a fragment reads back as the same lesson data', () => {
  fc.assert(fc.property(lesson, (l) => {
    const fragment = lessonFragment(l);
    if (fragment === null) return; // too long: checked below
    assert.ok(fragment.length <= MAX_LINK_LESSON + '#lesson='.length);
    assert.deepEqual(readLessonFragment(fragment), { data: asWritten(l) });
  }), options(0.3));
});

test('a lesson too long for a link is not written into one; a fragment too long is refused before it is decoded', () => {
  const long = { slug: 'long', title: 'Long', stops: Array.from({ length: 60 }, (_, i) => ({ query: `n=8&pos=${i}`, note: 'x'.repeat(150) })) };
  assert.equal(lessonFragment(long), null);
  const read = readLessonFragment(`#lesson=${'A'.repeat(MAX_LINK_LESSON + 1)}`);
  assert.match(read.problem, /more than the 8,000 a link may carry: ask for the lesson file instead\.$/);
});

test('any fragment is read without throwing: data, a sentence, or nothing', () => {
  const fragments = fc.oneof(
    hostileString(200),
    hostileString(200).map((s) => `#lesson=${s}`),
    fc.base64String({ maxLength: 300 }).map((s) => `#lesson=${s.replace(/\+/g, '-').replace(/\//g, '_')}`),
    lesson.map((l) => lessonFragment(l) ?? '').map((f) => f.slice(0, Math.max(9, f.length - 3))), // cut short
  );
  fc.assert(fc.property(fragments, (fragment) => {
    const read = readLessonFragment(fragment);
    if (read === null) return;
    if ('problem' in read) checkSentence(assert, read.problem, { input: fragment });
    else assert.ok('data' in read);
  }), options(0.3));
});

test('the lesson in a link lives in its fragment only: the query is left as it is, and withoutLesson takes both out', () => {
  fc.assert(fc.property(lesson, (l) => {
    const fragment = lessonFragment(l);
    if (fragment === null) return;
    const link = withLessonFragment('https://example.org/?n=6&pos=9&lesson=mine&stop=2', fragment);
    const url = new URL(link);
    assert.equal(url.search, '?n=6&pos=9&lesson=mine&stop=2');
    assert.equal(url.hash, fragment);
    assert.equal(withoutLessonFragment(link), 'https://example.org/?n=6&pos=9&lesson=mine&stop=2');
    assert.equal(withoutLesson(link), 'https://example.org/?n=6&pos=9');
  }), options(0.1));
});
