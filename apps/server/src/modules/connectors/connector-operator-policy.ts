import { ErrorCode } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { operatorRoleOf } from '../harvest/operator-policy';

/** The one permission check of registering and removing connectors: the caller must hold `${PRODUCT_ID}_OPERATOR`. */
export async function requireConnectorOperator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const role = operatorRoleOf(request.server.config.productId);
  if (!request.user?.roles.includes(role)) {
    throw new AppError(ErrorCode.FORBIDDEN, `Registering and removing connectors needs the role ${role}`);
  }
}
