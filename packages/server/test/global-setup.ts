import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a migrated PGlite data dir. */
    pgliteTemplate: string;
    /** A migrated PostgreSQL database to clone per test app, when TEST_DATABASE_URL is set. */
    pgTemplateUrl: string | null;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Migrates once; every test app then starts from a copy (PGlite ~3 s to create otherwise). */
export default async function setup(project: TestProject) {
  const database = await openDatabase({ dataDir: null });
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const templateFile = path.join(os.tmpdir(), `promptloom-pglite-${process.pid}.tar`);
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', templateFile);

  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    project.provide('pgTemplateUrl', null);
    return;
  }
  const templateName = `promptloom_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
  await admin.query(`CREATE DATABASE ${templateName}`);
  const templateUrl = withDatabase(baseUrl, templateName);
  const pgDatabase = await openDatabase({ databaseUrl: templateUrl });
  await runMigrations(pgDatabase);
  await pgDatabase.close();
  project.provide('pgTemplateUrl', templateUrl);

  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin.end();
  };
}
