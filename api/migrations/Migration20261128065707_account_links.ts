import { Migration } from '@mikro-orm/migrations';

export class Migration20261128065707_account_links extends Migration {
  override name = 'Migration20261128065707_account_links';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "account_links" ("token_hash" varchar(64) not null, "user_id" uuid not null, "purpose" text not null, "email" varchar(200) not null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("token_hash"));`,
    );
    this.addSql(`create index "account_links_user_id_index" on "account_links" ("user_id");`);
    this.addSql(`create index "account_links_expires_at_index" on "account_links" ("expires_at");`);

    this.addSql(`alter table "users" add "email_verified_at" timestamptz null;`);

    this.addSql(
      `alter table "account_links" add constraint "account_links_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "account_links" add constraint "account_links_purpose_check" check ("purpose" in ('password_reset', 'email_verification'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "account_links" cascade;`);

    this.addSql(`alter table "users" drop column "email_verified_at";`);
  }
}
