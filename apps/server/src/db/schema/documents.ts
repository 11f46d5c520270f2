import { customType, pgTable, text } from 'drizzle-orm/pg-core';
import { writtenAt } from './columns';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Private documents (KYC files) kept in the database (DOCUMENT_STORE=database, the default on
 * PostgreSQL): several instances need no shared disk. The bytes are sealed by the encrypted
 * store before they get here (AES-256-GCM, the key as associated data).
 */
export const storedDocuments = pgTable('stored_documents', {
  key: text('key').primaryKey(),
  data: bytea('data').notNull(),
  createdAt: writtenAt(),
});
