import { EditorState, type Extension } from '@codemirror/state';

/**
 * The editor holds at most `max` characters: a change that would make the code longer is refused
 * whole (typed, dropped or replaced), and onTooLong says so. Shortening always passes, also from
 * above the limit. Without it a longer answer could neither run nor be saved (ADR 0270).
 */
export function maxLength(max: number, onTooLong: () => void): Extension {
  return EditorState.transactionFilter.of((tr) => {
    if (!tr.docChanged || tr.newDoc.length <= max || tr.newDoc.length <= tr.startState.doc.length) return tr;
    onTooLong();
    return [];
  });
}
