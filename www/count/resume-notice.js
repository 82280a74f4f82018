// The notice at the top of the page that a count was left unfinished in this browser: after
// a reload the count panel is far down the page, so its Resume offer is told where the user
// looks. "Resume it" brings the count panel into view and resumes there; "Later" only hides
// the notice (the offer stays in the panel) and leaves the focus on the page's first control.

import { within } from '../shared/dom.js';

export class ResumeNotice {
  /**
   * `root`: the notice (#resume-notice), which holds its text and its two buttons; `next`:
   * what takes the focus after Later; `onResume()` resumes the count offered (and moves the
   * focus there).
   */
  constructor(root, next, onResume) {
    this.root = root;
    const part = within(root);
    this.text = part('resume-notice-text');
    part('resume-notice-resume').addEventListener('click', () => {
      this.hide();
      onResume();
    });
    part('resume-notice-later').addEventListener('click', () => {
      this.hide();
      next.focus();
    });
  }

  /** Shows the notice, saying `sentence`. */
  show(sentence) {
    this.text.textContent = sentence;
    this.root.hidden = false;
  }

  hide() {
    this.root.hidden = true;
  }
}
