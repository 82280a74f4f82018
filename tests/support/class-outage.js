// What a live class's page may log while its class server is away (www/class/class-link.js):
// each probe that finds no server (GET /class/hello, refused) is one console line, "Failed to
// load resource: net::ERR_CONNECTION_REFUSED", and one failed request; a socket opened just as
// the server went fails with a line of its own, and so does the page's service worker's script
// if the browser fetches it then. Tests that stop a server allow these
// (session.expectProblem); tests/e2e/class/class-console.test.js counts them.

/** Each of the problems (as tests/support/browser.js words them) an outage may cause. */
export const OUTAGE_PROBLEMS = [
  /^console error: Failed to load resource: net::ERR_CONNECTION_REFUSED$/,
  /^request failed: http:\/\/127\.0\.0\.1:\d+\/class\/hello$/,
  /WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/class\/ws' failed/,
  // The page's service worker registered (or its update looked for) as the server went.
  /^console error: An unknown error occurred when fetching the script\.$/,
];

/** Allows them in `session` (tests/support/session.js's usePage()) for the current test. */
export const expectOutage = (session) => OUTAGE_PROBLEMS.forEach((problem) => session.expectProblem(problem));
