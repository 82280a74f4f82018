// "Check a shard": reading the JSON of `bitqueens count N --shard I/K --json` (see
// cli/src/report.rs), choosing the sample to count again and comparing. Pure: no DOM, no
// workers; the count panel does the counting.

import { countingMethods, countingMethod, largestPublished } from '../shared/core-constants.js';

const isCount = (value) => Number.isSafeInteger(value) && value >= 0;

/** The method of a report that names none: reports written before there were two methods
 *  are the backtracking counter's (as the CLI reads them). */
const METHOD_OF_OLD_REPORTS = 'backtrack';

/**
 * Reads a shard report, of a board up to `largestBoard` (the core's), by one of the core's
 * counting methods (count::Method: each has its largest board, and says how its unique
 * count is made: by its parts, or from the whole total by Burnside's lemma). Above
 * largestPublished() (25) a shard's counts may not fit a JS number exactly: such a shard is
 * sent to `bitqueens verify`. Resolves to {ok: true,
 * shard: {n, method, what, fingerprint, allSubProblems, parts: [[index, total, unique,
 * work], …], total, unique}} or {ok: false, message} where the message says what is wrong,
 * in the words of the CLI's own checks, save the work, told in its method's unit. The file
 * names a count's work `nodes`, whatever its unit: the name predates the glossary. A meet shard's
 * `unique` is null: its parts have none (the unique count comes from the whole total).
 */
export function parseShard(text, largestBoard) {
  if (!text.trim()) return { ok: false, message: 'Paste or drop the JSON of a shard first (bitqueens count N --shard I/K --json).' };
  let r;
  try {
    r = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `This is not JSON (${error.message}): paste the whole output of bitqueens count N --shard I/K --json.` };
  }
  const bad = (why) => ({ ok: false, message: `This is not a shard from bitqueens count --json: ${why}.` });
  if (r === null || typeof r !== 'object' || Array.isArray(r)) return bad('it is not a JSON object');
  const method = r.method ?? METHOD_OF_OLD_REPORTS;
  const about = countingMethod(method);
  if (!about) return bad(`its “method” is not ${countingMethods().map(({ slug }) => slug).join(' or ')}`);
  const partsHaveUnique = about.uniqueCount === 'parts'; // else Burnside's, from the whole total
  for (const key of ['n', 'total', 'nodes', 'allSubProblems']) {
    if (!isCount(r[key])) return bad(`“${key}” is not a whole number`);
  }
  // The backtracking counter's parts add up to the unique count; the meet counter's have none,
  // so only a whole meet count (no shard) gives one, from its total.
  const whole = r.shard === null || r.shard === undefined;
  if (partsHaveUnique && !isCount(r.unique)) return bad('“unique” is not a whole number');
  if (!partsHaveUnique && !(r.unique === null || r.unique === undefined || (whole && isCount(r.unique)))) {
    return bad(whole ? '“unique” is not a whole number' : `it gives a unique count for a shard of ${about.counter}, which has none`);
  }
  if (r.n < 1 || r.n > largestBoard) return bad(`N = ${r.n} is not a board size (1 to ${largestBoard})`);
  if (r.n > largestPublished()) {
    return { ok: false, message: `N = ${r.n}: above ${largestPublished()} the counts don't fit a JavaScript number exactly. Check this shard with bitqueens verify FILE.` };
  }
  if (r.n > about.largestN) return bad(`${about.counter} counts boards up to ${about.largestN}×${about.largestN}, and it says N = ${r.n}`);
  if (typeof r.fingerprint !== 'string' || !/^[0-9a-f]{16}$/.test(r.fingerprint)) return bad('its “fingerprint” is not 16 hex digits');
  // A whole count's JSON is a summary unless written with --parts: nothing to count again.
  if (r.indices === undefined && r.parts === undefined) {
    return { ok: false, message: 'This is the summary of a count (bitqueens count N --json), without each sub-problem’s counts: check a shard (bitqueens count N --shard I/K --json) or a count written with --parts.' };
  }
  if (!Array.isArray(r.indices) || !Array.isArray(r.parts)) return bad('it has no “indices” and “parts”');
  const shard = r.shard ?? null;
  if (shard !== null && !(Number.isSafeInteger(shard.index) && Number.isSafeInteger(shard.of) && shard.index >= 1 && shard.index <= shard.of)) {
    return bad('its “shard” is not {index: I, of: K} with 1 ≤ I ≤ K');
  }
  // Listed no further than one past the file's own list: a file may claim up to 2^53 - 1
  // sub-problems, and listing them all held the page until it ran out of memory.
  const expected = [];
  for (let i = shard ? shard.index - 1 : 0; i < r.allSubProblems && expected.length <= r.indices.length; i += shard ? shard.of : 1) expected.push(i);
  const what = shard ? `shard ${shard.index}/${shard.of}` : 'the whole count';
  const damaged = 'the file was changed or damaged after it was written';
  if (r.indices.length !== expected.length || r.indices.some((index, k) => index !== expected[k])) {
    return bad(`its indices are not those of ${what} of ${r.allSubProblems} sub-problems: ${damaged}`);
  }
  if (r.parts.length !== expected.length || r.parts.some((p, k) => !Array.isArray(p) || p.length !== 4 || !p.every(isCount) || p[0] !== expected[k])) {
    return bad(`its parts do not match its indices: ${damaged}`);
  }
  const sum = [0, 0, 0];
  for (const p of r.parts) for (let k = 0; k < 3; k++) sum[k] += p[k + 1];
  if (sum[0] !== r.total || sum[2] !== r.nodes) {
    return bad(`its parts add up to ${sum[0]} solutions and ${sum[2]} ${about.workUnit}, but it says ${r.total} and ${r.nodes}: ${damaged}`);
  }
  if (partsHaveUnique && sum[1] !== r.unique) {
    return bad(`its parts add up to ${sum[1]} unique solutions, but it says ${r.unique}: ${damaged}`);
  }
  if (!partsHaveUnique && sum[1] !== 0) return bad(`it gives unique counts for parts of ${about.counter}, which has none: ${damaged}`);
  // Checked last, as the CLI does (report.rs check), so that both name the same damage first.
  const over = r.parts.find((p) => p[2] > p[1]);
  if (over) return bad(`sub-problem ${over[0]} has more unique solutions than solutions: ${damaged}`);
  return {
    ok: true,
    shard: { n: r.n, method, what, piece: shard ? { index: shard.index, of: shard.of } : null, fingerprint: r.fingerprint, allSubProblems: r.allSubProblems, parts: r.parts, total: r.total, unique: r.unique ?? null },
  };
}

/**
 * `k` distinct positions of 0..len-1 (all when k >= len), in increasing order, chosen with
 * `random()` (a function returning a number in [0, 1), like Math.random).
 */
export function sample(len, k, random = Math.random) {
  const positions = Array.from({ length: len }, (_, i) => i);
  const take = Math.min(k, len);
  // Invariant: positions[0..i) are the picks so far, positions[i..) the ones left.
  for (let i = 0; i < take; i++) {
    const j = i + Math.floor(random() * (len - i));
    [positions[i], positions[j]] = [positions[j], positions[i]];
  }
  return positions.slice(0, take).sort((a, b) => a - b);
}

/**
 * Compares the shard's parts at `positions` with the same sub-problems counted again
 * (`recounted`: Map index → [total, unique, work]). Returns [{index, said, again, agrees}].
 */
export function compareParts(shard, positions, recounted) {
  return positions.map((position) => {
    const [index, ...said] = shard.parts[position];
    const again = recounted.get(index);
    const agrees = Boolean(again) && said.every((value, k) => value === again[k]);
    return { index, said, again, agrees };
  });
}
