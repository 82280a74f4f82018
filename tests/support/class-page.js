// The live class's pages in the end-to-end tests: what every test of a class does first, the
// two screens a class is tried on, and the parts of the page they read.
import { button } from './session.js';

/** The join code the teacher's `page` shows (six characters of the code's alphabet), once it
 *  shows. */
export async function joinCode(page) {
  const code = page.locator('.join-code').filter({ hasText: /^[A-HJ-NP-Z2-9]{6}$/ });
  await code.waitFor();
  return (await code.textContent()).trim();
}

/** Presses Start a live class on the teacher's `page`; resolves to the join code once it shows. */
export async function startClass(page) {
  await button(page, 'Start a live class').click();
  return joinCode(page);
}

/** A student's phone and a teacher's laptop, as openPage takes them. */
export const PHONE = { viewport: { width: 390, height: 844 }, touch: true };
export const LAPTOP = { viewport: { width: 1366, height: 768 } };

/** The Live class section of `page`, and its status line. */
export const section = (page) => page.getByRole('region', { name: 'Live class' });
export const status = (page) => section(page).getByRole('status').first();

/** Waits until `page`'s board shows step `step`. */
export const atStep = (page, step) => page.waitForFunction((s) => document.querySelector('#steps')?.textContent.replace(/,/g, '') === String(s), step);

/** A teacher (on a laptop) who started a class on `server` (class-server.js), and a student (on a
 *  phone) in it, through `session` (session.js's usePage): once the student's page says it is in
 *  the class and the teacher's counts them. */
export async function teacherAndStudent(session, server) {
  const teacher = await session.openAnother(server.teacherLink, LAPTOP);
  const code = await startClass(teacher);
  const student = await session.openAnother(`${server.origin}/?class=${code}`, PHONE);
  await status(student).getByText('In the class.', { exact: true }).waitFor();
  await teacher.getByText('1 student joined').waitFor();
  return { teacher, student, code };
}
