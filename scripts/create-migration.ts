// Generates a migration from the difference between the entities and a scratch database that holds every
// committed migration, then appends it to packages/db/src/migrations/index.ts.
// Usage: npm run db:migration -- <name>   (needs a PostgreSQL server; DATABASE_ADMIN_URL, default local trust auth)
import { readFileSync, writeFileSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { createOrmConfig } from '../packages/db/src/mikro-orm.config.ts';

const name = process.argv[2];
if (!name || !/^[A-Za-z][A-Za-z0-9]*$/.test(name)) {
  console.error('usage: npm run db:migration -- <PascalCaseName>');
  process.exit(2);
}
const adminUrl = process.env.DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const scratch = `wenku_migration_${Date.now()}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${scratch}`);
const url = new URL(adminUrl);
url.pathname = `/${scratch}`;
const orm = await MikroORM.init(createOrmConfig({ clientUrl: url.toString(), poolMax: 2 }));
try {
  const migrator = orm.getMigrator();
  await migrator.up();
  const result = await migrator.createMigration(undefined, false, false, name);
  if (!result.fileName) {
    console.log('no schema changes');
  } else {
    const className = result.fileName.replace(/\.ts$/, '');
    const indexPath = new URL('../packages/db/src/migrations/index.ts', import.meta.url);
    let index = readFileSync(indexPath, 'utf8');
    index = `import { ${className} } from './${className}.ts';\n${index}`.replace(
      /\];\s*$/,
      `  { name: '${className}', class: ${className} },\n];\n`,
    );
    writeFileSync(indexPath, index);
    console.log(`created ${result.fileName}`);
  }
} finally {
  await orm.close(true);
  await admin.query(`drop database ${scratch}`);
  await admin.end();
}
