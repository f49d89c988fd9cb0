import { articleRoutes } from '@/server/content/article-routes';

export const prerender = false;

const routes = articleRoutes('news');

export const GET = routes.get;
export const PUT = routes.update;
export const DELETE = routes.remove;
