import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 18: OCR progress of a document's scanned pages, and the text fingerprint (SimHash) of a file for
 * near-duplicate detection.
 */
export class Migration20261126092925_OcrAndFingerprint extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "attachment_content" add column "simhash" bigint null;`);

    this.addSql(
      `alter table "document" add column "ocr_status" smallint not null default 0, add column "ocr_pages" int not null default 0, add column "ocr_done" int not null default 0;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "attachment_content" drop column "simhash";`);

    this.addSql(`alter table "document" drop column "ocr_status", drop column "ocr_pages", drop column "ocr_done";`);
  }
}
