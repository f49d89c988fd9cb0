/** The authorization matrix, part 3 of 3 (tests/support/authorization-matrix.ts). */
import { authorizationMatrixPart } from '../../support/authorization-matrix';

authorizationMatrixPart(2, 3);
