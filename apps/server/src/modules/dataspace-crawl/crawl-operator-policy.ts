import { ErrorCode } from '@dsm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { operatorRoleOf } from '../harvest/operator-policy';

/** The one permission check of the crawl API: crawling and reading runs need `${PRODUCT_ID}_OPERATOR`. */
export async function requireCrawlOperator(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const role = operatorRoleOf(request.server.config.productId);
  if (!request.user?.roles.includes(role)) {
    throw new AppError(ErrorCode.FORBIDDEN, `Crawling connectors and reading their crawls needs the role ${role}`);
  }
}
