// A credit package users can buy (spec 001 §3). Price is USD with two decimals.
import { randomUUID } from 'node:crypto';
import { defineEntity, type InferEntity, p } from '@mikro-orm/core';

export const CreditPackage = defineEntity({
  name: 'CreditPackage',
  tableName: 'credit_packages',
  properties: {
    id: p
      .uuid()
      .primary()
      .onCreate(() => randomUUID()),
    name: p.text(),
    credits: p.integer(),
    // numeric(10,2) read back as an exact decimal string ('10.00'): orders turn it into minor units without floats.
    price: p.decimal('string').precision(10).scale(2),
    creemProductId: p.text().nullable(),
    description: p.text().nullable(),
    // The admin's Vietnamese wording; null shows the English text.
    nameVi: p.text().nullable(),
    descriptionVi: p.text().nullable(),
    popular: p.boolean().default(false),
    bonus: p.integer().default(0),
    isActive: p.boolean().default(true),
    createdAt: p
      .datetime()
      .defaultRaw('current_timestamp')
      .onCreate(() => new Date()),
  },
});

export type CreditPackage = InferEntity<typeof CreditPackage>;
