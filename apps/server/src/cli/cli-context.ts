import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { createDb, type Database } from '@invigil/db';
import { ConfigError, loadConfig, type AppConfig } from '../config.ts';
import { createMediaStorage } from '../lib/media/create-media-storage.ts';
import type { MediaStorage } from '../lib/media/media-storage.ts';
import { EventLogRepository } from '../modules/support/event-log.repository.ts';

/**
 * What the import commands share with the server: the configuration, the database (migrated)
 * and the media port, opened as the server opens them. With the embedded database, stop the
 * server first: one process owns PGlite's files.
 */
export async function openCli(): Promise<{
  config: AppConfig;
  database: Database;
  media: MediaStorage;
  audit(kind: string, data: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}> {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (e) {
    if (!(e instanceof ConfigError)) throw e;
    console.error(e.message);
    process.exit(1);
  }
  const database = await createDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
  await database.migrate();
  const events = new EventLogRepository(database);
  const media = await createMediaStorage(config);
  return {
    config,
    database,
    media,
    // Audited as the REST calls are; the actor is whoever runs the command on the server (no account).
    async audit(kind, data) {
      events.record({ kind, actorId: null, data: { ...data, via: 'command' } });
      await events.flush();
    },
    close: async () => {
      media.close();
      await database.close();
    },
  };
}

/** `--name value` from the arguments, and the arguments that are not options. */
export function args(argv: string[]) {
  const options = new Map<string, string>();
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a.startsWith('--')) options.set(a.slice(2), argv[++i] ?? '');
    else rest.push(a);
  }
  return { options, rest };
}

type Cli = Awaited<ReturnType<typeof openCli>>;

/**
 * The command's input file, read only once it is known to be a file within IMPORT_MAX_MB (as the
 * REST upload's): a huge file, or a device such as /dev/zero, is never read in. Exits with the
 * usage (2), an unreadable file (2) or one too large (1); opens the CLI context when it can go on.
 */
export async function openInputFile(
  file: string | undefined,
  usage: string,
): Promise<{ cli: Cli; data: Buffer; file: string }> {
  if (!file) {
    console.error(usage);
    process.exit(2);
  }
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    console.error(`Cannot read ${file}: not a file.`);
    process.exit(2);
  }
  const cli = await openCli();
  const fail = async (message: string, code: number): Promise<never> => {
    console.error(message);
    await cli.close();
    process.exit(code);
  };
  if (info.size > cli.config.imports.maxBytes)
    await fail(`${file} is larger than ${cli.config.imports.maxBytes / 1048576} MB (IMPORT_MAX_MB).`, 1);
  const data = await readFile(file).catch(() => fail(`Cannot read ${file}.`, 2));
  return { cli, data, file };
}
