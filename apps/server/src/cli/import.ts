// npm run import -- <package.zip | document.invigil.json> [--title "Name"]: imports a test (issue 17).
import path from 'node:path';
import { ContentImportService } from '../modules/content/content-import.service.ts';
import { zipLimitsFor } from '../modules/content/safe-zip.ts';
import { args, openInputFile } from './cli-context.ts';

const { options, rest } = args(process.argv.slice(2));
const { cli, data, file } = await openInputFile(
  rest[0],
  'Usage: npm run import -- <package.zip | document.invigil.json> [--title "Name"]',
);
const service = new ContentImportService(cli.database, cli.media, zipLimitsFor(cli.config.imports.maxBytes));
const report = await service.import(data, { fileName: path.basename(file), title: options.get('title') || undefined });
await cli.audit('admin.command import', {
  file: path.basename(file),
  examId: report.examId,
  items: report.items.length,
  problems: report.problems.length,
});
await cli.close();
console.log(`${report.title} (${report.format})`);
for (const i of report.items) console.log(`  ${i.identifier}: ${i.from} -> ${i.qtypecode} ${i.qtypename}`);
for (const n of report.notes) console.log(`  note: ${n}`);
if (report.imported) {
  console.log(`Imported as test ${report.examId}: ${report.items.length} questions, ${report.media} media files.`);
} else {
  for (const p of report.problems) console.error(`  ${p.item}: ${p.reason}`);
  console.error(`Nothing was imported: ${report.problems.length} problem(s).`);
  process.exit(1);
}
