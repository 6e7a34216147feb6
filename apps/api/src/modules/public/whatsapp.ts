import type { operations } from '@ledgerline/api-client/contract';
import type { Config } from '../../config/config';
import type { Operations } from '../../http/operations';

type WhatsappContacts = operations['getWhatsapp']['responses'][200]['content']['application/json'];

/** `GET /whatsapp`: the support WhatsApp number from configuration (an empty list when none is set). */
export function whatsappOperations(config: Config) {
  return {
    getWhatsapp: {
      async handler(): Promise<WhatsappContacts> {
        return config.WHATSAPP_NUMBER ? [{ number: config.WHATSAPP_NUMBER }] : [];
      },
    },
  } satisfies Operations;
}
