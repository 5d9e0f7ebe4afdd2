// A fresh PostgreSQL database for one bench, dropped after it, on the server
// BENCH_DATABASE_URL names (the local one by default); skipped with a line
// saying so when that server is unreachable.
import pg from 'pg';

export const BENCH_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://root@127.0.0.1:5432/postgres';

export async function withTemporaryPostgres(
  label: string,
  work: (url: string) => Promise<void>,
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
  const name = `bench_${label}_${process.pid}`;
  await admin.query(`create database ${name}`);
  const url = new URL(BENCH_POSTGRES_URL);
  url.pathname = `/${name}`;
  try {
    await work(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
