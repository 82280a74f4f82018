// The live class's pages in the end-to-end tests: what every test of a class does first.
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
