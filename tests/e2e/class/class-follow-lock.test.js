// End-to-end: a student whose board follows the teacher's, a question open, cannot move the
// board by any way the page offers (History's entries, the landmarks, the keys, Compare's
// lanes, a link typed into the address bar), so that no later step, and no `bit = poss & -poss = …` line of its
// History, shows the answer; each refusal is said. Let them explore unlocks it (the refusal's
// line goes), Bring everyone back locks it again (lanes played meanwhile are paused), and a
// student who leaves has the board back, the line gone. A real `bitqueens serve`
// on loopback; every wait is for a state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps, frames } from '../../support/session.js';
import { startClass, LAPTOP, section, atStep } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';

const session = usePage();
const FOLLOWING = 'Your board follows the teacher’s: it moves with theirs until the teacher lets the room explore.';
const LANES_FOLLOWING = 'Your board follows the teacher’s: the lanes move when the teacher lets the room explore.';

/** Records, from the page's first mutation, every step its board showed and the furthest step
 *  its History listed (window.seen), so that a board moved and brought back is caught too. */
const recordSteps = (page) => page.addInitScript(() => {
  const seen = { steps: [], history: 0 };
  window.seen = seen;
  new MutationObserver(() => {
    const shown = document.getElementById('steps');
    if (shown) {
      const step = Number(shown.textContent.replace(/,/g, ''));
      if (seen.steps.at(-1) !== step) seen.steps.push(step);
    }
    for (const link of document.querySelectorAll('#history-list a[data-step]')) seen.history = Math.max(seen.history, Number(link.dataset.step));
  }).observe(document, { subtree: true, childList: true, characterData: true });
});
const seen = (page) => page.evaluate(() => ({ furthest: Math.max(...window.seen.steps), history: window.seen.history, steps: window.seen.steps }));
/** The History's text holds no `bit = poss & -poss` line of a step after `step`. */
const laterBitLines = (page, step) => page.locator('#history-list li').evaluateAll((items, at) => items
  .filter((item) => Number(item.querySelector('a').dataset.step) > at && /bit = poss & -poss/.test(item.textContent))
  .map((item) => item.textContent), step);

test('a following student, a question open: History, the landmarks, the keys and a typed link leave the board on the teacher’s step, and say why; explore and leaving unlock it', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const joinCode = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/?class=${joinCode}&n=8`, { ...LAPTOP, init: recordSteps });
    await teacher.getByText('1 student joined').waitFor();
    for (let i = 0; i < 4; i++) await button(teacher, 'Step').click();
    await atStep(student, 4);
    await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('lowest-bit');
    await button(teacher, 'Ask the class').click();
    await student.getByRole('group', { name: 'Your answer' }).waitFor();
    await student.locator('#history-panel summary').click();
    await student.locator('#history-list a[data-step="4"]').waitFor();

    // History: an entry of the list, then the landmarks (the first dead end is step 17, the
    // first solution 487 on 8×8). Each is refused, and the page says why.
    const message = student.locator('#message');
    /** Does `act`, then waits for the page to say that the board follows the teacher's. */
    const refused = async (act) => {
      await student.evaluate(() => { document.getElementById('message').hidden = true; });
      await act();
      // Either happens: the board moves (the bug) or the page says it follows.
      await student.waitForFunction(() => !document.getElementById('message').hidden
        || document.getElementById('steps').textContent !== '4');
      assert.equal(await steps(student), 4);
      assert.equal(await message.textContent(), FOLLOWING);
    };
    await refused(() => student.locator('#history-list a[data-step="2"]').click());
    for (const landmark of ['First dead end', 'First solution']) {
      await refused(() => student.locator('#landmarks').getByRole('button', { name: landmark }).click());
    }
    // The keys: Run to end and Next solution from the answer's digits (the question's keys
    // are its own, the page's shortcuts reach the player), Step from the class's status line.
    for (const key of ['e', 'n']) {
      await refused(async () => {
        await student.getByRole('group', { name: 'Your answer' }).getByRole('button').first().focus();
        await student.keyboard.press(key);
      });
    }
    for (const key of ['ArrowRight', 'e', 'n', 'r']) {
      await refused(async () => {
        await section(student).getByRole('status').first().evaluate((line) => { line.tabIndex = -1; line.focus(); });
        await student.keyboard.press(key);
      });
    }
    assert.equal(await student.getByRole('group', { name: 'Your answer' }).isVisible(), true, 'the question still open');
    // Compare's lanes: their buttons and keys refused too, and said in the section.
    await student.locator('#compare summary').click();
    await student.locator('#compare[data-loaded] #compare-lanes [role="gridcell"]').first().waitFor();
    const lanesAt = await student.locator('#compare-status').textContent();
    await student.locator('#compare-next').click();
    await student.locator('#compare-message').getByText(LANES_FOLLOWING).waitFor();
    // Its keys (the focus on Next node): held back while following, as the board's are. Each
    // key is taken once its refusal is said again (the line emptied before it).
    const lanesMessage = student.locator('#compare-message');
    for (const key of ['ArrowRight', 'e']) {
      await lanesMessage.evaluate((line) => { line.hidden = true; line.textContent = ''; });
      await student.keyboard.press(key);
      await lanesMessage.getByText(LANES_FOLLOWING, { exact: true }).waitFor();
    }
    assert.equal(await student.locator('#compare-status').textContent(), lanesAt, 'the lanes stay where they were');
    assert.equal(await student.locator('#compare').getAttribute('data-state'), 'idle');
    let record = await seen(student);
    assert.ok(record.furthest <= 4 && record.history <= 4, `no later step shown: ${JSON.stringify(record)}`);
    assert.deepEqual(await laterBitLines(student, 4), []);

    // A step typed into the class's link (the address bar, Enter): the board starts where the
    // teacher's is, never at the step typed.
    await student.goto(`${server.origin}/?class=${joinCode}&n=8&pos=487`);
    await student.getByRole('group', { name: 'Your answer' }).waitFor();
    await atStep(student, 4);
    record = await seen(student);
    assert.ok(record.furthest <= 4, `the typed step never shown: ${JSON.stringify(record)}`);

    // Let them explore: the student's board is theirs (the landmark moves it), and the line
    // that said it follows the teacher's goes; Bring everyone back: the teacher's step again,
    // and locked.
    await refused(async () => {
      await section(student).getByRole('status').first().evaluate((line) => { line.tabIndex = -1; line.focus(); });
      await student.keyboard.press('ArrowRight');
    });
    await button(teacher, 'Let them explore').click();
    await section(student).getByText('Explore on your own: the teacher unlocked your controls.').waitFor();
    await student.waitForFunction(() => document.getElementById('message').textContent === '');
    await student.locator('#history-panel summary').click();
    await student.locator('#landmarks').getByRole('button', { name: 'First dead end' }).click();
    await atStep(student, 17);
    // Compare's lanes, played while exploring, are paused when the lock comes back.
    await student.locator('#compare summary').click();
    await student.locator('#compare[data-loaded] #compare-lanes [role="gridcell"]').first().waitFor();
    await student.locator('#compare-play').click();
    await student.locator('#compare[data-state="playing"]').waitFor();
    await button(teacher, 'Bring everyone back').click();
    await atStep(student, 4);
    await student.locator('#compare[data-state="idle"]').waitFor();
    const pausedAt = await student.locator('#compare-status').textContent();
    await frames(student, 10);
    assert.equal(await student.locator('#compare-status').textContent(), pausedAt, 'the lanes stay paused');
    await refused(() => student.locator('#landmarks').getByRole('button', { name: 'First dead end' }).click());
    // Out of the class, the board is the student's own, and the line is gone.
    await button(student, 'Leave the class').click();
    await button(student, 'Join').waitFor();
    await student.waitForFunction(() => document.getElementById('message').textContent === '');
    await student.locator('#landmarks').getByRole('button', { name: 'First dead end' }).click();
    await atStep(student, 17);
  } finally {
    await server.stop();
  }
});
