import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { GetTablesResponse } from '@invigil/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { RunView } from './coding-rules.ts';

const pre = {
  m: 0,
  p: 1.5,
  minHeight: 48,
  maxHeight: 320,
  overflow: 'auto',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 13,
  bgcolor: 'action.hover',
  borderRadius: 1,
} as const;

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ResultTable({
  caption,
  columns,
  rows,
  hideCaption,
}: {
  caption: string;
  columns: string[];
  rows: unknown[][];
  /** The caption is read by screen readers only (a heading above says the same). */
  hideCaption?: boolean;
}) {
  return (
    <Box sx={{ overflow: 'auto', maxHeight: 320 }}>
      <Box
        component="table"
        sx={{
          borderCollapse: 'collapse',
          fontSize: 13,
          '& th, & td': { border: '1px solid', borderColor: 'divider', px: 1, py: 0.5, textAlign: 'left' },
          '& th': { bgcolor: 'action.hover' },
        }}
      >
        <caption
          style={
            hideCaption
              ? { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }
              : { textAlign: 'left', fontWeight: 600, padding: '4px 0' }
          }
        >
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((c, i) => (
              <th key={i} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {r.map((v, j) => (
                <td key={j}>{v === null ? 'NULL' : String(v)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

/** SQL: the side table of the data tables available to the query (getTables). */
export function TablesPanel({ tables }: { tables: GetTablesResponse['tables'] | null }) {
  const { t } = useTranslation('testEngine');
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {t('coding.tables')}
      </Typography>
      {tables === null ? (
        <Skeleton variant="rounded" height={120} />
      ) : (
        tables.map((tb) => (
          <ResultTable
            key={tb.name}
            caption={t('coding.table', { name: tb.name })}
            columns={tb.columns}
            rows={tb.rows}
          />
        ))
      )}
    </Paper>
  );
}

/** The syntax-errors box, the output box (HTML rendered), SQL rows and the test cases. */
export function RunResults({ run, hiddenCount }: { run: RunView | null; hiddenCount: number }) {
  const { t } = useTranslation('testEngine');
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="run-results">
      <Section title={t('coding.syntaxErrors')} id="coding-syntax">
        <Box
          component="pre"
          data-testid="syntax-errors"
          sx={{ ...pre, color: run?.syntaxErrors ? 'error.main' : 'text.secondary' }}
        >
          {run?.syntaxErrors ?? ''}
        </Box>
      </Section>
      {run?.sql ? (
        <Section title={t('coding.sqlResult')} id="coding-sql">
          {run.status === 'sql-error' ? (
            <Alert severity="error" data-testid="sql-message">
              {run.sql.sqlMessage}
            </Alert>
          ) : run.sql.columns.length === 0 || run.sql.rows.length === 0 ? (
            <Typography variant="body2">{run.sql.sqlMessage || t('coding.noRows')}</Typography>
          ) : (
            <Box data-testid="sql-rows">
              <ResultTable caption={t('coding.sqlResult')} columns={run.sql.columns} rows={run.sql.rows} hideCaption />
              {run.sql.truncated && <Typography variant="caption">{t('coding.truncated')}</Typography>}
            </Box>
          )}
        </Section>
      ) : run?.html ? (
        <Section title={t('coding.htmlPreview')} id="coding-html">
          {/* No allow-scripts, no allow-same-origin: the page renders, nothing in it reaches this app. */}
          <Box
            component="iframe"
            sandbox=""
            srcDoc={run.output}
            title={t('coding.htmlPreview')}
            data-testid="html-output"
            sx={{
              width: '100%',
              height: 320,
              border: '1px solid',
              borderColor: 'divider',
              borderRadius: 1,
              bgcolor: '#fff',
            }}
          />
        </Section>
      ) : (
        <Section title={t('coding.output')} id="coding-output">
          <Box
            component="pre"
            data-testid="run-output"
            sx={{ ...pre, color: run?.output ? 'text.primary' : 'text.secondary' }}
          >
            {run ? run.output : t('coding.noOutput')}
          </Box>
        </Section>
      )}
      {run && (run.tests.length > 0 || hiddenCount > 0) && (
        <Section title={t('coding.testCases')} id="coding-tests">
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }} data-testid="test-cases">
            {run.tests.map((tc) => (
              <Box component="li" key={tc.index} sx={{ display: 'grid', gap: 0.5 }}>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                  <Typography variant="body2">{t('coding.testCase', { n: tc.index + 1 })}</Typography>
                  <Chip
                    size="small"
                    color={tc.passed ? 'success' : 'error'}
                    label={tc.passed ? t('coding.passed') : t('coding.failed')}
                  />
                </Box>
                {tc.input !== undefined && (
                  <Typography
                    variant="caption"
                    component="div"
                    sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap' }}
                  >
                    {t('coding.input')}: {tc.input} · {t('coding.expected')}: {tc.expected} · {t('coding.actual')}:{' '}
                    {tc.actual}
                  </Typography>
                )}
              </Box>
            ))}
          </Box>
          {hiddenCount > 0 && (
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="hidden-count">
              {t('coding.hiddenTests', { n: hiddenCount })}
            </Typography>
          )}
        </Section>
      )}
    </Box>
  );
}
