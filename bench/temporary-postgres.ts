// A fresh PostgreSQL database for one bench, dropped after it, on the server
// BENCH_DATABASE_URL names (the local one by default); skipped with a line
// saying so when that server is unreachable. A bench that generates a large
// data set may be `keepable`: then BENCH_KEEP_DATABASE=<name> keeps its
// database instead, made once and reused by later runs.
import pg from 'pg';

export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export async function withTemporaryPostgres(
  label: string,
  work: (url: string) => Promise<void>,
  options: { keepable?: boolean } = {},
): Promise<void> {
  const admin = new pg.Client({ connectionString: BENCH_POSTGRES_URL });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `PostgreSQL: skipped, ${BENCH_POSTGRES_URL} is unreachable (${(error as Error).message})`,
    );
    return;
  }
  const kept = options.keepable ? process.env.BENCH_KEEP_DATABASE : undefined;
  const name = kept ?? `bench_${label}_${process.pid}`;
  const exists =
    kept !== undefined &&
    (await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length > 0;
  if (!exists) await admin.query(`create database ${name}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    if (!kept) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
