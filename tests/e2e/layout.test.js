// End-to-end: the classroom screen. With Projector on at 1366×768 and 1920×1080 the board,
// the bit rows, the narration and the controls are all on the first screen; on a 390×844
// phone, the board and Back, Step and Play are. Each case is photographed: into the folder
// named by $SCREENSHOTS (`npm run screenshots:layout` writes docs/), else a temporary one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { usePage, button, clickStep } from '../support/session.js';

const session = usePage();
const folder = process.env.SCREENSHOTS || mkdtempSync(path.join(tmpdir(), 'bitqueens-layout-'));
mkdirSync(folder, { recursive: true });

/** The regions a person must see, by their accessible names. */
const regions = {
  board: (page) => page.getByRole('grid', { name: 'Board' }),
  'bit rows': (page) => page.getByRole('group', { name: 'Masks of the row being searched' }),
  narration: (page) => page.locator('#narration'),
  controls: (page) => page.getByRole('region', { name: 'Controls', exact: true }),
  Back: (page) => button(page, 'Back'),
  Step: (page) => button(page, 'Step'),
  Play: (page) => button(page, 'Play'),
};

const CASES = [
  { file: 'projector-1366x768.png', width: 1366, height: 768, projector: true, theme: 'light', see: ['board', 'bit rows', 'narration', 'controls'] },
  { file: 'projector-1920x1080.png', width: 1920, height: 1080, projector: true, theme: 'dark', see: ['board', 'bit rows', 'narration', 'controls'] },
  { file: 'phone-390x844.png', width: 390, height: 844, projector: false, theme: 'light', see: ['board', 'Back', 'Step', 'Play'] },
  { file: 'phone-390x844-projector.png', width: 390, height: 844, projector: true, theme: 'light', see: ['board', 'Back', 'Step', 'Play'] },
];

for (const { file, width, height, projector, theme, see } of CASES) {
  test(`${width}×${height}${projector ? ', Projector on' : ''}: ${see.join(', ')} on the first screen`, async () => {
    const page = await session.open('?n=8', { viewport: { width, height } });
    await page.getByLabel('Theme').selectOption(theme);
    if (projector) await button(page, 'Projector').click();
    await clickStep(page, 40); // queens on the board, a row being searched, masks in use
    await page.evaluate(() => window.scrollTo(0, 0));
    for (const name of see) {
      const box = await regions[name](page).boundingBox();
      assert.ok(box, `${name} is shown`);
      const inside = box.x >= 0 && box.y >= 0 && box.x + box.width <= width && box.y + box.height <= height;
      assert.ok(inside, `${name} lies inside the ${width}×${height} viewport: ${JSON.stringify(box)}`);
    }
    await page.screenshot({ path: path.join(folder, file) });
  });
}
