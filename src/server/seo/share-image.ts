/**
 * Draws a share image (og:image): a 1200x630 PNG card with a title, an optional line above it
 * (eyebrow) and below it (subtitle), and the site's name. satori lays the card out and turns its
 * text into outlines with the Inter font shipped in @fontsource/inter (nothing is fetched, and
 * no system font is needed); sharp rasterizes that SVG. The site generator writes each card once
 * per change (src/server/site/paths.ts), so this runs per change, never per request.
 *
 * Other pages (episodes, vs pages) call renderShareImage with their own title and subtitle.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import satori, { type Font } from 'satori';
import sharp from 'sharp';
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from '@/lib/share-images';

export const SITE_NAME = 'Retail Media Hub';

export type ShareCard = {
	/** The item's name or title: the card's headline (long titles get a smaller size). */
	title: string;
	/** A short line above the title ("Platform · DSP", "News"). */
	eyebrow?: string;
	/** A line below the title ("4.3 ★ · 27 reviews"); each ★ is drawn as a star. */
	subtitle?: string;
	/**
	 * A picture (any raster format sharp reads, such as an article's uploaded image): cropped to
	 * fill the card, the text on a dark band across its foot.
	 */
	picture?: Buffer;
};

const BRAND = '#3037c9';
const INK = '#0f172a';
const MUTED = '#475569';
const STAR = '#f59e0b';
/** Longest headline drawn; past it the title is cut with an ellipsis (three lines at the smallest size). */
const MAX_TITLE = 140;

let fonts: Promise<Font[]> | undefined;

/** Inter's Latin and Latin Extended subsets, regular and bold, read once per process. */
function loadFonts(): Promise<Font[]> {
	fonts ??= (async () => {
		const require = createRequire(import.meta.url);
		const files = ['latin', 'latin-ext'].flatMap((subset) =>
			([400, 700] as const).map((weight) => ({ subset, weight })),
		);
		return Promise.all(
			files.map(async ({ subset, weight }) => ({
				// One name per subset: satori keeps one font per name and weight, and falls back
				// across names for a glyph the first lacks.
				name: subset === 'latin' ? 'Inter' : 'Inter Extended',
				weight,
				style: 'normal' as const,
				data: await readFile(
					require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`),
				),
			})),
		);
	})();
	fonts.catch(() => {
		fonts = undefined;
	});
	return fonts;
}

type Node = { type: string; props: Record<string, unknown> };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({
	type,
	props: { style, children },
});

const starIcon = (size: number): Node => ({
	type: 'svg',
	props: {
		width: size,
		height: size,
		viewBox: '0 0 24 24',
		style: { margin: '0 8px' },
		children: {
			type: 'path',
			props: {
				fill: STAR,
				d: 'M12 2.5l2.94 5.96 6.56.95-4.75 4.63 1.12 6.54L12 17.5l-5.87 3.08 1.12-6.54L2.5 9.41l6.56-.95z',
			},
		},
	},
});

function titleSize(title: string): number {
	if (title.length <= 30) return 80;
	if (title.length <= 60) return 64;
	return 52;
}

function clip(text: string, max: number): string {
	const clean = text.replace(/\s+/g, ' ').trim();
	return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

function card({ title, eyebrow, subtitle }: ShareCard): Node {
	const headline = clip(title, MAX_TITLE);
	const subtitleParts = subtitle
		? clip(subtitle, 90)
				.split('★')
				.flatMap((part, index) => (index === 0 ? [part] : [starIcon(40), part]))
				.filter((part) => part !== '')
		: [];
	return el(
		'div',
		{
			display: 'flex',
			flexDirection: 'column',
			justifyContent: 'space-between',
			boxSizing: 'border-box',
			width: SHARE_IMAGE_WIDTH,
			height: SHARE_IMAGE_HEIGHT,
			padding: '56px 80px',
			background: '#ffffff',
			borderTop: `16px solid ${BRAND}`,
			fontFamily: 'Inter, Inter Extended',
			color: INK,
		},
		[
			el('div', { display: 'flex', flexDirection: 'column' }, [
				...(eyebrow ? [el('div', { fontSize: 32, color: BRAND, fontWeight: 700 }, clip(eyebrow, 60))] : []),
				el(
					'div',
					{ fontSize: titleSize(headline), fontWeight: 700, lineHeight: 1.15, marginTop: 24 },
					headline,
				),
				...(subtitleParts.length > 0
					? [
							el(
								'div',
								{ display: 'flex', alignItems: 'center', fontSize: 40, color: MUTED, marginTop: 32 },
								subtitleParts,
							),
						]
					: []),
			]),
			el(
				'div',
				{ display: 'flex', alignItems: 'center', fontSize: 32, fontWeight: 700, color: BRAND },
				SITE_NAME,
			),
		],
	);
}

/** The picture cropped to the card (its most interesting part kept), as a data URL. */
async function croppedPicture(picture: Buffer): Promise<string> {
	const png = await sharp(picture, { limitInputPixels: 50_000_000 })
		.resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover', position: sharp.strategy.attention })
		.png()
		.toBuffer();
	return `data:image/png;base64,${png.toString('base64')}`;
}

function pictureCard({ title, eyebrow }: ShareCard, picture: string): Node {
	const headline = clip(title, MAX_TITLE);
	const size = { width: SHARE_IMAGE_WIDTH, height: SHARE_IMAGE_HEIGHT };
	return el('div', { display: 'flex', position: 'relative', ...size, fontFamily: 'Inter, Inter Extended' }, [
		{
			type: 'img',
			props: { src: picture, ...size, style: { position: 'absolute', top: 0, left: 0, ...size } },
		},
		el(
			'div',
			{
				display: 'flex',
				flexDirection: 'column',
				position: 'absolute',
				left: 0,
				right: 0,
				bottom: 0,
				padding: '32px 64px 40px',
				background: 'rgba(15, 23, 42, 0.86)',
				color: '#ffffff',
			},
			[
				el(
					'div',
					{ fontSize: 28, fontWeight: 700, color: '#c7d2fe' },
					clip([eyebrow, SITE_NAME].filter(Boolean).join(' · '), 80),
				),
				el(
					'div',
					{ fontSize: headline.length <= 60 ? 52 : 40, fontWeight: 700, lineHeight: 1.15, marginTop: 12 },
					headline,
				),
			],
		),
	]);
}

/** The card as a SHARE_IMAGE_WIDTH x SHARE_IMAGE_HEIGHT PNG. */
export async function renderShareImage(share: ShareCard): Promise<Buffer> {
	const layout = share.picture ? pictureCard(share, await croppedPicture(share.picture)) : card(share);
	const svg = await satori(layout as never, {
		width: SHARE_IMAGE_WIDTH,
		height: SHARE_IMAGE_HEIGHT,
		fonts: await loadFonts(),
	});
	// zlib level 6 (the default): level 9 took six times as long for 4% fewer bytes.
	return sharp(Buffer.from(svg)).png().toBuffer();
}
