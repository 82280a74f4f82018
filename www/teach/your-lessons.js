// "Your lessons": the lessons made or opened in this browser, kept there (the last 20, one per
// slug) and offered in the Lessons menu at every visit, so that a lesson once opened, and a
// link to it, still open after a reload. A lesson of yours never takes a built-in lesson's slug.

import { readKept, writeKept } from '../shared/kept.js';
import { slugOf, writeLesson } from './lesson.js';

const KEY = 'bitqueens.lessons.yours';
const MOST_KEPT = 20;

export class YourLessons {
  /**
   * Offers the lessons kept in this browser on `panel` (the LessonsPanel), each checked again.
   * @param {object} with check(data) → {lesson} or {problems}; builtIn: the built-in lessons' slugs
   */
  constructor({ check, builtIn, panel }) {
    this.builtIn = builtIn;
    const kept = readKept(KEY, []);
    for (const data of Array.isArray(kept) ? kept : []) {
      const { lesson } = check(data);
      if (lesson) panel.offer(this.apart(lesson));
    }
  }

  /** Keeps `lesson` in this browser, replacing the one of the same slug. */
  keep(lesson) {
    const kept = readKept(KEY, []);
    const others = (Array.isArray(kept) ? kept : []).filter((l) => l?.slug !== lesson.slug);
    writeKept(KEY, [...others, JSON.parse(writeLesson(lesson))].slice(-MOST_KEPT));
  }

  /** `lesson` under a slug of its own: never a built-in lesson's, whether its file named the
   *  slug or it came from the title. */
  apart(lesson) {
    return { ...lesson, slug: this.slugFor(lesson.slug) };
  }

  /** The slug for a lesson of yours titled (or slugged) `text`. */
  slugFor(text) {
    const slug = slugOf(text);
    return this.builtIn.includes(slug) ? `${slug}-yours` : slug;
  }
}
