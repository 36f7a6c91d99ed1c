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
