// A lesson made or opened in this browser, carried whole in a link, so that it opens in any
// browser: `#lesson=…` in the fragment, the part of a URL that never reaches a server. The
// lesson is its JSON (writeLesson's), UTF-8, in base64url; read back, it is checked as a
// lesson file is (readLesson, then every stop reached by the core). Bounded both ways: a
// lesson too long for a link is not written into one (the page says so), and a fragment
// longer than a link can be is refused before it is decoded.

import { writeLesson } from './lesson.js';

/** The fragment's key. */
const KEY = 'lesson';
/** The longest lesson a link carries, in characters of the fragment: a link of that length
 *  still opens in every browser and fits a chat message; a longer lesson travels as a file. */
export const MAX_LINK_LESSON = 8000;

/** The fragment (`#lesson=…`) that carries `lesson`, or null when it would be longer than
 *  MAX_LINK_LESSON. */
export function lessonFragment(lesson) {
  const json = JSON.stringify(JSON.parse(writeLesson(lesson))); // compact
  const encoded = base64url(new TextEncoder().encode(json));
  return encoded.length <= MAX_LINK_LESSON ? `#${KEY}=${encoded}` : null;
}

/**
 * Reads the lesson a link's fragment (`hash`, with or without its #) carries: {data} (the
 * parsed JSON, still to be checked as a lesson), {problem} (a sentence: too long, damaged), or
 * null when it carries none.
 */
export function readLessonFragment(hash) {
  const params = new URLSearchParams(String(hash ?? '').replace(/^#/, ''));
  if (!params.has(KEY)) return null;
  const encoded = params.get(KEY);
  if (encoded.length > MAX_LINK_LESSON) {
    return { problem: `The link carries a lesson of ${encoded.length.toLocaleString('en')} characters, more than the ${MAX_LINK_LESSON.toLocaleString('en')} a link may carry: ask for the lesson file instead.` };
  }
  const damaged = (why) => ({ problem: `The lesson in the link is damaged (${why}): ask for the link again, or for the lesson file.` });
  if (!/^[A-Za-z0-9_-]*$/.test(encoded)) return damaged('it holds characters a lesson link never has');
  let text;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(fromBase64url(encoded));
  } catch {
    return damaged('it is not text');
  }
  try {
    return { data: JSON.parse(text) };
  } catch {
    return damaged('it is cut short or changed');
  }
}

/** `link` as a link to its step and settings: without the lesson stop it may name, or the
 *  lesson its fragment may carry. */
export function withoutLesson(link) {
  const url = new URL(withoutLessonFragment(link));
  url.searchParams.delete('lesson');
  url.searchParams.delete('stop');
  return url.href;
}

/** `url` (a string) without the lesson its fragment may carry. */
export function withoutLessonFragment(url) {
  const parsed = new URL(url);
  const params = new URLSearchParams(parsed.hash.replace(/^#/, ''));
  if (!params.has(KEY)) return parsed.href;
  params.delete(KEY);
  const rest = params.toString();
  parsed.hash = rest ? `#${rest}` : '';
  return parsed.href;
}

/** `url` (a string) with `fragment` (lessonFragment's, or null for none) as its lesson. */
export function withLessonFragment(url, fragment) {
  const parsed = new URL(withoutLessonFragment(url));
  if (fragment) parsed.hash = fragment;
  return parsed.href;
}

function base64url(bytes) {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
}
