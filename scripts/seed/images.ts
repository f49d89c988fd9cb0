/** Illustrations shipped in public/images for the seeded articles and podcast episodes. */
export const ARTICLE_IMAGES = {
	shelfGrid: '/images/articles/shelf-grid.svg',
	signalWaves: '/images/articles/signal-waves.svg',
	dataBars: '/images/articles/data-bars.svg',
	networkNodes: '/images/articles/network-nodes.svg',
	aislePerspective: '/images/articles/aisle-perspective.svg',
	checkoutScreens: '/images/articles/checkout-screens.svg',
} as const;

export const PODCAST_COVERS = {
	seasonOne: '/images/podcast/season-1.svg',
	roundtable: '/images/podcast/roundtable.svg',
} as const;
