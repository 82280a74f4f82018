// The Language menu in the masthead (#language, a <select> in its <label>, shown once there
// are two languages or more to choose from; its word "Language" is its name, and on a phone
// only its name: layout.css): each language
// named in itself, with its own lang attribute, so that a screen reader says "Español" as
// Spanish. The pseudo-locales are listed only when the address names one (?lang=en-XA or
// ar-XB: for translators and tests). Choosing one re-words the page in place (nothing else
// changes: the board, the step, a running count go on), keeps the choice for the next visit
// (shared/kept.js) and, when the address carries ?lang=, writes the new one there (a reload
// or a copied address opens in it). A pseudo-locale or a language in preview (?lang=es:
// shared/l10n.js's PREVIEW_LANGUAGES) is never kept: it is listed only while the address asks.

import { Kept } from '../shared/kept.js';
import { LANGUAGES, PSEUDO_LANGUAGES, PREVIEW_LANGUAGES, languageOf } from '../shared/l10n.js';

export const LANGUAGE_KEY = 'bitqueens.language';

/** The language kept from an earlier visit (a tag), or null. */
export const keptLanguage = () => new Kept(LANGUAGE_KEY).readText();

export class LanguageMenu {
  /**
   * `select`: #language; `current`: the tag shown; `withPseudo`: list the pseudo-locales (and
   * the languages in preview); `preview`: the language in preview the address asked for, listed
   * too; `choose(tag)`: re-words the page (resolves once done).
   */
  constructor(select, { current, withPseudo, preview = null, choose }) {
    this.select = select;
    const listed = [...LANGUAGES, ...(withPseudo ? PREVIEW_LANGUAGES : PREVIEW_LANGUAGES.filter((l) => l.tag === preview)), ...(withPseudo ? PSEUDO_LANGUAGES : [])];
    select.replaceChildren(...listed.map(({ tag, name }) => {
      const option = new Option(name, tag);
      option.lang = languageOf(tag)?.pseudo ? 'en' : tag;
      return option;
    }));
    select.value = current;
    // One language only: nothing to pick, and the masthead keeps its room (a phone's first
    // screen); the page's <html lang> still says which.
    select.closest('label').hidden = listed.length < 2;
    select.addEventListener('change', async () => {
      const tag = select.value;
      if (LANGUAGES.some((language) => language.tag === tag)) new Kept(LANGUAGE_KEY).writeText(tag); // not a pseudo-locale, nor a preview
      const url = new URL(location.href);
      if (url.searchParams.has('lang')) {
        url.searchParams.set('lang', tag);
        history.replaceState(history.state, '', url);
      }
      await choose(tag);
    });
  }
}
