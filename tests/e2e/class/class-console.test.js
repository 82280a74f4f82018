// End-to-end: what the live class costs the browser's console. Chromium logs, as an error,
// every WebSocket that fails to connect and every fetch that fails (checked: a fetch cut short
// by its own timeout is not logged), and a 404. So:
//   - on a static host, Start a live class and Join a class log nothing: GET /class/hello is
//     answered by the file dist/class/hello (no class server here), not a 404;
//   - while the class server is away, the pages probe it (GET /class/hello) before any socket,
//     ever more rarely (1 s doubled per failed probe, jittered, up to a minute: about a line a
//     minute once an outage is a minute old), and open no socket until a probe answers: each
//     console line is one failed probe, none a failed socket. Back, both pages are in the class.
// The outage is bounded by a count (the student's sixth failed probe), not a time; the gaps it
// checks are lower bounds (a timer never fires early), so a slow machine only makes them longer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { section, status, teacherAndStudent } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { expectOutage } from '../../support/class-outage.js';
import { patience } from '../../support/patience.js';
import { workerActivated } from '../../support/offline.js';

const session = usePage();

/** Every console message of `page` from now on (any type), and its failed requests, in order. */
function recordConsole(page) {
  const record = { messages: [], failed: [] };
  page.on('console', (message) => record.messages.push(`${message.type()}: ${message.text()}`));
  page.on('requestfailed', (request) => record.failed.push({ url: request.url(), error: request.failure()?.errorText, at: Date.now() }));
  return record;
}

test('on a static host, Start a live class and Join a class log nothing: the class probe is answered by a file, not a 404', async () => {
  const page = await session.open('?n=6');
  const record = recordConsole(page);
  const hellos = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/class/hello') hellos.push(response.status());
  });
  await button(page, 'Live class').click();
  await button(page, 'Start a live class').click();
  await section(page).getByText(/needs a class server.*bitqueens serve/).waitFor();
  await page.getByLabel('Join a class: code').fill('ABCDEF');
  await button(page, 'Join').click();
  await section(page).getByText(/^No class server answers here/).waitFor();
  assert.deepEqual(hellos, [200, 200], 'each press asked, and the static host answered with its file');
  assert.deepEqual(record.messages, [], 'not a line in the console');
  assert.deepEqual(record.failed, []);
});

test('a class server away: the pages probe ever more rarely, each console line is one failed probe and none a failed socket; back, both are in the class', async () => {
  expectOutage(session);
  let server = await startClassServer();
  try {
    const { teacher, student, code } = await teacherAndStudent(session, server);
    const pages = { teacher, student };
    // Each page's service worker in place first: its script fetched with the server away would
    // be a line of the page's own start, not of the class.
    await Promise.all(Object.values(pages).map(workerActivated));
    const records = Object.fromEntries(Object.entries(pages).map(([who, page]) => [who, recordConsole(page)]));
    const sockets = { teacher: 0, student: 0 };
    for (const [who, page] of Object.entries(pages)) page.on('websocket', () => { sockets[who] += 1; });

    await server.stop();
    // Six failed probes of the student's: about 12 s of backoff at the least.
    const SIX = 6;
    await status(student).getByText(/^Your phone lost the class’s connection: reconnecting…/).waitFor();
    const deadline = Date.now() + patience(60_000);
    while (records.student.failed.length < SIX) {
      assert.ok(Date.now() < deadline, `${records.student.failed.length} failed probes so far`);
      await student.waitForEvent('requestfailed', { timeout: patience(60_000) });
    }
    for (const [who, record] of Object.entries(records)) {
      assert.deepEqual(sockets[who], 0, `${who}: no socket opened while the server is away`);
      assert.ok(record.failed.every(({ url }) => new URL(url).pathname === '/class/hello'), `${who}: only probes failed`);
      const errors = record.messages.filter((line) => line.startsWith('error: '));
      assert.equal(errors.filter((line) => /WebSocket/.test(line)).length, 0, `${who}: no socket failure logged`);
      assert.ok(errors.every((line) => line === 'error: Failed to load resource: net::ERR_CONNECTION_REFUSED'), `${who}: ${errors}`);
      assert.ok(Math.abs(errors.length - record.failed.length) <= 1, `${who}: one line per failed probe (${errors.length} lines, ${record.failed.length} probes)`);
    }
    // The probes thin out: the k-th failed probe is followed by a wait of 1 s doubled k - 1
    // times, jittered in [0.75, 1): each gap is at least three quarters of that.
    const at = records.student.failed.map(({ at: t }) => t);
    for (let i = 1; i < at.length; i++) {
      const least = 0.75 * 1000 * 2 ** (i - 1);
      assert.ok(at[i] - at[i - 1] >= least - 50, `probe ${i + 1} came ${at[i] - at[i - 1]} ms after the one before (at least ${least})`);
    }

    // Back on the same port: both pages find it at their next probe and are in the class again.
    server = await startClassServer({ port: server.port, state: server.state });
    await section(teacher).getByText(/^The class server restarted: your class is open again under the same code/).waitFor({ timeout: patience(90_000) });
    await status(student).getByText('In the class.', { exact: true }).waitFor({ timeout: patience(90_000) });
  } finally {
    await server.stop();
  }
});
