import { Migration } from '@mikro-orm/migrations';

export class Migration20261128065114_session_details extends Migration {
  override name = 'Migration20261128065114_session_details';

  override up(): void | Promise<void> {
    this.addSql(
      `alter table "sessions" add "public_id" uuid not null default gen_random_uuid(), add "ip" varchar(64) null, add "user_agent" varchar(512) null, add "verified_at" timestamptz null;`,
    );
    this.addSql(`alter table "sessions" add constraint "sessions_public_id_unique" unique ("public_id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "sessions" drop constraint "sessions_public_id_unique";`);
    this.addSql(`alter table "sessions" drop column "public_id", drop column "ip", drop column "user_agent", drop column "verified_at";`);
  }
}
