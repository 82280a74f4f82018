// The Predict screenshot for the README: N = 8, a "Next row" question answered wrong.
//   npm run build && node scripts/screenshot-predict.js docs/predict-wrong.png
import { serve } from '../tests/support/server.js';
import { launch, openPage, pageReady } from '../tests/support/browser.js';

const [out = 'predict-wrong.png'] = process.argv.slice(2);
const server = await serve('dist');
const browser = await launch();
try {
  const page = await openPage(browser, `${server.url}?n=8&pos=5`, { viewport: { width: 1280, height: 900 } });
  await pageReady(page);
  await page.getByRole('button', { name: 'Predict', exact: true }).click();
  for (const topic of ['Free squares', 'Lowest bit', 'Two’s complement', 'What happens']) {
    await page.getByRole('checkbox', { name: topic, exact: true }).uncheck();
  }
  await page.getByRole('button', { name: 'Step', exact: true }).click(); // the Place of row 2: a Next row question
  const press = (group, column) => page.getByRole('group', { name: group, exact: true })
    .getByRole('button', { name: `column ${column}`, exact: true }).click();
  // Right col; some digits of ld and rd wrong.
  for (const [group, columns] of [['Your ld', [8]], ['Your col', [6, 8]], ['Your rd', [4, 5]]]) {
    for (const column of columns) await press(group, column);
  }
  await page.getByRole('button', { name: 'Check', exact: true }).click();
  await page.locator('#question-feedback').waitFor();
  const figure = page.locator('.figure');
  await figure.scrollIntoViewIfNeeded();
  await figure.screenshot({ path: out });
  if (page.problems.length) console.error(page.problems.join('\n'));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
  await server.close();
}
