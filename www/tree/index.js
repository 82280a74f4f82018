// The Search tree panel and the sizes of the search trees (learnt in a worker of their own).
// Other folders use only these names:
//   TreePanel, TreeSizes, startTreeWorker

export { TreePanel } from './tree-panel.js';
export { TreeSizes } from './tree-sizes.js';

/** A new tree-size worker (tree-worker.js). */
export const startTreeWorker = () => new Worker(new URL('./tree-worker.js', import.meta.url));
