// Make a lesson: a teacher adds what is on screen as a stop with a note, reorders and deletes
// stops, downloads the lesson as JSON, and opens a lesson file (the file picker, or a file
// dropped on the page: main.js hands it to open()). The draft is kept in this browser
// (localStorage), and the lessons opened join "Your lessons" (teach/your-lessons.js). A file
// that is not a lesson, or a stop that names a state the search never reaches, is refused with
// a message naming the stop; the page keeps working.

import { writeLesson } from '../teach/index.js';
import { readKept, writeKept } from '../shared/kept.js';
import { partsOf } from '../shared/dom.js';
import { Messages } from '../shared/messages.js';

const DRAFT_KEY = 'bitqueens.lesson.draft';
/** The largest lesson file opened, in bytes. */
const MAX_FILE_BYTES = 1_000_000;

export class LessonMaker {
  /**
   * @param {Element} root the section (#lesson-maker), holding its parts: title, note, add,
   *   stops, play, download, file
   * @param {object} with
   *   check(data) → {lesson} or {problems}: readLesson and unreachableStops together
   *   onScreen() → {query, ask}: the state on screen, as a stop's
   *   describe(query) → the stop's state in words ("6×6, step 5"), for the list
   *   lessons: the LessonsPanel (offer, open)
   *   yours: the YourLessons kept in this browser (keep, apart, slugFor)
   *   save(filename, text): a download
   *   messages: the page's message line
   */
  constructor(root, { check, onScreen, describe, lessons, yours, save, messages }) {
    const ui = partsOf(root, {
      title: 'maker-title', note: 'maker-note', add: 'maker-add', stops: 'maker-stops', play: 'maker-play',
      download: 'maker-download', file: 'maker-file', message: 'maker-message',
    });
    Object.assign(this, { ui, check, onScreen, describe, lessons, yours, save, messages });
    /** What is wrong with the draft, said beside its buttons (where the teacher looks). */
    this.draftMessages = new Messages(ui.message);
    // What the browser kept may be anything (another version, a hand edit): only a draft
    // with a list of stops, each an object with a state, is taken.
    this.draft = readKept(DRAFT_KEY, null);
    const stopsKept = this.draft?.stops;
    if (!Array.isArray(stopsKept) || !stopsKept.every((stop) => typeof stop?.state === 'string')) {
      this.draft = { title: '', stops: [] };
    }
    ui.title.value = typeof this.draft.title === 'string' ? this.draft.title : '';
    ui.title.addEventListener('input', () => {
      this.draft.title = ui.title.value;
      this.draftMessages.clear();
      this.keep();
    });
    ui.add.addEventListener('click', () => this.add());
    ui.play.addEventListener('click', () => this.play());
    ui.download.addEventListener('click', () => this.download());
    ui.file.addEventListener('change', () => {
      const [file] = ui.file.files;
      if (file) this.open(file);
      ui.file.value = '';
    });
    this.render();
  }

  /** Adds what is on screen as the last stop, with the note typed. */
  add() {
    const { query, ask } = this.onScreen();
    this.draft.stops.push({ state: query, note: this.ui.note.value.trim(), ...(ask ? { ask } : {}) });
    this.ui.note.value = '';
    this.keep();
    this.render();
    this.messages.show(`Stop ${this.draft.stops.length} added: ${this.describe(query)}.`, 'info');
  }

  move(index, by) {
    const { stops } = this.draft;
    const to = index + by;
    if (to < 0 || to >= stops.length) return;
    [stops[index], stops[to]] = [stops[to], stops[index]];
    this.keep();
    this.render();
    this.ui.stops.querySelectorAll('li')[to]?.querySelector(`button[data-by="${by}"]`)?.focus();
  }

  remove(index) {
    this.draft.stops.splice(index, 1);
    this.keep();
    this.render();
  }

  /** The draft as a lesson, or null after saying what is wrong with it, beside the buttons
   *  (a missing title in the page's words, the focus then in the Title field). */
  lesson() {
    const title = this.draft.title.trim();
    if (!title) {
      this.draftMessages.show('Give the lesson a title first: it is the lesson’s name in the Lessons menu and in its file.');
      this.ui.title.focus();
      return null;
    }
    const data = { slug: this.yours.slugFor(title), title, stops: this.draft.stops };
    const { lesson, problems } = this.check(data);
    if (problems) this.draftMessages.show(`This lesson cannot be used yet. ${problems.slice(0, 4).join(' ')}${problems.length > 4 ? ` (and ${problems.length - 4} more)` : ''}`);
    else this.draftMessages.clear();
    return lesson ?? null;
  }

  /** Opens the draft in the lesson bar; it stays in this browser, under Your lessons. */
  play() {
    const lesson = this.lesson();
    if (!lesson) return;
    this.yours.keep(lesson);
    this.lessons.offer(lesson);
    this.lessons.open(lesson, 0);
    this.lessons.bringIntoView();
  }

  download() {
    const lesson = this.lesson();
    if (lesson) this.save(`${lesson.slug}.json`, writeLesson(lesson));
  }

  /** Opens a lesson file: checked, then offered and opened at its first stop. */
  async open(file) {
    const name = file.name.length > 60 ? `${file.name.slice(0, 60)}…` : file.name;
    if (file.size > MAX_FILE_BYTES) {
      this.messages.show(`“${name}” is ${file.size} bytes: a lesson file is at most ${MAX_FILE_BYTES}. Nothing was opened.`);
      return;
    }
    let data;
    try {
      data = JSON.parse(await file.text());
    } catch (error) {
      this.messages.show(`“${name}” is not a lesson: it is not JSON (${error.message}). Nothing was opened.`);
      return;
    }
    const { lesson: read, problems } = this.check(data);
    if (problems) {
      this.messages.show(`“${name}” cannot be opened. ${problems.slice(0, 4).join(' ')}${problems.length > 4 ? ` (and ${problems.length - 4} more)` : ''}`);
      return;
    }
    const lesson = this.yours.apart(read);
    this.yours.keep(lesson);
    this.lessons.offer(lesson);
    if (this.draft.stops.length === 0) {
      this.draft = JSON.parse(writeLesson(lesson));
      this.ui.title.value = lesson.title;
      this.keep();
      this.render();
    }
    this.lessons.open(lesson, 0);
    this.lessons.bringIntoView();
    this.messages.show(`Lesson “${lesson.title}” opened from “${name}”: ${lesson.stops.length} stops.`, 'info');
  }

  keep() {
    writeKept(DRAFT_KEY, this.draft);
  }

  render() {
    const { stops } = this.draft;
    this.ui.stops.replaceChildren(...stops.map((stop, i) => {
      const item = document.createElement('li');
      const text = document.createElement('span');
      text.className = 'maker-stop';
      text.textContent = `${this.describe(stop.state)}${stop.ask ? ` · asks: ${stop.ask}` : ''}${stop.note ? ` — ${stop.note}` : ''}`;
      const buttons = [['↑', -1, 'Move up'], ['↓', +1, 'Move down']].map(([label, by, name]) => {
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = label;
        button.dataset.by = by;
        button.setAttribute('aria-label', `${name}: stop ${i + 1}`);
        button.disabled = i + by < 0 || i + by >= stops.length;
        button.addEventListener('click', () => this.move(i, by));
        return button;
      });
      const remove = document.createElement('button');
      remove.type = 'button';
      remove.textContent = 'Delete';
      remove.setAttribute('aria-label', `Delete stop ${i + 1}`);
      remove.addEventListener('click', () => this.remove(i));
      item.append(text, ...buttons, remove);
      return item;
    }));
    this.ui.play.disabled = stops.length === 0;
    this.ui.download.disabled = stops.length === 0;
  }
}
