// End-to-end: the parts moved onto the catalogs (the masthead and the Count all panel) in the
// pseudo-locales, which prove that nothing there is left in English and that the longer
// strings fit: in en-XA every visible text and every accessible name of those parts carries
// its marks (accented letters in brackets), numbers, the code and the brand aside, through a
// count's states; nothing overflows at 390×844. In ar-XB the page is right to left. Switching
// language while a count runs loses neither the count nor the player's step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { usePage, button } from '../../support/session.js';
import { text, setSize, countIdle, resultText } from '../../support/count-panel.js';
import { published } from '../../support/published.js';

const session = usePage();
const PARTS = ['header.masthead', '#count-panel'];
/** en-XA's marks: a letter that English never writes. */
const ACCENTED = /[åƀċđêƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁĊĐÊƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ]/;
/** What needs no marks: no letter; the brand; the masks' names and the code; the methods'
 *  slugs in the history table (the core's, as the CLI's --method takes them); N. */
const EXEMPT = /^(?:[^A-Za-z]*|bit|queens|bitqueens|ld, col, rd|meet|backtrack|N|bitqueens count N --shard I\/K --json|\{"n":18.*)$/;

/** Each visible text of `selectors`' parts (one per text node, the selected option of each
 *  select) and each accessible name (the parts' ARIA snapshot) not exempt and not marked. */
async function unmarked(page) {
  const texts = await page.evaluate((selectors) => {
    const out = [];
    for (const root of selectors.map((s) => document.querySelector(s))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!node.textContent.trim() || parent.closest('select, option, code, kbd')) continue;
        if (!parent.checkVisibility({ visibilityProperty: true }) || parent.closest('[aria-hidden="true"]')) continue;
        const box = parent.getBoundingClientRect();
        if (box.width <= 1 && box.height <= 1 && !parent.closest('.wide-only, .visually-hidden')) continue;
        out.push(node.textContent.trim());
      }
      for (const select of root.querySelectorAll('select')) if (select.checkVisibility()) out.push(select.selectedOptions[0]?.textContent.trim() ?? '');
    }
    return out;
  }, PARTS);
  const names = [];
  for (const part of PARTS) {
    const snapshot = await page.locator(part).ariaSnapshot();
    // Options aside: a language is named in itself, a lesson's title is the lesson's (content,
    // not moved yet); the selected option of each menu is read above.
    for (const [, role, name] of snapshot.matchAll(/^\s*- ([a-z]+) "((?:[^"\\]|\\.)*)"/gm)) if (role !== 'option') names.push(name.replace(/\\"/g, '"'));
  }
  return [...texts, ...names].filter((said) => !EXEMPT.test(said) && !(ACCENTED.test(said) && /^\[[\s\S]*\]$|^\[|\]$/.test(said)));
}

/** Elements of the parts whose text is cut: wider content than their box (buttons, labels,
 *  headings, lines), and the page's own width past the screen's. */
const overflowing = (page) => page.evaluate((selectors) => {
  const cut = [];
  for (const root of selectors.map((s) => document.querySelector(s))) {
    for (const element of root.querySelectorAll('button, label, summary, h2, h3, p, span, th')) {
      // Read, not shown (a 1 px box: the screen reader's words), or in a box that scrolls: not cut.
      if (!element.checkVisibility() || element.getBoundingClientRect().width <= 1 || element.closest('.count-table-box')) continue;
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX !== 'visible') cut.push(`${element.tagName} ${element.id || element.className}: ${element.textContent.trim().slice(0, 40)}`);
      const box = element.getBoundingClientRect();
      if (box.right > innerWidth + 1 || box.left < -1) cut.push(`${element.tagName} ${element.id || element.className} past the screen's edge: ${element.textContent.trim().slice(0, 40)}`);
    }
  }
  if (document.documentElement.scrollWidth > innerWidth) cut.push(`the page is ${document.documentElement.scrollWidth} px wide`);
  return cut;
}, PARTS);

test('en-XA at 390×844: every text and name of the masthead and Count all is the catalog’s, through a count, and nothing overflows', async () => {
  const page = await session.open('?lang=en-XA', { viewport: { width: 390, height: 844 }, touch: true, cores: 2 });
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-XA');
  assert.equal(await page.evaluate(() => document.documentElement.dir), 'ltr');
  assert.deepEqual(await unmarked(page), [], 'at rest');
  assert.match(await page.locator('#legend-link .wide-only').textContent(), /^\[Ŵĥåţ ld, col, rd ɱêåñ ·+\]$/, 'the masks’ names, a placeable, stay as they are');
  assert.deepEqual(await overflowing(page), [], 'at rest');
  // The Language menu offers the pseudo-locales when the address names one, each in itself.
  assert.deepEqual(await page.locator('#language option').evaluateAll((options) => options.map((o) => [o.value, o.lang])),
    [['en', 'en'], ['es', 'es'], ['en-XA', 'en'], ['ar-XB', 'en']]);
  const menu = await page.getByRole('combobox', { name: /Ļåñĝûåĝê/ }).boundingBox();
  assert.ok(menu.height >= 44, `the Language menu is a 44 px target (${menu.height})`);
  // A count's states: running (progress), done (result, formula, history), then a bad size.
  await setSize(page, '10');
  await page.locator('#count-all').click();
  await countIdle(page);
  assert.match(await text(page, 'count-result'), /^\[Ñ = 10: 724 .*\]/, 'the result, in the pseudo-locale');
  assert.match(await text(page, 'count-status'), /^\[Ċöûñţêđ îñ /);
  assert.deepEqual(await unmarked(page), [], 'after a count');
  assert.deepEqual(await overflowing(page), [], 'after a count');
  await page.locator('#count-panel').scrollIntoViewIfNeeded();
  await page.locator('#race').click();
  await countIdle(page);
  assert.deepEqual(await unmarked(page), [], 'after the race');
});

test('the Language menu by keyboard: the arrows only choose, Enter switches; leaving it puts the language back', async () => {
  const page = await session.open('?lang=en-XA');
  const menu = page.locator('#language');
  await menu.focus();
  await page.keyboard.press('ArrowDown'); // en-XA → ar-XB, pending
  assert.equal(await menu.inputValue(), 'ar-XB');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en-XA', 'an arrow does not switch');
  await page.keyboard.press('Tab');
  assert.equal(await menu.inputValue(), 'en-XA', 'leaving the menu puts its choice back');
  await menu.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'ar-XB', 'Enter switches');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'language', 'the focus stays on the menu');
});

test('ar-XB: the page is right to left, in English words drawn right to left', async () => {
  const page = await session.open('?lang=ar-XB');
  assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['ar-XB', 'rtl']);
  assert.equal(await text(page, 'count-all'), '\u202ECount\u202C \u202Eall\u202C');
  assert.equal(await page.locator('#language').inputValue(), 'ar-XB');
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), true, 'no sideways scroll');
});

test('switching language while a count runs loses neither the count nor the step; the choice is kept, a pseudo-locale is not', async () => {
  const page = await session.open('?lang=en-XA', { cores: 2, countDelayMs: 40 });
  for (let i = 0; i < 3; i += 1) await button(page, 'Step').click();
  const step = await page.locator('#position').inputValue();
  await setSize(page, '12');
  await page.locator('#count-all').click();
  await page.waitForFunction(() => /ṡ|šûƀ-þŕöƀļêɱš ·/.test(document.getElementById('count-status').textContent));
  await page.locator('#language').selectOption('en');
  assert.deepEqual(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), ['en', 'ltr']);
  assert.equal(await page.locator('#count-cancel').isEnabled(), true, 'the count still runs');
  assert.equal(await text(page, 'count-all'), 'Count all');
  assert.equal(new URL(page.url()).searchParams.get('lang'), 'en', 'the address says the language chosen');
  await page.waitForFunction(() => /^[\d,]+ of [\d,]+ sub-problems · /.test(document.getElementById('count-status').textContent));
  await countIdle(page);
  assert.ok((await text(page, 'count-result')).startsWith(resultText(12, published(12))), 'the count went on to its result');
  assert.equal(await page.locator('#position').inputValue(), step, 'the step is where it was');
  assert.equal(await page.evaluate(() => localStorage.getItem('bitqueens.language')), 'en', 'the choice is kept');
  // Back to en-XA: everything said again, the result and the history in it.
  await page.locator('#language').selectOption('en-XA');
  assert.match(await text(page, 'count-result'), /^\[Ñ = 12: 14,200 /);
  assert.match(await page.locator('#count-table tbody tr').first().textContent(), /14,200.*✓/);
  assert.equal(await page.evaluate(() => localStorage.getItem('bitqueens.language')), 'en', 'a pseudo-locale is not kept');
});

test('Spanish in preview (?lang=es): its catalog fetched once, the count panel in Spanish with its numbers; English chosen in the menu is kept', async () => {
  const plain = await session.open('', { cores: 2 });
  assert.equal(await plain.evaluate(() => document.documentElement.lang), 'en', 'the browser asks for English');
  assert.equal(await plain.locator('#language').isVisible(), false, 'one language offered: no menu');
  const page = await session.openAnother('?lang=es', { cores: 2 });
  await page.waitForFunction(() => document.documentElement.lang === 'es');
  assert.deepEqual(await page.locator('#language option').evaluateAll((options) => options.map((o) => [o.value, o.textContent, o.lang])),
    [['en', 'English', 'en'], ['es', 'Español', 'es']], 'each language named in itself, no pseudo-locale');
  assert.equal(page.requests.filter((url) => /locale-es\.[0-9a-f]+\.js$/.test(url)).length, 1, 'one more request');
  assert.equal(await text(page, 'count-all'), 'Contar todo');
  await setSize(page, '12');
  await page.locator('#count-all').click();
  await countIdle(page);
  assert.match(await text(page, 'count-result'), /^N = 12: 14\.200 soluciones, 1787 únicas\. Publicado \(OEIS A000170 \/ A002562\): 14\.200 \/ 1787 ✓ coinciden/);
  assert.match(await text(page, 'count-status'), /^Contado en .+ con 2 procesos, .+ por encuentro a mitad de camino\.$/);
  await page.getByRole('combobox', { name: 'Idioma' }).selectOption('en');
  assert.match(await text(page, 'count-result'), /^N = 12: 14,200 solutions, 1,787 unique\./, 'the result said again in English');
  assert.equal(await page.evaluate(() => localStorage.getItem('bitqueens.language')), 'en', 'an offered language is kept');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('es');
  assert.equal(await page.evaluate(() => localStorage.getItem('bitqueens.language')), 'en', 'a language in preview is not');
});
