/** Search words and their FTS5 queries; the engines' searches are beside this file. */
export * from './words';
