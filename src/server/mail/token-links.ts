/** The absolute address of a mailed link whose token rides in the fragment (src/lib/mailed-links.ts). */
import { pathWithToken } from '@/lib/mailed-links';
import { config } from '@/server/runtime/config';

/** SITE_URL + `path#token=…`: the token never reaches a server or a log. */
export function tokenLinkUrl(path: string, token: string): string {
	return new URL(pathWithToken(path, token), config().siteUrl).href;
}
