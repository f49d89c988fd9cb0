/**
 * Static page slugs and their public paths (the about-us page lives at /about). Read by the
 * pages, the sitemap, the site generator and the dashboard's Pages tab, so all name the same URL.
 */
export const STATIC_PAGE_PATHS: Record<string, string> = {
	'about-us': '/about',
	contact: '/contact',
	'privacy-policy': '/privacy-policy',
	'terms-of-service': '/terms-of-service',
};
