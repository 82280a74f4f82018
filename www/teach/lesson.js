// A lesson: a list of stops, each a state of the page (the permalink's query, Compare's
// parameters included), a short note, and optionally a Predict question topic. A stop whose
// state names `exercise=SLUG` is an exercise stop: it opens Write it on that exercise. Lessons come
// as JSON (the built-in ones in www/lessons/, a teacher's from a file); this module reads and
// checks one, and writes one back. Pure; no DOM.
//
//   { "slug": "three-masks", "title": "The three masks",
//     "stops": [ { "state": "n=6&pos=9", "note": "…", "ask": "next-row" } ] }

import { readPermalink, readComparePermalink, SPEEDS, DEFAULT_SPEED } from '../player/index.js';
import { MAX_COMPARE_SIZE } from '../shared/board-size.js';
import { grouped } from '../shared/format.js';

/** The longest note a stop may carry, and the most stops a lesson may have. */
export const MAX_NOTE = 2000;
export const MAX_STOPS = 200;
/** The furthest step a stop may name: reached in about a second in any browser. */
export const MAX_STOP_POSITION = 20_000_000;

const SLUG = /^[a-z0-9][a-z0-9-]{0,59}$/;

/**
 * Reads `data` (parsed JSON) as a lesson. `known` = {maxN, maxCompareN, algorithms (slugs),
 * topics (slugs), exercises (slugs), speeds, defaultSpeed}. Returns {lesson} with every stop's
 * state read ({query, player, compare, ask, exercise, note}), or {problems: [sentences]}, each
 * naming the stop and what is wrong.
 */
export function readLesson(data, known) {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) {
    return { problems: ['This is not a lesson: a lesson file is a JSON object with a title and a list of stops.'] };
  }
  const problems = [];
  const title = typeof data.title === 'string' ? data.title.trim().slice(0, 120) : '';
  if (!title) problems.push('The lesson has no title (a "title" text).');
  const slug = typeof data.slug === 'string' && SLUG.test(data.slug) ? data.slug : slugOf(title);
  if (!Array.isArray(data.stops) || data.stops.length === 0) {
    problems.push('The lesson has no stops (a "stops" list with at least one).');
    return { problems };
  }
  if (data.stops.length > MAX_STOPS) {
    return { problems: [...problems, `The lesson has ${data.stops.length} stops; at most ${MAX_STOPS} are allowed.`] };
  }
  const stops = data.stops.map((stop, i) => readStop(stop, i + 1, known, problems));
  return problems.length ? { problems } : { lesson: { slug, title, stops } };
}

function readStop(stop, number, known, problems) {
  const where = `Stop ${number}`;
  if (stop === null || typeof stop !== 'object' || Array.isArray(stop)) {
    problems.push(`${where} is not a stop: it must be an object with a "state" and a "note".`);
    return null;
  }
  const query = typeof stop.state === 'string' ? stop.state.replace(/^\?/, '') : null;
  if (query === null || query.length > 500) {
    problems.push(`${where} has no state: "state" must be the query of a link to the page, such as "n=6&pos=12".`);
    return null;
  }
  if (query.startsWith('?')) {
    // The query's own reader would take a second "?" away too, and the stop be kept with it.
    problems.push(`${where}: its state starts with more than one "?"; write it as the query of a link, such as "n=6&pos=12".`);
    return null;
  }
  const params = new URLSearchParams(query);
  const allowed = ['n', 'speed', 'pos', 'mirror', 'compare', 'cn', 'cnode', 'cmirror', 'exercise'];
  const unknown = [...params.keys()].filter((key) => !allowed.includes(key));
  if (unknown.length) problems.push(`${where}: the state names “${clip(unknown.join(', '))}”, which the page does not know (it knows ${allowed.join(', ')}).`);
  const player = readPermalink(query, known.speeds, known.defaultSpeed, known.maxN);
  const compare = readComparePermalink(query, known.algorithms, { algorithms: known.algorithms.slice(0, 2), n: 6 }, known.maxCompareN);
  for (const problem of [...player.problems, ...(compare?.problems ?? [])]) problems.push(`${where}: ${problem}`);
  if (player.position > MAX_STOP_POSITION) {
    problems.push(`${where}: step ${player.position} is further than a lesson may go (${MAX_STOP_POSITION}).`);
  }
  if (compare && compare.position !== Infinity && compare.position > MAX_STOP_POSITION) {
    problems.push(`${where}: Compare node ${compare.position} is further than a lesson may go (${MAX_STOP_POSITION}).`);
  }
  let exercise = null;
  if (params.has('exercise')) {
    const asked = params.get('exercise');
    if ((known.exercises ?? []).includes(asked)) exercise = asked;
    else problems.push(`${where}: the state names exercise “${clip(asked)}”, which is not one of the Write it exercises.`);
  }
  const note = typeof stop.note === 'string' ? stop.note.trim() : '';
  if (note.length > MAX_NOTE) problems.push(`${where}: its note is ${note.length} characters long; at most ${MAX_NOTE}.`);
  let ask = null;
  if (stop.ask !== undefined && stop.ask !== null) {
    if (known.topics.includes(stop.ask)) ask = stop.ask;
    else {
      // Quoted as JSON unless a string: String() made an object “[object Object]” and the
      // list ["next-row"] a topic's very name.
      const asked = typeof stop.ask === 'string' ? stop.ask : JSON.stringify(stop.ask);
      problems.push(`${where} asks about “${clip(asked)}”, which is no question topic (use one of ${known.topics.join(', ')}).`);
    }
  }
  return { query, player, compare, note, ask, exercise };
}

/**
 * A stop's state as a person reads it, for the lesson maker's list: "6×6, step 5",
 * "8×8, mirror symmetry, step 1,200; Compare board-scan, richards (9×9) at node 40".
 * `known` is readLesson's. What cannot be read is said as the page would open it.
 */
export function describeState(query, known) {
  const player = readPermalink(query, known.speeds, known.defaultSpeed, known.maxN);
  let text = `${player.n}×${player.n}${player.mirror ? ', mirror symmetry' : ''}, step ${grouped(player.position)}`;
  const compare = readComparePermalink(query, known.algorithms, { algorithms: known.algorithms.slice(0, 2), n: 6 }, known.maxCompareN);
  if (compare) {
    const at = compare.position === Infinity ? 'at the end' : `at node ${grouped(compare.position)}`;
    text += `; Compare ${compare.algorithms.join(', ')} (${compare.n}×${compare.n}) ${at}`;
  }
  const exercise = new URLSearchParams(query).get('exercise');
  if (exercise !== null && (known.exercises ?? []).includes(exercise)) text += `; Write it: ${exercise}`;
  return text;
}

/** The lesson as JSON text, in the shape readLesson reads. */
export function writeLesson(lesson) {
  return `${JSON.stringify({
    slug: lesson.slug,
    title: lesson.title,
    stops: lesson.stops.map(({ query, note, ask }) => ({ state: query, note, ...(ask ? { ask } : {}) })),
  }, null, 2)}\n`;
}

/** A slug made from a title: "Dead ends" → "dead-ends". */
export function slugOf(title) {
  return title.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 60) || 'lesson';
}

function clip(text) {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * The steps a lesson may ask the page to replay to check its stops, in all: each board's
 * search (and each comparison's lanes) runs once, to its farthest stop. A lesson of many far
 * stops on many boards would hold the page for minutes.
 */
export const MAX_LESSON_REPLAY = 60_000_000;

/**
 * The stops of a lesson (read) whose state the search never reaches, one sentence each,
 * naming the stop: a step past the end of its search, or a Compare node past the end of its
 * lanes; or one sentence if checking them would replay more than MAX_LESSON_REPLAY steps.
 * `Search` is the core's class. Stops on the same board are checked along one search, in
 * order of position.
 */
export function unreachableStops(lesson, Search) {
  const problems = [];
  const groups = new Map();
  const join = (key, entry) => groups.set(key, [...(groups.get(key) ?? []), entry]);
  lesson.stops.forEach((stop, i) => {
    const { n, mirror, position } = stop.player;
    join(`player ${n} ${mirror}`, { i, position, make: () => new Search(n, mirror), n, mirror });
    const compare = stop.compare;
    if (!compare || compare.position === Infinity) return;
    join(`compare ${compare.n} ${compare.mirror} ${compare.algorithms[0]}`, {
      i, position: compare.position, n: compare.n, compare: true,
      make: () => new Search(compare.n, compare.mirror, compare.algorithms[0]),
    });
  });
  const replay = [...groups.values()].reduce((sum, group) => sum + Math.max(...group.map((e) => e.position)), 0);
  if (replay > MAX_LESSON_REPLAY) {
    return [`Checking its stops would replay ${replay.toLocaleString('en')} steps of search, more than the ${MAX_LESSON_REPLAY.toLocaleString('en')} a lesson may ask for: use fewer boards or nearer stops.`];
  }
  for (const group of groups.values()) {
    group.sort((a, b) => a.position - b.position);
    const search = group[0].make();
    try {
      for (const { i, position, n, mirror, compare } of group) {
        if (compare) {
          search.seekNodes(position, 0xffffffff);
          if (search.nodeEvents < position) {
            problems.push([i, `Stop ${i + 1}: the ${n}×${n} comparison ends after ${search.nodeEvents} nodes; there is no node ${position}.`]);
          }
        } else {
          search.seek(position, MAX_STOP_POSITION, 0);
          if (search.steps < position) {
            problems.push([i, `Stop ${i + 1}: the ${n}×${n} search${mirror ? ' in mirror mode' : ''} ends at step ${search.steps}; there is no step ${position}.`]);
          }
        }
      }
    } finally {
      search.free();
    }
  }
  return problems.sort((a, b) => a[0] - b[0]).map(([, sentence]) => sentence);
}

/**
 * What a lesson may name, read from the core (`algorithmNames`, `predictTopics`, `exercises`
 * and the player's largest board, `maxN`): the `known` that readLesson and describeState take.
 */
export function lessonVocabulary({ algorithmNames, predictTopics, exercises }, maxN) {
  return {
    maxN, maxCompareN: MAX_COMPARE_SIZE, speeds: SPEEDS, defaultSpeed: DEFAULT_SPEED,
    // Your program needs the learner's loop: no lesson can name it.
    algorithms: algorithmNames().filter(({ needsProgram }) => !needsProgram).map(({ slug }) => slug),
    topics: predictTopics().map(({ slug }) => slug), exercises: exercises().map(({ slug }) => slug),
  };
}

/** Reads `data` as a lesson whose every stop the core's `Search` reaches: {lesson} or
 *  {problems} (readLesson's, or unreachableStops'). */
export function checkLesson(data, known, Search) {
  const read = readLesson(data, known);
  const problems = read.lesson ? unreachableStops(read.lesson, Search) : read.problems;
  return problems.length ? { problems } : read;
}
