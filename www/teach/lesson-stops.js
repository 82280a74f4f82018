// A lesson's stop, shown on the page: the player's state, the Compare lanes it names (or
// Compare closed), the Predict topic it asks about, the Write it exercise it names (or Write it
// closed); then the section the stop is about is scrolled to, once it is loaded, if the stop
// is still the one shown (the reader may have moved on while it loaded).

export class LessonStops {
  /**
   * @param {object} parts what a stop is shown on:
   *   controls   the player's controls: show({speed, n, mirror, position})
   *   compare    show(query), a promise (the section may have to be loaded first)
   *   predict    askAbout(topic)
   *   write      show(exercise slug or null), a promise
   *   sections   {compare, write}: the sections scrolled to
   *   messages   the page's message line, cleared at each stop
   */
  constructor({ controls, compare, predict, write, sections, messages }) {
    Object.assign(this, { controls, compare, predict, write, sections, messages });
    this.shown = null; // the stop shown last
  }

  /** Shows `stop` ({player, query, ask, exercise, compare}, as readLesson gives it). */
  show(stop) {
    this.shown = stop;
    this.messages.clear();
    this.controls.show(stop.player);
    const comparing = this.compare.show(stop.query);
    this.predict.askAbout(stop.ask);
    const writing = this.write.show(stop.exercise);
    const scrollTo = (section) => () => {
      if (this.shown === stop) section.scrollIntoView({ block: 'start' });
    };
    if (stop.exercise) writing.then(scrollTo(this.sections.write));
    if (stop.compare) comparing.then(scrollTo(this.sections.compare));
  }
}
