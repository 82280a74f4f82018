// How long the end-to-end tests wait for a state before they fail: one factor for every bound,
// read in this one place. Every wait is for a state, never for a time; a bound only says when
// to give up on a state that never comes. A slow machine (one core, a busy one, a small VM)
// reaches the same states later, so it widens all the bounds together:
//
//   BITQUEENS_TIME_SCALE=3 node --test tests/e2e/class/live-class.test.js
//
// `npm run test:stress` sets it for its pinned and busy runs (scripts/test-stress.sh). The
// bounds it scales: Playwright's default for every action and wait (browser.js's launch(),
// 30 s at 1), the count panel's waits (count-panel.js, 60 s at 1), and any a test passes
// through patience().

/** The factor (a number from 1 to 100; 1 when unset): each bound is multiplied by it. */
export const TIME_SCALE = readTimeScale(process.env.BITQUEENS_TIME_SCALE);

/** `text` (BITQUEENS_TIME_SCALE) read as the factor; a value that is not a number from 1 to
 *  100 stops the tests with a sentence that says what to set, rather than a bound of NaN. */
export function readTimeScale(text) {
  if (text === undefined || text.trim() === '') return 1;
  const scale = Number(text);
  if (!Number.isFinite(scale) || scale < 1 || scale > 100) {
    throw new Error(`BITQUEENS_TIME_SCALE is "${text}": set it to a number from 1 to 100 (how many times longer the tests wait for a state), or unset it.`);
  }
  return scale;
}

/** A bound of `ms` milliseconds at scale 1, widened by the factor. */
export const patience = (ms) => Math.round(ms * TIME_SCALE);

/** Playwright's own default for an action or a wait, at scale 1. */
export const PLAYWRIGHT_DEFAULT_MS = 30_000;
