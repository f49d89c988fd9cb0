import { requireEditor } from '@/server/auth/permissions';
import { revisionDetail } from '@/server/admin/revisions';
import { endpoint, json, readId } from '@/server/http/endpoint';

export const prerender = false;

/** One revision (editors): its saved fields and the field-by-field diff from the one before. */
export const GET = endpoint('personal', async ({ params, locals }) => {
	requireEditor(locals);
	return json(await revisionDetail(readId(params.id, 'revision id')));
});
