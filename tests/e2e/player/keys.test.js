// Keys belong to the focus first: Space and Enter on every control of the page that can take
// the focus press, tick or open that control, and never reach a page shortcut (Space is
// Play's only when no control has the focus): tests/support/keys.js presses them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from '../../support/session.js';
import { checkEveryControl } from '../../support/keys.js';

const session = usePage();

test('Space and Enter on every control of the page, every panel open, Compare with two lanes: the control’s, never a shortcut’s', async () => {
  const page = await session.open('?n=6&compare=board-scan,richards');
  await checkEveryControl(page, { atLeast: 60 });
});

test('Space and Enter on every control while Predict asks a question (the answer digits, Check, Show answer): the control’s', async () => {
  const page = await session.open('?n=6');
  await page.keyboard.press('p');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('group', { name: 'Your answer', exact: true }).waitFor();
  await checkEveryControl(page, { atLeast: 60 });
});

test('Space and Enter on every control after a wrong try (Try again, Show answer, the marked digits): the control’s', async () => {
  const page = await session.open('?n=6');
  await page.keyboard.press('p');
  await page.keyboard.press('ArrowRight');
  await page.getByRole('button', { name: 'Check', exact: true }).click(); // no digit marked: wrong, row 1 is free
  await page.getByRole('button', { name: 'Try again', exact: true }).waitFor();
  await checkEveryControl(page, { atLeast: 60 });
});

test('with nothing focused, Space is still Play / pause', async () => {
  const page = await session.open('?n=8');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.body.dataset.state === 'playing');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => document.body.dataset.state === 'paused');
});

test('Space and Enter on every control during a lesson (its bar: Previous stop, Next stop, Presenter notes, Close lesson), then in the presenter view (Exit): the control’s', async () => {
  const page = await session.open('?lesson=three-masks&stop=2');
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  const inLesson = await checkEveryControl(page, { atLeast: 60 });
  for (const name of ['Previous stop', 'Next stop', 'Presenter notes', 'Close lesson']) {
    assert.ok(inLesson.some((control) => control.what.includes(`“${name}”`)), `${name} is among the controls tested`);
  }
  await page.reload();
  await page.locator('#lesson-bar:not([hidden])').waitFor();
  await page.getByRole('button', { name: 'Presenter', exact: true }).click();
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-presenter'));
  const controls = await checkEveryControl(page, { atLeast: 1 });
  assert.ok(controls.some((control) => /Exit presenter/.test(control.what)), 'Exit presenter is among the controls tested');
});

test('Space and Enter on every control of each dialog (Keyboard help, Embed, Animation, QR): the control’s, never the board’s', async () => {
  const page = await session.open('?n=6&pos=10');
  const dialogs = [
    ['Keyboard ?', '#help', 1],
    ['Embed', '#embed-dialog', 8],
    ['Animation (GIF)', '#animation-dialog', 2], // Enter in Steps makes the GIF (the field's own form): Make is then disabled
    ['Show link as QR', '#qr-dialog', 1],
  ];
  for (const [opener, dialog, atLeast] of dialogs) {
    await page.getByRole('button', { name: opener, exact: true }).click();
    await page.locator(`${dialog}[open]`).waitFor();
    await checkEveryControl(page, { atLeast });
    assert.equal(await page.evaluate(() => Number(document.getElementById('steps').textContent)), 10, `keys in ${dialog} moved the search`);
    await page.reload(); // the catcher of the last check stays on the page: a fresh one for the next dialog
    await page.waitForFunction(() => document.getElementById('loading').hidden);
  }
});
