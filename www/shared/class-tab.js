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

/**
 * What the live class keeps under `key`: every Kept of the class is made here, on the tab's
 * storage, never on Kept's default (localStorage, kept across visits and seen by every tab:
 * the teacher key, the room's secret and the names would outlive the class). `storage` is a
 * Storage (a fake in tests) or null (nothing kept); left out or undefined, the tab's
 * sessionStorage.
 */
export function tabKept(key, storage) {
  return new Kept(key, storage === undefined ? tabStorage() : storage);
}

/** True when this tab was teaching a class (its room kept): a reload goes back to it. */
export function teachingInThisTab(storage) {
  return Boolean(tabKept(TEACHER_ROOM, storage).readText());
}
