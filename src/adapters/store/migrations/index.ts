import type { Migration, MigrationProvider } from 'kysely';
import { initialSchema } from './0001_initial.js';
import { usageCounterUpdatedAt } from './0002_usage_counter_updated_at.js';
import { accountArea } from './0003_account_area.js';
import { billingProvider } from './0004_billing_provider.js';
import { accountAuth } from './0005_account_auth.js';
import { callReservations } from './0006_call_reservations.js';
import { signUpAddress } from './0007_sign_up_address.js';

/**
 * Every migration, listed in code rather than found by scanning a folder, so the same list
 * works from src/ under tsx and from dist/ after a build. Names sort in the order they apply;
 * append new ones, never rename or edit one that has shipped.
 */
const MIGRATIONS: Record<string, Migration> = {
  '0001_initial': initialSchema,
  '0002_usage_counter_updated_at': usageCounterUpdatedAt,
  '0003_account_area': accountArea,
  '0004_billing_provider': billingProvider,
  '0005_account_auth': accountAuth,
  '0006_call_reservations': callReservations,
  '0007_sign_up_address': signUpAddress,
};

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return MIGRATIONS;
  },
};
