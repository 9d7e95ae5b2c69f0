// sql.js (SQLite compiled to WASM) in a worker thread: a fresh in-memory database per run.
// Its file system is Emscripten's in-memory one: ATTACH or VACUUM INTO cannot reach host files.
// A question's tables are built once and kept as a database image (a few recent setups): each
// run opens its own copy of the image, so nothing a run writes reaches the next one.
import { parentPort } from 'node:worker_threads';
import initSqlJs from 'sql.js';

let SQL;
try {
  SQL = await initSqlJs();
  parentPort.postMessage({ type: 'ready' });
} catch (err) {
  parentPort.postMessage({ type: 'fatal', error: String(err?.message ?? err) });
}

const images = new Map();
function freshDatabase(setup) {
  let image = images.get(setup);
  if (!image) {
    const build = new SQL.Database();
    try {
      build.exec(setup);
      image = build.export();
    } finally {
      build.close();
    }
    images.set(setup, image);
    if (images.size > 16) images.delete(images.keys().next().value);
  } else {
    images.delete(setup);
    images.set(setup, image);
  }
  return new SQL.Database(image);
}

parentPort.on('message', ({ id, setup, query, maxRows }) => {
  let db;
  try {
    db = freshDatabase(setup);
    db.exec('PRAGMA hard_heap_limit = 134217728;');
    let last = null;
    let changes = 0;
    for (const stmt of db.iterateStatements(query)) {
      try {
        const columns = stmt.getColumnNames();
        const rows = [];
        let truncated = false;
        while (stmt.step()) {
          if (rows.length >= maxRows) {
            truncated = true;
            break;
          }
          rows.push(stmt.get());
        }
        if (columns.length > 0) last = { columns, rows, truncated };
        else changes += db.getRowsModified();
      } finally {
        stmt.free();
      }
    }
    parentPort.postMessage({
      id,
      ok: true,
      result: last ?? { columns: [], rows: [], truncated: false, message: `${changes} row(s) affected` },
    });
  } catch (err) {
    parentPort.postMessage({ id, ok: false, error: String(err?.message ?? err) });
  } finally {
    try {
      db?.close();
    } catch {
      /* closed */
    }
  }
});
