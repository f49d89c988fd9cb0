/** Hostile input against every endpoint, part 2 of 3 (tests/support/fuzz.ts). */
import { fuzzPart } from '../../support/fuzz';

fuzzPart(1, 3);
