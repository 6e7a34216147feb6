import type { Operations } from '../../http/operations';
import type { Services } from '../../services';

export function fileOperations(_services: Services): Operations {
  return {};
}
