import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { CODE_MAX_CHARS, type GetTablesResponse } from '@invigil/contracts';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ApiError } from '../../../lib/api-client.ts';
import type { QuestionViewProps } from '../views/view-types.ts';
import { compileWhenFree, fetchSkeleton, fetchTables } from './coding-api.ts';
import {
  changeLanguage,
  htmlRun,
  isSqlLanguage,
  languageChoice,
  readCodingState,
  startState,
  toRunView,
  writeCodingState,
  type CodingState,
} from './coding-rules.ts';
import { RunResults, TablesPanel } from './run-results.tsx';

const CodeEditor = lazy(() => import('./code-editor.tsx'));

type Phase = { kind: 'idle' } | { kind: 'running' } | { kind: 'waiting'; seconds: number; reason: 'busy' | 'limit' };

/** Coding (20): language selector, editor, Compile & Execute Code, the result boxes (spec). */
export function CodingView({ item, examId, disabled, onChange }: QuestionViewProps) {
  const { t } = useTranslation('testEngine');
  const selectId = useId();
  const keysId = useId();
  const [state, setState] = useState<CodingState>(() => startState(item, readCodingState(examId, item.qid)));
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const [notice, setNotice] = useState<{ severity: 'warning' | 'error' | 'info'; text: string } | null>(null);
  const [loadingLang, setLoadingLang] = useState(false);
  // Bumped when the parent replaces the editor's text (see CodeEditor's revision).
  const [revision, setRevision] = useState(0);
  const [tables, setTables] = useState<GetTablesResponse['tables'] | null>(null);
  const abort = useRef<AbortController | null>(null);
  const { options, fixed } = languageChoice(item);
  const sql = isSqlLanguage(state.codelang);
  const hasTests = (item.visibleTestCount ?? 0) + (item.hiddenTestCount ?? 0) > 0;

  // The latest state, for updates that land after an await (a run finishing while the candidate types).
  const latest = useRef(state);
  const save = (next: CodingState, answer: boolean) => {
    latest.current = next;
    setState(next);
    writeCodingState(examId, item.qid, next);
    if (answer)
      onChange({ descriptiveText: next.code, codelang: next.codelang, countCompilation: next.countCompilation });
  };

  const signature = {
    classname: item.classname || undefined,
    methodname: item.methodname || undefined,
    paramtype: item.paramtype || undefined,
    paramvalue: item.paramvalue || undefined,
    methodreturntype: item.methodreturntype || undefined,
  };

  const loadLanguage = async (lang: string, reset: boolean) => {
    setLoadingLang(true);
    let boilerplate = '';
    try {
      boilerplate = await fetchSkeleton({ codingLang: lang, ...signature });
    } catch {
      const first = options[0]?.codinglanguage;
      if (lang === first && item.programBoilerPlate) boilerplate = item.programBoilerPlate;
      else setNotice({ severity: 'warning', text: t('coding.boilerplateFailed') });
    } finally {
      setLoadingLang(false);
    }
    if (reset) save(changeLanguage(lang, boilerplate), true);
    else save({ ...latest.current, codelang: lang, code: boilerplate }, false);
    setRevision((r) => r + 1);
  };

  // A chosen language without code yet (its starter was not kept): load its boilerplate.
  useEffect(() => {
    if (state.code === '' && !item.descriptiveText) void loadLanguage(state.codelang, false);
    return () => abort.current?.abort();
    // Once, on opening the question.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!sql) return;
    let live = true;
    fetchTables(item.qid)
      .then((r) => live && setTables(r.tables))
      .catch(() => live && setTables([]));
    return () => {
      live = false;
    };
  }, [sql, item.qid]);

  const compile = async () => {
    // An answer kept from before the limit: say so here rather than as the run's 400.
    if (latest.current.code.length > CODE_MAX_CHARS) {
      setNotice({ severity: 'warning', text: t('coding.tooLong') });
      return;
    }
    const counted: CodingState = { ...latest.current, countCompilation: latest.current.countCompilation + 1 };
    save(counted, true);
    setNotice(null);
    if (state.codelang === 'html') {
      save({ ...latest.current, run: htmlRun(counted.code) }, false);
      return;
    }
    abort.current?.abort();
    const ctrl = new AbortController();
    abort.current = ctrl;
    setPhase({ kind: 'running' });
    try {
      const r = await compileWhenFree(
        {
          code: counted.code,
          lang: counted.codelang,
          qid: item.qid,
          examId,
          classname: item.classname || undefined,
          methodname: item.methodname || undefined,
          testCaseFlag: hasTests,
        },
        {
          signal: ctrl.signal,
          onWaiting: (seconds, _attempt, reason) => setPhase({ kind: 'waiting', seconds, reason }),
        },
      );
      if (latest.current.codelang === counted.codelang)
        save({ ...latest.current, run: toRunView(r, counted.codelang) }, false);
    } catch (err) {
      if (ctrl.signal.aborted) return;
      if (err instanceof ApiError && err.status === 0) setNotice({ severity: 'warning', text: t('coding.offline') });
      else setNotice({ severity: 'error', text: t('coding.runFailed', { message: (err as Error).message }) });
    } finally {
      if (abort.current === ctrl) setPhase({ kind: 'idle' });
    }
  };

  const busy = phase.kind !== 'idle';
  const editor = (
    <Suspense fallback={<Skeleton variant="rounded" sx={{ height: '70vh' }} data-testid="editor-loading" />}>
      <CodeEditor
        value={state.code}
        revision={revision}
        language={state.codelang}
        disabled={disabled || loadingLang}
        label={t('coding.editor')}
        describedBy={keysId}
        onChange={(code) => save({ ...latest.current, code }, true)}
        onBlocked={() => setNotice({ severity: 'info', text: t('coding.copyPaste') })}
        onTooLong={() => setNotice({ severity: 'warning', text: t('coding.tooLong') })}
      />
    </Suspense>
  );

  return (
    <Box data-testid="coding-view" sx={{ display: 'grid', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <FormControl size="small" sx={{ minWidth: 220 }} disabled={disabled || fixed || busy || loadingLang}>
          <InputLabel htmlFor={selectId} shrink>
            {t('coding.language')}
          </InputLabel>
          <NativeSelect
            value={state.codelang}
            onChange={(e) => void loadLanguage(e.target.value, true)}
            input={<OutlinedInput label={t('coding.language')} notched />}
            inputProps={{ id: selectId }}
          >
            {options.map((l) => (
              <option key={l.id} value={l.codinglanguage}>
                {l.name}
              </option>
            ))}
          </NativeSelect>
        </FormControl>
        <Button variant="contained" onClick={() => void compile()} disabled={disabled || busy || loadingLang}>
          {t('coding.compile')}
        </Button>
        <Typography variant="body2" data-testid="compile-count">
          {t(state.countCompilation === 1 ? 'coding.compileCountOne' : 'coding.compileCount', {
            n: state.countCompilation,
          })}
        </Typography>
      </Box>
      {notice && (
        <Alert severity={notice.severity} role={notice.severity === 'info' ? 'status' : 'alert'}>
          {notice.text}
        </Alert>
      )}
      {phase.kind !== 'idle' && (
        <Alert severity="info" role="status" data-testid="run-phase">
          {phase.kind === 'waiting'
            ? t(phase.reason === 'limit' ? 'coding.ownLimit' : 'coding.waiting', { s: phase.seconds })
            : t('coding.running')}
        </Alert>
      )}
      <Typography id={keysId} variant="caption" color="text.secondary" sx={{ mb: -1.5 }}>
        {t('coding.keys')}
      </Typography>
      {sql ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' } }}>
          <Box sx={{ minWidth: 0 }}>{editor}</Box>
          <TablesPanel tables={tables} />
        </Box>
      ) : (
        editor
      )}
      <RunResults run={state.run} hiddenCount={item.hiddenTestCount ?? 0} />
    </Box>
  );
}
