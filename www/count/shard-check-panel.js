// "Check a shard" on the page: the JSON field (pasted, or a file dropped on it), the number
// of sub-problems to check, and the verdict under them, sub-problem by sub-problem. It reads
// the fields and says what came of the check; shard-check.js reads the JSON and compares, and
// the count panel runs the check on its workers (one thing runs at a time: count-machine.js).

import { parseShard, sample, compareParts } from './shard-check.js';
import { grouped } from '../shared/format.js';
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
  }

  /**
   * The check asked for: {shard, positions} (parseShard's shard, and the positions in its
   * parts of the sample to count again), or null after the verdict has said what is wrong.
   * `largestBoard`: the core's, as parseShard takes it.
   */
  read(largestBoard) {
    const parsed = parseShard(this.json.value, largestBoard);
    if (!parsed.ok) {
      this.#verdict(false, parsed.message);
      return null;
    }
    const howMany = Number(this.sampleSize.value);
    if (!Number.isInteger(howMany) || howMany < 1) {
      this.#verdict(false, `Sub-problems to check: “${this.sampleSize.value}” is not a whole number of 1 or more.`);
      return null;
    }
    const { shard } = parsed;
    return { shard, positions: sample(shard.parts.length, howMany) };
  }

  /** Empties the verdict (a check begins). */
  clear() {
    this.#verdict(null, '');
  }

  /**
   * Shows the verdict on `again` (the pool's countSome of the sample at `positions`). True
   * when the sample was counted on the shard's own list of sub-problems; false when the page
   * lists them otherwise (another fingerprint): nothing could be compared then.
   */
  show(shard, positions, again) {
    if (!again.parts) {
      this.#verdict(false, `✗ ${shard.what} of N = ${shard.n} was counted on another list of sub-problems (${grouped(shard.allSubProblems)} sub-problems, fingerprint ${shard.fingerprint}) than this page lists for it (${grouped(again.subProblems)}, fingerprint ${again.fingerprint}): it can be checked only with the version of bitqueens that made it.`);
      return false;
    }
    const rows = compareParts(shard, positions, again.parts);
    const wrong = rows.filter((r) => !r.agrees);
    const { uniqueCount, workUnit } = countingMethod(shard.method);
    const counts = ([total, unique, work]) => (uniqueCount === 'parts'
      ? `${grouped(total)} solutions, ${grouped(unique)} unique, ${grouped(work)} ${workUnit}`
      : `${grouped(total)} solutions, ${grouped(work)} ${workUnit}`);
    const lines = rows.map((r) => (r.agrees
      ? `Sub-problem ${r.index}: ${counts(r.again)} ✓`
      : `Sub-problem ${r.index}: the file says ${counts(r.said)}; counted again: ${counts(r.again)} ✗`));
    this.#verdict(wrong.length === 0, wrong.length === 0
      ? `✓ All ${rows.length} re-counted sub-problems of ${shard.what} (N = ${shard.n}) agree with the file.`
      : `✗ ${wrong.length} of ${rows.length} re-counted sub-problems of ${shard.what} (N = ${shard.n}) differ from the file: do not trust its sum.`, lines);
    return true;
  }

  /** Shows a verdict: `agrees` true, false, or null (nothing yet); `lines`, one per sub-problem. */
  #verdict(agrees, text, lines = []) {
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
        this.#verdict(false, `The file ${file?.name ?? ''} could not be read: ${error.message}`);
        return;
      }
      await onCheck();
    });
  }
}
