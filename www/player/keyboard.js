// Keyboard shortcuts. Ignored while typing in a field, and when a modifier key is held
// (so the browser's own shortcuts keep working), behind an open dialog. Keys belong to the
// focus first: Space and Enter on a focused control (a button, a link, a box, a field, a
// slider, a select, or a widget put in the tab order: the search tree, an answer digit) are
// the control's, never a shortcut's. A part of the page
// marked data-own-keys (the Compare section, the count panel) is not the player's: while the
// user is in it (focus inside it, or the last click landed in it) the player's shortcuts are
// off, and the part's own table, if it has one (Compare: COMPARE_SHORTCUTS), applies.

/** Key → the name of the action it triggers; shown by the help dialog in the same order. */
export const SHORTCUTS = [
  { keys: ['Space'], action: 'togglePlay', help: 'Play / pause (on a focused button: presses it)' },
  { keys: ['ArrowRight'], action: 'step', help: 'Step forward' },
  { keys: ['ArrowLeft'], action: 'back', help: 'Step back' },
  { keys: ['n', 'N'], action: 'nextSolution', help: 'Play to the next solution' },
  { keys: ['e', 'E'], action: 'runToEnd', help: 'Run to the end' },
  { keys: ['r', 'R'], action: 'reset', help: 'Reset' },
  { keys: ['p', 'P'], action: 'togglePredict', help: 'Predict on / off: stop before each step and ask what it does' },
  { keys: ['+', '='], action: 'faster', help: 'Faster' },
  { keys: ['-', '_'], action: 'slower', help: 'Slower' },
  { keys: ['?'], action: 'help', help: 'Show or hide this help' },
];

/** The Compare section's shortcuts, while the user is in it: the player's keys, for the lanes. */
export const COMPARE_SHORTCUTS = [
  { keys: ['Space'], action: 'togglePlay', help: 'Play / pause the lanes (on a focused button: presses it)' },
  { keys: ['ArrowRight'], action: 'next', help: 'Next node' },
  { keys: ['ArrowLeft'], action: 'previous', help: 'Previous node' },
  { keys: ['e', 'E'], action: 'runToEnd', help: 'Run the lanes to the end' },
  { keys: ['?'], action: 'help', help: 'Show or hide this help' },
];

const LABELS = { Space: 'Space', ArrowRight: '→', ArrowLeft: '←' };

/** The keys of a shortcut as a person reads them: "→", "N", "+". */
export function keyLabel(shortcut) {
  const key = shortcut.keys[shortcut.keys.length > 1 && /^[a-z]$/.test(shortcut.keys[0]) ? 1 : 0];
  return LABELS[key] ?? key;
}

/** The element a key or focus event really happened on: inside a shadow root (Write it's
 *  editor) the event's target seen from the document is the shadow's host. */
const targetOf = (event) => event.composedPath?.()[0] ?? event.target;

function isTyping(target) {
  return target instanceof HTMLElement
    && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
}

/** Controls that do their own thing with Space and Enter (press, tick, open, choose, type: an
 *  editable area such as Write it's editor is one). */
const CONTROLS = 'button, summary, a[href], input, select, textarea, [role="button"], [role="switch"], [role="textbox"], [contenteditable]:not([contenteditable="false"])';
/** The keys a focused control keeps. */
const CONTROL_KEYS = new Set([' ', 'Enter']);

/** True when `event` is Space or Enter on a focused control, or on an element the page put
 *  in the tab order (tabindex >= 0: the tree, an answer digit): the key is the control's. */
function keptByFocus(event) {
  const target = targetOf(event);
  if (!CONTROL_KEYS.has(event.key) || !(target instanceof Element)) return false;
  return target.closest(CONTROLS) !== null || (target.hasAttribute('tabindex') && target.tabIndex >= 0);
}

/** The data-own-keys part the user was last in (by a click or a focus), or null: the player's. */
let lastPart = null;
const notePart = (event) => {
  lastPart = event.target instanceof Element ? event.target.closest('[data-own-keys]') : null;
};
let watching = false;
/** Starts noting the part the user is in; once per page, by the first install below (so that
 *  importing this module touches no document). */
function watchParts() {
  if (watching) return;
  watching = true;
  document.addEventListener('pointerdown', notePart, true);
  document.addEventListener('focusin', notePart, true);
}

/** The part a key event belongs to: the focused element's, or, with nothing focused, the last clicked. */
function partOf(target) {
  const focused = target instanceof Element && target !== document.body && target !== document.documentElement;
  return focused ? target.closest('[data-own-keys]') : lastPart;
}

/** True for keys the player should leave alone: typing, or the user in a part with its own keys. */
function notForShortcuts(target) {
  return isTyping(target) || partOf(target) !== null;
}

/** The shortcut a key event names in `table`, or null. */
function shortcutOf(event, table) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const key = event.key === ' ' ? 'Space' : event.key;
  return table.find((s) => s.keys.includes(key)) ?? null;
}

/**
 * Calls actions[name]() for each shortcut of `table` pressed while the user is in `part` (an
 * element marked data-own-keys). Space and Enter on a focused control inside it stay the
 * control's (keptByFocus).
 */
export function installPartShortcuts(part, table, actions) {
  watchParts();
  document.addEventListener('keydown', (event) => {
    if (isTyping(targetOf(event)) || partOf(event.target) !== part) return;
    const shortcut = shortcutOf(event, table);
    if (!shortcut) return;
    if (keptByFocus(event)) return;
    if (document.querySelector('dialog[open]') && shortcut.action !== 'help') return;
    event.preventDefault();
    // Acting may move the focus (the help dialog takes it), and with it partOf(): the key is
    // this part's, and no other handler of the page may act on it too.
    event.stopImmediatePropagation();
    actions[shortcut.action]();
  });
}

/** Calls actions[name]() for each shortcut pressed on `root`. */
export function installShortcuts(root, actions) {
  watchParts();
  root.addEventListener('keydown', (event) => {
    if (notForShortcuts(targetOf(event)) || keptByFocus(event)) return;
    const shortcut = shortcutOf(event, SHORTCUTS);
    if (!shortcut) return;
    // Behind an open dialog only "?" (which closes the help) does anything.
    if (document.querySelector('dialog[open]') && shortcut.action !== 'help') return;
    event.preventDefault();
    actions[shortcut.action]();
  });
}

/**
 * While the core loads (the page inert, no shortcut wired yet), Space pressed outside a
 * control would scroll the page away from the board, which is where the reader looks once it
 * loads: it is held. Returns the function that releases it (once the shortcuts take over).
 */
export function holdSpaceWhileLoading(doc) {
  const hold = (event) => {
    if (event.key === ' ' && !keptByFocus(event) && !isTyping(targetOf(event))) event.preventDefault();
  };
  doc.addEventListener('keydown', hold);
  return () => doc.removeEventListener('keydown', hold);
}
