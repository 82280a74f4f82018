// The embed page's own URL parameters, beside the permalink's (permalink.js): the step range
// the viewer moves in, how it plays, its controls, its panels and its look. Pure; no DOM.
//   embed.html?n=8&pos=40&from=40&to=100&loop=1&autoplay=1&controls=step&panels=board,bits,code&theme=dark

import { clip } from '../player/index.js';

/** The parts an embed can show, in the order they are laid out. */
export const EMBED_PANELS = ['board', 'bits', 'narration', 'code', 'tree', 'counters'];
/** What an embed shows when its link names no panels. */
export const DEFAULT_PANELS = ['board', 'bits'];
/** none: nothing to press (autoplay, loop or the host page drive it); step: Back and Step;
 *  full: Back, Step, Play, Speed and Position. */
export const EMBED_CONTROLS = ['none', 'step', 'full'];
export const DEFAULT_CONTROLS = 'full';
export const EMBED_THEMES = ['light', 'dark', 'projector'];
export const DEFAULT_THEME = 'light';

/** The largest step a link may name: the permalink's own limit (15 digits). */
const STEP = /^\d{1,15}$/;

/**
 * Reads the embed's parameters from a query string. Returns
 * { from, to, loop, autoplay, controls, panels, theme, problems }: `from` a whole number of
 * steps (0 by default), `to` one at least `from` or null (the end of the search), the rest
 * from the lists above; each bad value is replaced by its default, with one sentence in
 * `problems`.
 */
export function readEmbedParams(query) {
  const params = new URLSearchParams(query);
  const problems = [];
  const step = (key, fallback, fallbackWords) => {
    if (!params.has(key)) return fallback;
    const text = params.get(key);
    if (STEP.test(text)) return Number(text);
    problems.push(`The embed asks for ${key}=“${clip(text)}”, which is not a whole number of steps; ${fallbackWords}.`);
    return fallback;
  };
  const from = step('from', 0, 'starting the range at step 0');
  let to = step('to', null, 'the range runs to the end of the search');
  if (to !== null && to < from) {
    problems.push(`The embed asks for steps from ${from} to ${to}, but “from” is past “to”; the range runs from ${from} to the end of the search.`);
    to = null;
  }
  const flag = (key) => {
    if (!params.has(key)) return false;
    const text = params.get(key);
    if (text === '1' || text === '0') return text === '1';
    problems.push(`The embed asks for ${key}=“${clip(text)}”; use 1 (on) or 0 (off). It is off.`);
    return false;
  };
  const loop = flag('loop');
  const autoplay = flag('autoplay');
  const oneOf = (key, allowed, fallback) => {
    if (!params.has(key)) return fallback;
    const text = params.get(key);
    if (allowed.includes(text)) return text;
    problems.push(`The embed asks for ${key}=“${clip(text)}”, which is not one of ${allowed.join(', ')}; using ${fallback}.`);
    return fallback;
  };
  const controls = oneOf('controls', EMBED_CONTROLS, DEFAULT_CONTROLS);
  const theme = oneOf('theme', EMBED_THEMES, DEFAULT_THEME);
  let panels = DEFAULT_PANELS;
  if (params.has('panels')) {
    const asked = params.get('panels').split(',').filter(Boolean);
    const unknown = asked.filter((name) => !EMBED_PANELS.includes(name));
    const known = EMBED_PANELS.filter((name) => asked.includes(name));
    if (unknown.length) {
      problems.push(`The embed names panels it does not have (“${clip(unknown.join(', '))}”); they are left out. It has ${EMBED_PANELS.join(', ')}.`);
    }
    if (known.length) panels = known;
    else problems.push(`The embed names no panel it has; showing ${DEFAULT_PANELS.join(' and ')}.`);
  }
  return { from, to, loop, autoplay, controls, panels, theme, problems };
}

/** The parameters of the page's link that the embed reads (permalink.js); no other. */
const PERMALINK_KEYS = ['n', 'speed', 'pos', 'mirror'];

/**
 * The embed's URL: `embed.html` beside `pageHref`, with the search state of `permalink` (a
 * URL of the main page: its n, speed, pos and mirror, and nothing else of its query) and the
 * embed `options` (the shape readEmbedParams returns; values at their defaults left out).
 */
export function embedLink(pageHref, permalink, options) {
  const url = new URL('embed.html', pageHref);
  const linked = new URL(permalink).searchParams;
  const query = new URLSearchParams();
  for (const key of PERMALINK_KEYS) if (linked.has(key)) query.set(key, linked.get(key));
  const { from, to, loop, autoplay, controls, panels, theme } = options;
  if (from > 0) query.set('from', from);
  if (to !== null && to !== undefined) query.set('to', to);
  if (loop) query.set('loop', '1');
  if (autoplay) query.set('autoplay', '1');
  if (controls !== DEFAULT_CONTROLS) query.set('controls', controls);
  const ordered = EMBED_PANELS.filter((name) => panels.includes(name));
  if (ordered.join() !== DEFAULT_PANELS.join()) query.set('panels', ordered.join(','));
  if (theme !== DEFAULT_THEME) query.set('theme', theme);
  url.search = query.toString();
  return url.href;
}

/** The `<iframe>` that embeds `src`: every attribute value escaped, so that any URL and title
 *  give well-formed HTML. */
export function embedSnippet(src, { width, height, title }) {
  const attribute = (text) => String(text).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<iframe src="${attribute(src)}" width="${Number(width)}" height="${Number(height)}" title="${attribute(title)}" loading="lazy" style="border:0"></iframe>`;
}
