/** The placeholder image's size rules (GET /api/placeholder/{w}/{h}). */
import { z } from 'zod';

export const MAX_PLACEHOLDER_SIZE = 2000;
const SIZE_MESSAGE = `Width and height must be whole numbers from 1 to ${MAX_PLACEHOLDER_SIZE}.`;

const sideField = z
	.string({ error: SIZE_MESSAGE })
	.regex(/^\d{1,4}$/, SIZE_MESSAGE)
	.transform(Number)
	.pipe(z.number().min(1, SIZE_MESSAGE).max(MAX_PLACEHOLDER_SIZE, SIZE_MESSAGE));

export const placeholderSizeSchema = z.object({ w: sideField, h: sideField });
