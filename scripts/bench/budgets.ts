/**
 * The bench's goals: the report judges each figure against one of these (its own module, so a
 * phase can read its goal without importing the report, which imports the phases' figure types).
 */
export const BUDGETS = {
	lightPageJsBytes: 15 * 1024,
	islandPageJsBytes: 90 * 1024,
	lighthousePerformance: 95,
	lighthouseOther: 100,
	prerenderedRatio: 0.5,
	apiRatio: 0.3,
	p99Ms: 50,
	publishDemoMs: 5_000,
	publish10kMs: 60_000,
	generationMsPer1000Pages: 15_000,
	/** Per-page time at the largest size may be at most this times the per-page time at 1,000. */
	linearGrowthFactor: 1.5,
	peakMemoryBytes: 2 * 1024 ** 3,
	searchP95Ms: 50,
	/** Reads under the mixed load, while sign-ins hash passwords beside them. */
	mixedReadsP99Ms: 500,
	/** Search at 100,000 articles on PostgreSQL. */
	postgresSearchP95Ms: 20,
	/** The site search (five groups in one answer) at 100,000 articles, on either engine. */
	siteSearchP95Ms: 30,
	/** Published on one node until every node's page and API answer show it. */
	publishAcrossNodesMs: 1_000,
	/** API reads through nginx: three nodes over one. */
	threeNodesRatio: 2,
	/**
	 * The newsletter sender's RSS peak over its start while it sends 10,000 mails: "flat" (one
	 * rendered mail, about 20 KB, kept per recipient would add some 200 MB).
	 */
	newsletterMemoryGrowthBytes: 64 * 1024 * 1024,
	/** Server CPU of a personal answer (GET /api/user) for a signed-in reader. */
	personalAnswerCpuMicros: 300,
	/** Reads on one node while 8 clients sign in continuously. */
	readsBesideSignInsP99Ms: 50,
	/** Signed-in reads through nginx, each node capped to a share of a core: three over one. */
	cappedThreeNodesRatio: 2.5,
	/** A page of one platform's reviews (filtered, sorted) at 100,000 reviews, and its breakdown. */
	reviewListP95Ms: 30,
	/** GET /api/v1/platforms with a key over the site's GET /api/platforms ("about the same cost"). */
	apiV1Ratio: 0.7,
} as const;
