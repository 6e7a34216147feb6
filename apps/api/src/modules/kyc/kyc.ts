import type { Operations } from '../../http/operations';
import type { Services } from '../../services';

export function kycOperations(_services: Services): Operations {
  return {};
}
