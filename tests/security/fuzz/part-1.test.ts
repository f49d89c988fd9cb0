/** Hostile input against every endpoint, part 1 of 3 (tests/support/fuzz.ts). */
import { fuzzPart } from '../../support/fuzz';

fuzzPart(0, 3);
