/**
 * The columns of an article as the services read it, with its author's name: one list for both
 * engines (each passes its own tables), so the SQLite and PostgreSQL queries cannot drift apart.
 */
/** What the article form edits, as a save stores it and its revisions keep it (not the slug: an address). */
type FormKey =
	| 'title'
	| 'excerpt'
	| 'content'
	| 'category'
	| 'imageUrl'
	| 'tags'
	| 'readTime'
	| 'isPublished'
	| 'publishAt'
	| 'metaTitle'
	| 'metaDescription';

type ArticleKey = 'id' | 'slug' | FormKey | 'authorId' | 'createdAt' | 'updatedAt';

type ArticleTable = Record<ArticleKey, unknown>;

export function articleFormColumnsOf<Articles extends Record<FormKey, unknown>>(
	articles: Articles,
): Pick<Articles, FormKey> {
	return {
		title: articles.title,
		excerpt: articles.excerpt,
		content: articles.content,
		category: articles.category,
		imageUrl: articles.imageUrl,
		tags: articles.tags,
		readTime: articles.readTime,
		isPublished: articles.isPublished,
		publishAt: articles.publishAt,
		metaTitle: articles.metaTitle,
		metaDescription: articles.metaDescription,
	};
}

export function articleColumnsOf<
	Articles extends ArticleTable,
	Users extends { username: unknown; displayName: unknown },
>(
	articles: Articles,
	users: Users,
): Pick<Articles, ArticleKey> & {
	authorUsername: Users['username'];
	authorDisplayName: Users['displayName'];
} {
	return {
		id: articles.id,
		slug: articles.slug,
		...articleFormColumnsOf(articles),
		authorId: articles.authorId,
		authorUsername: users.username,
		authorDisplayName: users.displayName,
		createdAt: articles.createdAt,
		updatedAt: articles.updatedAt,
	};
}
