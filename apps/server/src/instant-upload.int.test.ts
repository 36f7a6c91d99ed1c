import { createHash, randomBytes } from 'node:crypto';
import { createTRPCClient, httpLink, TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@wenku/api';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type RestClient, startTestServer, type TestServer } from './testing/harness.ts';

/**
 * Issue 15 item 1: the MD5 of every document is public, so an instant upload ("I have this file", `hash` without a
 * file) must prove possession of the bytes; `security.disable_upload_exist_document` refuses files the library has.
 */
let server: TestServer;
let admin: RestClient;
let category: number;

interface Challenge {
  challenge_id: string;
  nonce: string;
  ranges: { offset: number; length: number }[];
}
interface Member {
  client: RestClient;
  id: number;
}

/** A PDF of its own (a unique MD5), large enough to be proven by ranges rather than whole. */
const makePdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300 * 1024), Buffer.from('\n%%EOF\n')]);
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

/** What a real holder of `file` answers: SHA-256 of the nonce followed by the bytes of each range. */
function prove(file: Buffer, c: Challenge) {
  const h = createHash('sha256').update(c.nonce, 'utf8');
  for (const r of c.ranges) h.update(file.subarray(r.offset, r.offset + r.length));
  return h.digest('hex');
}

const upload = (client: RestClient, file: Buffer, name: string) =>
  client.upload<{ data?: { id: number; hash: string }; message?: string }>('document', file, name);

const createByHash = (client: RestClient, hash: string, extra: Record<string, unknown> = {}) =>
  client.post<{ document: { id: number }[]; message?: string; code?: string }>('/document', {
    category_id: [category],
    document: [{ title: `秒传${Date.now()}`, hash, ...extra }],
  });

const challenge = async (client: RestClient, hash: string) => {
  const res = await client.post<Challenge>('/document/challenge', { hash });
  if (res.status !== 200) throw new Error(`challenge: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A member's documents, credits and attachments: what an attack must not change. */
async function holdings(m: Member) {
  const [row] = await server.sql<{ doc_count: number; credit_count: number; attachments: string }>(
    `select doc_count, credit_count, (select count(*) from attachment where user_id = u.id) attachments
     from "user" u where id = ?`,
    [m.id],
  );
  return { docs: row?.doc_count, credits: row?.credit_count, attachments: Number(row?.attachments) };
}

let owner: Member;
let paid: { file: Buffer; hash: string };

beforeAll(async () => {
  server = await startTestServer({ databaseUrl: inject('databaseUrl') });
  admin = await server.api.admin();
  category = (await admin.post<{ category: { id: number }[] }>('/category', { title: `秒传${Date.now()}` })).body
    .category[0]!.id;
  await admin.putConfig({ 'score.upload_document': '5', 'score.upload_document_limit': '10' });
  // The owner uploads a paid document: its file is new to the library, so the upload award is paid.
  owner = await server.api.registerMember('own');
  const file = makePdf();
  const up = await upload(owner.client, file, '付费资料.pdf');
  expect(up.status).toBe(200);
  const created = await owner.client.post('/document', {
    category_id: [category],
    document: [{ title: '付费资料', attachment_id: up.body.data!.id, price: 20 }],
  });
  expect(created.status).toBe(200);
  paid = { file, hash: up.body.data!.hash };
});
afterAll(async () => {
  await admin.putConfig({
    'score.upload_document_limit': '1',
    'security.disable_upload_exist_document': 'false',
  });
  await server.close();
});

describe('instant upload needs proof of possession', () => {
  it('pays the award for a file new to the library', async () => {
    expect((await holdings(owner)).credits).toBe(10 + 5);
  });

  it('refuses the hash of another member’s paid document without a proof, over REST and tRPC, changing nothing', async () => {
    const attacker = await server.api.registerMember('atk');
    const before = await holdings(attacker);
    const rest = await createByHash(attacker.client, paid.hash);
    expect(rest.status).toBe(400);
    expect(rest.body.message).toBe('秒传需要先校验文件，请上传文件');
    const trpc = createTRPCClient<AppRouter>({
      links: [
        httpLink({ url: `${server.url}/api/trpc`, headers: { authorization: `Bearer ${attacker.client.token}` } }),
      ],
    });
    const viaTrpc = await trpc.document.create
      .mutate({ category_id: [category], document: [{ title: '白拿', hash: paid.hash }] })
      .catch((e: unknown) => e);
    expect(viaTrpc).toBeInstanceOf(TRPCClientError);
    expect((viaTrpc as TRPCClientError<AppRouter>).message).toBe('秒传需要先校验文件，请上传文件');
    expect(await holdings(attacker)).toEqual(before);
  });

  it('refuses forged, replayed, expired, other-member and other-file proofs', async () => {
    const attacker = await server.api.registerMember('forge');
    const holder = await server.api.registerMember('hold');
    const before = await holdings(attacker);
    const refused = async (extra: Record<string, unknown>, hash = paid.hash) => {
      const res = await createByHash(attacker.client, hash, extra);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toBe('文件校验未通过，请上传文件');
    };
    // Forged: an answer computed without the bytes (the MD5 is all the attacker has).
    const c1 = await challenge(attacker.client, paid.hash);
    await refused({ challenge_id: c1.challenge_id, proof: createHash('sha256').update(paid.hash).digest('hex') });
    // Spent by its first use, right or wrong: the right answer no longer works.
    await refused({ challenge_id: c1.challenge_id, proof: prove(paid.file, c1) });
    // Another member's challenge, answered by its real holder.
    const c2 = await challenge(holder.client, paid.hash);
    await refused({ challenge_id: c2.challenge_id, proof: prove(paid.file, c2) });
    // Expired.
    const c3 = await challenge(attacker.client, paid.hash);
    await server.sql(`update file_challenge set expires_at = now() - interval '1 second' where id = ?`, [
      c3.challenge_id,
    ]);
    await refused({ challenge_id: c3.challenge_id, proof: prove(paid.file, c3) });
    // Bound to its file: a proof for one hash does not create a document of another.
    const other = makePdf();
    const otherUp = await upload(holder.client, other, '另一份.pdf');
    const c4 = await challenge(attacker.client, otherUp.body.data!.hash);
    await refused({ challenge_id: c4.challenge_id, proof: prove(other, c4) });
    expect(await holdings(attacker)).toEqual(before);
  });

  it('lets a real holder upload instantly, without the award for a file the library had', async () => {
    const holder = await server.api.registerMember('real');
    const c = await challenge(holder.client, paid.hash);
    // A file of more than 64 KB is proven by random slices, not whole.
    expect(c.ranges.length).toBeGreaterThan(1);
    expect(c.ranges.every((r) => r.length < paid.file.length)).toBe(true);
    const proof = prove(paid.file, c);
    const res = await createByHash(holder.client, paid.hash, { challenge_id: c.challenge_id, proof });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await holdings(holder)).toMatchObject({ docs: 1, credits: 10, attachments: 1 });
    // Replayed by someone who saw it: bound to its member, and spent.
    const thief = await server.api.registerMember('thief');
    const replay = await createByHash(thief.client, paid.hash, { challenge_id: c.challenge_id, proof });
    expect(replay.status).toBe(400);
  });

  it('needs no proof for the member’s own earlier upload', async () => {
    const again = await createByHash(owner.client, paid.hash);
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // The same file a second time is no new file for the library: no second award.
    expect(await holdings(owner)).toMatchObject({ docs: 2, credits: 15 });
  });

  it('answers GET /document/exist with 200 for a file the library has and 404 otherwise', async () => {
    const { client } = await server.api.registerMember('ex');
    expect((await client.get('/document/exist', { hash: paid.hash })).status).toBe(200);
    expect((await client.get('/document/exist', { hash: md5(makePdf()) })).status).toBe(404);
    expect((await client.post('/document/challenge', { hash: md5(makePdf()) })).status).toBe(404);
  });
});

describe('security.disable_upload_exist_document', () => {
  it('refuses files the library already has at upload, challenge and creation, and lets new files through', async () => {
    const member = await server.api.registerMember('dup');
    // An upload taken before the switch, never made a document.
    const early = await upload(member.client, paid.file, '早传.pdf');
    expect(early.status).toBe(200);
    await admin.putConfig({ 'security.disable_upload_exist_document': 'true' });
    try {
      const before = await holdings(member);
      const up = await upload(member.client, paid.file, '重复.pdf');
      expect(up.status).toBe(409);
      expect(up.body.message).toBe('文档《重复.pdf》已存在，禁止重复上传');
      const c = await member.client.post('/document/challenge', { hash: paid.hash, name: '重复.pdf' });
      expect(c.status).toBe(409);
      const byAttachment = await member.client.post('/document', {
        category_id: [category],
        document: [{ title: '重复', attachment_id: early.body.data!.id }],
      });
      expect(byAttachment.status).toBe(409);
      expect(await holdings(member)).toEqual(before);
      const fresh = await upload(member.client, makePdf(), '新的.pdf');
      expect(fresh.status).toBe(200);
    } finally {
      await admin.putConfig({ 'security.disable_upload_exist_document': 'false' });
    }
  });
});
