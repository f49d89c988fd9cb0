import { endpoint, json, readId } from '../../../../server/http';
import { getPlatform } from '../../../../server/platforms';

export const prerender = false;

export const GET = endpoint(({ params }) => json(getPlatform(readId(params.id, 'platform id'))));
