// End-to-end: the Write it section against the real core. A link opens an exercise; a wrong
// answer gets the core's sentence in Result and a counterexample on a board; Go to this step
// takes the player there (its ld/col/rd rows are the counterexample's inputs); the fixed answer
// is Correct; parse errors are diagnostics at their place; the four of the loop solved, Run my
// loop puts Your program into Compare, whose solutions are the published count and agree with
// Richards' lane, and a legal but wrong loop says where it leaves Richards' path; keys typed in
// the editor never reach the player; links carry the answer only when asked; CodeMirror is
// fetched only when the section opens; axe finds nothing serious with the section in use.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button, mask, steps, frames } from '../../support/session.js';
import { published } from '../../support/published.js';
import { seriousViolations } from '../../support/axe.js';

const session = usePage();

const section = (page) => page.getByRole('group', { name: 'Write it', exact: true });
const editor = (page) => section(page).getByRole('textbox', { name: 'Answer', exact: true });
const result = (page) => page.getByRole('status', { name: 'Result', exact: true });
const inSection = (page, name) => section(page).getByRole('button', { name, exact: true });
const compare = (page) => page.getByRole('group', { name: 'Compare algorithms' });
const lane = (page, name) => compare(page).getByRole('region', { name, exact: true });
const laneOutput = (page, laneName, name) => lane(page, laneName).getByRole('status', { name, exact: true });
const number = async (locator) => Number((await locator.textContent()).replace(/,/g, ''));

/** The answers that are right, written here from the algorithm (docs/architecture.md), not
 *  read from the core. */
const RIGHT = {
  'free-squares': 'poss = ~(ld | col | rd) & done;',
  'lowest-bit': 'bit = poss & -poss;',
  'take-it-away': 'poss = poss - bit;',
  'next-row': 'next_ld = (ld | bit) >> 1;\nnext_col = col | bit;\nnext_rd = (rd | bit) << 1;',
};

/** Opens the page on `query` and waits for the editor. */
async function openWrite(query) {
  const page = await session.open(query);
  await editor(page).waitFor();
  return page;
}

/** Replaces the editor's text by `text`, typed through the keyboard as a learner would. */
async function typeAnswer(page, text) {
  await editor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  const lines = text.split('\n');
  for (const [i, line] of lines.entries()) {
    await page.keyboard.insertText(line);
    if (i < lines.length - 1) await page.keyboard.press('Enter');
  }
}

/** The editor's text, line by line (Playwright's CSS goes into its shadow root). */
const editorText = async (page) => (await page.locator('#write-editor .cm-line').allTextContents()).join('\n');

async function checkAnswer(page, text) {
  const before = await result(page).getAttribute('data-checks');
  await typeAnswer(page, text);
  await inSection(page, 'Check').click();
  // Each Check numbers the Result (the sentence may be the same as the last one's).
  await page.waitForFunction((old) => (document.getElementById('write-result').dataset.checks ?? '') !== old, before ?? '');
  return (await result(page).textContent()).trim();
}

async function choose(page, slug) {
  await section(page).getByLabel('Exercise').selectOption(slug);
}

test('a link opens the exercise; a wrong answer shows the counterexample and Go to this step shows it on the player; the fix is Correct', async () => {
  const page = await openWrite('?n=8&exercise=free-squares');
  assert.equal(await section(page).evaluate((d) => d.open), true);
  assert.equal(await section(page).getByLabel('Exercise').inputValue(), 'free-squares');
  assert.match(await section(page).locator('#write-rules').textContent(), /At most 4 operators/);
  // rd forgotten: wrong only where a / diagonal attacks, so the counterexample has queens.
  const wrong = await checkAnswer(page, 'poss = ~(ld | col) & done;');
  assert.doesNotMatch(wrong, /^Correct/);
  assert.ok(wrong.length > 10, `a sentence: ${wrong}`);
  assert.match(await section(page).locator('#write-dlc').textContent(), /operators? \(at most 4\): ok/);
  const box = section(page).getByRole('region', { name: /^Counterexample/ });
  await box.waitFor();
  assert.match(await box.textContent(), /Step [\d,]+ of the \d+×\d+ search/);
  assert.ok(await box.locator('strong.differs').count() >= 1, 'the differing digits are marked');
  assert.match(await box.textContent(), /differs from the expected one in columns? \d/);
  const where = (await box.locator('#write-counterexample-where').textContent()).match(/Step ([\d,]+) of the (\d+)×/);
  const step = Number(where[1].replace(/,/g, ''));
  const n = Number(where[2]);
  const inputs = {};
  for (const name of ['ld', 'col', 'rd']) {
    inputs[name] = (await box.getByRole('group', { name: new RegExp(`^${name}: [01]+$`) }).getAttribute('aria-label')).split(': ')[1];
  }
  await inSection(page, 'Go to this step').click();
  await page.waitForFunction((s) => document.getElementById('steps').textContent.replace(/,/g, '') === String(s)
    && document.body.dataset.state !== 'playing', step);
  assert.equal(await steps(page), step);
  assert.equal(await page.locator('#size').inputValue(), String(n));
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'board', 'the board has the focus');
  for (const name of ['ld', 'col', 'rd']) {
    // The player shows the board's n columns: the counterexample's last n digits.
    assert.equal((await mask(page, name).textContent()).trim(), inputs[name].slice(-n), name);
  }
  const right = await checkAnswer(page, RIGHT['free-squares']);
  assert.match(right, /^Correct/);
  assert.equal(await box.isVisible(), false, 'no counterexample when right');
  assert.match(await section(page).locator('#write-score').textContent(), /Solved, not at the first try \(2 tries in all\)/);
});

test('a parse error is a diagnostic at its place, and the Result says so; an illegal operator is named like dlc', async () => {
  const page = await openWrite('?exercise=lowest-bit');
  const broken = await checkAnswer(page, 'bit = poss & (-poss;');
  assert.doesNotMatch(broken, /^Correct/);
  await page.locator('#write-editor .cm-lintRange-error').first().waitFor();
  // Not in the language at all: a parse error that names it.
  const unknown = await checkAnswer(page, 'bit = poss * 2;');
  assert.match(unknown, /\*/);
  assert.match(await checkAnswer(page, RIGHT['lowest-bit']), /^Correct/);
  // In the language, not allowed here: said like dlc, and marked.
  await choose(page, 'lowest-bit-no-minus');
  const illegal = await checkAnswer(page, 'bit = poss & -poss;');
  assert.doesNotMatch(illegal, /^Correct/);
  assert.match(await section(page).locator('#write-dlc').textContent(), /which this exercise does not allow/);
  await page.locator('#write-editor .cm-lintRange-error').first().waitFor();
  await choose(page, 'lowest-bit');
  assert.match(await section(page).locator('#write-score').textContent(), /Solved, not at the first try/);
});

test('an empty answer gets a sentence naming what to write, never an answer or a counterexample', async () => {
  const page = await openWrite('?n=6&exercise=free-squares');
  const box = section(page).getByRole('region', { name: /^Counterexample/ });
  // A wrong answer first, so that a counterexample is on screen and must go.
  await checkAnswer(page, 'poss = ~(ld | col) & done;');
  await box.waitFor();
  for (const [slug, cleared, outputs] of [
    ['free-squares', '', ['poss']],
    ['next-row', '// to do\n', ['next_ld', 'next_col', 'next_rd']],
  ]) {
    await choose(page, slug);
    const said = await checkAnswer(page, cleared);
    assert.match(said, /^The answer is empty: write an expression for /, slug);
    for (const output of outputs) assert.ok(said.includes(output), `${slug}: names ${output}: ${said}`);
    // Neither an operator nor a digit of any answer, in the Result or dlc's line.
    const dlc = await section(page).locator('#write-dlc').textContent();
    for (const text of [said, dlc]) assert.doesNotMatch(text, /[~&|^+\-<>!(\d]/, `${slug}: ${text}`);
    assert.equal(await box.isVisible(), false, `${slug}: no counterexample`);
  }
});

test('the first Check right counts as the first try, kept after a reload', async () => {
  const page = await openWrite('?exercise=take-it-away');
  assert.match(await checkAnswer(page, RIGHT['take-it-away']), /^Correct/);
  assert.match(await section(page).locator('#write-score').textContent(), /Solved at the first try/);
  await page.reload();
  await editor(page).waitFor();
  assert.match(await section(page).locator('#write-score').textContent(), /Solved at the first try/);
  assert.equal(await editorText(page), RIGHT['take-it-away'], 'the right answer is back in the editor');
});

test('hostile input: a megabyte pasted, deep nesting, Unicode, a name not in the exercise: a sentence each, the page keeps working', async () => {
  const page = await openWrite('?n=6&exercise=free-squares');
  await editor(page).click();
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText('poss = ld | col;\n'.repeat(60_000)); // about a megabyte
  for (const source of [null, `poss = ${'('.repeat(5000)}ld;`, 'pöss = ld 😀 col;', 'poss = ld | bit;', 'poss = ld << 64;']) {
    const verdict = source === null
      ? await (async () => { await inSection(page, 'Check').click(); await page.waitForFunction(() => document.getElementById('write-result').dataset.checks === '1'); return (await result(page).textContent()).trim(); })()
      : await checkAnswer(page, source);
    assert.doesNotMatch(verdict, /^Correct/, String(source).slice(0, 40));
    assert.match(verdict, /^[A-Z].*\.$/s, `a sentence: ${verdict.slice(0, 80)}`);
  }
  await button(page, 'Step').click();
  assert.equal(await steps(page), 1, 'the player still works');
});

test('keys typed in the editor never reach the player: n, e, r, p, Space, arrows', async () => {
  const page = await openWrite('?n=6&exercise=free-squares');
  await typeAnswer(page, '');
  await page.keyboard.type('n e r p ?');
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('Enter');
  await frames(page, 4);
  assert.equal(await steps(page), 0);
  assert.equal(await page.evaluate(() => document.body.dataset.state), 'idle');
  assert.equal(await page.locator('#help').evaluate((d) => d.open), false, 'the help stayed shut');
  assert.equal(await button(page, 'Predict').getAttribute('aria-pressed'), 'false');
  assert.match(await editorText(page), /^n e r p \?/);
});

test('solve the loop, Run my loop: Your program’s lane finds the published count with Richards’ nodes', async () => {
  const page = await openWrite('?exercise=free-squares');
  assert.equal(await inSection(page, 'Run my loop').isDisabled(), true);
  for (const [slug, text] of Object.entries(RIGHT)) {
    await choose(page, slug);
    assert.match(await checkAnswer(page, text), /^Correct/, slug);
  }
  assert.equal(await inSection(page, 'Run my loop').isDisabled(), false);
  await inSection(page, 'Run my loop').click();
  await lane(page, 'Your program').waitFor();
  assert.deepEqual(await compare(page).locator('.lane-view').evaluateAll((lanes) => lanes.map((l) => l.getAttribute('aria-label'))),
    ["Richards' bitmask", 'Your program']);
  await compare(page).getByLabel('Board size').fill('8');
  await compare(page).getByLabel('Board size').press('Enter');
  await page.waitForFunction(() => document.querySelectorAll('#compare-lanes [data-algorithm="yours"] [role="gridcell"]').length === 64);
  const runToEnd = async () => {
    await compare(page).getByRole('button', { name: 'Run to end', exact: true }).click();
    await page.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 2
      && document.getElementById('compare').dataset.state === 'idle');
  };
  await runToEnd();
  assert.equal(await number(laneOutput(page, 'Your program', 'Solutions found')), published(8).total);
  assert.equal(await number(laneOutput(page, "Richards' bitmask", 'Solutions found')), published(8).total);
  const nodes = await number(laneOutput(page, 'Your program', 'Nodes'));
  assert.equal(nodes, await number(laneOutput(page, "Richards' bitmask", 'Nodes')));
  // Mirror symmetry: half the tree, the same solutions, in both lanes.
  await compare(page).getByRole('switch', { name: 'Mirror symmetry' }).check();
  await runToEnd();
  assert.equal(await number(laneOutput(page, 'Your program', 'Solutions found')), published(8).total);
  assert.equal(await number(laneOutput(page, 'Your program', 'Nodes')), await number(laneOutput(page, "Richards' bitmask", 'Nodes')));
  assert.ok(await number(laneOutput(page, 'Your program', 'Nodes')) < nodes);
  assert.match(await lane(page, 'Your program').textContent(), /On Richards’ path so far/);
  assert.doesNotMatch(await lane(page, "Richards' bitmask").textContent(), /Richards’ path/, 'only Your program’s lane says it');
  assert.match(await lane(page, 'Your program').locator('pre.code').textContent(), /next_rd = \(rd \| bit\) << 1;/);
  assert.doesNotMatch(page.url(), /yours/, 'Your program is not in the link');
});

test('a legal but wrong loop runs too, and its lane says where it leaves Richards’ path', async () => {
  const page = await openWrite('?exercise=free-squares');
  for (const [slug, text] of Object.entries(RIGHT)) {
    await choose(page, slug);
    assert.match(await checkAnswer(page, text), /^Correct/, slug);
  }
  // The \ diagonal forgets the queen just placed: legal, in budget, wrong.
  await choose(page, 'next-row');
  await typeAnswer(page, 'next_ld = ld >> 1;\nnext_col = col | bit;\nnext_rd = (rd | bit) << 1;');
  await inSection(page, 'Run my loop').click();
  await lane(page, 'Your program').waitFor();
  await compare(page).getByRole('button', { name: 'Run to end', exact: true }).click();
  await lane(page, 'Your program').getByText(/^Leaves Richards’ path at step [\d,]+: ./).waitFor();
  assert.ok((await lane(page, 'Your program').locator('.lane-left-path').textContent()).length > 40);
  await page.waitForFunction(() => document.querySelectorAll('#compare-lanes .lane-view.finished').length === 2);
  // Richards' count is the published one; the broken loop's is not.
  assert.equal(await number(laneOutput(page, "Richards' bitmask", 'Solutions found')), published(6).total);
  assert.notEqual(await number(laneOutput(page, 'Your program', 'Solutions found')), published(6).total);
  // poss without `& done`: squares off the board. The lane says where, and that the core stopped it.
  await choose(page, 'next-row');
  await typeAnswer(page, RIGHT['next-row']);
  await choose(page, 'free-squares');
  await typeAnswer(page, 'poss = ~(ld | col | rd);');
  await inSection(page, 'Run my loop').click();
  await compare(page).getByRole('button', { name: 'Run to end', exact: true }).click();
  await lane(page, 'Your program').getByText(/^Leaves Richards’ path at step 1: /).waitFor();
  await lane(page, 'Your program').getByText(/^Stopped: /).waitFor();
  assert.deepEqual(page.problems, []);
  // An answer that does not parse cannot run: the section says why, and Compare is left as it was.
  await typeAnswer(page, 'poss = ;');
  await inSection(page, 'Run my loop').click();
  assert.match(await section(page).getByRole('alert').textContent(), /^Your loop cannot run yet, because of “.+”: /);
});

test('links: junk gets a message and a working page; Copy a link with my answer carries it, Copy link never does', async () => {
  let page = await openWrite('?n=5&exercise=%3Cb%3Enope');
  assert.match(await section(page).getByRole('alert').textContent(), /not one of the Write it exercises/);
  await button(page, 'Step').click();
  assert.equal(await steps(page), 1, 'the player still works');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  const answer = 'poss = ~(ld | col | rd) & done; // <b>&amp; “ü” 😀';
  await typeAnswer(page, answer);
  await inSection(page, 'Copy a link with my answer').click();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(copied).searchParams.get('answer'), answer);
  await button(page, 'Copy link').click();
  const plain = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(new URL(plain).searchParams.has('answer'), false, plain);
  await page.close();
  page = await openWrite(new URL(copied).search);
  assert.equal(await editorText(page), answer, 'the answer opens as text');
  assert.equal(await page.locator('#write-editor b').count(), 0, 'no markup from the link');
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('answer'));
  assert.equal(new URL(page.url()).searchParams.get('exercise'), 'free-squares');
});

test('CodeMirror is fetched only when the section opens', async () => {
  const page = await session.open('?n=6');
  // Every script the page fetches, and whether one is CodeMirror's (its editable area's class),
  // read again from the server: a response's own body may be gone by the time it is asked.
  const scripts = [];
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(response.url());
  });
  const fetchedEditor = () => page.evaluate(async (urls) => {
    const bodies = await Promise.all(urls.map(async (url) => (await fetch(url)).text()));
    return bodies.some((body) => body.includes('cm-content'));
  }, scripts);
  await frames(page, 5);
  assert.equal(await page.locator('#write-editor .cm-editor').count(), 0);
  assert.equal(await fetchedEditor(), false, 'CodeMirror is not fetched while the section is shut');
  const main = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter(Boolean));
  for (const src of main) {
    const body = await (await fetch(src)).text();
    assert.ok(!body.includes('cm-content'), `${src} carries no CodeMirror`);
  }
  await page.locator('#write summary').first().click();
  await editor(page).waitFor();
  assert.equal(await fetchedEditor(), true, 'the editor came in a chunk of its own');
});

test('the section in use, with a counterexample, has no serious accessibility violation', async () => {
  const page = await openWrite('?n=6&exercise=free-squares');
  await checkAnswer(page, 'poss = ~(ld | col) & done;');
  await section(page).getByRole('region', { name: /^Counterexample/ }).waitFor();
  await section(page).getByText('Hint', { exact: true }).click();
  assert.deepEqual(await seriousViolations(page), []);
  await page.getByLabel('Theme').selectOption('dark');
  assert.deepEqual(await seriousViolations(page), []);
});

test('on a 390 px phone the section fits the screen: the Exercise menu is no wider than the section', async () => {
  const page = await session.open('?exercise=free-squares', { viewport: { width: 390, height: 844 } });
  await editor(page).waitFor();
  const [menu, box] = await Promise.all([section(page).getByLabel('Exercise').boundingBox(), section(page).boundingBox()]);
  assert.ok(menu.x + menu.width <= box.x + box.width, `the menu ends at ${menu.x + menu.width}, the section at ${box.x + box.width}`);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 390, 'the page is no wider than the screen');
});

/** Every digit marked as differing lies inside the viewport's width, and the page is no
 *  wider than the screen. Returns how many digits differ. */
async function assertFitsThePhone(page) {
  const { scrollWidth, width, digits } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
    digits: [...document.querySelectorAll('#write-counterexample-grid .cx-digit.differs')]
      .map((d) => d.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right, w: r.width })),
  }));
  assert.ok(scrollWidth <= 390, `the page is ${scrollWidth} px wide`);
  assert.ok(digits.length > 0, 'some digit differs');
  for (const d of digits) assert.ok(d.left >= 0 && d.right <= width && d.w > 0, `a differing digit at ${d.left}–${d.right}, the screen ${width}`);
  return digits.length;
}

test('on a 390×844 phone a wrong Check never widens the page, and the digit that differs is on screen, beyond the board or inside it', async () => {
  const page = await session.open('?n=6&exercise=free-squares', { viewport: { width: 390, height: 844 } });
  await editor(page).waitFor();
  const box = section(page).getByRole('region', { name: /^Counterexample/ });
  // Without `& done`: only bits beyond the board's six columns differ (bits 31 to 6).
  const beyond = await checkAnswer(page, 'poss = ~(ld | col | rd);');
  assert.match(beyond, /^Wrong: on the 6×6 board/);
  await box.waitFor();
  await assertFitsThePhone(page);
  assert.match(await box.textContent(), /bits 31 to 6, beyond the board/);
  // The grid names the bits it shows beyond the board, and leaves the others out (…).
  const bits = await page.locator('#write-counterexample-grid .cx-bits .cx-bit').allTextContents();
  assert.deepEqual(bits.filter(Boolean), ['31', '6']);
  // rd forgotten: a digit of the board's columns differs.
  const inside = await checkAnswer(page, 'poss = ~(ld | col) & done;');
  assert.match(inside, /^Wrong: on the 6×6 board/);
  await assertFitsThePhone(page);
  assert.match(await page.locator('#write-counterexample-differs').textContent(), /in columns? \d/);
});

test('the counterexample is on the board the player shows; a smaller board that shows it is named', async () => {
  const page = await openWrite('?n=6&mirror=1&exercise=lowest-bit');
  const wrong = await checkAnswer(page, 'bit = poss & (poss - 1);');
  assert.match(wrong, /^Wrong: on the 6×6 board \(mirror mode\) at step \d+/);
  assert.match(wrong, /It fails on the 1×1 board too, more plainly: at step \d+\./);
  assert.match(await page.locator('#write-counterexample-where').textContent(), /of the 6×6 search in mirror mode/);
  // Go to this step keeps the learner on their board.
  await section(page).getByRole('button', { name: 'Go to this step', exact: true }).click();
  await page.waitForFunction(() => /[?&]n=6\b/.test(location.search) && /[?&]pos=\d+/.test(location.search));
  assert.match(page.url(), /[?&]mirror=1\b/);
});

test('a loop that keeps the square it tried is stopped: the status names the lane and why, never “every lane has finished”', async () => {
  const page = await openWrite('?n=6&exercise=free-squares');
  for (const [slug, text] of Object.entries(RIGHT)) {
    await choose(page, slug);
    assert.match(await checkAnswer(page, text), /^Correct/, slug);
  }
  await choose(page, 'take-it-away');
  await typeAnswer(page, 'poss = poss | bit;');
  await inSection(page, 'Run my loop').click();
  await lane(page, 'Your program').waitFor();
  await compare(page).getByRole('button', { name: 'Run to end', exact: true }).click();
  await page.waitForFunction(() => document.getElementById('compare').dataset.state === 'idle'
    && document.querySelectorAll('#compare-lanes .lane-view.finished').length === 2);
  const status = await page.locator('#compare-status').textContent();
  assert.doesNotMatch(status, /Every lane has finished/);
  assert.match(status, /^Your program stopped without finishing, after [\d,]+ queens? placed: row \d+: the loop tried more squares than the row has/);
  assert.match(status, /The other lanes finished: [\d,]+ queens placed in each\.$/);
  // Its lane says it stopped, never that it finished, and names the mask and the digit.
  const yours = lane(page, 'Your program');
  assert.doesNotMatch(await yours.textContent(), /Finished: /);
  assert.match(await yours.locator('.lane-left-path').textContent(),
    /row \d+: your poss is 0b[01]{6} where Richards' is 0b[01]{6}: digit (\d) \(column \1\) is set although a queen was just tried there/);
});
