// The help dialog: the keyboard shortcuts, listed from the same table that binds them.

import { SHORTCUTS, keyLabel } from './keyboard.js';

/** Fills the dialog's list; returns a function that opens or closes the dialog. */
export function installHelp(dialog, list, button) {
  list.replaceChildren(...SHORTCUTS.flatMap((shortcut) => {
    const key = document.createElement('dt');
    const kbd = document.createElement('kbd');
    kbd.textContent = keyLabel(shortcut);
    key.append(kbd);
    const what = document.createElement('dd');
    what.textContent = shortcut.help;
    return [key, what];
  }));
  const toggle = () => (dialog.open ? dialog.close() : dialog.showModal());
  button.addEventListener('click', toggle);
  return toggle;
}
