// Bootstrap: loads the wasm core (the only import of www/pkg), builds the panels, wires the
// controls to the player, restores the state a permalink names, and keeps the URL current.

import './style.css';
import { parseBoardSizeField } from './board-size.js';
import { Player, SPEEDS, IDLE, PLAYING, DONE } from './player.js';
import { readPermalink, writePermalink } from './permalink.js';
import { BoardView } from './board.js';
import { BitsView } from './bits.js';
import { CodeView } from './code.js';
import { SolutionsView, MAX_LISTED } from './solutions.js';
import { Messages } from './messages.js';
import { describe } from './narration.js';
import { installShortcuts, SHORTCUTS, keyLabel } from './keyboard.js';
import { installLook } from './look.js';
import { CountPool } from './count-pool.js';
import { CountPanel } from './count-panel.js';
import { boardSvg, boardPng, solutionsJson, solutionsText, download } from './export.js';

const $ = (id) => document.getElementById(id);
const messages = new Messages($('message'));
installLook($('theme'), $('projector'));
window.addEventListener('error', (event) => messages.internalError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => messages.internalError(event.reason));

try {
  const { Search, wasmMemoryBytes } = await import('./pkg/bitqueens.js');
  const countPool = startCountPanel();
  // A read-only hook for the benchmark scripts and tests; the page itself does not use it.
  globalThis.bitqueensDebug = Object.freeze({ wasmMemoryBytes, Search, countPool });
  start(Search);
} catch (error) {
  messages.internalError(error, 'The WebAssembly core could not be started');
}

/** The count panel, on a pool of one worker per core; returns the pool. */
function startCountPanel() {
  const cores = Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1));
  const pool = new CountPool(() => new Worker(new URL('./count-worker.js', import.meta.url)), cores);
  new CountPanel({
    panel: $('count-panel'), size: $('count-size'), workers: $('count-workers'),
    countAll: $('count-all'), race: $('race'), cancel: $('count-cancel'), message: $('count-message'),
    confirm: $('count-confirm'), confirmText: $('count-confirm-text'), confirmYes: $('count-confirm-yes'),
    confirmNo: $('count-confirm-no'), progress: $('count-progress'), status: $('count-status'),
    result: $('count-result'), raceLanes: $('race-lanes'), table: $('count-table'), chart: $('count-chart'),
  }, pool, cores);
  return pool;
}

function start(Search) {
  const board = new BoardView($('board'));
  const bits = new BitsView($('masks'));
  const code = new CodeView($('code'), $('code-language'));
  const solutions = new SolutionsView({
    gallery: $('solutions'), note: $('solutions-note'), unique: $('unique-found'),
    detail: $('solution-detail'), defs: $('thumb-defs'),
  }, (step) => player.seek(step));
  const controls = {
    size: $('size'), step: $('step'), back: $('back'), play: $('play'), reset: $('reset'), speed: $('speed'),
    nextSolution: $('next-solution'), runToEnd: $('run-to-end'), position: $('position'),
    mirror: $('mirror'),
  };
  const DEFAULT_SPEED = 10;

  /** The URL of exactly what is on screen. */
  const permalink = () => writePermalink(location.href, {
    n: player.n, speed: player.speed, position: player.search.steps, mirror: player.mirror,
  });
  /** Keeps the address bar on that URL; not while playing (it would change every frame). */
  const keepUrlCurrent = () => {
    if (player.search && player.state !== PLAYING) history.replaceState(null, '', permalink());
  };

  const player = new Player(Search, {
    cleared(n) {
      solutions.clear(n);
      controls.size.value = n;
      controls.mirror.checked = player.mirror;
      document.documentElement.style.setProperty('--n', n);
    },
    keep: MAX_LISTED,
    solutionsFound: (found) => solutions.add(found),
    solutionsUndone: (undone) => solutions.removeLast(undone),
    failed: (error) => messages.internalError(error),
    render(snapshot, event, state) {
      board.render(snapshot);
      bits.render(snapshot, event);
      code.render(event?.undone ? null : event);
      solutions.update();
      const sentence = describe(event, snapshot.n, snapshot.weight);
      $('narration').textContent = event?.undone ? `Undone: ${sentence}` : sentence;
      $('steps').textContent = snapshot.steps.toLocaleString('en');
      $('nodes').textContent = snapshot.nodes.toLocaleString('en');
      $('solutions-found').textContent = (snapshot.solutions * snapshot.weight).toLocaleString('en');
      $('row').textContent = snapshot.row < snapshot.n ? `${snapshot.row + 1} of ${snapshot.n}` : 'all placed';
      controls.play.textContent = state === PLAYING ? 'Pause' : 'Play';
      for (const forward of [controls.play, controls.step, controls.nextSolution, controls.runToEnd]) {
        forward.disabled = state === DONE;
      }
      controls.back.disabled = state === IDLE;
      document.body.dataset.state = state;
      controls.position.max = player.furthest;
      controls.position.value = snapshot.steps;
      $('position-label').textContent =
        `step ${snapshot.steps.toLocaleString('en')} of ${player.furthest.toLocaleString('en')}`;
      keepUrlCurrent();
    },
  });

  controls.size.addEventListener('change', () => {
    const parsed = parseBoardSizeField(controls.size);
    if (!parsed.ok) {
      messages.show(`${parsed.message} Keeping ${player.n}×${player.n}.`);
      controls.size.value = player.n;
      return;
    }
    messages.clear();
    player.reset(parsed.n);
  });
  const fileName = (ext) => `bitqueens-n${player.n}-step${player.search.steps}.${ext}`;
  $('export-svg').addEventListener('click', () => download(fileName('svg'), boardSvg(player.search.snapshot()), 'image/svg+xml'));
  $('export-png').addEventListener('click', async () => {
    try {
      download(fileName('png'), await boardPng(boardSvg(player.search.snapshot())));
    } catch (error) {
      messages.show(`The PNG could not be made: ${error.message}. Try “Board as SVG”.`);
    }
  });
  $('export-json').addEventListener('click', () => download(`bitqueens-n${player.n}-solutions.json`,
    solutionsJson(player.n, solutions.listed, solutions.count, solutions.uniqueCount), 'application/json'));
  $('export-text').addEventListener('click', () => download(`bitqueens-n${player.n}-solutions.txt`,
    solutionsText(solutions.listed), 'text/plain'));
  controls.mirror.addEventListener('change', () => player.reset(player.n, controls.mirror.checked));
  controls.position.addEventListener('input', () => player.seek(Number(controls.position.value)));
  $('copy-link').addEventListener('click', async () => {
    const link = permalink();
    try {
      await navigator.clipboard.writeText(link);
      messages.show(`Link copied: ${link}`, 'info');
    } catch {
      messages.show(`Copy this link: ${link}`, 'info');
    }
  });
  const actions = {
    togglePlay: () => player.togglePlay(),
    step: () => player.step(),
    back: () => player.back(),
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

  /** Applies the Speed slider's value: to the player, its label and the URL. */
  const showSpeed = () => {
    const speed = SPEEDS[Number(controls.speed.value)];
    player.setSpeed(speed);
    $('speed-label').textContent = speed === Infinity ? 'as fast as possible' : `${speed.toLocaleString('en')} steps/s`;
    keepUrlCurrent();
  };
  controls.speed.max = SPEEDS.length - 1;
  controls.speed.addEventListener('input', showSpeed);
  const changeSpeed = (delta) => {
    const index = Math.min(SPEEDS.length - 1, Math.max(0, Number(controls.speed.value) + delta));
    controls.speed.value = index;
    showSpeed();
  };

  // Restore what the link names; each bad part falls back to its default, with a message.
  const linked = readPermalink(location.search, SPEEDS, DEFAULT_SPEED);
  if (linked.problems.length) messages.show(linked.problems.join(' '));
  controls.speed.value = SPEEDS.indexOf(linked.speed);
  showSpeed();
  player.reset(linked.n, linked.mirror);
  if (linked.position > 0) player.seek(linked.position);
}
