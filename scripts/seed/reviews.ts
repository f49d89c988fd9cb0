/**
 * Written reviews from the community, each with pros, cons and sub-scores; score-only ratings
 * are added around these by community.ts; a user reviews a platform at most once (the table
 * allows one rating each). Who wrote them (role, company size, industry) is in reviewers.ts.
 */
import type { SubRatings } from '@/lib/review-profile';

/** Ease of use, support, measurement, value for money (SUB_RATINGS' order), 1 to 5. */
export type SubScores = [number, number, number, number];

export type ReviewSeed = {
	platform: string;
	user: string;
	stars: 1 | 2 | 3 | 4 | 5;
	review: string;
	pros: string;
	cons: string;
	subRatings: SubRatings;
};

export function subRatingsOf([easeOfUse, support, measurement, valueForMoney]: SubScores): SubRatings {
	return { easeOfUse, support, measurement, valueForMoney };
}

const review = (
	platform: string,
	user: string,
	stars: ReviewSeed['stars'],
	text: string,
	details: { pros: string; cons: string; scores: SubScores },
): ReviewSeed => ({
	platform,
	user,
	stars,
	review: text,
	pros: details.pros,
	cons: details.cons,
	subRatings: subRatingsOf(details.scores),
});

export const REVIEWS: ReviewSeed[] = [
	review(
		'amazon-ads',
		'sarah_brandlead',
		5,
		'Still the channel that moves the needle for us. AMC took a while to set up, but the path-to-purchase queries justified the effort.',
		{
			pros: 'AMC path-to-purchase queries; reach no other retailer matches',
			cons: 'AMC needs SQL skills and weeks of setup',
			scores: [3, 3, 5, 4],
		},
	),
	review(
		'amazon-ads',
		'elena_cpg',
		4,
		'Huge reach and solid reporting. CPCs in snacks have climbed about 20% year over year, so budget planning needs care.',
		{
			pros: 'Huge reach; solid, fast reporting',
			cons: 'CPCs in snacks up about 20% a year',
			scores: [4, 3, 4, 3],
		},
	),
	review(
		'amazon-ads',
		'aisha_agency',
		4,
		'The API is mature and our bidding scripts run reliably. Too many overlapping ad products for junior team members, though.',
		{
			pros: 'Mature, reliable API for bidding scripts',
			cons: 'Too many overlapping ad products for junior staff',
			scores: [3, 3, 4, 4],
		},
	),
	review(
		'walmart-connect',
		'tom_grocerymedia',
		5,
		'Seeing in-store sales next to online sales finally answered the question our sales team kept asking.',
		{
			pros: 'In-store sales next to online sales',
			cons: 'Minimum spends for the best placements',
			scores: [4, 4, 5, 4],
		},
	),
	review(
		'walmart-connect',
		'james_retailops',
		4,
		'Self-serve has improved a lot this year. Omnichannel reports still arrive a few days late.',
		{
			pros: 'Self-serve much improved this year',
			cons: 'Omnichannel reports arrive days late',
			scores: [4, 3, 3, 4],
		},
	),
	review(
		'criteo',
		'aisha_agency',
		5,
		'One console for a dozen retailers saves my team a day a week. Make sure you understand the fee layers per retailer.',
		{
			pros: 'One console for a dozen retailers',
			cons: 'Fee layers differ per retailer',
			scores: [5, 4, 4, 3],
		},
	),
	review(
		'criteo',
		'lucas_marketplace',
		4,
		'Good coverage in Europe. Some smaller retailers expose very little reporting detail.',
		{
			pros: 'Good coverage in Europe',
			cons: 'Smaller retailers expose little reporting detail',
			scores: [4, 4, 3, 4],
		},
	),
	review(
		'the-trade-desk',
		'mike_adops',
		5,
		'Best bidding controls I have used. The retail data marketplace makes off-site campaigns much easier to justify.',
		{
			pros: 'Best bidding controls; retail data marketplace',
			cons: 'Platform fee on top of media',
			scores: [4, 4, 5, 4],
		},
	),
	review(
		'the-trade-desk',
		'priya_datasci',
		4,
		'Log-level data is excellent for modelling. Expect a learning curve if you come from walled-garden consoles.',
		{
			pros: 'Log-level data for modelling',
			cons: 'Learning curve coming from walled gardens',
			scores: [2, 4, 5, 4],
		},
	),
	review(
		'target-roundel',
		'elena_cpg',
		4,
		'Loyalty audiences are strong and creative reviews are thorough. Plan for longer lead times.',
		{
			pros: 'Strong loyalty audiences; thorough creative reviews',
			cons: 'Long lead times',
			scores: [3, 4, 4, 3],
		},
	),
	review(
		'kroger-precision-marketing',
		'tom_grocerymedia',
		5,
		'Household-level lift studies are the most convincing results I can take to finance.',
		{
			pros: 'Household-level lift studies finance believes',
			cons: 'Studies need planning weeks ahead',
			scores: [4, 5, 5, 4],
		},
	),
	review(
		'kroger-precision-marketing',
		'priya_datasci',
		4,
		'Measurement methodology is well documented. Study design meetings take time but are worth it.',
		{
			pros: 'Well-documented measurement methodology',
			cons: 'Study design meetings take time',
			scores: [3, 4, 5, 3],
		},
	),
	review(
		'instacart-ads',
		'sarah_brandlead',
		4,
		'Fast to launch and the promotions tie-in works well for new product launches.',
		{
			pros: 'Fast to launch; promotions tie-in for new products',
			cons: 'Audience options are thin',
			scores: [5, 3, 3, 4],
		},
	),
	review(
		'instacart-ads',
		'dev_commerce',
		3,
		'Useful, but attribution only sees Instacart orders, so the store-level picture is incomplete.',
		{
			pros: 'Useful reach among online grocery shoppers',
			cons: 'Attribution sees only Instacart orders',
			scores: [4, 3, 2, 3],
		},
	),
	review(
		'citrus-ad',
		'james_retailops',
		4,
		'We went live on our grocery site in under three months. Advertiser reporting depends on what we choose to expose.',
		{
			pros: 'Live on our grocery site in under three months',
			cons: 'Advertiser reporting depends on what we expose',
			scores: [4, 4, 3, 4],
		},
	),
	review(
		'pinterest-ads',
		'elena_cpg',
		4,
		'Great for seasonal planning moments. We treat it as upper-funnel and measure with retailer data partnerships.',
		{
			pros: 'Great for seasonal planning moments',
			cons: 'Sales measurement needs retailer data partners',
			scores: [4, 3, 3, 4],
		},
	),
	review(
		'loopfeed-social',
		'nina_insights',
		3,
		'Creator content is good, but results vary a lot by creator and we cannot see sales after the cart.',
		{
			pros: 'Good creator content',
			cons: 'Results vary by creator; no sales after the cart',
			scores: [4, 3, 2, 3],
		},
	),
	review(
		'aisleview-video',
		'tom_grocerymedia',
		4,
		'Checkout screens plus CTV gave us a clean lift read in six test stores.',
		{
			pros: 'Checkout screens plus CTV; clean lift read',
			cons: 'Test stores take time to agree',
			scores: [4, 4, 4, 3],
		},
	),
	review(
		'storefront-display',
		'sarah_brandlead',
		3,
		'Nice premium placements, but targeting is basic and reach is modest.',
		{
			pros: 'Premium placements',
			cons: 'Basic targeting; modest reach',
			scores: [4, 3, 2, 3],
		},
	),
	review(
		'topsort',
		'lucas_marketplace',
		5,
		'We integrated sponsored listings in a sprint. The auction logic is transparent, which sellers appreciate.',
		{
			pros: 'Integrated in a sprint; transparent auction',
			cons: 'Few display formats yet',
			scores: [5, 4, 4, 5],
		},
	),
	review(
		'mirakl-ads',
		'lucas_marketplace',
		4,
		'Sellers found it easy because it sits next to their listings. We would like more display formats.',
		{
			pros: "Sits next to sellers' listings, easy for them",
			cons: 'Wants more display formats',
			scores: [5, 4, 3, 4],
		},
	),
	review(
		'skai',
		'aisha_agency',
		4,
		'Automation rules save time across retailers. Onboarding took us about six weeks.',
		{
			pros: 'Automation rules across retailers',
			cons: 'Six weeks of onboarding',
			scores: [3, 4, 4, 4],
		},
	),
	review('skai', 'mike_adops', 4, 'Budget pacing across retailers is the killer feature for us.', {
		pros: 'Budget pacing across retailers',
		cons: 'Pricing climbs with managed spend',
		scores: [4, 4, 4, 3],
	}),
	review(
		'koddi',
		'james_retailops',
		4,
		'Flexible and the team was responsive during integration. Needs engineering time on our side.',
		{
			pros: 'Flexible; responsive team during integration',
			cons: 'Needs engineering time on our side',
			scores: [3, 5, 4, 4],
		},
	),
	review(
		'pacvue',
		'elena_cpg',
		5,
		'Combining share of voice with ad spend changed how we set bids on key search terms.',
		{
			pros: 'Share of voice beside ad spend',
			cons: 'Pricey for a small brand portfolio',
			scores: [4, 4, 5, 4],
		},
	),
	review(
		'pacvue',
		'nina_insights',
		4,
		'Custom reports are powerful; the number of modules can overwhelm new analysts.',
		{
			pros: 'Powerful custom reports',
			cons: 'Many modules overwhelm new analysts',
			scores: [2, 4, 5, 3],
		},
	),
	review(
		'shelfwise-analytics',
		'priya_datasci',
		4,
		'The normalised schema is the main reason we bought it. Weekly refresh on two networks is a limitation.',
		{
			pros: 'Normalised schema across networks',
			cons: 'Weekly refresh on two networks',
			scores: [4, 4, 4, 4],
		},
	),
	review('epsilon', 'dev_commerce', 4, 'Identity resolution is strong. The contract process was long.', {
		pros: 'Strong identity resolution',
		cons: 'Long contract process',
		scores: [3, 3, 4, 3],
	}),
	review(
		'basketgraph',
		'nina_insights',
		3,
		'Interesting regional segments, but some were too small to scale in our test.',
		{
			pros: 'Interesting regional segments',
			cons: 'Some segments too small to scale',
			scores: [3, 3, 3, 3],
		},
	),
	review(
		'mediaocean',
		'aisha_agency',
		4,
		'Our finance team depends on it. Retail media IOs still need some manual workarounds.',
		{
			pros: 'Finance depends on it',
			cons: 'Retail media IOs need manual workarounds',
			scores: [3, 4, 3, 3],
		},
	),
	review(
		'orderline',
		'james_retailops',
		4,
		'Simple tool that our sales team actually uses. Billing sync saved hours each month.',
		{
			pros: 'Simple; billing sync saves hours a month',
			cons: 'Few integrations beyond billing',
			scores: [5, 4, 3, 4],
		},
	),
	review(
		'pubmatic',
		'mike_adops',
		4,
		'Good curated deal tools for our off-site inventory. Reporting UI could be faster.',
		{
			pros: 'Curated deal tools for off-site inventory',
			cons: 'Slow reporting interface',
			scores: [3, 4, 4, 4],
		},
	),
	review('magnite', 'dev_commerce', 4, 'Strong CTV demand. Setup was complex for our small team.', {
		pros: 'Strong CTV demand',
		cons: 'Complex setup for a small team',
		scores: [2, 3, 4, 4],
	}),
	review(
		'harbor-dsp',
		'sarah_brandlead',
		4,
		'We ran our first off-site campaign in a day. Fewer knobs than a big DSP, which suited us.',
		{
			pros: 'First off-site campaign live in a day',
			cons: 'Fewer controls than a big DSP',
			scores: [5, 4, 3, 4],
		},
	),
];
