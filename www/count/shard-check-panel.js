// "Check a shard" on the page: the JSON field (pasted, or a file dropped on it), the number
// of sub-problems to check, and the verdict under them, sub-problem by sub-problem. It reads
// the fields and says what came of the check; shard-check.js reads the JSON and compares, and
// the count panel runs the check on its workers (one thing runs at a time: count-machine.js).
// Its words are the catalogs' (shard-…); the verdict is redrawn when the language changes.
// shard-check.js's sentences on a file it refuses are not moved yet (docs/translating.md).

import { parseShard, sample, compareParts } from './shard-check.js';
import { l10n, t } from '../shared/l10n.js';
import { countingMethod } from '../shared/core-constants.js';

export class ShardCheckPanel {
  /**
   * Finds its fields in `panel` (the count panel). `onCheck()` checks the shard in the field:
   * on "Check the shard", and at once when a file or text is dropped on the field.
   */
  constructor(panel, onCheck) {
    const inPanel = (id) => panel.querySelector(`#${id}`);
    this.json = inPanel('shard-json');
    this.sampleSize = inPanel('shard-sample');
    this.result = inPanel('shard-result');
    inPanel('shard-check-start').addEventListener('click', () => onCheck());
    this.#acceptDrops(onCheck);
    /** What the verdict says, as a function of the language: redrawn when it changes. */
    this.said = null;
    l10n.onChange(() => this.said?.());
  }

  /** "shard 3/8" or "the whole count": what a shard file holds, in words. */
  static what(shard) {
    return shard.piece ? t('shard-what-piece', { index: String(shard.piece.index), of: String(shard.piece.of) }) : t('shard-what-whole');
  }

  /**
   * The check asked for: {shard, positions} (parseShard's shard, and the positions in its
   * parts of the sample to count again), or null after the verdict has said what is wrong.
   * `largestBoard`: the core's, as parseShard takes it.
   */
  read(largestBoard) {
    const parsed = parseShard(this.json.value, largestBoard);
    if (!parsed.ok) {
      this.#verdict(false, () => parsed.message);
      return null;
    }
    const howMany = Number(this.sampleSize.value);
    if (!Number.isInteger(howMany) || howMany < 1) {
      const typed = this.sampleSize.value;
      this.#verdict(false, () => t('shard-sample-bad', { typed }));
      return null;
    }
    const { shard } = parsed;
    return { shard, positions: sample(shard.parts.length, howMany) };
  }

  /** Empties the verdict (a check begins). */
  clear() {
    this.#verdict(null, () => '');
  }

  /**
   * Shows the verdict on `again` (the pool's countSome of the sample at `positions`). True
   * when the sample was counted on the shard's own list of sub-problems; false when the page
   * lists them otherwise (another fingerprint): nothing could be compared then.
   */
  show(shard, positions, again) {
    if (!again.parts) {
      this.#verdict(false, () => t('shard-other-list', {
        what: ShardCheckPanel.what(shard), n: shard.n, theirs: shard.allSubProblems, theirPrint: String(shard.fingerprint),
        ours: again.subProblems, ourPrint: String(again.fingerprint),
      }));
      return false;
    }
    const rows = compareParts(shard, positions, again.parts);
    const wrong = rows.filter((r) => !r.agrees);
    const { uniqueCount } = countingMethod(shard.method);
    const counts = ([total, unique, work]) => t(uniqueCount === 'parts' ? 'shard-counts-unique' : 'shard-counts', {
      total, unique, work, unit: t(`count-unit-${shard.method}`),
    });
    const lines = () => rows.map((r) => (r.agrees
      ? t('shard-part-agrees', { index: String(r.index), counts: counts(r.again) })
      : t('shard-part-differs', { index: String(r.index), said: counts(r.said), again: counts(r.again) })));
    const about = () => ({ what: ShardCheckPanel.what(shard), n: shard.n, checked: String(rows.length), wrong: String(wrong.length) });
    this.#verdict(wrong.length === 0, () => t(wrong.length === 0 ? 'shard-all-agree' : 'shard-some-differ', about()), lines);
    return true;
  }

  /** Shows a verdict: `agrees` true, false, or null (nothing yet); `say()` its sentence and
   *  `lines()` one per sub-problem, in the page's language (called again when it changes). */
  #verdict(agrees, say, lines = () => []) {
    this.said = () => this.#draw(agrees, say(), lines());
    this.said();
  }

  #draw(agrees, text, lines) {
    const verdict = document.createElement('p');
    verdict.className = `count-result ${agrees === true ? 'agrees' : agrees === false ? 'differs' : ''}`;
    verdict.textContent = text;
    const list = document.createElement('ul');
    list.replaceChildren(...lines.map((line) => Object.assign(document.createElement('li'), { textContent: line })));
    this.result.replaceChildren(...(text ? [verdict] : []), ...(lines.length ? [list] : []));
  }

  /** A file (or text) dropped on the JSON field fills it, and `onCheck()` checks it at once. */
  #acceptDrops(onCheck) {
    const field = this.json;
    field.addEventListener('dragover', (event) => {
      event.preventDefault();
      field.classList.add('dropping');
    });
    field.addEventListener('dragleave', () => field.classList.remove('dropping'));
    field.addEventListener('drop', async (event) => {
      event.preventDefault();
      field.classList.remove('dropping');
      const file = event.dataTransfer?.files?.[0];
      try {
        field.value = file ? await file.text() : event.dataTransfer?.getData('text/plain') ?? '';
      } catch (error) {
        this.#verdict(false, () => t('shard-unreadable', { name: file?.name ?? '', error: error.message }));
        return;
      }
      await onCheck();
    });
  }
}
