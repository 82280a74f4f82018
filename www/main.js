// The composition root: compiles the wasm core once (shared/core.js) and hands it to every
// worker it starts, builds the panels and wires them to the player and the counting workers.
// No logic of its own. The parts that start closed (Compare, Write it, Make a lesson, the
// exports and their dialogs, the Embed dialog) are fetched on demand (shared/on-demand.js):
// each folder is a chunk of its own, imported here only with import() (.dependency-cruiser.cjs
// checks it), so the first load carries none of them. The offline page (offline/: the service
// worker's registration and the update offer) is fetched the same way, once the page is ready
// and idle, in a production build only.

import './style.css';
import {
  Player, Screen, Controls, installHelp, installPartShortcuts, holdSpaceWhileLoading, COMPARE_SHORTCUTS, address,
  namesCompare, namesExercise, namesClass, dropLinkAnswer, dropTeacherKey,
} from './player/index.js';
import { Stage, ExploredView, fitCounters, installPhoneLayout, installLegendLink, HistoryPanel } from './stage/index.js';
import { Messages } from './shared/messages.js';
import { installLook } from './shared/look.js';
import { startLanguage } from './language/index.js';
import { afterShown, onFileDropped, whenIdle, nextTask } from './shared/dom.js';
import { OnDemand } from './shared/on-demand.js';
import { download } from './shared/download.js';
import { teachingInThisTab } from './shared/class-tab.js';
import { hasWebCodecs, NO_WEBCODECS, disableVideo } from './shared/video-support.js';
import { installCoreConstants } from './shared/core-constants.js';
import { compileCore, startCore, giveCore } from './shared/core.js';
import { CountPool, CountPanel, startCountWorker } from './count/index.js';
import { TreePanel, TreeSizes, startTreeWorker } from './tree/index.js';
import {
  Predict, QuestionPanel, Score, LessonsPanel, LessonStops, YourLessons, Presenter, lessonVocabulary, checkLesson,
  describeState, withoutLesson, BUILT_IN_LESSONS, prompt, Concealer, AnswerInput,
} from './teach/index.js';

/** The page's sections and dialogs, each handed to the part that finds its own elements in it. */
const $ = (id) => document.getElementById(id);
const page = $('page');
const messages = new Messages($('message'));
installLook(document);
startLanguage(document); // the masthead and the parts moved onto the catalogs, in the learner's language
for (const list of document.querySelectorAll('dl.counters')) fitCounters(list);
installPhoneLayout(document);
installLegendLink(document);
window.addEventListener('error', (event) => messages.internalError(event.error ?? event.message));
window.addEventListener('unhandledrejection', (event) => messages.internalError(event.reason));
const toggleHelp = installHelp(document);
const releaseSpace = holdSpaceWhileLoading(document); // until the shortcuts are wired (ready)
/** The page's address as it was opened: the parts loaded later read what it named from here. */
const opened = location.search;
dropTeacherKey(opened); // the live class's key never stays in the address bar
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
  const { countPool, countPanel } = startCountPanel(limits, wasm, () => giveCore(startCountWorker(), module));
  const compare = startCompare(wasm, module);
  // A read-only hook for the benchmark scripts and tests; the page itself does not use it.
  globalThis.bitqueensDebug = Object.freeze({
    wasmMemoryBytes, Search, countPool, countPanel,
    get algorithmRace() { return compare.race(); }, // once Compare is loaded
  });
  const { player, controls, predict, screen, stage, concealer } = startPlayer(wasm, limits, () => giveCore(startTreeWorker(), module));
  // The player has drawn its first state: the rest is wired in a task of its own, so that the
  // first load holds the main thread in two shorter tasks rather than one long one. Not when
  // the link opens a lesson: its first stop is drawn in the same task as the board, no frame
  // of the board before it.
  if (!opensLesson(location)) await nextTask();
  const exports = startExports({ player, stage, controls, concealer });
  const write = startWrite(wasm, { player, controls, stage, compare });
  const lessons = startLessons(wasm, limits, { controls, compare, predict, write });
  const presenter = new Presenter(document, player, lessons, messages);
  const liveClass = startLiveClass(wasm, limits, { player, controls, screen, lessons, concealer, compare });
  // A stop shown or the lesson closed: the presenter's notes, and a live class's students
  // (closing a lesson moves no board, so no redraw would tell them).
  lessons.changed = () => {
    presenter.update();
    liveClass.boardChanged();
  };
  screen.add({ render: () => presenter.update() }); // the presenter's notes follow each redraw
  ready();
  /** What keeps the page busy, so that a new version is not offered now (null: nothing). */
  const busy = () => (lessons.active ? 'a lesson' : presenter.on ? 'the presenter view'
    : liveClass.busy() ? 'a live class' : countPanel.busy ? 'a count' : exports.busy() ? 'an export' : write.busy() ? 'a check in Write it' : null);
  startOfflineWhenIdle({ busy, permalink: () => withoutLesson(controls.permalink()) });
} catch (error) {
  ready(); // the page's message says what failed: it must be read, not inert
  messages.internalError(error, 'The WebAssembly core could not be started');
}

/** True when `address` (a Location) opens a lesson: a built-in one by name (?lesson=) or a
 *  made one carried in the fragment (#lesson=). */
function opensLesson({ search, hash }) {
  return new URLSearchParams(search).has('lesson') || new URLSearchParams(hash.replace(/^#/, '')).has('lesson');
}

/** The core is running (or failed): the controls, inert while it loaded, take clicks. */
function ready() {
  releaseSpace();
  page.inert = false;
  $('lesson-menu').disabled = false;
  $('presenter').disabled = false;
  $('class-button').disabled = false;
  $('loading').hidden = true;
}

/** The offline page, fetched once the page is idle (after its load event): the service worker
 *  is registered and the update offer wired (offline/). Development (`npm start`) registers no
 *  worker, and drops one a production build left at the same address. */
function startOfflineWhenIdle({ busy, permalink }) {
  const production = BITQUEENS_OFFLINE; // webpack's DefinePlugin writes it (webpack.config.js)
  const start = () => import(/* webpackChunkName: "offline" */ './offline/index.js').then(({ startOffline, dropOffline }) => (
    production ? startOffline(document, { busy, permalink }) : dropOffline()
  ), (error) => {
    if (error?.name !== 'ChunkLoadError') throw error; // a bug: the page's error handler shows it
    const status = $('offline-status'); // the network went between the load and now
    status.textContent = `Offline use is not available: its part of the page could not be loaded (${error.message}). The next visit tries again.`;
    status.hidden = false;
  });
  const idle = () => whenIdle(start);
  if (document.readyState === 'complete') idle();
  else window.addEventListener('load', idle, { once: true });
}

/** The count panel, on a pool of one worker per core (at most 16), each started by
 *  `startWorker`; returns both. */
function startCountPanel(limits, core, startWorker) {
  const cores = Math.max(1, Math.min(16, navigator.hardwareConcurrency || 1));
  // Tests (and only tests) slow each sub-problem down, so that a count is still running when
  // they act on it, however fast the machine: tests/support/browser.js sets this.
  const delayMs = Number(globalThis.bitqueensTestHooks?.countDelayMs) || 0;
  const pool = new CountPool(startWorker, cores, { delayMs });
  const panel = new CountPanel($('count-panel'), pool, cores, { limits, core, notice: $('resume-notice'), afterNotice: $('size') });
  return { countPool: pool, countPanel: panel };
}

/** The Compare section: the lanes and the race of the algorithms (each in a worker started
 *  from the compiled `module`), loaded when the section opens or when the link, a lesson or
 *  Run my loop names it. Returns what the page asks of it: show(query) (a lesson's stop) and
 *  runYours(program), each a promise, and lock(said) (a live class followed). */
function startCompare(wasm, module) {
  const section = $('compare');
  let refused = null; // while a live class is followed: what its locked lanes say (lock)
  const compare = new OnDemand(async () => {
    const { Compare, AlgorithmRace, startAlgorithmWorker } = await import(/* webpackChunkName: "compare" */ './compare/index.js');
    const lanes = new Compare(section, wasm);
    lanes.lock(refused);
    const algorithmRace = new AlgorithmRace({
      section, start: $('algorithm-race-start'), stop: $('algorithm-race-stop'),
      status: $('algorithm-race-status'), table: $('algorithm-race-table'), chart: $('algorithm-race-chart'),
    }, wasm.algorithmNames().filter(({ needsProgram }) => !needsProgram), () => giveCore(startAlgorithmWorker(), module)); // Your program needs a loop
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
    /** Locks the lanes' own moves while a live class is followed (`said`: why; null unlocks),
     *  now or once they are loaded. */
    lock(said) {
      refused = said;
      compare.built?.lanes.lock(said);
    },
    /** The race of the algorithms, once Compare is loaded (for the debug hook). */
    race: () => compare.built?.algorithmRace ?? null,
  };
}

/** The stepping search: the stage, the Explored figure (its tree sizes measured in workers
 *  `startTreeSizeWorker` starts), the search tree, Predict, the controls and History, all
 *  parts of the player's one screen. */
function startPlayer({ Search, wholeTree, TreeView, symmetryImages, predictTopics, landmarkNames }, limits, startTreeSizeWorker) {
  // "Go to step" in a solution's detail: the board it goes to is brought into view.
  // While the player is locked (a live class followed) only the teacher's board moves it: a
  // screen reader hears those moves paced (stage/announcer.js).
  const stage = new Stage(page, (step) => { player.seek(step); stage.showBoard(); }, symmetryImages,
    { followed: () => player.readOnly.locked });
  const explored = new ExploredView(page, new TreeSizes(startTreeSizeWorker));
  const screen = new Screen({ keep: stage.keep, failed: (error) => messages.internalError(error) });
  const player = new Player(Search, screen);
  const tree = new TreePanel($('tree-panel'), { wholeTree, TreeView, limits }, player);
  const concealer = new Concealer(stage.bits, $('board'), tree); // Predict's, and the live class's
  const predict = startPredict(predictTopics(), player, concealer);
  const controls = new Controls(page, player, messages, toggleHelp, () => predict.toggle());
  const history = new HistoryPanel($('history-panel'), landmarkNames(), player,
    (step) => withoutLesson(controls.permalink(address(), step)), messages);
  screen.add(predict, stage, explored, tree, controls, history);
  controls.restore(location.search);
  return { player, controls, predict, screen, stage, concealer };
}

/** Said when an export is pressed while a question's answer is hidden. */
const EXPORTS_WAIT = 'The board’s files, the animation, the worksheet and the embed wait until the answer is shown: they would give it away.';

/** The exports (the board and the solutions as files, the worksheet, GIF and MP4, the QR code)
 *  and the Embed dialog: each folder fetched on the first press of one of its buttons. Returns
 *  { busy() }: true while an export is being made. */
function startExports({ player, stage, controls, concealer }) {
  // A file of the step a question is asked at (the board with its marks, the bit rows, an
  // animation of the steps to come, a worksheet, an embed) would give its answer away: while
  // one is open, their buttons say so and do nothing (caught before the exports load or act).
  const revealing = ['export-png', 'export-svg', 'print-worksheet', 'export-gif', 'export-mp4', 'animation-make', 'embed-open'];
  // A dialog open when a question comes (a class's, say) is closed: the embed's preview plays
  // on past the step, and closing the animation's stops a GIF or MP4 being made.
  concealer.onHiding = () => {
    for (const id of ['animation-dialog', 'embed-dialog']) if ($(id)?.open) $(id).close();
  };
  document.addEventListener('click', (event) => {
    if (!concealer.hiding || !revealing.some((id) => event.target.closest?.(`#${id}`))) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    messages.show(EXPORTS_WAIT, 'info');
  }, true);
  const exports = new OnDemand(async () => {
    const { installExports, installWorksheet, installAnimationExport, installQrLink } = await import(/* webpackChunkName: "export" */ './export/index.js');
    installExports(document, player.readOnly, stage.solutions, messages);
    installWorksheet(document, { seen: player.readOnly, permalink: () => withoutLesson(controls.permalink()) });
    const animation = installAnimationExport(document, player.readOnly);
    installQrLink(document, () => controls.permalink()); // the same link as Copy link
    return { busy: animation.busy };
  }, loadFailed('The exports'));
  if (!hasWebCodecs()) disableVideo($('export-mp4'), NO_WEBCODECS); // from the first screen, before the exports load
  exports.buildOnFirstPress(['export-png', 'export-svg', 'export-json', 'export-text', 'print-worksheet', 'export-gif', 'export-mp4', 'show-qr'].map($));
  const embedDialog = new OnDemand(async () => {
    const { EmbedDialog } = await import(/* webpackChunkName: "embed-dialog" */ './embed/index.js');
    return new EmbedDialog(document, player.readOnly, (step) => withoutLesson(controls.permalink(address(), step)));
  }, loadFailed('The Embed dialog'));
  embedDialog.buildOnFirstPress([$('embed-open')]);
  return {
    /** True while an export is being made (once the exports are loaded). */
    busy: () => exports.built?.busy() ?? false,
  };
}

/** The Lessons menu and bar (each stop shown on the player, Compare, Predict and Write it),
 *  the lessons kept in this browser, and Make a lesson, loaded when its panel opens or a
 *  lesson file is dropped on the page. */
function startLessons(wasm, limits, { controls, compare, predict, write }) {
  const known = lessonVocabulary(wasm, limits.maxN);
  const check = (data) => checkLesson(data, known, wasm.Search);
  const lessons = BUILT_IN_LESSONS.map((data) => {
    const read = check(data);
    if (read.problems) throw new Error(`The built-in lesson “${data.slug}” is broken: ${read.problems.join(' ')}`);
    return read.lesson;
  });
  const stops = new LessonStops({
    controls, compare, predict, write, messages, sections: { compare: $('compare'), write: $('write') },
  });
  const panel = new LessonsPanel(document, lessons, (stop) => stops.show(stop), messages,
    { save: () => predict.settings(), restore: (kept) => predict.restoreSettings(kept) });
  predict.inLesson = () => panel.active;
  const yours = new YourLessons({ check, builtIn: lessons.map(({ slug }) => slug), panel });
  const maker = new OnDemand(async () => {
    const { LessonMaker } = await import(/* webpackChunkName: "maker" */ './maker/index.js');
    return new LessonMaker($('lesson-maker'), {
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
  onFileDropped(document, (file) => maker.then((made) => made.open(file)));
  // A made lesson travels whole in the link's fragment: checked as a file is, kept as one opened.
  const linked = { check, adopt: (lesson) => yours.adopt(lesson) };
  panel.restore(location.search, location.hash, linked);
  // A lesson link's fragment typed into the address bar of the open page changes only the
  // fragment (no load): it opens the lesson as a fresh load of that address would, and junk
  // gets the same message. The page's own address rewrites (replaceState) fire no hashchange.
  window.addEventListener('hashchange', () => {
    if (new URLSearchParams(location.hash.replace(/^#/, '')).has('lesson')) panel.restore(location.search, location.hash, linked);
  });
  return panel;
}

/** Write it: the exercises, the editor, the counterexample (Go to this step moves the player),
 *  the score, and Run my loop (a lane of Compare); loaded when its section opens, or when the
 *  link or a lesson names an exercise. Returns what the lessons ask of it: show(slug), a
 *  promise; and busy(), for the update offer. */
function startWrite(core, { player, controls, stage, compare }) {
  const section = $('write');
  const write = new OnDemand(async () => {
    const { WriteIt, WriteScore } = await import(/* webpackChunkName: "write" */ './write/index.js');
    return new WriteIt(section, { exercises: core.exercises, checkAnswer: core.checkAnswer }, {
      score: new WriteScore(),
      messages: new Messages($('write-message')),
      goToStep({ n, mirror, step }) {
        messages.clear();
        controls.show({ speed: player.readOnly.speed, n, mirror, position: step });
        stage.showBoard({ focus: true });
      },
      runLoop(program) {
        compare.runYours(program).then(() => $('compare').scrollIntoView({ block: 'start' }));
      },
      copy: (text) => navigator.clipboard.writeText(text),
      board: () => ({ n: player.readOnly.n, mirror: player.readOnly.mirror }),
    });
  }, loadFailed('Write it'));
  write.buildWhenOpened(section);
  dropLinkAnswer(opened); // Write it reads the answer from `opened` when it is built
  if (namesExercise(opened)) write.then((made) => made.restore(opened));
  return {
    /** True during a check of an answer. */
    busy: () => write.built?.busy ?? false,
    /** A lesson's stop: the section open on exercise `slug`, or closed when null (nothing to
     *  load when Write it was never wanted). */
    show: (slug) => (slug || write.building ? write.then((made) => made.show(slug)) : Promise.resolve()),
  };
}

/** Said when a following student's page is asked to move its board (History, a landmark, a
 *  solution, the tree, a key). */
const FOLLOWING = 'Your board follows the teacher’s: it moves with theirs until the teacher lets the room explore.';
/** Said when the Compare lanes are asked to move meanwhile (their buttons, their keys). */
const LANES_FOLLOWING = 'Your board follows the teacher’s: the lanes move when the teacher lets the room explore.';

/** The live class (class/): loaded on the first press of Live class, or at once when the link
 *  names a class (?class=CODE, ?teach=KEY). A teacher's board drives the room (after each
 *  redraw, and each lesson stop or close: boardChanged()); a student's follows the teacher's,
 *  its lesson included. Returns boardChanged() and busy() (true in a class: the update offer
 *  waits). */
function startLiveClass(wasm, limits, { player, controls, screen, lessons, concealer, compare }) {
  const builtIn = new Set(BUILT_IN_LESSONS.map(({ slug }) => slug));
  const seen = player.readOnly;
  const live = new OnDemand(async () => {
    const { LiveClass } = await import(/* webpackChunkName: "class" */ './class/index.js');
    const made = new LiveClass(document, {
      topics: wasm.predictTopics(),
      prompt,
      // A student answers with Predict's own answer input (its keys, the core's shape).
      answer: (container, question, given) => new AnswerInput(container, question, given),
      download: (filename, text) => download(filename, text, 'text/csv'),
      board() {
        const { lesson, index } = lessons.current;
        const slug = lesson && builtIn.has(lesson.slug) ? lesson.slug : null;
        return { n: seen.n, mirror: seen.mirror, step: seen.position, lesson: slug, stop: slug ? index : null };
      },
      follow({ n, mirror, step, lesson, stop }) {
        if (!(n >= 1 && n <= limits.maxN)) return; // a board this page cannot show: it stays
        // The teacher's lesson first: its stop sets the board, which then goes to the step.
        // The teacher's moves are taken by the locked player (led), no other.
        player.led(() => {
          lessons.follow(lesson, stop);
          if (seen.n === n && seen.mirror === mirror) player.seek(step);
          else controls.show({ speed: seen.speed, n, mirror, position: step });
        });
      },
      // While following, every move of the board but the teacher's is refused, and said; the
      // lock off (explore, or out of the class), that sentence goes (as Compare's does).
      following(on) {
        lessons.readOnly(on);
        player.lock(on ? () => messages.show(FOLLOWING, 'info') : null);
        if (!on && messages.element.textContent === FOLLOWING) messages.clear();
        compare.lock(on ? LANES_FOLLOWING : null);
      },
      // As in Predict: what gives a class question's answer away is hidden until it is shown.
      conceal: (question) => concealer.conceal('class', question),
      asks: (slug) => Boolean(seen.question([slug], 0)),
    });
    made.restore(opened);
    return made;
  }, loadFailed('The live class'));
  live.buildOnFirstPress([$('class-button')]);
  // A class link, or a tab that was teaching before a reload: the class is loaded at once.
  if (namesClass(opened) || teachingInThisTab()) live.get().catch(() => {}); // a failure is said by loadFailed
  const boardChanged = () => live.built?.boardChanged();
  screen.add({ render: boardChanged });
  return { boardChanged, busy: () => live.built?.inClass ?? false };
}

/** Predict mode: the Predict button, the Question region and the score, on the player. */
function startPredict(topics, player, concealer) {
  const score = new Score();
  let predict = null; // the buttons' actions reach it once it is made, below
  const panel = new QuestionPanel($('question'), topics, score, {
    check: () => predict.check(),
    retry: () => predict.retry(),
    show: () => predict.show(),
    proceed: () => predict.proceed(),
    topicsChanged: () => predict.topicsChanged(),
  });
  predict = new Predict(page, panel, score, player, concealer, messages);
  return predict;
}
