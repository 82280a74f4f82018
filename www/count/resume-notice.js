// The notice at the top of the page that a count was left unfinished in this browser: after
// a reload the count panel is far down the page, so its Resume offer is told where the user
// looks. "Resume it" brings the count panel into view and resumes there; "Later" only hides
// the notice (the offer stays in the panel) and leaves the focus on the page's first control.

export class ResumeNotice {
  /**
   * `elements`: {notice, text, resume, later, next}, `next` being what takes the focus after
   * Later; `onResume()` resumes the count offered (and moves the focus there).
   */
  constructor(elements, onResume) {
    this.ui = elements;
    elements.resume.addEventListener('click', () => {
      this.hide();
      onResume();
    });
    elements.later.addEventListener('click', () => {
      this.hide();
      elements.next.focus();
    });
  }

  /** Shows the notice, saying `sentence`. */
  show(sentence) {
    this.ui.text.textContent = sentence;
    this.ui.notice.hidden = false;
  }

  hide() {
    this.ui.notice.hidden = true;
  }
}
