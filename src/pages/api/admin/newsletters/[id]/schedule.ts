import { requireEditor } from '@/server/auth/permissions';
import { endpoint, json, readId, readJson } from '@/server/http/endpoint';
import { cancelSchedule, scheduleIssue } from '@/server/newsletter/issues';
import { newsletterScheduleSchema } from '@/lib/validation/newsletter';

export const prerender = false;

/** Schedules a draft (body sendAt, ISO 8601, in the future); 200 with the issue, 409 once sent. */
export const POST = endpoint('personal', async ({ locals, params, request }) => {
	requireEditor(locals);
	const id = readId(params.id, 'issue id');
	const { sendAt } = await readJson(request, newsletterScheduleSchema);
	return json(await scheduleIssue(id, sendAt));
});

/** Takes a draft off the schedule; 200 with the issue, 409 once sent. */
export const DELETE = endpoint('personal', async ({ locals, params }) => {
	requireEditor(locals);
	return json(await cancelSchedule(readId(params.id, 'issue id')));
});
