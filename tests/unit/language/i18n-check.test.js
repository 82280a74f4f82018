// npm run i18n:check (scripts/i18n-check.js), fed catalogs in a temporary folder: it passes a
// complete one and fails on a catalog missing a key (when offered), an extra key, a changed
// placeable, invalid Fluent; it lists an incomplete one it does not offer; and it finds
// English left in a moved script or region of the page. The real tree passes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCatalogs, checkAll, englishInJs, englishInHtml, readCatalog } from '../../../scripts/i18n-check.js';

const ENGLISH = `count-all = Count all
count-start = Counting N = { $n } on { $workers }…
count-saved =
    .aria-label = Unfinished count
workers = { $count ->
    [one] { $count } worker
   *[other] { $count } workers
}
`;
const SPANISH = `count-all = Contar todo
count-start = Contando N = { $n } con { $workers }…
count-saved =
    .aria-label = Recuento sin terminar
workers = { $count ->
    [one] { $count } proceso
   *[other] { $count } procesos
}
`;

/** A locales folder holding `catalogs` ({locale: text}); removed after `use(dir)`. */
function withLocales(catalogs, use) {
  const dir = mkdtempSync(path.join(tmpdir(), 'bitqueens-i18n-'));
  try {
    for (const [locale, text] of Object.entries(catalogs)) {
      mkdirSync(path.join(dir, locale));
      writeFileSync(path.join(dir, locale, 'bitqueens.ftl'), text);
    }
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('a complete catalog passes, offered or not', () => {
  withLocales({ en: ENGLISH, es: SPANISH }, (dir) => {
    for (const shipped of [[], ['es']]) {
      const { errors, incomplete, complete } = checkCatalogs(dir, shipped);
      assert.deepEqual(errors, []);
      assert.deepEqual(incomplete, []);
      assert.deepEqual(complete, ['en', 'es']);
    }
  });
});

test('a catalog missing a key: listed as incomplete, and a failure when it is offered', () => {
  const lacking = SPANISH.replace('count-all = Contar todo\n', '').replace('count-saved =\n    .aria-label = Recuento sin terminar\n', '');
  withLocales({ en: ENGLISH, es: lacking }, (dir) => {
    const quiet = checkCatalogs(dir, []);
    assert.deepEqual(quiet.errors, [], 'not offered: only listed');
    assert.deepEqual(quiet.incomplete, [{ locale: 'es', missing: ['count-all', 'count-saved.aria-label'] }]);
    const offered = checkCatalogs(dir, ['es']);
    assert.equal(offered.errors.length, 1);
    assert.match(offered.errors[0], /^es is offered .* lacks 2 key\(s\): count-all, count-saved\.aria-label$/);
  });
  withLocales({ en: ENGLISH }, (dir) => {
    assert.match(checkCatalogs(dir, ['fr']).errors[0], /fr is offered .* has no catalog/);
  });
});

test('an extra key, a changed placeable, invalid Fluent: each fails', () => {
  const cases = [
    [SPANISH + 'count-extra = De más\n', /count-extra is not in the English catalog/],
    [SPANISH + 'count-saved-more =\n    .title = x\n', /count-saved-more\.title is not in the English catalog/],
    [SPANISH.replace('{ $workers }…', '{ $trabajadores }…'), /count-start has the placeables \$n,\$trabajadores, English has \$n,\$workers/],
    [SPANISH.replace('N = { $n } con', 'N con'), /count-start has the placeables \$workers, English has \$n,\$workers/],
    [SPANISH.replace('Contar todo', 'Contar { todo'), /not valid Fluent at line 1/],
    [SPANISH.replace('   *[other] { $count } procesos\n', ''), /not valid Fluent/],
  ];
  for (const [spanish, error] of cases) {
    withLocales({ en: ENGLISH, es: spanish }, (dir) => {
      const { errors } = checkCatalogs(dir, []);
      assert.ok(errors.some((e) => error.test(e)), `${error}: ${errors.join(' | ')}`);
    });
  }
  assert.deepEqual(readCatalog(ENGLISH, 'en').errors, []);
});

test('English left in a moved part is found; keys, paths and comments are not', () => {
  const js = [
    "import { t } from '../shared/l10n.js';",
    "el.textContent = t('count-all', { n });",
    "el.className = `count-result ${ok ? 'agrees' : 'differs'}`;",
    "// Counting every solution, in a comment",
    "console.error('The progress could not be kept:', error);",
    "el.textContent = `Counted in ${time} on ${where}`;",
    "el.title = 'Count all';",
  ].join('\n');
  const found = englishInJs(js, 'panel.js');
  assert.deepEqual(found, ['panel.js:6: `Counted in ${time} on ${where}`', "panel.js:7: 'Count all'"]);
  const keys = readCatalog(ENGLISH, 'en').keys;
  const html = [
    '<div id="p"><button data-l10n-id="count-all">Count all</button>',
    '<label><span data-l10n-id="count-all">Count all</span> <input id="x"></label>',
    '<div role="group" aria-label="Unfinished count" data-l10n-id="count-saved"></div>',
    '<p>Drop the JSON of <code>bitqueens count N</code></p>',
    '<button title="Keep it" data-l10n-id="count-all">Count all</button>',
    '<button data-l10n-id="count-nothing">Nothing</button></div>',
  ].join('\n');
  assert.deepEqual(englishInHtml(html, 'index.html', keys), [
    'index.html: “Drop the JSON of” is not in a catalog',
    'index.html: <button> title="Keep it" is not in a catalog',
    'index.html: data-l10n-id="count-nothing" is not in the English catalog',
  ]);
});

test('the real tree passes npm run i18n:check', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  const { errors } = checkAll({ root, shipped: [] });
  assert.deepEqual(errors, []);
});
