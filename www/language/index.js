// The page's language: the catalogs (English in the first load, the others fetched when
// chosen, the pseudo-locales made from English) and the Language menu. Other folders use
// only these names:
//   startLanguage
// Code that writes words imports t(), tDuration()… from shared/l10n.js.

import { l10n, wordElements, chooseLanguage, languageOf } from '../shared/l10n.js';
import { wordsAtOnce, loadWords } from './catalogs.js';
import { LanguageMenu, keptLanguage } from './language-menu.js';

/**
 * Chooses the language (?lang=, the one kept, the browser's, English), words `doc` in it and
 * wires the Language menu (#language). English and the pseudo-locales are there at once; any
 * other language is fetched, the page shown in English until it comes. Returns a promise
 * settled once the page is in its language.
 */
export function startLanguage(doc = document) {
  const root = doc.documentElement;
  const asked = new URLSearchParams(location.search).get('lang');
  const tag = chooseLanguage({ asked, kept: keptLanguage(), browser: globalThis.navigator?.languages ?? [] });
  const show = (words) => {
    root.lang = words.tag;
    root.dir = words.dir;
    // The elements worded by the catalog first, then the views that draw their own text redraw
    // it (onChange): a line a view has written since (a count's status) is the view's.
    wordElements(doc.body, words);
    l10n.use(words);
  };
  const choose = async (chosen) => {
    try {
      show(await loadWords(chosen));
    } catch (error) {
      console.error(`The language ${chosen} could not be loaded:`, error);
    }
  };
  new LanguageMenu(doc.getElementById('language'), { current: tag, withPseudo: Boolean(languageOf(asked)?.pseudo), preview: tag, choose });
  const now = wordsAtOnce(tag);
  show(now ?? wordsAtOnce('en'));
  return now ? Promise.resolve() : choose(tag);
}
