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
    this.current = current;
    this.#watch(choose);
  }

  /**
   * The language changes when the menu's choice is confirmed, never while the keys move through
   * it (WCAG 3.2.2, as the Lessons menu: teach/lessons-panel.js): a closed select's keys change
   * its value and fire `change` within their own keydown; such a change is a choice pending,
   * which Enter confirms. A pick in the open list (a click, a tap, a phone's picker) comes with
   * no key on the menu and is confirmed at once. Invariant: off the menu, it shows the page's
   * language; leaving it with a choice pending puts that back.
   */
  #watch(choose) {
    const { select } = this;
    let keyed = false; // a key is down on the menu, in this task: a change now is the key's
    let pending = false;
    select.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        if (!pending) return; // the menu's own Enter
        event.preventDefault();
        pending = false;
        this.#chosen(choose);
        return;
      }
      keyed = true;
      setTimeout(() => { keyed = false; }); // the key's change, if any, came in its own task
    });
    select.addEventListener('change', () => {
      if (keyed) pending = true;
      else this.#chosen(choose);
    });
    select.addEventListener('blur', () => {
      if (!pending) return;
      pending = false;
      select.value = this.current;
    });
  }

  /** The menu's choice confirmed: kept (an offered language), written in the address when it
   *  carries ?lang=, and the page re-worded. */
  async #chosen(choose) {
    const tag = this.select.value;
    if (tag === this.current) return;
    this.current = tag;
    if (LANGUAGES.some((language) => language.tag === tag)) new Kept(LANGUAGE_KEY).writeText(tag); // not a pseudo-locale, nor a preview
    const url = new URL(location.href);
    if (url.searchParams.has('lang')) {
      url.searchParams.set('lang', tag);
      history.replaceState(history.state, '', url);
    }
    await choose(tag);
  }
}
