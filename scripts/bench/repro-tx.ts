import { scratchDatabase, startSite, waitForConvertedDocuments } from './site.ts';
const db = await scratchDatabase('repro');
const site = await startSite({ databaseUrl: db.url, env: { DEBUG: process.env.DEBUG ?? '' } });
const ids = await waitForConvertedDocuments(site.url);
let bad = 0;
for (let round = 0; round < 20; round++) {
  const rs = await Promise.all(
    ids.slice(0, 10).flatMap((id) => [
      fetch(`${site.url}/document/${id}`).then((r) => r.status),
      fetch(`${site.url}/api/v1/document?id=${id}&with_author=true`).then((r) => r.status),
      fetch(`${site.url}/api/v1/document?id=${id}`).then((r) => r.status),
    ]),
  );
  bad += rs.filter((s) => s >= 500).length;
}
console.log('5xx', bad);
await site.stop();
await db.drop?.();
process.exit(0);
