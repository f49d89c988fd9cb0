/** The authorization matrix, part 1 of 3 (tests/support/authorization-matrix.ts). */
import { authorizationMatrixPart } from '../../support/authorization-matrix';

authorizationMatrixPart(0, 3);
