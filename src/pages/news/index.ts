/**
 * /news has no page of its own: the News section lives on the home page, where the header's
 * "All News" link goes. Send people (and old links) there.
 */
import type { APIRoute } from 'astro';
import { categoryLink } from '@/lib/home-filters';

export const prerender = false;

export const GET: APIRoute = () => new Response(null, { status: 301, headers: { Location: categoryLink('news', '') } });
