// `npm run admin -- grant <email>` / `revoke <email>`: the admin role of ARCHITECTURE.md decision 6 for an
// existing account (ADMIN_EMAILS covers the addresses known in advance).
import { loadConfig } from '@turnproof/config';
import { createOrm } from '@turnproof/db';
import { adminCommand } from '../auth/admin-role.ts';

const config = loadConfig();
const orm = await createOrm(config.DATABASE_URL);
try {
  const [command, email] = process.argv.slice(2);
  const result = await adminCommand(orm.em.fork(), config.ADMIN_EMAILS, command, email);
  if (result.ok) console.log(result.message);
  else {
    console.error(result.error);
    process.exitCode = 1;
  }
} finally {
  await orm.close();
}
