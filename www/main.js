// The composition root: compiles the wasm core once (shared/core.js) and hands it to every
// worker it starts, builds the panels and wires them to the player and the counting workers.
// No logic of its own. The parts that start closed (Compare, Write it, Make a lesson, the
// exports and their dialogs, the Embed dialog) are fetched on demand (shared/on-demand.js):
// each folder is a chunk of its own, imported here only with import() (.dependency-cruiser.cjs
// checks it), so the first load carries none of them.

import './style.css';
import {
  Player, Controls, installHelp, installPartShortcuts, COMPARE_SHORTCUTS, SPEEDS, DEFAULT_SPEED, address,
  namesCompare, namesExercise, rewriteAddress,
} from './player/index.js';
import {
  Stage, ExploredView, fitCounters, captionBottomBar, lendToBottomBar, HistoryPanel,
} from './stage/index.js';
import { Messages } from './shared/messages.js';
import { installLook } from './shared/look.js';
import { afterShown } from './shared/dom.js';
import { OnDemand } from './shared/on-demand.js';
import { download } from './shared/download.js';
import { MAX_COMPARE_SIZE } from './shared/board-size.js';
import { hasWebCodecs, NO_WEBCODECS, disableVideo } from './shared/video-support.js';
import { installCoreConstants } from './shared/core-constants.js';
import { compileCore, startCore, giveCore } from './shared/core.js';
import { CountPool, CountPanel, startCountWorker } from './count/index.js';
import { TreePanel, TreeSizes, startTreeWorker } from './tree/index.js';
import {
  Predict, QuestionPanel, Score, LessonsPanel, YourLessons, Presenter, readLesson, unreachableStops,
  describeState, BUILT_IN_LESSONS,
} from './teach/index.js';

const $ = (id) => document.getElementById(id);
const messages = new Messages($('message'));
installLook($('theme'), $('projector'));
for (const list of document.querySelectorAll('dl.counters')) fitCounters(list);
captionBottomBar($('bar-caption'), $('bar-show-board'), $('board'));
lendToBottomBar(document.querySelector('#lesson-bar .lesson-buttons'), $('bar-caption'), $('lesson-bar'));
window.addEventListener('error', (event) => messages.internalError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => messages.internalError(event.reason));
const toggleHelp = installHelp($('help'), $('shortcut-list'), $('compare-shortcut-list'), $('help-button'));
/** The owner of the address bar's rewrite that takes a link's answer out (startWrite). */
const ANSWER_READ = Symbol('a link answer, read');
/** The page's address as it was opened: the parts loaded later read what it named from here. */
const opened = location.search;
/** Says that a part fetched on demand could not be fetched (opening it again tries again), or,
 *  when it was fetched but could not be built, that this is a bug. */
const loadFailed = (what) => (error) => {
  if (error?.name !== 'ChunkLoadError') {
    messages.internalError(error, `${what} could not be built`);
    return;
  }
  console.error(`${what} could not be loaded:`, error);
  messages.show(`${what} could not be loaded (${error.message}). Check the connection, then try again.`);
};

try {
  // The first screen (the board's frame, the controls, the narration saying the core loads) is
  // shown before the core is fetched and started, which takes the network and the main thread
  // for a while.
  await afterShown($('narration'));
  const module = await compileCore();
  const wasm = await startCore(module);
  installCoreConstants(wasm);
  const { Search, wasmMemoryBytes } = wasm;
  const limits = wasm.limits();
  $('size').max = limits.maxN; // the player's largest board (its field's checks read it)
  const { countPool, countPanel } = startCountPanel(limits, () => giveCore(startCountWorker(), module));
  const compare = startCompare(wasm, module);
  // A read-only hook for the benchmark scripts and tests; the page itself does not use it.
  globalThis.bitqueensDebug = Object.freeze({
    wasmMemoryBytes, Search, countPool, countPanel,
    get algorithmRace() { return compare.race(); }, // once Compare is loaded
  });
  const { player, controls, predict, redrawn, stage } = startPlayer(wasm, limits, () => giveCore(startTreeWorker(), module));
  startExports({ player, stage, controls });
  const write = startWrite(wasm, { player, controls, compare });
  const lessons = startLessons(wasm, limits, { controls, compare, predict, write });
  const presenter = new Presenter({
    button: $('presenter'), exit: $('presenter-exit'), notesButton: $('presenter-notes'), blank: $('blank'),
    narration: $('narration'),
  }, player, lessons, messages);
  lessons.changed = () => presenter.update();
  redrawn.push(() => presenter.update());
  ready();
} catch (error) {
  ready(); // the page's message says what failed: it must be read, not inert
  messages.internalError(error, 'The WebAssembly core could not be started');
}

/** The core is running (or failed): the controls, inert while it loaded, take clicks. */
function ready() {
  $('page').inert = false;
  $('lesson-menu').disabled = false;
  $('presenter').disabled = false;
  $('loading').hidden = true;
}

/** The count panel, on a pool of one worker per core (at most 16), each started by
 *  `startWorker`; returns both. */
function startCountPanel(limits, startWorker) {
  const cores = Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1));
  // Tests (and only tests) slow each sub-problem down, so that a count is still running when
  // they act on it, however fast the machine: tests/support/browser.js sets this.
  const delayMs = Number(globalThis.bitqueensTestHooks?.countDelayMs) || 0;
  const pool = new CountPool(startWorker, cores, { delayMs });
  const panel = new CountPanel($('count-panel'), pool, cores, { limits, notice: $('resume-notice'), afterNotice: $('size') });
  return { countPool: pool, countPanel: panel };
}

/** The Compare section: the lanes and the race of the algorithms (each in a worker started
 *  from the compiled `module`), loaded when the section opens or when the link, a lesson or
 *  Run my loop names it. Returns what the page asks of it: show(query) (a lesson's stop) and
 *  runYours(program), each a promise. */
function startCompare(wasm, module) {
  const section = $('compare');
  const compare = new OnDemand(async () => {
    const { Compare, AlgorithmRace, startAlgorithmWorker } = await import(/* webpackChunkName: "compare" */ './compare/index.js');
    const lanes = new Compare($, wasm);
    const algorithmRace = new AlgorithmRace({
      section, start: $('algorithm-race-start'), stop: $('algorithm-race-stop'),
      status: $('algorithm-race-status'), table: $('algorithm-race-table'), chart: $('algorithm-race-chart'),
    }, wasm.algorithmNames().filter(({ slug }) => slug !== 'yours'), () => giveCore(startAlgorithmWorker(), module)); // Your program needs a loop
    return { lanes, algorithmRace };
  }, loadFailed('Compare'));
  compare.buildWhenOpened(section);
  // Its keys, from the first moment the section can have the focus; they act once it is loaded.
  const act = (name) => () => compare.built?.lanes.shortcutActions()[name]();
  installPartShortcuts(section, COMPARE_SHORTCUTS, {
    togglePlay: act('togglePlay'), next: act('next'), previous: act('previous'), runToEnd: act('runToEnd'), help: toggleHelp,
  });
  if (namesCompare(opened)) compare.then(({ lanes }) => lanes.restore(opened));
  return {
    /** A lesson's stop: the lanes `query` names, or the section closed (nothing to load when
     *  it names none and Compare was never wanted). */
    show: (query) => (compare.building || namesCompare(query) ? compare.then(({ lanes }) => lanes.show(query)) : Promise.resolve()),
    runYours: (program) => compare.then(({ lanes }) => lanes.runYours(program)),
    /** The race of the algorithms, once Compare is loaded (for the debug hook). */
    race: () => compare.built?.algorithmRace ?? null,
  };
}

/** The stepping search: the stage, the Explored figure (its tree sizes measured in workers
 *  `startTreeSizeWorker` starts), the search tree and the controls, all screens of one player. */
function startPlayer({ Search, wholeTree, TreeView, symmetryImages, predictTopics, landmarkNames }, limits, startTreeSizeWorker) {
  // "Go to step" in a solution's detail: the board it goes to is brought into view.
  const goToStep = (step) => {
    player.seek(step);
    $('board').scrollIntoView({ block: 'nearest' });
  };
  const stage = new Stage($, goToStep, symmetryImages);
  const explored = new ExploredView({
    output: $('explored'), detail: $('explored-detail'), bar: $('explored-bar'), timeLeft: $('time-left'),
  }, new TreeSizes(startTreeSizeWorker));
  let controls = null; // made once the player exists; the first redraw comes after
  let tree = null; // likewise
  let predict = null; // likewise
  let history = null; // likewise
  const redrawn = []; // more of the page to tell after each redraw (the presenter's notes)
  const player = new Player(Search, {
    keep: stage.keep,
    cleared(n) {
      predict.cleared();
      stage.cleared(n);
      controls.cleared(n);
      explored.cleared(n, player.mirror);
      tree.cleared(n, player.mirror);
    },
    boardsPassed: (passed) => stage.boardsPassed(passed),
    failed: (error) => messages.internalError(error),
    progress(steps) {
      stage.progress(steps);
      controls.progress(steps);
    },
    render(snapshot, state) {
      predict.render(snapshot);
      stage.render(snapshot);
      explored.render(snapshot, state);
      tree.render(snapshot);
      controls.render(snapshot, state);
      history.render(snapshot, state);
      for (const tell of redrawn) tell();
    },
  });
  tree = new TreePanel({
    panel: $('tree-panel'), canvas: $('tree-canvas'), box: $('tree'), viewSelect: $('tree-view'), readout: $('tree-readout'),
    rows: $('tree-rows'), zoomIn: $('tree-zoom-in'), zoomOut: $('tree-zoom-out'), zoomFit: $('tree-zoom-fit'),
  }, { wholeTree, TreeView, limits }, player);
  predict = startPredict(predictTopics(), player, stage);
  controls = new Controls($, player, messages, toggleHelp, () => predict.toggle());
  history = new HistoryPanel({ panel: $('history-panel'), list: $('history-list'), landmarks: $('landmarks') },
    landmarkNames(), player, (step) => withoutLesson(controls.permalink(address(), step)), messages);
  controls.restore(location.search);
  return { player, controls, predict, redrawn, stage };
}

/** The exports (the board and the solutions as files, the worksheet, GIF and MP4, the QR code)
 *  and the Embed dialog: each folder fetched on the first press of one of its buttons. */
function startExports({ player, stage, controls }) {
  const exports = new OnDemand(async () => {
    const { installExports, installWorksheet, installAnimationExport, installQrLink } = await import(/* webpackChunkName: "export" */ './export/index.js');
    installExports($, player.readOnly, stage.solutions, messages);
    installWorksheet($('print-worksheet'), $('worksheet'), { seen: player.readOnly, permalink: () => withoutLesson(controls.permalink()) });
    installAnimationExport({
      gif: $('export-gif'), mp4: $('export-mp4'), dialog: $('animation-dialog'), title: $('animation-title'),
      from: $('animation-from'), steps: $('animation-steps'), limit: $('animation-limit'), frameTime: $('animation-frame-time'),
      make: $('animation-make'), cancel: $('animation-cancel'), close: $('animation-close'),
      progress: $('animation-progress'), status: $('animation-status'),
    }, player.readOnly);
    // The same link as Copy link.
    installQrLink({
      button: $('show-qr'), dialog: $('qr-dialog'), canvas: $('qr-canvas'), link: $('qr-link'), message: $('qr-message'),
      close: $('qr-close'),
    }, () => controls.permalink());
    return true;
  }, loadFailed('The exports'));
  if (!hasWebCodecs()) disableVideo($('export-mp4'), NO_WEBCODECS); // from the first screen, before the exports load
  exports.buildOnFirstPress(['export-png', 'export-svg', 'export-json', 'export-text', 'print-worksheet', 'export-gif', 'export-mp4', 'show-qr'].map($));
  const embedDialog = new OnDemand(async () => {
    const { EmbedDialog } = await import(/* webpackChunkName: "embed-dialog" */ './embed/index.js');
    return new EmbedDialog({
      open: $('embed-open'), dialog: $('embed-dialog'), form: $('embed-form'), from: $('embed-from'), to: $('embed-to'),
      controls: $('embed-controls'), theme: $('embed-theme'), size: $('embed-size'), panels: $('embed-panels'),
      autoplay: $('embed-autoplay'), loop: $('embed-loop'), problem: $('embed-problem'), preview: $('embed-preview'),
      snippet: $('embed-snippet'), copy: $('embed-copy'),
    }, player.readOnly, (step) => withoutLesson(controls.permalink(address(), step)));
  }, loadFailed('The Embed dialog'));
  embedDialog.buildOnFirstPress([$('embed-open')]);
}

/** `link` as a link to its step and settings, not to the lesson stop that may be open. */
function withoutLesson(link) {
  const url = new URL(link);
  url.searchParams.delete('lesson');
  url.searchParams.delete('stop');
  return url.href;
}

/** The Lessons menu and bar (each stop shown on the player, Compare, Predict and Write it),
 *  the lessons kept in this browser, and Make a lesson, loaded when its panel opens or a
 *  lesson file is dropped on the page. */
function startLessons(wasm, limits, { controls, compare, predict, write }) {
  const { algorithmNames, predictTopics, exercises } = wasm;
  const known = {
    maxN: limits.maxN, maxCompareN: MAX_COMPARE_SIZE, speeds: SPEEDS, defaultSpeed: DEFAULT_SPEED,
    // Your program needs the learner's loop: no lesson can name it.
    algorithms: algorithmNames().map(({ slug }) => slug).filter((slug) => slug !== 'yours'),
    topics: predictTopics().map(({ slug }) => slug), exercises: exercises().map(({ slug }) => slug),
  };
  // A lesson read, and every stop of it reached by the core.
  const check = (data) => {
    const read = readLesson(data, known);
    const problems = read.lesson ? unreachableStops(read.lesson, wasm.Search) : read.problems;
    return problems.length ? { problems } : read;
  };
  const lessons = BUILT_IN_LESSONS.map((data) => {
    const read = check(data);
    if (read.problems) throw new Error(`The built-in lesson “${data.slug}” is broken: ${read.problems.join(' ')}`);
    return read.lesson;
  });
  let shown = null; // the stop shown last
  const show = (stop) => {
    shown = stop;
    messages.clear();
    controls.show(stop.player);
    const comparing = compare.show(stop.query);
    predict.askAbout(stop.ask);
    const writing = write.show(stop.exercise);
    // Once shown (each may have had to be loaded first), if the stop is still the one shown.
    const scrollTo = (id) => () => { if (shown === stop) $(id).scrollIntoView({ block: 'start' }); };
    if (stop.exercise) writing.then(scrollTo('write'));
    if (stop.compare) comparing.then(scrollTo('compare'));
  };
  const panel = new LessonsPanel({
    menu: $('lesson-menu'), bar: $('lesson-bar'), title: $('lesson-title'), stop: $('lesson-stop'),
    note: $('lesson-note'), end: $('lesson-end'), previous: $('lesson-previous'), next: $('lesson-next'),
    close: $('lesson-close'),
  }, lessons, show, messages, { save: () => predict.settings(), restore: (kept) => predict.restoreSettings(kept) });
  predict.inLesson = () => panel.active;
  const yours = new YourLessons({ check, builtIn: lessons.map(({ slug }) => slug), panel });
  const maker = new OnDemand(async () => {
    const { LessonMaker } = await import(/* webpackChunkName: "maker" */ './maker/index.js');
    return new LessonMaker({
      title: $('maker-title'), note: $('maker-note'), add: $('maker-add'), stops: $('maker-stops'),
      play: $('maker-play'), download: $('maker-download'), file: $('maker-file'),
    }, {
      check,
      onScreen: () => ({ query: new URL(withoutLesson(controls.permalink())).search.slice(1), ask: predict.topic }),
      describe: (query) => describeState(query, known),
      lessons: panel,
      yours,
      save: (filename, text) => download(filename, text, 'application/json'),
      messages,
    });
  }, loadFailed('Make a lesson'));
  maker.buildWhenOpened($('lesson-maker'));
  // A lesson file dropped anywhere on the page opens, whether or not Make a lesson was opened.
  document.addEventListener('dragover', (event) => {
    if (event.dataTransfer?.types.includes('Files')) event.preventDefault();
  });
  document.addEventListener('drop', (event) => {
    const file = event.dataTransfer?.files?.[0];
    if (!file) return;
    event.preventDefault();
    maker.then((made) => made.open(file));
  });
  panel.restore(location.search);
  return panel;
}

/** Write it: the exercises, the editor, the counterexample (Go to this step moves the player),
 *  the score, and Run my loop (a lane of Compare); loaded when its section opens, or when the
 *  link or a lesson names an exercise. Returns what the lessons ask of it: show(slug), a
 *  promise. */
function startWrite(core, { player, controls, compare }) {
  const section = $('write');
  const write = new OnDemand(async () => {
    const { WriteIt, WriteScore } = await import(/* webpackChunkName: "write" */ './write/index.js');
    const made = new WriteIt({
      section, select: $('write-exercise'), score: $('write-score'), statement: $('write-statement'),
      hint: $('write-hint'), hintBox: $('write-hint-box'), rules: $('write-rules'), editorStatus: $('write-editor-status'),
      editorBox: $('write-editor'), check: $('write-check'), copyAnswer: $('write-copy-answer'), runLoop: $('write-run-loop'),
      runLoopNote: $('write-run-loop-note'), result: $('write-result'), dlc: $('write-dlc'),
      counterexample: $('write-counterexample'), counterexampleTitle: $('write-counterexample-title'),
      counterexampleWhere: $('write-counterexample-where'), counterexampleGrid: $('write-counterexample-grid'),
      counterexampleDiffers: $('write-counterexample-differs'), goTo: $('write-go-to'),
    }, { exercises: core.exercises, checkAnswer: core.checkAnswer }, {
      score: new WriteScore(),
      messages: new Messages($('write-message')),
      goToStep({ n, mirror, step }) {
        messages.clear();
        controls.show({ speed: player.readOnly.speed, n, mirror, position: step });
        const board = $('board');
        board.scrollIntoView({ block: 'nearest' });
        if (!board.hasAttribute('tabindex')) board.setAttribute('tabindex', '-1'); // focusable by script, not in the tab order
        board.focus({ preventScroll: true });
      },
      runLoop(program) {
        compare.runYours(program).then(() => $('compare').scrollIntoView({ block: 'start' }));
      },
      copy: (text) => navigator.clipboard.writeText(text),
    });
    return made;
  }, loadFailed('Write it'));
  write.buildWhenOpened(section);
  if (new URLSearchParams(opened).has('answer')) {
    // A link's answer is the learner's: out of the address bar at once (Copy link, the QR code
    // and Embed read it), read from `opened` when Write it is built.
    rewriteAddress(ANSWER_READ, (href) => {
      const url = new URL(href);
      url.searchParams.delete('answer');
      return url.href;
    });
  }
  if (namesExercise(opened)) write.then((made) => made.restore(opened));
  return {
    /** A lesson's stop: the section open on exercise `slug`, or closed when null (nothing to
     *  load when Write it was never wanted). */
    show: (slug) => (slug || write.building ? write.then((made) => made.show(slug)) : Promise.resolve()),
  };
}

/** Predict mode: the Predict button, the Question region and the score, on the player. */
function startPredict(topics, player, stage) {
  const score = new Score();
  let predict = null;
  const panel = new QuestionPanel({
    region: $('question'), text: $('question-text'), answer: $('question-answer'), buttons: $('question-buttons'),
    check: $('question-check'), retry: $('question-retry'), show: $('question-show'), proceed: $('question-continue'),
    feedback: $('question-feedback'), score: $('score'), streak: $('score-streak'), resetScore: $('score-reset'),
    topicScores: $('score-topics'), topics: $('ask-about'),
  }, topics, score, {
    check: () => predict.check(),
    retry: () => predict.retry(),
    show: () => predict.show(),
    proceed: () => predict.proceed(),
    topicsChanged: () => predict.topicsChanged(),
  });
  predict = new Predict({ button: $('predict'), board: $('board') }, panel, score, player, stage.bits, messages);
  return predict;
}
