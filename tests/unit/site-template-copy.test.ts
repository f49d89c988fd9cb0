/**
 * The test servers' copy of the generated pages (tests/support/templates.ts): the template's
 * origin becomes the new server's, and a page naming the template's host in another spelling
 * stops the copy, since such a URL would point at a server that is gone.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copySiteTemplate } from '../support/templates';
import { tempDirsPerTest } from '../support/temp-dirs';

const TEMPLATE_ORIGIN = 'http://127.0.0.1:44555';
const tempDir = tempDirsPerTest('rmh-template-');

function templateWith(page: string): { dir: string; origin: string } {
	const dir = tempDir();
	mkdirSync(join(dir, 'admin'));
	writeFileSync(join(dir, 'admin/index.html'), page);
	return { dir, origin: TEMPLATE_ORIGIN };
}

describe('copying the generated pages for a test server', () => {
	it('gives every absolute URL the new origin', async () => {
		const template = templateWith(`<link rel="canonical" href="${TEMPLATE_ORIGIN}/admin">`);
		const target = tempDir();
		await copySiteTemplate(template, target, 'http://127.0.0.1:40001');
		expect(readFileSync(join(target, 'admin/index.html'), 'utf8')).toBe(
			'<link rel="canonical" href="http://127.0.0.1:40001/admin">',
		);
	});

	it('copies for a server given the port the template server had', async () => {
		const template = templateWith(`<link rel="canonical" href="${TEMPLATE_ORIGIN}/admin">`);
		const target = tempDir();
		await copySiteTemplate(template, target, TEMPLATE_ORIGIN);
		expect(readFileSync(join(target, 'admin/index.html'), 'utf8')).toBe(
			`<link rel="canonical" href="${TEMPLATE_ORIGIN}/admin">`,
		);
	});

	it('stops at a page naming the template host without its origin', async () => {
		const template = templateWith('<a href="//127.0.0.1:44555/admin">admin</a>');
		await expect(copySiteTemplate(template, tempDir(), 'http://127.0.0.1:40001')).rejects.toThrow(
			/names 127\.0\.0\.1:44555 in a form the copy does not rewrite/,
		);
	});
});
