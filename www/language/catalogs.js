// The catalogs the page can show. English is in the first load, as text (webpack's
// asset/source: the .ftl file itself, parsed by @fluent/bundle when the page starts); every
// other shipped language is a chunk of its own, fetched when chosen (one more request).
// The pseudo-locales are made from English when they are asked for, never stored: made at
// load time rather than at build time because they are then always the English catalog of
// this very build (nothing to regenerate or to fall out of step), they cost the English page
// nothing (no file, no bytes: the transform is a few lines of shared/l10n.js), and the check
// and the unit tests make them with the same code the page does.

import english from '../../locales/en/bitqueens.ftl';
import { Words, languageOf, SOURCE_LANGUAGE } from '../shared/l10n.js';

/** The shipped languages but English: tag → a loader of its catalog's text. A language is
 *  added here and in shared/l10n.js's LANGUAGES once npm run i18n:check finds it complete. */
const LOADERS = {
  es: () => import(/* webpackChunkName: "locale-es" */ '../../locales/es/bitqueens.ftl'),
};

/** The Words of `tag` now, when it needs no fetch (English, a pseudo-locale); else null. */
export function wordsAtOnce(tag) {
  if (tag === SOURCE_LANGUAGE || languageOf(tag)?.pseudo) return new Words(tag, english);
  return null;
}

/** The Words of `tag` (a shipped language or a pseudo-locale), fetched if need be. */
export async function loadWords(tag) {
  const ready = wordsAtOnce(tag);
  if (ready) return ready;
  const load = LOADERS[tag];
  if (!load) throw new Error(`No catalog for “${tag}”.`);
  const { default: text } = await load();
  return new Words(tag, text);
}
