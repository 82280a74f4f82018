// End-to-end: the teacher removes a student and locks the class, on a real `bitqueens serve`
// (tests/support/class-server.js). A teacher page and two students: Remove asks first (Keep in
// the class takes it back, nothing sent), then removes; the removed student's page says so,
// leaves the class and does not rejoin (its address bar loses the code; typing the code again
// is refused the same way: the seat is dead), the roster lists the other only. Take no new
// students: a third student is refused with the server's sentence; the teacher's page,
// reloaded, shows the class still locked; unlocked, the third student gets in. Every wait is
// for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { startClass, PHONE, LAPTOP, section, status } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';

const session = usePage();

const REMOVED = 'The teacher removed you from this class.';
const LOCKED_OUT = 'This class takes no new students now: ask your teacher.';
const LOCKED_LINE = 'Locked: new students are refused; those in the class come back.';

const nameOf = (page) => page.getByLabel('Your name (only the teacher sees it)').inputValue();
const rosterNames = (teacher) => teacher.locator('.class-roster .class-student-name').allTextContents();
const lock = (teacher) => button(teacher, 'Take no new students');

/** Counts the class sockets a page opens (one that rejoins in a loop opens one after another):
 *  `init` for openAnother. */
const socketCounter = () => {
  const sockets = { opened: 0 };
  sockets.init = (page) => page.on('websocket', (socket) => {
    if (/\/class\/ws$/.test(socket.url())) sockets.opened += 1;
  });
  return sockets;
};

test('the teacher removes a student (asked first) and locks the class: the removed page stops, a new student is refused, the lock outlives a reload', async () => {
  const server = await startClassServer();
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const code = await startClass(teacher);
    assert.equal(await lock(teacher).getAttribute('aria-pressed'), 'false');
    assert.equal(await teacher.getByText(LOCKED_LINE).isVisible(), false);

    const annSockets = socketCounter();
    const ann = await session.openAnother(`${server.origin}/?class=${code}`, { ...PHONE, init: annSockets.init });
    await status(ann).getByText('In the class.', { exact: true }).waitFor();
    const bo = await session.openAnother(`${server.origin}/?class=${code}`, LAPTOP);
    await status(bo).getByText('In the class.', { exact: true }).waitFor();
    await teacher.getByText('2 students joined').waitFor();
    const [annName, boName] = [await nameOf(ann), await nameOf(bo)];
    assert.ok(annName && boName && annName !== boName, `two names: ${annName}, ${boName}`);

    // Each student's Remove button says whom; pressing it only asks.
    await teacher.getByText('Who joined').click();
    await teacher.locator('.class-roster li').nth(1).waitFor();
    assert.deepEqual((await rosterNames(teacher)).sort(), [annName, boName].sort());
    const removeAnn = teacher.getByRole('button', { name: `Remove ${annName}`, exact: true });
    const box = await removeAnn.boundingBox();
    assert.ok(box.height >= 44 && box.width >= 44, `Remove is a 44 px target (${box.width}×${box.height})`);
    await removeAnn.click();
    await teacher.getByText(`Remove ${annName} from the class?`).waitFor();
    assert.equal(await removeAnn.getAttribute('aria-expanded'), 'true');
    // The focus is on Keep in the class (as End class… asks): Enter keeps them.
    assert.equal(await teacher.evaluate(() => document.activeElement?.textContent), 'Keep in the class');
    await teacher.keyboard.press('Enter');
    await teacher.getByText(`Remove ${annName} from the class?`).waitFor({ state: 'hidden' });
    assert.equal(await teacher.evaluate(() => document.activeElement?.getAttribute('aria-label')), `Remove ${annName}`, 'the focus back on Remove');
    assert.deepEqual((await rosterNames(teacher)).sort(), [annName, boName].sort(), 'kept: nobody removed');
    await status(ann).getByText('In the class.', { exact: true }).waitFor();

    // By keys this time: Space asks, then the confirming button removes.
    await removeAnn.focus();
    await teacher.keyboard.press('Space');
    await button(teacher, 'Remove from the class').click();
    await status(ann).getByText(REMOVED, { exact: true }).waitFor();
    await button(ann, 'Start a live class').waitFor(); // back in the lobby: out of the class
    assert.equal(new URL(ann.url()).searchParams.has('class'), false, 'a reload stays out of the class');
    await teacher.getByText('1 student joined').waitFor();
    await teacher.locator('.class-roster li').nth(1).waitFor({ state: 'detached' });
    assert.deepEqual(await rosterNames(teacher), [boName], 'the roster lists the other only');
    await status(bo).getByText('In the class.', { exact: true }).waitFor();
    // The removed tab's seat is dead: the code typed again is refused the same way.
    await ann.getByLabel('Join a class: code').fill(code);
    await button(ann, 'Join').click();
    await status(ann).getByText(REMOVED, { exact: true }).waitFor();
    await button(ann, 'Start a live class').waitFor();

    // Locked: the toggle and its line; a new student is refused with the server's sentence.
    await lock(teacher).click();
    await teacher.getByText(LOCKED_LINE).waitFor();
    assert.equal(await lock(teacher).getAttribute('aria-pressed'), 'true');
    const cy = await session.openAnother(`${server.origin}/?class=${code}`, PHONE);
    await section(cy).getByText(LOCKED_OUT, { exact: true }).waitFor();
    await button(cy, 'Start a live class').waitFor();
    assert.equal(new URL(cy.url()).searchParams.has('class'), false);
    // Bo, seated, comes back in (a reload rejoins with the seat's token).
    await bo.reload();
    await status(bo).getByText('In the class.', { exact: true }).waitFor();
    assert.equal(await nameOf(bo), boName);

    // The teacher's page reloaded: the room's `locked` puts the toggle back as it was.
    await teacher.reload();
    await teacher.getByText('1 student joined').waitFor();
    await teacher.getByText(LOCKED_LINE).waitFor();
    assert.equal(await lock(teacher).getAttribute('aria-pressed'), 'true');

    // Unlocked: the line goes, and the third student gets in.
    await lock(teacher).click();
    await teacher.getByText(LOCKED_LINE).waitFor({ state: 'hidden' });
    assert.equal(await lock(teacher).getAttribute('aria-pressed'), 'false');
    await cy.goto(`${server.origin}/?class=${code}`);
    await status(cy).getByText('In the class.', { exact: true }).waitFor();
    await teacher.getByText('2 students joined').waitFor();

    // The removed page opened one socket per join the student asked for, and none by itself.
    assert.equal(annSockets.opened, 2, 'the removed page did not rejoin by itself');
    await status(ann).getByText(REMOVED, { exact: true }).waitFor();
  } finally {
    await server.stop();
  }
});
