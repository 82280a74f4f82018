// The page in the learner's language: which language, and every sentence of the parts moved so
// far formatted from its Fluent catalog (locales/<locale>/bitqueens.ftl; docs/translating.md).
// Pure but for wordElements(), which writes into the DOM it is given with textContent and
// setAttribute only: nothing from a catalog or a user reaches innerHTML. No eval: @fluent/bundle
// parses and resolves with plain code (the page's CSP forbids eval, and Fluent needs none).
//
// Invariants:
// - a language is offered only when its catalog is complete (LANGUAGES; npm run i18n:check
//   fails when a listed one lacks a key); the pseudo-locales only when asked by name;
// - every number a message shows is formatted here, by the language's rules (number());
//   for English without Intl (grouped(): the first Intl.NumberFormat of a page is a long
//   task the English first load does without), for every other language by Intl.NumberFormat;
// - a number passed to a message stays a number for its plural select (CLDR categories
//   through Intl.PluralRules), shown formatted as above;
// - placeables are isolated (U+2068 … U+2069) only in right-to-left languages, so that the
//   English text is byte for byte what it was before the catalogs.

import { FluentBundle, FluentResource, FluentNumber } from '@fluent/bundle';
import { grouped } from './format.js';

/** The languages the page offers, each named in itself, in the menu's order. Only complete
 *  catalogs are listed (i18n:check); a new one is added here and in www/language/catalogs.js. */
export const LANGUAGES = Object.freeze([
  Object.freeze({ tag: 'en', name: 'English', dir: 'ltr' }),
]);

/** Languages whose catalog is complete but which the page does not offer yet (the menu, the
 *  browser's languages): shown only when the address asks for one (?lang=es), so that a
 *  translator and the tests see them in the page. Complete like the offered ones (i18n:check).
 *  Spanish waits for a place in the masthead: with two languages the Language menu shows,
 *  and at 1366×768 and 375×667 it takes a row the board needs (docs/translating.md). */
export const PREVIEW_LANGUAGES = Object.freeze([
  Object.freeze({ tag: 'es', name: 'Español', dir: 'ltr' }),
]);

/** The pseudo-locales, made from English when loaded (pseudoTransform): offered only when the
 *  address asks for one (?lang=en-XA) or a test does. */
export const PSEUDO_LANGUAGES = Object.freeze([
  Object.freeze({ tag: 'en-XA', name: '[Êñĝļîšĥ ẋå]', dir: 'ltr', pseudo: 'accented' }),
  Object.freeze({ tag: 'ar-XB', name: 'English (ar-XB)', dir: 'rtl', pseudo: 'bidi' }),
]);

export const SOURCE_LANGUAGE = 'en';

/** The language of `tag` (offered or pseudo), or null. */
export function languageOf(tag) {
  const lower = String(tag ?? '').toLowerCase();
  return [...LANGUAGES, ...PREVIEW_LANGUAGES, ...PSEUDO_LANGUAGES].find((language) => language.tag.toLowerCase() === lower) ?? null;
}

/**
 * The language to show: `asked` (the address's ?lang=, which may name a pseudo-locale) first,
 * then `kept` (the menu's choice on an earlier visit), then the first of `browser`
 * (navigator.languages) the page offers, by its whole tag or its language alone ("es-MX" →
 * "es"), then English. Each candidate must be offered (`offered`: tags); pseudo-locales and
 * the languages in preview only through `asked`, by their whole tag. Returns a tag from
 * `offered`, PREVIEW_LANGUAGES, PSEUDO_LANGUAGES or SOURCE_LANGUAGE.
 */
export function chooseLanguage({ asked = null, kept = null, browser = [], offered = LANGUAGES.map((l) => l.tag) } = {}) {
  const exact = (tag) => offered.find((o) => o.toLowerCase() === String(tag).toLowerCase()) ?? null;
  const primary = (tag) => String(tag).toLowerCase().split('-')[0];
  const byLanguage = (tag) => exact(tag) ?? offered.find((o) => primary(o) === primary(tag)) ?? null;
  if (asked) {
    const asIs = [...PSEUDO_LANGUAGES, ...PREVIEW_LANGUAGES].find((l) => l.tag.toLowerCase() === String(asked).toLowerCase());
    if (asIs) return asIs.tag;
    const found = byLanguage(asked);
    if (found) return found;
  }
  if (kept && exact(kept)) return exact(kept);
  for (const tag of browser ?? []) {
    const found = byLanguage(tag);
    if (found) return found;
  }
  return SOURCE_LANGUAGE;
}

const ACCENTED = {
  a: 'å', b: 'ƀ', c: 'ċ', d: 'đ', e: 'ê', f: 'ƒ', g: 'ĝ', h: 'ĥ', i: 'î', j: 'ĵ', k: 'ķ', l: 'ļ', m: 'ɱ',
  n: 'ñ', o: 'ö', p: 'þ', q: 'ǫ', r: 'ŕ', s: 'š', t: 'ţ', u: 'û', v: 'ṽ', w: 'ŵ', x: 'ẋ', y: 'ý', z: 'ž',
  A: 'Å', B: 'Ɓ', C: 'Ċ', D: 'Đ', E: 'Ê', F: 'Ƒ', G: 'Ĝ', H: 'Ĥ', I: 'Î', J: 'Ĵ', K: 'Ķ', L: 'Ļ', M: 'Ṁ',
  N: 'Ñ', O: 'Ö', P: 'Þ', Q: 'Ǫ', R: 'Ŕ', S: 'Š', T: 'Ţ', U: 'Û', V: 'Ṽ', W: 'Ŵ', X: 'Ẋ', Y: 'Ý', Z: 'Ž',
};
/** Right-to-left override … pop directional formatting: the ar-XB marks around each word. */
export const RLO = '\u202E';
export const PDF = '\u202C';

/**
 * The text of a catalog's literal pieces in a pseudo-locale (Fluent's `transform`, applied to
 * the pattern's text only: placeables, and so numbers, names and masks, are never touched):
 * 'accented' swaps every ASCII letter for an accented one; 'bidi' wraps each run of letters
 * in RLO … PDF (English words drawn right to left).
 */
export function pseudoTransform(kind) {
  if (kind === 'accented') return (text) => text.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter]);
  if (kind === 'bidi') return (text) => text.replace(/[A-Za-z]+/g, (word) => `${RLO}${word}${PDF}`);
  return (text) => text;
}

/** A whole message in en-XA: bracketed, and about 40% longer, so that a clipped end shows. */
export const pseudoFrame = (text) => (text === '' ? text : `[${text} ${'·'.repeat(Math.max(1, Math.ceil(text.length * 0.4)))}]`);

/** A number a message shows: a FluentNumber (its plural category is the number's) written
 *  by the language's number(). A BigInt is selected by its nearest Number. */
class Shown extends FluentNumber {
  constructor(value, write) {
    super(typeof value === 'bigint' ? Number(value) : value);
    this.raw = value;
    this.write = write;
  }

  toString() {
    return this.write(this.raw);
  }
}

/**
 * One language's messages: its catalog's text (`source`, the English one for a pseudo-locale)
 * parsed once. format(id, args) → the message's value; attributes(id, args) → its attributes.
 */
export class Words {
  constructor(tag, source) {
    const language = languageOf(tag) ?? { tag, dir: 'ltr' };
    this.tag = language.tag;
    this.dir = language.dir;
    this.pseudo = language.pseudo ?? null;
    /** The locale Intl and the plural rules use: English's for the pseudo-locales. */
    this.locale = this.pseudo ? SOURCE_LANGUAGE : this.tag;
    this.bundle = new FluentBundle(this.locale, {
      useIsolating: this.dir === 'rtl',
      transform: pseudoTransform(this.pseudo),
    });
    const errors = this.bundle.addResource(new FluentResource(source));
    if (errors.length) throw new Error(`The ${this.tag} catalog does not parse: ${errors[0].message}`);
    this.intl = null;
  }

  /** A whole number grouped by the language: 1234567 → "1,234,567" (en), "1.234.567" (es)… */
  number(value) {
    if (this.locale === SOURCE_LANGUAGE && typeof value === 'number') return grouped(value);
    this.intl ??= new Intl.NumberFormat(this.locale, { maximumFractionDigits: 0 });
    return this.intl.format(value);
  }

  /** `value` with exactly `digits` decimals, by the language: (4.2, 2) → "4.20" (en), "4,20" (fr). */
  decimal(value, digits) {
    if (this.locale === SOURCE_LANGUAGE) return value.toFixed(digits);
    return new Intl.NumberFormat(this.locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(value);
  }

  #args(args) {
    if (!args) return undefined;
    const shown = {};
    const write = (value) => this.number(value);
    for (const [key, value] of Object.entries(args)) {
      shown[key] = typeof value === 'number' || typeof value === 'bigint' ? new Shown(value, write) : String(value);
    }
    return shown;
  }

  #frame(text) {
    return this.pseudo === 'accented' ? pseudoFrame(text) : text;
  }

  /** True when the catalog has the message `id`. */
  has(id) {
    return this.bundle.hasMessage(id);
  }

  /** The message `id`'s value with `args`; a missing message or argument throws (a bug: the
   *  check keeps every catalog complete, and the English one has every id the page uses). */
  format(id, args) {
    const message = this.bundle.getMessage(id);
    if (!message?.value) throw new Error(`No message “${id}” in the ${this.tag} catalog.`);
    const errors = [];
    const text = this.bundle.formatPattern(message.value, this.#args(args), errors);
    if (errors.length) throw new Error(`Message “${id}” (${this.tag}): ${errors[0].message}`);
    return this.#frame(text);
  }

  /** The message `id`'s attributes ({title: …, 'aria-label': …}), formatted with `args`. */
  attributes(id, args) {
    const message = this.bundle.getMessage(id);
    if (!message) throw new Error(`No message “${id}” in the ${this.tag} catalog.`);
    const out = {};
    for (const [name, pattern] of Object.entries(message.attributes)) {
      out[name] = this.#frame(this.bundle.formatPattern(pattern, this.#args(args)));
    }
    return out;
  }
}

/** The attributes a catalog may set on an element: what a person reads or hears. */
export const WORDED_ATTRIBUTES = Object.freeze(['title', 'aria-label', 'aria-description', 'placeholder', 'alt']);

/**
 * Words every element under `root` that carries data-l10n-id (and, if any, data-l10n-args:
 * JSON): the message's value as its text (an element with a value has only text: put the id on
 * a <span> beside a control), its attributes as attributes. textContent and setAttribute only.
 */
export function wordElements(root, words) {
  const elements = [...(root.matches?.('[data-l10n-id]') ? [root] : []), ...root.querySelectorAll('[data-l10n-id]')];
  for (const element of elements) {
    const id = element.dataset.l10nId;
    let args;
    try {
      args = element.dataset.l10nArgs ? JSON.parse(element.dataset.l10nArgs) : undefined;
    } catch {
      args = undefined;
    }
    const message = words.bundle.getMessage(id);
    if (!message) throw new Error(`No message “${id}” in the ${words.tag} catalog.`);
    if (message.value) element.textContent = words.format(id, args);
    for (const [name, text] of Object.entries(words.attributes(id, args))) {
      if (WORDED_ATTRIBUTES.includes(name)) element.setAttribute(name, text);
    }
  }
}

/**
 * The page's words now: one for the whole page, changed by the Language menu. Code that writes
 * text at run time calls t() (and l10n.number…); a view that must redraw its own text when the
 * language changes registers with onChange(). Until a catalog is installed (use()), t() throws.
 */
class PageWords {
  constructor() {
    this.words = null;
    this.listeners = new Set();
  }

  /** Makes `words` (a Words) the page's, and tells every listener. */
  use(words) {
    this.words = words;
    for (const listener of this.listeners) listener(words);
  }

  /** Calls `listener(words)` after each change of language; returns what stops it. */
  onChange(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  #now() {
    if (!this.words) throw new Error('No catalog installed: www/language/ installs English first.');
    return this.words;
  }

  get tag() {
    return this.#now().tag;
  }

  t(id, args) {
    return this.#now().format(id, args);
  }

  number(value) {
    return this.#now().number(value);
  }

  decimal(value, digits) {
    return this.#now().decimal(value, digits);
  }
}

export const l10n = new PageWords();

/** The page's message `id` with `args`, in its language now. */
export const t = (id, args) => l10n.t(id, args);

/** A duration in the page's language: "850 ms", "4.21 s", "3 min 05 s", "3 h 29 min", "2 days"
 *  (the cut-offs of format.js's duration(), which the parts not moved yet still use). */
export function tDuration(ms) {
  if (!Number.isFinite(ms)) return t('duration-none');
  if (ms < 0.5) return t('duration-under-ms');
  if (ms < 1000) return t('duration-ms', { ms: Math.round(ms) });
  if (ms < 59_950) return t('duration-s', { s: l10n.decimal(ms / 1000, ms < 9995 ? 2 : 1) });
  const seconds = ms / 1000;
  if (seconds < 3570) {
    const whole = Math.round(seconds);
    return t('duration-min-s', { min: Math.floor(whole / 60), s: String(whole % 60).padStart(2, '0') });
  }
  if (seconds < 86_370) {
    const minutes = Math.round(seconds / 60);
    return t('duration-h-min', { h: Math.floor(minutes / 60), min: String(minutes % 60).padStart(2, '0') });
  }
  const days = Math.round(seconds / 86_400);
  if (days < 365) return t('duration-days', { count: days, days });
  const years = seconds / (86_400 * 365.25);
  if (years < 1e6) return t('duration-years', { count: Math.round(years), years: Math.round(years) });
  if (years < 1e12) return t('duration-million-years', { millions: (years / 1e6).toPrecision(2) });
  const exponent = Math.floor(Math.log10(years));
  return t('duration-power-years', { mantissa: l10n.decimal(years / 10 ** exponent, 1), exponent: String(exponent) });
}

/** Work in a time, in `unit` (words) → "173 M nodes/s", "12,345 nodes/s" (format.js's rate()). */
export function tRate(work, ms, unit) {
  if (!(ms > 0)) return t('duration-none');
  const perSecond = (work / ms) * 1000;
  return perSecond >= 1e6
    ? t('rate-million', { millions: l10n.decimal(perSecond / 1e6, 0), unit })
    : t('rate-plain', { perSecond: Math.round(perSecond), unit });
}

/** 1 → "1 worker", 2 → "2 workers", in the page's language. */
export const tWorkers = (count) => t('workers', { count, workers: count });
