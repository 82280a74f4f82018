// Keys belong to the focus first: Space and Enter on a focused control press, tick or open
// that control, and never reach a page shortcut (Space is Play's only when no control has the
// focus). The controls' clicks are caught before they act, so that one press does not change
// what the next control is tested on. Used by the player's key tests and the live class's.
import assert from 'node:assert/strict';
import { frames } from './session.js';

/** Opens every panel, marks every visible control in the tab order with data-key-test, and
 *  arms a catcher: a click is recorded on window.keyTest.clicked and stopped there. */
export function markControls(page) {
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
export async function press(page, index, key) {
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

/** Presses Space and Enter on every control of `page` (at least `atLeast` of them); fails
 *  with the list of those whose key a shortcut took, or that it did not press or tick. */
export async function checkEveryControl(page, { atLeast }) {
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
