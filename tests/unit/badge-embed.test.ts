/** The representative's embed code: a link to the platform's page around its badge, escaped. */
import { describe, expect, it } from 'vitest';
import { badgeEmbedSnippet } from '@/lib/badge-embed';

describe('badgeEmbedSnippet', () => {
	it('links the badge back to the platform page', () => {
		expect(badgeEmbedSnippet('https://hub.example', { slug: 'acme-dsp', name: 'Acme DSP' })).toBe(
			'<a href="https://hub.example/platforms/acme-dsp"><img src="https://hub.example/platforms/acme-dsp/badge.svg" alt="Acme DSP reviews on Retail Media Hub" height="64"></a>',
		);
	});

	it('keeps a hostile name inside the alt attribute', () => {
		const snippet = badgeEmbedSnippet('https://hub.example', {
			slug: 'x',
			name: '"><script>alert(1)</script>',
		});
		expect(snippet).not.toContain('<script');
		expect(snippet).toContain(
			'alt="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62; reviews on Retail Media Hub"',
		);
	});
});
