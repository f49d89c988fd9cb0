/**
 * Six podcast episodes over two seasons; one has no cover image. Each plays a short demo clip
 * shipped with the site, and its duration is that clip's (about 14 s, stated as 1 minute).
 */
import { demoAudioMinutes, demoAudioPath } from '@/lib/demo-audio';
import { days } from './age';
import { PODCAST_COVERS } from './images';
import type { Age } from './types';

export type EpisodeSeed = {
	title: string;
	description: string;
	imageUrl: string | null;
	episodeNumber: number;
	seasonNumber: number;
	published: Age;
	tags: string[];
};

/** A short spoken intro served by the site itself, so Listen Now works on a fresh install. */
export function episodeAudioUrl(episode: EpisodeSeed): string {
	return demoAudioPath(episode.episodeNumber);
}

/** The length of what the episode plays: its demo clip. */
export function episodeDuration(episode: EpisodeSeed): number {
	return demoAudioMinutes(episodeAudioUrl(episode));
}

export const EPISODES: EpisodeSeed[] = [
	{
		title: 'Why Every Retailer Became a Media Company',
		description:
			'We open the show with the big picture: how retail media grew from sponsored search into a channel of its own, why retailers want in, and what it means for brand budgets. With guest Dana Whitlock, former head of media at a national grocer.',
		imageUrl: PODCAST_COVERS.seasonOne,
		episodeNumber: 1,
		seasonNumber: 1,
		published: days(160),
		tags: ['Retail Media Networks', 'Strategy', 'Introduction'],
	},
	{
		title: 'Inside the Sponsored Products Auction',
		description:
			'Bids, relevance scores and second-price rules explained by an auction engineer who has built them. We cover why a better product page can lower your CPC and how retailers keep ads relevant.',
		imageUrl: PODCAST_COVERS.seasonOne,
		episodeNumber: 2,
		seasonNumber: 1,
		published: days(130),
		tags: ['Sponsored Products', 'Auctions', 'Search'],
	},
	{
		title: 'Measuring What Matters: Incrementality With a Data Scientist',
		description:
			'A long conversation with measurement lead Dr. Imran Qureshi on holdouts, geo tests and why attributed ROAS flatters almost every campaign. Practical advice on designing a lift study your finance team will trust.',
		imageUrl: PODCAST_COVERS.seasonOne,
		episodeNumber: 3,
		seasonNumber: 1,
		published: days(100),
		tags: ['Incrementality', 'Measurement', 'Data Science'],
	},
	{
		title: 'Grocery Media: From Coupons to Clean Rooms',
		description:
			'Grocery was retail media before it had the name. A shopper marketing veteran traces the path from printed coupons to loyalty data, in-store screens and clean-room measurement.',
		imageUrl: PODCAST_COVERS.seasonOne,
		episodeNumber: 4,
		seasonNumber: 1,
		published: days(70),
		tags: ['Grocery', 'In-Store', 'Clean Rooms'],
	},
	{
		title: 'Off-Site Retail Media in 18 Minutes',
		description:
			'A short explainer to open season two: what off-site retail media is, how retailer audiences reach DSPs and social platforms, and the three questions to ask before you buy.',
		imageUrl: null,
		episodeNumber: 5,
		seasonNumber: 2,
		published: days(30),
		tags: ['Off-Site Media', 'DSP', 'Explainer'],
	},
	{
		title: 'Roundtable: Building a Retail Media Team From Scratch',
		description:
			'Three leaders — from a CPG brand, an agency and a regional retailer — compare how they hired, organised and budgeted their first retail media teams, and what they would do differently today.',
		imageUrl: PODCAST_COVERS.roundtable,
		episodeNumber: 6,
		seasonNumber: 2,
		published: days(6),
		tags: ['Teams', 'Careers', 'Roundtable', 'Strategy'],
	},
];
