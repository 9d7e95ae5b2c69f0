import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { ImportReport } from '@invigil/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { contentCounts, importPackage } from './content/admin-calls.ts';
import { fixturePackage, fixtureFiles, put, taoPackage, text } from './content/packages.ts';
import { strFromU8, unzipSync } from 'fflate';
import { EXAMS } from './exam/support.ts';
import { startTestS3 } from './s3-server.ts';
import { S3MediaStorage } from '../src/lib/media/s3-media-storage.ts';
import { ContentImportService } from '../src/modules/content/content-import.service.ts';

/**
 * Issue 17: QTI 3.0 and 2.2 packages covering every mapped interaction, shared stimuli and media
 * are imported as the seed writes the same kinds of question.
 */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The demo tests' media are the web app's public files (an export copies them in).
  t = await createTestApp({ webDist: path.resolve(import.meta.dirname, '../../web/public') });
  admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
});
afterAll(async () => t?.close());

interface Row {
  id: number;
  position: number;
  qtype_code: number;
  qtype_name: string;
  text: string;
  marks: string | number;
  resource_path: string | null;
  passage: Record<string, unknown> | null;
  content: Record<string, unknown>;
  answer_key: Record<string, unknown>;
}
async function questionsOf(examId: number) {
  const q = await t.database.executeSql<Row>(
    'SELECT id, position, qtype_code, qtype_name, text, marks, resource_path, passage, content, answer_key FROM questions WHERE exam_id = $1 ORDER BY position',
    [examId],
  );
  const c = await t.database.executeSql<{
    question_id: number;
    text: string;
    blank_key: string | null;
    is_correct: boolean;
  }>(
    'SELECT c.question_id, c.text, c.blank_key, c.is_correct FROM choices c JOIN questions q ON q.id = c.question_id WHERE q.exam_id = $1 ORDER BY c.question_id, c.position',
    [examId],
  );
  return q.rows.map((r) => ({
    ...r,
    marks: Number(r.marks),
    choices: c.rows
      .filter((x) => x.question_id === r.id)
      .map(({ text, blank_key, is_correct }) => ({ text, blank_key, is_correct })),
  }));
}
const examIdByName = async (name: string) =>
  Number(
    (await t.database.executeSql<{ id: number }>('SELECT id FROM exams WHERE name = $1 ORDER BY id LIMIT 1', [name]))
      .rows[0]!.id,
  );

/** A question without its ids and media URLs (the seed's are static files, an import's stored ones). */
const comparable = (q: Awaited<ReturnType<typeof questionsOf>>[number]) => {
  const { id: _id, position: _p, resource_path, passage, ...rest } = q;
  const p = passage ? { ...passage, passageImage: passage.passageImage ? 'media' : '' } : null;
  return { ...rest, resource: resource_path ? 'media' : null, passage: p };
};

describe.each(['qti3', 'qti22'] as const)('importing the %s fixture package', (name) => {
  let report: ImportReport;
  beforeAll(async () => {
    const res = await importPackage(t, admin, fixturePackage(name));
    expect(res.statusCode, res.body).toBe(200);
    report = res.json();
  });

  it('reports every item with the type it became, and the media it kept', () => {
    expect(report.imported).toBe(true);
    expect(report.problems).toEqual([]);
    expect(report.format).toBe(name === 'qti3' ? 'qti-3.0' : 'qti-2.2');
    expect(report.title).toBe(name === 'qti3' ? 'Imported Demo (QTI 3.0)' : 'Imported Demo (QTI 2.2)');
    expect(report.items.map((i) => [i.identifier, i.qtypecode])).toEqual([
      ['red-planet', 1],
      ['primes', 2],
      ['water-blanks', 3],
      ['tone', 13],
      ['capitals', 5],
      ['project', 4],
      ['typing', 6],
      ['countries', 7],
      ['planet-order', 7],
      ['essay', 4],
      ['cv-upload', 4],
      ['ocean-choice', 13],
      ['ocean-entry', 5],
      ['clip', 1],
      ['sum-of', 20],
      ['spoken', 28],
      ['interview', 27],
    ]);
    expect(report.media).toBe(4);
  });

  it('gives each media file its own unguessable folder: one served URL tells nothing of the others', async () => {
    // The paths are public (an <img> sends no token, ADR 0151); with one folder per import a
    // candidate shown one picture could try 1-, 2-, 3-<name> beside it for another question's
    // (security review row 81).
    const urls = new Set(JSON.stringify(await questionsOf(report.examId!)).match(/\/media\/items\/[^"\\]+/g));
    expect(urls.size).toBe(4);
    const folders = new Set([...urls].map((u) => u.split('/')[3]));
    expect(folders.size).toBe(urls.size);
    expect(
      (await t.app.inject({ method: 'GET', url: [...urls].find((u) => u.endsWith('planet.png'))! })).statusCode,
    ).toBe(200);
  });

  it('writes the first eight questions exactly as the seed writes its All Question Types Demo', async () => {
    const imported = (await questionsOf(report.examId!)).slice(0, 8).map(comparable);
    const seeded = (await questionsOf(await examIdByName(EXAMS.allTypes))).map(comparable);
    expect(imported).toEqual(seeded);
  });

  it('keeps the other kinds: ordering, descriptive with and without upload, shared passages, coding, media', async () => {
    const qs = await questionsOf(report.examId!);
    const by = (i: number) => qs[i - 1]!;
    expect(by(9).content).toMatchObject({
      ordering: true,
      columnB: [{ text: 'Earth' }, { text: 'Mercury' }, { text: 'Venus' }],
    });
    expect(by(9).answer_key).toEqual({
      pairs: [
        [1, 102],
        [2, 103],
        [3, 101],
      ],
    });
    expect(by(9).text).toMatch(/<img src="\/media\/items\/[a-f0-9]{32}\/1-planet\.png" alt="Planet"\/>/);
    expect(by(10).content).toEqual({ fileUpload: false });
    expect(by(11).content).toEqual({ textAnswer: false });
    expect(by(12).passage).toEqual(by(13).passage);
    expect(by(12).passage).toMatchObject({ passageheader: 'Oceans of the world', passageQuestionNo: '12,13' });
    expect(by(13)).toMatchObject({
      text: '<p>The second largest ocean is the ___(1)___ Ocean.</p>',
      answer_key: { answers: ['Atlantic'] },
    });
    expect(by(14).text).toMatch(/<video controls="controls"(>| )/);
    expect(by(15)).toMatchObject({ qtype_code: 20, marks: 4, content: { codinglang: 'all-p', methodname: 'sumOf' } });
    expect((by(15).answer_key.testCases as unknown[]).length).toBe(2);
    expect(by(16)).toMatchObject({ qtype_code: 28, qtype_name: 'Spoken Answer' });
    expect(by(16).resource_path).toMatch(/^\/media\/items\/[a-f0-9]{32}\/3-tone\.mp3$/);
  });

  it('serves the stored media at the URLs the questions hold', async () => {
    const qs = await questionsOf(report.examId!);
    const url = qs[0]!.resource_path!;
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.equals(Buffer.from(fixtureFiles(name).get('media/planet.png')!))).toBe(true);
    expect((await t.app.inject({ url: url.replace(/[a-f0-9]{32}/, '0'.repeat(32)) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/media/items/../secrets/auto-login.key' })).statusCode).toBe(404);
  });

  it('is a template: no candidate has it until it is scheduled', async () => {
    const { rows } = await t.database.executeSql<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_exams WHERE exam_id = $1',
      [report.examId],
    );
    expect(rows[0]!.n).toBe(0);
  });
});

describe('QTI 3.0 content bodies', () => {
  const instructionsOf = async (examId: number) =>
    (
      await t.database.executeSql<{ instruction_text: string }>('SELECT instruction_text FROM exams WHERE id = $1', [
        examId,
      ])
    ).rows[0]!.instruction_text;

  it('takes the test rubric out of its qti-content-body, as QTI 3.0 packages write it', async () => {
    const data = fixturePackage('qti3', (files) => {
      const test = text(files, 'test.xml').replace(
        /<qti-rubric-block view="candidate">(.*?)<\/qti-rubric-block>/,
        '<qti-rubric-block use="instructions" view="candidate"><qti-content-body>$1</qti-content-body></qti-rubric-block>',
      );
      expect(test).toContain('<qti-content-body><p>Answer every question.');
      put(files, 'test.xml', test);
    });
    const res = await importPackage(t, admin, data);
    expect(res.statusCode, res.body).toBe(200);
    expect(await instructionsOf(res.json().examId)).toBe('<p>Answer every question. Use <b>Finish</b> to submit.</p>');
  });

  it('exports the rubric inside qti-content-body, and reads it back the same', async () => {
    const first = (await importPackage(t, admin, fixturePackage('qti3'))).json() as ImportReport;
    const res = await t.app.inject({ url: `/api/admin/tests/${first.examId}/export`, headers: bearer(admin) });
    const files = unzipSync(res.rawPayload);
    expect(strFromU8(files['test.xml']!)).toContain(
      '<qti-rubric-block view="candidate"><qti-content-body><p>Answer every question.',
    );
    const again = await importPackage(t, admin, res.rawPayload);
    expect(await instructionsOf(again.json().examId)).toBe(await instructionsOf(first.examId!));
  });
});

describe('packages as other tools lay them out', () => {
  const sameAsFixture = async (examId: number) => {
    const plain = (await importPackage(t, admin, fixturePackage('qti3'))).json() as ImportReport;
    // without ids and with the media URLs of either import alike
    const strip = (qs: Awaited<ReturnType<typeof questionsOf>>) =>
      JSON.parse(JSON.stringify(qs.map(comparable)).replace(/\/media\/items\/[a-f0-9]{32}\/\d+-/g, '/media/'));
    expect(strip(await questionsOf(examId))).toEqual(strip(await questionsOf(plain.examId!)));
  };

  it('finds a shared stimulus by its reference’s href when the manifest gives it another identifier', async () => {
    const data = fixturePackage('qti3', (files) => {
      files.set('stimuli/passage-7.xml', files.get('stimuli/ocean.xml')!);
      files.delete('stimuli/ocean.xml');
      put(
        files,
        'imsmanifest.xml',
        text(files, 'imsmanifest.xml').replace(
          '<resource identifier="ocean" type="imsqti_stimulus_xmlv3p0" href="stimuli/ocean.xml"><file href="stimuli/ocean.xml"/>',
          '<resource identifier="RES-7" type="imsqti_stimulus_xmlv3p0" href="stimuli/passage-7.xml"><file href="stimuli/passage-7.xml"/>',
        ),
      );
      for (const item of ['items/ocean-choice.xml', 'items/ocean-entry.xml'])
        put(files, item, text(files, item).replace('href="../stimuli/ocean.xml"', 'href="../stimuli/passage-7.xml"'));
    });
    const res = await importPackage(t, admin, data);
    expect(res.statusCode, res.body).toBe(200);
    await sameAsFixture(res.json().examId);
  });

  it('reads percent-encoded hrefs of the manifest and the test as the files they name', async () => {
    const data = fixturePackage('qti3', (files) => {
      files.set('items/essay 1.xml', files.get('items/essay.xml')!);
      files.delete('items/essay.xml');
      for (const f of ['imsmanifest.xml', 'test.xml'])
        put(files, f, text(files, f).replaceAll('items/essay.xml', 'items/essay%201.xml'));
    });
    const res = await importPackage(t, admin, data);
    expect(res.statusCode, res.body).toBe(200);
    await sameAsFixture(res.json().examId);
  });
});

describe('what a package says that is not applied (ADR 0151: read and noted)', () => {
  it('is in the report: feedback, shuffling, other accepted text answers, partial credit', async () => {
    const res = await importPackage(t, admin, taoPackage());
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportReport).notes).toEqual([
      'i1: its feedback is not shown to candidates.',
      'i1: its choices are shown in package order, not shuffled.',
      'i2: its mapping gives partial credit; the question is scored all or nothing.',
      'i3: only "Paris" is accepted; the other answers its mapping scores ("paris.") are not.',
      'i5: its choices are shown in package order, not shuffled.',
    ]);
  });
});

describe('a TAO listening item', () => {
  it('shows the audio of its mediaInteraction with the question, and notes the play limit', async () => {
    const data = taoPackage((files) => {
      const item = text(files, 'items/i8/qti.xml');
      const media = '<p><object data="assets/tone.mp3" type="audio/mpeg">tone</object></p>';
      expect(item).toContain(media);
      put(
        files,
        'items/i8/qti.xml',
        item
          .replace(
            media,
            `<mediaInteraction responseIdentifier="MEDIA" autostart="false" minPlays="0" maxPlays="2" loop="false"><prompt>Listen.</prompt>${media.slice(3, -4)}</mediaInteraction>`,
          )
          .replace(
            '<responseDeclaration',
            '<responseDeclaration identifier="MEDIA" cardinality="single" baseType="integer"/><responseDeclaration',
          ),
      );
    });
    const res = await importPackage(t, admin, data);
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json() as ImportReport;
    expect(report.items.find((i) => i.identifier === 'i8')).toMatchObject({ from: 'choiceInteraction', qtypecode: 1 });
    expect(report.notes).toContain('i8: its media can be played any number of times (the package limits the plays).');
    const listen = (await questionsOf(report.examId!)).at(-1)!;
    expect(listen.text).toMatch(
      /^<div class="grid-row"><div class="col-12"><audio controls="controls" src="\/media\/items\/[a-f0-9]{32}\/\d+-tone\.mp3"><\/audio><p>Listen\.<\/p><\/div><\/div><p>Is this a tone\?<\/p>$/,
    );
  });
});

describe('the extension format', () => {
  it('publishes its JSON Schema with the OpenAPI documentation', async () => {
    const res = await t.app.inject({ url: '/api/docs/invigil-extension.schema.json' });
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema.$id).toBe('/api/docs/invigil-extension.schema.json');
    expect(schema.properties.format.const).toBe('invigil-extension');
    const docs = (await t.app.inject({ url: '/api/docs/json' })).json();
    expect(docs.paths['/api/admin/imports/extension'].post.requestBody).toBeTruthy();
  });

  it('imports a document on its own, as JSON or as an uploaded file', async () => {
    const doc = JSON.parse(Buffer.from(fixtureFiles('qti3').get('invigil-extension.invigil.json')!).toString());
    doc.items = doc.items.filter((i: { media?: string }) => !i.media);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/extension',
      headers: bearer(admin),
      payload: doc,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ imported: true, title: 'Imported Demo', format: 'invigil-extension' });
    expect(res.json().items.map((i: { qtypecode: number }) => i.qtypecode)).toEqual([6, 20, 27]);
    const file = await importPackage(t, admin, Buffer.from(JSON.stringify(doc)), 'test.invigil.json', {
      title: 'Coding only',
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.json().title).toBe('Coding only');
  });

  it('refuses an invalid document with the reason, and media it cannot have on its own', async () => {
    const before = await contentCounts(t);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/extension',
      headers: bearer(admin),
      payload: { format: 'invigil-extension', version: 1, items: [{ identifier: 'x', type: 'hologram', prompt: 'p' }] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/items/);
    const media = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/extension',
      headers: bearer(admin),
      payload: {
        format: 'invigil-extension',
        version: 1,
        test: { title: 'Spoken' },
        items: [{ identifier: 's', type: 'spokenAnswer', prompt: '<p>Say it</p>', media: 'media/a.mp3' }],
      },
    });
    expect(media.statusCode).toBe(422);
    expect(media.json().report.problems).toEqual([
      { item: 's', reason: '"media/a.mp3" is referenced but not in the package.' },
    ]);
    expect(await contentCounts(t)).toEqual(before);
  });
});

describe('an import that fails while writing', () => {
  it('removes the media it had stored and writes no exam', async () => {
    const before = await contentCounts(t);
    const mediaDir = path.join(t.config.dataDir, 'media', 'items');
    const dirs = () => {
      try {
        return readdirSync(mediaDir).length;
      } catch {
        return 0;
      }
    };
    const stored = dirs();
    // A question type code outside the column's range makes the INSERT fail after the media were put.
    const pkg = fixturePackage('qti3');
    const service = t.app.ctx.services.contentImport;
    const original = service.import.bind(service);
    const failing = async () => {
      await t.database.executeSql('ALTER TABLE questions ADD CONSTRAINT fail_import CHECK (qtype_code < 0) NOT VALID');
      try {
        return await original(pkg);
      } finally {
        await t.database.executeSql('ALTER TABLE questions DROP CONSTRAINT fail_import');
      }
    };
    await expect(failing()).rejects.toThrow();
    expect(await contentCounts(t)).toEqual(before);
    const left = readdirSync(mediaDir).filter((d) => readdirSync(path.join(mediaDir, d)).length > 0);
    expect(left.length).toBe(stored);
  });
});

describe('export to QTI 3.0', () => {
  const media = (s: unknown) => JSON.stringify(s).replace(/\/media\/items\/[a-f0-9]{32}\/\d+-/g, '/media/');
  const same = (q: Awaited<ReturnType<typeof questionsOf>>[number]) => {
    const { id: _id, ...rest } = q;
    return JSON.parse(media(rest));
  };

  it('an imported test exported and imported again is the same test, its media included', async () => {
    const first = (await importPackage(t, admin, fixturePackage('qti22'))).json() as ImportReport;
    const res = await t.app.inject({ url: `/api/admin/tests/${first.examId}/export`, headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe('attachment; filename="Imported-Demo-QTI-2.2-qti3.zip"');
    const again = await importPackage(t, admin, res.rawPayload);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ format: 'qti-3.0', title: 'Imported Demo (QTI 2.2)', media: 4 });
    expect((await questionsOf(again.json().examId)).map(same)).toEqual((await questionsOf(first.examId!)).map(same));
  });

  it('exports a demo test too; an unknown test is 404', async () => {
    const demo = await t.app.inject({
      url: `/api/admin/tests/${await examIdByName(EXAMS.allTypes)}/export`,
      headers: bearer(admin),
    });
    expect(demo.statusCode).toBe(200);
    expect(demo.headers['x-export-notes']).toBe('0');
    expect((await t.app.inject({ url: '/api/admin/tests/999999/export', headers: bearer(admin) })).statusCode).toBe(
      404,
    );
  });
});

describe('media on an S3-compatible store', () => {
  it('an import puts its media through the S3 adapter, and a failed one leaves none there', async () => {
    const s3 = await startTestS3();
    const media = new S3MediaStorage(s3.settings('imports/'), 64 * 1024 * 1024);
    try {
      const service = new ContentImportService(t.database, media);
      const report = await service.import(fixturePackage('qti22'));
      expect(report).toMatchObject({ imported: true, media: 4 });
      const stored = await media.list('items/');
      expect(stored.map((e) => e.key.replace(/^items\/[a-f0-9]{32}\//, '')).sort()).toEqual([
        '1-planet.png',
        '2-clip.mp4',
        '3-tone.mp3',
        '4-passage-notes.pdf',
      ]);
      const [first] = await questionsOf(report.examId!);
      const key = `items/${first!.resource_path!.slice('/media/items/'.length)}`;
      expect((await media.get(key))?.equals(Buffer.from(fixtureFiles('qti22').get('media/planet.png')!))).toBe(true);
      await t.database.executeSql('ALTER TABLE questions ADD CONSTRAINT fail_s3 CHECK (qtype_code < 0) NOT VALID');
      try {
        await expect(service.import(fixturePackage('qti3'))).rejects.toThrow();
      } finally {
        await t.database.executeSql('ALTER TABLE questions DROP CONSTRAINT fail_s3');
      }
      expect((await media.list('items/')).length).toBe(4);
    } finally {
      media.close();
      await s3.close();
    }
  });
});
