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

  /**
   * `lesson`, come by a link, kept as one of this browser's: under its own slug, or under a
   * free one (`slug-2`, …) when a different lesson of yours already has that slug, so that a
   * colleague's "intro" never overwrites your own. The same lesson again keeps its slug.
   */
  adopt(lesson) {
    const kept = readKept(KEY, []);
    const mine = Array.isArray(kept) ? kept : [];
    const text = JSON.stringify({ ...JSON.parse(writeLesson(lesson)), slug: '' });
    const base = this.slugFor(lesson.slug).slice(0, 55);
    let slug = this.slugFor(lesson.slug);
    for (let k = 2; mine.some((data) => data?.slug === slug && JSON.stringify({ ...data, slug: '' }) !== text); k += 1) {
      slug = `${base}-${k}`;
    }
    const adopted = { ...lesson, slug };
    this.keep(adopted);
    return adopted;
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
