/**
 * The /api/v1 tests' client: every answer it receives is checked against the OpenAPI document
 * the server itself serves (Ajv over the document's JSON Schema 2020-12), so an answer the
 * document does not describe (a new field, a missing header, an undocumented status) fails the
 * test that saw it. Also makes integrations through the editors' endpoint.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import type { ApiAnswer, Client } from './http';

type Document = {
	paths: Record<string, Record<string, { responses: Record<string, Response> }>>;
};
type Response = {
	content?: Record<string, { schema: unknown }>;
	headers?: Record<string, { required?: boolean }>;
};

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;

/** Checks answers against one document, fetched once. */
export class DocumentedApi {
	private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
	/** How many answers were checked (a test can say it checked some). */
	checked = 0;

	private constructor(readonly document: Document) {
		addFormats(this.ajv);
		this.ajv.addSchema(document as object, 'openapi');
	}

	static async of(baseUrl: string): Promise<DocumentedApi> {
		const response = await fetch(`${baseUrl}/api/v1/openapi.json`);
		expect(response.status).toBe(200);
		return new DocumentedApi((await response.json()) as Document);
	}

	/** The document's path template for a concrete path ('/api/v1/platforms/x' -> '/api/v1/platforms/{slug}'). */
	template(path: string): string {
		const pathname = path.split('?')[0]!;
		const match = Object.keys(this.document.paths).find((template) =>
			new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(pathname),
		);
		if (!match) throw new Error(`The document has no path for ${pathname}`);
		return match;
	}

	/** Fails unless the document describes this answer: its status, its body, its headers. */
	check(method: string, path: string, answer: ApiAnswer): void {
		const template = this.template(path);
		const operation = this.document.paths[template]?.[method.toLowerCase()];
		if (!operation) throw new Error(`The document has no ${method} ${template}`);
		const described = operation.responses[String(answer.status)];
		if (!described)
			throw new Error(`${method} ${template} answered ${answer.status}, which the document does not list`);
		const pointer = `openapi#/paths/${template.replaceAll('~', '~0').replaceAll('/', '~1')}/${method.toLowerCase()}/responses/${answer.status}`;
		if (described.content?.['application/json']) {
			const validate = this.ajv.getSchema(`${pointer}/content/application~1json/schema`);
			if (!validate) throw new Error(`No schema at ${pointer}`);
			if (!validate(answer.body)) {
				throw new Error(
					`${method} ${path} (${answer.status}) does not match the document: ${this.ajv.errorsText(validate.errors)}`,
				);
			}
		}
		for (const name of Object.keys(described.headers ?? {})) {
			if (!answer.headers.has(name))
				throw new Error(`${method} ${path} (${answer.status}) lacks the ${name} header`);
		}
		this.checked += 1;
	}
}

/** Sends a request with an optional Bearer key and checks the answer against the document. */
export async function v1Request(
	api: DocumentedApi,
	client: Client,
	method: string,
	path: string,
	{ bearer, body }: { bearer?: string; body?: unknown } = {},
): Promise<ApiAnswer> {
	const headers: Record<string, string> = bearer ? { authorization: `Bearer ${bearer}` } : {};
	const answer = await client.request(method, path, body, headers);
	api.check(method, path, answer);
	return answer;
}

export type Keys = { id: number; name: string; contentKey: string; adminKey: string };

/** A new integration made by an editor (the keys as the one answer that shows them). */
export async function createIntegration(editor: Client, name = `Partner ${Date.now()}`): Promise<Keys> {
	const answer = await editor.post('/api/admin/integrations', { name });
	expect(answer.status).toBe(201);
	return answer.body as Keys;
}
