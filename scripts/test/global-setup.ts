import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { parseEnv } from '../../apps/server/src/env.ts';
import { boot } from '../../apps/server/src/runtime.ts';
import { disableCaptchas } from '../../apps/server/src/testing/captcha.ts';
import { TEST_ADMIN_PASSWORD } from '../../apps/server/src/testing/constants.ts';
import { liftRegistrationLimit } from '../../apps/server/src/testing/limits.ts';

/**
 * Integration tests run against a real PostgreSQL server (TEST_DATABASE_URL, default the local trust-auth server):
 * a fresh database per run, migrated and seeded once here. Tests never assume empty tables.
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `wenku_test_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const booted = await boot(
    parseEnv({
      DATABASE_URL: databaseUrl,
      DATA_DIR: `/tmp/${name}`,
      ADMIN_PASSWORD: TEST_ADMIN_PASSWORD,
      SEED_DEMO: '0',
    }),
    () => {},
  );
  await disableCaptchas(booted);
  await liftRegistrationLimit(booted);
  await booted.shutdown();
  project.provide('databaseUrl', databaseUrl);
  return async () => {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
}
