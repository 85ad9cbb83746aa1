import { ErrorCode, type TErrorCode } from '@dsm/contracts';
import { AppError } from '../../lib/app-error';

/** Why a preview could not be made; each maps to one error code. */
export type TPreviewFailureReason =
  /** The distribution's format is none the preview reads (415). */
  | 'unsupported-format'
  /** The source is larger than PREVIEW_MAX_BYTES where it must be read whole, or no row fits in it (413). */
  | 'too-large'
  /** The source did not answer, answered with an error status, or its address is refused by the address policy (502). */
  | 'source-offline'
  /** The source did not answer within PREVIEW_TIMEOUT_MS (504). */
  | 'timeout'
  /** The source's content is not what its format says (502). */
  | 'unparseable';

const CODE_OF: Record<TPreviewFailureReason, TErrorCode> = {
  'unsupported-format': ErrorCode.UNSUPPORTED_MEDIA_TYPE,
  'too-large': ErrorCode.PAYLOAD_TOO_LARGE,
  'source-offline': ErrorCode.BAD_GATEWAY,
  timeout: ErrorCode.GATEWAY_TIMEOUT,
  unparseable: ErrorCode.BAD_GATEWAY,
};

/**
 * A preview that failed for a reason a caller can act on. Its message is written here, never taken from the
 * fetched body, so nothing of a source reaches the caller but the rows of a successful preview.
 */
export class PreviewFailure extends Error {
  constructor(
    readonly reason: TPreviewFailureReason,
    message: string,
  ) {
    super(message);
  }

  /** The failure as the API answers it. */
  toAppError(): AppError {
    return new AppError(CODE_OF[this.reason], this.message);
  }
}
