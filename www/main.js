// Bootstrap: loads the wasm core (the only import of www/pkg), builds the panels, wires the
// controls to the player, and applies ?n= from the URL.

import './style.css';
import { parseBoardSize, DEFAULT_SIZE } from './board-size.js';
import { Player, SPEEDS, IDLE, PLAYING, DONE } from './player.js';
import { BoardView } from './board.js';
import { BitsView } from './bits.js';
import { CodeView } from './code.js';
import { SolutionsView } from './solutions.js';
import { Messages } from './messages.js';
import { describe } from './narration.js';
import { installShortcuts, SHORTCUTS, keyLabel } from './keyboard.js';

const $ = (id) => document.getElementById(id);
const messages = new Messages($('message'));
window.addEventListener('error', (event) => messages.internalError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => messages.internalError(event.reason));

try {
  const { Search, wasmMemoryBytes } = await import('./pkg/bitqueens.js');
  // A read-only hook for scripts/bench-play.js; the page itself does not use it.
  globalThis.bitqueensDebug = Object.freeze({ wasmMemoryBytes });
  start(Search);
} catch (error) {
  messages.internalError(error, 'The WebAssembly core could not be started');
}

function start(Search) {
  const board = new BoardView($('board'));
  const bits = new BitsView($('masks'));
  const code = new CodeView($('code'));
  const solutions = new SolutionsView($('solutions'), $('solutions-note'));
  const controls = {
    size: $('size'), step: $('step'), back: $('back'), play: $('play'), reset: $('reset'), speed: $('speed'),
    nextSolution: $('next-solution'), runToEnd: $('run-to-end'),
  };

  const player = new Player(Search, {
    cleared(n) {
      solutions.clear();
      controls.size.value = n;
      document.documentElement.style.setProperty('--n', n);
    },
    solutionFound: (queens) => solutions.add(queens),
    solutionUndone: () => solutions.removeLast(),
    failed: (error) => messages.internalError(error),
    render(snapshot, event, state) {
      board.render(snapshot);
      bits.render(snapshot);
      code.render(event?.undone ? null : event);
      const sentence = describe(event, snapshot.n);
      $('narration').textContent = event?.undone ? `Undone: ${sentence}` : sentence;
      $('steps').textContent = snapshot.steps.toLocaleString('en');
      $('nodes').textContent = snapshot.nodes.toLocaleString('en');
      $('solutions-found').textContent = snapshot.solutions.toLocaleString('en');
      $('row').textContent = snapshot.row < snapshot.n ? `${snapshot.row + 1} of ${snapshot.n}` : 'all placed';
      controls.play.textContent = state === PLAYING ? 'Pause' : 'Play';
      controls.play.disabled = state === DONE;
      controls.step.disabled = state === DONE;
      controls.nextSolution.disabled = state === DONE;
      controls.runToEnd.disabled = state === DONE;
      controls.back.disabled = state === IDLE;
      document.body.dataset.state = state;
    },
  });

  // Board size from the URL, falling back to 8 with a visible message.
  const asked = new URLSearchParams(location.search).get('n');
  let n = DEFAULT_SIZE;
  if (asked !== null) {
    const parsed = parseBoardSize(asked);
    if (parsed.ok) n = parsed.n;
    else messages.show(`The link asks for a bad board size. ${parsed.message} Showing ${DEFAULT_SIZE}×${DEFAULT_SIZE} instead.`);
  }
  player.reset(n);

  controls.size.addEventListener('change', () => {
    const parsed = parseBoardSize(controls.size.value);
    if (!parsed.ok) {
      messages.show(`${parsed.message} Keeping ${player.n}×${player.n}.`);
      controls.size.value = player.n;
      return;
    }
    messages.clear();
    player.reset(parsed.n);
    const url = new URL(location.href);
    url.searchParams.set('n', parsed.n);
    history.replaceState(null, '', url);
  });
  const actions = {
    togglePlay: () => player.togglePlay(),
    step: () => { player.pause(); player.step(); },
    back: () => { player.pause(); player.back(); },
    nextSolution: () => player.nextSolution(),
    runToEnd: () => player.runToEnd(),
    reset: () => { messages.clear(); player.reset(); },
    faster: () => changeSpeed(+1),
    slower: () => changeSpeed(-1),
    help: () => toggleHelp(),
  };
  controls.step.addEventListener('click', actions.step);
  controls.back.addEventListener('click', actions.back);
  controls.play.addEventListener('click', actions.togglePlay);
  controls.nextSolution.addEventListener('click', actions.nextSolution);
  controls.runToEnd.addEventListener('click', actions.runToEnd);
  controls.reset.addEventListener('click', actions.reset);
  installShortcuts(document, actions);

  const help = $('help');
  $('shortcut-list').replaceChildren(...SHORTCUTS.flatMap((shortcut) => {
    const key = document.createElement('dt');
    const kbd = document.createElement('kbd');
    kbd.textContent = keyLabel(shortcut);
    key.append(kbd);
    const what = document.createElement('dd');
    what.textContent = shortcut.help;
    return [key, what];
  }));
  const toggleHelp = () => (help.open ? help.close() : help.showModal());
  $('help-button').addEventListener('click', toggleHelp);

  const showSpeed = () => {
    const speed = SPEEDS[Number(controls.speed.value)];
    player.setSpeed(speed);
    $('speed-label').textContent = speed === Infinity ? 'as fast as possible' : `${speed.toLocaleString('en')} steps/s`;
  };
  controls.speed.max = SPEEDS.length - 1;
  controls.speed.value = SPEEDS.indexOf(10);
  controls.speed.addEventListener('input', showSpeed);
  const changeSpeed = (delta) => {
    const index = Math.min(SPEEDS.length - 1, Math.max(0, Number(controls.speed.value) + delta));
    controls.speed.value = index;
    showSpeed();
  };
  showSpeed();
}
