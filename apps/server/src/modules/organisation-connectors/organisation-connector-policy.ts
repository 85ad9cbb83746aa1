import { ErrorCode } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { operatorRoleOf } from '../harvest/operator-policy';
import { findOrganisationById, findOrganisationOfUser } from '../organisations/organisations-repository';

/**
 * The one permission check of an organisation's connector: the caller must be a member of the organisation in the
 * path or hold `${PRODUCT_ID}_OPERATOR` (operators manage every connector). 404 for an organisation that does not
 * exist, told only to operators; anyone else learns 403 either way.
 */
export async function requireMemberOrOperator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const { organisationId } = request.params as { organisationId: string };
  const db = request.server.database.db;
  if (request.user?.roles.includes(operatorRoleOf(request.server.config.productId))) {
    if (!(await findOrganisationById(db, organisationId))) {
      throw new AppError(ErrorCode.NOT_FOUND, `There is no organisation '${organisationId}'`);
    }
    return;
  }
  const own = request.user ? await findOrganisationOfUser(db, request.user.id) : undefined;
  if (own?.id !== organisationId) {
    throw new AppError(
      ErrorCode.FORBIDDEN,
      "Only a member of the organisation or an operator may see or change the organisation's connector",
    );
  }
}
