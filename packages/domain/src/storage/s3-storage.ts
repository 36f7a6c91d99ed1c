import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import type { GetObjectCommandOutput, S3Client } from '@aws-sdk/client-s3';
import mime from 'mime-types';
import { type Storage, type StoredFileInfo, streamToFile } from './storage.ts';

export interface S3StorageOptions {
  /** e.g. http://127.0.0.1:9000 for MinIO; unset for AWS itself. */
  endpoint?: string;
  region: string;
  bucket: string;
  /** Unset: the SDK's own chain (environment, instance role). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores need it). */
  forcePathStyle: boolean;
  /** Where browsers reach the store, when it differs from `endpoint` (links to signed URLs must work for them). */
  publicEndpoint?: string;
  /**
   * 0: the server streams stored files to browsers itself; N > 0: after its access check it redirects them to a link
   * signed for at least N seconds (docs/decisions.md, Scale: files in a bucket).
   */
  redirectSeconds?: number;
}

/** How a stored file is sent: the object store answers conditional and range requests itself. */
export interface ObjectAnswer {
  status: 200 | 206 | 304 | 412 | 416;
  size?: number;
  contentRange?: string;
  etag?: string;
  lastModified?: Date;
  body?: Readable;
}

export interface ObjectRequest {
  range?: string;
  ifNoneMatch?: string;
  ifModifiedSince?: string;
}

/** The headers a signed URL makes the store answer with (the same the server would send itself). */
export interface SignedResponse {
  cacheControl?: string;
  contentType?: string;
  contentEncoding?: string;
  contentDisposition?: string;
}

/** Content type (and encoding, for gzip-compressed SVG pages) of a stored key, by its extension. */
export function contentTypeOf(key: string): { contentType: string; contentEncoding?: string } {
  if (key.endsWith('.gzip.svg')) return { contentType: 'image/svg+xml', contentEncoding: 'gzip' };
  return { contentType: mime.lookup(key) || 'application/octet-stream' };
}

const statusOf = (e: unknown) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isMissing = (e: unknown) =>
  ['NotFound', 'NoSuchKey'].includes((e as { name?: string }).name ?? '') || statusOf(e) === 404;

/**
 * The AWS SDK (~5 MB of heap) loads when a bucket is first used, so a site on local disk never loads it (issue 17).
 */
let sdkLoading: Promise<Sdk> | undefined;
type Sdk = typeof import('@aws-sdk/client-s3') & {
  Upload: typeof import('@aws-sdk/lib-storage').Upload;
  getSignedUrl: typeof import('@aws-sdk/s3-request-presigner').getSignedUrl;
};
const loadSdk = (): Promise<Sdk> => {
  sdkLoading ??= Promise.all([
    import('@aws-sdk/client-s3'),
    import('@aws-sdk/lib-storage'),
    import('@aws-sdk/s3-request-presigner'),
  ]).then(([s3, lib, presigner]) => ({ ...s3, Upload: lib.Upload, getSignedUrl: presigner.getSignedUrl }));
  return sdkLoading;
};

/** Multipart part size of uploads (lib-storage): 8 MB parts, four at once. */
const PART_SIZE = 8 * 1024 * 1024;

/** Signed links kept for reuse (see signedUrl): a few thousand page images' and covers' links, a few MB at most. */
const SIGNED_URLS_KEPT = 5_000;

/** A small stored object read whole (see `getSmall`), or only its validators when it is over the size asked. */
export interface SmallObject {
  /** Undefined when the object is larger than the limit asked (not read). */
  body?: Buffer;
  size: number;
  etag: string;
  lastModified: Date;
}

/**
 * Files in an S3-compatible bucket (AWS S3, MinIO, Ceph RGW…) through the AWS SDK v3; keys are the same relative
 * paths as on local disk. Large files go up as multipart uploads from a stream, never whole in memory.
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly bucket: string;
  private clients?: Promise<{ sdk: Sdk; client: S3Client; signer: S3Client }>;
  /** Signed links of the current window by what they sign (least recently used first), see `signedUrl`. */
  private readonly signed = new Map<string, { url: string; windowStart: number }>();
  /** Told the key of each object or folder this process writes over or removes (see onChanged). */
  private readonly changedListeners = new Set<(key: string) => void>();

  constructor(readonly options: S3StorageOptions) {
    this.bucket = options.bucket;
  }

  /**
   * Calls `listener` with the key of every object written or removed through this store in this process (a folder's
   * key, without the trailing slash, for `removeDir`), so a copy held in memory (the web's page-image memo) goes at
   * once rather than at its next conditional request to the bucket.
   */
  onChanged(listener: (key: string) => void): void {
    this.changedListeners.add(listener);
  }

  private changed(key: string) {
    for (const listener of this.changedListeners) listener(key);
  }

  /** The SDK and its clients, made on first use. */
  private sdk(): Promise<{ sdk: Sdk; client: S3Client; signer: S3Client }> {
    const options = this.options;
    this.clients ??= loadSdk().then((sdk) => {
      const config = (endpoint?: string) => ({
        endpoint,
        region: options.region,
        forcePathStyle: options.forcePathStyle,
        credentials:
          options.accessKeyId && options.secretAccessKey
            ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
            : undefined,
      });
      const client = new sdk.S3Client(config(options.endpoint));
      // A signature covers the host, so links for browsers are signed for the address they will use.
      const signer = options.publicEndpoint ? new sdk.S3Client(config(options.publicEndpoint)) : client;
      return { sdk, client, signer };
    });
    return this.clients;
  }

  /** Fails with a readable message when the bucket cannot be reached (checked once at start). */
  async checkBucket(): Promise<void> {
    const { sdk, client } = await this.sdk();
    try {
      await client.send(new sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (e) {
      const where = this.options.endpoint ?? `AWS S3 (${this.options.region})`;
      const why = statusOf(e) === 404 ? 'does not exist' : `cannot be reached (${(e as Error).name || e})`;
      throw new Error(`S3 bucket "${this.bucket}" on ${where} ${why}; create it or fix the S3_* settings`);
    }
  }

  async put(key: string, data: Buffer): Promise<void> {
    const { sdk, client } = await this.sdk();
    const { contentType, contentEncoding } = contentTypeOf(key);
    await client.send(
      new sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: key,
        Body: data,
        ContentType: contentType,
        ContentEncoding: contentEncoding,
      }),
    );
    this.changed(key);
  }

  async putFile(key: string, sourcePath: string): Promise<void> {
    await this.putCopy(key, sourcePath, {});
    await rm(sourcePath, { force: true });
  }

  /**
   * Uploads a local file and keeps it (the copy of a site's files into the bucket), with metadata that a later run
   * compares to skip what is already there.
   */
  async putCopy(key: string, sourcePath: string, metadata: Record<string, string>): Promise<void> {
    const { contentType, contentEncoding } = contentTypeOf(key);
    const { sdk, client } = await this.sdk();
    await new sdk.Upload({
      client,
      params: {
        Bucket: this.bucket,
        Key: key,
        Body: createReadStream(sourcePath),
        ContentType: contentType,
        ContentEncoding: contentEncoding,
        Metadata: metadata,
      },
      partSize: PART_SIZE,
      queueSize: 4,
    }).done();
    this.changed(key);
  }

  /** Size and metadata of a stored object, or null when there is none. */
  async head(key: string): Promise<{ size: number; metadata: Record<string, string> } | null> {
    const { sdk, client } = await this.sdk();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: head.ContentLength ?? 0, metadata: head.Metadata ?? {} };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const { sdk, client } = await this.sdk();
    try {
      const head = await client.send(new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { key, size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }

  read(key: string): Readable {
    const out = new PassThrough();
    this.sdk()
      .then(({ sdk, client }) => client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key })))
      .then((r) => (r.Body as Readable).pipe(out))
      .catch((e) => out.destroy(e));
    return out;
  }

  async readRange(key: string, offset: number, length: number): Promise<Buffer> {
    if (length <= 0) return Buffer.alloc(0);
    const { sdk, client } = await this.sdk();
    try {
      const r = await client.send(
        new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }),
      );
      return Buffer.from(await (r.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray());
    } catch (e) {
      // A range starting past the end: nothing there, as a local file read would say.
      if (statusOf(e) === 416) return Buffer.alloc(0);
      throw e;
    }
  }

  async copyToFile(key: string, destPath: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    const r = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
    await streamToFile(r.Body as Readable, destPath);
  }

  async remove(key: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
    this.changed(key);
  }

  async removeDir(key: string): Promise<void> {
    const { sdk, client } = await this.sdk();
    let batch: string[] = [];
    const flush = async () => {
      if (!batch.length) return;
      const r = await client.send(
        new sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      if (r.Errors?.length) throw new Error(`S3 delete of ${key}/: ${r.Errors[0]?.Code} ${r.Errors[0]?.Key}`);
      batch = [];
    };
    // DeleteObjects takes at most 1000 keys.
    for await (const f of this.list(`${key.replace(/\/+$/, '')}/`)) {
      batch.push(f.key);
      if (batch.length === 1000) await flush();
    }
    await flush();
    this.changed(key.replace(/\/+$/, ''));
  }

  async *list(prefix = ''): AsyncIterable<StoredFileInfo> {
    const { sdk, client } = await this.sdk();
    let token: string | undefined;
    do {
      const page = await client.send(
        new sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix || undefined, ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) {
        if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date(0) };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  /**
   * Fetches a stored file for an HTTP answer, passing the client's range and validators on, so the store answers
   * 206, 304 or 416 itself. Returns null when the file is missing.
   */
  async get(key: string, request: ObjectRequest = {}): Promise<ObjectAnswer | null> {
    const { sdk, client } = await this.sdk();
    let r: GetObjectCommandOutput;
    try {
      r = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Range: request.range,
          IfNoneMatch: request.ifNoneMatch,
          IfModifiedSince: request.ifModifiedSince ? new Date(request.ifModifiedSince) : undefined,
        }),
      );
    } catch (e) {
      if (isMissing(e)) return null;
      const status = statusOf(e);
      if (status === 304) {
        // The validators the store sends with its 304 (the SDK keeps the raw answer on the error it throws).
        const headers = (e as { $response?: { headers?: Record<string, string | undefined> } }).$response?.headers;
        const lastModified = headers?.['last-modified'];
        return { status, etag: headers?.etag, lastModified: lastModified ? new Date(lastModified) : undefined };
      }
      if (status === 412 || status === 416) return { status };
      throw e;
    }
    return {
      status: r.ContentRange ? 206 : 200,
      size: r.ContentLength,
      contentRange: r.ContentRange,
      etag: r.ETag,
      lastModified: r.LastModified,
      body: r.Body as Readable,
    };
  }

  /**
   * A small object read whole for a web process's memo: `'same'` when its ETag is still `ifNoneMatch` (the store
   * answers a conditional GET with 304, no body), the validators alone when it is over `maxBytes` (the body is not
   * read), else the bytes. Throws an error with code ENOENT when there is no such object.
   */
  async getSmall(key: string, ifNoneMatch: string | undefined, maxBytes: number): Promise<'same' | SmallObject> {
    const { sdk, client } = await this.sdk();
    let r: GetObjectCommandOutput;
    try {
      r = await client.send(new sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, IfNoneMatch: ifNoneMatch }));
    } catch (e) {
      if (statusOf(e) === 304) return 'same';
      if (isMissing(e)) throw Object.assign(new Error(`no object ${key}`), { code: 'ENOENT' });
      throw e;
    }
    const body = r.Body as Readable & { transformToByteArray(): Promise<Uint8Array> };
    const size = r.ContentLength ?? 0;
    const object = { size, etag: r.ETag ?? '', lastModified: r.LastModified ?? new Date(0) };
    if (size > maxBytes || !r.ETag) {
      body.destroy();
      return object;
    }
    const bytes = Buffer.from(await body.transformToByteArray());
    // A length that does not match what the store announced is not kept (sent by the general route instead).
    return bytes.length === size ? { ...object, body: bytes } : object;
  }

  /**
   * A signed GET link to a stored file, valid between `seconds` and twice that: it is signed as of the start of the
   * current window of `seconds`, so every request in one window gets the same URL and browsers and caches keep one
   * copy of the file instead of one per link. The link of the current window is kept (bounded, least recently used
   * go first) and given again without signing: it is the very link signing again would make, and at least half its
   * validity remains while its window lasts (issue 19: a redirect then costs no HMAC work).
   */
  async signedUrl(key: string, seconds: number, response: SignedResponse = {}): Promise<string> {
    const windowMs = seconds * 1000;
    const windowStart = Math.floor(Date.now() / windowMs) * windowMs;
    const { cacheControl, contentType, contentEncoding, contentDisposition } = response;
    const id = [seconds, key, cacheControl, contentType, contentEncoding, contentDisposition].join('\n');
    const kept = this.signed.get(id);
    if (kept) {
      this.signed.delete(id);
      if (kept.windowStart === windowStart) {
        this.signed.set(id, kept);
        return kept.url;
      }
    }
    const url = await this.sign(key, seconds, new Date(windowStart), response);
    this.signed.set(id, { url, windowStart });
    if (this.signed.size > SIGNED_URLS_KEPT) this.signed.delete(this.signed.keys().next().value as string);
    return url;
  }

  private async sign(key: string, seconds: number, signingDate: Date, response: SignedResponse): Promise<string> {
    const { sdk, signer } = await this.sdk();
    return sdk.getSignedUrl(
      signer,
      new sdk.GetObjectCommand({
        Bucket: this.bucket,
        Key: key,
        ResponseCacheControl: response.cacheControl,
        ResponseContentType: response.contentType,
        ResponseContentEncoding: response.contentEncoding,
        ResponseContentDisposition: response.contentDisposition,
      }),
      { expiresIn: Math.min(2 * seconds, 7 * 24 * 3600), signingDate },
    );
  }
}
