import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
  type LanguageSupport,
} from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView, drawSelection, highlightActiveLine, keymap, lineNumbers } from '@codemirror/view';
import { useEffect, useRef } from 'react';
import { CODE_MAX_CHARS } from '@invigil/contracts';
import { maxLength } from './code-length.ts';
import { COPY_PASTE_BLOCKED } from './coding-rules.ts';

/** Per-language highlighting, each loaded only when its language is shown. */
async function languageSupport(lang: string): Promise<LanguageSupport | null> {
  switch (lang) {
    case 'c':
    case 'cpp':
      return (await import('@codemirror/lang-cpp')).cpp();
    case 'java':
      return (await import('@codemirror/lang-java')).java();
    case 'python':
      return (await import('@codemirror/lang-python')).python();
    case 'javascript':
      return (await import('@codemirror/lang-javascript')).javascript();
    case 'html':
      return (await import('@codemirror/lang-html')).html();
    case 'sql':
    case 'pgsql':
    case 'mysql': {
      const m = await import('@codemirror/lang-sql');
      const dialect = lang === 'pgsql' ? m.PostgreSQL : lang === 'mysql' ? m.MySQL : m.SQLite;
      return m.sql({ dialect });
    }
    default:
      return null;
  }
}

export interface CodeEditorProps {
  value: string;
  /**
   * Bumped by the parent when `value` must replace the document (language change, boilerplate
   * loaded). Typing never bumps it: echoes of the editor's own changes (which may arrive late,
   * after newer keystrokes) must never be written back into it.
   */
  revision: number;
  language: string;
  disabled: boolean;
  label: string;
  /** Id of the text that tells keyboard users how to leave the editor (Tab indents in it). */
  describedBy: string;
  onChange(code: string): void;
  /** A copy, cut, paste or drop was refused. */
  onBlocked(): void;
  /** A change was refused: the code would pass CODE_MAX_CHARS. */
  onTooLong(): void;
}

const blocked = (onBlocked: () => void) => (e: Event) => {
  e.preventDefault();
  console.warn(COPY_PASTE_BLOCKED);
  onBlocked();
  return true;
};

/** CodeMirror 6, 70vh high (spec), with copy and paste blocked. Loaded lazily with the coding view. */
export default function CodeEditor({
  value,
  revision,
  language,
  disabled,
  label,
  describedBy,
  onChange,
  onBlocked,
  onTooLong,
}: CodeEditorProps) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const lang = useRef(new Compartment());
  const readOnly = useRef(new Compartment());
  const handlers = useRef({ onChange, onBlocked, onTooLong });
  handlers.current = { onChange, onBlocked, onTooLong };

  useEffect(() => {
    const block = blocked(() => handlers.current.onBlocked());
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          lineNumbers(),
          history(),
          drawSelection(),
          indentOnInput(),
          bracketMatching(),
          highlightActiveLine(),
          // Long lines wrap: no sideways scrolling on a phone, and nothing hides past the edge.
          EditorView.lineWrapping,
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          lang.current.of([]),
          readOnly.current.of(EditorState.readOnly.of(disabled)),
          EditorView.contentAttributes.of({
            'aria-label': label,
            'aria-describedby': describedBy,
            'data-testid': 'code-editor',
          }),
          EditorView.domEventHandlers({ copy: block, cut: block, paste: block, drop: block }),
          maxLength(CODE_MAX_CHARS, () => handlers.current.onTooLong()),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) handlers.current.onChange(u.state.doc.toString());
          }),
          EditorView.theme({
            '&': { height: '70vh', fontSize: '14px', border: '1px solid #8a8a8a', borderRadius: '4px' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
            '&.cm-focused': { outline: '2px solid #6a1b9a' },
            '.cm-gutters': { backgroundColor: '#f3f0f7', color: '#4a4a4a', border: 'none' },
            '.cm-content': { caretColor: 'currentColor' },
          }),
        ],
      }),
    });
    view.current = v;
    return () => {
      v.destroy();
      view.current = null;
    };
    // The editor is created once; value, language and disabled are applied by the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new document from the parent (language change, boilerplate loaded): replace the text.
  useEffect(() => {
    const v = view.current;
    if (v && revision > 0 && v.state.doc.toString() !== value)
      v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: value } });
    // Only a new revision replaces the text; value alone follows the editor's own changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revision]);

  useEffect(() => {
    let live = true;
    void languageSupport(language).then((support) => {
      if (live && view.current) view.current.dispatch({ effects: lang.current.reconfigure(support ?? []) });
    });
    return () => {
      live = false;
    };
  }, [language]);

  useEffect(() => {
    view.current?.dispatch({ effects: readOnly.current.reconfigure(EditorState.readOnly.of(disabled)) });
  }, [disabled]);

  return <div ref={host} data-language={language} />;
}
