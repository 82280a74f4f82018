// End-to-end: a new phone refused for too many joins from its address (a whole class behind
// one school address, `bitqueens serve --joins-per-minute 1` so that the second phone is one
// too many) is told how long to wait, from the server's retryInSeconds, and joins by itself
// once that wait is over: no final refusal, nothing to press. The line under the board counts
// the wait down. Every wait is for a state; the one bound that is a time is the server's
// minute (the refusal's wait is at most 60 s).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage } from '../../support/session.js';
import { startClass, PHONE, LAPTOP, section, status } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { patience } from '../../support/patience.js';

const session = usePage();

const BUSY = /^Too many attempts to join from this address just now: this page tries again by itself in (\d+) seconds?\.$/;

test('a new phone past its address\'s joins is told how long to wait, and joins by itself after that wait', async () => {
  const server = await startClassServer({ args: ['--joins-per-minute', '1'] });
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const code = await startClass(teacher);
    const first = await session.openAnother(`${server.origin}/?class=${code}`, PHONE);
    await status(first).getByText('In the class.', { exact: true }).waitFor();

    // The second phone, never in this class, from the same address: refused for a while.
    const sockets = [];
    const second = await session.openAnother(`${server.origin}/?class=${code}`, {
      ...PHONE, init: (page) => page.on('websocket', (ws) => sockets.push(ws)),
    });
    await status(second).getByText(BUSY).waitFor();
    const [, seconds] = (await status(second).textContent()).match(BUSY);
    assert.ok(Number(seconds) >= 1 && Number(seconds) <= 60, `${seconds} s: within the server's minute`);
    assert.equal(sockets.length, 1, 'one refused socket, and no other before the wait is over');
    // Under the board the wait counts down (the status, a live region, says it once).
    await second.locator('#board + .class-alert').getByText(BUSY).waitFor();
    if (Number(seconds) >= 2) {
      await second.waitForFunction((from) => {
        const said = document.querySelector('#board + .class-alert')?.textContent.match(/in (\d+) seconds?\.$/);
        return said !== null && Number(said[1]) < from;
      }, Number(seconds));
    }
    assert.match(await status(second).textContent(), new RegExp(` in ${seconds} seconds?\\.$`), 'the status keeps the wait it said');

    // The page tries again by itself once the wait is over, and is in.
    await status(second).getByText('In the class.', { exact: true }).waitFor({ timeout: patience(90_000) });
    assert.equal(sockets.length, 2, 'one more socket: the retry after the wait, not a loop of them');
    await teacher.getByText('2 students joined').waitFor();
  } finally {
    await server.stop();
  }
});
