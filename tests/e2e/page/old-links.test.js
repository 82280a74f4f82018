// End-to-end: links the page wrote in earlier versions (taken from the project's history: its
// README, docs and tests) still open the same view, with no message. The link formats are
// external: a change that breaks one of these breaks links already in slides and emails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, steps } from '../../support/session.js';

const session = usePage();

const noMessage = async (page) => assert.equal((await page.locator('#message').textContent()).trim(), '', 'no message');

test('?n=8&speed=20&pos=1234 (with and without mirror=1): the board, the step, the speed, the mode', async () => {
  for (const [query, mirror] of [['?n=8&speed=20&pos=1234', false], ['?n=8&speed=20&pos=1234&mirror=1', true]]) {
    const page = await session.open(query);
    await page.waitForFunction(() => document.getElementById('steps').textContent.replace(/,/g, '') === '1234');
    assert.equal(await steps(page), 1234);
    assert.equal(await page.locator('#size').inputValue(), '8');
    assert.equal(await page.locator('#speed-label').textContent(), '20 steps/s');
    assert.equal(await page.locator('#mirror').isChecked(), mirror);
    await noMessage(page);
    await page.close();
    session.page = null;
  }
});

test('?n=6&compare=board-scan,richards&cn=8&cnode=120 opens Compare on those lanes at that node', async () => {
  const page = await session.open('?n=6&compare=board-scan,richards&cn=8&cnode=120');
  await page.locator('#compare[open] #compare-lanes .lane-view').nth(1).waitFor();
  assert.equal(await page.locator('#compare-lanes .lane-view').count(), 2);
  assert.equal(await page.locator('#compare-size').inputValue(), '8');
  await page.waitForFunction(() => /\b120\b/.test(document.getElementById('compare-status').textContent));
  await noMessage(page);
});

test('?lesson=three-masks&stop=3 and ?n=6&exercise=lowest-bit open the lesson stop and the exercise', async () => {
  let page = await session.open('?lesson=three-masks&stop=3');
  await page.waitForFunction(() => /^Stop 3 of \d+$/.test(document.getElementById('lesson-stop').textContent));
  await noMessage(page);
  await page.close();
  page = await session.open('?n=6&exercise=lowest-bit');
  await page.locator('#write[open]').waitFor();
  assert.equal(await page.locator('#write-exercise').inputValue(), 'lowest-bit');
  await noMessage(page);
});

test('the embed: ?n=6&from=0&to=40&controls=step&panels=board,bits,narration', async () => {
  const page = await session.open('');
  await page.goto(`${session.server.url}embed.html?n=6&from=0&to=40&controls=step&panels=board,bits,narration`);
  await page.waitForFunction(() => !['loading', 'playing'].includes(document.body.dataset.state));
  assert.equal(await page.locator('#play').isVisible(), false, 'controls=step: no Play');
  assert.equal(await page.locator('#narration').isVisible(), true);
  assert.equal(await page.locator('#message').isVisible(), false, 'no message');
});
