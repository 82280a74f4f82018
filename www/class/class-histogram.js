// The room's answers after Show answers: for each round, a real table (a screen reader reads
// it row by row) whose rows are the distinct answers, most frequent first as the server sends
// them: the answer drawn as its bit pattern, one digit per board column (column 1 first), the
// number of students with a bar, and "right" (the core's mark) or the core's reason it is
// wrong. Round 1 and round 2 stand side by side. Every text from the network is set as text.

import { element } from '../shared/element.js';
import { codeNodes } from '../shared/code-text.js';
import { answerPatterns, answerText } from './class-data.js';

/**
 * Draws `histogram` (the server's message: {question, rounds: [{round, answered, bars}]})
 * into `container`, replacing what was there.
 */
export function drawHistogram(container, histogram) {
  const { question } = histogram;
  const n = Number(question?.n) || 0;
  const rounds = Array.isArray(histogram.rounds) ? histogram.rounds : [];
  container.replaceChildren(...rounds.map((round) => roundTable(round, n)));
}

function roundTable(round, n) {
  const bars = Array.isArray(round.bars) ? round.bars : [];
  const most = Math.max(1, ...bars.map((bar) => Number(bar.count) || 0));
  const table = element('table', 'class-histogram');
  const answered = Number(round.answered) || 0;
  table.append(element('caption', '', `Round ${Number(round.round)}: ${answered} ${answered === 1 ? 'answer' : 'answers'}`));
  const head = element('tr', '', element('th', '', 'Answer'), element('th', '', 'Students'), element('th', '', 'Right?'));
  for (const th of head.children) th.scope = 'col';
  table.append(element('thead', '', head));
  const body = element('tbody');
  for (const bar of bars) {
    const count = Number(bar.count) || 0;
    const answer = element('th', 'class-answer');
    answer.scope = 'row';
    const patterns = answerPatterns(bar.given, n);
    if (patterns.length === 0) answer.append(answerText(bar.given, n));
    for (const [name, digits] of patterns) {
      const line = element('span', 'class-pattern');
      line.style.setProperty('--n', String(n));
      line.setAttribute('aria-label', `${name ? `${name} ` : ''}${digits}`);
      if (name) line.append(element('span', 'class-pattern-name', name));
      for (const digit of digits) line.append(element('span', digit === '1' ? 'class-bit one' : 'class-bit', digit));
      answer.append(line);
    }
    const meter = element('span', 'class-bar');
    meter.style.setProperty('--share', String(count / most));
    meter.setAttribute('aria-hidden', 'true');
    const students = element('td', 'class-count', element('span', 'class-count-number', String(count)), meter);
    const verdict = bar.right
      ? element('td', 'class-right', '✓ right')
      : element('td', 'class-wrong', '✗ ', ...(bar.reason ? codeNodes(String(bar.reason)) : ['wrong']));
    const row = element('tr', bar.right ? 'is-right' : '', answer, students, verdict);
    body.append(row);
  }
  if (bars.length === 0) {
    const empty = element('td', '', 'No answers in this round.');
    empty.colSpan = 3;
    body.append(element('tr', '', empty));
  }
  table.append(body);
  return table;
}
