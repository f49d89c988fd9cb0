/**
 * Written reviews from the community. Score-only ratings are added around these by
 * community.ts; a user reviews a platform at most once (the table allows one rating each).
 */
export type ReviewSeed = {
	platform: string;
	user: string;
	stars: 1 | 2 | 3 | 4 | 5;
	review: string;
};

const review = (platform: string, user: string, stars: ReviewSeed['stars'], text: string): ReviewSeed => ({
	platform,
	user,
	stars,
	review: text,
});

export const REVIEWS: ReviewSeed[] = [
	review(
		'amazon-ads',
		'sarah_brandlead',
		5,
		'Still the channel that moves the needle for us. AMC took a while to set up, but the path-to-purchase queries justified the effort.',
	),
	review(
		'amazon-ads',
		'elena_cpg',
		4,
		'Huge reach and solid reporting. CPCs in snacks have climbed about 20% year over year, so budget planning needs care.',
	),
	review(
		'amazon-ads',
		'aisha_agency',
		4,
		'The API is mature and our bidding scripts run reliably. Too many overlapping ad products for junior team members, though.',
	),
	review(
		'walmart-connect',
		'tom_grocerymedia',
		5,
		'Seeing in-store sales next to online sales finally answered the question our sales team kept asking.',
	),
	review(
		'walmart-connect',
		'james_retailops',
		4,
		'Self-serve has improved a lot this year. Omnichannel reports still arrive a few days late.',
	),
	review(
		'criteo',
		'aisha_agency',
		5,
		'One console for a dozen retailers saves my team a day a week. Make sure you understand the fee layers per retailer.',
	),
	review(
		'criteo',
		'lucas_marketplace',
		4,
		'Good coverage in Europe. Some smaller retailers expose very little reporting detail.',
	),
	review(
		'the-trade-desk',
		'mike_adops',
		5,
		'Best bidding controls I have used. The retail data marketplace makes off-site campaigns much easier to justify.',
	),
	review(
		'the-trade-desk',
		'priya_datasci',
		4,
		'Log-level data is excellent for modelling. Expect a learning curve if you come from walled-garden consoles.',
	),
	review(
		'target-roundel',
		'elena_cpg',
		4,
		'Loyalty audiences are strong and creative reviews are thorough. Plan for longer lead times.',
	),
	review(
		'kroger-precision-marketing',
		'tom_grocerymedia',
		5,
		'Household-level lift studies are the most convincing results I can take to finance.',
	),
	review(
		'kroger-precision-marketing',
		'priya_datasci',
		4,
		'Measurement methodology is well documented. Study design meetings take time but are worth it.',
	),
	review(
		'instacart-ads',
		'sarah_brandlead',
		4,
		'Fast to launch and the promotions tie-in works well for new product launches.',
	),
	review(
		'instacart-ads',
		'dev_commerce',
		3,
		'Useful, but attribution only sees Instacart orders, so the store-level picture is incomplete.',
	),
	review(
		'citrus-ad',
		'james_retailops',
		4,
		'We went live on our grocery site in under three months. Advertiser reporting depends on what we choose to expose.',
	),
	review(
		'pinterest-ads',
		'elena_cpg',
		4,
		'Great for seasonal planning moments. We treat it as upper-funnel and measure with retailer data partnerships.',
	),
	review(
		'loopfeed-social',
		'nina_insights',
		3,
		'Creator content is good, but results vary a lot by creator and we cannot see sales after the cart.',
	),
	review(
		'aisleview-video',
		'tom_grocerymedia',
		4,
		'Checkout screens plus CTV gave us a clean lift read in six test stores.',
	),
	review(
		'storefront-display',
		'sarah_brandlead',
		3,
		'Nice premium placements, but targeting is basic and reach is modest.',
	),
	review(
		'topsort',
		'lucas_marketplace',
		5,
		'We integrated sponsored listings in a sprint. The auction logic is transparent, which sellers appreciate.',
	),
	review(
		'mirakl-ads',
		'lucas_marketplace',
		4,
		'Sellers found it easy because it sits next to their listings. We would like more display formats.',
	),
	review(
		'skai',
		'aisha_agency',
		4,
		'Automation rules save time across retailers. Onboarding took us about six weeks.',
	),
	review('skai', 'mike_adops', 4, 'Budget pacing across retailers is the killer feature for us.'),
	review(
		'koddi',
		'james_retailops',
		4,
		'Flexible and the team was responsive during integration. Needs engineering time on our side.',
	),
	review(
		'pacvue',
		'elena_cpg',
		5,
		'Combining share of voice with ad spend changed how we set bids on key search terms.',
	),
	review(
		'pacvue',
		'nina_insights',
		4,
		'Custom reports are powerful; the number of modules can overwhelm new analysts.',
	),
	review(
		'shelfwise-analytics',
		'priya_datasci',
		4,
		'The normalised schema is the main reason we bought it. Weekly refresh on two networks is a limitation.',
	),
	review('epsilon', 'dev_commerce', 4, 'Identity resolution is strong. The contract process was long.'),
	review(
		'basketgraph',
		'nina_insights',
		3,
		'Interesting regional segments, but some were too small to scale in our test.',
	),
	review(
		'mediaocean',
		'aisha_agency',
		4,
		'Our finance team depends on it. Retail media IOs still need some manual workarounds.',
	),
	review(
		'orderline',
		'james_retailops',
		4,
		'Simple tool that our sales team actually uses. Billing sync saved hours each month.',
	),
	review(
		'pubmatic',
		'mike_adops',
		4,
		'Good curated deal tools for our off-site inventory. Reporting UI could be faster.',
	),
	review('magnite', 'dev_commerce', 4, 'Strong CTV demand. Setup was complex for our small team.'),
	review(
		'harbor-dsp',
		'sarah_brandlead',
		4,
		'We ran our first off-site campaign in a day. Fewer knobs than a big DSP, which suited us.',
	),
];
