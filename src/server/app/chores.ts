/**
 * What housekeeping deletes: each subject's rows that outlived their use, by the subject that owns
 * them. Nothing reads them once expired, so this only keeps the tables small. A few chores fill
 * in what rows from before a feature lack (scores, themes). Here, beside the
 * app's start, because it names the subjects: housekeeping/ runs the rounds and imports none.
 */
import { rollUpOldVisits } from '@/server/analytics/retention';
import { deleteExpiredResetTokens } from '@/server/auth/accounts';
import { deleteExpiredVerificationTokens } from '@/server/auth/email-verification';
import { siteCounterStore } from '@/server/auth/rate-limit/site-counters';
import { deleteExpiredSessions } from '@/server/auth/session';
import { deleteExpiredPreviewLinks } from '@/server/content/previews';
import { deleteExpiredMemberTokens } from '@/server/newsletter/members';
import { fillWebsiteDomains, scoreUnscoredPlatforms } from '@/server/community/reviews';
import { keepQuarterLeaders } from '@/server/community/leaders';
import { queueUnthemedPlatforms } from '@/server/community/themes';
import type { Chore } from '@/server/housekeeping/rounds';
import { deleteOldPartnerEvents, PARTNER_EVENT_KEEP_DAYS } from '@/server/webhooks/webhooks';

export const HOUSEKEEPING_CHORES: readonly Chore[] = [
	{ name: 'expired sessions', run: deleteExpiredSessions },
	{ name: 'expired password reset links', run: deleteExpiredResetTokens },
	{ name: 'expired e-mail verification links', run: deleteExpiredVerificationTokens },
	{ name: 'expired newsletter confirmation links', run: deleteExpiredMemberTokens },
	{ name: 'expired preview links', run: deleteExpiredPreviewLinks },
	{ name: 'platforms rated before scores and sub-score counts were kept', run: scoreUnscoredPlatforms },
	{ name: 'platforms saved before their website domain was kept', run: fillWebsiteDomains },
	// After the recounts above, so the leaders are ranked by current scores.
	{ name: "the running quarter's category leaders, kept as awarded", run: keepQuarterLeaders },
	{
		name: 'platforms reviewed before their themes were computed',
		run: async (now) => void (await queueUnthemedPlatforms(new Date(now))),
	},
	{ name: 'page views older than 30 days into daily totals', run: rollUpOldVisits },
	{
		name: `partner events fanned out over ${PARTNER_EVENT_KEEP_DAYS} days ago`,
		run: deleteOldPartnerEvents,
	},
	{ name: 'finished rate-limit windows', run: (now) => siteCounterStore().deleteFinishedWindows(now) },
];
