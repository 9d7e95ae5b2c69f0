// npm run roster -- <roster.csv> [--links links.csv]: creates or updates candidates (issue 17).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { rosterLinksCsv } from '@invigil/contracts';
import { RosterRepository } from '../modules/content/roster.repository.ts';
import { RosterService } from '../modules/content/roster.service.ts';
import { ScheduleRepository } from '../modules/content/schedule.repository.ts';
import { args, openInputFile } from './cli-context.ts';

const { options, rest } = args(process.argv.slice(2));
const {
  cli,
  data: csv,
  file,
} = await openInputFile(rest[0], 'Usage: npm run roster -- <roster.csv> [--links links.csv]');
const service = new RosterService(
  new RosterRepository(cli.database),
  new ScheduleRepository(cli.database),
  cli.config.imports.inviteTtlHours,
);
const report = await service.apply(csv, cli.config.publicUrl ?? `http://localhost:${cli.config.port}`);
await cli.audit('admin.command roster', {
  file: path.basename(file),
  rows: report.rows,
  created: report.created,
  updated: report.updated,
  rejected: report.rejected.length,
});
await cli.close();
if (!report.applied) {
  if (report.fileError) console.error(report.fileError);
  for (const r of report.rejected) console.error(`  line ${r.line} (${r.email}): ${r.reasons.join(' ')}`);
  console.error(
    `Nothing was changed${report.rejected.length ? `: ${report.rejected.length} row(s) were refused` : ''}.`,
  );
  process.exit(1);
}
console.log(`Rows read: ${report.rows}. Candidates created: ${report.created}, updated: ${report.updated}.`);
for (const g of report.groups) console.log(`  group ${g.name} (${g.organisation})${g.created ? ', new' : ''}`);
// Links are credentials until used: a file of them is written only where asked, readable by its owner alone.
const out = options.get('links');
if (out) {
  await writeFile(out, rosterLinksCsv(report.links), { mode: 0o600 });
  console.log(`${report.links.length} set-password links written to ${out}.`);
} else for (const l of report.links) console.log(`  ${l.email}: ${l.link}`);
