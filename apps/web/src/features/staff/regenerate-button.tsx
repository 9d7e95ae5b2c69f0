import { SUBMITTED_STATUSES } from '@invigil/contracts';
import Button from '@mui/material/Button';
import { useRef } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useRegenerate, type RegenerateIds } from './api/staff.ts';

export type RegenState = 'QUEUED' | 'ALREADY IN QUEUE' | 'MONGODB SKIPPED' | null;

interface Props {
  ids: RegenerateIds;
  label: string;
  /** the attempt's exam status: only a submitted test has a result to regenerate */
  status: string;
  state: RegenState;
  onState(state: RegenState): void;
  onError(message: string): void;
}

/**
 * The ReGenerate action (spec §4): disabled and showing QUEUED after a successful request,
 * ALREADY IN QUEUE, or MONGODB SKIPPED when the flags are set. A failure shows the server message.
 * A test not submitted (not started, in progress, expired, retest) has no result: the button is
 * disabled, as the server would refuse it (ADR 0223).
 */
export function RegenerateButton({ ids, label, status, state, onState, onError }: Props) {
  const { t } = useTranslation('staff');
  const regen = useRegenerate();
  // A double click asks once (a second request would turn QUEUED into ALREADY IN QUEUE).
  const inFlight = useRef(false);
  const onClick = () => {
    if (inFlight.current) return;
    inFlight.current = true;
    regen.mutate(ids, {
      onSuccess: (r) => {
        if (r.mongodb_skipped) onState('MONGODB SKIPPED');
        else if (r.already_in_queue) onState('ALREADY IN QUEUE');
        else if (r.queued) onState('QUEUED');
        if (r.success === 0) onError(r.message);
      },
      // The server's message when it answered; without an answer (status 0) the spec's failure text.
      onError: (e) => onError(e instanceof ApiError && e.status > 0 && e.message ? e.message : t('search.failed')),
      onSettled: () => {
        inFlight.current = false;
      },
    });
  };
  const text =
    state === 'QUEUED'
      ? t('regen.queued')
      : state === 'ALREADY IN QUEUE'
        ? t('regen.already')
        : state === 'MONGODB SKIPPED'
          ? t('regen.skipped')
          : t('regen.button');
  return (
    <Button
      size="small"
      variant="contained"
      disabled={state !== null || regen.isPending || !SUBMITTED_STATUSES.includes(status)}
      onClick={onClick}
      aria-label={`${text}: ${label}`}
      data-testid={`regen-${ids.userExamId}`}
      // Two-word states (ALREADY IN QUEUE, MONGODB SKIPPED) wrap, so the Action column fits at 1280 px.
      sx={{ lineHeight: 1.3 }}
    >
      {text}
    </Button>
  );
}
