/**
 * The values the text columns with a fixed list accept, one list for both engines.
 */
/** What a row of analytics_daily totals: the whole site, one page, or one referring host. */
export const ANALYTICS_DAILY_KINDS = ['total', 'page', 'referrer'] as const;

/** What a sign-up attributed to a page is (analytics). */
export const SIGNUP_KINDS = ['account', 'newsletter', 'follow'] as const;
export type SignupKind = (typeof SIGNUP_KINDS)[number];

export const USER_ROLES = ['user', 'editor'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ARTICLE_KINDS = ['news', 'education'] as const;
export type ArticleKind = (typeof ARTICLE_KINDS)[number];

export const COMMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** What a mailed address link confirms: the account's sign-in email, or a work email. */
export const MAILED_ADDRESS_PURPOSES = ['account', 'work'] as const;
export type MailedAddressPurpose = (typeof MAILED_ADDRESS_PURPOSES)[number];

/** Where a review came from: on its own, or through a platform representative's invitation. */
export const REVIEW_SOURCES = ['organic', 'vendor-invited'] as const;
export type ReviewSource = (typeof REVIEW_SOURCES)[number];

export const VOTE_TYPES = ['helpful', 'unhelpful'] as const;
export type VoteType = (typeof VOTE_TYPES)[number];

export const NEWSLETTER_ISSUE_STATUSES = ['draft', 'sending', 'sent'] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/** A platform digest gathers ('open') until its send time, then its mails are queued ('queued'). */
export const PLATFORM_DIGEST_STATUSES = ['open', 'queued'] as const;

export const NEWSLETTER_DELIVERY_STATUSES = ['queued', 'sending', 'sent', 'failed', 'skipped'] as const;
export type NewsletterDeliveryStatus = (typeof NEWSLETTER_DELIVERY_STATUSES)[number];

/** What a webhook can subscribe to (README "Webhooks"). */
export const WEBHOOK_EVENT_TYPES = [
	'article.published',
	'article.updated',
	'platform.updated',
	'review.created',
	'review.replied',
	'episode.published',
	'newsletter.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** A webhook message: waiting, being tried, taken by the receiver, or given up on. */
export const WEBHOOK_DELIVERY_STATUSES = ['queued', 'sending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/**
 * A partner event in the outbox (partner_events): waiting to be fanned out into webhook
 * messages, being fanned out (sending: the lease queue's word), or done.
 */
export const PARTNER_EVENT_STATUSES = ['queued', 'sending', 'done'] as const;

/** A review theme's side: found in the reviews' pros (likes) or cons (dislikes). */
export const THEME_SIDES = ['likes', 'dislikes'] as const;
export type ThemeSide = (typeof THEME_SIDES)[number];

/** A themes recompute waiting (queued) or under way (sending: the lease queue's word). */
export const THEME_JOB_STATUSES = ['queued', 'sending'] as const;

export const NEWSLETTER_MEMBER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;
export type NewsletterMemberStatus = (typeof NEWSLETTER_MEMBER_STATUSES)[number];

export const NEWSLETTER_MEMBER_TOKEN_PURPOSES = ['confirm', 'unsubscribe'] as const;
export type NewsletterMemberTokenPurpose = (typeof NEWSLETTER_MEMBER_TOKEN_PURPOSES)[number];

/**
 * Audio formats a podcast enclosure may carry that Apple Podcasts and Spotify both play: MP3,
 * and AAC in an MPEG-4 container (.m4a, .mp4).
 */
export const EPISODE_AUDIO_TYPES = ['audio/mpeg', 'audio/x-m4a', 'audio/mp4'] as const;
export type EpisodeAudioType = (typeof EPISODE_AUDIO_TYPES)[number];

/** What a preview link can show before it is public. */
export const PREVIEW_SUBJECTS = ['article', 'page', 'episode'] as const;
export type PreviewSubject = (typeof PREVIEW_SUBJECTS)[number];

/** What has a slug (a readable public address); news and education are told apart. */
export const SLUG_KINDS = ['platform', 'news', 'education', 'episode', 'newsletter-issue'] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];

/** What keeps revisions: every save of one of these is kept and can be restored. */
export const REVISION_SUBJECTS = ['article', 'page', 'platform', 'episode'] as const;
export type RevisionSubject = (typeof REVISION_SUBJECTS)[number];

/** The image formats the media library accepts and serves (its variants' formats too). */
export const MEDIA_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type MediaFormat = (typeof MEDIA_FORMATS)[number];
