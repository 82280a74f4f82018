// The answer editor, loaded on demand: CodeMirror comes in a chunk of its own
// (codemirror-editor.js), fetched the first time the Write it section opens.

let loading = null;

/** Resolves to createEditor(parent, options) of codemirror-editor.js; loads it once. */
export function loadEditor() {
  loading ??= import(/* webpackChunkName: "editor" */ './codemirror-editor.js').then((module) => module.createEditor);
  return loading;
}
