/** What `/view/page` checks of a document. */
export interface PageAccess {
  hash: string;
  userId: number;
  status: number;
  deletedAt: null;
  preview: number;
  previewExt: string;
  enableGzip: boolean;
}

/**
 * What `/view/page` checks of converted documents, kept in a web process between their changes: a reader's page images
 * then cost no query each (docs/decisions.md, Scale: page lookups). PostgreSQL announces every change of what the
 * check reads (a trigger on `document`, `<id> <hash>` on the channel `wenku_documents`), and the entry goes; when
 * announcements may have been missed (a lost connection) everything goes. The TTL only bounds a missed one.
 */
export class PageAccessCache {
  private readonly entries = new Map<string, { at: number; access: PageAccess }>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 20_000,
  ) {}

  get(key: string): PageAccess | undefined {
    const hit = this.entries.get(key);
    if (!hit) return undefined;
    if (Date.now() - hit.at < this.ttlMs) return hit.access;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, access: PageAccess): void {
    if (this.entries.size >= this.maxEntries) this.entries.clear();
    this.entries.set(key, { at: Date.now(), access });
  }

  /** Drops a document's entries (`<id> <hash>`), or all of them for undefined. */
  forget(announced: string | undefined): void {
    if (announced === undefined) {
      this.entries.clear();
      return;
    }
    const [id, hash] = announced.split(' ');
    this.entries.delete(`id:${id}`);
    this.entries.delete(`hash:${hash}`);
  }
}
