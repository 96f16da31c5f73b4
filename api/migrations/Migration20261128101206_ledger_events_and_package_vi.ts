import { Migration } from '@mikro-orm/migrations';

export class Migration20261128101206_ledger_events_and_package_vi extends Migration {
  override name = 'Migration20261128101206_ledger_events_and_package_vi';

  override up(): void | Promise<void> {
    this.addSql(`alter table "credit_packages" add "name_vi" text null, add "description_vi" text null;`);

    this.addSql(`alter table "transactions" add "event" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "credit_packages" drop column "name_vi", drop column "description_vi";`);

    this.addSql(`alter table "transactions" drop column "event";`);
  }
}
