// End-to-end: a screen reader on a student's page that follows the teacher's board. While the
// teacher plays, the board moves up to ten times a second (the teacher's page sends at most
// ten positions a second); the student hears at most one sentence every 3 s, and the sentence
// where the teacher stopped, always. A real `bitqueens serve` on loopback; every wait is for a
// state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, steps } from '../../support/session.js';
import { startClass, LAPTOP } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { SAY_EVERY_MS } from '../../../www/stage/announcer.js';

const session = usePage();

/** Starts recording, in the page, every change of every live region (an aria-live other than
 *  off, a role of status, alert or log, an output not made silent) but the class section's own
 *  (its status and lines, said when the class changes, not as the board moves): "region: text"
 *  lines in window.liveChanges; resolves to the page's clock then. */
const recordLiveChanges = (page) => page.evaluate(() => {
  window.liveChanges = [];
  for (const region of document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"], output')) {
    if (region.getAttribute('aria-live') === 'off' || region.closest('#live-class')) continue;
    new MutationObserver((records) => {
      for (const record of records) {
        const text = record.type === 'characterData' ? record.target.data : [...record.addedNodes].map((node) => node.textContent).join('');
        window.liveChanges.push(`${region.id || region.className}: ${text.slice(0, 60)}`);
      }
    }).observe(region, { childList: true, characterData: true, subtree: true });
  }
  return performance.now();
});

test('a following student hears the teacher’s Play at most one sentence every 3 s, and where the teacher stopped', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const joinCode = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/?class=${joinCode}&n=8`, LAPTOP);
    await teacher.getByText('1 student joined').waitFor();
    await student.getByText('In the class.').waitFor();
    const start = await recordLiveChanges(student);
    await button(teacher, 'Play').click();
    // Some 3 s of the teacher's play at 10 steps a second: a state (the student's board past
    // step 30), not a time.
    await student.waitForFunction(() => Number(document.getElementById('steps').textContent) >= 30);
    const { changes, elapsed } = await student.evaluate((t) => ({ changes: [...window.liveChanges], elapsed: performance.now() - t }), start);
    const most = 1 + Math.floor(elapsed / SAY_EVERY_MS);
    assert.ok(changes.length >= 1 && changes.length <= most, `${changes.length} changes of live regions in ${Math.round(elapsed)} ms (at most ${most}): ${JSON.stringify(changes.slice(0, 12))}`);
    assert.ok(changes.every((change) => change.startsWith('narration-said: ')), JSON.stringify(changes));
    // The teacher pauses: the student's board comes to the same step, whose sentence is said
    // (within SAY_EVERY_MS of the last one).
    await button(teacher, 'Pause').click();
    await teacher.waitForFunction(() => document.body.dataset.state === 'paused');
    const stopped = await steps(teacher);
    await student.waitForFunction((step) => Number(document.getElementById('steps').textContent) === step, stopped);
    await student.waitForFunction(() => document.getElementById('narration-said').textContent === document.getElementById('narration').textContent);
  } finally {
    await server.stop();
  }
});
