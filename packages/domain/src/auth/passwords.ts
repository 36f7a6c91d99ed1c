import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id; the library's const enum cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

/** argon2id with the library's recommended cost; the encoded hash carries its own parameters and salt. */
export const hashPassword = (plain: string) => hash(plain, { algorithm: ARGON2ID });

export async function verifyPassword(encoded: string, plain: string): Promise<boolean> {
  if (!encoded.startsWith('$argon2')) return false;
  try {
    return await verify(encoded, plain);
  } catch {
    return false;
  }
}

let decoy: Promise<string> | undefined;

/** Checks a password against a hash nobody knows and answers false: a refusal that costs what a real check costs. */
export async function spendPasswordCheck(plain: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('base64url'));
  await verifyPassword(await decoy, plain);
  return false;
}
