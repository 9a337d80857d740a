import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding a dump of a migrated PGlite data dir (projects on PGlite only). */
    pgliteTemplate: string | null;
    /** A migrated PostgreSQL database to clone per test app (projects on PostgreSQL only). */
    pgTemplateUrl: string | null;
  }
}

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The templates already made in this run: the server and CLI projects share them. */
interface Templates {
  pglite?: Promise<string>;
  pg?: Promise<{ url: string; drop: () => Promise<void> }>;
}
const made = Symbol.for('promptloom.server.templates');

async function pgliteTemplate(): Promise<string> {
  const database = await openDatabase({ dataDir: null });
  await runMigrations(database);
  const dump = await database.pglite!.dumpDataDir('none');
  await database.close();
  const templateFile = path.join(os.tmpdir(), `promptloom-pglite-${process.pid}.tar`);
  await writeFile(templateFile, Buffer.from(await dump.arrayBuffer()));
  return templateFile;
}

async function pgTemplate(baseUrl: string) {
  const templateName = `promptloom_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
  await admin.query(`CREATE DATABASE ${templateName}`);
  const url = withDatabase(baseUrl, templateName);
  const pgDatabase = await openDatabase({ databaseUrl: url });
  await runMigrations(pgDatabase);
  await pgDatabase.close();
  let dropped: Promise<void> | undefined;
  const drop = () =>
    (dropped ??= (async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${templateName}`);
      await admin.end();
    })());
  return { url, drop };
}

/**
 * Migrates once per driver and run (PGlite ~3 s to create otherwise); every test app then
 * starts from a copy. A project gets the template of its own driver only
 * (PROMPTLOOM_TEST_DRIVER), and the projects on one driver share it.
 */
export default async function setup(project: TestProject) {
  const state = globalThis as { [made]?: Templates };
  const templates = (state[made] ??= {});
  if (project.config.env.PROMPTLOOM_TEST_DRIVER !== 'pg') {
    project.provide('pgliteTemplate', await (templates.pglite ??= pgliteTemplate()));
    project.provide('pgTemplateUrl', null);
    return;
  }
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('projects on PostgreSQL need TEST_DATABASE_URL');
  const template = await (templates.pg ??= pgTemplate(baseUrl));
  project.provide('pgliteTemplate', null);
  project.provide('pgTemplateUrl', template.url);
  return template.drop;
}
