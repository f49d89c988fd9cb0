/** The authorization matrix, part 2 of 3 (tests/support/authorization-matrix.ts). */
import { authorizationMatrixPart } from '../../support/authorization-matrix';

authorizationMatrixPart(1, 3);
