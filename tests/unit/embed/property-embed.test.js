// Property tests of what an embed reads from strangers: its link's parameters
// (www/embed/embed-params.js) and the host page's messages (www/embed/embed-messages.js). Arbitrary and
// mutated input never throws; every value read is in its domain, with one sentence per bad
// value; a valid link written reads back; the <iframe> snippet quotes any URL and title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  readEmbedParams, embedLink, embedSnippet, EMBED_PANELS, DEFAULT_PANELS, EMBED_CONTROLS, DEFAULT_CONTROLS, EMBED_THEMES, DEFAULT_THEME,
} from '../../../www/embed/embed-params.js';
import { readHostMessage, HOST_COMMANDS } from '../../../www/embed/embed-messages.js';
import { readPermalink, writePermalink } from '../../../www/player/permalink.js';
import { SPEEDS, DEFAULT_SPEED } from '../../../www/player/player.js';
import {
  options, hostileString, edgeOrHostile, mutatedFrom, queryFrom, pairsOf, checkSentence, EDGE_NUMBERS,
} from '../../support/arbitrary.js';
import { loadCore } from '../../support/core.js';

const MAX_N = (await loadCore()).limits().maxN; // the core's board::MAX_N, as the page reads it
const KEYS = ['from', 'to', 'loop', 'autoplay', 'controls', 'panels', 'theme'];
const LARGEST_STEP = 999_999_999_999_999;

/** The query as a sentence may quote it: raw, and its keys and values decoded. */
const seen = (text) => `${text} ${[...new URLSearchParams(text)].flat().join(' ')}`;

// Values: valid ones, edges, hostile strings, valid ones mutated.
const validValue = fc.oneof(
  fc.nat({ max: LARGEST_STEP }).map(String),
  fc.constantFrom('0', '1', ...EMBED_CONTROLS, ...EMBED_THEMES),
  fc.uniqueArray(fc.constantFrom(...EMBED_PANELS), { maxLength: 6 }).map((list) => list.join(',')),
);
const value = fc.oneof(validValue, edgeOrHostile, mutatedFrom(validValue));
const query = fc.oneof(
  { weight: 1, arbitrary: hostileString(80) },
  { weight: 4, arbitrary: queryFrom(pairsOf(KEYS, value)) },
  { weight: 1, arbitrary: mutatedFrom(queryFrom(pairsOf(KEYS, validValue))) },
);

test('any query reads as valid embed options with one sentence per bad value', () => {
  fc.assert(fc.property(query, (text) => {
    const read = readEmbedParams(text);
    assert.deepEqual(Object.keys(read), ['from', 'to', 'loop', 'autoplay', 'controls', 'panels', 'theme', 'problems']);
    // What each value means, from the doc comments: steps are at most 15 digits, `to` not
    // before `from`; flags are 1 or 0; the rest from their lists.
    const params = new URLSearchParams(text);
    const step = (key) => (/^[0-9]{1,15}$/.test(params.get(key)) ? Number(params.get(key)) : undefined);
    let bad = 0;
    const want = { from: 0, to: null, loop: false, autoplay: false, controls: DEFAULT_CONTROLS, panels: DEFAULT_PANELS, theme: DEFAULT_THEME };
    for (const key of ['from', 'to']) {
      if (!params.has(key)) continue;
      if (step(key) === undefined) bad += 1;
      else want[key] = step(key);
    }
    if (want.to !== null && want.to < want.from) {
      bad += 1;
      want.to = null;
    }
    for (const key of ['loop', 'autoplay']) {
      if (!params.has(key)) continue;
      if (params.get(key) === '1') want[key] = true;
      else if (params.get(key) !== '0') bad += 1;
    }
    for (const [key, list] of [['controls', EMBED_CONTROLS], ['theme', EMBED_THEMES]]) {
      if (!params.has(key)) continue;
      if (list.includes(params.get(key))) want[key] = params.get(key);
      else bad += 1;
    }
    if (params.has('panels')) {
      const asked = params.get('panels').split(',').filter((name) => name !== '');
      if (asked.some((name) => !EMBED_PANELS.includes(name))) bad += 1;
      const known = EMBED_PANELS.filter((name) => asked.includes(name));
      if (known.length) want.panels = known;
      else bad += 1;
    }
    assert.deepEqual({ ...read, problems: undefined }, { ...want, problems: undefined });
    assert.ok(Number.isSafeInteger(read.from) && read.from >= 0);
    assert.ok(read.to === null || (Number.isSafeInteger(read.to) && read.to >= read.from));
    assert.ok(read.panels.length > 0 && read.panels.every((name, i) => EMBED_PANELS.indexOf(name) > EMBED_PANELS.indexOf(read.panels[i - 1] ?? null)),
      'panels: known ones, each once, in the order they are laid out');
    assert.equal(read.problems.length, bad, `one sentence per bad value: ${read.problems.join(' | ')}`);
    for (const problem of read.problems) checkSentence(assert, problem, { input: seen(text) });
  }), options());
});

// A valid embed and the main page's permalink it shows.
const embedOptions = fc.record({
  from: fc.nat({ max: LARGEST_STEP }),
  to: fc.option(fc.nat({ max: LARGEST_STEP })),
  loop: fc.boolean(),
  autoplay: fc.boolean(),
  controls: fc.constantFrom(...EMBED_CONTROLS),
  panels: fc.uniqueArray(fc.constantFrom(...EMBED_PANELS), { minLength: 1, maxLength: 6 }),
  theme: fc.constantFrom(...EMBED_THEMES),
}).map((o) => ({ ...o, to: o.to === null ? null : Math.max(o.to, o.from) }));
const playerState = fc.record({
  n: fc.integer({ min: 1, max: MAX_N }),
  speed: fc.constantFrom(...SPEEDS),
  position: fc.nat({ max: LARGEST_STEP }),
  mirror: fc.boolean(),
});
// The main page's address, with any query of its own (embed keys, a lesson, Compare's): the
// embed link carries only the search state of the permalink.
const page = fc.webUrl({ withQueryParameters: true, withFragments: true });

test('every valid embed written as a link reads back the same, beside its permalink, with no problem', () => {
  fc.assert(fc.property(page, playerState, embedOptions, fc.constantFrom('', 'lesson=dead-ends&stop=2', 'to=junk&from=3&theme=x&compare=richards'),
    (pageHref, player, embed, extra) => {
      const permalink = new URL(writePermalink(pageHref, player));
      for (const [key, text] of new URLSearchParams(extra)) permalink.searchParams.set(key, text);
      const url = new URL(embedLink(pageHref, permalink.href, embed));
      assert.ok(url.pathname.endsWith('/embed.html'), url.href);
      assert.ok(!url.searchParams.has('lesson') && !url.searchParams.has('stop'), 'a lesson stays on the main page');
      const ordered = EMBED_PANELS.filter((name) => embed.panels.includes(name));
      assert.deepEqual(readEmbedParams(url.search), { ...embed, panels: ordered, problems: [] });
      assert.deepEqual(readPermalink(url.search, SPEEDS, DEFAULT_SPEED, MAX_N), { ...player, problems: [] });
    }), options(0.5));
});

// The snippet's attributes read back by the smallest HTML reader: a double-quoted value ends at
// the next ", and holds no < or >; character references are &amp; &quot; &lt; &gt;.
const SNIPPET = /^<iframe src="([^"<>]*)" width="([^"<>]*)" height="([^"<>]*)" title="([^"<>]*)" loading="lazy" style="border:0"><\/iframe>$/;
const unescape = (text) => {
  assert.match(text, /^(?:[^&]|&(?:amp|quot|lt|gt);)*$/, `every & in “${text}” starts a character reference`);
  return text.replace(/&(amp|quot|lt|gt);/g, (_, name) => ({ amp: '&', quot: '"', lt: '<', gt: '>' })[name]);
};

test('the <iframe> snippet gives back any URL and title exactly', () => {
  const text = fc.oneof(hostileString(60), fc.webUrl({ withQueryParameters: true, withFragments: true }), fc.string({ unit: 'binary' }),
    fc.constantFrom('"><script>alert(1)</script>', '&quot;', '&amp;lt;', "' onload='x", '" onload="x'));
  const size = fc.integer({ min: 1, max: 10_000 });
  fc.assert(fc.property(text, text, size, size, (src, title, width, height) => {
    const snippet = embedSnippet(src, { width, height, title });
    const match = snippet.match(SNIPPET);
    assert.ok(match, `one iframe with these attributes only: ${snippet}`);
    assert.deepEqual([unescape(match[1]), Number(match[2]), Number(match[3]), unescape(match[4])], [src, width, height, title]);
  }), options());
});

// Anything a host page can post: structured clone carries plain values, arrays, objects (also
// of null prototype), Dates, Maps, Sets, typed arrays, BigInts, boxed values, sparse arrays;
// and messages shaped like commands, with edge numbers and extra keys.
const anything = fc.anything({
  withBigInt: true, withDate: true, withMap: true, withSet: true, withNullPrototype: true, withTypedArray: true,
  withSparseArray: true, withBoxedValues: true, withObjectString: true, maxDepth: 3,
});
const edgeStep = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 0.5, NaN, Infinity, -Infinity, 2 ** 53, 2 ** 53 - 1, -(2 ** 53), 1e300, Number.MIN_VALUE, Number.EPSILON),
  fc.constantFrom(...EDGE_NUMBERS),
  fc.constantFrom(0n, 1n, 2n ** 64n, null, undefined, true, [], [1], {}),
  fc.integer({ min: -1000, max: 1000 }), fc.nat(), fc.double(), anything,
);
const type = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOST_COMMANDS, 'seek', 'seek') },
  { weight: 1, arbitrary: fc.constantFrom('Step', ' step', 'seek ', 'SEEK', 'stop', '', '__proto__', 'constructor', 'toString') },
  { weight: 1, arbitrary: hostileString(12) },
  { weight: 1, arbitrary: anything },
);
const commandLike = fc.tuple(type, fc.option(edgeStep, { nil: undefined }), fc.dictionary(hostileString(6), anything, { maxKeys: 3 }),
  fc.boolean(), fc.boolean())
  .map(([kind, step, extra, bare, hasStep]) => {
    const message = bare ? Object.create(null) : {};
    Object.assign(message, extra);
    message.type = kind;
    if (hasStep) message.step = step;
    return message;
  });
// Not from postMessage, whose structured clone keeps own data properties only: a command
// inherited from a prototype, and an array carrying a command's properties, are no command.
const inherited = commandLike.map((message) => Object.create(message));
const arrayLike = commandLike.map((message) => Object.assign([], Object.fromEntries(Object.entries(message).filter(([key]) => key !== 'length'))));
const hostMessage = fc.oneof(
  { weight: 2, arbitrary: anything },
  { weight: 4, arbitrary: commandLike },
  { weight: 1, arbitrary: commandLike.map((message) => [message]) },
  { weight: 1, arbitrary: inherited },
  { weight: 1, arbitrary: arrayLike },
);

/** The message as the embed receives it: a structured clone of what was posted, or the value
 *  itself when it cannot be cloned (the parser must stand both). */
const received = (data) => {
  try {
    return structuredClone(data);
  } catch {
    return data;
  }
};

test('any message from the host page is read as a command, or ignored with a sentence, never thrown on', () => {
  fc.assert(fc.property(hostMessage, fc.boolean(), (posted, cloned) => {
    const data = cloned ? received(posted) : posted;
    const read = readHostMessage(data);
    const isObject = data !== null && typeof data === 'object' && !Array.isArray(data);
    const kind = isObject && Object.hasOwn(data, 'type') ? data.type : undefined;
    const step = isObject && Object.hasOwn(data, 'step') ? data.step : undefined;
    const command = typeof kind === 'string' && HOST_COMMANDS.includes(kind);
    const good = command && (kind !== 'seek' || (Number.isSafeInteger(step) && step >= 0));
    if (good) {
      assert.deepEqual(read, { ok: true, command: kind === 'seek' ? { type: kind, step } : { type: kind } });
    } else {
      assert.deepEqual(Object.keys(read), ['ok', 'problem']);
      assert.equal(read.ok, false);
      checkSentence(assert, read.problem, { prefix: 'bitqueens embed: ', words: ['[object '] });
    }
  }), options());
});
