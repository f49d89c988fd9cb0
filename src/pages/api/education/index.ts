import { articleRoutes } from '@/server/content/article-routes';

export const prerender = false;

const routes = articleRoutes('education');

/** Published education articles. Query: search, category, sortBy (title | category), sortOrder, limit, offset. */
export const GET = routes.list;
/** Editors create an article; 201 with it. */
export const POST = routes.create;
