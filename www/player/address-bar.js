// The address bar, kept on the permalink of what is on screen. Each part of the page (the
// player's controls, the Compare section, the lessons) rewrites its own parameters of the URL.
//
// history.replaceState is dear (a round trip to the browser), and a key held down or a burst
// of events may ask for it many times in one task. So a rewrite is only noted, and the URL is
// written once, at the end of the task (a microtask): whoever reads location after the event
// sees it current, and a burst writes it once.
//
// Browsers also refuse a page that rewrites its address too often: Safari throws a
// SecurityError past 100 writes in 30 s, Firefox past 200 in 10 s, and Chromium ignores them
// silently past 200 in 10 s (→ held down for 7 s, or a class stepping through a lesson). A
// write refused either way is not lost: the rewrites are kept and tried again every
// RETRY_MS, and until one lands, new rewrites wait for that retry instead of being refused
// one by one. address() is the address with the rewrites not written yet.

export const RETRY_MS = 1000;

const rewrites = new Map(); // owner → (href) => href, the latest of each owner not written yet
let queued = false;   // a write is queued for the end of this task
let retrying = false; // a write was refused: the next is tried by a timer

/** Asks for the URL to be rewritten by `rewrite(href)` (the owner's latest rewrite wins). */
export function rewriteAddress(owner, rewrite) {
  rewrites.set(owner, rewrite);
  if (queued || retrying) return; // the write queued, or the retry, applies it
  queued = true;
  queueMicrotask(write);
}

/** The page's address with every rewrite asked for, written or not (a link to copy). */
export function address() {
  let href = location.href;
  for (const rewrite of rewrites.values()) href = rewrite(href);
  return new URL(href, location.href).href;
}

function write() {
  queued = false;
  const href = address();
  if (href !== location.href) {
    try {
      history.replaceState(null, '', href);
    } catch {
      // Refused (Safari, Firefox): tried again below.
    }
    if (location.href !== href) {
      retrying = true;
      setTimeout(() => {
        retrying = false;
        write();
      }, RETRY_MS);
      return;
    }
  }
  rewrites.clear();
}

/** The owner of the rewrite that takes the teacher key out (dropTeacherKey). */
const TEACHER_KEY_READ = Symbol('the teacher key, read');

/**
 * Takes the teacher key (`teach=`, the live class's teacher link) out of the address bar at
 * once: Copy link, the QR code and Embed read the address, and the key must not travel with
 * them. The live class reads it from the query the page was opened with.
 */
export function dropTeacherKey(query) {
  if (!new URLSearchParams(query).has('teach')) return;
  rewriteAddress(TEACHER_KEY_READ, (href) => {
    const url = new URL(href);
    url.searchParams.delete('teach');
    return url.href;
  });
}

/** The owner of the rewrite that takes a link's answer out (dropLinkAnswer). */
const ANSWER_READ = Symbol('a link answer, read');

/**
 * Takes the learner's answer (`answer=`, Write it's) out of the address bar at once, when the
 * page was opened with one: it is the learner's, and Copy link, the QR code and Embed read the
 * address. Whoever needs it reads it from the query the page was opened with.
 */
export function dropLinkAnswer(query) {
  if (!new URLSearchParams(query).has('answer')) return;
  rewriteAddress(ANSWER_READ, (href) => {
    const url = new URL(href);
    url.searchParams.delete('answer');
    return url.href;
  });
}
