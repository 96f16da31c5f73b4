import { Migration } from '@mikro-orm/migrations';

export class Migration20261128071520_second_factors extends Migration {
  override name = 'Migration20261128071520_second_factors';

  override up(): void | Promise<void> {
    this.addSql(
      `create table "totp_factors" ("user_id" uuid not null, "secret" text not null, "enabled_at" timestamptz null, "last_step" bigint null, "created_at" timestamptz not null, primary key ("user_id"));`,
    );

    this.addSql(
      `create table "recovery_codes" ("id" uuid not null, "user_id" uuid not null, "digest" varchar(64) not null, "used_at" timestamptz null, "created_at" timestamptz not null, primary key ("id"));`,
    );
    this.addSql(`create index "recovery_codes_user_id_index" on "recovery_codes" ("user_id");`);
    this.addSql(`alter table "recovery_codes" add constraint "recovery_codes_user_id_digest_unique" unique ("user_id", "digest");`);

    this.addSql(
      `create table "passkeys" ("id" uuid not null, "user_id" uuid not null, "credential_id" varchar(1400) not null, "public_key" text not null, "counter" bigint not null default '0', "transports" text[] not null default '{}', "backed_up" boolean not null default false, "name" varchar(100) not null, "created_at" timestamptz not null, "last_used_at" timestamptz null, primary key ("id"));`,
    );
    this.addSql(`create index "passkeys_user_id_index" on "passkeys" ("user_id");`);
    this.addSql(`alter table "passkeys" add constraint "passkeys_credential_id_unique" unique ("credential_id");`);

    this.addSql(
      `create table "auth_challenges" ("id_hash" varchar(64) not null, "kind" text not null, "user_id" uuid null, "created_at" timestamptz not null, "expires_at" timestamptz not null, primary key ("id_hash"));`,
    );
    this.addSql(`create index "auth_challenges_user_id_index" on "auth_challenges" ("user_id");`);
    this.addSql(`create index "auth_challenges_expires_at_index" on "auth_challenges" ("expires_at");`);

    this.addSql(`alter table "admin_settings" add "admins_require_second_factor" boolean null;`);

    this.addSql(
      `alter table "totp_factors" add constraint "totp_factors_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "recovery_codes" add constraint "recovery_codes_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "passkeys" add constraint "passkeys_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );

    this.addSql(
      `alter table "auth_challenges" add constraint "auth_challenges_user_id_foreign" foreign key ("user_id") references "users" ("id") on delete cascade;`,
    );
    this.addSql(
      `alter table "auth_challenges" add constraint "auth_challenges_kind_check" check ("kind" in ('sign_in', 'passkey_registration', 'passkey_sign_in', 'passkey_second_factor', 'passkey_step_up'));`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "totp_factors" cascade;`);
    this.addSql(`drop table if exists "recovery_codes" cascade;`);
    this.addSql(`drop table if exists "passkeys" cascade;`);
    this.addSql(`drop table if exists "auth_challenges" cascade;`);

    this.addSql(`alter table "admin_settings" drop column "admins_require_second_factor";`);
  }
}
