/**
 * The server's log: pino, one JSON object per line on stdout (pretty under `npm run dev`),
 * at LOG_LEVEL. Everything the server writes goes through here: the host's access log, errors,
 * background work (page generation, newsletter sends, the relay) and the start-up lines.
 *
 * - `log()` is the logger of the request being handled (a child carrying its `reqId`), or the
 *   process's logger outside a request, so anything logged while answering a request (an error,
 *   a mail written) can be found by the id its answer carried in `X-Request-Id`.
 * - Nothing secret is written: fields named like secrets (passwords, tokens, cookies,
 *   authorization) are replaced, e-mail addresses are masked wherever they appear (fields,
 *   messages, error texts), and database errors lose the parameters drizzle appends to them.
 *   Query strings, which carry tokens, are never logged (the access log writes paths).
 *
 * The host (src/server/host/) and the app (Astro's build) are two module graphs, each with its
 * own copy of this module; the host hands its log state to the app at start (SharedRuntime,
 * runtime/shared-runtime.ts), so both write through one stream.
 */
import pino, { type Logger } from 'pino';
import { config } from '@/server/runtime/config';
import { currentRequest } from '@/server/runtime/request-context';

export type { Logger };

/** The process's logger, stream and access writer, each made on first use. */
export type LogState = {
	logger?: Logger;
	output?: pino.DestinationStream;
	writeAccess?: (record: AccessRecord) => void;
	/** Set while access lines wait for the end of the event loop's turn. */
	flushAccess?: () => void;
};

let shared: LogState = {};

/** This copy's state, for the host to hand to the app. */
export function logState(): LogState {
	return shared;
}

/** Writes through the host's state from now on (the app, when the host hands it over). */
export function adoptLogState(state: LogState): void {
	shared = state;
}

const EMAIL = /([A-Za-z0-9._%+-])[A-Za-z0-9._%+-]*@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;

/** `jane.doe@example.com` -> `j***@example.com`: enough to tell domains apart, not a person. */
export function maskEmail(text: string): string {
	return text.replace(EMAIL, '$1***@$2');
}

/** Masks addresses and drops the bound parameters drizzle appends to a failed query's text. */
export function scrub(text: string): string {
	return maskEmail(text.replace(/\bparams: [^\n]*/g, 'params: [redacted]'));
}

/** Field names whose values are never written, at any depth pino's redaction reaches. */
const SECRET_FIELDS = [
	'password',
	'newPassword',
	'currentPassword',
	'token',
	'cookie',
	'authorization',
	'set-cookie',
];
/** Field names holding an address: written masked. */
const ADDRESS_FIELDS = ['email', 'to', 'sentTo'];
const REDACT_PATHS = [...SECRET_FIELDS, ...ADDRESS_FIELDS].flatMap((name) => {
	const key = /^[A-Za-z_]\w*$/.test(name) ? `.${name}` : `["${name}"]`;
	return [key.startsWith('.') ? name : key, `*${key}`, `*.*${key}`];
});

function serializeError(error: unknown): Record<string, unknown> {
	const plain = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
	for (const field of ['message', 'stack', 'response', 'detail', 'query']) {
		if (typeof plain[field] === 'string') plain[field] = scrub(plain[field] as string);
	}
	delete plain.params;
	return plain;
}

/**
 * A logger with the server's options (level, redaction, serializers), writing to `destination`
 * (tests give their own stream), else to stdout as LOG_FORMAT says.
 */
export function createLogger(destination?: pino.DestinationStream): Logger {
	const settings = config();
	const options: pino.LoggerOptions = {
		level: settings.logLevel,
		base: { pid: process.pid },
		timestamp: pino.stdTimeFunctions.isoTime,
		redact: {
			paths: REDACT_PATHS,
			censor: (value, path) =>
				ADDRESS_FIELDS.includes(path.at(-1)!) && typeof value === 'string' ? maskEmail(value) : '[redacted]',
		},
		serializers: { err: serializeError, error: serializeError },
		formatters: {
			level: (label) => ({ level: label }),
			log: (object) => {
				for (const [name, value] of Object.entries(object)) {
					if (typeof value === 'string' && value.includes('@')) object[name] = maskEmail(value);
				}
				return object;
			},
		},
		hooks: {
			// Messages are scrubbed too: a message may quote an error or an address.
			logMethod(args, method) {
				const scrubbed = args.map((arg) => (typeof arg === 'string' ? scrub(arg) : arg));
				return method.apply(this, scrubbed as Parameters<typeof method>);
			},
		},
	};
	return pino(options, destination ?? output());
}

/** stdout as LOG_FORMAT says, one stream for every logger of the process. */
function output(): pino.DestinationStream {
	if (shared.output) return shared.output;
	if (config().logFormat === 'pretty') {
		// pino-pretty is a development dependency, loaded by pino's transport only when asked for.
		shared.output = pino.transport({
			target: 'pino-pretty',
			options: { colorize: true, translateTime: 'SYS:HH:MM:ss.l' },
		});
	} else {
		shared.output = pino.destination({ dest: 1, sync: false });
	}
	return shared.output;
}

/** One request as the access log tells it. */
export type AccessRecord = {
	reqId: string;
	method: string;
	route: string;
	path: string;
	status: number;
	/** Duration in milliseconds (written rounded to hundredths). */
	ms: number;
	bytes: number;
	/** The client went away before the answer was finished. */
	aborted: boolean;
};

/**
 * The access log: one line per request, the same JSON pino writes (level, time, pid, fields,
 * msg "request") on the same stream. It is the one line written for every request, so it skips
 * pino's general path (field walk, redaction, hooks), which cost more than serving a page from
 * memory: the host's request observer passes fields it made itself (a path without its query,
 * addresses masked), and the client's strings are escaped by JSON.stringify. Lines are written
 * to the stream together, ACCESS_FLUSH_MS after the first waiting one or once ACCESS_FLUSH_BYTES
 * wait, whichever comes first (a write per request costs the server as much as the answer);
 * flushLog() writes them before the process exits.
 */
const ACCESS_FLUSH_MS = 100;
const ACCESS_FLUSH_BYTES = 64 * 1024;

export function accessLog(): (record: AccessRecord) => void {
	if (shared.writeAccess) return shared.writeAccess;
	// The level is the process logger's own (pino's rules, `silent` included).
	if (!baseLog().isLevelEnabled('info')) {
		// biome-ignore lint/suspicious/noAssignInExpressions: remembers the writer and returns it
		return (shared.writeAccess = () => {});
	}
	const stream = output();
	const head = `{"level":"info","time":"`;
	const pid = `","pid":${process.pid},"reqId":"`;
	let lastMs = 0;
	let lastTime = '';
	let pending: string[] = [];
	let pendingBytes = 0;
	let timer: NodeJS.Timeout | undefined;
	const writePending = () => {
		shared.flushAccess = undefined;
		clearTimeout(timer);
		timer = undefined;
		const lines = pending;
		pending = [];
		pendingBytes = 0;
		if (lines.length > 0) stream.write(lines.join(''));
	};
	// biome-ignore lint/suspicious/noAssignInExpressions: remembers the writer and returns it
	return (shared.writeAccess = (record) => {
		const now = Date.now();
		if (now !== lastMs) {
			lastMs = now;
			lastTime = new Date(now).toISOString();
		}
		// reqId is a UUID or an id the trusted proxy sent that passed a strict pattern; method is
		// one of a fixed few: neither needs escaping.
		const line =
			`${head}${lastTime}${pid}${record.reqId}","method":"${record.method}","route":${JSON.stringify(record.route)},` +
			`"path":${JSON.stringify(record.path)},"status":${record.status},"ms":${Math.round(record.ms * 100) / 100},` +
			`"bytes":${record.bytes}${record.aborted ? ',"aborted":true' : ''},"msg":"request"}\n`;
		pending.push(line);
		pendingBytes += line.length;
		if (pendingBytes >= ACCESS_FLUSH_BYTES) writePending();
		else if (!timer) {
			shared.flushAccess = writePending;
			// Unref'd: waiting lines never keep a process alive; flushLog() writes them at exit.
			timer = setTimeout(writePending, ACCESS_FLUSH_MS).unref();
		}
	});
}

/** The process's logger (background work names its subject with `.child({ subject })`). */
export function baseLog(): Logger {
	// biome-ignore lint/suspicious/noAssignInExpressions: created on first use and reused, in one expression
	return (shared.logger ??= createLogger());
}

/** The logger of the request being handled, else the process's logger. */
export function log(): Logger {
	const request = currentRequest();
	if (!request) return baseLog();
	// biome-ignore lint/suspicious/noAssignInExpressions: created on first use and reused, in one expression
	return (request.log ??= baseLog().child({ reqId: request.id }));
}

/** Writes what is buffered (before the process exits). */
export function flushLog(): Promise<void> {
	shared.flushAccess?.();
	const logger = shared.logger;
	if (!logger) return Promise.resolve();
	return new Promise((resolve) => logger.flush(() => resolve()));
}
