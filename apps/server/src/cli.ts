import { User } from '@wenku/db';
import {
  createAdmin,
  type DomainContext,
  hashPassword,
  listConfig,
  loadSettings,
  reconvertDocuments,
  seedDemo,
  updateConfig,
} from '@wenku/domain';
import { parseEnv } from './env.ts';
import { boot } from './runtime.ts';

const USAGE = `usage: npm run cli -- <command>
  migrate                              apply migrations and the base seed
  user:password <username> <password>  set a password (creates "admin" if it is missing); old sessions end
  config:get <category>.<name>         print a setting
  config:set <category>.<name> <value> change a setting (e.g. security.is_close false)
  seed:demo                            add the demo content if the site has none
  reconvert [id …]                     queue failed documents (or the given ones) for conversion again`;

async function main(argv: string[]) {
  const [command, ...args] = argv;
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE);
    return 0;
  }
  const known = ['migrate', 'user:password', 'config:get', 'config:set', 'seed:demo', 'reconvert'];
  if (!known.includes(command)) {
    console.error(`unknown command "${command}"\n${USAGE}`);
    return 2;
  }
  const env = parseEnv();
  // reconvert queues jobs for the running workers; the other commands need no queue.
  const booted = await boot({ ...env, SEED_DEMO: '0' }, (m) => console.error(m), { queue: command === 'reconvert' });
  const ctx: DomainContext = { em: booted.db.orm.em.fork(), runtime: booted.runtime, actor: null, ip: '127.0.0.1' };
  try {
    switch (command) {
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
          console.log(`password of "${username}" changed`);
        } else if (username === 'admin') {
          await ctx.em.transactional((em) => createAdmin(em, password));
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
        console.log(`${key} = ${s.str(`${category}.${name}`)}`);
        return 0;
      }
      case 'reconvert': {
        const ids = args.map(Number).filter((n) => Number.isInteger(n) && n > 0);
        if (ids.length !== args.length) {
          console.error('usage: reconvert [document id …]');
          return 2;
        }
        const { count } = await reconvertDocuments(ctx, ids.length ? ids : undefined);
        console.log(`${count} document(s) queued for conversion`);
        return 0;
      }
      case 'seed:demo':
        console.log(
          (await seedDemo(ctx.em, booted.runtime.storage))
            ? 'demo content added'
            : 'the site already has content; nothing added',
        );
        return 0;
    }
    return 2;
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    return 1;
  } finally {
    await booted.shutdown();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
