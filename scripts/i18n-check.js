// npm run i18n:check: the catalogs (locales/<locale>/bitqueens.ftl) and the parts of the page
// moved onto them. Fails (status 1, a sentence each) when
// - a catalog is not valid Fluent (@fluent/syntax's parser: any Junk entry);
// - a catalog has a key English has not (a message, or an attribute of one);
// - a message or attribute uses other placeables ({ $n }…) than English's;
// - a shipped language (shared/l10n.js's LANGUAGES) lacks an English key;
// - a file of the parts moved (MOVED below) still has a sentence in English outside the
//   catalogs: in JS, a string with two words or more; in index.html, a text or a worded
//   attribute not carried by a data-l10n-id of the catalog, in the regions moved.
// Prints the languages whose catalog is incomplete: they are not offered (not shipped) until
// they are. docs/translating.md says how to add a language.
//   node scripts/i18n-check.js [--locales DIR] [--shipped en,es] [--root DIR]

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '@fluent/syntax';

const CATALOG = 'bitqueens.ftl';
export const SOURCE = 'en';

/** The parts of the page moved onto the catalogs: JS files whole, and index.html's regions
 *  (the elements whose opening tag matches `start`, to their closing tag). It grows as parts move. */
export const MOVED = Object.freeze({
  js: ['www/count/count-panel.js', 'www/count/count-history.js', 'www/count/counter-race.js', 'www/count/shard-check-panel.js', 'www/count/resume-notice.js', 'www/count/gpu-count.js', 'www/language/index.js', 'www/language/language-menu.js', 'www/language/catalogs.js'],
  html: [
    { file: 'index.html', start: '<header class="masthead">', end: '</header>' },
    { file: 'index.html', start: '<details id="count-panel"', end: '</details>' },
    { file: 'index.html', start: '<div id="resume-notice"', end: '</div>' },
  ],
});

/** Texts of the moved regions that are no sentence to translate: the name, the masks' names. */
const NOT_WORDS = new Set(['bit', 'queens', 'ld, col, rd', 'English']);

/** The placeables of a pattern: the variables it names, sorted ("$n,$total"). */
function placeables(pattern) {
  const names = new Set();
  const walk = (node) => {
    if (!node || typeof node !== 'object') return;
    if (node.type === 'VariableReference') names.add(`$${node.id.name}`);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  walk(pattern);
  return [...names].sort().join(',');
}

/** A catalog's text → { keys: Map(key → placeables), errors: [sentences] }. A key is a
 *  message's id, or id.attribute. */
export function readCatalog(text, name) {
  const keys = new Map();
  const errors = [];
  for (const entry of parse(text, { withSpans: true }).body) {
    if (entry.type === 'Junk') {
      const line = text.slice(0, entry.span.start).split('\n').length;
      errors.push(`${name}: not valid Fluent at line ${line}: ${entry.annotations[0]?.message ?? 'junk'} (${entry.content.trim().split('\n')[0]})`);
    } else if (entry.type === 'Message' || entry.type === 'Term') {
      const id = entry.type === 'Term' ? `-${entry.id.name}` : entry.id.name;
      if (keys.has(id)) errors.push(`${name}: ${id} is defined twice`);
      if (entry.value) keys.set(id, placeables(entry.value));
      for (const attribute of entry.attributes) keys.set(`${id}.${attribute.id.name}`, placeables(attribute.value));
      if (!entry.value && entry.attributes.length === 0) keys.set(id, '');
    }
  }
  return { keys, errors };
}

/**
 * Compares every catalog under `localesDir` with English's. Returns { errors, incomplete,
 * complete }: errors are sentences (any fails the check); incomplete the locales that lack
 * keys (an error only for a shipped one, in `shipped`).
 */
export function checkCatalogs(localesDir, shipped) {
  const errors = [];
  const incomplete = [];
  const complete = [];
  const read = (locale) => readCatalog(readFileSync(path.join(localesDir, locale, CATALOG), 'utf8'), `${locale}/${CATALOG}`);
  if (!existsSync(path.join(localesDir, SOURCE, CATALOG))) return { errors: [`No English catalog: ${path.join(localesDir, SOURCE, CATALOG)}`], incomplete, complete };
  const english = read(SOURCE);
  errors.push(...english.errors);
  const locales = readdirSync(localesDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(localesDir, entry.name, CATALOG)))
    .map((entry) => entry.name).sort();
  for (const locale of locales.filter((l) => l !== SOURCE)) {
    const catalog = read(locale);
    errors.push(...catalog.errors);
    for (const [key, theirs] of catalog.keys) {
      if (!english.keys.has(key)) errors.push(`${locale}/${CATALOG}: ${key} is not in the English catalog (a key removed or misspelt)`);
      else if (english.keys.get(key) !== theirs) {
        errors.push(`${locale}/${CATALOG}: ${key} has the placeables ${theirs || 'none'}, English has ${english.keys.get(key) || 'none'}`);
      }
    }
    const missing = [...english.keys.keys()].filter((key) => !catalog.keys.has(key));
    if (missing.length || catalog.errors.length) {
      incomplete.push({ locale, missing });
      if (shipped.includes(locale)) {
        errors.push(`${locale} is offered (shared/l10n.js's LANGUAGES or PREVIEW_LANGUAGES) but its catalog lacks ${missing.length} key(s): ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ', …' : ''}`);
      }
    } else {
      complete.push(locale);
    }
  }
  for (const locale of shipped) {
    if (!locales.includes(locale)) errors.push(`${locale} is offered (shared/l10n.js's LANGUAGES or PREVIEW_LANGUAGES) but has no catalog (locales/${locale}/${CATALOG})`);
  }
  return { errors, incomplete, complete: [SOURCE, ...complete] };
}

/** Sentences in English left in a JS file of the moved parts: its strings of two words or
 *  more (a key, a class name or an id has none), outside comments, console calls and errors
 *  thrown (for the developer, not the learner). */
export function englishInJs(text, name) {
  const found = [];
  const lines = text.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).split('\n');
  lines.forEach((line, index) => {
    const code = line.replace(/(^|[^:'"`\\])\/\/.*$/, '$1');
    if (/console\.|new Error\(|throw /.test(code)) return;
    for (const [literal] of code.matchAll(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g)) {
      const words = literal.slice(1, -1).replace(/\$\{[^}]*\}/g, ' ');
      if (/[A-Za-z]{2,}[,.:;!?]?\s+[A-Za-z]{2,}/.test(words)) found.push(`${name}:${index + 1}: ${literal}`);
    }
  });
  return found;
}

/** Sentences in English left in an HTML region: text outside any element with data-l10n-id
 *  (and outside <code>, <kbd>, <option> given no id and <script>), and title, aria-label,
 *  placeholder attributes on elements without data-l10n-id. */
export function englishInHtml(html, name, catalogKeys) {
  const found = [];
  const stack = []; // one entry per open element: is it worded (data-l10n-id) or code?
  const voids = new Set(['input', 'br', 'img', 'meta', 'link', 'hr', 'source', 'wbr', 'col']);
  for (const [token, close, tag, attributes, text] of html.matchAll(/<(\/?)([a-zA-Z0-9-]+)([^>]*)>|([^<]+)/g)) {
    if (text !== undefined) {
      const words = text.trim();
      const covered = stack.some((open) => open.worded || open.code);
      if (/[A-Za-z]/.test(words) && !covered && !NOT_WORDS.has(words)) found.push(`${name}: “${words.slice(0, 60)}” is not in a catalog`);
      continue;
    }
    const lower = tag.toLowerCase();
    if (close) {
      const at = stack.map((open) => open.tag).lastIndexOf(lower);
      if (at >= 0) stack.length = at;
      continue;
    }
    const id = /data-l10n-id="([^"]+)"/.exec(attributes)?.[1] ?? null;
    if (id && !catalogKeys.has(id) && ![...catalogKeys.keys()].some((key) => key.startsWith(`${id}.`))) {
      found.push(`${name}: data-l10n-id="${id}" is not in the English catalog`);
    }
    for (const [, attribute, value] of attributes.matchAll(/\s(title|aria-label|aria-description|placeholder|alt)="([^"]*)"/g)) {
      if (!/[A-Za-z]{2,}/.test(value) || attribute === 'placeholder' && value.startsWith('{')) continue;
      if (!id || !catalogKeys.has(`${id}.${attribute}`)) found.push(`${name}: <${lower}> ${attribute}="${value.slice(0, 50)}" is not in a catalog`);
    }
    if (!voids.has(lower) && !attributes.trim().endsWith('/')) {
      stack.push({ tag: lower, worded: Boolean(id), code: ['code', 'kbd', 'script', 'style', 'svg'].includes(lower) || /aria-hidden="true"/.test(attributes) });
    }
    void token;
  }
  return found;
}

/** Every check on the tree at `root`; returns { errors, incomplete, complete }. */
export function checkAll({ root, localesDir = path.join(root, 'locales'), shipped, moved = MOVED }) {
  const result = checkCatalogs(localesDir, shipped);
  const english = existsSync(path.join(localesDir, SOURCE, CATALOG))
    ? readCatalog(readFileSync(path.join(localesDir, SOURCE, CATALOG), 'utf8'), SOURCE).keys : new Map();
  for (const file of moved.js) {
    for (const left of englishInJs(readFileSync(path.join(root, file), 'utf8'), file)) result.errors.push(`English left in ${left}`);
  }
  for (const { file, start, end } of moved.html) {
    const html = readFileSync(path.join(root, file), 'utf8');
    const from = html.indexOf(start);
    if (from < 0) {
      result.errors.push(`${file}: the moved region ${start} is not there`);
      continue;
    }
    const region = html.slice(from, html.indexOf(end, from) + end.length);
    result.errors.push(...englishInHtml(region.replace(/<!--[\s\S]*?-->/g, ''), file, english));
  }
  return result;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const option = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : null;
  };
  const root = path.resolve(option('--root') ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const { LANGUAGES, PREVIEW_LANGUAGES } = await import('../www/shared/l10n.js');
  // Offered, or shown by ?lang= in preview: either must be complete.
  const shipped = (option('--shipped')?.split(',') ?? [...LANGUAGES, ...PREVIEW_LANGUAGES].map((language) => language.tag)).filter((tag) => tag !== SOURCE);
  const localesDir = option('--locales') ? path.resolve(option('--locales')) : path.join(root, 'locales');
  const { errors, incomplete, complete } = checkAll({ root, localesDir, shipped });
  console.log(`Complete catalogs: ${complete.join(', ')}.`);
  for (const { locale, missing } of incomplete) console.log(`Incomplete, not offered: ${locale} (${missing.length} key(s) missing).`);
  if (errors.length) {
    for (const error of errors) console.error(error);
    console.error(`i18n:check failed: ${errors.length} problem(s) above. docs/translating.md says what each check wants.`);
    process.exit(1);
  }
  console.log(`i18n:check: every catalog is valid, every offered one complete, no English left in the parts moved (${MOVED.js.length} scripts, ${MOVED.html.length} regions of the page).`);
}
