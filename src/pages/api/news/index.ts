import { articleRoutes } from '@/server/content/article-routes';

export const prerender = false;

const routes = articleRoutes('news');

/** Published news articles. Query: search, category, sortBy (title | category), sortOrder, limit, offset. */
export const GET = routes.list;
/** Editors create an article; 201 with it. */
export const POST = routes.create;
