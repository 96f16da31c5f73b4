import { Migration } from '@mikro-orm/migrations';

export class Migration20261121231850_accounts extends Migration {
  override name = 'Migration20261121231850_accounts';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "users" ("id" uuid not null, "username" varchar(50) not null, "username_key" varchar(50) not null, "password_hash" text not null, "email" varchar(200) null, "google_id" varchar(255) null, "credits" int not null default 0, "is_admin" boolean not null default false, "is_active" boolean not null default true, "created_at" timestamptz not null, "last_login_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_username_unique" unique ("username");`);
    this.addSql(`alter table "users" add constraint "users_username_key_unique" unique ("username_key");`);
    this.addSql(`alter table "users" add constraint "users_google_id_unique" unique ("google_id");`);

    this.addSql(
      `create table "transactions" ("id" uuid not null, "user_id" uuid not null, "type" text not null, "amount" int not null, "balance_after" int not null, "description" varchar(255) not null, "business_key" varchar(200) not null, "image_task_id" uuid null, "kie_task_id" varchar(200) null, "package_id" uuid null, "order_id" uuid null, "created_via" varchar(10) not null default 'web', "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "transactions_user_id_index" on "transactions" ("user_id");`);
    this.addSql(`alter table "transactions" add constraint "transactions_business_key_unique" unique ("business_key");`);
    this.addSql(`create index "transactions_image_task_id_index" on "transactions" ("image_task_id");`);
    this.addSql(`create index "transactions_created_at_index" on "transactions" ("created_at");`);

    this.addSql(
      `create table "sessions" ("id_hash" varchar(64) not null, "user_id" uuid not null, "created_at" timestamptz not null, "last_seen_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id_hash"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `create table "api_tokens" ("id" uuid not null, "user_id" uuid not null, "name" varchar(100) not null, "token_hash" varchar(64) not null, "prefix" varchar(8) not null, "last4" varchar(4) not null, "is_active" boolean not null default true, "created_at" timestamptz not null, "last_used" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "api_tokens_user_id_index" on "api_tokens" ("user_id");`);
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_unique" unique ("token_hash");`);

    this.addSql(`alter table "users" add constraint "users_credits_non_negative" check (credits >= 0);`);

    this.addSql(
      `alter table "transactions" add constraint "transactions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "transactions" add constraint "transactions_type_check" check ("type" in ('purchase', 'refund', 'usage', 'bonus', 'adjustment'));`,
    );

    this.addSql(
      `alter table "sessions" add constraint "sessions_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "sessions" add constraint "sessions_id_hash_hex" check (id_hash ~ '^[0-9a-f]{64}$');`);
    this.addSql(`alter table "sessions" add constraint "sessions_expires_after_creation" check (expires_at > created_at);`);

    this.addSql(
      `alter table "api_tokens" add constraint "api_tokens_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(`alter table "api_tokens" add constraint "api_tokens_token_hash_hex" check (token_hash ~ '^[0-9a-f]{64}$');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "transactions" drop constraint "transactions_user_id_foreign";`);
    this.addSql(`alter table "sessions" drop constraint "sessions_user_id_foreign";`);
    this.addSql(`alter table "api_tokens" drop constraint "api_tokens_user_id_foreign";`);

    this.addSql(`drop table if exists "users" cascade;`);
    this.addSql(`drop table if exists "transactions" cascade;`);
    this.addSql(`drop table if exists "sessions" cascade;`);
    this.addSql(`drop table if exists "api_tokens" cascade;`);
  }
}
