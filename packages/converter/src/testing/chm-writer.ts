/**
 * A minimal CHM (ITSF v3) writer for tests: every file stored uncompressed in content section 0, one PMGL directory
 * chunk. CHM readers (chmlib's `extract_chmLib`) disable compression when the LZX sections are absent and read
 * section 0 directly, so this is a valid, readable CHM. Not used by the product.
 */

/** CHM's variable-length integer: 7 bits per byte, most significant first, high bit = more follows. */
function encint(n: number): Buffer {
  const bytes = [n & 0x7f];
  let rest = Math.floor(n / 128);
  while (rest > 0) {
    bytes.unshift((rest & 0x7f) | 0x80);
    rest = Math.floor(rest / 128);
  }
  return Buffer.from(bytes);
}

function guid(text: string): Buffer {
  // {XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX}: first three fields little-endian.
  const [a, b, c, d, e] = text.replace(/[{}]/g, '').split('-') as [string, string, string, string, string];
  const out = Buffer.alloc(16);
  out.writeUInt32LE(Number.parseInt(a, 16), 0);
  out.writeUInt16LE(Number.parseInt(b, 16), 4);
  out.writeUInt16LE(Number.parseInt(c, 16), 6);
  Buffer.from(d + e, 'hex').copy(out, 8);
  return out;
}

const CHUNK = 0x1000;

export function writeChm(files: { name: string; data: Buffer }[]): Buffer {
  // Directory entries: "/" names sorted as readers expect (case-insensitive order).
  const sorted = [...files].sort((x, y) => x.name.toLowerCase().localeCompare(y.name.toLowerCase()));
  let offset = 0;
  const entries: Buffer[] = [];
  for (const f of sorted) {
    const name = Buffer.from(f.name, 'utf8');
    entries.push(Buffer.concat([encint(name.length), name, encint(0), encint(offset), encint(f.data.length)]));
    offset += f.data.length;
  }
  const body = Buffer.concat(entries);
  const header = 20;
  const trailer = 2; // the entry count at the chunk's end (no quick-reference entries)
  if (header + body.length + trailer > CHUNK) throw new Error('too many files for one directory chunk');
  const pmgl = Buffer.alloc(CHUNK);
  pmgl.write('PMGL', 0, 'ascii');
  pmgl.writeUInt32LE(CHUNK - header - body.length, 4);
  pmgl.writeUInt32LE(0, 8);
  pmgl.writeInt32LE(-1, 12);
  pmgl.writeInt32LE(-1, 16);
  body.copy(pmgl, header);
  pmgl.writeUInt16LE(sorted.length, CHUNK - 2);

  const itsp = Buffer.alloc(0x54);
  itsp.write('ITSP', 0, 'ascii');
  itsp.writeUInt32LE(1, 4);
  itsp.writeUInt32LE(0x54, 8);
  itsp.writeUInt32LE(0x0a, 12);
  itsp.writeUInt32LE(CHUNK, 16);
  itsp.writeUInt32LE(2, 20); // quick-reference density
  itsp.writeUInt32LE(1, 24); // index depth
  itsp.writeInt32LE(-1, 28); // root index chunk: none
  itsp.writeUInt32LE(0, 32); // first PMGL
  itsp.writeUInt32LE(0, 36); // last PMGL
  itsp.writeInt32LE(-1, 40);
  itsp.writeUInt32LE(1, 44); // directory chunks
  itsp.writeUInt32LE(0x0409, 48);
  guid('{5D02926A-212E-11D0-9DF9-00A0C922E6EC}').copy(itsp, 52);
  itsp.writeUInt32LE(0x54, 68);
  itsp.writeInt32LE(-1, 72);
  itsp.writeInt32LE(-1, 76);
  itsp.writeInt32LE(-1, 80);
  const directory = Buffer.concat([itsp, pmgl]);

  const itsfLength = 0x60;
  const section0Length = 0x18;
  const dirOffset = itsfLength + section0Length;
  const contentOffset = dirOffset + directory.length;
  const content = Buffer.concat(sorted.map((f) => f.data));
  const total = contentOffset + content.length;

  const itsf = Buffer.alloc(itsfLength);
  itsf.write('ITSF', 0, 'ascii');
  itsf.writeUInt32LE(3, 4);
  itsf.writeUInt32LE(itsfLength, 8);
  itsf.writeUInt32LE(1, 12);
  itsf.writeUInt32BE(0x12345678, 16);
  itsf.writeUInt32LE(0x0409, 20);
  guid('{7C01FD10-7BAA-11D0-9E0C-00A0C922E6EC}').copy(itsf, 24);
  guid('{7C01FD11-7BAA-11D0-9E0C-00A0C922E6EC}').copy(itsf, 40);
  itsf.writeBigUInt64LE(BigInt(itsfLength), 56);
  itsf.writeBigUInt64LE(BigInt(section0Length), 64);
  itsf.writeBigUInt64LE(BigInt(dirOffset), 72);
  itsf.writeBigUInt64LE(BigInt(directory.length), 80);
  itsf.writeBigUInt64LE(BigInt(contentOffset), 88);

  const section0 = Buffer.alloc(section0Length);
  section0.writeUInt32LE(0x01fe, 0);
  section0.writeUInt32LE(0, 4);
  section0.writeBigUInt64LE(BigInt(total), 8);
  return Buffer.concat([itsf, section0, directory, content]);
}
