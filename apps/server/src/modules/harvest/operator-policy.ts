import { ErrorCode } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';

/** The operator role: `${PRODUCT_ID}_OPERATOR`. No wider operator role exists yet; harvesting is its first use. */
export const operatorRoleOf = (productId: string): string => `${productId}_OPERATOR`;

/** The one permission check of the harvest API: the caller must hold the operator role. */
export async function requireOperator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const role = operatorRoleOf(request.server.config.productId);
  if (!request.user?.roles.includes(role)) throw new AppError(ErrorCode.FORBIDDEN, `The role ${role} is required`);
}
