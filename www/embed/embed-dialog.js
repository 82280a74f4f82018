// The Embed dialog of the main page: builds the <iframe> of the embed page (embed.html) for
// the search on screen, in the step range and with the options chosen, shows it live and
// copies its code. The URL and the snippet are embed-params.js's; this file is the form.

import { EMBED_PANELS, DEFAULT_PANELS, embedLink, embedSnippet } from './embed-params.js';
import { setText, partsOf } from '../shared/dom.js';

/** The range offered when the dialog opens: from the step on screen, this many steps. */
const DEFAULT_RANGE = 60;
/** Waits this long after a change before reloading the preview (ms). */
const PREVIEW_DELAY_MS = 300;

const PANEL_LABELS = {
  board: 'Board', bits: 'Bit rows', narration: 'Narration', code: 'Code', tree: 'Search tree', counters: 'Counters',
};

export class EmbedDialog {
  /**
   * @param {Document|Element} root holds its parts: open (the Embed button), dialog, form,
   *   from, to, controls, theme, size, panels, autoplay, loop, problem, preview, snippet, copy
   * @param {object} seen player.readOnly, what the panels may read of the player
   * @param {Function} permalink (step) => the page's permalink at that step, without a lesson
   */
  constructor(root, seen, permalink) {
    const ui = partsOf(root, {
      open: 'embed-open', dialog: 'embed-dialog', form: 'embed-form', from: 'embed-from', to: 'embed-to',
      controls: 'embed-controls', theme: 'embed-theme', size: 'embed-size', panels: 'embed-panels',
      autoplay: 'embed-autoplay', loop: 'embed-loop', problem: 'embed-problem', preview: 'embed-preview',
      snippet: 'embed-snippet', copy: 'embed-copy',
    });
    Object.assign(this, { ui, seen, permalink });
    this.timer = null;
    this.panelBoxes = EMBED_PANELS.map((name) => {
      const label = document.createElement('label');
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.value = name;
      box.checked = DEFAULT_PANELS.includes(name);
      label.append(box, ` ${PANEL_LABELS[name]}`);
      ui.panels.append(label);
      return box;
    });
    ui.open.addEventListener('click', () => this.open());
    ui.form.addEventListener('input', () => this.changed());
    ui.form.addEventListener('submit', (event) => event.preventDefault());
    ui.copy.addEventListener('click', () => this.copy());
    ui.dialog.addEventListener('close', () => {
      clearTimeout(this.timer);
      ui.preview.removeAttribute('src'); // stops the preview's search
    });
  }

  /** Opens on the step on screen, DEFAULT_RANGE steps on (or to the end of the search, when
   *  it is nearer: a copy of the search looks ahead). */
  open() {
    const { ui, seen } = this;
    ui.from.value = seen.position;
    const ahead = seen.fork();
    try {
      ahead.seek(seen.position + DEFAULT_RANGE, DEFAULT_RANGE, 0);
      ui.to.value = ahead.steps;
    } finally {
      ahead.free();
    }
    ui.dialog.showModal();
    this.update();
  }

  changed() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.update(), PREVIEW_DELAY_MS);
  }

  /** The form read: {ok: true, options, width, height} or {ok: false, problem}. */
  read() {
    const { ui } = this;
    const whole = (input) => (/^\d{1,15}$/.test(input.value) ? Number(input.value) : null);
    const from = whole(ui.from);
    if (from === null) return { ok: false, problem: '“From step” must be a whole number of steps (0 is the start).' };
    const to = ui.to.value === '' ? null : whole(ui.to);
    if (ui.to.value !== '' && to === null) return { ok: false, problem: '“To step” must be a whole number of steps, or empty for the end of the search.' };
    if (to !== null && to < from) return { ok: false, problem: `“To step” (${to}) is before “From step” (${from}): the range would be empty.` };
    const panels = this.panelBoxes.filter((box) => box.checked).map((box) => box.value);
    if (!panels.length) return { ok: false, problem: 'Choose at least one panel to show.' };
    const [width, height] = ui.size.value.split('x').map(Number);
    return {
      ok: true,
      width,
      height,
      options: {
        from, to, panels, controls: ui.controls.value, theme: ui.theme.value,
        autoplay: ui.autoplay.checked, loop: ui.loop.checked,
      },
    };
  }

  /** Rebuilds the link, the snippet and the preview from the form (a bad form is explained). */
  update() {
    const { ui, seen } = this;
    const read = this.read();
    ui.problem.hidden = read.ok;
    setText(ui.problem, read.ok ? '' : read.problem);
    ui.copy.disabled = !read.ok;
    if (!read.ok) return;
    const { options, width, height } = read;
    const src = embedLink(location.href, this.permalink(options.from), options);
    const range = options.to === null ? `from step ${options.from} to the end` : `steps ${options.from} to ${options.to}`;
    const title = `bitqueens: the ${seen.n}×${seen.n} board, ${range}`;
    ui.snippet.value = embedSnippet(src, { width, height, title });
    ui.preview.style.width = `${width}px`;
    ui.preview.style.aspectRatio = `${width} / ${height}`;
    if (ui.preview.src !== src) ui.preview.src = src;
  }

  async copy() {
    const { ui } = this;
    try {
      await navigator.clipboard.writeText(ui.snippet.value);
      setText(ui.copy, 'Copied');
    } catch {
      ui.snippet.select(); // the browser refused: selected, for Ctrl+C
      setText(ui.copy, 'Press Ctrl+C to copy');
    }
    setTimeout(() => setText(ui.copy, 'Copy the code'), 2000);
  }
}
