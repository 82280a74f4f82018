// End-to-end: the embed's message API across origins. The example host page (docs/host.html)
// is served from one origin and the embed (dist/embed.html) from another, as on a course
// page; the host drives the embed with messages and lists the events it gets back.
import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { serve } from '../../support/server.js';
import { launch, openPage } from '../../support/browser.js';

let embedServer;
let hostServer;
let browser;
let page;
before(async () => {
  embedServer = await serve('dist');
  hostServer = await serve('docs');
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await embedServer?.close();
  await hostServer?.close();
});
afterEach(async () => {
  const problems = page.problems;
  await page.close();
  assert.deepEqual(problems, [], 'the host page or the embed logged errors');
});

/** Opens the host page framing the embed at `query`; resolves once the embed is ready. */
async function openHost(query) {
  assert.notEqual(new URL(embedServer.url).origin, new URL(hostServer.url).origin, 'two origins');
  const src = `${embedServer.url}embed.html?${query}`;
  page = await openPage(browser, `${hostServer.url}host.html?src=${encodeURIComponent(src)}`, { viewport: { width: 1000, height: 900 } });
  page.warnings = [];
  page.on('console', (message) => { if (message.type() === 'warning') page.warnings.push(message.text()); });
  await page.waitForFunction(() => document.querySelector('#events li')?.textContent.startsWith('ready '));
  return page;
}

const events = () => page.locator('#events li').allTextContents();
/** Waits until the last event listed matches `pattern`; returns it. */
async function lastEvent(pattern) {
  await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('#events li:last-child')?.textContent ?? ''), pattern.source);
  return (await events()).at(-1);
}
const send = (name) => page.getByRole('button', { name, exact: true }).click();
const embed = () => page.frames().find((frame) => frame.url().startsWith(embedServer.url));

test('the host page drives the embed with messages and gets its events back', async () => {
  await openHost('n=6&from=5&to=40&controls=step');
  assert.equal((await events())[0], 'ready n=6 step=5 from=5 to=40');
  await send('Step');
  assert.equal(await lastEvent(/step=6$/), 'step n=6 step=6');
  await send('Back');
  assert.equal(await lastEvent(/step=5$/), 'step n=6 step=5');
  await send('Back'); // at the start of the range: nothing happens
  await page.getByLabel('Step', { exact: true }).fill('20');
  await send('Seek');
  assert.equal(await lastEvent(/step=20$/), 'step n=6 step=20');
  await page.getByLabel('Step', { exact: true }).fill('999');
  await send('Seek');
  assert.equal(await lastEvent(/step=40$/), 'step n=6 step=40', 'a seek past the range stops at its end');
  // The embed itself shows what the messages did.
  assert.equal(await embed().locator('#steps').textContent(), '40');
  assert.equal((await events()).filter((e) => e.startsWith('step n=6 step=4 ')).length, 0, 'never below the range');
});

test('Play to the end of the 4×4 search: an event for each solution, then the end', async () => {
  await openHost('n=4&speed=max');
  await send('Play');
  await lastEvent(/^end /);
  const solutions = (await events()).filter((e) => e.startsWith('solution '));
  // The 4×4 board has exactly two solutions (OEIS A000170): columns 2 4 1 3 and 3 1 4 2.
  assert.deepEqual(solutions.map((e) => e.replace(/^.* columns=/, '')).sort(), ['2 4 1 3', '3 1 4 2']);
});

test('autoplay and loop: the range plays, ends and starts again by itself', async () => {
  await openHost('n=5&from=3&to=30&speed=max&autoplay=1&loop=1&controls=none');
  await page.waitForFunction(() => [...document.querySelectorAll('#events li')].filter((li) => li.textContent.startsWith('end ')).length >= 2);
  const ends = (await events()).filter((e) => e.startsWith('end '));
  assert.deepEqual(ends.slice(0, 2), ['end n=5 step=30', 'end n=5 step=30']);
  await send('Pause');
});

test('bad messages and messages from another window are ignored with a warning, never obeyed', async () => {
  await openHost('n=6&controls=step');
  const before = (await events()).length;
  const BAD = 13;
  const warned = () => page.warnings.filter((w) => w.startsWith('bitqueens embed: ignored')).length;
  const allWarned = new Promise((resolve) => {
    page.on('console', () => { if (warned() >= BAD) resolve(); });
  });
  await page.evaluate(() => {
    const target = document.getElementById('embed').contentWindow;
    for (const message of ['step', null, 42, [1], { type: 'explode' }, { type: 'seek' }, { type: 'seek', step: -1 },
      { type: 'seek', step: 1.5 }, { type: 'seek', step: '12' }, { type: 'seek', step: 2 ** 60 },
      { type: '<img src=x onerror=alert(1)>' }, { type: { toString: 'step' } }]) {
      target.postMessage(message, '*');
    }
  });
  // A window other than its parent: the embed's own.
  await embed().evaluate(() => window.postMessage({ type: 'step' }, '*'));
  await allWarned;
  assert.equal(warned(), BAD, page.warnings.join('\n'));
  // Messages are handled in order: once a good one is obeyed, the bad ones before it were
  // all read, and none moved the embed.
  await send('Step');
  assert.equal(await lastEvent(/step=1$/), 'step n=6 step=1');
  assert.equal((await events()).length, before + 1, 'one event: only the good message was obeyed');
  assert.equal(await embed().locator('#steps').textContent(), '1');
  assert.equal(await embed().locator('img').count(), 0);
});
