// The embed page's composition root (embed.html): one search inside a step range, with the
// panels, controls and look its link names, and the message API for the page that frames it
// (embed-messages.js). Loads the wasm core and wires the parts; no logic of its own.

import '../style.css';
import './embed.css';
import { Player, Screen, SPEEDS, DEFAULT_SPEED, readPermalink, writePermalink } from '../player/index.js';
import { Stage, MAX_LISTED } from '../stage/index.js';
import { TreePanel } from '../tree/index.js';
import { Messages } from '../shared/messages.js';
import { installCoreConstants } from '../shared/core-constants.js';
import { compileCore, startCore } from '../shared/core.js';
import { readEmbedParams, EMBED_PANELS } from './embed-params.js';
import { readHostMessage, embedEvent } from './embed-messages.js';
import { EmbedRange } from './embed-range.js';
import { EmbedControls } from './embed-controls.js';
import { keepFitted } from './embed-fit.js';

const $ = (id) => document.getElementById(id);
const messages = new Messages($('message'), 'reload the page to start again');
$('message-hide').addEventListener('click', () => messages.clear());
window.addEventListener('error', (event) => messages.internalError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => messages.internalError(event.reason));
const options = readEmbedParams(location.search);
const problems = [...options.problems];
const warn = (text) => { problems.push(text); messages.show(problems.join(' ')); };
const root = document.documentElement;
root.dataset.theme = options.theme === 'dark' ? 'dark' : 'light';
if (options.theme === 'projector') root.dataset.projector = '';
showPanels(options.panels);

try {
  const wasm = await startCore(await compileCore());
  installCoreConstants(wasm);
  const limits = wasm.limits();
  const linked = readPermalink(location.search, SPEEDS, DEFAULT_SPEED, limits.maxN);
  problems.unshift(...linked.problems);
  if (problems.length) messages.show(problems.join(' '));
  start(wasm, limits, linked);
} catch (error) {
  $('narration').textContent = 'The search core could not be started: this embed cannot show the search.';
  messages.internalError(error, 'The WebAssembly core could not be started');
}

/** Shows the panels asked for (in EMBED_PANELS' order) and hides the others. */
function showPanels(panels) {
  const elements = { board: ['board'], bits: ['masks'], narration: ['narration', 'narration-said'], code: ['code-panel'], tree: ['tree-panel'], counters: ['counters'] };
  for (const name of EMBED_PANELS) for (const id of elements[name]) $(id).hidden = !panels.includes(name);
  $('embed-area').hidden = !panels.includes('board') && !panels.includes('bits');
  $('embed-side').hidden = !['narration', 'code', 'tree', 'counters'].some((name) => panels.includes(name));
}

function start({ Search, wholeTree, TreeView }, limits, linked) {
  const stage = new Stage(document, null, null, { gallery: false });
  const refit = keepFitted($('embed-area'), $('embed-figure'));
  const post = (type, more) => {
    if (window.parent !== window) window.parent.postMessage(embedEvent(type, player.n, player.readOnly.position, more), '*');
  };
  const screen = new Screen({ keep: MAX_LISTED, failed: (error) => messages.internalError(error) });
  const player = new Player(Search, screen);
  const range = new EmbedRange(player, options, { post, warn });
  const pageLink = (step) => writePermalink(new URL('./', location.href).href, { ...linked, position: step });
  const controls = new EmbedControls(document, range, options.controls, pageLink);
  const tree = options.panels.includes('tree') ? new TreePanel($('tree-panel'), { wholeTree, TreeView, limits }, player) : null;
  // The range first: it may learn the range's end, which the controls show.
  screen.add(range, stage, ...(tree ? [tree] : []), controls, { cleared: refit });
  player.reset(linked.n, linked.mirror);
  controls.setSpeed(linked.speed);
  obeyHost(range);
  range.start(linked.position, options.autoplay);
}

/** Takes commands from the page that frames this one (and only from it). */
function obeyHost(range) {
  window.addEventListener('message', (event) => {
    if (window.parent === window || event.source !== window.parent) {
      console.warn('bitqueens embed: ignored a message from a window other than the page that frames it.');
      return;
    }
    const read = readHostMessage(event.data);
    if (!read.ok) {
      console.warn(read.problem);
      return;
    }
    const { type, step } = read.command;
    if (type === 'seek') range.seek(step);
    else range[type]();
  });
}
