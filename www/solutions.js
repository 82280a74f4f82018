// The list of solutions found: each as the column of the queen in every row (1-based).
// Memory stays bounded: at most MAX_LISTED are kept; the count goes on past that.

export const MAX_LISTED = 1000;

export class SolutionsView {
  constructor(list, note) {
    this.list = list;
    this.note = note;
    this.clear();
  }

  clear() {
    this.list.replaceChildren();
    this.count = 0;
    this.note.textContent = 'None yet.';
  }

  /** Adds solution number count+1, given queens[r] = column (0-based). */
  add(queens) {
    this.count += 1;
    if (this.count <= MAX_LISTED) {
      const item = document.createElement('li');
      item.textContent = queens.map((c) => c + 1).join(' ');
      item.title = `Solution ${this.count}: the column of the queen in rows 1 to ${queens.length}`;
      this.list.append(item);
    }
    this.updateNote();
  }

  /** Forgets the latest solution (the step that found it was undone). */
  removeLast() {
    if (this.count <= MAX_LISTED) this.list.lastElementChild?.remove();
    this.count -= 1;
    this.updateNote();
  }

  updateNote() {
    this.note.textContent = this.count === 0 ? 'None yet.'
      : this.count <= MAX_LISTED ? 'Each line: the column of the queen in rows 1, 2, …'
        : `Listing the first ${MAX_LISTED} of ${this.count}; the count goes on.`;
  }
}
