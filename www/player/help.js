// The help dialog: the keyboard shortcuts, listed from the same tables that bind them.

import { SHORTCUTS, COMPARE_SHORTCUTS, keyLabel } from './keyboard.js';
import { partsOf } from '../shared/dom.js';

/** Fills a <dl> with the keys and what they do. */
function fill(list, table) {
  list.replaceChildren(...table.flatMap((shortcut) => {
    const key = document.createElement('dt');
    const kbd = document.createElement('kbd');
    kbd.textContent = keyLabel(shortcut);
    key.append(kbd);
    const what = document.createElement('dd');
    what.textContent = shortcut.help;
    return [key, what];
  }));
}

/**
 * Fills the help dialog's lists (the player's keys in #shortcut-list, the Compare section's in
 * #compare-shortcut-list), found in `root` with the dialog (#help) and its button
 * (#help-button); returns a function that opens or closes the dialog.
 */
export function installHelp(root) {
  const { dialog, list, compareList, button } = partsOf(root, {
    dialog: 'help', list: 'shortcut-list', compareList: 'compare-shortcut-list', button: 'help-button',
  });
  fill(list, SHORTCUTS);
  fill(compareList, COMPARE_SHORTCUTS);
  const toggle = () => (dialog.open ? dialog.close() : dialog.showModal());
  button.addEventListener('click', toggle);
  return toggle;
}
