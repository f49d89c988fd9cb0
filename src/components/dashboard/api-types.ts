/**
 * What the dashboard's endpoints answer, as the browser receives it. The shapes come from the
 * services (type-only imports, erased at build time, so no server code reaches the island);
 * Wire<T> (src/lib/wire.ts) turns their Date fields into the ISO strings JSON carries.
 */
import type { OverviewCounts } from '@/server/admin/overview';
import type { AnalyticsReport, ItemViews } from '@/server/analytics/report';
import type { UserList } from '@/server/admin/users';
import type { ModerationCommentJson, ModerationList } from '@/server/community/moderation';
import type {
	AdminReviewJson,
	AdminReviewList as ReviewListForEditors,
} from '@/server/community/review-reports';
import type { Article } from '@/server/content/articles';
import type { PodcastEpisode } from '@/server/content/podcasts';
import type { StaticPage } from '@/server/content/static-pages';
import type { PlatformJson } from '@/server/platforms/directory';
import type { GenerationStatus } from '@/server/site/status';
import type { MediaItem, UploadedMedia } from '@/server/media/library';
import type { UploadedAudio } from '@/server/media/audio';
import type { Wire } from '@/lib/wire';

export type AdminArticle = Wire<Article>;
export type AdminPage = Wire<StaticPage>;
export type AdminEpisode = Wire<PodcastEpisode>;
export type AdminPlatform = PlatformJson;
export type AdminMedia = Wire<MediaItem>;
export type AdminUploadedMedia = Wire<UploadedMedia>;
export type AdminAudio = Wire<UploadedAudio>;
export type AdminUserList = Wire<UserList>;
export type AdminUser = AdminUserList['users'][number];
export type AdminCommentList = Wire<ModerationList>;
export type AdminComment = Wire<ModerationCommentJson>;
export type AdminReviewList = Wire<ReviewListForEditors>;
export type AdminReview = Wire<AdminReviewJson>;
export type { OverviewCounts, GenerationStatus };

export type { AnalyticsReport, ItemViews };
