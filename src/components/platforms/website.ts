import { isSafeUrl } from '@/lib/safe-url';

/** A platform's website as a link target: absolute http(s) only, else null (shown as no link). */
export function websiteHref(url: string | null | undefined): string | null {
	if (!url || !/^https?:\/\//i.test(url.trim())) return null;
	return isSafeUrl(url) ? url.trim() : null;
}

/** The host shown as the link text, e.g. 'advertising.amazon.com'. */
export function websiteLabel(href: string): string {
	try {
		return new URL(href).host.replace(/^www\./, '');
	} catch {
		return href;
	}
}
