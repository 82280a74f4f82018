// End-to-end: a class server that goes silent without closing anything. `bitqueens serve
// --ping-seconds 1` beats every second; frozen with SIGSTOP (its process group), its TCP
// connections stay up and nothing comes, as with a server or a wifi gone mid-air. The
// teacher's page and a student's must notice the silence (class-link.js: 2.5 beats and 2 s)
// and say they are reconnecting; woken with SIGCONT, both are back in the class, the student
// in the same seat. Every wait is for a state, never for a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { startClass, PHONE, LAPTOP, section, status, atStep } from '../../support/class-page.js';
import { startClassServer } from '../../support/class-server.js';
import { expectOutage } from '../../support/class-outage.js';

const session = usePage();

test('a frozen class server (connections up, nothing comes): the pages reconnect; woken, they are back in the class, the student in the same seat', async () => {
  // The pages may log a socket closed or failed while the server is frozen (their probes, cut
  // short by their own timeout, are not logged).
  expectOutage(session);
  const server = await startClassServer({ args: ['--ping-seconds', '1'] });
  let frozen = false;
  try {
    const teacher = await session.openAnother(server.teacherLink, LAPTOP);
    const code = await startClass(teacher);
    const student = await session.openAnother(`${server.origin}/?class=${code}`, PHONE);
    await status(student).getByText('In the class.').waitFor();
    await teacher.getByText('1 student joined').waitFor();
    const name = await student.getByLabel('Your name (only the teacher sees it)').inputValue();
    assert.ok(name.length > 0);
    for (let i = 0; i < 3; i++) await button(teacher, 'Step').click();
    await atStep(student, 3);

    server.signal('SIGSTOP');
    frozen = true;
    await status(teacher).getByText('The class server is gone: trying again…').waitFor();
    await status(student).getByText(/^Your phone lost the class’s connection: reconnecting…/).waitFor();

    server.signal('SIGCONT');
    frozen = false;
    await status(teacher).getByText('The class is open. Your board drives every student’s board.').waitFor();
    // Only a rejoined student's board can follow the teacher's next step.
    await button(teacher, 'Step').click();
    await atStep(student, 4);
    assert.match(await status(student).textContent(), /^(In the class\.|The teacher is back\.)$/);
    assert.equal(await student.getByLabel('Your name (only the teacher sees it)').inputValue(), name, 'the same name');
    await teacher.getByText('1 student joined').waitFor();
    await teacher.getByText('Who joined').click();
    await teacher.locator('.class-roster .class-student').filter({ hasText: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }).waitFor();
    assert.deepEqual(await teacher.locator('.class-roster .class-student').allTextContents(), [name], 'one seat, the same, not away');
  } finally {
    if (frozen) server.signal('SIGCONT');
    await server.stop();
  }
});
