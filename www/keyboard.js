// Keyboard shortcuts. Ignored while typing in a field, and when a modifier key is held
// (so the browser's own shortcuts keep working), behind an open dialog, and inside a part of
// the page marked data-own-keys (the Compare section, the count panel: Space there presses
// their own buttons, not the player's Play).

/** Key → the name of the action it triggers; shown by the help dialog in the same order. */
export const SHORTCUTS = [
  { keys: ['Space'], action: 'togglePlay', help: 'Play / pause' },
  { keys: ['ArrowRight'], action: 'step', help: 'Step forward' },
  { keys: ['ArrowLeft'], action: 'back', help: 'Step back' },
  { keys: ['n', 'N'], action: 'nextSolution', help: 'Play to the next solution' },
  { keys: ['e', 'E'], action: 'runToEnd', help: 'Run to the end' },
  { keys: ['r', 'R'], action: 'reset', help: 'Reset' },
  { keys: ['+', '='], action: 'faster', help: 'Faster' },
  { keys: ['-', '_'], action: 'slower', help: 'Slower' },
  { keys: ['?'], action: 'help', help: 'Show or hide this help' },
];

const LABELS = { Space: 'Space', ArrowRight: '→', ArrowLeft: '←' };

/** The keys of a shortcut as a person reads them: "→", "N", "+". */
export function keyLabel(shortcut) {
  const key = shortcut.keys[shortcut.keys.length > 1 && /^[a-z]$/.test(shortcut.keys[0]) ? 1 : 0];
  return LABELS[key] ?? key;
}

function isTyping(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** True for keys the page should leave alone: typing, or focus in a part with its own keys. */
function notForShortcuts(target) {
  return isTyping(target) || (target instanceof Element && target.closest('[data-own-keys]') !== null);
}

/** Calls actions[name]() for each shortcut pressed on `root`. */
export function installShortcuts(root, actions) {
  root.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || notForShortcuts(event.target)) return;
    const key = event.key === ' ' ? 'Space' : event.key;
    const shortcut = SHORTCUTS.find((s) => s.keys.includes(key));
    if (!shortcut) return;
    // Behind an open dialog only "?" (which closes the help) does anything.
    if (document.querySelector('dialog[open]') && shortcut.action !== 'help') return;
    // Space on a focused button would also click it: let the shortcut win, once.
    event.preventDefault();
    actions[shortcut.action]();
  });
  // A focused button clicks on Space's keyup: cancel that too, so Space acts exactly once.
  root.addEventListener('keyup', (event) => {
    if (event.key === ' ' && !event.ctrlKey && !event.metaKey && !event.altKey && !notForShortcuts(event.target)) {
      event.preventDefault();
    }
  });
}
