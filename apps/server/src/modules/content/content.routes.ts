import multipart from '@fastify/multipart';
import {
  AdminTestsResponse,
  ExportTestParams,
  ExtensionDocument,
  ImportPackageQuery,
  ImportReport,
  ROLES,
  RosterReport,
  ScheduleTestRequest,
  ScheduleTestResponse,
} from '@invigil/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorCode } from '../../lib/error-code.ts';
import { HttpError } from '../../lib/http-errors.ts';

/** Imports, rosters and schedules are the super administrator's alone (ADR 0120, issue 17). */
const SUPER = [ROLES.superAdmin];

declare module 'fastify' {
  interface FastifyRequest {
    /** What an admin call did, for its audit event (set by the handler). */
    audit?: Record<string, unknown>;
  }
}

/** The uploaded file of a multipart request (field `file`) and its form fields sent before it. */
async function uploaded(req: FastifyRequest, maxBytes: number) {
  if (!req.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data in the field file.');
  const part = await req.file();
  if (!part || part.fieldname !== 'file') throw new HttpError(400, 'The file must be sent in the field file.');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch (e) {
    if (errorCode(e) === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, `The file is larger than ${Math.round(maxBytes / 1048576)} MB.`);
    throw e;
  }
  if (data.length === 0) throw new HttpError(400, 'The file is empty.');
  const field = (name: string) => {
    const f = part.fields[name];
    return f && !Array.isArray(f) && f.type === 'field' ? String(f.value) : undefined;
  };
  return { data, name: part.filename, field };
}

/** The origin users open the web app at (set-password links). */
const originOf = (req: FastifyRequest, configured?: string) => configured ?? `${req.protocol}://${req.host}`;

export default async function contentRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, services, repositories } = app.ctx;
  const { contentImport, contentExport, roster, schedules } = services;
  const maxBytes = config.imports.maxBytes;
  const tags = ['admin'];
  await app.register(multipart, { limits: { fileSize: maxBytes, files: 1, fields: 3, fieldSize: 1024 } });

  // Every call is audited, refused ones too: who, which call, the answer, and what it did.
  app.addHook('onResponse', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/api/admin/')) return;
    repositories.events.record({
      kind: `admin.${req.method.toLowerCase()} ${req.routeOptions.url}`,
      actorId: req.user?.id ?? null,
      data: { status: reply.statusCode, ...req.audit },
    });
  });

  const importReply = (req: FastifyRequest, report: ImportReport) => {
    req.audit = {
      title: report.title,
      examId: report.examId,
      items: report.items.length,
      problems: report.problems.length,
    };
    if (!report.imported)
      throw new HttpError(422, `Nothing was imported: ${report.problems.length} problem(s) were found.`, { report });
    return report;
  };

  app.post(
    '/api/admin/imports',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary:
          'Import a test: multipart field file, a QTI 3.0 / 2.2 / 2.1 package (zip) or an extension document (JSON); optional field title before it. 422 with the per-item report when anything cannot be mapped (nothing is written).',
        querystring: ImportPackageQuery,
        response: { 200: ImportReport },
      },
    },
    async (req) => {
      const file = await uploaded(req, maxBytes);
      const title = req.query.title ?? file.field('title')?.trim().slice(0, 300);
      return importReply(
        req,
        await contentImport.import(file.data, { fileName: file.name, title: title || undefined }),
      );
    },
  );

  app.post(
    '/api/admin/imports/extension',
    {
      config: { roles: SUPER },
      bodyLimit: maxBytes,
      schema: {
        tags,
        summary: `Import a test from an extension document (JSON Schema: /api/docs/invigil-extension.schema.json)`,
        body: ExtensionDocument,
        response: { 200: ImportReport },
      },
    },
    async (req) => importReply(req, await contentImport.import(Buffer.from(JSON.stringify(req.body)))),
  );

  app.post(
    '/api/admin/rosters',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary:
          'Create or update candidates from a CSV roster (first name, last name, e-mail, contact number, organisation, group): multipart field file. 422 with the per-row report when any row is refused (nothing is written).',
        response: { 200: RosterReport },
      },
    },
    async (req) => {
      const file = await uploaded(req, maxBytes);
      const report = await roster.apply(file.data, originOf(req, config.publicUrl));
      req.audit = {
        rows: report.rows,
        created: report.created,
        updated: report.updated,
        rejected: report.rejected.length,
      };
      if (!report.applied)
        throw new HttpError(
          422,
          report.fileError ?? `Nothing was changed: ${report.rejected.length} row(s) were refused.`,
          { report },
        );
      return report;
    },
  );

  app.get(
    '/api/admin/tests',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary: 'Imported tests, Tests groups and schedules',
        response: { 200: AdminTestsResponse },
      },
    },
    async () => repositories.content.lists(),
  );

  app.post(
    '/api/admin/schedules',
    {
      config: { roles: SUPER },
      schema: {
        tags,
        summary:
          'Schedule an imported test for a group: window, duration, languages, attempts, score display and monitoring settings',
        body: ScheduleTestRequest,
        response: { 200: ScheduleTestResponse },
      },
    },
    async (req) => {
      const done = await schedules.schedule(req.user.id, req.body);
      req.audit = { testId: req.body.testId, groupId: req.body.groupId, ...done };
      return done;
    },
  );

  app.get(
    '/api/admin/tests/:id/export',
    {
      config: { roles: SUPER },
      schema: { tags, summary: 'A test as an IMS QTI 3.0 package (zip)', params: ExportTestParams },
    },
    async (req, reply) => {
      const out = await contentExport.export(req.params.id);
      req.audit = { examId: req.params.id, bytes: out.zip.length, notes: out.notes.length };
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${out.name}"`)
        .header('x-export-notes', String(out.notes.length))
        .send(out.zip);
    },
  );
}
