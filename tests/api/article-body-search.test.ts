/**
 * Article search reads the bodies: a word only in an article's text finds it in the news and
 * education lists (?search=), the editors' list and the site search (with a snippet from the
 * text), follows an edit of the text, and leaves with a deleted article. Runs on both engines
 * (FTS5's articles_fts on SQLite, the stored tsvector on PostgreSQL).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../support/server';
import {
	articleBody,
	insertArticle,
	setUpRoles,
	startContentServer,
	uniqueWord,
	type Roles,
} from '../support/content-fixtures';

type Listed = { id: number };
type Hit = { id: number; snippet: { text: string; marks: [number, number][] } };
type Results = Record<'news' | 'education', Hit[]>;

let server: TestServer;
let roles: Roles;
const word = uniqueWord('body');
const ids: Record<string, number> = {};

const idsOf = (list: Listed[]) => list.map((item) => item.id).sort((a, b) => a - b);

async function newsFound(q: string): Promise<number[]> {
	const answer = await roles.anonymous.get<Listed[]>(`/api/news?search=${encodeURIComponent(q)}`);
	expect(answer.status).toBe(200);
	return idsOf(answer.body);
}

beforeAll(async () => {
	server = await startContentServer();
	roles = await setUpRoles(server);
	ids.news = (
		await insertArticle(server, {
			kind: 'news',
			title: 'Store networks in the heartland',
			excerpt: 'Nothing of the word here.',
			content: `## Regional view\n\nSales in the **Midwest** grew, and ${word} shoppers led the way.`,
		})
	).id;
	ids.education = (
		await insertArticle(server, {
			kind: 'education',
			category: 'For Brands',
			title: 'Reading a report',
			excerpt: 'How to read one.',
			content: `Watch the ${word} negatives column first.`,
		})
	).id;
	ids.draft = (
		await insertArticle(server, { kind: 'news', content: `A draft about ${word}.`, isPublished: false })
	).id;
});

afterAll(async () => {
	await server?.stop();
});

describe('article search reads the bodies', () => {
	it('finds a word that is only in the text, published articles only', async () => {
		expect(await newsFound(word)).toEqual([ids.news]);
		const education = await roles.anonymous.get<Listed[]>(`/api/education?search=${word}`);
		expect(idsOf(education.body)).toEqual([ids.education]);
		// Two words, one from the title, one from the body: all words are required, from anywhere.
		expect(await newsFound(`heartland ${word}`)).toEqual([ids.news]);
		expect(await newsFound(`heartland ${word}zz`)).toEqual([]);
	});

	it("finds it in the editors' list, drafts included", async () => {
		const answer = await roles.editor.client.get<Listed[]>(`/api/news/all?search=${word}`);
		expect(answer.status).toBe(200);
		expect(idsOf(answer.body)).toEqual([ids.news, ids.draft].sort((a, b) => a - b));
	});

	it('finds it in the site search, with the snippet from the text marking the word', async () => {
		const answer = await roles.anonymous.get<Results>(`/api/search?q=${word}`);
		expect(answer.status).toBe(200);
		expect(idsOf(answer.body.news)).toEqual([ids.news]);
		const [hit] = answer.body.news;
		expect(hit!.snippet.text).toContain('Midwest');
		expect(hit!.snippet.text).not.toContain('**');
		expect(hit!.snippet.marks.map(([from, to]) => hit!.snippet.text.slice(from, to))).toContain(word);
		expect(idsOf(answer.body.education)).toEqual([ids.education]);
	});

	it('follows an edit of the text and a deletion', async () => {
		const fresh = uniqueWord('edit');
		const created = await roles.editor.client.post(
			'/api/news',
			articleBody({ content: `First text with ${fresh}.` }),
		);
		expect(created.status).toBe(201);
		const id = created.body.id as number;
		expect(await newsFound(fresh)).toEqual([id]);

		const other = uniqueWord('edit');
		const edited = await roles.editor.client.put(
			`/api/news/${id}`,
			articleBody({ content: `Now ${other}.` }),
		);
		expect(edited.status).toBe(200);
		expect(await newsFound(fresh)).toEqual([]);
		expect(await newsFound(other)).toEqual([id]);

		expect((await roles.editor.client.delete(`/api/news/${id}`)).status).toBe(200);
		expect(await newsFound(other)).toEqual([]);
	});
});
