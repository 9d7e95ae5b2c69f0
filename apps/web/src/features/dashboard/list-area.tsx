import { categoryForMenu, type Category, LAYOUT, listTypeForMenu } from '@invigil/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useCallback, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { AreaProps } from '../../components/dashboard-area.ts';
import { PageLoader } from '../../components/page-loader.tsx';
import { rememberOrg, storedOrg } from '../../lib/dashboard-storage.ts';
import { useDashboardLists } from './api/dashboard-lists.ts';
import { CompletedTable } from './components/completed-table.tsx';
import { ExpiredTable } from './components/expired-table.tsx';
import { defaultGroupId } from './default-group.ts';
import { GroupButtons } from './components/group-buttons.tsx';
import { type ListTab, ListTabs } from './components/list-tabs.tsx';
import { OrgSelect } from './components/org-select.tsx';
import { PendingTable } from './components/pending-table.tsx';
import { ReportLink } from './components/report-link.tsx';
import { useStartTest } from './components/start-test.tsx';
import { VariantSwitch } from './components/variant-switch.tsx';

/**
 * A list area. Tests, Survey, WorkFlow and Feedback show the three tabs; Completed and
 * Expired (and their Feedback/Survey/WorkFlow variants) show one list of that kind.
 */
export function ListArea({ menuKey, onSelectMenu, fixedTab }: AreaProps & { fixedTab?: ListTab }) {
  const { t } = useTranslation('dashboard');
  const mobile = useMediaQuery(`(max-width:${LAYOUT.mobileBreakpoint}px)`, { noSsr: true });
  const category: Category = categoryForMenu(menuKey);
  const noun = t(`noun.${category}`);
  const [orgId, setOrgId] = useState<number | null>(storedOrg);
  const [tab, setTab] = useState<ListTab>(fixedTab ?? 'pending');
  const [groupByTab, setGroupByTab] = useState<Partial<Record<ListTab, number>>>({});
  const lists = useDashboardLists(menuKey, orgId, setOrgId);
  const startTest = useStartTest();

  const switchOrg = useCallback(
    (id: number) => {
      rememberOrg(id, listTypeForMenu(menuKey));
      setGroupByTab({});
      setOrgId(id);
    },
    [menuKey],
  );

  const title = fixedTab
    ? `${t(`areaTitle.${fixedTab}`)}${category === 'TEST' ? '' : ` ${noun}`}`
    : t(`areaTitle.${category}`);
  const data = lists.data;
  const inTab = (data?.groups ?? []).filter((g) => g[tab].length > 0);
  const selectedId =
    groupByTab[tab] !== undefined && inTab.some((g) => g.groupId === groupByTab[tab])
      ? groupByTab[tab]!
      : defaultGroupId(inTab, tab);
  const group = inTab.find((g) => g.groupId === selectedId) ?? null;
  const empty = t(`empty.${tab}.${category}`);
  const label = `${t(`tabs.${tab}`, { noun })}${group ? `: ${group.groupName}` : ''}`;

  return (
    <Box data-testid={`area-${menuKey}`}>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}
      >
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <OrgSelect orgs={data?.org ?? []} value={data?.latestOrg ?? orgId} onChange={switchOrg} />
      </Box>
      {fixedTab ? (
        <VariantSwitch kind={fixedTab} menuKey={menuKey} onSelectMenu={onSelectMenu} />
      ) : (
        <ListTabs value={tab} noun={noun} mobile={mobile} onChange={setTab} />
      )}
      <Box
        id="list-panel"
        role={fixedTab ? undefined : 'tabpanel'}
        aria-labelledby={fixedTab ? undefined : `list-tab-${tab}`}
      >
        {lists.isPending && <PageLoader />}
        {lists.isError && (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => lists.refetch()}>
                {t('retry')}
              </Button>
            }
          >
            {t('loadFailed')}
          </Alert>
        )}
        {data && (
          <>
            <GroupButtons
              groups={inTab}
              selected={selectedId}
              onSelect={(id) => setGroupByTab((s) => ({ ...s, [tab]: id }))}
            />
            {tab === 'completed' && group && (
              // One link a group: a download still running for another group does not disable this one.
              <ReportLink key={group.groupId} groupId={group.groupId} ready={group.reportReady} />
            )}
            {tab === 'pending' && (
              <PendingTable
                rows={group?.pending ?? []}
                empty={empty}
                label={label}
                busyId={startTest.busy}
                onStart={startTest.start}
              />
            )}
            {tab === 'completed' && (
              <CompletedTable
                rows={group?.completed ?? []}
                empty={empty}
                label={label}
                byAssessee={category === 'FEEDBACK' || category === 'SURVEY'}
              />
            )}
            {tab === 'expired' && <ExpiredTable rows={group?.expired ?? []} empty={empty} label={label} />}
          </>
        )}
      </Box>
      {startTest.ui}
    </Box>
  );
}

export const CategoryArea = (props: AreaProps) => <ListArea {...props} />;
export const CompletedArea = (props: AreaProps) => <ListArea {...props} fixedTab="completed" />;
export const ExpiredArea = (props: AreaProps) => <ListArea {...props} fixedTab="expired" />;
