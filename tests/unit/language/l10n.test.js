// The page's words (www/shared/l10n.js) on the English catalog (locales/en/bitqueens.ftl):
// the language chosen (?lang=, the one kept, the browser's, English), numbers and plurals by
// the locale (checked against Intl, which carries CLDR's data), the pseudo-locales made from
// English with every placeable kept, and the page's formatter (t, durations, rates).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  chooseLanguage, Words, pseudoTransform, pseudoFrame, RLO, PDF, l10n, t, tDuration, tRate, tWorkers, LANGUAGES,
} from '../../../www/shared/l10n.js';
import { duration, rate, workerCount } from '../../../www/shared/format.js';

const ENGLISH = readFileSync(new URL('../../../locales/en/bitqueens.ftl', import.meta.url), 'utf8');
/** A catalog in another language, with the same keys the formatter is tried on. */
const PLURALS = `workers = { $count ->
    [one] { $workers } worker
   *[other] { $workers } workers
}
solutions = { $count ->
    [zero] zero { $total }
    [one] one { $total }
    [two] two { $total }
    [few] few { $total }
    [many] many { $total }
   *[other] other { $total }
}
`;

test('the language: ?lang= first, then the one kept, then the browser’s, then English', () => {
  const offered = ['en', 'es', 'pt-BR', 'zh-CN'];
  assert.equal(chooseLanguage({ asked: 'es', kept: 'zh-CN', browser: ['pt-BR'], offered }), 'es');
  assert.equal(chooseLanguage({ asked: 'xx', kept: 'zh-CN', browser: ['pt-BR'], offered }), 'zh-CN', 'an unknown ?lang= is passed over');
  assert.equal(chooseLanguage({ kept: 'de', browser: ['fr-CA', 'pt-PT', 'es'], offered }), 'pt-BR', 'by its language alone: pt-PT → pt-BR');
  assert.equal(chooseLanguage({ browser: ['es-MX'], offered }), 'es');
  assert.equal(chooseLanguage({ browser: ['de-DE', 'fr'], offered }), 'en', 'none offered: English');
  assert.equal(chooseLanguage({ asked: 'PT-br', offered }), 'pt-BR', 'tags are read in any case');
  assert.equal(chooseLanguage({ asked: 'en-XA', offered }), 'en-XA', 'a pseudo-locale when the address asks');
  assert.equal(chooseLanguage({ asked: 'ar-xb', offered }), 'ar-XB');
  assert.equal(chooseLanguage({ kept: 'en-XA', browser: ['en-XA'], offered }), 'en', 'a pseudo-locale only when asked');
  assert.equal(chooseLanguage({}), 'en');
  // A complete language not offered yet (PREVIEW_LANGUAGES: Spanish) only when the address asks.
  assert.equal(chooseLanguage({ asked: 'es' }), 'es');
  assert.equal(chooseLanguage({ asked: 'es-MX', kept: 'es', browser: ['es'] }), 'en', 'in preview: by its whole tag, and never kept or the browser’s');
  assert.deepEqual(chooseLanguage({ browser: ['es'] }), LANGUAGES.some((l) => l.tag === 'es') ? 'es' : 'en', 'only what ships is offered');
});

test('plurals by CLDR’s rules (Intl.PluralRules) and 1,234,567 by each locale (Intl.NumberFormat)', () => {
  for (const locale of ['en', 'es', 'fr', 'pt-BR', 'zh-CN', 'ar']) {
    const words = new Words(locale, PLURALS);
    const rules = new Intl.PluralRules(locale);
    const grouped = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
    assert.equal(words.number(1234567), grouped.format(1234567), `${locale}: 1,234,567`);
    assert.equal(words.number(12345678901234567890n), grouped.format(12345678901234567890n), `${locale}: a BigInt, exactly`);
    for (const count of [0, 1, 2, 3, 11, 100, 1234567]) {
      assert.equal(words.format('solutions', { count, total: count }), `${rules.select(count)} ${grouped.format(count)}`, `${locale}: ${count}`);
    }
  }
  const english = new Words('en', PLURALS);
  assert.equal(english.format('workers', { count: 1, workers: 1 }), '1 worker');
  assert.equal(english.format('workers', { count: 2, workers: 2 }), '2 workers');
  assert.equal(english.number(1234567), '1,234,567');
  // Spanish has no grouping under 10,000 (CLDR's minimum grouping digits), French a narrow space.
  assert.equal(new Words('es', PLURALS).number(1234), new Intl.NumberFormat('es').format(1234));
  assert.equal(new Words('fr', PLURALS).number(1234567), new Intl.NumberFormat('fr').format(1234567));
});

test('the pseudo-locales: en-XA accents, brackets and lengthens; ar-XB is English right to left; placeables are kept', () => {
  const accented = pseudoTransform('accented');
  assert.equal(accented('Count all'), 'Ċöûñţ åļļ');
  assert.equal(pseudoFrame('Ċöûñţ åļļ'), '[Ċöûñţ åļļ ····]');
  assert.ok(pseudoFrame('x'.repeat(50)).length >= 70, 'about 40% longer');
  const xa = new Words('en-XA', ENGLISH);
  const said = xa.format('count-start', { n: 12, workers: '2 workers' });
  assert.match(said, /^\[Ċöûñţîñĝ Ñ = 12 öñ 2 workers… ·+\]$/, 'the placeables untouched, the text accented');
  assert.equal(xa.format('count-table-agree', { total: 14200, unique: 1787 }).startsWith('[14,200 / 1,787 ✓'), true, 'numbers as English writes them');
  assert.equal(xa.attributes('masthead-projector').title.startsWith('[Ļåŕĝê'), true, 'attributes too');
  const xb = new Words('ar-XB', ENGLISH);
  assert.equal(xb.dir, 'rtl');
  const rtl = xb.format('count-not-counted', { n: 12 });
  assert.equal(rtl, `${RLO}N${PDF} = \u206812\u2069 ${RLO}not${PDF} ${RLO}counted${PDF}.`, 'each word right to left, the placeable isolated');
  // Every English message, with every placeable given: each variable's value comes out whole.
  for (const words of [xa, xb]) {
    for (const [, id] of ENGLISH.matchAll(/^([a-z][a-z0-9-]*) = *\S/gm)) {
      const names = [...ENGLISH.matchAll(new RegExp(`^${id} =[\\s\\S]*?(?=^\\S|$(?![\\s\\S]))`, 'gm'))].flatMap(([text]) => [...text.matchAll(/\{ \$(\w+)/g)].map((m) => m[1]));
      const given = Object.fromEntries(names.map((name) => [name, `⟨${name}⟩`]));
      const text = words.format(id, given);
      for (const name of new Set(names)) {
        if (/^(count|rows)$/.test(name)) continue; // a selector: it picks a variant, and is shown as a number
        assert.ok(text.includes(`⟨${name}⟩`), `${words.tag} ${id}: { $${name} } kept: ${text}`);
      }
    }
  }
});

test('the page’s formatter: English is as format.js wrote it before the catalogs', () => {
  l10n.use(new Words('en', ENGLISH));
  for (const ms of [0.2, 12, 999.4, 1234, 9999, 45_000, 59_960, 200_000, 3_600_000, 86_400_000 * 3, 86_400_000 * 800, 86_400_000 * 365.25 * 5e6, 86_400_000 * 365.25 * 3e13, Infinity]) {
    assert.equal(tDuration(ms), duration(ms), `${ms} ms`);
  }
  for (const [work, ms, unit] of [[5e9, 1000, 'nodes'], [12345, 1000, 'half-boards'], [1, 0, 'nodes']]) {
    assert.equal(tRate(work, ms, unit), rate(work, ms, unit));
  }
  assert.equal(tWorkers(1), workerCount(1));
  assert.equal(tWorkers(3), workerCount(3));
  assert.equal(t('count-result', { n: 1, total: 1, unique: 1, compare: '' }), 'N = 1: 1 solutions, 1 unique. ');
  assert.throws(() => t('no-such-key'), /No message “no-such-key”/);
  assert.throws(() => t('count-start', {}), /Unknown variable|count-start/, 'a missing argument is a bug, not a silent gap');
  let told = null;
  const stop = l10n.onChange((words) => { told = words.tag; });
  l10n.use(new Words('en-XA', ENGLISH));
  assert.equal(told, 'en-XA', 'a change of language is told');
  assert.match(t('count-all'), /^\[Ċöûñţ åļļ ·+\]$/);
  stop();
  l10n.use(new Words('en', ENGLISH));
});
