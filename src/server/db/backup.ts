/**
 * What both engines' backups share: a copy is written beside the target, checked, and only then
 * renamed over it, so a failed run never replaces an earlier good backup.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A backup refused or failed for a reason the message states (no stack trace needed). */
export class BackupError extends Error {}

export function checkTarget(target: string, source: string): void {
	if ([source, `${source}-wal`, `${source}-shm`].includes(target)) {
		throw new BackupError(`Refusing to write the backup over the live database (${target}).`);
	}
	const folder = dirname(target);
	if (!existsSync(folder) || !statSync(folder).isDirectory()) {
		throw new BackupError(`Cannot write ${target}: the folder ${folder} does not exist.`);
	}
	if (existsSync(target) && statSync(target).isDirectory()) {
		throw new BackupError(`Cannot write ${target}: it is a directory.`);
	}
}

/** A temporary file in the target's folder, so the final rename stays on one file system. */
export function tempBeside(target: string): string {
	return join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
}

/** Puts a checked copy in place of the target, and makes the rename itself reach the disk. */
export function replaceDurably(copy: string, target: string): void {
	renameSync(copy, target);
	const fd = openSync(dirname(target), 'r');
	try {
		fsyncSync(fd);
	} finally {
		closeSync(fd);
	}
}

export function message(error: unknown): string {
	return error instanceof Error ? error.message : String(error);
}
