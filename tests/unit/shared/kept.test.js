// The one wrapper of the browser's storage (www/shared/kept.js), on localStorage or a tab's
// sessionStorage (the live class's keys, www/shared/class-tab.js): reading never throws, a
// refusing storage is said, and forgetting a key works as keeping one does; what the live
// class keeps is on the tab's storage even when a caller names none, never on localStorage.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { Kept, tabStorage } from '../../../www/shared/kept.js';
import { teachingInThisTab, tabKept, TEACHER_ROOM, TEACHER_KEY } from '../../../www/shared/class-tab.js';
import { ClassLink } from '../../../www/class/class-link.js';

/** A Storage that keeps strings in a Map, as the browser's do. */
class MemoryStorage {
  items = new Map();
  getItem(key) { return this.items.has(key) ? this.items.get(key) : null; }
  setItem(key, value) { this.items.set(key, String(value)); }
  removeItem(key) { this.items.delete(key); }
}
const blocked = { getItem() { throw new Error('SecurityError'); }, setItem() { throw new Error('QuotaExceededError'); }, removeItem() { throw new Error('SecurityError'); } };

test('a value kept as JSON is read back, and gone once removed', () => {
  const storage = new MemoryStorage();
  const kept = new Kept('bitqueens.test', storage);
  assert.equal(kept.read(null), null);
  assert.equal(kept.write({ code: 'ABCDEF', secret: 's' }), true);
  assert.deepEqual(new Kept('bitqueens.test', storage).read(null), { code: 'ABCDEF', secret: 's' });
  assert.equal(kept.remove(), true);
  assert.equal(storage.items.has('bitqueens.test'), false);
  assert.equal(kept.read('none'), 'none');
  assert.equal(kept.refused, false);
});

test('text that is not JSON reads as the fallback; a refusing storage never throws and says so', () => {
  const storage = new MemoryStorage();
  for (const junk of ['{', '', 'null']) {
    storage.setItem('k', junk);
    assert.equal(new Kept('k', storage).read(null), null, JSON.stringify(junk));
  }
  const refusing = new Kept('k', blocked);
  assert.equal(refusing.read(7), 7);
  assert.equal(refusing.refused, true);
  assert.equal(new Kept('k', blocked).write(1), false);
  const removing = new Kept('k', blocked);
  assert.equal(removing.remove(), false);
  assert.equal(removing.refused, true);
  const none = new Kept('k', null);
  assert.equal(none.refused, true, 'no storage: this visit only');
  assert.equal(none.write(1), false);
  assert.equal(none.remove(), false);
});

test('the tab’s and the browser’s storage are null where there is none or reaching it throws', () => {
  const had = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  try {
    Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, get() { throw new Error('SecurityError'); } });
    assert.equal(tabStorage(), null);
    const storage = new MemoryStorage();
    Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, value: storage });
    assert.equal(tabStorage(), storage);
  } finally {
    if (had) Object.defineProperty(globalThis, 'sessionStorage', had);
    else delete globalThis.sessionStorage;
  }
});

test('a tab is teaching while its room is kept; a blocked storage is a tab that is not', () => {
  const storage = new MemoryStorage();
  assert.equal(teachingInThisTab(storage), false);
  new Kept(TEACHER_ROOM, storage).write({ code: 'ABCDEF', secret: 's' });
  assert.equal(teachingInThisTab(storage), true);
  new Kept(TEACHER_ROOM, storage).remove();
  assert.equal(teachingInThisTab(storage), false);
  assert.equal(teachingInThisTab(blocked), false);
  assert.equal(teachingInThisTab(null), false);
});

/** Runs `body` with a MemoryStorage as the browser's localStorage and another as the tab's
 *  sessionStorage, given to it as {local, tab}. */
function withBrowserStorages(body) {
  const had = ['localStorage', 'sessionStorage'].map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]);
  const local = new MemoryStorage();
  const tab = new MemoryStorage();
  try {
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, value: local });
    Object.defineProperty(globalThis, 'sessionStorage', { configurable: true, value: tab });
    body({ local, tab });
  } finally {
    for (const [name, descriptor] of had) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else delete globalThis[name];
    }
  }
}

test('the live class keeps on the tab’s storage when a caller names none (undefined), and nothing with null: never on localStorage', () => {
  withBrowserStorages(({ local, tab }) => {
    assert.equal(tabKept(TEACHER_KEY).write('k3y'), true);
    assert.equal(tabKept(TEACHER_KEY, undefined).read(null), 'k3y');
    assert.equal(tab.getItem(TEACHER_KEY), '"k3y"');
    assert.equal(tabKept('bitqueens.class.none', null).write(1), false);
    // The teacher's room: read from the tab's storage, not from a localStorage that has one.
    local.setItem(TEACHER_ROOM, JSON.stringify({ code: 'LOCALS', secret: 'l' }));
    assert.equal(ClassLink.teacherRoomIn(undefined), null);
    assert.equal(teachingInThisTab(undefined), false);
    tab.setItem(TEACHER_ROOM, JSON.stringify({ code: 'ABCDEF', secret: 's' }));
    assert.deepEqual(ClassLink.teacherRoomIn(undefined), { code: 'ABCDEF', secret: 's' });
    assert.equal(teachingInThisTab(), true);
    assert.deepEqual([...local.items.keys()], [TEACHER_ROOM], 'nothing written to localStorage');
  });
});

test('the live class makes no Kept of its own: every one through tabKept (Kept\'s default is localStorage)', () => {
  const folder = new URL('../../../www/class/', import.meta.url);
  const files = readdirSync(folder).filter((name) => name.endsWith('.js'));
  assert.ok(files.length > 3, files.join());
  for (const name of files) {
    const source = readFileSync(new URL(name, folder), 'utf8');
    assert.doesNotMatch(source, /new Kept\b|\b(readKept|writeKept)\(/, `www/class/${name} keeps through tabKept`);
  }
});
