import yauzl from 'yauzl';

/** Why a zip was refused (the whole package: it is never partly read). */
export class ZipError extends Error {}

export interface ZipLimits {
  /** entries in the central directory */
  maxEntries: number;
  /** uncompressed bytes of one entry */
  maxEntryBytes: number;
  /** uncompressed bytes of all entries together (all of them are held in memory) */
  maxTotalBytes: number;
  /** uncompressed / compressed of any entry over RATIO_FLOOR_BYTES, and of the whole package */
  maxRatio: number;
}

/**
 * Below this an entry's ratio is not checked: a small file of repeated text may compress past
 * 100:1 (a few KB of spaces) and can never weigh much (ADR 0190).
 */
export const RATIO_FLOOR_BYTES = 64 * 1024;
/** Below this the whole package's ratio is not checked either. */
const PACKAGE_RATIO_FLOOR_BYTES = 1024 * 1024;

/**
 * The limits for packages of at most `packageBytes` (IMPORT_MAX_MB): unpacked, a package may be
 * twice the largest upload (its media are compressed already and unpack at about 1:1; its XML
 * unpacks to 5 to 30 times its size but is a small part of it), at least 16 MB, an entry at most
 * 64 MB, and no entry nor the package compressed more than 100:1 (ADR 0190).
 */
export function zipLimitsFor(packageBytes: number): ZipLimits {
  const maxTotalBytes = Math.max(16 * 1024 * 1024, 2 * packageBytes);
  return {
    maxEntries: 20_000,
    maxEntryBytes: Math.min(64 * 1024 * 1024, maxTotalBytes),
    maxTotalBytes,
    maxRatio: 100,
  };
}

/** The default IMPORT_MAX_MB's limits (40 MB packages: 80 MB unpacked). */
const ZIP_LIMITS = zipLimitsFor(40 * 1024 * 1024);

/**
 * A package path is kept only when it is relative, has no `..`, `.` or empty segment, no
 * backslash, drive letter or control character. Returns the reason it is refused, or null.
 */
export function unsafePathReason(name: string): string | null {
  if (name.length === 0 || name.length > 500) return 'an empty or over-long name';
  if (name.includes('\\') || [...name].some((c) => c.charCodeAt(0) < 32)) return 'a backslash or control character';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'an absolute path';
  const segments = name.replace(/\/$/, '').split('/');
  if (segments.some((s) => s === '..')) return 'a ../ path outside the package';
  if (segments.some((s) => s === '' || s === '.')) return 'an empty or . segment';
  return null;
}

const open = (buffer: Buffer) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(
      buffer,
      { lazyEntries: true, decodeStrings: false, validateEntrySizes: true, strictFileNames: false },
      (err, zip) => (err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip)),
    ),
  );

const nameOf = (entry: yauzl.Entry) => {
  const raw = entry.fileName as unknown as Buffer;
  // Bit 11: the name is UTF-8; otherwise it is CP437, read here as latin1 (ASCII names agree).
  return raw.toString(entry.generalPurposeBitFlag & 0x800 ? 'utf8' : 'latin1');
};

/**
 * Reads every file of a zip held in memory, under limits: the number of entries, each entry's
 * and the total uncompressed size, and the compression ratio of each entry over the floor and of
 * the package, checked on the sizes the central
 * directory declares and again on the bytes actually inflated (yauzl stops a stream that
 * inflates past its declared size). Unsafe names, encrypted entries and duplicates refuse the
 * whole package. Directories are skipped.
 */
export async function readZip(buffer: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<Map<string, Buffer>> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch (e) {
    throw new ZipError(`The file is not a readable zip package (${(e as Error).message}).`);
  }
  if (zip.entryCount > limits.maxEntries)
    throw new ZipError(`The package has ${zip.entryCount} entries; at most ${limits.maxEntries} are read.`);
  const files = new Map<string, Buffer>();
  let total = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        const name = nameOf(entry);
        const unsafe = unsafePathReason(name);
        if (unsafe) return reject(new ZipError(`The package holds "${name.slice(0, 200)}": ${unsafe}.`));
        if (name.endsWith('/')) return zip.readEntry();
        if (entry.isEncrypted()) return reject(new ZipError(`"${name}" is encrypted.`));
        if (files.has(name)) return reject(new ZipError(`"${name}" is in the package twice.`));
        const size = entry.uncompressedSize;
        if (size > limits.maxEntryBytes)
          return reject(new ZipError(`"${name}" unpacks to ${size} bytes; at most ${limits.maxEntryBytes} per file.`));
        if (size > RATIO_FLOOR_BYTES && size / Math.max(1, entry.compressedSize) > limits.maxRatio)
          return reject(new ZipError(`"${name}" is compressed more than ${limits.maxRatio}:1 (a zip bomb?).`));
        total += size;
        if (total > limits.maxTotalBytes)
          return reject(new ZipError(`The package unpacks to more than ${limits.maxTotalBytes} bytes.`));
        // Many entries each under the floor: the package as a whole is held to the same ratio.
        if (total > PACKAGE_RATIO_FLOOR_BYTES && total / buffer.length > limits.maxRatio)
          return reject(
            new ZipError(`The package unpacks to more than ${limits.maxRatio} times its size (a zip bomb?).`),
          );
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(new ZipError(`"${name}" cannot be read (${err?.message ?? 'no data'}).`));
          const parts: Buffer[] = [];
          let got = 0;
          stream.on('data', (chunk: Buffer) => {
            got += chunk.length;
            if (got > size) stream.destroy(new ZipError(`"${name}" unpacks to more than it declares.`));
            else parts.push(chunk);
          });
          stream.on('error', (e) => reject(e instanceof ZipError ? e : new ZipError(`"${name}": ${e.message}`)));
          stream.on('end', () => {
            files.set(name, Buffer.concat(parts, got));
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
  return files;
}
