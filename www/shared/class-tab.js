// What a tab keeps of a live class in its sessionStorage (the tab's own storage: a reload keeps
// it, another tab does not see it), through shared/kept.js's Kept on tabStorage(): the keys,
// read by the live class (class/), and whether this tab is in a class, read by main.js at load
// so that a reloaded tab goes back to its class before the class's chunk is fetched.

import { Kept, tabStorage } from './kept.js';

/** The teacher key from the teacher link. */
export const TEACHER_KEY = 'bitqueens.class.teacher-key';
/** The teacher's room: {code, secret}. */
export const TEACHER_ROOM = 'bitqueens.class.teacher-room';
/** The answers the teacher's page kept (class/class-data.js ClassAnswers): {code, parts},
 *  written when the tab is hidden or left, so that a reload keeps them. */
export const TEACHER_ANSWERS = 'bitqueens.class.teacher-answers';
/** A student's {token, name} in the room with join code `code`. */
export const studentKey = (code) => `bitqueens.class.student.${code}`;

/** True when this tab was teaching a class (its room kept): a reload goes back to it. */
export function teachingInThisTab(storage = tabStorage()) {
  return Boolean(new Kept(TEACHER_ROOM, storage).readText());
}
