/**
 * The media library's part of `npm run db:backup`, as the running media store says where its
 * files live (store.ts). On PostgreSQL they are rows of the database (media_blobs and
 * media_chunks), so the database's backup holds them. On SQLite they are files in MEDIA_DIR: the backup copies them to a folder beside the backup file, `<file>.media/`. Files
 * never change under their name (content-addressed), so a file already there is the same file
 * and is skipped: later backups to the same target copy only new images.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MEDIA_FILE_NAME } from '@/lib/validation/media';
import { mediaStore } from './store';

/** The folder of a backup's media files. */
export const mediaBackupFolder = (target: string) => `${target}.media`;

/** Copies the library's files beside the database backup at `target`; returns the lines to print. */
export function backupMediaFiles(target: string): string[] {
	const location = mediaStore().location;
	if ('table' in location) return [`media: inside the database backup (${location.table})`];
	const mediaDir = location.folder;
	if (!existsSync(mediaDir)) return ['media: none yet'];
	const folder = mediaBackupFolder(target);
	let copied = 0;
	let kept = 0;
	for (const shard of readdirSync(mediaDir)) {
		const from = join(mediaDir, shard);
		if (!statSync(from).isDirectory()) continue;
		// Only finished files: a name that is not a library file is an upload still being written.
		for (const name of readdirSync(from).filter((each) => MEDIA_FILE_NAME.test(each))) {
			const to = join(folder, shard, name);
			if (existsSync(to)) {
				kept += 1;
				continue;
			}
			mkdirSync(join(folder, shard), { recursive: true });
			copyFileSync(join(from, name), to);
			copied += 1;
		}
	}
	return [`media: ${copied} files copied to ${folder} (${kept} already there)`];
}
