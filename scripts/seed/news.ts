/**
 * Twelve news articles: most categories of the admin list, several of the header's filter set
 * (so its filters find something), and two drafts for the dashboard.
 */
import { days, hours, minutes } from './age';
import { ARTICLE_IMAGES } from './images';
import type { ArticleSeed } from './types';

export const NEWS: ArticleSeed[] = [
	{
		kind: 'news',
		title: 'Endcap Exchange Opens Unified Buying Across 40 Regional Grocers',
		excerpt:
			'Brands can now book onsite, offsite and in-store media across 40 regional grocery banners with one insertion order, one invoice and one report.',
		category: 'Platform Updates',
		imageUrl: ARTICLE_IMAGES.networkNodes,
		tags: ['Demand Aggregation', 'Grocery', 'Regional Retailers'],
		readTime: 4,
		isPublished: true,
		created: minutes(25),
		content: `Endcap Exchange, the demand aggregator that pools brand budgets across regional retail media networks, has opened its unified buying programme to 40 regional grocery chains. Brands can now book onsite, offsite and in-store placements across all participating banners through a single insertion order, with one invoice and one consolidated report.

## What is new

The programme, previously open to a small group of pilot advertisers, now covers:

- **40 grocery banners** across the Midwest, the South-East and the Pacific North-West
- **Onsite sponsored products and display** on each retailer's website and app
- **Offsite audiences** built from the retailers' loyalty data and activated in major DSPs
- **In-store screens** in roughly 1,200 stores

Campaign results arrive in one report, with metrics mapped to a common definition of return on ad spend so brands can compare banners side by side.

## Why it matters

Regional grocers together account for a large share of grocery sales, but each runs a small media business of its own. For a brand, buying them one by one means separate contracts, separate creative specifications and separate reports — overhead that often outweighs the reach.

> "Most brands told us they wanted regional grocery in their plans but could not justify ten separate deals. One order and one report removes that objection," said a product lead at Endcap Exchange.

Aggregators are not new in media, but retail media has lagged behind because every retailer's data, formats and measurement differ. Normalising those differences is the hard part, and buyers will judge the programme on how honestly its consolidated reporting handles them.

## What buyers should check

Before moving budget, we suggest brands ask:

1. How are sales attributed for each banner, and over which window?
2. Which placements are guaranteed, and which are bought in auctions?
3. What does the 12% service fee cover, and are data fees charged separately?
4. Can campaign data be exported at banner level for your own analysis?

## Availability

The programme is open to brands with a minimum campaign of $10,000. [Endcap Exchange](platform:endcap-exchange) is now listed in our [platform directory](/platforms), where you can [compare it](/compare) with other aggregators and retail media networks. It has no community reviews yet — if you have used it, sign in and share your experience.`,
	},
	{
		kind: 'news',
		title: 'Retail Media Spend Outlook: Where the Next Dollar Goes',
		excerpt:
			'Our quarterly survey of 140 brand and agency buyers shows budgets still rising, with off-site media and CTV taking the largest share of new money.',
		category: 'Market Analysis',
		imageUrl: ARTICLE_IMAGES.dataBars,
		tags: ['Forecast', 'Budgets', 'Off-Site Media', 'CTV'],
		readTime: 6,
		isPublished: true,
		created: hours(5),
		updated: hours(1),
		content: `Retail media continues to take share from other channels, but the mix inside retail media is changing quickly. Our quarterly survey of 140 brand and agency buyers points to where the next budget increases will go — and which line items are under pressure.

## The headline numbers

- **71%** of respondents plan to raise retail media budgets over the next twelve months
- **46%** expect off-site retail media (retailer data used on the open web, social and CTV) to grow faster than onsite search
- **38%** are funding the increase from trade or shopper marketing budgets rather than brand media
- Only **19%** say they can compare return on ad spend reliably across retailers

## Onsite search is maturing

Sponsored product ads remain the foundation of most plans, but buyers describe search as "optimise, not expand". In many categories CPCs have risen faster than conversion rates, so extra budget buys fewer extra sales. Teams are putting their effort into keyword harvesting, dayparting and stricter bid caps rather than raw spend increases.

## Off-site and CTV are the growth line

The fastest-growing line is off-site media. Retailers now package their shopper audiences for use in DSPs, social platforms and streaming TV, with sales measured back in the retailer's own data. Buyers like the reach; they are less sure about measurement.

> "Off-site is where the growth is, but it is also where I need the most proof. I want holdout tests, not just attributed ROAS," one CPG media director told us.

## In-store is the wild card

In-store screens drew the widest range of answers. Early adopters report useful lift in impulse categories; others are waiting for consistent impression counting across retailers. Expect more pilots than scaled programmes this year.

## What this means for planning

1. **Separate harvest from growth.** Protect efficient search spend, and fund off-site tests from a clearly labelled growth budget.
2. **Demand incrementality.** Ask each network for a holdout-based study at least once a year.
3. **Standardise your own metrics.** Do not rely on each network's ROAS definition; our [education section](/#education) explains how to measure incrementality.
4. **Watch the fees.** Data, platform and managed-service fees add up when budgets spread across networks.

Browse the [platform directory](/platforms) to compare the networks, DSPs and reporting tools mentioned in this analysis, from [Walmart Connect](platform:walmart-connect) to [The Trade Desk](platform:the-trade-desk).`,
	},
	{
		kind: 'news',
		title: 'Convenience Stores Turn Checkout Screens Into a Media Channel',
		excerpt:
			'Convenience chains are selling screen time at the till, on coolers and at fuel pumps, paired with loyalty-app audiences. Here is what brands should know before testing.',
		category: 'Convenience',
		imageUrl: ARTICLE_IMAGES.checkoutScreens,
		tags: ['Convenience', 'In-Store', 'Digital Screens'],
		readTime: 5,
		isPublished: true,
		created: hours(26),
		content: `Convenience retailers are joining the retail media market with an asset they already own: the screens above and beside the checkout. A growing number of chains are selling that screen time to brands, often combined with loyalty-app audiences and fuel-pump displays.

## Why convenience is different

Convenience shopping is fast. A typical visit lasts a few minutes, baskets are small and many purchases are decided in the store. That makes the last few metres before the till valuable for categories such as:

- Cold drinks and energy drinks
- Confectionery and snacks
- Hot food and coffee promotions
- Everyday essentials such as batteries and phone chargers

Because so many purchases are impulse buys, brands can see effects within days rather than weeks, which suits short, tactical flights.

## How the networks are built

Most convenience networks start with three pieces:

1. **Screens** at checkout, on coolers and at fuel pumps, managed through a content system that can schedule by daypart
2. **Loyalty data** from app-based programmes, used to build audiences and measure redemptions
3. **A partner** — often a specialist in-store media company — to sell and serve the ads

> "Our shoppers are in and out in three minutes. The screen at the till is the last conversation we have with them, so we keep the ad load light," said the head of media at a regional chain we spoke to.

## Measurement challenges

Counting in-store impressions is harder than counting page views. Networks estimate audiences from transaction counts, footfall sensors or anonymous camera counting, and methods differ. Buyers should ask how impressions are estimated and whether sales lift is measured against matched control stores.

## What brands should do

Start small: choose a category with a clear impulse-buying pattern, run a two- to four-week test in a cluster of stores, and compare sales against similar stores without the screens. Specialist networks such as the [AisleView Video Network](platform:aisleview-video) combine in-store screens with connected TV if you want to extend reach beyond the store.

For more on planning in-store media, listen to our [podcast episode on grocery media](/podcast).`,
	},
	{
		kind: 'news',
		title: 'What Generative AI Actually Changes in Retail Media Operations',
		excerpt:
			'Behind the announcements, a handful of AI use cases already save retail media teams real time. Others are still demos. We sort one from the other.',
		category: 'Technology',
		imageUrl: ARTICLE_IMAGES.signalWaves,
		tags: ['AI', 'Automation', 'Creative', 'Ad Ops'],
		readTime: 7,
		isPublished: false,
		created: days(2),
		updated: hours(30),
		content: `Generative AI has arrived in retail media tooling with the usual fanfare. Behind the announcements, a handful of use cases are already saving teams real time, while others remain demos. This piece sorts one from the other.

## Where it already helps

- **Keyword expansion.** Models suggest long-tail search terms from product titles and reviews, which teams then test in manual campaigns.
- **Creative variants.** Tools resize and adapt banner creative to each retailer's specification, cutting production time for multi-retailer campaigns.
- **Report summaries.** Weekly performance notes are drafted automatically from dashboards, leaving analysts to check them and add context.
- **Listing copy.** Product titles and bullet points are rewritten for search relevance, within each retailer's content rules.

## Where caution is needed

Bid automation has existed for years; adding a language model does not change the underlying optimisation. Be wary of tools that cannot explain why a bid changed. Similarly, AI-generated audience "insights" are only as good as the data underneath them — and access to retail data is still limited by clean-room rules.

> "The biggest time saving has been creative resizing. The least useful feature was a chatbot that summarised a dashboard we could already read," one agency ad ops lead told us.

## Questions to ask vendors

1. Which model is used, and is our data used to train it?
2. Can we review and approve every generated asset before it runs?
3. How do you measure whether the AI feature improves results, not just speed?
4. What happens to our prompts and outputs under the retailer's data agreements?

## A practical approach

Pick one workflow with a clear time cost — creative resizing is a common choice — and measure the hours saved over a month. Expand only when the saving is real, and keep a person responsible for approving anything that goes live.

Our [platform directory](/platforms) notes which tools offer automation features; filter by the AdTech and Reporting categories to compare tools such as [Skai](platform:skai) and [Pacvue](platform:pacvue).`,
	},
	{
		kind: 'news',
		title: 'Grocery Retail Media Networks Move Toward Common Incrementality Reporting',
		excerpt:
			'A working group of grocers has agreed a shared template for reporting lift studies, making results from different networks comparable for the first time.',
		category: 'Grocery',
		imageUrl: ARTICLE_IMAGES.shelfGrid,
		tags: ['Grocery', 'Measurement', 'Incrementality'],
		readTime: 6,
		isPublished: true,
		created: days(3),
		content: `Several grocery retail media networks have begun publishing incrementality results in a shared format, a step buyers have requested for years. The effort, led by a working group of regional and national grocers, focuses on how lift studies are designed and reported rather than on any single vendor's methodology.

## What the shared format covers

The working group's template asks each network to report:

- **Test design** — randomised holdout, matched-market or synthetic control
- **Exposure definition** — what counts as an exposed household or shopper
- **Sales window** — how long after exposure purchases are counted
- **Incremental sales and iROAS** with confidence intervals, not only point estimates
- **Sample sizes** for test and control groups

Networks remain free to use their own measurement partners; the template standardises what is disclosed.

## Why grocery is leading

Grocery has frequent purchases, loyalty-card data and a high share of in-store sales, which makes sales-based measurement more practical than in many categories. It is also where brands spend heavily on trade promotions and are used to asking hard questions about return.

> "We don't need every network to measure the same way. We need them to tell us how they measured, in the same words," a grocery media buyer at a national CPG company said.

## What changes for brands

For buyers, the biggest gain is comparability. A lift study that reports confidence intervals and sample sizes can be weighed against another network's study instead of being taken on trust. Expect some reported results to look smaller than attributed ROAS — that is the point.

## How to use it

1. Ask every grocery network you buy from whether it follows the template.
2. Keep a simple register of studies, with design, window and iROAS, in one place.
3. Compare networks on incremental, not attributed, return.
4. Share results with your finance team early; they will ask about confidence intervals.

Our [education section](/#education) explains holdout tests and their limits, and the [compare tool](/compare) lets you line up grocery networks such as [Kroger Precision Marketing](platform:kroger-precision-marketing) and [Instacart Ads](platform:instacart-ads) side by side.`,
	},
	{
		kind: 'news',
		title: 'Clean Rooms Move From Pilot to Default in Commerce Media Deals',
		excerpt:
			'Clean-room access is becoming a standard part of retail media contracts, helped by query templates and interoperability between providers.',
		category: 'Ad-Tech',
		imageUrl: ARTICLE_IMAGES.networkNodes,
		tags: ['Clean Rooms', 'Privacy', 'Data Collaboration', 'Ad-Tech'],
		readTime: 7,
		isPublished: true,
		created: days(6),
		updated: days(2),
		content: `Data clean rooms were once reserved for the largest advertisers with data science teams to spare. That is changing. More retail media contracts now include clean-room access as standard, and the tools have become much easier to use.

## What a clean room does

A clean room lets two parties — typically a retailer and a brand — analyse combined data without either side seeing the other's raw records. Queries run inside a controlled environment, and results come back only in aggregate, above minimum audience thresholds.

Common uses include:

- Measuring overlap between a brand's customers and a retailer's shoppers
- Building audiences for off-site campaigns
- Analysing paths to purchase across ad exposures
- Running custom attribution or incrementality analyses

## What has changed

Three things have pushed clean rooms into everyday deals:

1. **Templates.** Pre-built queries for common questions mean brands no longer need SQL for every analysis.
2. **Interoperability.** Several clean-room providers can now work with each other, so a brand is not forced onto each retailer's choice.
3. **Privacy rules.** Stricter consent and data-sharing rules make raw data transfers harder to justify.

> "A year ago we wrote custom SQL for every question. Today eighty percent of our requests are templates; the remaining twenty percent is where our analysts add value," said a data lead at a beverage company.

## The limits

Clean rooms do not fix poor data. Match rates vary, minimum thresholds can hide small segments, and outputs are only as reliable as the identity resolution underneath. Teams also need governance: who may run which queries, and how results are stored.

## Getting started

If your retail partners offer clean-room access, start with one question that matters to the business — for example, how many of a retailer's buyers are new to your brand — and build from there. Our [education section](/#education) has a practical primer on retail clean rooms, and the Audiences category of our [platform directory](/platforms) lists data partners such as [Epsilon](platform:epsilon).`,
	},
	{
		kind: 'news',
		title: 'Marketplace Sellers Shift Budget to Off-Site Retail Media',
		excerpt:
			'Third-party sellers are starting to use marketplace data to reach shoppers on social and the open web, and operators are building the tools to let them.',
		category: 'Marketplace',
		imageUrl: ARTICLE_IMAGES.aislePerspective,
		tags: ['Marketplaces', 'Sellers', 'Off-Site Media'],
		readTime: 5,
		isPublished: true,
		created: days(10),
		content: `Third-party sellers on online marketplaces have long been the backbone of sponsored listings revenue. Marketplace operators we spoke with say sellers are now starting to spend beyond the marketplace itself, using the operator's data to reach shoppers on social platforms and the open web.

## From sponsored listings to full funnel

For most sellers, advertising began and ended with sponsored listings: bid on keywords, appear at the top of search results, pay per click. Operators are now adding:

- **Off-site audiences** based on marketplace browsing and purchase behaviour
- **Social ads** run on the seller's behalf, linking back to their listings
- **Display placements** on category pages and in post-purchase emails

Several operators report that a minority of their most active sellers already spend a meaningful share of their budget off-site.

## Why sellers are interested

Marketplace search is crowded. As more sellers bid on the same keywords, costs rise and conversion rates flatten. Off-site media offers reach to shoppers who have not yet searched.

There is also a data argument. Sellers rarely know who their customers are; the marketplace does. Off-site programmes let sellers benefit from that knowledge without the operator handing over personal data, because audiences are built and activated on the operator's side.

> "Our top sellers were already buying social ads directly. Letting them use our audiences and see results in our reporting keeps that budget on our platform," said an advertising product manager at a European marketplace.

## What makes it work

Off-site programmes for sellers need to be simple. Successful operators offer:

1. Budgets and bids in the same interface as sponsored listings
2. Pre-built audiences rather than custom segment building
3. Reporting that counts marketplace sales, not only clicks
4. Low minimums so small sellers can test

## For operators considering it

Platforms such as [Topsort](platform:topsort) and [Mirakl Ads](platform:mirakl-ads) provide the underlying auction and seller tooling; off-site extensions usually rely on DSP partnerships. Compare the options in our [compare tool](/compare), and read the community reviews before shortlisting.`,
	},
	{
		kind: 'news',
		title: 'Draft Guidelines for Retail Media Measurement: What Buyers Should Know',
		excerpt:
			'A new draft of industry measurement guidelines extends earlier work to off-site and in-store media. We summarise the main points ahead of final publication.',
		category: 'Industry News',
		imageUrl: ARTICLE_IMAGES.dataBars,
		tags: ['Measurement', 'Standards', 'Industry'],
		readTime: 5,
		isPublished: false,
		created: days(12),
		content: `Industry bodies have circulated a new draft of guidelines for retail media measurement, building on earlier work that defined impressions, clicks and attribution for onsite ads. This draft extends the guidance to off-site and in-store media. This article summarises it ahead of final publication.

## The scope of the draft

The draft addresses:

- **In-store impressions** — how to estimate audiences for screens and audio
- **Off-site media** — how retailer data used on third-party inventory should be disclosed
- **Attribution windows** — recommended disclosure of look-back windows and methods
- **Incrementality** — minimum disclosures for lift studies

It does not prescribe a single methodology. Like earlier guidelines, it focuses on transparency: saying clearly what is measured and how.

## Why in-store is the hardest part

Online, an impression is recorded when an ad loads on a screen. In a store, nobody logs who looked at a screen. Networks estimate audiences from transaction counts, footfall sensors or anonymous camera counting, and each method produces different numbers. The draft asks networks to state which method they use, how often it is validated and what share of a store's visitors pass the screen. That disclosure alone would make many current proposals easier to compare.

## Reactions so far

Retailers broadly welcome guidance that lets them show their numbers are comparable. Some smaller networks worry about the cost of audits.

> "Standards help us sell. But an audit that costs more than our quarterly media revenue is not realistic for a regional grocer," said one retail media leader.

## What buyers should do now

1. Read the draft and send comments during the consultation period.
2. Ask your networks which parts they already follow.
3. Update your own reporting glossary so internal teams use consistent definitions.

We will publish a full analysis when the final guidelines are released. In the meantime, see [our news coverage](/#news) of grocery measurement and the [podcast episode on incrementality](/podcast).`,
	},
	{
		kind: 'news',
		title: 'ShelfWise Analytics Adds Share-of-Shelf Alerts',
		excerpt:
			'The reporting tool now alerts brand teams when their products lose search visibility at a retailer, with stock and ad data side by side.',
		category: 'Platform Updates',
		imageUrl: ARTICLE_IMAGES.shelfGrid,
		tags: ['Reporting', 'Digital Shelf', 'Analytics'],
		readTime: 3,
		isPublished: true,
		created: days(15),
		content: `ShelfWise Analytics, the reporting tool that normalises metrics from many retail media networks, has added share-of-shelf alerts. The feature notifies brand teams when their products lose visibility in search results or on category pages at a retailer, and links the drop to the brand's own advertising data.

## How the alerts work

ShelfWise collects search results for keywords chosen by the brand at each connected retailer several times a day. It then records:

- **Organic position** of each of the brand's products
- **Sponsored position** and the share of sponsored slots the brand holds
- **Competitor presence** for the same keywords
- **Availability** — whether products are in stock and buyable

When the brand's share of the first page falls below a threshold the team sets, an alert goes out by email or to a chat channel, with a snapshot of the results page.

## Why it matters

Digital shelf and retail media are often managed by different teams. A sudden fall in share of voice might come from a competitor raising bids, an out-of-stock or a listing content problem. Seeing these together helps teams respond faster.

> "Half of our 'performance drops' turned out to be stock problems. Alerts that show availability next to ad data stop us raising bids on products nobody can buy," said a brand analyst in the beta programme.

## Pricing and availability

Alerts are included in all plans, which start at $900 per month for five retailer connections. Existing customers can switch them on in their settings.

## Our take

Share-of-shelf tracking is not new — several commerce platforms offer it — but ShelfWise's focus on normalised reporting makes it a good fit for analysts who already feed its data into a warehouse. See how [ShelfWise Analytics](platform:shelfwise-analytics) compares with broader suites like [Pacvue](platform:pacvue) in our [compare tool](/compare).`,
	},
	{
		kind: 'news',
		title: 'Case Study: How a Mid-Size Beverage Brand Cut Wasted Spend by 28%',
		excerpt:
			'An audit, a common scorecard and one holdout test per network showed a beverage brand where more than a quarter of its retail media budget added no sales.',
		category: 'Case Studies',
		imageUrl: ARTICLE_IMAGES.signalWaves,
		tags: ['Case Study', 'CPG', 'Search', 'Optimisation'],
		readTime: 8,
		isPublished: true,
		created: days(22),
		content: `A mid-size beverage brand selling through four retailers asked a simple question: how much of our retail media budget is wasted? Over six months, its media team found that more than a quarter of spend went to searches and placements that did not add sales. This case study describes what they changed. The brand asked not to be named.

## The starting point

The brand spent across two national retail media networks and two grocery networks, managed by two people. Each network was optimised for its own reported ROAS, and nobody compared results across retailers.

Problems the team found in its first audit:

- Roughly **30% of search spend** went to broad keywords with low conversion
- **Branded keywords** took a large share of budget, even where the brand already ranked first organically
- **Duplicate campaigns** at one retailer bid against each other
- Reporting windows differed between networks, flattering some results

## What they changed

1. **Negative keywords.** The team added several hundred negatives, built from search term reports.
2. **Branded bid caps.** Where organic rank was consistently first, branded bids were cut and total sales were watched for two weeks.
3. **Holdout tests.** Each network ran one incrementality test, using randomised holdouts where available.
4. **A common scorecard.** Results were restated with the same attribution window and compared side by side.

> "The holdout tests were uncomfortable. One network's attributed ROAS was four times its incremental ROAS. But it told us exactly where to move money," the brand's head of ecommerce said.

## The results

After six months, the brand had:

- Cut wasted spend by **28%**, measured as spend on placements with no measurable incremental sales
- Kept total retail sales flat while spending less, then reinvested the savings in off-site video at its best-performing grocer
- Reduced weekly reporting time from a day to two hours

## Lessons for other brands

Start with an audit before adding tools. A scorecard with common definitions and one incrementality test per network gives you most of the insight. Tools such as [Pacvue](platform:pacvue) or [Skai](platform:skai) can then automate the routine work, and our [platform directory](/platforms) lists more options.`,
	},
	{
		kind: 'news',
		title: 'Five Retail Media Trends to Watch This Quarter',
		excerpt:
			'Off-site media grows up, in-store screens get serious and incrementality becomes the currency. The five shifts we think matter most right now.',
		category: 'Trends',
		imageUrl: null,
		tags: ['Trends', 'Outlook', 'CTV', 'In-Store', 'Measurement'],
		readTime: 5,
		isPublished: true,
		created: days(35),
		content: `Retail media moves quickly, and it can be hard to separate lasting shifts from announcements. These are the five trends we think matter most for brands and retailers this quarter.

## 1. Off-site media grows up

Retailers are packaging shopper audiences for use on CTV, social and the open web. What is new is measurement: more networks now offer holdout-based lift studies for off-site campaigns rather than relying on attributed sales alone.

## 2. In-store screens get serious

Screens at checkout, on coolers and at store entrances are moving from pilots to networks. The open challenge is audience measurement; watch for shared approaches to counting in-store impressions.

## 3. Self-serve spreads beyond the largest networks

Smaller and regional retailers are launching self-serve consoles, often built on white-label technology. That lowers the cost of testing for brands but raises the cost of managing many consoles — which leads to the next trend.

## 4. Aggregation and automation

Demand aggregators, multi-retailer buying platforms and automation tools are growing because few teams can manage a dozen networks by hand. Expect more consolidation among tools.

## 5. Incrementality becomes the currency

Finance teams are asking whether retail media creates sales or simply claims them. Networks that can show incremental return — with confidence intervals — will win budget from those that cannot.

> "Every planning meeting now ends with the same question: what would have happened without the ads?" a media director at a household goods company told us.

## What to do about it

- Review your retailer mix: are you over-invested in search at one network?
- Plan at least one off-site and one in-store test this year.
- Build a common scorecard across networks.
- Follow our [news section](/#news) and [podcast](/podcast) for updates.

Compare platforms across all of these areas in our [platform directory](/platforms), from demand aggregators such as [Endcap Exchange](platform:endcap-exchange) to DSPs like [Harbor DSP](platform:harbor-dsp).`,
	},
	{
		kind: 'news',
		title: 'Fashion Retailers Bet on Shoppable Video and Creator Content',
		excerpt:
			'Short product lives and visual browsing have kept fashion behind grocery in retail media. Shoppable video and creator collaborations are changing that.',
		category: 'Fashion and Apparel',
		imageUrl: ARTICLE_IMAGES.aislePerspective,
		tags: ['Fashion', 'Video', 'Creators', 'Social'],
		readTime: 5,
		isPublished: true,
		created: days(48),
		content: `Fashion retailers have been slower than grocers to build retail media networks. Their ranges change every season, margins depend on full-price sales, and brand image matters more than search rank. That is changing as fashion retailers find formats that fit their shoppers: shoppable video and creator content.

## Why fashion is different

- **Short product lives.** Items may be on sale for only a few weeks, leaving little time for keyword campaigns to learn.
- **Visual discovery.** Shoppers browse for inspiration more than they search for specific products.
- **Brand control.** Designer brands are careful about where and how their products appear.

## What is working

Retailers report results from three formats:

1. **Shoppable video** on product listing pages and in apps, featuring several items from a brand's range
2. **Creator collaborations**, where influencers style products and link straight to the retailer's product pages
3. **Sponsored collections** — curated edits on the homepage and category pages, sold as a package

> "Our shoppers don't search for 'blue jumper'. They scroll. The ad has to look like the content they came for," said the head of partnerships at a fashion e-tailer.

## Measurement

Fashion retailers tend to measure engagement and assisted sales rather than direct ROAS, partly because customers often visit several times before buying. Brands should agree measurement upfront and ask how returns are handled — a sale that comes back is not a sale.

Returns matter more in fashion than in almost any other category. Some retailers now report sales net of returns after a 30-day window, which makes results slower to arrive but far more honest.

## What brands should consider

Fashion brands selling through multi-brand retailers should ask about video specifications early, budget for content production and agree brand-safety rules in writing. Social commerce networks such as [Loopfeed Social Commerce](platform:loopfeed-social) and [Pinterest Ads](platform:pinterest-ads) can extend reach beyond the retailer's own site, and our [compare tool](/compare) shows how they differ.`,
	},
];
