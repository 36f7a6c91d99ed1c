import { Migration } from '@mikro-orm/migrations';

/**
 * Upload lines of the activity feed name their document, so another member's feed shows a line only while its
 * document is public (issue 15 item 13). Existing lines get theirs from the `/document/<uuid>` link they carry.
 */
export class Migration20261126085757_DynamicDocument extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "dynamic" add column "document_id" int not null default 0;`);
    this.addSql(
      `update "dynamic" dy set "document_id" = d."id" from "document" d where dy."type" = 3 and d."uuid" = substring(dy."content" from '/document/([0-9a-f]+)"');`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "dynamic" drop column "document_id";`);
  }
}
