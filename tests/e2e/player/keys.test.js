// Keys belong to the focus first: Space and Enter on every control of the page that can take
// the focus press, tick or open that control, and never reach a page shortcut (Space is
// Play's only when no control has the focus). The controls' clicks are caught here before
// they act, so that one press does not change what the next control is tested on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, frames } from '../../support/session.js';

const session = usePage();

/** Opens every panel, marks every visible control in the tab order with data-key-test, and
 *  arms a catcher: a click is recorded on window.keyTest.clicked and stopped there. */
function markControls(page) {
  return page.evaluate(() => {
    for (const panel of document.querySelectorAll('details')) panel.open = true;
    const selector = 'a[href], button, input, select, textarea, summary, [tabindex]';
    const controls = [...document.querySelectorAll(selector)].filter((element) => element.tabIndex >= 0
      && !element.disabled && !element.closest('[inert], dialog:not([open])') && element.checkVisibility());
    window.keyTest = { clicked: [] };
    window.addEventListener('click', (event) => {
      window.keyTest.clicked.push(event.target.closest('[data-key-test]')?.dataset.keyTest ?? null);
      event.preventDefault();
      event.stopImmediatePropagation();
    }, true);
    return controls.map((element, index) => {
      element.dataset.keyTest = String(index);
      const name = element.getAttribute('aria-label') || element.textContent.trim().slice(0, 40) || element.id;
      const role = element.getAttribute('role') ?? '';
      return { index, what: `${element.tagName.toLowerCase()}${element.type ? `[${element.type}]` : ''} ${role} “${name}”`,
        presses: element.matches('button, summary, a[href], [role="button"]:not(input), [role="switch"]:not(input)'),
        ticks: element.matches('input[type="checkbox"], input[type="radio"]') };
    });
  });
}

/** Presses `key` on control `index`; returns whether the control was clicked and whether the
 *  search was then playing. */
async function press(page, index, key) {
  const focused = await page.evaluate((i) => {
    window.keyTest.clicked = [];
    const control = document.querySelector(`[data-key-test="${i}"]`);
    control.focus();
    return document.activeElement === control;
  }, index);
  // A control that an earlier one took away (a field's Enter sets a new board) is not tested.
  if (!focused) return { gone: true };
  await page.keyboard.press(key);
  await frames(page, 2);
  return page.evaluate((i) => {
    const result = { clicked: window.keyTest.clicked.includes(String(i)), playing: document.body.dataset.state === 'playing',
      focused: document.activeElement?.dataset.keyTest === String(i) };
    document.activeElement?.blur();
    return result;
  }, index);
}

async function checkEveryControl(page, { atLeast }) {
  const controls = await markControls(page);
  assert.ok(controls.length >= atLeast, `only ${controls.length} controls found`);
  const wrong = [];
  let tested = 0;
  for (const control of controls) {
    for (const key of ['Space', 'Enter']) {
      const { clicked, playing, gone } = await press(page, control.index, key);
      if (gone) continue;
      tested += 1;
      if (playing) wrong.push(`${key} on ${control.what} played the search`);
      if (control.presses && !clicked) wrong.push(`${key} on ${control.what} did not press it`);
      if (control.ticks && key === 'Space' && !clicked) wrong.push(`Space on ${control.what} did not tick it`);
      if (playing) await page.keyboard.press('Space'); // nothing is focused now: Space pauses
    }
  }
  assert.deepEqual(wrong, []);
  assert.ok(tested >= 2 * atLeast, `only ${tested} presses were made`);
  return controls;
}

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
