/**
 * A review's key phrases, found offline with wink-nlp and its English model: per sentence, the
 * runs of nouns (and hyphenated compounds such as "self-serve") that end in a noun, at most three
 * words, the last word lemmatised, so "Self-serve dashboards" and "a self-serve dashboard" are one
 * phrase. Adjectives and verbs are left out: "great dashboards" and "slow dashboards" both say
 * "dashboard", and whether it is liked comes from the field (pros or cons), not the words.
 */
import winkNLP, { type ItemSentence, type ItemToken, type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';

/** Longer runs are cut to their last words: the head noun and its closest modifiers. */
const MAX_PHRASE_WORDS = 3;
/** Words longer than this are noise (a pasted URL), not a theme. */
const MAX_WORD_LENGTH = 40;

type Word = { text: string; lemma: string; noun: boolean; keep: boolean };

let nlp: WinkMethods | undefined;
/** The model loads once per process, on the first use (the background recompute's). */
function language() {
	nlp ??= winkNLP(model, ['sbd', 'pos']);
	return nlp;
}

/**
 * Loads the model now (about 0.3 s of CPU): the key-phrase thread does it before it lowers its
 * priority, so a busy machine can't starve the load itself for minutes.
 */
export function loadKeyPhraseModel(): void {
	language();
}

/** The sentence's words, with a hyphenated compound ("self - serve") joined into one modifier. */
function words(sentence: ItemSentence, its: WinkMethods['its']): Word[] {
	const raw: Array<{ text: string; pos: string; lemma: string; stop: boolean; word: boolean }> = [];
	sentence.tokens().each((token: ItemToken) => {
		raw.push({
			text: token.out(),
			pos: token.out(its.pos),
			// The package's typings give its.lemma another signature than the other its helpers.
			lemma: token.out(its.lemma as unknown as typeof its.normal),
			stop: token.out(its.stopWordFlag) === true,
			word: token.out(its.type) === 'word',
		});
	});
	const joined: Word[] = [];
	for (let i = 0; i < raw.length; i++) {
		const token = raw[i]!;
		const next = raw[i + 1];
		const previous = joined.at(-1);
		if (token.text === '-' && previous?.keep !== undefined && raw[i - 1]?.word && next?.word) {
			const text = `${raw[i - 1]!.text}-${next.text}`;
			joined[joined.length - 1] = { text, lemma: text, noun: false, keep: true };
			i++;
			continue;
		}
		const noun = token.pos === 'NOUN' || token.pos === 'PROPN';
		const keep = token.word && !token.stop && noun && token.text.length <= MAX_WORD_LENGTH;
		joined.push({ text: token.text, lemma: token.lemma, noun, keep });
	}
	return joined;
}

/** The distinct key phrases of `text`, lower case. */
export function keyPhrases(text: string): string[] {
	const nlp = language();
	const found = new Set<string>();
	nlp
		.readDoc(text.toLowerCase())
		.sentences()
		.each((sentence: ItemSentence) => {
			let run: Word[] = [];
			const flush = () => {
				while (run.length > 0 && !run.at(-1)!.noun) run.pop();
				const phrase = run.slice(-MAX_PHRASE_WORDS);
				if (phrase.length > 0) {
					found.add(phrase.map((word, i) => (i === phrase.length - 1 ? word.lemma : word.text)).join(' '));
				}
				run = [];
			};
			for (const word of words(sentence, nlp.its)) {
				if (word.keep) run.push(word);
				else flush();
			}
			flush();
		});
	return [...found];
}
