/**
 * `npm run user:create -- --email E --username U --password P [--role editor|user]`: creates an
 * account from the command line (the way to make the first editor on a real install). Uses the
 * same validation and account service as sign-up, so the rules cannot drift apart.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { USER_ROLES } from '@/lib/column-values';
import { emailField, newPasswordField, usernameField } from '@/lib/validation/auth';
import { createAccount } from '@/server/auth/accounts';
import { closeDatabase } from '@/server/db';
import { describeZodError } from '@/server/http/endpoint';

const USAGE =
	'Usage: npm run user:create -- --email <email> --username <name> --password <password> [--role editor|user]';

const argsSchema = z.object({
	email: emailField,
	username: usernameField,
	password: newPasswordField,
	role: z.enum(USER_ROLES, { error: 'Role must be "editor" or "user".' }).default('user'),
});

function parseCommandLine() {
	try {
		return parseArgs({
			options: {
				email: { type: 'string' },
				username: { type: 'string' },
				password: { type: 'string' },
				role: { type: 'string' },
				help: { type: 'boolean', short: 'h' },
			},
			strict: true,
			allowPositionals: false,
		}).values;
	} catch (error) {
		// parseArgs rejects unknown options; say which, then how to call the script.
		throw new Error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
	}
}

function readArgs() {
	const values = parseCommandLine();
	if (values.help) {
		console.log(USAGE);
		process.exit(0);
	}
	const parsed = argsSchema.safeParse(values);
	if (!parsed.success) throw new Error(`${describeZodError(parsed.error)}\n${USAGE}`);
	return parsed.data;
}

async function main(): Promise<void> {
	// An operator typed the address on the server: it counts as verified.
	const user = await createAccount({ ...readArgs(), emailVerified: true });
	console.log(`Created ${user.role} "${user.username}":`);
	console.log(JSON.stringify(user, null, 2));
}

main()
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : String(error));
		process.exitCode = 1;
	})
	.finally(closeDatabase);
