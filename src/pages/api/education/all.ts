import { articleRoutes } from '@/server/content/article-routes';

export const prerender = false;

/** Every education article, drafts included (editors only); same query as GET /api/education. */
export const GET = articleRoutes('education').listAll;
