/** Eight education guides, at least one per EDUCATION_CATEGORIES entry, one of them a draft. */
import { days, hours } from './age';
import { ARTICLE_IMAGES } from './images';
import type { ArticleSeed } from './types';

export const EDUCATION: ArticleSeed[] = [
	{
		kind: 'education',
		title: 'Retail Media 101: How Sponsored Product Auctions Work',
		excerpt:
			'Bids, relevance and second-price rules: how the auction behind every sponsored search result decides who shows and what they pay.',
		category: 'For Brands',
		imageUrl: ARTICLE_IMAGES.shelfGrid,
		tags: ['Sponsored Products', 'Auctions', 'Beginners'],
		readTime: 7,
		isPublished: true,
		created: hours(2),
		content: `Sponsored product ads are the entry point to retail media for most brands. They look like ordinary search results with a small "Sponsored" label, and they are sold through auctions that run every time a shopper searches. Understanding how those auctions work is the fastest way to spend less and sell more.

## The basic mechanics

When a shopper searches a retailer's site, the ad server:

1. Finds products whose advertisers bid on matching keywords or targets
2. Checks that those products are in stock and relevant to the search
3. Ranks them by a combination of **bid** and **relevance** (often a predicted click or conversion rate)
4. Charges the winner, usually just enough to beat the next advertiser — a second-price or similar rule

You normally pay per click (CPC), not per impression.

## Why relevance matters as much as bid

Retailers do not want irrelevant ads in search results: they hurt the shopper experience and earn fewer clicks. So a product with strong relevance can win a higher position with a lower bid. Improving your product title, images, ratings and price competitiveness often lowers your cost per click.

> A rule of thumb many teams use: fix the product page first, then raise the bid.

## Targeting options

- **Automatic targeting** — the retailer chooses searches based on your product data. Good for discovery.
- **Keyword targeting** — you choose keywords with broad, phrase or exact match.
- **Product and category targeting** — your ad appears on competitors' product pages or in categories.
- **Negative keywords** — searches you exclude to stop wasted clicks.

## Key metrics

| Metric | What it tells you |
|---|---|
| CTR | How attractive your ad is for the search |
| CPC | What each click costs |
| Conversion rate | How well the product page sells |
| ROAS | Attributed sales per unit of spend |

Remember that ROAS counts attributed sales, not necessarily extra sales; our guide to measuring incrementality explains the difference.

## Getting started

Run an automatic campaign for two weeks, move converting search terms into exact-match manual campaigns, and add negatives weekly. Compare the major networks in our [platform directory](/platforms) — [Amazon Ads](platform:amazon-ads), [Walmart Connect](platform:walmart-connect) and [Instacart Ads](platform:instacart-ads) are good places to start.`,
	},
	{
		kind: 'education',
		title: 'Trafficking Off-Site Retail Media: Pixels, Feeds and Flight Dates',
		excerpt:
			'Off-site campaigns join a retailer’s data with a DSP or social platform. The practical steps ad ops teams need to get tracking and measurement right.',
		category: 'For Ad Ops',
		imageUrl: ARTICLE_IMAGES.signalWaves,
		tags: ['Ad Ops', 'Off-Site Media', 'Trafficking', 'DSP'],
		readTime: 6,
		isPublished: false,
		created: days(2),
		updated: hours(20),
		content: `Off-site retail media uses a retailer's audiences on inventory the retailer does not own: the open web, connected TV and social platforms. For ad ops teams, that means working across two worlds — the retailer's data and measurement on one side, a DSP or social platform on the other. This guide covers the practical steps.

## The moving parts

A typical off-site campaign involves:

- **The retailer's audience**, built from shopper data and shared with the buying platform
- **A DSP or social platform**, where the campaign runs
- **Ad serving and verification**, for tracking and brand safety
- **Closed-loop measurement**, matching exposures to sales in the retailer's data

## Step by step

1. **Confirm the audience.** Check the segment's size, refresh date and how it reaches your DSP (a deal ID, a data segment or a clean-room export).
2. **Set up tracking.** Use the retailer's required impression and click trackers; add your own ad server tags only if allowed.
3. **Check the product feed.** Dynamic creative needs accurate prices and availability; stale feeds show out-of-stock products.
4. **Align flight dates.** Match the retailer's measurement window: exposures outside the agreed dates may not be counted.
5. **Agree frequency caps.** Off-site audiences can be small; without caps, the same shoppers see the ad too often.

> If the retailer's measurement cannot see an impression, it did not happen. Agree the tracking set-up in writing before launch.

## Common problems

- Audience match rates lower than expected
- Gaps between DSP impressions and retailer-reported impressions
- Sales reports arriving weeks after the campaign ends

Plan for reconciliation: record the numbers from each system and agree in advance which one is the source of truth for billing and for results.

## Tools

DSPs such as [The Trade Desk](platform:the-trade-desk) and [Harbor DSP](platform:harbor-dsp) support retailer data deals; [PubMatic](platform:pubmatic) and [Magnite](platform:magnite) are common on the sell side. Browse the DSP and Supply Side Platform categories in our [platform directory](/platforms) for more.`,
	},
	{
		kind: 'education',
		title: 'Building a Retail Media Budget: A Framework for Brand Marketers',
		excerpt:
			'Six steps to set a retail media budget on purpose — from business goals to quarterly reviews — and defend it to finance.',
		category: 'For Brands',
		imageUrl: ARTICLE_IMAGES.dataBars,
		tags: ['Budgeting', 'Planning', 'Strategy'],
		readTime: 9,
		isPublished: true,
		created: days(8),
		content: `Retail media budgets often grow by accident: a trade marketing line here, a test budget there, until the brand is spending heavily across a dozen networks without a plan. This framework helps brand marketers set a budget deliberately and defend it to finance.

## Step 1: Start from business goals

Decide what retail media is for in your brand's plan. Typical goals are:

- **Defend** — protect share on branded and category searches at key retailers
- **Grow** — win new buyers in a category or at a retailer
- **Launch** — build awareness and trial for new products

Each goal needs different formats and metrics. Defending is mostly search; growing and launching use more display, off-site and in-store media.

## Step 2: Follow your sales

Allocate budget roughly in proportion to each retailer's share of your sales, then adjust. Under-invest where you sell well and competitors will take your search positions; over-invest at a small retailer and you will hit diminishing returns quickly.

## Step 3: Separate always-on from tests

Keep 10-20% of the budget for tests: a new network, a new format, an incrementality study. Label it clearly so test results are not judged against always-on ROAS targets.

> Budgets that mix tests with always-on spend usually see the tests cut first, before they have produced anything to learn from.

## Step 4: Agree the metrics before spending

Agree with finance which numbers will judge success:

1. Attributed ROAS for day-to-day optimisation
2. Incremental ROAS from holdout tests for budget decisions
3. New-to-brand share for growth goals
4. Share of search for defend goals

## Step 5: Count all the costs

Media is not the only cost. Add platform fees, data fees, managed-service fees, agency fees and creative production. A network with a lower CPC but high fees can cost more overall.

## Step 6: Review quarterly

Move budget between retailers and formats each quarter based on incremental results, not on which network pitches hardest. A side-by-side [comparison of platforms](/compare) helps structure the review.

## Where to learn more

Our [podcast](/podcast) has a roundtable on building a retail media team, and the [platform directory](/platforms) lists networks, DSPs and tools by category.`,
	},
	{
		kind: 'education',
		title: 'Launching a Retail Media Network: The First 180 Days',
		excerpt:
			'A retail media network is a new business line, not a side project. What to decide, build and measure in the first six months.',
		category: 'For Retailers',
		imageUrl: ARTICLE_IMAGES.networkNodes,
		tags: ['Retail Media Networks', 'Strategy', 'Retailers', 'Operations'],
		readTime: 10,
		isPublished: true,
		created: days(19),
		updated: days(5),
		content: `Many retailers decide to launch a retail media network after seeing competitors do it. The ones that succeed treat it as a new business line with its own product, sales and operations — not as a side project for the ecommerce team. This guide outlines the first six months.

## Days 1-30: Decide what you are selling

Start with an honest inventory:

- **Onsite**: search results, category pages, product pages, homepage
- **Offsite**: your first-party audiences, used on other channels
- **In-store**: screens, audio, shelf-edge, sampling
- **Data**: reporting and insights you can share with brands

Then choose your model: build, buy or partner? Most retailers partner for ad technology and build the sales team in-house. Platforms such as [Citrus Ad](platform:citrus-ad), [Koddi](platform:koddi) and [Topsort](platform:topsort) offer white-label technology.

## Days 31-90: Build the foundations

1. **Data and privacy**: confirm consent, choose an identity and clean-room approach
2. **Ad quality rules**: limit ad load, define relevance thresholds, set creative standards
3. **Measurement**: agree attribution windows and a plan for incrementality studies
4. **Rate card**: auctions for search, fixed prices for premium placements
5. **Team**: a sales lead, ad ops, an analyst and a product owner

> The most common mistake we see is selling before measurement is ready. Brands forgive a small network; they do not forgive numbers they cannot trust.

## Days 91-180: Launch with a few partners

Launch with five to ten brands that already sell well with you and have a good relationship with your merchandising team. Agree clear test plans and share results openly — including what did not work.

Track these metrics from day one:

- Ad revenue and fill rate
- Shopper experience: search conversion and complaints
- Advertiser results: ROAS and incremental lift
- Operational effort per campaign

## Protect the shopper

Every ad slot you sell takes space from organic results. Monitor search conversion and shopper satisfaction alongside revenue, and be willing to reduce ad load if they fall. Our guide to protecting the shopper experience covers the guardrails in detail.

## Next steps

Our [platform directory](/platforms) lists technology partners in the AdTech, E-commerce and Supply Side Platform categories. Use the [compare tool](/compare) to build a shortlist.`,
	},
	{
		kind: 'education',
		title: 'Campaign QA Checklist for Multi-Retailer Launches',
		excerpt:
			'Wrong flight dates, broken product IDs, budgets in the wrong currency: the checks experienced ad ops teams run before every multi-retailer launch.',
		category: 'For Ad Ops',
		imageUrl: ARTICLE_IMAGES.checkoutScreens,
		tags: ['Ad Ops', 'QA', 'Checklists', 'Launch'],
		readTime: 5,
		isPublished: true,
		created: days(30),
		content: `Launching the same campaign across several retail media networks multiplies the chances of a mistake: a wrong flight date, a broken product ID, a budget cap in the wrong currency. This checklist covers the checks experienced ad ops teams run before every multi-retailer launch.

## Before building

- [ ] Brief confirmed: objectives, KPIs, budget per retailer, flight dates
- [ ] Product list checked against each retailer's catalogue (IDs differ!)
- [ ] Products in stock and with complete content at each retailer
- [ ] Creative specifications gathered for every placement
- [ ] Naming convention agreed so reports can be combined later

## While building

1. **Budgets**: daily and total caps set, in the right currency, with pacing
2. **Dates and time zones**: start and end set in each platform's time zone
3. **Targeting**: keywords, negatives and audiences copied correctly
4. **Bids**: within the agreed range; check for extra zeros
5. **Creative**: correct sizes, landing pages and legal copy

> Check time zones twice. A campaign set to start at midnight UTC may begin the evening before in the retailer's market, before the promotional price is live.

## Before going live

- [ ] A second person reviews each campaign against the brief
- [ ] Tracking and attribution settings confirmed
- [ ] Screenshots of settings saved for the record
- [ ] Launch times staggered so problems are caught on one retailer first

## In the first 48 hours

Check delivery, spend pacing and click-through rates twice on day one. A campaign that spends nothing, or spends too fast, almost always has a settings problem. Compare the first day's numbers across retailers and investigate outliers.

## Tools that help

Multi-retailer platforms such as [Skai](platform:skai) and [Pacvue](platform:pacvue) reduce manual work with bulk editing and alerts, and order management tools like [Mediaocean](platform:mediaocean) keep insertion orders and approvals in one place.`,
	},
	{
		kind: 'education',
		title: 'Protecting the Shopper Experience While Selling Ads',
		excerpt:
			'Ad load policies, relevance thresholds, clear labels and shopper-side metrics: the guardrails that keep a retail media network healthy.',
		category: 'For Retailers',
		imageUrl: ARTICLE_IMAGES.aislePerspective,
		tags: ['Shopper Experience', 'Ad Load', 'Retailers'],
		readTime: 6,
		isPublished: true,
		created: days(44),
		content: `Retail media revenue is attractive, but every sponsored slot replaces something a shopper might have chosen to see. Retailers that push ad load too far risk lower conversion, frustrated shoppers and, eventually, less valuable ad inventory. This guide covers the guardrails that keep the balance.

## Set an ad load policy

Decide in writing how many sponsored slots may appear:

- In the first row of search results
- On the first page of results overall
- On product pages and in the basket
- In emails and app notifications

Review the policy quarterly, and change it only with data.

## Enforce relevance

An ad for a product unrelated to the search is a bad result, even if the advertiser paid for it. Use relevance thresholds in your auction so irrelevant ads never show, whatever the bid. Most ad platforms support this; make sure it is switched on and tuned.

## Label ads clearly

Shoppers should always know what is sponsored. Clear labels are required by advertising rules in many markets, and they build trust. Avoid labels that are tiny, low-contrast or hidden until hover.

> "When we tightened relevance rules, ad revenue dipped for a month and then recovered above the old level, because click-through rates went up," a retail media director told us.

## Measure the shopper side

Track these alongside ad revenue:

1. Search conversion rate, with and without ads
2. Time to add-to-cart
3. Shopper complaints and survey feedback about ads
4. Organic sales of products without advertising

Run a holdout: show no ads to a small random share of shoppers and compare their behaviour. It is the only way to know the true cost of your ad load.

## Talk to brands

Explain the rules to advertisers. Most brands prefer a network with fewer, better placements — their ads perform better and shoppers trust the results.

For technology with relevance controls, compare platforms in the AdTech category of our [platform directory](/platforms), such as [Koddi](platform:koddi), or listen to our [podcast](/podcast) for interviews with retail media product leaders.`,
	},
	{
		kind: 'education',
		title: 'Measuring Incrementality in Retail Media: Holdouts, Geo Tests and Their Limits',
		excerpt:
			'Attributed ROAS says what happened after an ad; incrementality says what happened because of it. The main test designs and the questions to ask about each.',
		category: 'For Data Teams',
		imageUrl: ARTICLE_IMAGES.dataBars,
		tags: ['Incrementality', 'Measurement', 'Experiments', 'Data Science'],
		readTime: 12,
		isPublished: true,
		created: days(60),
		updated: days(20),
		content: `Attributed ROAS tells you how many sales happened after someone saw or clicked an ad. It does not tell you how many of those sales happened because of the ad. Incrementality measurement answers that second question, and it is the number your finance team actually cares about.

## Three common designs

### Randomised holdouts

A random share of the target audience is held back from seeing ads. Sales in the exposed group are compared with sales in the holdout. This is the gold standard when the network can randomise at user or household level.

### Geo experiments

Ads run in some regions or store clusters and not in others. Useful for in-store media and when user-level holdouts are not possible. Regions must be matched carefully, and results take longer to reach significance.

### Synthetic controls and modelling

When no experiment is possible, a model builds a "synthetic" control from similar shoppers or stores. Helpful, but more sensitive to its assumptions.

## What to ask for

When a network offers a lift study, ask:

1. How were test and control groups assigned?
2. How large are the groups, and what is the confidence interval?
3. What is the sales window, and does it match the campaign's attribution window?
4. Are in-store and online sales both included?
5. Was the study design agreed before the campaign started?

> A lift result without a confidence interval is an anecdote, not a measurement.

## Common pitfalls

- **Too small a holdout.** Small budgets often cannot produce meaningful results. Pool campaigns or run longer.
- **Contamination.** Holdout shoppers may see ads for the same brand on another channel.
- **Cherry-picking.** Running many studies and reporting only the best one.
- **Seasonality.** Comparing periods with different promotions or holidays.

## Putting results to work

Keep a register of every study with its design, window, sample size and incremental ROAS. Over time the register becomes a benchmark: the ratio between attributed and incremental ROAS for each network tells you how much to discount day-to-day reporting.

## Further reading

Our news coverage of [grocery measurement](/#news) and the [podcast episode on incrementality](/podcast) go deeper. Networks offering household-level studies include [Kroger Precision Marketing](platform:kroger-precision-marketing).`,
	},
	{
		kind: 'education',
		title: 'Working With Retail Clean Rooms: A Practical Primer',
		excerpt:
			'How retail clean rooms work, what you can and cannot do in them, and a good first project for a data team.',
		category: 'For Data Teams',
		imageUrl: ARTICLE_IMAGES.networkNodes,
		tags: ['Clean Rooms', 'Data', 'Privacy', 'SQL'],
		readTime: 8,
		isPublished: true,
		created: days(85),
		content: `Clean rooms let brands and retailers analyse combined data without sharing raw records. For data teams they bring new possibilities and new constraints. This primer covers what to expect in your first clean-room project.

## How a retail clean room works

1. The retailer loads shopper, transaction and ad exposure data.
2. The brand loads its own data — for example customer lists or media exposure from other channels.
3. Records are matched on hashed or tokenised identifiers inside the clean room.
4. Analysts run approved queries; results come back only as aggregates above minimum thresholds.

Neither party can download the other's rows.

## What you can do

- **Overlap analysis**: how many of the retailer's shoppers already buy your brand
- **Audience building**: segments for onsite or off-site activation
- **Path to purchase**: which exposures preceded a purchase
- **Custom attribution**: your own rules instead of the network's default
- **Reach and frequency** across onsite and off-site campaigns

## Constraints to plan for

- **Aggregation thresholds** hide small groups; plan analyses at a level that will pass.
- **Query restrictions**: some clean rooms allow only templates; others allow SQL with privacy checks.
- **Latency**: data may arrive days after the activity.
- **Match rates**: expect less than 100% and ask how matching works.

> Write down the business question before writing the query. Clean-room time and analyst time are both expensive, and exploratory fishing rarely passes the thresholds anyway.

## A first project

A good first project is a new-to-brand analysis for one retailer:

\`\`\`sql
-- Share of exposed buyers who had not bought the brand in the prior 52 weeks
SELECT
  COUNT(DISTINCT CASE WHEN prior_purchases = 0 THEN household_id END) * 1.0
    / COUNT(DISTINCT household_id) AS new_to_brand_share
FROM exposed_buyers;
\`\`\`

Agree the definitions (what counts as "the brand"? which weeks?) with the retailer before running it.

## Governance

Decide who may run queries, where results are stored and how long they are kept. Record every query and its purpose. Data partners such as [Epsilon](platform:epsilon) and [BasketGraph Audiences](platform:basketgraph) can help with identity and matching; see the Audiences category in our [platform directory](/platforms).`,
	},
];
