// The constants the wasm core defines and the page reads, never copies: the published counts
// (OEIS A000170 and A002562, as far as a JS number holds them exactly) and the counting
// methods (slug, name, default, size caps, work unit, how the unique count is made…). The page's root installs them once the
// core has loaded (main.js, embed.js), before any panel is made; reading one before that is
// a bug, and throws.

let constants = null;

/** Takes the constants from the loaded core (its publishedCounts() and countingMethods()). */
export function installCoreConstants(core) {
  const { totals, uniques } = core.publishedCounts();
  constants = { totals, uniques, methods: core.countingMethods() };
}

function read() {
  if (constants === null) throw new Error('The core’s constants were read before the core was loaded.');
  return constants;
}

/** {total, unique} for an n×n board, or null when n is beyond the tables. */
export function published(n) {
  const { totals, uniques } = read();
  return Number.isInteger(n) && n >= 1 && n <= totals.length ? { total: totals[n - 1], unique: uniques[n - 1] } : null;
}

/** The largest board whose published counts a JS number holds exactly. */
export const largestPublished = () => read().totals.length;

/** The counting methods, the default first: [{slug, name, counter, largestN,
 *  browserLargestN, askAbove, workUnit, uniqueCount ('parts' or 'burnside'), isDefault}]
 *  (the core's count::Method::about()). */
export const countingMethods = () => read().methods;

/** The slug of the method a count uses when none is chosen (the core's Method::default()). */
export const defaultCountingMethod = () => read().methods.find((method) => method.isDefault).slug;

/** The method `slug` names, or null. */
export const countingMethod = (slug) => read().methods.find((method) => method.slug === slug) ?? null;
