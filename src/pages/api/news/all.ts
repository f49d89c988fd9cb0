import { articleRoutes } from '@/server/content/article-routes';

export const prerender = false;

/** Every news article, drafts included (editors only); same query as GET /api/news. */
export const GET = articleRoutes('news').listAll;
