import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ComponentType, lazy } from 'react';
import type { AreaProps } from '../components/dashboard-area.ts';
import { DashboardBoot } from '../features/dashboard/dashboard-boot.tsx';
import { restoreDashboardState } from '../features/dashboard/restore-state.ts';

function AreaHeading({ menuKey }: AreaProps) {
  return (
    <Paper sx={{ p: 3 }} variant="outlined">
      <Typography variant="h5" component="h1">
        {menuKey}
      </Typography>
    </Paper>
  );
}

// The last menu, organisation and type button are restored before the shell first renders
// (it reads its selected menu from session storage), so no user click can race the restore.
// The dashboard route started this call while this code was downloading (dashboard-preload.ts).
await restoreDashboardState();
// The same module the dashboard route already asked for (dashboard-preload.ts loadListArea).
const loadListArea = () => import('../features/dashboard/list-area.tsx');
const CategoryArea = lazy(() => loadListArea().then((m) => ({ default: m.CategoryArea })));
const CompletedArea = lazy(() => loadListArea().then((m) => ({ default: m.CompletedArea })));
const ExpiredArea = lazy(() => loadListArea().then((m) => ({ default: m.ExpiredArea })));
const PracticeArea = lazy(() => import('../features/practice/practice-area.tsx'));
const SiteRequirementsArea = lazy(() => import('../features/system-check/site-requirements-area.tsx'));
const SupportArea = lazy(() => import('../features/support-help/support-area.tsx'));
const UserHelpArea = lazy(() => import('../features/support-help/user-help-area.tsx'));
// Staff screens (ADR 0120): their own chunks, never loaded by a candidate.
const SearchUserArea = lazy(() => import('../features/staff/search-user-area.tsx'));
const OngoingTestsArea = lazy(() => import('../features/staff/ongoing-tests-area.tsx'));
const PendingResultsArea = lazy(() => import('../features/staff/pending-results-area.tsx'));
const RegenerateResultsArea = lazy(() => import('../features/staff/regenerate-results-area.tsx'));
// The super administrator's import and scheduling screens (issue 17): chunks of their own too.
const ImportTestArea = lazy(() => import('../features/admin/import-test-area.tsx'));
const ImportCandidatesArea = lazy(() => import('../features/admin/import-candidates-area.tsx'));
const ScheduleTestArea = lazy(() => import('../features/admin/schedule-test-area.tsx'));

/** A candidate area: queued submissions are re-sent on dashboard load; tab and group start afresh per menu key. */
const candidate = (Area: ComponentType<AreaProps>): ComponentType<AreaProps> =>
  function CandidateArea(props: AreaProps) {
    return (
      <DashboardBoot>
        <Area key={props.menuKey} {...props} />
      </DashboardBoot>
    );
  };

const category = candidate(CategoryArea);
const completed = candidate(CompletedArea);
const expired = candidate(ExpiredArea);

/**
 * Menu key to the area shown in the dashboard's content. Areas load lazily so the shell stays
 * small; a key without an entry shows its heading.
 */
const dashboardAreas: Record<string, ComponentType<AreaProps>> = {
  Tests: category,
  Survey: category,
  WorkFlow: category,
  Feedback: category,
  Completed: completed,
  FeedbackCompleted: completed,
  SurveyCompleted: completed,
  WorkFlowCompleted: completed,
  Expired: expired,
  FeedbackExpired: expired,
  SurveyExpired: expired,
  WorkFlowExpired: expired,
  Practice: candidate(PracticeArea),
  'Site Requirements': candidate(SiteRequirementsArea),
  Support: candidate(SupportArea),
  'User Help': candidate(UserHelpArea),
  'Search User Details': SearchUserArea,
  'Ongoing Tests': OngoingTestsArea,
  'Pending Results': PendingResultsArea,
  'Regenerate Results': RegenerateResultsArea,
  'Import Test': ImportTestArea,
  'Import Candidates': ImportCandidatesArea,
  'Schedule Test': ScheduleTestArea,
};

export function areaFor(menuKey: string): ComponentType<AreaProps> {
  return dashboardAreas[menuKey] ?? AreaHeading;
}
