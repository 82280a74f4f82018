// Screenshots of the live class, the teacher's view and a student's, at 1366×768 and on a
// 390 px phone, against a running class server:
//   node scripts/screenshot-class.js OUT_DIR TEACHER_LINK
// e.g. after `bitqueens serve` printed "Teacher link: http://127.0.0.1:8080/?teach=KEY":
//   node scripts/screenshot-class.js docs http://127.0.0.1:8080/?teach=KEY
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const [out = '.', teacherLink] = process.argv.slice(2);
if (!teacherLink) throw new Error('Give the teacher link bitqueens serve printed: node scripts/screenshot-class.js OUT_DIR TEACHER_LINK');
const browser = await launch();
const button = (page, name) => page.getByRole('button', { name, exact: true });
try {
  const teacher = await openPage(browser, teacherLink, { viewport: { width: 1366, height: 768 } });
  await pageReady(teacher);
  await button(teacher, 'Start a live class').click();
  await teacher.locator('.join-code').filter({ hasText: /^[A-Z2-9]{6}$/ }).waitFor();
  const code = (await teacher.locator('.join-code').textContent()).trim();
  for (let i = 0; i < 20; i++) await button(teacher, 'Step').click();
  const origin = new URL(teacherLink).origin;
  const phone = await openPage(browser, `${origin}/c/${code}`, { viewport: { width: 390, height: 844 }, touch: true });
  await pageReady(phone);
  const laptop = await openPage(browser, `${origin}/?class=${code}`, { viewport: { width: 1366, height: 768 } });
  await pageReady(laptop);
  await teacher.getByText('2 students joined').waitFor();
  await teacher.getByRole('combobox', { name: 'Topic' }).selectOption('free-squares');
  await button(teacher, 'Ask the class').click();
  await phone.locator('.class-question:not([hidden])').waitFor();
  await phone.screenshot({ path: `${out}/class-student-390.png`, fullPage: false });
  await phone.getByRole('button', { name: 'column 3' }).click();
  await button(phone, 'Submit').click();
  await button(laptop, 'Submit').click();
  await teacher.getByText('2 of 2 answered').waitFor();
  await button(teacher, 'Show answers').click();
  await teacher.locator('.class-histogram').first().waitFor();
  await laptop.getByText(/^(Right!|Not this time)/).waitFor();
  await teacher.screenshot({ path: `${out}/class-teacher-1366.png`, fullPage: true });
  await button(teacher, 'Presenter').click();
  await teacher.screenshot({ path: `${out}/class-teacher-presenter-1366.png` });
  await teacher.keyboard.press('Escape');
  await laptop.screenshot({ path: `${out}/class-student-1366.png`, fullPage: false });
  await phone.screenshot({ path: `${out}/class-student-390-result.png`, fullPage: true });
  const small = await openPage(browser, teacherLink, { viewport: { width: 390, height: 844 }, touch: true });
  await pageReady(small);
  await button(small, 'Start a live class').click();
  await small.locator('.join-code').waitFor();
  await small.screenshot({ path: `${out}/class-teacher-390.png`, fullPage: true });
  for (const page of [teacher, phone, laptop, small]) if (page.problems.length) console.error(page.problems.join('\n'));
  console.log(`wrote ${out}/class-*.png`);
} finally {
  await browser.close();
}
