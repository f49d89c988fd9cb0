/** Hostile input against every endpoint, part 3 of 3 (tests/support/fuzz.ts). */
import { fuzzPart } from '../../support/fuzz';

fuzzPart(2, 3);
