import { randomBytes } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseXml, XmlError } from './safe-xml.ts';
import { RATIO_FLOOR_BYTES, readZip, unsafePathReason, ZipError, zipLimitsFor } from './safe-zip.ts';

describe('XML without entity expansion', () => {
  it('reads QTI 3 names as QTI 2 names; XHTML and data- attributes stay', () => {
    const el = parseXml(
      '<qti-choice-interaction xmlns="x" response-identifier="R" data-extra="1"><p>t</p></qti-choice-interaction>',
    );
    expect(el).toMatchObject({ name: 'choiceInteraction', attrs: { responseIdentifier: 'R', 'data-extra': '1' } });
    expect(el.children[0]).toMatchObject({ name: 'p' });
  });

  it('refuses entity declarations (bombs, external entities) and undefined entities', () => {
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY x "y">]><a>&x;</a>')).toThrow(XmlError);
    expect(() => parseXml('<!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>')).toThrow(
      /never expanded/,
    );
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow(/Malformed XML/);
    expect(parseXml('<a>&amp;&#8804;</a>').children[0]).toEqual({ kind: 'text', text: '&\u2264' });
  });

  it('bounds size, element count and depth', () => {
    expect(() => parseXml('<a/>', { maxBytes: 2, maxElements: 10, maxDepth: 10 })).toThrow(/larger than/);
    expect(() => parseXml(`<a>${'<b/>'.repeat(11)}</a>`, { maxBytes: 1e6, maxElements: 10, maxDepth: 10 })).toThrow(
      /more than 10 elements/,
    );
    expect(() =>
      parseXml(`${'<a>'.repeat(12)}${'</a>'.repeat(12)}`, { maxBytes: 1e6, maxElements: 100, maxDepth: 10 }),
    ).toThrow(/deeper/);
  });
});

describe('zip reading under limits', () => {
  const zip = (files: Record<string, Uint8Array>) => Buffer.from(zipSync(files, { level: 9 }));
  const limits = { maxEntries: 3, maxEntryBytes: 2 * 1024 * 1024, maxTotalBytes: 3 * 1024 * 1024, maxRatio: 100 };

  it('reads files, skipping directories', async () => {
    const files = await readZip(zip({ 'a/b.txt': strToU8('hi'), 'c.xml': strToU8('<c/>') }), limits);
    expect([...files.keys()]).toEqual(['a/b.txt', 'c.xml']);
  });

  it('refuses unsafe names', () => {
    expect(unsafePathReason('../x')).toBe('a ../ path outside the package');
    expect(unsafePathReason('a/../../x')).toBe('a ../ path outside the package');
    expect(unsafePathReason('/etc/passwd')).toBe('an absolute path');
    expect(unsafePathReason('C:/x')).toBe('an absolute path');
    expect(unsafePathReason('a\\b')).toBe('a backslash or control character');
    expect(unsafePathReason('a//b')).toBe('an empty or . segment');
    expect(unsafePathReason('items/q1.xml')).toBeNull();
  });

  it('refuses too many entries, too large an entry, too much in total and a bomb ratio', async () => {
    const big = (n: number) => new Uint8Array(randomBytes(Math.round(n)));
    await expect(
      readZip(zip({ a: strToU8('1'), b: strToU8('2'), c: strToU8('3'), d: strToU8('4') }), limits),
    ).rejects.toThrow('The package has 4 entries; at most 3 are read.');
    await expect(readZip(zip({ a: big(2.5 * 1024 * 1024) }), limits)).rejects.toThrow(/per file/);
    await expect(readZip(zip({ a: big(1.8 * 1024 * 1024), b: big(1.8 * 1024 * 1024) }), limits)).rejects.toThrow(
      /more than 3145728 bytes/,
    );
    await expect(readZip(zip({ a: new Uint8Array(1.5 * 1024 * 1024) }), limits)).rejects.toThrow(ZipError);
  });

  it('the limits follow IMPORT_MAX_MB: twice the upload unpacked, at least 16 MB; 100:1 at most (ADR 0190)', () => {
    const MB = 1024 * 1024;
    expect(zipLimitsFor(40 * MB)).toEqual({
      maxEntries: 20_000,
      maxEntryBytes: 64 * MB,
      maxTotalBytes: 80 * MB,
      maxRatio: 100,
    });
    expect(zipLimitsFor(50 * MB).maxTotalBytes).toBe(100 * MB);
    expect(zipLimitsFor(1 * MB)).toMatchObject({ maxTotalBytes: 16 * MB, maxEntryBytes: 16 * MB });
  });

  it('checks the ratio of every entry over 64 KB, not only of those over 1 MB (ADR 0190)', async () => {
    const limits40 = zipLimitsFor(40 * 1024 * 1024);
    // 512 KB of zeros (about 1000:1) and 200 KB at about 150:1: both passed the old 1 MB / 200:1 check
    await expect(readZip(zip({ 'media/zeros.png': new Uint8Array(512 * 1024) }), limits40)).rejects.toThrow(
      '"media/zeros.png" is compressed more than 100:1 (a zip bomb?).',
    );
    const mostlyZeros = new Uint8Array(200 * 1024);
    mostlyZeros.set(randomBytes(1000), 0);
    const packed = zip({ 'items/q.xml': mostlyZeros });
    expect(mostlyZeros.length / packed.length).toBeGreaterThan(100);
    expect(mostlyZeros.length / packed.length).toBeLessThan(200);
    await expect(readZip(packed, limits40)).rejects.toThrow(/"items\/q\.xml" is compressed more than 100:1/);
    // under the floor a file of repeated text is fine, whatever its ratio
    const spaces = new Uint8Array(RATIO_FLOOR_BYTES).fill(0x20);
    const files = await readZip(zip({ 'items/blank.xml': spaces, 'items/q.xml': strToU8('<q/>') }), limits40);
    expect(files.get('items/blank.xml')?.length).toBe(RATIO_FLOOR_BYTES);
  });

  it('many entries each under the floor: the package as a whole is held to 100:1 (ADR 0190)', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 100; i++) many[`media/${i}.png`] = new Uint8Array(RATIO_FLOOR_BYTES);
    const bomb = zip(many);
    expect((100 * RATIO_FLOOR_BYTES) / bomb.length).toBeGreaterThan(100);
    await expect(readZip(bomb, zipLimitsFor(40 * 1024 * 1024))).rejects.toThrow(
      'The package unpacks to more than 100 times its size (a zip bomb?).',
    );
    // the same entries holding real (incompressible) bytes are read
    for (const k of Object.keys(many)) many[k] = new Uint8Array(randomBytes(RATIO_FLOOR_BYTES));
    expect((await readZip(zip(many), zipLimitsFor(40 * 1024 * 1024))).size).toBe(100);
  });

  it('stops an entry that inflates past the size it declares', async () => {
    const data = zip({ a: new Uint8Array(300_000) });
    // Lower the declared uncompressed size in the central directory (offset 24 of its header).
    const cd = data.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    data.writeUInt32LE(1000, cd + 24);
    await expect(readZip(data, { ...limits, maxRatio: 1e6 })).rejects.toThrow(ZipError);
  });
});
