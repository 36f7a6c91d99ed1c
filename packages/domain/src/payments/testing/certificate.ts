import type { KeyObject } from 'node:crypto';
import { createRequire } from 'node:module';
import type * as Forge from 'node-forge';

// node-forge is CommonJS whose exports plain ESM cannot name statically; require keeps it working under vitest and tsx alike.
const forge = createRequire(import.meta.url)('node-forge') as typeof Forge;

/** A self-signed X.509 certificate (PEM) for `key`, as WeChat's platform certificates are RSA-2048 / SHA-256. */
export function selfSignedCertificate(opts: {
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** Upper-case hex, 40 digits like WeChat's; the first digit must be < 8 to stay a positive ASN.1 INTEGER. */
  serial: string;
  notBefore: Date;
  notAfter: Date;
  commonName: string;
}): string {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(opts.publicKey.export({ type: 'spki', format: 'pem' }) as string);
  cert.serialNumber = opts.serial.toLowerCase();
  cert.validity.notBefore = opts.notBefore;
  cert.validity.notAfter = opts.notAfter;
  const attrs = [
    { name: 'commonName', value: opts.commonName },
    { name: 'organizationName', value: 'Wenku stand-in' },
    { name: 'countryName', value: 'CN' },
  ];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.sign(
    forge.pki.privateKeyFromPem(opts.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string),
    forge.md.sha256.create(),
  );
  return forge.pki.certificateToPem(cert);
}
