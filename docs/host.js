// An example host page for the bitqueens embed: it frames embed.html, drives it with
// messages ({type: 'step' | 'back' | 'play' | 'pause'} and {type: 'seek', step}) and lists
// the events it sends back ({source: 'bitqueens', type: 'ready' | 'step' | 'solution' | 'end',
// n, step, …}). The end-to-end test tests/e2e/embed/embed-host.test.js serves it from another origin.

/** The embed shown when the page's own address names none: the one `npm start` serves. */
const DEFAULT_EMBED = 'http://localhost:8080/embed.html?n=6&from=0&to=40&controls=step&panels=board,bits,narration';

const frame = document.getElementById('embed');
const events = document.getElementById('events');

/** The embed's address: ?src=…, only an http(s) address (never a javascript: one). */
function embedAddress() {
  const asked = new URLSearchParams(location.search).get('src');
  if (asked === null) return new URL(DEFAULT_EMBED);
  const url = new URL(asked, location.href);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`not an http(s) address: ${asked}`);
  return url;
}

const address = embedAddress();
frame.src = address.href;

/** Sends a message to the embed, and to its origin only. */
const send = (message) => frame.contentWindow.postMessage(message, address.origin);

window.addEventListener('message', (event) => {
  // Only the embed's own window and origin, and only its events.
  if (event.source !== frame.contentWindow || event.origin !== address.origin) return;
  const data = event.data;
  if (data === null || typeof data !== 'object' || data.source !== 'bitqueens') return;
  const item = document.createElement('li');
  const extra = data.type === 'ready' ? ` from=${data.from} to=${data.to}`
    : data.type === 'solution' ? ` number=${data.number} columns=${data.columns?.join(' ')}` : '';
  item.textContent = `${data.type} n=${data.n} step=${data.step}${extra}`; // text, never HTML
  events.append(item);
  events.scrollTop = events.scrollHeight;
});

for (const type of ['back', 'step', 'play', 'pause']) {
  document.getElementById(`send-${type}`).addEventListener('click', () => send({ type }));
}
document.getElementById('send-seek').addEventListener('click', () => {
  send({ type: 'seek', step: Number(document.getElementById('seek-step').value) });
});
