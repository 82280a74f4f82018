// The help dialog: the keyboard shortcuts, listed from the same tables that bind them.

import { SHORTCUTS, COMPARE_SHORTCUTS, keyLabel } from './keyboard.js';

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
 * Fills the dialog's lists (the player's in `list`, the Compare section's in `compareList`);
 * returns a function that opens or closes the dialog.
 */
export function installHelp(dialog, list, compareList, button) {
  fill(list, SHORTCUTS);
  fill(compareList, COMPARE_SHORTCUTS);
  const toggle = () => (dialog.open ? dialog.close() : dialog.showModal());
  button.addEventListener('click', toggle);
  return toggle;
}
