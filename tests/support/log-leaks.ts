/**
 * What must never appear in a server's log: session tokens, tokens in query strings, full
 * e-mail addresses (the log masks them to `j***@example.com`), and unredacted password or token
 * fields, plus any secret a test knows it sent. Every test server's log is checked when it
 * stops (tests/support/server.ts), so the whole API suite is covered.
 */
const LEAKS: Array<[string, RegExp]> = [
	['a session token', /session=[a-z2-7]{32}/],
	['a token in a query string', /[?&]token=[A-Za-z0-9_-]{8,}/],
	['a full e-mail address', /[A-Za-z0-9._%+-]{2,}@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/],
	[
		'a password or token field',
		/"(?:password|newPassword|currentPassword|token|cookie|authorization)":"(?!\[redacted\])/i,
	],
];

/** The log lines that leak something, each with what it leaks. */
export function leaksInLogs(logs: string, secrets: readonly string[] = []): string[] {
	const found: string[] = [];
	for (const line of logs.split('\n')) {
		for (const [what, pattern] of LEAKS) if (pattern.test(line)) found.push(`${what}: ${line}`);
		for (const secret of secrets)
			if (secret && line.includes(secret)) found.push(`a secret the test sent: ${line}`);
	}
	return found;
}
