// The page's connection to a class server (`bitqueens serve`, docs/class-protocol.md): one
// WebSocket, opened again with backoff whenever it is lost, that rejoins the room as the same
// teacher (the room's secret) or the same student (their token), both kept in the tab's
// sessionStorage. It owns no DOM: the views are told each change of state and each message.
//
// Its states and every transition are the table TRANSITIONS below (shared/state-machine.js):
//
//   idle          not started
//   connecting    a socket is opening, or open and waiting for the server's welcome
//                 (`opened` for a teacher, `joined` for a student)
//   open          welcomed: messages flow both ways
//   reconnecting  the socket was lost (the server gone, the wifi, a phone asleep), or fell
//                 silent: a timer opens the next one, after a delay that doubles up to a cap,
//                 with jitter
//   gone          the class ended (the teacher ended it, or the page left it): final
//   refused       the server refused this page (another protocol version, a cap reached, a
//                 room that no longer exists, …) with a sentence: final, nothing retried
//
// A restarted server knows no room (rooms live in its memory), but keeps its teacher key: the
// teacher's page, told its room is unknown, reopens it under the same code and secret (`teach`
// with them, once); a student's page that was in the class, told the code is unknown, waits
// for that (reconnecting, with `waiting` in the detail, for at most MAX_WAIT_MS from the first
// refusal: about 11 minutes, a little longer than a room waits for its teacher), then joins
// with its token, which the reopened room takes as the student's seat. A class that ended is
// refused as such (`ended`): final at once, and the tab forgets what let it rejoin.
//
// A connection can also die without a close (the server frozen, the wifi gone mid-air: a
// half-open TCP connection). The server sends a `beat` every beatSeconds (GET /class/hello says
// how often, 15 s when it does not say), so a socket from which nothing came for
// silenceMs(beatSeconds) (2.5 beats and 2 s) while connecting or open is taken for dead:
// closed, and the link reconnects as after a loss. It is noticed sooner when it can be:
//   - the browser says it has no network (`offline`: networkChanged(false)): lost at once;
//   - a beat missed (nothing for lateMs: a beat and 3 s): the server is asked over HTTP
//     (`probe`, GET /class/hello with a short timeout); not reached, the socket is taken for
//     lost then, without waiting for the silence.
//
// Reaching the server again costs the console nothing it need not: Chromium logs every
// socket that fails to connect, and every failed fetch, as an error. So after a loss the link
// probes before it opens a socket (a socket only once the server answered), probes ever more
// rarely while the server stays away (outageDelay: from 1 s, doubling, up to OUTAGE_CAP_MS,
// so that a long outage costs about a line a minute), never while the browser says it is
// offline (a probe then would fail: the `online` event, networkChanged(true), probes at once),
// and a probe cut short by its own timeout is not logged. Refusals (a class not back yet, too
// many joins) come from a server that is there: their retries open sockets, which then open.
//
// Events: connect (start, or the backoff timer fired), welcomed (opened/joined came), lost
// (the socket closed without a refusal), silent (nothing came for silenceMs), ended (`ended`
// came), refused (a fatal `error` came), leave (the page leaves: End class, Leave).
//
// Invariants: at most one socket, one reconnect timer or one probe of the reconnect at a time,
// never two of them (a probe runs in reconnecting, in place of the timer it followed); never
// two probes in flight (a reconnect takes the answer of a missed beat's probe still asking); a
// silence timer (and its late timer) runs exactly while there is a socket (connecting or
// open); a message is sent only while open; in gone or refused there is neither socket, nor
// timer, nor probe.

import { stateMachine } from '../shared/state-machine.js';
import { TEACHER_ROOM, studentKey, tabKept } from '../shared/class-tab.js';
import { tabStorage } from '../shared/kept.js';

/** The protocol version this page speaks (docs/class-protocol.md): every message carries it. */
export const PROTOCOL = 1;

export const IDLE = 'idle';
export const CONNECTING = 'connecting';
export const OPEN = 'open';
export const RECONNECTING = 'reconnecting';
export const GONE = 'gone';
export const REFUSED = 'refused';
export const STATES = [IDLE, CONNECTING, OPEN, RECONNECTING, GONE, REFUSED];

/** TRANSITIONS[event][state] is the next state; no entry: the event is not taken there. */
export const TRANSITIONS = {
  connect:  { idle: CONNECTING, reconnecting: CONNECTING },
  welcomed: { connecting: OPEN },
  lost:     { connecting: RECONNECTING, open: RECONNECTING },
  silent:   { connecting: RECONNECTING, open: RECONNECTING },
  ended:    { connecting: GONE, open: GONE },
  refused:  { connecting: REFUSED, open: REFUSED },
  leave:    { idle: GONE, connecting: GONE, open: GONE, reconnecting: GONE },
};

export const { can, next } = stateMachine('The class link', STATES, TRANSITIONS);

/** The refusals that mean a teacher's room cannot come back (docs/class-protocol.md's codes). */
const ROOM_GONE = new Set(['room', 'in-use', 'key']);

/** The refusal of a class that ended (a join or a resume with its code, within the hour the
 *  server remembers it): final, and the tab forgets the class. */
export const ENDED = 'ended';

/** The first reconnect waits about this long (ms); each next one twice as long, up to CAP. */
export const BACKOFF_BASE_MS = 500;
export const BACKOFF_CAP_MS = 10_000;

/** While the server cannot be reached (its probes fail), probe `misses` waits outageDelay: 1 s
 *  doubled per failed probe, up to this cap, jittered as the backoff is: after the first
 *  minute of an outage, a probe (and so at most one console line) a minute or so. */
export const OUTAGE_CAP_MS = 60_000;

/** A student's page asks again for a class its server does not know (yet), the teacher not
 *  back, for this long from the first refusal (ms): a little longer than a room waits for its
 *  teacher (10 minutes), so that a teacher who comes back within that finds the room there. */
export const MAX_WAIT_MS = 11 * 60_000;

/** The server's beat when GET /class/hello does not say (its default ping interval, s). */
export const DEFAULT_BEAT_SECONDS = 15;

/** The beat a hello announces (`beatSeconds`: whole seconds, at least 1), else the default. */
export function readBeatSeconds(hello) {
  const beat = hello?.beatSeconds;
  return Number.isInteger(beat) && beat >= 1 && beat <= 3600 ? beat : DEFAULT_BEAT_SECONDS;
}

/** How long a socket may stay silent (ms) before it is taken for dead: two and a half beats
 *  (one beat late, and a half for the network) and 2 s of slack. */
export function silenceMs(beatSeconds) {
  return Math.round((2.5 * beatSeconds + 2) * 1000);
}

/**
 * The wait before reconnect attempt `attempt` (0 for the first after a loss): the base doubled
 * `attempt` times, capped, then scaled by a factor in [0.5, 1) drawn from `random()` (in
 * [0, 1)), so that a room whose server comes back is not rejoined by every phone at once.
 */
export function backoffDelay(attempt, random) {
  const full = Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 30));
  return Math.round(full * (0.5 + 0.5 * random()));
}

/** How long a limit's refusal (`joins`) asks to wait before the next try: its retryInSeconds
 *  (a whole number of seconds, at least 1; at most an hour is believed), else null. */
export function readRetryInSeconds(refusal) {
  const seconds = refusal?.retryInSeconds;
  return Number.isInteger(seconds) && seconds >= 1 && seconds <= 3600 ? seconds : null;
}

/** The wait before the probe that follows `misses` failed probes in a row (1 or more): 1 s
 *  doubled per miss after the first, capped at OUTAGE_CAP_MS, scaled by a factor in
 *  [0.75, 1) drawn from `random()` (a narrower spread than the backoff's: the cap is what
 *  keeps the console to about a line a minute). */
export function outageDelay(misses, random) {
  const full = Math.min(OUTAGE_CAP_MS, 1000 * 2 ** Math.min(Math.max(misses - 1, 0), 30));
  return Math.round(full * (0.75 + 0.25 * random()));
}

/** How long nothing may come before a beat counts as missed (ms): one beat and 3 s. */
export function lateMs(beatSeconds) {
  return Math.round((beatSeconds + 3) * 1000);
}

/** The join code as typed, upper-cased, spaces and dashes dropped; null when it is not 6
 *  characters of the code's alphabet (no 0/O, 1/I/L). */
export function readJoinCode(typed) {
  const code = String(typed ?? '').toUpperCase().replace(/[\s-]/g, '');
  return /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/.test(code) ? code : null;
}

export class ClassLink {
  /**
   * @param {object} role {kind: 'teacher', key} or {kind: 'student', code, name (or null)}
   * @param {object} options
   *   url          the WebSocket's address (ws://host/class/ws)
   *   WebSocket    the constructor (the browser's; a fake in tests)
   *   clock        {setTimeout, clearTimeout, now()} (the browser's by default; no now():
   *                Date.now)
   *   beatSeconds  the server's beat (readBeatSeconds of its hello)
   *   random       () → [0, 1) for the jitter (Math.random by default)
   *   probe        () → a promise of true when the class server answers over HTTP (its
   *                hello), false when it cannot be reached (never rejects, settles within a
   *                few seconds); none: sockets are opened without asking first
   *   onLine       () → false while the browser knows it has no network
   *                (navigator.onLine by default)
   *   storage      the tab's sessionStorage (or a fake; null keeps nothing)
   *   listener     {state(state, detail), message(message)}: detail is {reason} when
   *                refused or ended, {delayMs} when reconnecting (with `reopening` or
   *                `waiting` when the server is back without the class, `busy` and
   *                `retryInSeconds` (or null) when refused for too many joins from this
   *                address, `silent` when the socket fell silent, `offline` when the
   *                browser lost its network, `unreached` when a beat was missed and the
   *                server did not answer), {reopened} when open. `beat` messages are not passed on.
   */
  constructor(role, {
    url, WebSocket, clock = globalThis, random = Math.random, storage = tabStorage(), listener, beatSeconds = DEFAULT_BEAT_SECONDS,
    probe = null, onLine = () => globalThis.navigator?.onLine !== false,
  }) {
    Object.assign(this, { role, url, WebSocket, clock, random, storage, listener, probe, onLine });
    this.now = typeof clock.now === 'function' ? () => clock.now() : () => Date.now();
    const beat = readBeatSeconds({ beatSeconds });
    this.silenceMs = silenceMs(beat);
    this.lateMs = lateMs(beat);
    this.late = null; // the late timer of the socket: a beat missed (see heard())
    this.probing = null; // the probe in flight ({}: its identity), reconnecting only
    this.beatProbe = null; // a missed beat's probe in flight (its promise), open only
    this.unsure = false; // the next reconnect probes first: the last loss was not a refusal
    this.misses = 0; // probes that found no server, in a row
    this.state = IDLE;
    this.socket = null;
    this.timer = null;
    this.silence = null; // the silence timer of the socket (see heard())
    this.attempt = 0;    // reconnects since the last welcome
    this.refusal = null; // the fatal error received on this socket, if any
    this.resuming = false; // the teacher's hello was resumeTeaching
    this.reopening = false; // the teacher's next hello reopens the kept room (teach with it)
    this.waits = 0; // a student's joins refused since the last welcome: the class not there yet
    this.waitingSince = null; // when the first of them was refused (now())
    this.lostOnce = false; // the connection was lost at least once
  }

  /** Opens the link (once; after that it reconnects by itself). */
  start() {
    this.take('connect');
    this.open();
  }

  /** Sends `message` (its `type` and fields; the version is added) while open; false when
   *  not open (the message is dropped: the views send the whole state again on a welcome). */
  send(message) {
    if (this.state !== OPEN) return false;
    this.socket.send(JSON.stringify({ v: PROTOCOL, ...message }));
    return true;
  }

  /** The page leaves the class: the socket closed, nothing retried, what was kept forgotten.
   *  The listener hears gone with {left: true}. */
  leave() {
    if (!can(this.state, 'leave')) return;
    this.forget();
    this.take('leave', { left: true });
    this.drop();
  }

  /** The room this tab's teacher is in, kept across reloads: {code, secret} or null. */
  get teacherRoom() {
    return ClassLink.teacherRoomIn(this.storage);
  }

  /** The room kept in `storage` for this tab's teacher, or null. */
  static teacherRoomIn(storage) {
    const room = tabKept(TEACHER_ROOM, storage).read(null);
    return room?.code && room?.secret ? room : null;
  }

  take(event, detail = {}) {
    this.state = next(this.state, event);
    this.listener.state(this.state, detail);
  }

  /** The first message of a connection: who this page is. */
  hello() {
    if (this.role.kind === 'teacher') {
      const room = this.teacherRoom;
      if (this.reopening && room) {
        this.resuming = false;
        return { type: 'teach', key: this.role.key, code: room.code, secret: room.secret };
      }
      this.reopening = false;
      this.resuming = Boolean(room?.code && room?.secret);
      return this.resuming ? { type: 'resumeTeaching', code: room.code, secret: room.secret } : { type: 'teach', key: this.role.key };
    }
    const { code } = this.role;
    const kept = this.kept(studentKey(code)).read(null);
    return { type: 'join', code, token: kept?.token ?? null, name: kept?.name ?? this.role.name ?? null };
  }

  open() {
    this.refusal = null;
    let socket;
    try {
      socket = new this.WebSocket(this.url);
    } catch (error) {
      this.take('refused', { reason: `The class server's address could not be opened (${error.message}).` });
      return;
    }
    this.socket = socket;
    this.heard();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.heard();
      socket.send(JSON.stringify({ v: PROTOCOL, ...this.hello() }));
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.heard();
      this.received(event.data);
    };
    socket.onclose = (event) => {
      if (this.socket === socket) this.closed(event);
    };
    socket.onerror = () => {}; // a close follows: closed() decides
  }

  received(data) {
    let message;
    try {
      message = JSON.parse(data);
    } catch {
      return; // not the server's: ignored
    }
    if (message === null || typeof message !== 'object' || typeof message.type !== 'string') return;
    if (message.type === 'beat') return; // a sign of life (heard() took it), nothing more
    switch (message.type) {
      case 'opened':
        this.kept(TEACHER_ROOM).write({ code: message.code, secret: message.secret });
        this.welcome();
        break;
      case 'joined':
        this.role.code = readJoinCode(message.code) ?? this.role.code;
        this.kept(studentKey(this.role.code)).write({ token: message.token, name: message.name });
        this.welcome();
        break;
      case 'error':
        if (message.fatal) this.refusal = message;
        break;
      default:
        break;
    }
    if (this.state === OPEN || this.state === CONNECTING) this.listener.message(message);
    if (message.type === 'ended' && can(this.state, 'ended')) {
      this.forget();
      this.take('ended', { reason: String(message.reason ?? '') });
      this.drop();
    }
  }

  /** A student's new name, kept for the next rejoin (the server trims it; `joined` and
   *  `rename` agree). */
  keepName(name) {
    if (this.role.kind !== 'student') return;
    const student = this.kept(studentKey(this.role.code));
    const kept = student.read(null);
    if (kept) student.write({ ...kept, name });
  }

  welcome() {
    const reopened = this.reopening;
    this.attempt = 0;
    this.waits = 0;
    this.waitingSince = null;
    this.reopening = false;
    this.unsure = false;
    this.misses = 0;
    if (can(this.state, 'welcomed')) this.take('welcomed', { reopened });
  }

  /** True when refusal `code` is worth asking again, after the backoff: the teacher's room
   *  unknown to a server that came back (reopened once, with the key); too many joins from
   *  this address (a busy NAT: the teacher's link and any student's, a new phone's too, ask
   *  again once the server's retryInSeconds have passed); a student's class not reopened
   *  yet. The waits end MAX_WAIT_MS after the first such refusal. */
  worthRetrying(code) {
    if (this.role.kind === 'teacher') {
      if (this.resuming && code === 'room' && this.role.key && this.teacherRoom) {
        this.reopening = true;
        return true;
      }
      return code === 'joins' && this.waitMore();
    }
    if (code === 'joins') return this.waitMore();
    // Only a page that was in this class waits for it: one that typed a wrong code is told.
    const wasIn = this.lostOnce || this.waits > 0 || Boolean(this.kept(studentKey(this.role.code)).read(null)?.token);
    return wasIn && code === 'code' && this.waitMore();
  }

  /** One more wait (true), unless MAX_WAIT_MS have passed since the first (false). */
  waitMore() {
    this.waitingSince ??= this.now();
    if (this.now() - this.waitingSince >= MAX_WAIT_MS) return false;
    this.waits += 1;
    return true;
  }

  closed(event) {
    this.socket = null;
    this.hush();
    if (this.refusal && this.worthRetrying(this.refusal.code) && can(this.state, 'lost')) {
      this.unsure = false; // the server is there: it refused
      const busy = this.refusal.code === 'joins';
      // A limit's refusal says when this address may try again: not before (and up to a
      // second after, so that the phones behind one address do not all come back at once).
      const retryInSeconds = busy ? readRetryInSeconds(this.refusal) : null;
      const atLeastMs = retryInSeconds === null ? 0 : Math.round((retryInSeconds + this.random()) * 1000);
      this.lose('lost', { reopening: this.reopening, waiting: this.waits > 0, busy, retryInSeconds }, atLeastMs);
      return;
    }
    if (this.refusal) {
      const { code, reason } = this.refusal;
      // A class that ended is over for this tab: nothing kept rejoins it.
      if (code === ENDED) this.forget();
      // A teacher whose room is gone (not known to the server, its code taken by another room,
      // or a key the server no longer takes) starts a new one next time; any other refusal
      // (too many joins, a flood, a version) leaves the room kept: a reload goes back to it.
      const kept = this.resuming || this.reopening;
      if (this.role.kind === 'teacher' && kept && ROOM_GONE.has(code)) this.kept(TEACHER_ROOM).remove();
      // `returned`: refused by a server that came back after a loss (a restarted server has
      // forgotten its classes).
      this.take('refused', { code, reason: refusalSentence(code, reason), returned: this.lostOnce });
      return;
    }
    if (!can(this.state, 'lost')) return;
    this.unsure = true; // the server gone, or the way to it: asked before the next socket
    this.lose('lost', { closeCode: event?.code });
  }

  /** Takes `event` (lost or silent) to reconnecting, the next socket after the backoff (and
   *  not before `atLeastMs`). */
  lose(event, detail, atLeastMs = 0) {
    const delayMs = Math.max(backoffDelay(this.attempt, this.random), atLeastMs);
    this.attempt += 1;
    this.lostOnce = true;
    this.take(event, { delayMs, ...detail });
    this.retryAfter(delayMs);
  }

  /** A sign of life on the socket (it opened, a message came): the silence timer and the
   *  late timer start over. */
  heard() {
    this.hush();
    this.silence = this.clock.setTimeout(() => {
      this.silence = null;
      this.silent();
    }, this.silenceMs);
    this.late = this.clock.setTimeout(() => {
      this.late = null;
      this.missedBeat();
    }, this.lateMs);
  }

  /** Stops the silence and late timers (the socket is gone). */
  hush() {
    if (this.silence !== null) this.clock.clearTimeout(this.silence);
    if (this.late !== null) this.clock.clearTimeout(this.late);
    this.silence = null;
    this.late = null;
  }

  /** A beat missed: the server is asked over HTTP. Not reached (and the socket still the same,
   *  nothing heard since), the socket is taken for lost now; reached, the silence timer
   *  decides as before. */
  missedBeat() {
    const socket = this.socket;
    if (!socket || !this.probe) return;
    const asked = this.probe();
    this.beatProbe = asked; // a reconnect meanwhile takes its answer, asking no second time
    asked.then((reached) => {
      if (this.beatProbe === asked) this.beatProbe = null;
      if (reached || this.socket !== socket || this.late !== null || !can(this.state, 'lost')) return;
      this.cutOff(socket, 'The class server did not answer.');
      this.unsure = true;
      this.misses = 1; // this probe found no server: the next waits for the outage's pace
      this.lose('lost', { unreached: true }, outageDelay(this.misses, this.random));
    });
  }

  /** The browser says its network is gone (false) or back (true). Gone: the socket is taken
   *  for lost at once (nothing could come through it). Back: a reconnect waiting for its timer
   *  is tried now. */
  networkChanged(onLine) {
    if (!onLine) {
      const socket = this.socket;
      if (!socket || !can(this.state, 'lost')) return;
      this.cutOff(socket, 'The network is gone.');
      this.unsure = true;
      this.lose('lost', { offline: true });
      return;
    }
    // Only a wait after a loss is cut short: a refusal's (the server's retryInSeconds, the
    // backoff after a flood) is the server's, whatever the network does.
    if (this.state !== RECONNECTING || this.timer === null || !this.unsure) return;
    this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.misses = 0;
    this.reconnect();
  }

  /** Lets go of `socket`: no longer this link's (its close, if it ever comes, is ignored). */
  cutOff(socket, reason) {
    this.socket = null;
    this.hush();
    if (socket.readyState <= 1) socket.close(4000, reason);
  }

  /** Nothing came for silenceMs: the socket is taken for dead (its close, if it ever comes, is
   *  no longer this link's), and the link reconnects as after a loss; a fatal refusal that
   *  came before the silence is taken as if its close had come. */
  silent() {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    this.hush();
    if (socket.readyState <= 1) socket.close(4000, 'Nothing came from the server.');
    if (this.refusal) {
      this.closed({ code: 1006 });
      return;
    }
    this.unsure = true;
    if (can(this.state, 'silent')) this.lose('silent', { silent: true });
  }

  /** The next attempt after `delayMs` (the one timer), while still reconnecting. */
  retryAfter(delayMs) {
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.reconnect();
    }, delayMs);
  }

  /** The next socket, while reconnecting; after a loss that was no refusal (`unsure`), only
   *  once a probe found the server: while it does not, the next probe waits outageDelay, and
   *  while the browser says it is offline no request is made at all. */
  reconnect() {
    if (this.state !== RECONNECTING) return;
    if (this.probe && this.unsure) {
      if (!this.onLine()) {
        this.retryAfter(outageDelay(this.misses + 1, this.random)); // silent: no request
        return;
      }
      const probing = {};
      this.probing = probing;
      // A missed beat's probe still in flight answers for this one too: never two at once.
      const asked = this.beatProbe ?? this.probe();
      this.beatProbe = null;
      asked.then((reached) => {
        if (this.probing !== probing) return; // left meanwhile, or the network came back
        this.probing = null;
        if (this.state !== RECONNECTING) return;
        if (reached) {
          this.misses = 0;
          this.connectNow();
        } else {
          this.misses += 1;
          this.retryAfter(outageDelay(this.misses, this.random));
        }
      });
      return;
    }
    this.connectNow();
  }

  connectNow() {
    this.take('connect');
    this.open();
  }

  /** Closes the socket and stops the timer, whatever is open (final states). */
  drop() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    this.probing = null;
    this.hush();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState <= 1) socket.close(1000, 'left');
  }

  /** Forgets what lets this tab rejoin: the class is over. */
  forget() {
    if (this.role.kind === 'teacher') this.kept(TEACHER_ROOM).remove();
    else if (this.role.code) this.kept(studentKey(this.role.code)).remove();
  }

  /** What this tab keeps under `key` (shared/kept.js; a refusing storage keeps it for no
   *  one: this tab will not rejoin as itself after a reload). */
  kept(key) {
    return tabKept(key, this.storage);
  }
}

/** The sentence a page shows for a refusal: the server's, or the version's own. */
export function refusalSentence(code, reason) {
  if (code === 'version' && !reason) return 'This page and the class server speak different versions: reload the page.';
  return String(reason || 'The class server refused this page.');
}
