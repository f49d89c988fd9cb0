/**
 * The `client:interaction` script Astro inlines in pages is allowed by the Content-Security-Policy
 * through its hash, computed from src/integrations/interaction-directive.prebuilt.ts: that file
 * must be what Astro builds from the directive's source today (else hydration would be blocked).
 */
import { describe, expect, it } from 'vitest';
import prebuilt from '@/integrations/interaction-directive.prebuilt';
import { contentSecurityPolicy, scriptHash } from '@/server/http/security-headers';
import { directiveScript } from '../../scripts/build-directive.mjs';

describe('the client:interaction directive', () => {
	it('is prebuilt from its current source (run `npm run build:directive` after changing it)', async () => {
		expect(await directiveScript()).toBe(prebuilt);
	});

	it('is allowed by the Content-Security-Policy', () => {
		expect(contentSecurityPolicy({ https: false })).toContain(scriptHash(prebuilt));
	});
});
