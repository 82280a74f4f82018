// The look of the page: light or dark theme (following the system unless chosen), and
// Projector mode (large type, high contrast, for a classroom). Both are remembered.
//
// CSS keys only on <html data-theme="light|dark"> and <html data-projector>; "system" is
// resolved here, and followed live when the system setting changes. The browser's own
// colour (the theme-color metas, one per system scheme in index.html) follows the theme
// resolved, not only the system: both metas are given that theme's colour.

import { partsOf } from './dom.js';
import { Kept } from './kept.js';

const THEME_KEY = 'bitqueens.theme';
const PROJECTOR_KEY = 'bitqueens.projector';

// Kept as plain text (not JSON), as earlier versions of the page kept them. Storage can be
// blocked: the page works without it, the choice applied but not remembered.
const remembered = (key, fallback) => new Kept(key).readText() ?? fallback;
const remember = (key, value) => new Kept(key).writeText(value);

/** Wires the Theme select (#theme: system/light/dark) and the Projector toggle button
 *  (#projector), found in `page`; the look is set on `root`. */
export function installLook(page, root = document.documentElement) {
  const { themeSelect, projectorButton } = partsOf(page, { themeSelect: 'theme', projectorButton: 'projector' });
  const systemDark = matchMedia('(prefers-color-scheme: dark)');
  // Each theme's colour, as index.html gives it for that system scheme.
  const metas = [...(root.ownerDocument ?? document).querySelectorAll('meta[name="theme-color"]')];
  const colourOf = {};
  for (const meta of metas) {
    const scheme = /prefers-color-scheme:\s*(light|dark)/.exec(meta.media)?.[1];
    if (scheme) colourOf[scheme] = meta.content;
  }
  const applyTheme = () => {
    const choice = themeSelect.value;
    const theme = choice === 'system' ? (systemDark.matches ? 'dark' : 'light') : choice;
    root.dataset.theme = theme;
    if (colourOf[theme]) for (const meta of metas) meta.content = colourOf[theme];
  };
  themeSelect.value = remembered(THEME_KEY, 'system');
  if (!themeSelect.value) themeSelect.value = 'system'; // an unknown remembered value
  themeSelect.addEventListener('change', () => {
    remember(THEME_KEY, themeSelect.value);
    applyTheme();
  });
  systemDark.addEventListener('change', applyTheme);
  applyTheme();

  const applyProjector = (on) => {
    projectorButton.setAttribute('aria-pressed', String(on));
    root.toggleAttribute('data-projector', on);
  };
  projectorButton.addEventListener('click', () => {
    const on = projectorButton.getAttribute('aria-pressed') !== 'true';
    remember(PROJECTOR_KEY, String(on));
    applyProjector(on);
  });
  applyProjector(remembered(PROJECTOR_KEY, 'false') === 'true');
}
