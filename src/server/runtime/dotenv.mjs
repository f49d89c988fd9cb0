/**
 * Reads ./.env (a copy of .env.example) into the environment. Everything that reads settings
 * calls it first: the config module (the host, `npm run serve`, `astro dev`, the scripts) and
 * `npm start`, whose build takes SITE_URL and DIST_DIR from the environment too.
 *
 * A variable the real environment already sets wins: Node's loader never overrides one.
 * DOTENV=0 skips the file; the test runs set it, so a developer's own .env never changes what
 * they test.
 */
export function loadDotEnv() {
	if (process.env.DOTENV === '0') return;
	try {
		process.loadEnvFile('.env');
	} catch (error) {
		if (error?.code !== 'ENOENT') throw error;
	}
}
