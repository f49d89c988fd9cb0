/** A valid podcast episode, as the editors' endpoints take it, and one inserted directly. */
import type { TestServer } from './server';
import { testSlug } from './slugs';

let counter = 0;

/** POST /api/podcasts' body; each call a new title. */
export function episodeBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
	counter += 1;
	return {
		title: `Episode fixture ${process.pid}-${counter}`,
		description: 'A **conversation** about retail media.',
		audioUrl: 'https://audio.example.com/show/episode.mp3',
		audioBytes: 24_000_000,
		duration: 42,
		episodeNumber: 7,
		seasonNumber: 2,
		imageUrl: 'https://img.example.com/cover.jpg',
		tags: 'measurement, retail',
		isPublished: true,
		...overrides,
	};
}

/** A published episode written straight into the database (a target to change or delete). */
export async function insertEpisode(
	server: TestServer,
	title = `Disposable episode ${process.pid}-${++counter}`,
) {
	const { podcastEpisodes } = server.tables;
	const [row] = await server.db
		.insert(podcastEpisodes)
		.values({
			title,
			slug: testSlug(title),
			description: 'To be changed or deleted.',
			audioUrl: 'https://audio.example.com/x.mp3',
			duration: 10,
			episodeNumber: 1,
			publishedAt: new Date(),
			isPublished: true,
		})
		.returning({ id: podcastEpisodes.id });
	return row!.id;
}
