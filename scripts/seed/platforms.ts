/**
 * The platform directory: at least one platform in every category of PLATFORM_CATEGORIES.
 * Real companies are described neutrally from their public positioning; the rest are fictional.
 * Two platforms have no logo so the placeholder image is exercised.
 */
import type { PLATFORM_CATEGORIES } from '@/lib/categories';
import { days } from './age';
import type { Age } from './types';

export type PlatformSeed = {
	/** Seed-only handle: names the logo file and links ratings and comments to the platform. */
	slug: string;
	name: string;
	description: string;
	hasLogo: boolean;
	pricing: string;
	features: string[];
	pros: string[];
	cons: string[];
	websiteUrl: string;
	category: (typeof PLATFORM_CATEGORIES)[number];
	isRecommended: boolean;
	listed: Age;
	/**
	 * Earlier editor changes, oldest first, for the page's "What changed": a text field's value
	 * before the change (the next change's, or the platform's present value, is what it became),
	 * or a list's items added and removed.
	 */
	history?: SeedChange[];
};

export type SeedChange =
	| { field: 'name' | 'description' | 'pricing'; from: string; age: Age }
	| { field: 'features' | 'pros' | 'cons'; added: string[]; removed: string[]; age: Age };

export function logoPath(platform: PlatformSeed): string | null {
	return platform.hasLogo ? `/images/logos/${platform.slug}.svg` : null;
}

export const PLATFORMS: PlatformSeed[] = [
	{
		slug: 'amazon-ads',
		name: 'Amazon Ads',
		description:
			'The largest retail media business by spend, selling sponsored products, brands and display on and off Amazon. Advertisers buy through a self-serve console or the API, with closed-loop reporting on sales that happen in the store.',
		hasLogo: true,
		pricing: 'CPC auction for sponsored ads; CPM for display and video; managed service on request',
		features: [
			'Sponsored Products',
			'Sponsored Brands',
			'Sponsored Display',
			'Amazon DSP',
			'Amazon Marketing Cloud',
			'Brand Stores',
			'Streaming TV ads',
			'Ads API',
		],
		pros: [
			'Unmatched shopper reach and purchase intent',
			'Closed-loop sales attribution',
			'Mature API and partner ecosystem',
			'Clean room (AMC) for custom analysis',
		],
		cons: ['Rising CPCs in competitive categories', 'Steep learning curve across many ad products'],
		websiteUrl: 'https://advertising.amazon.com',
		category: 'Retail Media Networks',
		isRecommended: true,
		listed: days(200),
	},
	{
		slug: 'walmart-connect',
		name: 'Walmart Connect',
		description:
			'Walmart’s retail media network, covering onsite search and display, offsite media and in-store screens across its US stores. Campaigns can be measured against online and in-store purchases.',
		hasLogo: true,
		pricing: 'CPC auction for Sponsored Search; CPM for display and in-store; self-serve and managed',
		features: [
			'Sponsored Search',
			'Onsite display',
			'Offsite display via DSP',
			'In-store screens',
			'Omnichannel sales reporting',
			'Self-serve Ad Center',
		],
		pros: [
			'Omnichannel reach across stores and online',
			'In-store sales included in measurement',
			'Growing self-serve tooling',
		],
		cons: ['Reporting latency on some omnichannel metrics', 'Managed campaigns need larger budgets'],
		websiteUrl: 'https://www.walmartconnect.com',
		category: 'Retail Media Networks',
		isRecommended: true,
		listed: days(198),
	},
	{
		slug: 'criteo',
		name: 'Criteo',
		description:
			'A commerce media company that connects brands and agencies with retailer inventory across many retail networks. Its retail media platform offers sponsored products and onsite display through one buying interface.',
		hasLogo: true,
		pricing: 'CPC for sponsored products; CPM for display; platform fee varies by retailer',
		features: [
			'Multi-retailer buying',
			'Sponsored products',
			'Onsite display',
			'Offsite audiences',
			'Commerce Max DSP',
			'Unified reporting',
			'Retailer-side tools',
		],
		pros: [
			'Access to many retailers from one console',
			'Strong first-party commerce data',
			'Serves both brands and retailers',
		],
		cons: ['Retailer coverage differs by market', 'Fee structure can be hard to compare'],
		websiteUrl: 'https://www.criteo.com',
		category: 'Commerce Media',
		isRecommended: true,
		listed: days(196),
	},
	{
		slug: 'the-trade-desk',
		name: 'The Trade Desk',
		description:
			'An independent demand-side platform used by agencies and brands to buy programmatic display, video, audio and CTV. Retail data partnerships let buyers target and measure with retailer audiences off-site.',
		hasLogo: true,
		pricing: 'Percentage of media spend; typically bought through agencies',
		features: [
			'Omnichannel programmatic buying',
			'Retail data marketplace',
			'Kokai AI optimisation',
			'CTV and audio',
			'Unified ID 2.0',
			'Custom bidding',
		],
		pros: [
			'Independent from any single retailer',
			'Broad supply across channels',
			'Powerful bidding controls',
		],
		cons: ['Built for experienced traders', 'Minimum commitments for direct seats'],
		websiteUrl: 'https://www.thetradedesk.com',
		category: 'DSP',
		isRecommended: true,
		listed: days(194),
	},
	{
		slug: 'target-roundel',
		name: 'Target Roundel',
		description:
			'Target’s media company, selling onsite, offsite and in-store placements informed by Target Circle loyalty data. Roundel works with brands sold at Target and offers partner-led measurement.',
		hasLogo: true,
		pricing: 'CPM and CPC depending on placement; managed and self-serve options',
		features: [
			'Sponsored products',
			'Onsite display',
			'Offsite social and CTV',
			'Loyalty-based audiences',
			'In-store activations',
		],
		pros: ['Rich loyalty data', 'Strong creative and brand-safety standards'],
		cons: ['Mainly for brands sold at Target', 'Smaller self-serve footprint'],
		websiteUrl: 'https://www.roundel.com',
		category: 'Retail Media Networks',
		isRecommended: false,
		listed: days(190),
	},
	{
		slug: 'kroger-precision-marketing',
		name: 'Kroger Precision Marketing',
		description:
			'The retail media arm of Kroger, built on household purchase data from its loyalty programme. It offers onsite, offsite and in-store media with sales-based measurement for grocery and CPG brands.',
		hasLogo: true,
		pricing: 'CPM for display and offsite; CPC for search; managed service with self-serve options',
		features: [
			'Household-level audiences',
			'Onsite search and display',
			'Offsite programmatic',
			'In-store screens',
			'Sales lift measurement',
		],
		pros: ['Deep grocery purchase data', 'Household-level measurement', 'In-store reach'],
		cons: ['Grocery-focused audience', 'Measurement studies need planning time'],
		websiteUrl: 'https://www.krogerprecisionmarketing.com',
		category: 'Retail Media Networks',
		isRecommended: false,
		listed: days(186),
	},
	{
		slug: 'instacart-ads',
		name: 'Instacart Ads',
		description:
			'Sponsored product and display ads placed in Instacart’s grocery delivery marketplace across many retail banners. Search-driven placements reach shoppers building a basket.',
		hasLogo: true,
		pricing: 'CPC auction for sponsored product; CPM for display; self-serve',
		features: [
			'Sponsored product',
			'Shoppable display',
			'Coupons and promotions',
			'Multi-banner reach',
			'Ads API',
			'Incrementality reports',
		],
		pros: ['Reaches many grocers at once', 'Quick self-serve set-up', 'Promotions sit next to ads'],
		cons: ['Delivery-only shopper base', 'Attribution limited to marketplace orders'],
		websiteUrl: 'https://www.instacart.com/company/ads',
		category: 'Search',
		isRecommended: false,
		listed: days(182),
	},
	{
		slug: 'citrus-ad',
		name: 'Citrus Ad',
		description:
			'A retail media technology platform that lets retailers run sponsored product and banner ads on their own sites. Now part of Epsilon, it pairs onsite ads with Epsilon audience data.',
		hasLogo: true,
		pricing: 'Revenue share or platform fee for retailers; CPC for advertisers',
		features: [
			'Sponsored products',
			'Banner ads',
			'Retailer self-serve portal',
			'Real-time auction',
			'Advertiser API',
		],
		pros: ['Proven with many grocery retailers', 'Quick to deploy for retailers'],
		cons: ['Advertiser reporting varies by retailer'],
		websiteUrl: 'https://www.citrusad.com',
		category: 'Search',
		isRecommended: false,
		listed: days(178),
	},
	{
		slug: 'pinterest-ads',
		name: 'Pinterest Ads',
		description:
			'Shoppable ads on a visual discovery platform where people plan purchases. Catalogue-based shopping ads and retailer partnerships make it a common off-site channel for retail media.',
		hasLogo: true,
		pricing: 'CPM, CPC and oCPM bidding; self-serve with no minimum spend',
		features: [
			'Shopping ads',
			'Catalogue sync',
			'Collections ads',
			'Conversion API',
			'Retail partner audiences',
		],
		pros: ['Reaches shoppers early in planning', 'Strong visual formats', 'Easy catalogue onboarding'],
		cons: ['Lower-funnel attribution is indirect', 'Audience skews to some categories'],
		websiteUrl: 'https://ads.pinterest.com',
		category: 'Social',
		isRecommended: false,
		listed: days(172),
	},
	{
		slug: 'loopfeed-social',
		name: 'Loopfeed Social Commerce',
		description:
			'A fictional social commerce network that turns creator posts into shoppable units linked to retailer product pages. Brands fund creator content and measure add-to-cart events at participating retailers.',
		hasLogo: true,
		pricing: 'Flat creator fee plus CPC on shoppable links; starter plan from $1,500/month',
		features: ['Creator marketplace', 'Shoppable video posts', 'Retailer cart links', 'Affiliate tracking'],
		pros: ['Authentic creator content', 'Links straight to retailer carts'],
		cons: ['Reach depends on creator roster', 'Measurement stops at the cart'],
		websiteUrl: 'https://loopfeed.example.com',
		category: 'Social',
		isRecommended: false,
		listed: days(150),
	},
	{
		slug: 'aisleview-video',
		name: 'AisleView Video Network',
		description:
			'A fictional video network combining in-store screens at checkout and end-caps with retailer-data CTV. Campaigns are planned by store cluster and measured against loyalty-card sales.',
		hasLogo: true,
		pricing: 'CPM; in-store from $12, CTV from $28; minimum flight of two weeks',
		features: [
			'In-store digital screens',
			'Connected TV',
			'Store-cluster planning',
			'Dayparting',
			'Sales lift studies',
			'Creative resizing service',
		],
		pros: ['Reaches shoppers at the shelf', 'Combines in-store and at-home video'],
		cons: ['Screen counts vary by retailer', 'Lift studies take four weeks'],
		websiteUrl: 'https://aisleview.example.com',
		category: 'Video',
		isRecommended: false,
		listed: days(140),
		history: [
			{ field: 'pricing', from: 'CPM; in-store from $10, CTV from $25; no minimum flight', age: days(75) },
			{
				field: 'pricing',
				from: 'CPM; in-store from $12, CTV from $25; minimum flight of two weeks',
				age: days(30),
			},
			{ field: 'features', added: ['Sales lift studies'], removed: ['Footfall reports'], age: days(9) },
		],
	},
	{
		slug: 'storefront-display',
		name: 'Storefront Display Network',
		description:
			'A fictional display network selling homepage takeovers, category banners and product-page display across a group of specialty retailers. Creative is built from templates that follow each retailer’s style guide.',
		hasLogo: true,
		pricing: 'Fixed CPM from $9; homepage takeovers sold by the day',
		features: ['Homepage takeovers', 'Category banners', 'Product-page display', 'Template creative builder'],
		pros: ['Premium placements on specialty sites', 'Fast creative approval'],
		cons: ['Smaller audience than the big networks', 'Limited targeting options'],
		websiteUrl: 'https://storefront-display.example.com',
		category: 'Display',
		isRecommended: false,
		listed: days(132),
	},
	{
		slug: 'topsort',
		name: 'Topsort',
		description:
			'An auction-based retail media platform for marketplaces and retailers building their own ad business. It provides sponsored listings and banners through APIs and a white-label advertiser portal.',
		hasLogo: true,
		pricing: 'Revenue share for retailers; advertisers pay CPC or CPM set by auction',
		features: [
			'Sponsored listings API',
			'Banner ads',
			'White-label advertiser portal',
			'Second-price auctions',
			'Real-time reporting',
		],
		pros: ['Fast integration for marketplaces', 'Transparent auction model', 'Developer-friendly APIs'],
		cons: ['Retailer needs engineering time', 'Fewer managed services'],
		websiteUrl: 'https://www.topsort.com',
		category: 'E-commerce',
		isRecommended: false,
		listed: days(126),
	},
	{
		slug: 'mirakl-ads',
		name: 'Mirakl Ads',
		description:
			'Retail media technology from the marketplace software provider Mirakl, letting operators sell sponsored products to their marketplace sellers and brands. Sellers manage campaigns next to their listings.',
		hasLogo: true,
		pricing: 'Platform fee for operators; CPC auction for sellers',
		features: ['Sponsored products', 'Seller self-serve', 'Marketplace catalogue sync', 'Auction engine'],
		pros: ['Built for marketplace sellers', 'Fits existing Mirakl marketplaces'],
		cons: ['Best suited to Mirakl marketplaces', 'Display formats still limited'],
		websiteUrl: 'https://www.mirakl.com',
		category: 'E-commerce',
		isRecommended: false,
		listed: days(120),
	},
	{
		slug: 'skai',
		name: 'Skai',
		description:
			'An omnichannel marketing platform for managing retail media, paid search and paid social from one place. It adds automation, budget pacing and cross-retailer reporting for brands and agencies.',
		hasLogo: true,
		pricing: 'SaaS subscription based on managed spend; annual contract',
		features: [
			'Retail media management',
			'Paid search and social',
			'Rules-based automation',
			'Budget pacing',
			'Cross-channel reporting',
			'Incrementality testing',
		],
		pros: ['One tool across many retailers and channels', 'Powerful automation', 'Good agency tooling'],
		cons: ['Pricing suited to larger spenders', 'Onboarding takes several weeks'],
		websiteUrl: 'https://skai.io',
		category: 'AdTech',
		isRecommended: false,
		listed: days(115),
	},
	{
		slug: 'koddi',
		name: 'Koddi',
		description:
			'Ad technology that powers sponsored listings and commerce media programmes for retailers, travel and marketplace businesses. Retailers use it to run their own onsite auction and advertiser portal.',
		hasLogo: true,
		pricing: 'Technology fee or revenue share for publishers; CPC for advertisers',
		features: [
			'Sponsored listings',
			'Onsite display',
			'Advertiser portal',
			'Auction management',
			'Insights dashboards',
		],
		pros: ['Flexible for many verticals', 'Keeps control with the retailer'],
		cons: ['Set-up depends on retailer engineering'],
		websiteUrl: 'https://koddi.com',
		category: 'AdTech',
		isRecommended: false,
		listed: days(110),
	},
	{
		slug: 'pacvue',
		name: 'Pacvue',
		description:
			'A commerce management platform that brings retail media buying, analytics and digital shelf data together. Brands use it to report across retailers and tie ad spend to share of voice and sales.',
		hasLogo: true,
		pricing: 'SaaS subscription; tiered by retailers and spend managed',
		features: [
			'Cross-retailer dashboards',
			'Share-of-voice tracking',
			'Dayparting',
			'Bid automation',
			'Digital shelf analytics',
			'Custom reports',
			'Alerts',
		],
		pros: ['Wide retailer coverage', 'Combines ads and shelf data', 'Customisable reports'],
		cons: ['Many modules to learn', 'Cost rises with added retailers'],
		websiteUrl: 'https://pacvue.com',
		category: 'Reporting',
		isRecommended: false,
		listed: days(104),
	},
	{
		slug: 'shelfwise-analytics',
		name: 'ShelfWise Analytics',
		description:
			'A fictional reporting tool that normalises retail media metrics from many networks into one schema. Analysts get daily exports, a warehouse connector and share-of-shelf alerts.',
		hasLogo: false,
		pricing: 'From $900/month for five retailer connections; enterprise plans on request',
		features: [
			'Normalised metric schema',
			'Warehouse connector',
			'Daily exports',
			'Share-of-shelf alerts',
			'Anomaly detection',
		],
		pros: ['Saves analysts hours of spreadsheet work', 'Clear metric definitions'],
		cons: ['No campaign management', 'Some networks refresh only weekly', 'Small support team'],
		websiteUrl: 'https://shelfwise.example.com',
		category: 'Reporting',
		isRecommended: false,
		listed: days(98),
	},
	{
		slug: 'epsilon',
		name: 'Epsilon',
		description:
			'A data and marketing company offering identity, audiences and media activation, including retail media through its CitrusAd business. Brands use its identity graph to build and measure audiences across channels.',
		hasLogo: true,
		pricing: 'Custom contracts; data and media fees depend on scope',
		features: [
			'Identity graph',
			'Audience building',
			'Retail media',
			'Offsite activation',
			'Closed-loop measurement',
		],
		pros: ['Large identity and transaction dataset', 'Connects onsite and offsite media'],
		cons: ['Enterprise sales process', 'Less suited to small budgets'],
		websiteUrl: 'https://www.epsilon.com',
		category: 'Audiences',
		isRecommended: false,
		listed: days(92),
	},
	{
		slug: 'basketgraph',
		name: 'BasketGraph Audiences',
		description:
			'A fictional audience marketplace that packages anonymised basket data from regional grocers into segments for programmatic buying. Segments are refreshed weekly and available in major DSPs.',
		hasLogo: true,
		pricing: 'Data CPM from $1.50 on top of media; no platform fee',
		features: ['Pre-built grocery segments', 'Custom segments', 'DSP integrations', 'Weekly refresh'],
		pros: ['Regional grocery data is hard to find elsewhere', 'Simple data CPM pricing'],
		cons: ['Segments are small in some regions', 'No onsite inventory'],
		websiteUrl: 'https://basketgraph.example.com',
		category: 'Audiences',
		isRecommended: false,
		listed: days(86),
	},
	{
		slug: 'mediaocean',
		name: 'Mediaocean',
		description:
			'Advertising software for planning, buying, trafficking and paying for media across channels. Agencies and brands use it to manage insertion orders, approvals and invoicing, including retail media buys.',
		hasLogo: true,
		pricing: 'Enterprise SaaS licence; priced per seat and volume',
		features: [
			'Media planning',
			'Insertion order workflow',
			'Approvals',
			'Invoice reconciliation',
			'Flashtalking ad serving',
			'Financial reporting',
		],
		pros: ['Industry standard for agency finance', 'Strong audit trail'],
		cons: ['Heavy for small teams', 'Retail media workflows still maturing'],
		websiteUrl: 'https://www.mediaocean.com',
		category: 'Order Management',
		isRecommended: false,
		listed: days(80),
	},
	{
		slug: 'orderline',
		name: 'OrderLine IO Manager',
		description:
			'A fictional order management tool built for retail media sales teams. It turns proposals into insertion orders, tracks make-goods and syncs delivered impressions for billing.',
		hasLogo: false,
		pricing: 'From $400/month per sales seat; billing module extra',
		features: ['Proposal builder', 'Insertion orders', 'Make-good tracking', 'Billing sync'],
		pros: ['Made for retailer sales teams', 'Simple set-up'],
		cons: ['Few ad server integrations', 'No buyer-side features'],
		websiteUrl: 'https://orderline.example.com',
		category: 'Order Management',
		isRecommended: false,
		listed: days(74),
	},
	{
		slug: 'endcap-exchange',
		name: 'Endcap Exchange',
		description:
			'A fictional demand aggregator that pools brand budgets and places them across dozens of regional retail media networks through one insertion order. Brands get one invoice and one report.',
		hasLogo: true,
		pricing: 'Service fee of 12% of media; minimum campaign $10,000',
		features: [
			'Single insertion order',
			'Regional network coverage',
			'Consolidated reporting',
			'One invoice',
			'Campaign management service',
		],
		pros: ['Reach regional grocers without separate deals', 'Less operational overhead'],
		cons: ['Less control per retailer', 'Service fee on top of media'],
		websiteUrl: 'https://endcap-exchange.example.com',
		category: 'Demand Aggregator',
		isRecommended: false,
		listed: days(12),
	},
	{
		slug: 'pubmatic',
		name: 'PubMatic',
		description:
			'A supply-side platform that helps publishers and retailers sell display, video and CTV inventory programmatically. Its commerce media tools let retailers package first-party audiences for buyers.',
		hasLogo: true,
		pricing: 'Take rate on media sold; custom terms for large publishers',
		features: [
			'Programmatic sales',
			'Private marketplaces',
			'Curated deals',
			'CTV inventory',
			'Commerce media suite',
			'Identity Hub',
		],
		pros: ['Broad buyer connections', 'Useful for retailers monetising off-site'],
		cons: ['Needs ad ops expertise', 'Retail features newer than core SSP'],
		websiteUrl: 'https://pubmatic.com',
		category: 'Supply Side Platform',
		isRecommended: false,
		listed: days(68),
	},
	{
		slug: 'magnite',
		name: 'Magnite',
		description:
			'An independent sell-side platform covering CTV, online video, display and audio. Retailers and streaming publishers use it to package and sell inventory, including deals enriched with retailer data.',
		hasLogo: true,
		pricing: 'Take rate on media sold; ad server licences priced separately',
		features: [
			'CTV and video sales',
			'Display and audio',
			'SpringServe ad server',
			'Curated deals',
			'Audience activation',
		],
		pros: ['Strong in CTV', 'Independent of buyers'],
		cons: ['Complex for small publishers', 'Retail-specific tooling is limited'],
		websiteUrl: 'https://www.magnite.com',
		category: 'Supply Side Platform',
		isRecommended: false,
		listed: days(60),
	},
	{
		slug: 'harbor-dsp',
		name: 'Harbor DSP',
		description:
			'A fictional self-serve DSP aimed at mid-size CPG brands that want to run off-site retail media with retailer audiences. It comes with pre-approved retailer data deals and a simple campaign builder.',
		hasLogo: true,
		pricing: 'Self-serve, 15% platform fee; no minimum spend',
		features: ['Retailer audience deals', 'Simple campaign builder', 'Display and CTV', 'Sales attribution'],
		pros: ['Easy to start', 'No minimum spend'],
		cons: ['Smaller supply footprint', 'Fewer advanced bidding options'],
		websiteUrl: 'https://harbordsp.example.com',
		category: 'DSP',
		isRecommended: false,
		listed: days(45),
	},
];

/** A newly listed platform left without ratings or comments, for the empty states. */
export const UNREVIEWED_PLATFORM = 'endcap-exchange';
