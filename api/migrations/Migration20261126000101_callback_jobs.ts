import { Migration } from '@mikro-orm/migrations';

export class Migration20261126000101_callback_jobs extends Migration {
  override name = 'Migration20261126000101_callback_jobs';

  override up(): void | Promise<void> {
    this.addSql(`alter table "webhook_deliveries" drop column "lease_until";`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_deliveries" add "lease_until" timestamptz(6) null;`);
  }
}
