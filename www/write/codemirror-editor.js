// The answer editor, CodeMirror 6: loaded by editor.js with a dynamic import() only when the
// Write it section first opens, so webpack puts CodeMirror in a chunk of its own and the page's
// main bundle does not carry it. CodeMirror's own keyboard and screen-reader behaviour is kept
// (its editable area is a multi-line textbox with the name given); Tab is left to move the
// focus (no indent-with-Tab trap). The language is highlighted by a stream tokenizer, and the
// core's parse errors are shown as lint diagnostics at their place.
//
// The editor lives in a shadow root of its box: CodeMirror writes its styles as constructed
// style sheets there (adoptedStyleSheets), which the page's Content-Security-Policy allows,
// where in the document itself it would insert <style> elements, which the policy refuses.
// Its colours are the page's custom properties, which cross the shadow boundary, so both
// themes and Projector apply. Keys typed in it reach the page's shortcuts from the shadow
// host: keyboard.js reads the element really focused (composedPath) and leaves them alone.

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
  { tag: tags.comment, color: 'var(--muted)', fontStyle: 'italic' },
  { tag: tags.number, color: 'var(--free)' },
  { tag: tags.variableName, color: 'var(--ink)', fontWeight: '600' },
  { tag: [tags.operator, tags.definitionOperator], color: 'var(--accent)', fontWeight: '600' },
  { tag: tags.invalid, color: 'var(--attack)', textDecoration: 'underline wavy' },
]);

const theme = EditorView.theme({
  '&': { color: 'var(--ink)', backgroundColor: 'var(--bg)', minHeight: '6rem', fontSize: '1rem' },
  '&.cm-focused': { outline: '3px solid var(--accent)', outlineOffset: '1px' },
  '.cm-content': { fontFamily: 'var(--mono)', caretColor: 'var(--ink)', minHeight: '6rem' },
  '.cm-cursor, .cm-dropCursor': { borderLeftColor: 'var(--ink)' },
  '.cm-gutters': { backgroundColor: 'var(--panel)', color: 'var(--muted)', borderRight: '1px solid var(--line)' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
  '.cm-activeLineGutter': { backgroundColor: 'var(--band)', color: 'var(--ink)' },
  '.cm-tooltip': { backgroundColor: 'var(--panel)', color: 'var(--ink)', border: '1px solid var(--line)' },
});

/** Typing over a selection is done here, not by the browser: Chromium would give the new text
 *  the deleted text's look as an inline style attribute, which the page's policy refuses (a
 *  console error, though nothing breaks). */
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    if (event.inputType !== 'insertText' || !event.data || view.state.selection.main.empty || view.composing) return false;
    event.preventDefault();
    view.dispatch({ ...view.state.replaceSelection(event.data), scrollIntoView: true, userEvent: 'input.type' });
    return true;
  },
});

/**
 * An editor in a shadow root of `box` holding `text`, its editable area named `label`.
 * `changed(text)` is called after each edit. Returns { text(), setText(text),
 * showDiagnostics(list), focus() }.
 */
export function createEditor(box, { text, label, changed }) {
  const root = box.shadowRoot ?? box.attachShadow({ mode: 'open' });
  const view = new EditorView({
    parent: root,
    root,
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
        theme,
        lintGutter(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({
          'aria-label': label, spellcheck: 'false', autocapitalize: 'off', autocorrect: 'off',
        }),
        typeOverSelection,
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
