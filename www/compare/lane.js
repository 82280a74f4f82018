// One lane of the Compare section: an algorithm's board, its own data structure, its
// counters (Nodes, Operations, Operations per node, Solutions found), a sentence for its last
// step and its code with the lines that step ran highlighted. It only draws: the lane's wasm
// Search belongs to the lockstep (lockstep.js), which hands it each snapshot to draw.

import { BoardView, CodeView, fitCounters } from '../stage/index.js';
import { CODE } from './algorithm-code.js';
import { renderDetail, describeLaneStep } from './lane-detail.js';
import { grouped } from '../shared/format.js';


/** A labelled <output> inside a counter box, not live; returns the output. */
function counter(dl, name) {
  const box = document.createElement('div');
  const dt = document.createElement('dt');
  dt.textContent = name;
  const dd = document.createElement('dd');
  const output = document.createElement('output');
  output.setAttribute('aria-label', name);
  output.setAttribute('aria-live', 'off'); // read when wanted: while the lanes play it changes every frame
  dd.append(output);
  box.append(dt, dd);
  dl.append(box);
  return output;
}

export class Lane {
  /**
   * @param {object} algorithm {slug, name, blurb, code?, followsRichards?} (code: its own code
   *   panel, else CODE's; followsRichards: the lane says where its run leaves Richards' path,
   *   from the snapshot's `leftPath`)
   * @param {HTMLSelectElement} language the section's "Code in" select
   */
  constructor(algorithm, language) {
    this.algorithm = algorithm;
    const section = document.createElement('section');
    section.className = 'lane-view';
    section.dataset.algorithm = algorithm.slug;
    section.setAttribute('aria-label', algorithm.name);
    const title = document.createElement('h3');
    title.textContent = algorithm.name;
    const blurb = document.createElement('p');
    blurb.className = 'note';
    blurb.textContent = algorithm.blurb;
    const grid = document.createElement('div');
    grid.className = 'board lane-board';
    grid.setAttribute('role', 'grid');
    grid.setAttribute('aria-label', `${algorithm.name} board`);
    this.detail = document.createElement('div');
    this.detail.className = 'lane-detail';
    const counters = document.createElement('dl');
    counters.className = 'counters lane-counters';
    this.outputs = {
      nodes: counter(counters, 'Nodes'),
      operations: counter(counters, 'Operations'),
      perNode: counter(counters, 'Operations per node'),
      solutions: counter(counters, 'Solutions found'),
    };
    this.narration = document.createElement('p');
    this.narration.className = 'lane-narration';
    // Where a run leaves Richards' path (Your program's snapshots carry `leftPath`).
    this.leftPath = document.createElement('p');
    this.leftPath.className = 'lane-left-path';
    this.leftPath.hidden = true;
    const code = document.createElement('pre');
    code.className = 'code';
    code.tabIndex = 0;
    code.title = `${algorithm.name}: the lines its last step ran are highlighted`;
    fitCounters(counters);
    section.append(title, blurb, grid, this.narration, this.leftPath, counters, this.detail, code);
    this.element = section;
    this.board = new BoardView(grid);
    this.code = new CodeView(code, language, algorithm.code ?? CODE[algorithm.slug]);
  }

  /** Redraws everything from the lane's `snapshot`: its counts are the session's, and the
   *  sentence and the code lines describe `snapshot.last`, the step taken last to get there. */
  render(snapshot) {
    this.element.style.setProperty('--n', snapshot.n);
    this.board.render(snapshot);
    renderDetail(this.detail, snapshot);
    const { nodes, operations, perNode, solutions } = this.outputs;
    nodes.textContent = grouped(snapshot.nodes);
    operations.textContent = grouped(snapshot.operations);
    perNode.textContent = snapshot.nodes ? (snapshot.operations / snapshot.nodes).toFixed(1) : '–';
    solutions.textContent = grouped(snapshot.boardsPassed);
    this.narration.textContent = describeLaneStep(snapshot.last ?? null, snapshot);
    this.code.render(snapshot.last ?? null);
    if (this.algorithm.followsRichards) {
      const left = snapshot.leftPath;
      this.leftPath.hidden = false;
      this.leftPath.textContent = left
        ? `Leaves Richards’ path at step ${grouped(left.step)}: ${left.reason}`
        : 'On Richards’ path so far.';
      this.leftPath.classList.toggle('left', Boolean(left));
    }
    this.element.classList.toggle('finished', snapshot.finished);
  }
}
