import { unwrap } from '@ledgerline/api-client';
import { formatUSPhone } from '@ledgerline/ui';
import { useEffect, useState } from 'react';
import { api } from '../../api/api';

/** The support WhatsApp number as the page shows and links it. */
export type WhatsappLink = { href: string; label: string };

/**
 * The chat link for a number in international format (`+15551234567`): shown as a US number, linked
 * to wa.me with the country code and digits only. A ten-digit number is a US number without its +1.
 */
export function whatsappLink(number: string): WhatsappLink | null {
  const digits = number.replace(/\D/g, '');
  if (digits.length < 10) return null;
  const international = digits.length === 10 ? `1${digits}` : digits;
  return { href: `https://wa.me/${international}`, label: formatUSPhone(number) };
}

/**
 * The first number `GET /whatsapp` lists, once it has answered. A failed lookup is only logged;
 * the page shows no link and no message.
 */
export function useWhatsappLink(): WhatsappLink | null {
  const [link, setLink] = useState<WhatsappLink | null>(null);
  useEffect(() => {
    let live = true;
    unwrap(api.GET('/whatsapp'))
      .then((contacts) => {
        const first = contacts[0];
        if (live && first) setLink(whatsappLink(first.number));
      })
      .catch((error: unknown) => {
        console.warn('WhatsApp lookup failed', error);
      });
    return () => {
      live = false;
    };
  }, []);
  return link;
}
