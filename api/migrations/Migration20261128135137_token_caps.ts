import { Migration } from '@mikro-orm/migrations';

export class Migration20261128135137_token_caps extends Migration {
  override name = 'Migration20261128135137_token_caps';

  override up(): void | Promise<void> {
    this.addSql(`alter table "image_tasks" add "api_token_id" uuid null;`);

    this.addSql(
      `alter table "api_tokens" add "daily_credit_cap" int null, add "total_credit_cap" int null, add "calls" int not null default 0, add "credits_total" int not null default 0, add "credits_today" int not null default 0, add "usage_day" date null;`,
    );
  }

  override down(): void | Promise<void> {
    this.addSql(
      `alter table "api_tokens" drop column "daily_credit_cap", drop column "total_credit_cap", drop column "calls", drop column "credits_total", drop column "credits_today", drop column "usage_day";`,
    );

    this.addSql(`alter table "image_tasks" drop column "api_token_id";`);
  }
}
