import { createDatabase, describeDatabaseUrl, User } from '@wenku/db';
import type { DomainContext } from '@wenku/domain';
import { forgetInitialAdminPassword, hashPassword } from '@wenku/domain/auth';
import { reconvertDocuments, reconvertWithoutStructure } from '@wenku/domain/documents';
import { buildDemoLibrary, createAdmin, seedDemo } from '@wenku/domain/seed';
import { listConfig, loadSettings, updateConfig } from '@wenku/domain/settings';
import type { SettingKey } from '@wenku/shared';
import { DATA_COMMANDS, DATA_USAGE, type DataCommand, runDataCommand } from './data-commands.ts';
import { parseEnv } from './env.ts';
import { boot } from './runtime.ts';

const USAGE = `usage: npm run cli -- <command>
  db:create                            create the database named by DATABASE_URL, then migrate and seed it
  migrate                              apply migrations and the base seed
  user:password <username> <password>  set a password (creates "admin" if it is missing); old sessions end
  config:get <category>.<name>         print a setting
  config:set <category>.<name> <value> change a setting (e.g. security.is_close false)
  seed:demo [small]                    add the demo content (library, or three short documents) if the site has none
  reconvert [id …]                     queue failed documents (or the given ones) for conversion again
  reconvert --text-structure           queue published documents converted before the text mode kept headings
${DATA_USAGE}`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  const known = ['db:create', 'migrate', 'user:password', 'config:get', 'config:set', 'seed:demo', 'reconvert'];
  if ((DATA_COMMANDS as readonly string[]).includes(command)) {
    return runDataCommand(command as DataCommand, args, parseEnv());
  }
  if (!known.includes(command)) {
    console.error(`unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  const env = parseEnv();
  if (command === 'db:create') {
    if (!env.DATABASE_URL) {
      console.error('DATABASE_URL is not set: the embedded database under DATA_DIR is created at the first start');
      return 2;
    }
    const { database, server } = describeDatabaseUrl(env.DATABASE_URL);
    const created = await createDatabase(env.DATABASE_URL);
    console.log(created ? `database "${database}" created on ${server}` : `database "${database}" exists on ${server}`);
  }
  // reconvert queues jobs for the running workers; the other commands need no queue.
  const booted = await boot({ ...env, SEED_DEMO: '0' }, (m) => console.error(m), {
    queue: command === 'reconvert',
    owner: `wenku cli ${command}`,
  });
  const ctx: DomainContext = { em: booted.db.orm.em.fork(), runtime: booted.runtime, actor: null, ip: '127.0.0.1' };
  try {
    switch (command) {
      case 'db:create':
      case 'migrate':
        console.log('migrations applied, base data in place');
        return 0;
      case 'user:password': {
        const [username, password] = args;
        if (!username || !password || password.length < 6) {
          console.error('usage: user:password <username> <password>   (password: at least 6 characters)');
          return 2;
        }
        const user = await ctx.em.findOne(User, { username });
        if (user) {
          user.password = await hashPassword(password);
          user.tokensValidAfter = new Date();
          await ctx.em.flush();
          // The generated first password no longer opens the account.
          if (username === 'admin') await forgetInitialAdminPassword(ctx.runtime);
          console.log(`password of "${username}" changed`);
        } else if (username === 'admin') {
          await ctx.em.transactional((em) => createAdmin(em, password));
          await forgetInitialAdminPassword(ctx.runtime);
          console.log('administrator "admin" created');
        } else {
          console.error(`no user named "${username}"`);
          return 1;
        }
        return 0;
      }
      case 'config:get': {
        const [key] = args;
        const [category, name] = (key ?? '').split('.');
        if (!category || !name) {
          console.error('usage: config:get <category>.<name>');
          return 2;
        }
        const row = (await listConfig(ctx, [category])).config.find((c) => c.name === name);
        if (!row) {
          console.error(`no setting ${key}`);
          return 1;
        }
        console.log(row.value);
        return 0;
      }
      case 'config:set': {
        const [key, ...rest] = args;
        const [category, name] = (key ?? '').split('.');
        if (!category || !name || rest.length === 0) {
          console.error('usage: config:set <category>.<name> <value>');
          return 2;
        }
        await updateConfig(ctx, [{ category, name, value: rest.join(' ') }]);
        const s = await loadSettings(ctx);
        // updateConfig refused a key without a row; a row's key is read as the setting it names.
        console.log(`${key} = ${s.str(key as SettingKey)}`);
        return 0;
      }
      case 'reconvert': {
        if (args.length === 1 && args[0] === '--text-structure') {
          const { count } = await reconvertWithoutStructure(ctx);
          console.log(`${count} document(s) queued for conversion`);
          return 0;
        }
        const ids = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
        if (ids.length !== args.length) {
          console.error('usage: reconvert [document id …]');
          return 2;
        }
        const { count } = await reconvertDocuments(ctx, ids.length ? ids : undefined);
        console.log(`${count} document(s) queued for conversion`);
        return 0;
      }
      case 'seed:demo': {
        // `seed:demo small`: the three one-page documents of the tests instead of the library.
        const small = args[0] === 'small';
        if (!(await seedDemo(ctx.em, booted.runtime.storage, small ? 'small' : 'full'))) {
          console.log('the site already has content; nothing added');
          return 0;
        }
        const created = small
          ? 3
          : await buildDemoLibrary(ctx, (m) => console.log(m), {
              takeOver: booted.db.mode === 'embedded',
            });
        console.log(`demo content added (${created ?? 0} documents); the site's worker converts them`);
        return 0;
      }
    }
    return 2;
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  } finally {
    await booted.shutdown();
  }
}

// An operator's mistake (a taken DATA_DIR, a missing database) is one plain line on stderr, not a stack trace.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
