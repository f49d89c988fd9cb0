/**
 * The page-view beacon as the production host answers it, before Astro's pipeline (issue 46,
 * "cheap on the hot path"; src/server/host/beacon.ts reads the request): the same body checks
 * and sentences as readJson(), the same schema, limit, bot check, visitor hash and in-memory
 * count as the route src/pages/api/events.ts (recordPageview), the same error answers.
 */
import { pageviewEventSchema } from '@/lib/validation/analytics';
import { recordPageview } from '@/server/analytics/pageviews';
import { errorToResponse, parseJsonText } from '@/server/http/endpoint';

/** A beacon as the host read it. */
export type Beacon = {
	/** The body, whole (the host reads only bodies that declare a length under the cap). */
	text: string;
	contentType: () => string | undefined;
	/** The client's key (http/request-origin.ts clientKeyOf). */
	address: string;
	userAgent: string | undefined;
};

/** 202 when counted, 204 when not (a bot); a refusal with its headers and `{ message }` body. */
export type BeaconAnswer =
	| { status: 202 | 204 }
	| { status: number; headers: Record<string, string>; body: string };

export async function answerBeacon(beacon: Beacon): Promise<BeaconAnswer> {
	try {
		const event = parseJsonText(beacon.text, beacon.contentType, pageviewEventSchema, { textPlain: true });
		const counted = await recordPageview(event, {
			address: beacon.address,
			userAgent: beacon.userAgent ?? null,
		});
		return { status: counted ? 202 : 204 };
	} catch (error) {
		const response = errorToResponse(error);
		return {
			status: response.status,
			headers: Object.fromEntries(response.headers),
			body: await response.text(),
		};
	}
}
