import type { Operations } from '../../http/operations';
import type { Services } from '../../services';

export function walletOperations(_services: Services): Operations {
  return {};
}
