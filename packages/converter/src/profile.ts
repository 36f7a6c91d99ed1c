import { existsSync, rmSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { runCommand } from './office.ts';
import { createScratch, removeScratch } from './scratch.ts';

let prepared: Promise<string | undefined> | undefined;

/**
 * A LibreOffice user profile prepared once per process (the worker), for its conversions to copy: LibreOffice setting
 * up a new profile (its configuration, the bundled extensions, a first-start graphics test) costs a quarter of a
 * second or more of each conversion, a copy of a ready one a few milliseconds. It is made by converting two small
 * files of our own (a text and a spreadsheet), never from a user's document, in a scratch folder of this process:
 * removed when the process exits, or by the next worker start's sweep if it was killed. Undefined when LibreOffice
 * could not prepare it (each conversion then starts from a new profile, as before).
 */
export async function officeProfile(): Promise<string | undefined> {
  prepared ??= prepare();
  const profile = await prepared;
  // Removed from under us (a /tmp cleaner): prepared again, once.
  if (profile && !existsSync(join(profile, 'user'))) {
    prepared = prepare();
    return prepared;
  }
  return profile;
}

async function prepare(): Promise<string | undefined> {
  let scratch: string | undefined;
  try {
    scratch = await createScratch();
    const profile = join(scratch, 'profile');
    const samples = [join(scratch, 'sample.txt'), join(scratch, 'sample.csv')];
    await writeFile(samples[0] as string, 'Wenku 文库\n');
    await writeFile(samples[1] as string, 'a,b\n文库,1\n');
    await runCommand(
      'prlimit',
      [
        `--as=${2 * 1024 ** 3}`,
        'soffice',
        '--headless',
        '--norestore',
        '--nologo',
        `-env:UserInstallation=file://${profile}`,
        '--convert-to',
        'pdf',
        '--outdir',
        join(scratch, 'out'),
        ...samples,
      ],
      60_000,
    );
    // Written when LibreOffice ends in order, as `--convert-to` does: the profile is complete.
    if (!existsSync(join(profile, 'user', 'registrymodifications.xcu'))) throw new Error('no profile');
    await rm(join(scratch, 'out'), { recursive: true, force: true });
    const dir = scratch;
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return profile;
  } catch {
    if (scratch) await removeScratch(scratch).catch(() => undefined);
    return undefined;
  }
}
