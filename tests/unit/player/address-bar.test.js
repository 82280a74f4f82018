// The address bar's writer (www/player/address-bar.js) against a stand-in for the browser's location
// and history that can refuse a write as Safari and Firefox do (a SecurityError) or as
// Chromium does (the call returns, the address stays).
import { test, mock } from 'node:test';
import assert from 'node:assert/strict';
import { rewriteAddress, address, RETRY_MS, dropTeacherKey } from '../../../www/player/address-bar.js';
import { namesClass } from '../../../www/player/permalink.js';

const browser = { href: 'https://example.org/bitqueens/?n=8', refuse: null, calls: 0 };
globalThis.location = { get href() { return browser.href; } };
globalThis.history = {
  replaceState(state, unused, url) {
    browser.calls += 1;
    if (browser.refuse === 'throw') throw new Error('SecurityError: Attempt to use history.replaceState() more than 100 times per 30 seconds');
    if (browser.refuse === 'ignore') return;
    browser.href = new URL(url, browser.href).href;
  },
};
mock.timers.enable({ apis: ['setTimeout'] });

const at = (pos) => (href) => {
  const url = new URL(href);
  url.searchParams.set('pos', pos);
  return url.href;
};
const endOfTask = () => new Promise((resolve) => { queueMicrotask(resolve); });

test('a burst of rewrites in one task writes the address once, with the latest', async () => {
  browser.calls = 0;
  for (let pos = 1; pos <= 30; pos++) rewriteAddress('player', at(pos));
  rewriteAddress('lesson', (href) => `${href}&lesson=three-masks`);
  await endOfTask();
  assert.equal(browser.calls, 1);
  assert.equal(browser.href, 'https://example.org/bitqueens/?n=8&pos=30&lesson=three-masks');
});

for (const refuse of ['throw', 'ignore']) {
  test(`a write the browser refuses (${refuse === 'throw' ? 'Safari, Firefox: it throws' : 'Chromium: it ignores it'}) is tried again until it lands, with the rewrites asked for meanwhile`, async () => {
    browser.href = 'https://example.org/bitqueens/?n=8';
    browser.refuse = refuse;
    rewriteAddress('player', at(1));
    await endOfTask(); // refused: no error escapes the end of the task
    assert.equal(browser.href, 'https://example.org/bitqueens/?n=8');
    browser.calls = 0;
    for (let pos = 2; pos <= 50; pos++) {
      rewriteAddress('player', at(pos));
      await endOfTask();
    }
    assert.equal(browser.calls, 0, 'while refused, rewrites wait for the retry instead of being refused one by one');
    assert.equal(address(), 'https://example.org/bitqueens/?n=8&pos=50', 'a link copied meanwhile is current');
    mock.timers.tick(RETRY_MS); // still refused: tried once more
    assert.equal(browser.calls, 1);
    browser.refuse = null;
    mock.timers.tick(RETRY_MS);
    assert.equal(browser.href, 'https://example.org/bitqueens/?n=8&pos=50');
    rewriteAddress('player', at(51)); // and written at once again
    await endOfTask();
    assert.equal(browser.href, 'https://example.org/bitqueens/?n=8&pos=51');
    assert.equal(browser.calls, 3);
  });
}

test('the teacher key of a live class leaves the address bar at once; a join code stays', async () => {
  browser.refuse = null;
  browser.href = 'https://example.org/bitqueens/?teach=k3y&n=8';
  dropTeacherKey('?teach=k3y&n=8');
  await endOfTask();
  assert.equal(browser.href, 'https://example.org/bitqueens/?n=8');
  browser.href = 'https://example.org/bitqueens/?class=ABCDEF';
  dropTeacherKey('?class=ABCDEF');
  await endOfTask();
  assert.equal(browser.href, 'https://example.org/bitqueens/?class=ABCDEF');
  assert.equal(namesClass('?class=ABCDEF'), true);
  assert.equal(namesClass('?teach=k3y'), true);
  assert.equal(namesClass('?n=8&pos=3'), false);
});
