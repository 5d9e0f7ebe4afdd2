// `npm run reset-link -- <email>`: prints a password reset link for that
// user, for the owner at the server's console when nobody can sign in and no
// mail server is configured to send one (decision 237). With the embedded
// database, stop the app first: one process opens it at a time.
import { createResetLink } from '../src/server/features/users/reset-link';
import { atConsole } from './console-app';

const email = process.argv[2];
if (!email) {
  console.error('Usage: npm run reset-link -- <email of the user>');
  process.exit(1);
}

await atConsole(async ({ app }) => {
  const link = await createResetLink(await app(), email);
  if (!link) {
    console.error(`No enabled user has the email ${email}.`);
    process.exitCode = 1;
    return;
  }
  console.log(`Open this link within an hour to choose a new password for ${email}:\n${link}`);
});
