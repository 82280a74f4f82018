// The answer editor, CodeMirror 6: loaded by editor.js with a dynamic import() only when the
// Write it section first opens, so webpack puts CodeMirror in a chunk of its own and the page's
// main bundle does not carry it. CodeMirror's own keyboard and screen-reader behaviour is kept
// (its editable area is a multi-line textbox with the name given); Tab is left to move the
// focus (no indent-with-Tab trap). The language is highlighted by a stream tokenizer, and the
// core's parse errors are shown as lint diagnostics at their place.

import { EditorView, keymap, drawSelection, lineNumbers, highlightActiveLine } from '@codemirror/view';
import { EditorState } from '@codemirror/state';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { StreamLanguage, HighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { setDiagnostics, lintGutter } from '@codemirror/lint';
import { tags } from '@lezer/highlight';

/** The exercises' language, token by token (the core's lexer is the one that decides). */
const answerLanguage = StreamLanguage.define({
  name: 'bitqueens-answer',
  token(stream) {
    if (stream.eatSpace()) return null;
    if (stream.match('//') || stream.match('#')) {
      stream.skipToEnd();
      return 'comment';
    }
    if (stream.match(/^0[bB][01_]*/) || stream.match(/^0[xX][0-9a-fA-F_]*/) || stream.match(/^\d+/)) return 'number';
    if (stream.match(/^[A-Za-z_][A-Za-z0-9_]*/)) return 'variableName';
    if (stream.match('<<') || stream.match('>>') || stream.match(/^[~&|^+\-!]/)) return 'operator';
    if (stream.match('=')) return 'definitionOperator';
    if (stream.match(/^[();]/)) return 'punctuation';
    stream.next();
    return 'invalid';
  },
});

/** Colours from the page's style sheet (custom properties), so both themes and Projector apply. */
const highlight = HighlightStyle.define([
  { tag: tags.comment, class: 'tok-comment' },
  { tag: tags.number, class: 'tok-number' },
  { tag: tags.variableName, class: 'tok-name' },
  { tag: tags.operator, class: 'tok-operator' },
  { tag: tags.definitionOperator, class: 'tok-operator' },
  { tag: tags.punctuation, class: 'tok-punctuation' },
  { tag: tags.invalid, class: 'tok-invalid' },
]);

/**
 * An editor in `parent` holding `text`, its editable area named `label` and described by the
 * element `describedBy` (an id). `changed(text)` is called after each edit. Returns
 * { text(), setText(text), showDiagnostics(list), focus() }.
 */
export function createEditor(parent, { text, label, describedBy, changed }) {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        lineNumbers(),
        history(),
        drawSelection(),
        highlightActiveLine(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        answerLanguage,
        syntaxHighlighting(highlight),
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          'aria-label': label, 'aria-describedby': describedBy, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off',
        }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) changed(update.state.doc.toString());
        }),
      ],
    }),
  });
  return {
    text: () => view.state.doc.toString(),
    setText(next) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
      view.dispatch(setDiagnostics(view.state, []));
    },
    /** The core's diagnostics ({from, to, message}: UTF-16 offsets), clipped to the text. */
    showDiagnostics(list) {
      const length = view.state.doc.length;
      const diagnostics = list.map(({ from, to, message }) => {
        const start = Math.min(Math.max(0, from), length);
        return { from: start, to: Math.min(Math.max(start, to), length), message, severity: 'error' };
      });
      view.dispatch(setDiagnostics(view.state, diagnostics));
    },
    focus: () => view.focus(),
  };
}
