/**
 * Platform comments. Approved ones show on platform pages (their votes are generated in
 * community.ts); pending and rejected ones fill the editor's moderation list.
 */
import type { CommentStatus } from '@/lib/column-values';
import { days, hours, minutes } from './age';
import type { Age } from './types';

export type CommentSeed = {
	platform: string;
	user: string;
	comment: string;
	status: CommentStatus;
	posted: Age;
};

const approved = (platform: string, user: string, posted: Age, comment: string): CommentSeed => ({
	platform,
	user,
	comment,
	status: 'approved',
	posted,
});

export const COMMENTS: CommentSeed[] = [
	approved(
		'amazon-ads',
		'mike_adops',
		days(40),
		'Tip for newcomers: start Sponsored Products with auto targeting for two weeks, then harvest the converting search terms into manual campaigns.',
	),
	approved(
		'amazon-ads',
		'priya_datasci',
		days(18),
		'Has anyone compared AMC path-to-conversion results with their own media mix model? Ours agreed on direction but not on size.',
	),
	approved(
		'amazon-ads',
		'elena_cpg',
		hours(7),
		'Watch your Sponsored Brands video placements during Prime events — CPCs roughly doubled for us.',
	),
	approved(
		'walmart-connect',
		'tom_grocerymedia',
		days(33),
		'In-store screen campaigns need at least four weeks to get a readable lift result.',
	),
	approved(
		'walmart-connect',
		'aisha_agency',
		days(9),
		'Ad Center bulk uploads saved us a lot of time compared with building campaigns one by one.',
	),
	approved(
		'criteo',
		'lucas_marketplace',
		days(27),
		'Ask your account team for the retailer-by-retailer fee breakdown before you commit budget.',
	),
	approved(
		'criteo',
		'sarah_brandlead',
		days(4),
		'Onsite display creative approval took two days on average for us.',
	),
	approved(
		'the-trade-desk',
		'mike_adops',
		days(51),
		'Retail data segments are priced per retailer. Budget for the data CPM on top of media.',
	),
	approved(
		'the-trade-desk',
		'dev_commerce',
		days(13),
		'Kokai made our bid factors much easier to manage across CTV and display.',
	),
	approved(
		'target-roundel',
		'elena_cpg',
		days(22),
		'Submit creative early — their brand-safety review is thorough and can take a week.',
	),
	approved(
		'kroger-precision-marketing',
		'tom_grocerymedia',
		days(60),
		'The household-level lift study was the first retail media result our finance team accepted without questions.',
	),
	approved(
		'kroger-precision-marketing',
		'nina_insights',
		days(6),
		'Audience sizes for niche categories can be small; combine adjacent categories if you need scale.',
	),
	approved(
		'instacart-ads',
		'sarah_brandlead',
		days(24),
		'Coupons plus sponsored product at launch worked better than either on its own.',
	),
	approved(
		'instacart-ads',
		'james_retailops',
		days(2),
		'Remember that results only cover Instacart orders, not the banner’s own website.',
	),
	approved(
		'citrus-ad',
		'james_retailops',
		days(38),
		'From the retailer side: decide early which metrics you will share with advertisers.',
	),
	approved(
		'pinterest-ads',
		'elena_cpg',
		days(29),
		'Catalogue sync picked up our product feed the first time. Seasonal boards make good creative inspiration.',
	),
	approved(
		'loopfeed-social',
		'nina_insights',
		days(15),
		'Ask for creator-level results before renewing; the averages hide big differences.',
	),
	approved(
		'aisleview-video',
		'tom_grocerymedia',
		days(20),
		'Checkout screens worked best for impulse categories like confectionery and drinks.',
	),
	approved(
		'topsort',
		'lucas_marketplace',
		days(31),
		'Documentation is clear; our engineers had sponsored listings on staging within a week.',
	),
	approved(
		'mirakl-ads',
		'lucas_marketplace',
		days(11),
		'Seller adoption jumped once we showed ads inside the seller back office.',
	),
	approved(
		'skai',
		'aisha_agency',
		days(44),
		'Set pacing rules per retailer, not globally — their calendars differ.',
	),
	approved(
		'skai',
		'mike_adops',
		days(3),
		'The incrementality testing module is worth a look if you have enough budget to hold out.',
	),
	approved(
		'koddi',
		'james_retailops',
		days(36),
		'Their team helped us tune auction floors in the first month. Revenue per search improved noticeably.',
	),
	approved(
		'pacvue',
		'elena_cpg',
		days(17),
		'Share-of-voice alerts caught a competitor’s push on our hero keyword within hours.',
	),
	approved(
		'pacvue',
		'priya_datasci',
		minutes(40),
		'Does anyone export Pacvue data to a warehouse daily? Interested in how you handle late-arriving attribution.',
	),
	approved(
		'shelfwise-analytics',
		'priya_datasci',
		days(8),
		'The metric dictionary alone is useful: it documents how each network defines ROAS.',
	),
	approved(
		'epsilon',
		'dev_commerce',
		days(26),
		'Identity match rates were higher than our previous partner in the same test.',
	),
	approved(
		'mediaocean',
		'aisha_agency',
		days(39),
		'Retail media IOs fit the workflow if you set up each network as a vendor first.',
	),
	approved(
		'pubmatic',
		'mike_adops',
		days(19),
		'Curated deals with retailer audiences performed close to open-market prices with better viewability.',
	),
	approved(
		'magnite',
		'dev_commerce',
		days(14),
		'CTV deal setup is straightforward once the ad server is connected.',
	),
	approved(
		'harbor-dsp',
		'sarah_brandlead',
		hours(20),
		'Good first DSP for a brand team without a trader. The retailer deals are pre-approved, which saves weeks.',
	),
	{
		platform: 'walmart-connect',
		user: 'nina_insights',
		comment: 'Is the in-store screen inventory available in every region yet, or only selected stores?',
		status: 'pending',
		posted: minutes(25),
	},
	{
		platform: 'criteo',
		user: 'dev_commerce',
		comment:
			'We saw different ROAS for the same retailer in Criteo and in the retailer’s own portal. Anyone know why?',
		status: 'pending',
		posted: hours(3),
	},
	{
		platform: 'storefront-display',
		user: 'aisha_agency',
		comment: 'Homepage takeover pricing changed this quarter — check with sales before planning.',
		status: 'pending',
		posted: days(1),
	},
	{
		platform: 'basketgraph',
		user: 'priya_datasci',
		comment: 'How do they handle segment overlap between regional grocers?',
		status: 'pending',
		posted: days(2),
	},
	{
		platform: 'amazon-ads',
		user: 'banned_user',
		comment: 'BUY CHEAP REVIEWS NOW!!! visit my profile for a discount code',
		status: 'rejected',
		posted: days(16),
	},
	{
		platform: 'pinterest-ads',
		user: 'banned_user',
		comment: 'This whole industry is a joke and everyone here is a shill.',
		status: 'rejected',
		posted: days(15),
	},
];
