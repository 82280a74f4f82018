// Counts kept in IndexedDB, so that a reload, a crash or a closed tab can be resumed: for
// each board size being counted, what the count is (its method, its sub-problem list's
// length and fingerprint) and every sub-problem finished so far with its counts.
//
// Two object stores:
//   runs   {n, method, fingerprint, subProblems, updated}        key n (runs kept before
//          there were two methods have no method: theirs is 'backtrack')
//   parts  {n, index, total, unique, nodes}                      key [n, index]
//          (`nodes` holds the part's work, in its method's unit: the name predates the glossary)
// Invariants: a part is stored only under a run of its n, and a sub-problem once (its key);
// starting a count of n again from zero deletes n's parts first, and a count that
// finishes deletes its run and parts. Nothing here counts or touches the DOM.
//
// Writes are grouped: parts wait at most FLUSH_MS before their transaction, so a crash
// loses at most that much counting, and a count with thousands of sub-problems makes a few
// transactions a second, not thousands. A write that fails (a full disk, a browser that
// refuses) is reported at once, to `onWriteFailed`, once until a write succeeds again; its
// parts are not kept, which costs only their counting again on a resume.
//
// What is kept is told as it is stored: `onKept(n, kept)` after each transaction that
// writes parts of n (and when a count of n begins), `kept` the number of n's parts then in
// the database, counted there, so exactly what a reload would offer; kept(n) the last told.
// A count's progress can say "kept" apart from "done": the difference waits for its write.

const DB_NAME = 'bitqueens-counts';
const VERSION = 1;
export const FLUSH_MS = 250;

const request = (req) => new Promise((resolve, reject) => {
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});

const finished = (tx) => new Promise((resolve, reject) => {
  tx.oncomplete = () => resolve();
  tx.onerror = () => reject(tx.error);
  tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
});

const partsOf = (n) => IDBKeyRange.bound([n, 0], [n, Infinity]);

export class CountStore {
  /**
   * Opens the database; resolves to null where IndexedDB can't be used (then nothing is kept).
   * `onWriteFailed(error)` is told of each write of parts that fails.
   */
  static async open(indexedDB = globalThis.indexedDB, onWriteFailed = (error) => console.error('A write to IndexedDB failed:', error)) {
    if (!indexedDB) return null;
    try {
      const open = indexedDB.open(DB_NAME, VERSION);
      open.onupgradeneeded = () => {
        const db = open.result;
        db.createObjectStore('runs', { keyPath: 'n' });
        db.createObjectStore('parts', { keyPath: ['n', 'index'] });
      };
      return new CountStore(await request(open), onWriteFailed);
    } catch {
      return null;
    }
  }

  constructor(db, onWriteFailed) {
    this.db = db;
    this.onWriteFailed = onWriteFailed;
    this.queue = []; // parts waiting for their transaction: {n, index, total, unique, nodes}
    this.timer = null;
    this.writing = Promise.resolve();
    this.failing = false; // the last write failed (and was reported)
    this.keptOf = new Map(); // n → its parts in the database, as last counted there
    /** Told (n, kept) each time the parts kept of n are counted; the panel sets it. */
    this.onKept = () => {};
  }

  /** How many parts of n the database held when last counted (after a write, or begin); null if never. */
  kept(n) {
    return this.keptOf.get(n) ?? null;
  }

  #told(n, kept) {
    this.keptOf.set(n, kept);
    this.onKept(n, kept);
  }

  /** Every run kept, the latest first, each with `done`: how many of its parts are kept. */
  async runs() {
    await this.flush();
    const tx = this.db.transaction(['runs', 'parts'], 'readonly');
    const runs = await request(tx.objectStore('runs').getAll());
    for (const run of runs) {
      run.method ??= 'backtrack';
      run.done = await request(tx.objectStore('parts').count(partsOf(run.n)));
    }
    return runs.sort((a, b) => b.updated - a.updated);
  }

  /** The run of n and its parts as a Map index → [total, unique, work]; null if none. */
  async load(n) {
    await this.flush();
    const tx = this.db.transaction(['runs', 'parts'], 'readonly');
    const run = await request(tx.objectStore('runs').get(n));
    if (!run) return null;
    run.method ??= 'backtrack';
    const parts = new Map();
    for (const p of await request(tx.objectStore('parts').getAll(partsOf(n)))) {
      parts.set(p.index, [p.total, p.unique, p.nodes]);
    }
    return { ...run, parts };
  }

  /** Starts keeping a count of n; `fresh` forgets what was kept of n before. */
  async begin(n, { method, fingerprint, subProblems }, fresh) {
    await this.flush();
    const tx = this.db.transaction(['runs', 'parts'], 'readwrite');
    if (fresh) tx.objectStore('parts').delete(partsOf(n));
    tx.objectStore('runs').put({ n, method, fingerprint, subProblems, updated: Date.now() });
    const kept = request(tx.objectStore('parts').count(partsOf(n)));
    kept.catch(() => {}); // a failed transaction is reported by finished(tx)
    await finished(tx);
    this.#told(n, await kept);
  }

  /** Keeps finished sub-problems of n ([[index, total, unique, work], …]), within FLUSH_MS. */
  add(n, parts) {
    for (const [index, total, unique, work] of parts) this.queue.push({ n, index, total, unique, nodes: work });
    this.timer ??= setTimeout(() => this.flush(), FLUSH_MS);
  }

  /** Writes what waits; resolves when it is stored, or its failure reported (onWriteFailed). */
  flush() {
    clearTimeout(this.timer);
    this.timer = null;
    const batch = this.queue.splice(0);
    if (batch.length) {
      this.writing = this.writing.then(async () => {
        const tx = this.db.transaction(['runs', 'parts'], 'readwrite');
        const parts = tx.objectStore('parts');
        for (const part of batch) parts.put(part);
        const runs = tx.objectStore('runs');
        const kept = new Map(); // n → the count of its parts, once this transaction's are written
        for (const n of new Set(batch.map((p) => p.n))) {
          const counting = request(parts.count(partsOf(n)));
          counting.catch(() => {}); // a failed transaction is reported by finished(tx)
          kept.set(n, counting);
          const run = await request(runs.get(n));
          if (run) runs.put({ ...run, updated: Date.now() });
        }
        await finished(tx);
        this.failing = false;
        for (const [n, count] of kept) this.#told(n, await count);
      }).catch((error) => {
        if (!this.failing) this.onWriteFailed(error);
        this.failing = true;
      });
    }
    return this.writing;
  }

  /** Forgets the run of n and its parts (the count is finished, or discarded). */
  async forget(n) {
    this.queue = this.queue.filter((p) => p.n !== n);
    await this.flush();
    const tx = this.db.transaction(['runs', 'parts'], 'readwrite');
    tx.objectStore('runs').delete(n);
    tx.objectStore('parts').delete(partsOf(n));
    await finished(tx);
    this.keptOf.delete(n);
  }
}
