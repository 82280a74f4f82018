// The import rules of www/, checked by `npm run lint:deps` (part of `npm test`):
//
//   www/main.js, www/embed/embed.js   the two pages' roots; the workers (*-worker.js) are roots too,
//                                      and so is the service worker (offline/service-worker.js)
//   www/<feature>/                     player, stage, compare, tree, count, teach, write, maker,
//                                      export, embed, class, offline, language: one folder per thing the page
//                                      shows. Its index.js lists, in its header, the names the rest
//                                      of the page may use; every other file of the folder is private.
//   on demand                          compare, write, maker, export, embed (the Embed dialog)
//                                      and class (the live class) start closed, and offline waits
//                                      until the page is idle: the page's first load reaches them only
//                                      through import() (www/main.js, shared/on-demand.js).
//   www/shared/                        small modules any folder may import, each file public;
//                                      it imports no feature folder.
//   www/pkg/                           the wasm core, built by scripts/build-wasm.sh (not in git)
//
// So: no import cycle; shared/ imports no feature; a file outside a feature folder imports
// from it only its index.js; what the page loads first imports no on-demand folder; no module
// that no root reaches, and no orphan.

const FEATURES = '(player|stage|compare|tree|count|teach|export|embed|write|maker|class|offline|language)';
/** The folders main.js fetches on demand, and the folders the page's first load is made of. */
const ON_DEMAND = '(compare|write|maker|export|embed|class|offline)';
const FIRST_LOAD = '(player|stage|tree|count|teach|shared|language)';
const ROOTS = ['^www/main\\.js$', '^www/embed/embed\\.js$', '^www/.+-worker\\.js$'];

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment: 'An import cycle makes the load order matter: break it by moving the shared part down (into shared/, or into the folder both use).',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-imports-no-feature',
      severity: 'error',
      comment: 'www/shared/ is the floor every feature stands on: it may import only shared/ and npm packages.',
      from: { path: '^www/shared/' },
      to: { path: `^www/${FEATURES}/` },
    },
    {
      name: 'feature-private-files',
      severity: 'error',
      comment: "A feature folder is used from outside only through its index.js: export the name there (and list it in the header), then import it from '../<feature>/index.js'.",
      from: { path: '^www/([^/]+)/' },
      to: { path: `^www/${FEATURES}/`, pathNot: ['^www/$1/', `^www/${FEATURES}/index\\.js$`] },
    },
    {
      name: 'root-uses-index-only',
      severity: 'error',
      comment: "www/main.js wires the page from the feature folders' index.js only.",
      from: { path: '^www/[^/]+\\.js$' },
      to: { path: `^www/${FEATURES}/`, pathNot: `^www/${FEATURES}/index\\.js$` },
    },
    {
      name: 'on-demand-stays-out-of-the-first-load',
      severity: 'error',
      comment: "Compare, Write it, Make a lesson, the exports and the Embed dialog start closed: the page fetches them when they are needed, with import() in www/main.js. A static import would put them back into the first load.",
      from: { path: [`^www/main\\.js$`, `^www/${FIRST_LOAD}/`] },
      to: { path: `^www/${ON_DEMAND}/`, dynamic: false },
    },
    {
      name: 'no-orphan',
      severity: 'error',
      comment: 'A module nothing imports and that imports nothing: delete it, or import it where it is used.',
      // A worker that imports only the wasm core looks like an orphan here: it is a root.
      from: { orphan: true, path: '^www/', pathNot: ['^www/pkg/', ...ROOTS] },
      to: {},
    },
    {
      name: 'reached-from-a-root',
      severity: 'error',
      comment: 'A module that neither page nor any worker reaches is dead code: delete it, or import it where it is used.',
      from: { path: ROOTS },
      to: { path: '^www/', pathNot: ['^www/pkg/', ...ROOTS], reachable: false },
    },
    {
      name: 'resolvable',
      severity: 'error',
      comment: 'An import whose file is not there (the wasm core, www/pkg, is built by npm run build:wasm).',
      from: {},
      to: { couldNotResolve: true, pathNot: '^\\.\\./pkg/|^\\./pkg/|pkg/bitqueens' },
    },
  ],
  options: {
    doNotFollow: { path: ['node_modules', '^www/pkg/'] },
    exclude: { path: '^www/pkg/' },
    moduleSystems: ['es6'],
    tsPreCompilationDeps: false,
    // The pages' workers are started with new Worker(new URL('./x-worker.js', import.meta.url)):
    // not an import, so they are roots of their own (ROOTS above).
  },
};
